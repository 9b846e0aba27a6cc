#!/usr/bin/env bash
# make smith [SMITH_QUERIES=n] [SEED=n]: random SQL from sqlsmith (Debian package) against the
# debug (cassert) build with executor batching on, as an unprivileged role, on a cluster of its own
# in build/sqlsmith/.  Fails on any crash, assertion failure or internal error (SQLSTATE XX000);
# the statements involved are saved in build/sqlsmith/failures.log.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

command -v sqlsmith >/dev/null || die "sqlsmith is not installed (Debian: sqlsmith)"
queries=${SMITH_QUERIES:-20000}
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
say "sqlsmith: $queries queries, seed $seed (SEED=$seed reproduces the run)"
as_builder sqlsmith --target="host=localhost port=$port dbname=postgres user=smith" \
	--seed="$seed" --max-queries="$queries" >"$work/sqlsmith.out" 2>&1 || true
tail -n 5 "$work/sqlsmith.out"

# what went wrong, with the statements the server logged for it
tail -c +"$((offset + 1))" "$log" |
	grep -E -A3 'TRAP:|terminated by signal|PANIC|\] XX000 ' >"$work/failures.log" || true
if [ -s "$work/failures.log" ]; then
	head -n 40 "$work/failures.log"
	die "sqlsmith found crashes or internal errors: $work/failures.log"
fi
cluster_running debug "$data" || die "the server is down after the run (log: $log)"
say "sqlsmith: no crash, assertion failure or internal error"
