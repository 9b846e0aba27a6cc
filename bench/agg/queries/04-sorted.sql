SET enable_hashagg = off;
SELECT count(*), sum(c), sum(s) FROM (SELECT g, count(*) AS c, sum(q) AS s FROM grps GROUP BY g) x;
