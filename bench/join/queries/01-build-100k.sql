SET work_mem = '1GB';
SELECT count(*), sum(w) FROM probe p JOIN build_100k b ON p.a = b.k;
