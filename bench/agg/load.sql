-- Grouped aggregation (issue 22): grp, 1M rows shaped like TPC-H lineitem's columns that Q1
-- aggregates: q like l_quantity (1 to 50), p like l_extendedprice, d like l_discount (0.00 to
-- 0.10), all numeric(15,2); f and s are char(1) flags making Q1's four groups (N-O, A-F, N-F,
-- R-F), interleaved; g has 100 000 groups of 10 rows, spread over the table.
DROP TABLE IF EXISTS grp;
CREATE TABLE grp (g int, f char(1), s char(1), q numeric(15,2), p numeric(15,2), d numeric(15,2));
INSERT INTO grp
SELECT i % 100000,
       CASE WHEN i * 13 % 100 < 50 THEN 'N' ELSE substr('ANR', 1 + i * 7 % 3, 1) END,
       CASE WHEN i * 13 % 100 < 50 THEN 'O' ELSE 'F' END,
       1 + i % 50, 900 + i % 100000 * 7919 % 100000 / 100.0, (i % 11) / 100.0
FROM generate_series(1, 1000000) AS i;
VACUUM ANALYZE grp;
-- grps: grp's rows in g's order, with an index on g, for a sorted (GroupAggregate) plan.
DROP TABLE IF EXISTS grps;
CREATE TABLE grps AS SELECT * FROM grp ORDER BY g;
CREATE INDEX grps_g ON grps (g);
VACUUM ANALYZE grps;
