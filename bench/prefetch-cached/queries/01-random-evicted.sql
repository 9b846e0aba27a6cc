-- n keys of the random table, evicted from shared buffers first (buffered I/O: the pages come
-- from the kernel's page cache)
SET enable_bitmapscan = off;
SET enable_seqscan = off;
SELECT count(*) FROM (SELECT pg_buffercache_evict_relation('rnd')
  UNION ALL SELECT pg_buffercache_evict_relation('rnd_k')) e;
SELECT count(*), sum(id) FROM rnd WHERE k BETWEEN :lo AND :lo + :n - 1;
