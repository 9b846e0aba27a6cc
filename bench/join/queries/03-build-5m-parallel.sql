SET work_mem = '1GB';
SET max_parallel_workers_per_gather = 2;
SELECT count(*), sum(w) FROM probe p JOIN build_5m b ON p.b = b.k;
