SET enable_hashjoin = off;
SET enable_mergejoin = off;
SELECT count(*) FROM s1 JOIN s2 ON s2.id = s1.id JOIN s3 ON s3.id = s2.id;
