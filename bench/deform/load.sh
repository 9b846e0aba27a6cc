#!/usr/bin/env bash
# The deform suite's tables (deform.sql) and the deform_bench test module of the series' first
# patch.  Vanilla has no such module, so it is built with PGXS against each server's own
# installation from the patched tree's source: both sides run the same module code, and its
# deform_bench() measures deforming without scan or executor around it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=${PGBATCH_TREE:-$here/../../postgres}/src/test/modules/deform_bench
flavour=$(basename "$(dirname "$BIN")")
build=$DATA/deform_bench-$flavour
rm -rf "$build"
cp -r "$src" "$build"
make -s -C "$build" USE_PGXS=1 PG_CONFIG="$BIN/pg_config" install >/dev/null
psql=("$BIN/psql" -X -q -v ON_ERROR_STOP=1)
"${psql[@]}" -c "DROP EXTENSION IF EXISTS deform_bench" -c "CREATE EXTENSION deform_bench"
"${psql[@]}" -f "$here/deform.sql"
