-- the first n rows from key lo on: LIMIT
SET enable_bitmapscan = off;
SET enable_seqscan = off;
SELECT count(*) FROM (SELECT pg_buffercache_evict_relation('rnd')
  UNION ALL SELECT pg_buffercache_evict_relation('rnd_k')) e;
SELECT count(*), sum(id) FROM
  (SELECT id FROM rnd WHERE k >= :lo ORDER BY k LIMIT :n) s;
