SELECT sum(a) FROM :tbl;
