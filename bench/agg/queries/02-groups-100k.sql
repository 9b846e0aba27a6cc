SET work_mem = '256MB';
SELECT count(*), sum(c), sum(s) FROM (SELECT g, count(*) AS c, sum(q) AS s FROM grp GROUP BY g) x;
