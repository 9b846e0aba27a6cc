SET enable_hashjoin = off;
SET enable_mergejoin = off;
EXPLAIN (ANALYZE, TIMING OFF, BUFFERS OFF, SUMMARY OFF, COSTS OFF)
SELECT count(*) FROM test1 a, test2 b, test3 c WHERE a.id = c.id;
