SET work_mem = '1GB';
-- one probe row in a hundred finds a match: the 1 031 build rows with w = 0
SELECT count(*), sum(v) FROM probe p JOIN build_100k b ON p.a = b.k WHERE b.w = 0;
