-- Queries shown by "make demo".  Plans are from EXPLAIN ANALYZE; run them again in psql to
-- compare settings.  Parallel query is off so that one backend does all the work shown.
SET max_parallel_workers_per_gather = 0;
SET jit = off;
\pset footer off

\echo
\echo '=== 1. Aggregates over a sequential scan with a qual'
EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF)
SELECT count(*), sum(qty), avg(price), max(discount)
FROM orders WHERE qty > 10 AND status <> 'cancelled';

\echo
\echo '=== 2. What batched: aggregates over a plain sequential scan take whole batches (BATCHES)'
EXPLAIN (ANALYZE, BATCHES, COSTS OFF, BUFFERS OFF)
SELECT count(*), sum(qty) FROM orders;

\echo
\echo '=== 3. Index range scan on a random key (heap pages visited in random order)'
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (ANALYZE, COSTS OFF, BUFFERS ON)
SELECT sum(price) FROM orders WHERE customer BETWEEN 1000 AND 1999;
RESET enable_seqscan;
RESET enable_bitmapscan;
