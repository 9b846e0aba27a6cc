-- rnd: :rows rows of about 200 bytes (36 per page), k in random heap order (a hash of the row
-- number, about one row per key); cor: the same rows with k in heap order.  Included by the
-- load.sql of the prefetch suites, which set rows.
CREATE EXTENSION IF NOT EXISTS pg_buffercache;
DROP TABLE IF EXISTS rnd, cor;
CREATE TABLE rnd (id int, k int, pad text);
INSERT INTO rnd
  SELECT i, (hashint4(i)::bigint & 2147483647) % :rows, repeat('r', 180)
  FROM generate_series(1, :rows) i;
CREATE INDEX rnd_k ON rnd (k);
CREATE TABLE cor (id int, k int, pad text);
INSERT INTO cor SELECT i, i, repeat('c', 180) FROM generate_series(1, :rows) i;
CREATE INDEX cor_k ON cor (k);
VACUUM ANALYZE rnd, cor;
