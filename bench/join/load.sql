-- Hash joins (issue 23): probe, 10M rows whose a takes 100 000 values and b 5M, spread over the
-- table by multiplicative hashing, so consecutive probes hit unrelated buckets; build_100k and
-- build_5m, one row per key, in key order.
DROP TABLE IF EXISTS probe, build_100k, build_5m;
CREATE TABLE probe (a int, b int, v int);
INSERT INTO probe
SELECT 1 + i * 7919 % 100000, 1 + i * 104729 % 5000000, i % 1000
FROM generate_series(1::bigint, 10000000) AS i;
CREATE TABLE build_100k (k int, w int);
INSERT INTO build_100k SELECT i, i % 97 FROM generate_series(1, 100000) AS i;
CREATE TABLE build_5m (k int, w int);
INSERT INTO build_5m SELECT i, i % 97 FROM generate_series(1, 5000000) AS i;
VACUUM ANALYZE probe, build_100k, build_5m;
