#!/usr/bin/env bash
# make bench-instr [QUERY="..."] [ROWS=n] [REPEAT=n]: instructions per row of one query, counted by
# valgrind's callgrind in a single-user backend, for each configuration of bench/configs.conf.
# REPEAT=n runs the query n times in the backend and reports instructions per execution (for point
# queries: QUERY="SELECT abalance FROM pgbench_accounts WHERE aid = 4242" REPEAT=1000).
# SETTINGS="g=v;g=v..." replaces the configurations with vanilla and the patched build under each
# setting (a sweep: SETTINGS="executor_batch_rows=1;executor_batch_rows=64").
# make bench-instr SUITE=s [ONLY=label]: the same for every query of bench/<s> with each of its
# PARAMS (or only the entry labelled ONLY), in the suite's configurations; a PARAMS entry's
# variable n is the row count.  SUITE=s QUERY="..." measures that one query on the suite's data
# (table in bench/results/<s>/instructions-query.md).
# Counts are deterministic for a given binary and query, so they prove "no regression with the
# feature off" where timings on a noisy machine cannot.  The query's count minus that of
# "SELECT 1" (backend start-up and shutdown) is divided by the row count: a first execution, which
# reads the table into shared buffers (checksums included).  WARM=1 measures a second execution
# instead, with the table cached in shared buffers (shared_buffers=$WARM_BUFFERS, 8GB by default:
# a sequential scan of more than a quarter of them reads through a small ring): the count of the
# query run twice in the backend minus that of the query run once (instructions-warm.md).
#
# Without SUITE the data is the micro suite's bar_1000000 (43 rows per page), narrow (1M rows of
# one int, 226 per page), num_1000000 (1M rows of an int and two numeric(15,2) columns shaped like
# TPC-H's l_quantity, 1 to 50, and l_discount, 0.00 to 0.10) and a pgbench_accounts of 100 000 rows
# with its primary key, in clusters of their own (build/bench/instr/); with SUITE, the clusters
# bench/run.sh measures the suite on (build/bench/<suite>/), which it loads first, under the
# suite's server settings (their pgbatch.conf).
# shellcheck source=../scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"

command -v valgrind >/dev/null || die "valgrind is not installed (Debian: valgrind)"
# shellcheck source=configs.conf
. "$TOP/bench/configs.conf"
suite=${SUITE:-}
if [ -n "$suite" ]; then
	sdir=$TOP/bench/$suite
	[ -d "$sdir/queries" ] || die "no SQL benchmark suite '$suite' (bench/$suite/queries)"
	PARAMS=()
	if [ -f "$sdir/suite.conf" ]; then
		# shellcheck disable=SC1091 # one per suite
		. "$sdir/suite.conf"
	fi
	# a suite without PARAMS runs each query once, as in bench/run.sh
	[ "${#PARAMS[@]}" -gt 0 ] || PARAMS=("|")
	work=${BENCH_WORK:-$BUILD/bench}/${RESULTS_NAME:-$suite}
	out=${BENCH_RESULTS:-$TOP/bench/results/$suite}
	results=$out/instructions
	[ -z "${QUERY:-}" ] || results+=-query
else
	work=$BUILD/bench/instr
	out=${BENCH_RESULTS:-$TOP/bench/results/instr}
	results=$out/instructions
fi
[ -z "${WARM:-}" ] || results+=-warm
results+=.md
# after the suite's own configurations, which it replaces
if [ -n "${SETTINGS:-}" ]; then
	CONFIGS=("vanilla|vanilla|")
	IFS=';' read -ra sweep <<<"$SETTINGS"
	for g in "${sweep[@]}"; do
		CONFIGS+=("$g|release|$g")
	done
fi

# Run SQL (one statement per line) in a single-user backend: single FLAVOUR [-c guc=value...]
single() {
	local flavour=$1
	shift
	as_builder "$(bindir_of "$flavour")/postgres" --single -D "$work/$flavour" "$@" postgres >/dev/null
}

