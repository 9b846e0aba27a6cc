CREATE TABLE IF NOT EXISTS gate AS SELECT i, i / 7.0::float8 AS x FROM generate_series(1, 1000) AS i;
