-- Demo data for "make demo": :rows orders (1 000 000, about 14 000 heap pages or 110 MB; 200 000
-- with --quick) and 100 000 customers in four regions.  "customer" is random, so an index range
-- scan on it visits heap pages in random order: the case that index prefetching is for.
DO $$ BEGIN PERFORM setseed(0.42); END $$;  -- the same data every time
CREATE TABLE customers (
    id     int4 PRIMARY KEY,
    region text NOT NULL
);
INSERT INTO customers
SELECT i, (ARRAY['north', 'south', 'east', 'west'])[1 + i % 4]
FROM generate_series(0, 99999) AS i;
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
FROM generate_series(1, :rows) AS i;
CREATE INDEX orders_customer_idx ON orders (customer);
VACUUM ANALYZE customers, orders;