# Instructions executed by a single-user backend running one statement: instructions FLAVOUR
# OUTFILE SQL [-c guc=value...].  A statement that fails would count only what it did before
# failing, so any error (or a backend that could not start) stops the run; the backend's output
# is in OUTFILE.log.
instructions() {
	local flavour=$1 outfile=$2 sql=$3
	shift 3
	as_builder valgrind --tool=callgrind --callgrind-out-file="$outfile" \
		"$(bindir_of "$flavour")/postgres" --single -D "$work/$flavour" "$@" postgres \
		<<<"$sql" >"$outfile.log" 2>&1
	if grep -qE '(ERROR|FATAL|PANIC):' "$outfile.log"; then
		die "a statement failed on $flavour: $(grep -m1 -E '(ERROR|FATAL|PANIC):' "$outfile.log") ($outfile.log)"
	fi
	awk '/^summary:/ { print $2 }' "$outfile"
}

# Create a flavour's cluster with the micro data: load FLAVOUR
load() {
	init_cluster "$1" "$work/$1"
	single "$1" <<'EOF'
CREATE TABLE bar_1000000 (a int, b int, c int, d int, e int, f int, g int, h int, i text, j int, k int, l int, m int, n int, o int)
INSERT INTO bar_1000000 SELECT i, i, i, i, i, i, i, i, repeat('x', 100), i, i, i, i, i, i FROM generate_series(1, 1000000) AS i
VACUUM ANALYZE bar_1000000
CREATE TABLE pgbench_accounts (aid int PRIMARY KEY, bid int, abalance int, filler char(84))
INSERT INTO pgbench_accounts SELECT i, 1, 0, '' FROM generate_series(1, 100000) AS i
VACUUM ANALYZE pgbench_accounts
CREATE TABLE narrow (a int)
INSERT INTO narrow SELECT i FROM generate_series(1, 1000000) AS i
VACUUM ANALYZE narrow
CREATE TABLE num_1000000 (a int, q numeric(15,2), d numeric(15,2))
INSERT INTO num_1000000 SELECT i, 1 + i % 50, (i % 11) / 100.0 FROM generate_series(1, 1000000) AS i
VACUUM ANALYZE num_1000000
EOF
}

# The GUCs of a configuration that its server knows, one "-c" and one "name=value" per line:
# settings_of FLAVOUR "GUC=value ..."
settings_of() {
	local g
	for g in $2; do
		# -C knows every setting; --describe-config leaves out developer options
		# (executor_batch_rows)
		if as_builder "$(bindir_of "$1")/postgres" -D "$work/$1" -C "${g%%=*}" >/dev/null 2>&1; then
			printf -- '-c\n%s\n' "$g"
		else
			say "warning: $1 has no setting ${g%%=*}; running without it"
		fi
	done
}

# One line per configuration, on stdout and in the results table: measure LABEL SQL ROWS
declare -A base
measure() {
	local label=$1 sql=$2 rows=$3 c name flavour gucs total per_row ratio ref=""
	local -a settings
	for c in "${CONFIGS[@]}"; do
		IFS='|' read -r name flavour gucs <<<"$c"
		mapfile -t settings < <(settings_of "$flavour" "$gucs")
		if [ -n "${WARM:-}" ]; then
			settings+=(-c "shared_buffers=${WARM_BUFFERS:-8GB}")
			base[$name]=$(instructions "$flavour" "$work/$name.base.callgrind" "$sql" "${settings[@]}")
			total=$(instructions "$flavour" "$work/$name.callgrind" "$sql"$'\n'"$sql" "${settings[@]}")
		else
			[ -n "${base[$name]:-}" ] ||
				base[$name]=$(instructions "$flavour" "$work/$name.base.callgrind" "SELECT 1" "${settings[@]}")
			total=$(instructions "$flavour" "$work/$name.callgrind" "$sql" "${settings[@]}")
		fi
		per_row=$(awk -v t="$total" -v b="${base[$name]}" -v r="$rows" \
			'BEGIN { printf "%.1f", (t - b) / r }')
		[ -n "$ref" ] || ref=$per_row
		ratio=$(awk -v p="$per_row" -v r="$ref" 'BEGIN { printf "%.3f", p / r }')
		printf '%-28s %-14s %14s %10s %7s\n' "$label" "$name" "$total" "$per_row" "$ratio"
		echo "| $label | $name | $total | $per_row | $ratio |" >>"$results"
	done
}

