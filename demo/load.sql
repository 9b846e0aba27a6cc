-- Demo data for "make demo": one million orders, about 14 000 heap pages (110 MB).
-- "customer" is random, so an index range scan on it visits heap pages in random order: the
-- case that index prefetching is for.
DO $$ BEGIN PERFORM setseed(0.42); END $$;  -- the same data every time
CREATE TABLE orders (
    id       int8 PRIMARY KEY,
    customer int4 NOT NULL,
    qty      int4 NOT NULL,
    price    numeric(12, 2) NOT NULL,
    discount float8,
    status   text NOT NULL,
    ordered  date NOT NULL,
    note     text
);
INSERT INTO orders
SELECT i,
       (random() * 99999)::int4,
       1 + (random() * 49)::int4,
       round((random() * 1000)::numeric, 2),
       CASE WHEN i % 10 = 0 THEN NULL ELSE round(random()::numeric, 2)::float8 END,
       (ARRAY['open', 'shipped', 'returned', 'cancelled'])[1 + i % 4],
       date '2020-01-01' + (i % 1826),
       repeat('x', 40)
FROM generate_series(1, 1000000) AS i;
CREATE INDEX orders_customer_idx ON orders (customer);
VACUUM ANALYZE orders;
