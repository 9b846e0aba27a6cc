-- 2M rows in each table (440 MB), beyond the suite's 128 MB of shared buffers
\set rows 2000000
\ir tables.sql
