-- Tuple deformation shapes (issue 4): a leading int column "a", then 0, 5 or 15 extra columns,
-- then a last int column "z"; the extra columns are int8 (by value) or short text (varlena), and
-- either never NULL or NULL in one row of ten each (so most rows of the wider tables have one).
-- 1M rows each, VACUUMed so that scans skip visibility checks.  Loaded by load.sh.
CREATE OR REPLACE PROCEDURE make_deform(extra int, typ text, nulls bool)
LANGUAGE plpgsql AS $$
DECLARE
    tbl text := format('d%s_%s_%s', extra, typ, CASE WHEN nulls THEN 'nulls' ELSE 'nonull' END);
    cols text := '';
    vals text := '';
BEGIN
    FOR k IN 1 .. extra LOOP
        cols := cols || format(', x%s %s', k, CASE typ WHEN 'int' THEN 'int8' ELSE 'text' END);
        vals := vals || format(', CASE WHEN %L AND (i + %s) %% 10 = 0 THEN NULL ELSE %s END',
                               nulls, k, CASE typ WHEN 'int' THEN 'i' ELSE 'i::text' END);
    END LOOP;
    EXECUTE format('DROP TABLE IF EXISTS %I', tbl);
    EXECUTE format('CREATE TABLE %I (a int%s, z int)', tbl, cols);
    EXECUTE format('INSERT INTO %I SELECT i%s, i FROM generate_series(1, 1000000) AS i', tbl, vals);
END $$;
CALL make_deform(0, 'int', false);
CALL make_deform(5, 'int', false);
CALL make_deform(5, 'int', true);
CALL make_deform(5, 'text', false);
CALL make_deform(5, 'text', true);
CALL make_deform(15, 'int', false);
CALL make_deform(15, 'int', true);
CALL make_deform(15, 'text', false);
CALL make_deform(15, 'text', true);
VACUUM ANALYZE;
