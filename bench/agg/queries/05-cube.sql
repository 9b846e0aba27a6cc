SELECT f, s, count(*), sum(q), avg(p), sum(d) FROM grp GROUP BY CUBE (f, s);
