SELECT deform_bench(tableoid, :natts, 1) FROM :tbl LIMIT 1
