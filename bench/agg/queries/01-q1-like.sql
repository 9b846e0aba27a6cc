SELECT f, s, sum(q), sum(p), avg(q), avg(p), avg(d), count(*) FROM grp GROUP BY f, s;
