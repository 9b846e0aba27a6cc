#!/usr/bin/env bash
# make smith [SMITH_QUERIES=n | DURATION=seconds] [SEED=n]: random SQL from sqlsmith (Debian
# package) against the debug (cassert) build with executor batching on, as an unprivileged role,
# on a cluster of its own in build/sqlsmith/.  Fails on any crash or assertion failure, and on any
# internal error (SQLSTATE XX000) that vanilla 18.6 does not raise for the same statement; the
# statements involved are saved in build/sqlsmith/failures.log.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

command -v sqlsmith >/dev/null || die "sqlsmith is not installed (Debian: sqlsmith)"
queries=${SMITH_QUERIES:-20000}
duration=${DURATION:-}
seed=${SEED:-$(date +%s)}
work=$BUILD/sqlsmith
data=$work/debug

"$TOP/scripts/build.sh" debug
ensure_build_dir
builder_dir "$work"
conf=$work/sqlsmith.conf
cat >"$conf" <<'CONF'
executor_batching = on
log_min_error_statement = error
log_line_prefix = '%m [%p] %e '
statement_timeout = '5s'
CONF
chmod 644 "$conf"
port=$(start_cluster debug "$data" "$conf")
trap 'stop_cluster debug "$data"' EXIT
as_builder "$(bindir_of debug)/psql" -X -q -h localhost -p "$port" -U postgres -d postgres \
	-v ON_ERROR_STOP=1 -f "$TOP/test/sqlsmith/load.sql" >/dev/null || die "loading the tables failed"

log=$data.log
offset=$(stat -c %s "$log")
# With a duration, sqlsmith runs until timeout interrupts it; it then prints its final report
# (--verbose) like at the end of a counted run.
limit=()
if [ -n "$duration" ]; then
	limit=(timeout --signal=INT "$duration")
	queries=100000000
	say "sqlsmith: ${duration} s, seed $seed (the same seed repeats its queries)"
else
	say "sqlsmith: $queries queries, seed $seed (SEED=$seed reproduces the run)"
fi
as_builder "${limit[@]}" sqlsmith --verbose --target="host=localhost port=$port dbname=postgres user=smith" \
	--seed="$seed" --max-queries="$queries" >"$work/sqlsmith.out" 2>&1 || true
ran=$(grep -a '^queries: ' "$work/sqlsmith.out" | tail -n 1)
say "sqlsmith: ${ran:-no report}, $(grep -a '^error rate: ' "$work/sqlsmith.out" | tail -n 1)"

# crashes and assertion failures, with the statements the server logged for them
tail -c +"$((offset + 1))" "$log" >"$work/run.log"
grep -E -A3 'TRAP:|terminated by signal|PANIC' "$work/run.log" >"$work/failures.log" || true
if [ -s "$work/failures.log" ]; then
	head -n 40 "$work/failures.log"
	die "sqlsmith found crashes or assertion failures: $work/failures.log"
fi
cluster_running debug "$data" || die "the server is down after the run (log: $log)"

# Internal errors (XX000) count only where vanilla 18.6 does not raise one for the same statement:
# sqlsmith reaches a few elog() calls of upstream code, which are not ours to fix.
awk '/\] XX000 STATEMENT:/ { p = 1; sub(/.*XX000 STATEMENT:  /, ""); print; next }
	p && /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] / { p = 0; print ";" }
	p { print }
	END { if (p) print ";" }' "$work/run.log" >"$work/internal.sql"
if [ -s "$work/internal.sql" ]; then
	ours=$(grep -c '^;$' "$work/internal.sql")
	"$TOP/scripts/build.sh" vanilla
	vport=$(start_cluster vanilla "$work/vanilla")
	trap 'stop_cluster debug "$data"; stop_cluster vanilla "$work/vanilla"' EXIT
	as_builder "$(bindir_of vanilla)/psql" -X -q -h localhost -p "$vport" -U postgres \
		-d postgres -v ON_ERROR_STOP=1 -f "$TOP/test/sqlsmith/load.sql" >/dev/null 2>&1 ||
		die "loading the tables into vanilla failed"
	upstream=$(as_builder "$(bindir_of vanilla)/psql" -X -h localhost -p "$vport" -U smith \
		-d postgres -v VERBOSITY=verbose -f "$work/internal.sql" 2>&1 | grep -c 'ERROR:  XX000' || true)
	if [ "$upstream" -lt "$ours" ]; then
		cp "$work/internal.sql" "$work/failures.log"
		die "sqlsmith found $ours internal errors, $upstream of them also on vanilla: $work/failures.log"
	fi
	say "sqlsmith: $ours internal errors, all also raised by vanilla 18.6 ($work/internal.sql)"
fi
say "sqlsmith: no crash, assertion failure or internal error of ours"
