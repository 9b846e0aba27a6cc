#!/usr/bin/env bash
# make bench SUITE=name: run one benchmark suite against vanilla 18.6 and the patched release
# build, configurations interleaved, and write bench/results/<suite>/: results.csv (every timed
# run), conditions.txt, results.md (medians, ranges, ratios) and results.png.
#
# A suite is a directory bench/<suite>/ holding
#   queries/        SQL suites: one query per *.sql file, which may start with SET commands;
#                   pgbench suites (MODE=pgbench): one pgbench script per *.pgbench file
#   load.sql        the data, loaded once per server (again only when the file changes), or
#   load.sh         a script doing it, run with PGHOST, PGPORT, PGUSER, BIN (server binaries)
#                   and DATA (a directory for generated files) set
#   suite.conf      optional: REPS, CONFIGS (overriding bench/configs.conf), PARAMS (sets of
#                   variables each query runs with, "label|name=value ...": psql variables, or
#                   for pgbench the options CLIENTS and SECONDS), MODE, RESULTS_NAME, CLUSTERS
#                   (run on the clusters of the suite of that name, whose data this suite shares
#                   through links to its files)
#   postgresql.conf optional: server settings of the suite, after bench/postgresql.conf's
# Each suite has its own clusters in build/bench/<suite>/<flavour>, so every suite's data fits in
# shared_buffers on its own.  LOAD_ONLY=1 stops once they are loaded (bench/instr.sh counts
# instructions on them).
#
# Correctness gate: before any timing, each query's result under every configuration is compared
# with the first configuration's (sorted, unless the query has an ORDER BY).  A difference fails
# the run: a benchmark that returns wrong answers never reports a speedup.
# shellcheck source=../scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"

