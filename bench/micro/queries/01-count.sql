SELECT count(*) FROM :tbl;
