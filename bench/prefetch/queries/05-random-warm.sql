-- n keys of the random table, cached: the second of two runs (100k rows' pages do not fit in
-- shared buffers, so that case is partly cold)
SET enable_bitmapscan = off;
SET enable_seqscan = off;
SELECT count(*), sum(id) FROM rnd WHERE k BETWEEN :lo AND :lo + :n - 1;
SELECT count(*), sum(id) FROM rnd WHERE k BETWEEN :lo AND :lo + :n - 1;
