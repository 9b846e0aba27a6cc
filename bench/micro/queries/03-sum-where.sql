SELECT sum(a) FROM :tbl WHERE a > 0 AND a < :n;
