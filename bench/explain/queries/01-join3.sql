SET enable_hashjoin = off;
SET enable_mergejoin = off;
SELECT count(*) FROM j1 JOIN j2 ON j2.id = j1.id JOIN j3 ON j3.id = j2.id;
