SELECT avg(a), avg(b), avg(c), avg(d), avg(e) FROM :tbl WHERE a > 0 AND a < :n;
