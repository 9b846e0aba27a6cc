-- n keys of the roughly ordered table, evicted first: each page comes back many times
SET enable_bitmapscan = off;
SET enable_seqscan = off;
SELECT count(*) FROM (SELECT pg_buffercache_evict_relation('shf')
  UNION ALL SELECT pg_buffercache_evict_relation('shf_k')) e;
SELECT count(*), sum(id) FROM shf WHERE k BETWEEN :lo AND :lo + :n - 1;
