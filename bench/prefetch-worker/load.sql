-- prefetch's tables, 2M rows each (440 MB), beyond the suite's 128 MB of shared buffers
\ir ../prefetch/load.sql
