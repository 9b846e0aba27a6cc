SELECT * FROM :tbl WHERE o = 0;
