SELECT avg(a), avg(b), avg(c), avg(d), avg(e) FROM :tbl;
