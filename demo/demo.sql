-- Queries shown by "make demo": each runs with executor_batching off (tuple at a time, as in vanilla
-- PostgreSQL 18.6) and on, alternately, :reps times after a warm-up run of each; the table shows
-- the median times and their ratio, then the batched plans with EXPLAIN (ANALYZE, BATCHES).  Last,
-- the index range scan with enable_indexscan_prefetch off and on, with the table evicted from
-- shared buffers (pg_buffercache) and cached, and its EXPLAIN (ANALYZE, IO).  Parallel query and
-- JIT are off so that one backend does all the work shown.  Run the queries again in psql to
-- compare settings.
SET max_parallel_workers_per_gather = 0;
SET jit = off;
CREATE EXTENSION IF NOT EXISTS pg_buffercache;
\pset footer off

-- Evict the orders table and its indexes from shared buffers (the kernel may still cache them).
CREATE FUNCTION pg_temp.demo_evict() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_buffercache_evict_relation(r)
  FROM unnest(ARRAY['orders', 'orders_pkey', 'orders_customer_idx']::regclass[]) r;
END $$;

-- Median milliseconds of query q with setting guc off and on, runs alternating; index_scan switches
-- off the plans that would read the table otherwise; cold runs demo_evict() before each run.
CREATE FUNCTION pg_temp.demo_compare(q text, index_scan bool, reps int,
                                     guc text DEFAULT 'executor_batching',
                                     cold bool DEFAULT false,
                                     OUT off_ms float8, OUT on_ms float8)
LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz;
  ms float8;
  offs float8[] := '{}';
  ons float8[] := '{}';
  b text;
BEGIN
  PERFORM set_config('enable_seqscan', (NOT index_scan)::text, true);
  PERFORM set_config('enable_bitmapscan', (NOT index_scan)::text, true);
  FOR i IN 0..reps LOOP
    FOREACH b IN ARRAY ARRAY['off', 'on'] LOOP
      PERFORM set_config(guc, b, true);
      IF cold THEN
        PERFORM pg_temp.demo_evict();
      END IF;
      t0 := clock_timestamp();
      EXECUTE q;
      ms := 1000 * extract(epoch FROM clock_timestamp() - t0)::float8;
      CONTINUE WHEN i = 0;  -- the warm-up run
      IF b = 'off' THEN
        offs := offs || ms;
      ELSE
        ons := ons || ms;
      END IF;
    END LOOP;
  END LOOP;
  SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x) INTO off_ms FROM unnest(offs) x;
  SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x) INTO on_ms FROM unnest(ons) x;
END $$;

CREATE TEMP TABLE demo_queries (n int, what text, q text, index_scan bool);
INSERT INTO demo_queries VALUES
  (1, 'whole-table aggregate',
   'SELECT count(*), sum(qty), avg(qty), max(customer) FROM orders', false),
  (2, 'filtered aggregate',
   'SELECT count(*), sum(qty) FROM orders '
   'WHERE qty > 10 AND price < 500 AND ordered >= date ''2022-01-01''', false),
  (3, 'grouped aggregate',
   'SELECT status, count(*), sum(qty), avg(price) FROM orders GROUP BY status', false),
  (4, 'join, then grouped aggregate',
   'SELECT c.region, count(*), sum(o.qty) FROM orders o JOIN customers c ON c.id = o.customer '
   'WHERE o.qty > 25 GROUP BY c.region', false),
  (5, 'index range scan, random heap order',
   'SELECT sum(qty) FROM orders WHERE customer BETWEEN 1000 AND 1999', true);

\echo
\echo '=== executor_batching off (tuple at a time) and on: median ms of' :reps 'runs each, warm cache'
SELECT n AS "#", what AS query, round(off_ms::numeric, 1) AS "off (ms)",
       round(on_ms::numeric, 1) AS "on (ms)", round((off_ms / on_ms)::numeric, 2) AS "off / on"
FROM demo_queries, LATERAL pg_temp.demo_compare(q, index_scan, :reps)
ORDER BY n;

\echo
\echo '=== The plans with batching on: "Row Batches" moved between nodes a batch at a time'
\pset tuples_only on
SELECT format('SELECT %L', format('--- %s. %s', n, what)),
       format('SET enable_seqscan = %s', NOT index_scan),
       format('SET enable_bitmapscan = %s', NOT index_scan),
       format('EXPLAIN (ANALYZE, BATCHES, COSTS OFF, BUFFERS OFF) %s', q)
FROM demo_queries ORDER BY n \gexec

\pset tuples_only off
\echo
\echo '=== Index prefetching: query 5 with enable_indexscan_prefetch off and on, batching on, median'
\echo '    ms of' :reps 'runs each; "cold" evicts the table and its indexes from shared buffers before'
\echo '    each run, so the scan reads thousands of random heap pages (from the kernel''s page cache'
\echo '    here, where prefetching costs time: bench/prefetch reads them from disk with direct I/O)'
SELECT c.cache, round(off_ms::numeric, 1) AS "prefetch off (ms)",
       round(on_ms::numeric, 1) AS "prefetch on (ms)",
       round((off_ms / on_ms)::numeric, 2) AS "off / on"
FROM demo_queries,
     (VALUES (1, 'cold', true), (2, 'warm', false)) AS c(n, cache, cold),
     LATERAL pg_temp.demo_compare(q, true, :reps, 'enable_indexscan_prefetch', c.cold)
WHERE demo_queries.n = 5
ORDER BY c.n;

\echo
\echo '=== Query 5 cold with prefetching on: what the scan read ahead, EXPLAIN (ANALYZE, IO)'
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT pg_temp.demo_evict() AS evicted \gset
SELECT format('EXPLAIN (ANALYZE, IO, COSTS OFF) %s', q) FROM demo_queries WHERE n = 5 \gexec
RESET enable_seqscan;
RESET enable_bitmapscan;