# The clusters, loaded: a suite's by bench/run.sh (which builds the flavours too), the micro data
# by load(), again when load() changes, when a load failed, or when the build's catalogs changed
# (init_cluster() then makes the cluster afresh).
if [ -n "$suite" ]; then
	SUITE=$suite LOAD_ONLY=1 "$TOP/bench/run.sh"
else
	stamp=$(declare -f load | cksum)
	for flavour in $(printf '%s\n' "${CONFIGS[@]}" | cut -d'|' -f2 | sort -u); do
		"$TOP/scripts/build.sh" "$flavour"
		loaded="$stamp $(catalog_stamp "$flavour")"
		if [ "$(cat "$work/$flavour.loaded" 2>/dev/null)" != "$loaded" ]; then
			rm -rf "${work:?}/$flavour"
			load "$flavour"
			echo "$loaded" >"$work/$flavour.loaded"
		fi
	done
fi

mkdir -p "$out"
{
	echo "# Instructions per row (callgrind, single-user backend)"
	echo
	echo "$(date -u +%Y-%m-%dT%H:%MZ); valgrind $(valgrind --version | cut -d- -f2);" \
		"series: $(series_id)"
	echo
	printf 'Command: `'
	for v in SUITE ONLY QUERY ROWS REPEAT SETTINGS WARM; do
		[ -z "${!v:-}" ] || printf '%s="%s" ' "$v" "${!v}"
	done
	printf 'make bench-instr`\n\n'
	echo "| query | config | instructions | per row | ratio |"
	echo "|---|---|---|---|---|"
} >"$results"
printf '%-28s %-14s %14s %10s %7s\n' query config instructions "per row" ratio
if [ -n "$suite" ] && [ -z "${QUERY:-}" ]; then
	for file in "$sdir"/queries/*.sql; do
		for p in "${PARAMS[@]}"; do
			[ -z "${ONLY:-}" ] || [ "${p%%|*}" = "$ONLY" ] || continue
			# one line for the single-user backend, comments dropped (a "--" would hide the
			# rest of the line; one inside a string literal would be cut too, and no suite
			# query has one), with the entry's variables substituted
			sql=$(sed 's/--.*$//' "$file" | tr '\n' ' ')
			rows=1
			for v in ${p#*|}; do
				# shellcheck disable=SC2001 # \b: :n must not match the start of :natts
				sql=$(sed "s/:${v%%=*}\b/${v#*=}/g" <<<"$sql")
				[ "${v%%=*}" != n ] || rows=${v#*=}
			done
			label=$(basename "$file" .sql)
			[ -z "${p%%|*}" ] || label+=" ${p%%|*}"
			measure "$label" "$sql" "$rows"
		done
	done
else
	query=${QUERY:-SELECT sum(a) FROM bar_1000000}
	repeat=${REPEAT:-1}
	if [ "$repeat" -gt 1 ]; then
		# one statement per line, each a separate query; per execution, not per row
		measure "\`$query\` x $repeat" "$(for ((i = 0; i < repeat; i++)); do echo "$query"; done)" "$repeat"
	else
		measure "\`$query\`" "$query" "${ROWS:-1000000}"
	fi
fi
echo "table: $results; profiles: $work/<config>.callgrind"
