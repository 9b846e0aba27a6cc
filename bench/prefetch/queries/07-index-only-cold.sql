-- n keys of rnd_nv by an index-only scan, evicted first: it reads from the table only the
-- pages that are not all-visible, every other one
SET enable_bitmapscan = off;
SET enable_seqscan = off;
SELECT count(*) FROM (SELECT pg_buffercache_evict_relation('rnd_nv')
  UNION ALL SELECT pg_buffercache_evict_relation('rnd_nv_k')) e;
SELECT count(*), sum(k) FROM rnd_nv WHERE k BETWEEN :lo AND :lo + :n - 1;
