-- n keys of the table in index order, evicted first: few pages, read in order (the stream
-- combines neighbouring pages into one read)
SET enable_bitmapscan = off;
SET enable_seqscan = off;
SELECT count(*) FROM (SELECT pg_buffercache_evict_relation('cor')
  UNION ALL SELECT pg_buffercache_evict_relation('cor_k')) e;
SELECT count(*), sum(id) FROM cor WHERE k BETWEEN :lo AND :lo + :n - 1;
