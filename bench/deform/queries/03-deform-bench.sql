SELECT deform_bench(tableoid, :natts, 6) FROM :tbl LIMIT 1
