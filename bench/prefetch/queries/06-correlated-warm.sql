-- n keys of the table in index order, cached: the second of two runs
SET enable_bitmapscan = off;
SET enable_seqscan = off;
SELECT count(*), sum(id) FROM cor WHERE k BETWEEN :lo AND :lo + :n - 1;
SELECT count(*), sum(id) FROM cor WHERE k BETWEEN :lo AND :lo + :n - 1;