# SUITE is a suite name, or the path of a suite directory elsewhere (the runner's own tests).
suite=${SUITE:-micro}
sdir=$TOP/bench/$suite
case $suite in */*) sdir=$(cd "$suite" && pwd) suite=$(basename "$suite") ;; esac
[ -d "$sdir/queries" ] || [ -f "$sdir/run.py" ] || die "no benchmark suite '$suite' (bench/$suite/queries)"
MODE=sql PARAMS=()
# shellcheck source=configs.conf
. "$TOP/bench/configs.conf"
if [ -f "$sdir/suite.conf" ]; then
	# shellcheck disable=SC1091 # one per suite
	. "$sdir/suite.conf"
fi
REPS=${BENCH_REPS:-$REPS}
[ "${#PARAMS[@]}" -gt 0 ] || PARAMS=("|")
# RESULTS_NAME (suite.conf) separates variants of a suite, such as TPC-H scale factors.
out=${BENCH_RESULTS:-$TOP/bench/results/${RESULTS_NAME:-$suite}}
work=${BENCH_WORK:-$BUILD/bench}/${CLUSTERS:-${RESULTS_NAME:-$suite}}
declare -A port

venv=$(bench_venv)

# A suite with a run.py of its own (the DuckDB reference) is run by it, in the venv with its
# optional package.
if [ -f "$sdir/run.py" ]; then
	"$venv/bin/pip" install -q -r "$sdir/requirements.txt"
	"$venv/bin/python" "$sdir/run.py" "$work" "$out" "$REPS"
	"$venv/bin/python" "$TOP/bench/report.py" "$out"
	cat "$out/results.md"
	exit 0
fi

# Each flavour's server runs on the suite's own cluster for it, with the bench settings and the
# suite's own.
start_server() {
	"$TOP/scripts/build.sh" "$1"
	builder_dir "$work"
	{
		cat "$TOP/bench/postgresql.conf"
		[ ! -f "$sdir/postgresql.conf" ] || cat "$sdir/postgresql.conf"
	} >"$work/settings.conf"
	port[$1]=$(start_cluster "$1" "$work/$1" "$work/settings.conf")
}

stop_servers() {
	local flavour
	for flavour in "${!port[@]}"; do
		stop_cluster "$flavour" "$work/$flavour" || true
	done
}

# psql on a flavour's server: q FLAVOUR PGOPTIONS psql-args...
q() {
	local flavour=$1 opts=$2
	shift 2
	PGOPTIONS=$opts "$(bindir_of "$flavour")/psql" -X -q -h localhost -p "${port[$flavour]}" \
		-U postgres -d postgres -v ON_ERROR_STOP=1 "$@"
}

# PGOPTIONS for a configuration's GUCs, leaving out (with a warning) those the server lacks, so
# that a suite can name GUCs of patches that are not in the series yet.
pgoptions() {
	local flavour=$1 gucs=$2 g opts=""
	for g in $gucs; do
		if [ "$(q "$flavour" "" -Atc "SELECT count(*) FROM pg_settings WHERE name = '${g%%=*}'")" = 1 ]; then
			opts+=" -c $g"
		else
			say "warning: $flavour has no setting ${g%%=*}; running without it"
		fi
	done
	echo "$opts"
}

# Load the suite's data into one server, once per version of the load file.
load() {
	local flavour=$1 file sum stamp
	file=$sdir/load.sql
	[ -f "$file" ] || file=$sdir/load.sh
	# (a cluster made afresh for new catalogs has lost what was loaded)
	sum=$({
		cat "$file" "$sdir"/*.sql
		# and what load.sql includes from elsewhere (\ir ../prefetch/tables.sql)
		sed -n 's/^\\ir //p' "$file" | while read -r inc; do cat "$sdir/$inc"; done
		printf '%s\n' "${PARAMS[@]}"
		catalog_stamp "$flavour"
	} 2>/dev/null | sha256sum | cut -d' ' -f1)
	stamp=$work/$flavour.loaded
	[ "$(cat "$stamp" 2>/dev/null)" = "$sum" ] && return
	say "loading suite $suite into $flavour"
	if [ "$file" = "$sdir/load.sql" ]; then
		q "$flavour" "-c client_min_messages=warning" -f "$file" >/dev/null
	else
		mkdir -p "$work/generated"
		PGHOST=localhost PGPORT=${port[$flavour]} PGUSER=postgres PGDATABASE=postgres \
			PGOPTIONS="-c client_min_messages=warning" \
			BIN=$(bindir_of "$flavour") DATA=$work/generated PATH="$venv/bin:$PATH" "$file" >/dev/null
	fi
	echo "$sum" >"$stamp"
	# Scans of pages that are not all-visible check every tuple: a load that leaves many would
	# make servers differ for no reason in the code.  (A few pages are normal: COPY extends a
	# table in bulk, and VACUUM leaves the new, empty pages at its end uninitialized.)
	local partial
	partial=$(q "$flavour" "" -Atc "SELECT string_agg(relname, ', ') FROM pg_class
		WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relallvisible < 0.99 * relpages")
	[ -z "$partial" ] || say "warning: not all-visible after loading into $flavour: $partial"
}

# The variables of a PARAMS entry, one per line: vars_of ENTRY
vars_of() { tr ' ' '\n' <<<"${1#*|}" | grep . || true; }

# A query's result, sorted unless the query orders it, as a checksum: result_of CONFIG QUERY
result_of() {
	local -a vars=() sort=(cat)
	local v
	while read -r v; do vars+=(-v "$v"); done < <(vars_of "${qparams[$2]}")
	grep -qi 'order[[:space:]]\+by' "${qfiles[$2]}" || sort=(env LC_ALL=C sort)
	q "${flavours[$1]}" "${opts[$1]}" "${vars[@]}" -At -f "${qfiles[$2]}" | "${sort[@]}" | sha256sum | cut -d' ' -f1
}

# One measurement: milliseconds of one execution (psql's \timing of the last statement), or for
# pgbench suites transactions per second.  measure CONFIG QUERY
measure() {
	local v
	if [ "$MODE" = pgbench ]; then
		local clients=1 seconds=10
		while read -r v; do
			case $v in CLIENTS=*) clients=${v#*=} ;; SECONDS=*) seconds=${v#*=} ;; esac
		done < <(vars_of "${qparams[$2]}")
		PGOPTIONS=${opts[$1]} "$(bindir_of "${flavours[$1]}")/pgbench" -n -M prepared \
			-h localhost -p "${port[${flavours[$1]}]}" -U postgres -c "$clients" -j "$clients" \
			-T "$seconds" -f "${qfiles[$2]}" postgres 2>/dev/null |
			awk '/^tps = / { print $3 }'
		return
	fi
	local -a vars=()
	while read -r v; do vars+=(-v "$v"); done < <(vars_of "${qparams[$2]}")
	{
		printf '%s\n' '\timing on' '\o /dev/null'
		cat "${qfiles[$2]}"
	} | q "${flavours[$1]}" "${opts[$1]}" "${vars[@]}" -f - | awk '/^Time:/ { t = $2 } END { print t }'
}

trap stop_servers EXIT
names=() flavours=() opts=()
for c in "${CONFIGS[@]}"; do
	IFS='|' read -r name flavour gucs <<<"$c"
	if [ -z "${port[$flavour]:-}" ]; then
		start_server "$flavour"
		load "$flavour"
	fi
	names+=("$name") flavours+=("$flavour") opts+=("$(pgoptions "$flavour" "$gucs")")
done
[ -z "${LOAD_ONLY:-}" ] || exit 0

say "prewarming"
for flavour in "${!port[@]}"; do
	q "$flavour" "" -c "SET client_min_messages = warning" -c "CREATE EXTENSION IF NOT EXISTS pg_prewarm" \
		-c "SELECT pg_prewarm(oid) FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'i', 'm')" >/dev/null
done

# The runs: each query file with each PARAMS entry.
ext=sql unit=ms
[ "$MODE" = sql ] || ext=pgbench unit=tps
qnames=() qfiles=() qparams=()
# BENCH_QUERIES="02-*" runs only the query files whose names match the pattern.
for f in "$sdir"/queries/${BENCH_QUERIES:-*}."$ext"; do
	[ -f "$f" ] || die "no query of suite '$suite' matches '${BENCH_QUERIES:-*}'"
	for p in "${PARAMS[@]}"; do
		label=${p%%|*}
		qnames+=("$(basename "$f" ".$ext")${label:+@$label}") qfiles+=("$f") qparams+=("$p")
	done
done

if [ "$MODE" = sql ]; then
	say "correctness gate: ${#qnames[@]} queries x ${#names[@]} configurations against ${names[0]}"
	bad=0
	for j in "${!qnames[@]}"; do
		ref=$(result_of 0 "$j")
		for i in "${!names[@]}"; do
			if [ "$i" -gt 0 ] && [ "$(result_of "$i" "$j")" != "$ref" ]; then
				say "WRONG RESULT: ${qnames[$j]} under ${names[$i]} differs from ${names[0]}"
				bad=$((bad + 1))
			fi
		done
	done
	[ "$bad" -eq 0 ] || die "$bad wrong results; no timings are reported for a run that returns wrong answers"
fi

mkdir -p "$out"
csv=$out/results.csv
echo "query,config,rep,$unit" >"$csv"
say "measuring: $REPS repetitions of ${#qnames[@]} runs x ${#names[@]} configurations, interleaved"
started=$(date +%s)
for rep in $(seq "$REPS"); do
	for j in "${!qnames[@]}"; do
		for i in "${!names[@]}"; do
			v=$(measure "$i" "$j")
			[ -n "$v" ] || die "no measurement for ${qnames[$j]} under ${names[$i]}"
			echo "${qnames[$j]},${names[$i]},$rep,$v" >>"$csv"
		done
	done
done

{
	echo "suite=$suite"
	echo "date=$(date -u +%Y-%m-%dT%H:%MZ)"
	echo "machine=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB"
	echo "series=$(series_id)"
	echo "repetitions=$REPS, configurations interleaved; measuring took $(($(date +%s) - started)) s"
	echo "settings=$(grep -v '^#' "$work/settings.conf" | sed 's/ *#.*//' | grep . | paste -sd ';' | sed 's/;/; /g')"
	for flavour in "${!port[@]}"; do
		echo "huge pages $flavour=$(q "$flavour" "" -Atc "SHOW huge_pages_status")"
	done
	for i in "${!names[@]}"; do
		echo "config ${names[$i]}=${flavours[$i]} build${opts[$i]:+, PGOPTIONS=${opts[$i]# }}"
	done
} >"$out/conditions.txt"
"$venv/bin/python" "$TOP/bench/report.py" "$out"
cat "$out/results.md"
