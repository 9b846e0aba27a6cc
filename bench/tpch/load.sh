#!/usr/bin/env bash
# TPC-H data at scale factor TPCH_SF (default 1) from tpchgen-cli (PyPI), generated once into
# $DATA/sf<N> and copied into each server.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sf=${TPCH_SF:-1}
dir=$DATA/sf$sf
if [ ! -f "$dir/.done" ]; then
	rm -rf "$dir"
	tpchgen-cli csv -s "$sf" --output-dir="$dir"
	touch "$dir/.done"
fi
psql=("$BIN/psql" -X -q -v ON_ERROR_STOP=1)
"${psql[@]}" -f "$here/schema.sql"
for t in region nation part supplier partsupp customer orders lineitem; do
	"${psql[@]}" -c "\\copy $t FROM '$dir/$t.csv' WITH (FORMAT csv, HEADER true)"
done
"${psql[@]}" -f "$here/keys.sql"
