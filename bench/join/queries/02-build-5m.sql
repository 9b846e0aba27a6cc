SET work_mem = '1GB';
SELECT count(*), sum(w) FROM probe p JOIN build_5m b ON p.b = b.k;
