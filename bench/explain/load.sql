-- Data for the cost of row counting in EXPLAIN ANALYZE: three joined tables for a nested loop
-- that passes many rows through many nodes, and a narrow 10M-row table for count(*).
DROP TABLE IF EXISTS j1, j2, j3, narrow;
CREATE TABLE j1 (id int PRIMARY KEY, v int);
CREATE TABLE j2 (id int PRIMARY KEY, v int);
CREATE TABLE j3 (id int PRIMARY KEY, v int);
INSERT INTO j1 SELECT i, i % 1000 FROM generate_series(1, 300000) AS i;
INSERT INTO j2 SELECT i, i % 1000 FROM generate_series(1, 300000) AS i;
INSERT INTO j3 SELECT i, i % 1000 FROM generate_series(1, 300000) AS i;
CREATE TABLE narrow (a int);
INSERT INTO narrow SELECT i FROM generate_series(1, 10000000) AS i;
VACUUM ANALYZE;
