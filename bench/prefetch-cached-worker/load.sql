-- prefetch-cached's data: prefetch's tables with 500k rows (110 MB)
\set rows 500000
\ir ../prefetch/tables.sql
