-- prefetch's tables with 500k rows (110 MB): the kernel's page cache holds them
\set rows 500000
\ir ../prefetch/tables.sql
