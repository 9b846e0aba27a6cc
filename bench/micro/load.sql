-- The seeds' scan/aggregate microbenchmark: bar_N with 15 columns, 14 int and a 100-byte text
-- (about 43 rows per heap page), every int column equal to the row number.  VACUUMed so that the
-- visibility map is set, as in the seeds' runs.
CREATE OR REPLACE PROCEDURE make_bar(n int)
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('DROP TABLE IF EXISTS bar_%s', n);
    EXECUTE format('CREATE TABLE bar_%s (a int, b int, c int, d int, e int, f int, g int, h int,
                    i text, j int, k int, l int, m int, n int, o int)', n);
    EXECUTE format('INSERT INTO bar_%s SELECT i, i, i, i, i, i, i, i, repeat(''x'', 100),
                    i, i, i, i, i, i FROM generate_series(1, %s) AS i', n, n);
END $$;
-- The same columns with NULLs in b, e and k (every third, fifth and seventh row), so that
-- deforming the 15th column cannot use cached offsets past the first NULL; for the issue's
-- "qual on the 15th column of a table with NULLs and a text column before it", measured with
-- QUERY= (make bench-instr) rather than in every PARAMS entry.
CREATE OR REPLACE PROCEDURE make_bar_nulls(n int)
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('DROP TABLE IF EXISTS bar_nulls_%s', n);
    EXECUTE format('CREATE TABLE bar_nulls_%s (LIKE bar_%s)', n, n);
    EXECUTE format('INSERT INTO bar_nulls_%s SELECT i, CASE WHEN i %% 3 <> 0 THEN i END, i, i,
                    CASE WHEN i %% 5 <> 0 THEN i END, i, i, i, repeat(''x'', 100), i,
                    CASE WHEN i %% 7 <> 0 THEN i END, i, i, i, i
                    FROM generate_series(1, %s) AS i', n, n);
END $$;
CALL make_bar(1000000);
CALL make_bar(2000000);
CALL make_bar(5000000);
CALL make_bar(10000000);
CALL make_bar_nulls(2000000);
VACUUM ANALYZE;
