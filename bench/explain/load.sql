-- Data for the cost of row counting in EXPLAIN ANALYZE: three tables joined by index nested
-- loops, three small ones joined by nested loops over materialized inners (millions of cheap
-- node calls: the worst case for per-node counting), a narrow 10M-row table for count(*), and
-- the shape of the row-counting proposal's own benchmark (test1 with an index on id and 15 000
-- rows, test2 with 100 rows, test3 with 10 000 rows: a nested loop under a cross join).
DROP TABLE IF EXISTS j1, j2, j3, s1, s2, s3, narrow, test1, test2, test3;
CREATE TABLE j1 (id int PRIMARY KEY, v int);
CREATE TABLE j2 (id int PRIMARY KEY, v int);
CREATE TABLE j3 (id int PRIMARY KEY, v int);
INSERT INTO j1 SELECT i, i % 1000 FROM generate_series(1, 300000) AS i;
INSERT INTO j2 SELECT i, i % 1000 FROM generate_series(1, 300000) AS i;
INSERT INTO j3 SELECT i, i % 1000 FROM generate_series(1, 300000) AS i;
CREATE TABLE s1 (id int, v int);
CREATE TABLE s2 (id int, v int);
CREATE TABLE s3 (id int, v int);
INSERT INTO s1 SELECT i, i % 100 FROM generate_series(1, 2000) AS i;
INSERT INTO s2 SELECT i, i % 100 FROM generate_series(1, 2000) AS i;
INSERT INTO s3 SELECT i, i % 100 FROM generate_series(1, 2000) AS i;
CREATE TABLE narrow (a int);
INSERT INTO narrow SELECT i FROM generate_series(1, 10000000) AS i;
CREATE TABLE test1 (id int, data int);
CREATE INDEX test1_id_idx ON test1 (id);
CREATE TABLE test2 (id int PRIMARY KEY, data int);
CREATE TABLE test3 (id int PRIMARY KEY, data int);
INSERT INTO test1 SELECT i, i % 100 FROM generate_series(1, 15000) AS i;
INSERT INTO test2 SELECT i, i % 100 FROM generate_series(1, 100) AS i;
INSERT INTO test3 SELECT i, i % 100 FROM generate_series(1, 10000) AS i;
VACUUM ANALYZE;
