-- Tables for sqlsmith: varied types, NULLs, TOAST, dropped and added columns, tables with more
-- and fewer rows per page than a batch, indexes.  Generated from the row number only, so every
-- run has the same data.
DROP TABLE IF EXISTS smith_narrow, smith_wide, smith_mixed;
CREATE TABLE smith_narrow (a int, b int8, c float8);
INSERT INTO smith_narrow
  SELECT g, g * 7 % 1000, CASE WHEN g % 9 = 0 THEN NULL ELSE g / 3.0 END
  FROM generate_series(1, 5000) g;
CREATE INDEX ON smith_narrow (a);
CREATE TABLE smith_wide (id int PRIMARY KEY, d date, ts timestamp, n numeric(12, 3), pad text);
INSERT INTO smith_wide
  SELECT g, date '2020-01-01' + g % 700, timestamp '2020-01-01' + g * interval '7 hours',
         CASE WHEN g % 4 = 0 THEN NULL ELSE g * 1.25 END, repeat('x', 900)
  FROM generate_series(1, 1500) g;
CREATE TABLE smith_mixed (a int, gone text, t text, flag bool, v int);
INSERT INTO smith_mixed
  SELECT g, 'x',
         CASE WHEN g % 50 = 0 THEN (SELECT string_agg(md5((g * 100 + i)::text), '')
                                    FROM generate_series(1, 150) i)
              WHEN g % 7 = 0 THEN NULL ELSE 'v' || g % 40 END,
         g % 3 = 0, g % 11
  FROM generate_series(1, 3000) g;
ALTER TABLE smith_mixed DROP COLUMN gone;
ALTER TABLE smith_mixed ADD COLUMN added int DEFAULT 5;
DELETE FROM smith_mixed WHERE a % 13 = 0;
VACUUM ANALYZE smith_narrow, smith_wide;
ANALYZE smith_mixed;
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'smith') THEN
    CREATE ROLE smith LOGIN;
  END IF;
END $$;
GRANT SELECT ON smith_narrow, smith_wide, smith_mixed TO smith;
