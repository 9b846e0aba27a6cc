SELECT count(*) FROM :tbl WHERE z IS NULL
