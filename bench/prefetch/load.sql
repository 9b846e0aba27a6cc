-- 2M rows in each table (440 MB), beyond the suite's 128 MB of shared buffers
\set rows 2000000
\ir tables.sql
-- rnd_nv: rnd's rows in the same order, every other page of which is not all-visible (one row
-- updated since the last VACUUM), as an index-only scan finds a table with recent writes
DROP TABLE IF EXISTS rnd_nv;
CREATE TABLE rnd_nv (id int, k int, pad text) WITH (autovacuum_enabled = off);
INSERT INTO rnd_nv SELECT * FROM rnd;
CREATE INDEX rnd_nv_k ON rnd_nv (k);
VACUUM ANALYZE rnd_nv;
UPDATE rnd_nv SET pad = pad WHERE id % 36 = 0 AND (ctid::text::point)[0]::int % 2 = 0;
-- shf: rows in roughly index order, each within 512 rows of its key's place (as a table loaded
-- out of order within ranges): a scan comes back to each page a few dozen times
DROP TABLE IF EXISTS shf;
CREATE TABLE shf (id int, k int, pad text);
INSERT INTO shf
  SELECT i, i + (hashint4(i) & 1023) - 512, repeat('s', 180) FROM generate_series(1, :rows) i;
CREATE INDEX shf_k ON shf (k);
VACUUM ANALYZE shf;
