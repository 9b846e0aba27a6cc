SET enable_hashjoin = off;
SET enable_mergejoin = off;
SELECT count(*) FROM test1 a, test2 b, test3 c WHERE a.id = c.id;
