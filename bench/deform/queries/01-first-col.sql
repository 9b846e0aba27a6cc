SELECT count(*) FROM :tbl WHERE a IS NULL
