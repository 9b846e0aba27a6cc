#!/usr/bin/env bash
# make bench-instr [QUERY="..."] [ROWS=n]: instructions per row of one query, counted by
# valgrind's callgrind in a single-user backend, for each configuration of bench/configs.conf.
# Counts are deterministic for a given binary and query, so they prove "no regression with the
# feature off" where timings on a noisy machine cannot.  The query's count minus that of
# "SELECT 1" (backend start-up and shutdown) is divided by ROWS.
#
# The data is the micro suite's bar_1000000, in clusters of their own (build/bench/instr/).
# shellcheck source=../scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"

query=${QUERY:-SELECT sum(a) FROM bar_1000000}
rows=${ROWS:-1000000}
work=$BUILD/bench/instr
command -v valgrind >/dev/null || die "valgrind is not installed (Debian: valgrind)"
# shellcheck source=configs.conf
. "$TOP/bench/configs.conf"

# Run SQL (one statement per line) in a single-user backend: single FLAVOUR [-c guc=value...]
single() {
	local flavour=$1
	shift
	as_builder "$(bindir_of "$flavour")/postgres" --single -D "$work/$flavour" "$@" postgres >/dev/null
}

# Instructions executed by a single-user backend running one statement: instructions FLAVOUR
# OUTFILE SQL [-c guc=value...]
instructions() {
	local flavour=$1 outfile=$2 sql=$3
	shift 3
	as_builder valgrind --tool=callgrind --callgrind-out-file="$outfile" \
		"$(bindir_of "$flavour")/postgres" --single -D "$work/$flavour" "$@" postgres \
		<<<"$sql" >/dev/null 2>&1
	awk '/^summary:/ { print $2 }' "$outfile"
}

for flavour in $(printf '%s\n' "${CONFIGS[@]}" | cut -d'|' -f2 | sort -u); do
	"$TOP/scripts/build.sh" "$flavour"
	if [ ! -f "$work/$flavour/PG_VERSION" ]; then
		init_cluster "$flavour" "$work/$flavour"
		single "$flavour" <<'EOF'
CREATE TABLE bar_1000000 (a int, b int, c int, d int, e int, f int, g int, h int, i text, j int, k int, l int, m int, n int, o int)
INSERT INTO bar_1000000 SELECT i, i, i, i, i, i, i, i, repeat('x', 100), i, i, i, i, i, i FROM generate_series(1, 1000000) AS i
VACUUM ANALYZE bar_1000000
EOF
	fi
done

out=${BENCH_RESULTS:-$TOP/bench/results/instr}
mkdir -p "$out"
{
	echo "# Instructions per row (callgrind, single-user backend)"
	echo
	echo "query: \`$query\`; rows: $rows; $(date -u +%Y-%m-%dT%H:%MZ); valgrind $(valgrind --version | cut -d- -f2);"
	echo "series: $(git -C "$TREE" rev-list --count upstream..HEAD) patches on PostgreSQL $PG_VERSION"
	echo
	echo "| config | instructions | per row | ratio |"
	echo "|---|---|---|---|"
} >"$out/results.md"
printf '%-14s %16s %14s %8s\n' config instructions "per row" ratio
ref=""
for c in "${CONFIGS[@]}"; do
	IFS='|' read -r name flavour gucs <<<"$c"
	settings=()
	for g in $gucs; do
		if as_builder "$(bindir_of "$flavour")/postgres" --describe-config | cut -f1 | grep -qx "${g%%=*}"; then
			settings+=(-c "$g")
		else
			say "warning: $flavour has no setting ${g%%=*}; running without it"
		fi
	done
	base=$(instructions "$flavour" "$work/$name.base.callgrind" "SELECT 1" "${settings[@]}")
	total=$(instructions "$flavour" "$work/$name.callgrind" "$query" "${settings[@]}")
	per_row=$(awk -v t="$total" -v b="$base" -v r="$rows" 'BEGIN { printf "%.1f", (t - b) / r }')
	[ -n "$ref" ] || ref=$per_row
	ratio=$(awk -v p="$per_row" -v r="$ref" 'BEGIN { printf "%.3f", p / r }')
	printf '%-14s %16s %14s %8s\n' "$name" "$total" "$per_row" "$ratio"
	echo "| $name | $total | $per_row | $ratio |" >>"$out/results.md"
done
echo "query: $query; rows: $rows; table: $out/results.md; profiles: $work/<config>.callgrind"
