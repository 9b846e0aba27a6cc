#!/usr/bin/env bash
# pgbench's tables at scale 50 (5M accounts, about 750 MB): in memory with the bench settings.
set -euo pipefail
"$BIN/pgbench" -i -q -s 50
"$BIN/psql" -X -q -c "VACUUM ANALYZE"
