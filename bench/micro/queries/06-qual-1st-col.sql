SELECT * FROM :tbl WHERE a = 0;
