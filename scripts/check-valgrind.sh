#!/usr/bin/env bash
# make check-valgrind [TESTS="t1 t2"]: the executor's regression tests and the batching tests under
# valgrind memcheck, on the debug build (cassert and USE_VALGRIND, see build.sh).  Fails on any
# error valgrind reports (after PostgreSQL's own suppressions, src/tools/valgrind.supp) and on any
# test failure.  Work files and valgrind's logs (one per process) are in build/check-valgrind/.
#
# The regress schedule up to sanity_check creates the tables the later tests read; it runs on the
# same server without valgrind first, so that valgrind's time goes to the queries that exercise the
# executor.  The tests below keep their schedule groups, which run in parallel as in
# parallel_schedule.
#
# ORIGINS=no leaves out --track-origins (without it, executor_batch reached the same point in 6.5
# minutes instead of 18 here): an error is still found and reported, only without where its
# uninitialised value came from (rerun with the default for that).  make check's short form uses it.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# Regression tests that run queries through scans, joins, aggregation, sorting, cursors and
# parallel plans, and the tests the series adds; TESTS replaces them.
tests=${TESTS:-select_distinct select_distinct_on select_implicit select_having subselect union
	case join aggregates portals tablesample groupingsets join_hash tidscan tidrangescan
	incremental_sort select_parallel window limit rowtypes partition_aggregate explain memoize
	executor_batch index_batch}

origins=${ORIGINS:-yes}
case $origins in yes | no) ;; *) die "ORIGINS is yes or no, not '$origins'" ;; esac
command -v valgrind >/dev/null || die "valgrind is not installed (Debian: valgrind)"
"$TOP/scripts/build.sh" debug
b=$BUILD/debug
# meson's setup suite makes the temporary installation that includes the test modules.
as_builder meson test -C "$b" --no-rebuild --quiet --suite setup >/dev/null ||
	die "meson test --suite setup failed (log: $b/meson-logs/testlog.txt)"
bin=$b/tmp_install$(prefix_of debug)/bin

work=$BUILD/check-valgrind
rm -rf "$work"
builder_dir "$work"
data=$work/data
as_builder "$bin/initdb" -D "$data" --auth=trust -E UTF8 --no-locale --no-sync \
	>"$work/initdb.log" 2>&1 || die "initdb failed (log: $work/initdb.log)"
port=$(free_port)
cat >>"$data/postgresql.conf" <<CONF
port = $port
listen_addresses = ''
unix_socket_directories = '$work'
jit = off
jit_provider = 'none'
max_connections = 20
CONF

# JIT stays off even where a test turns it on: no provider library is named 'none'.  (Loading the
# LLVM provider under valgrind reports errors in the dynamic loader, and generated code is beyond
# memcheck's suppressions.)
#
# The server's processes all descend from the postmaster by fork(), so valgrind follows them
# without --trace-children.  --error-markers delimit each report in the logs.
wrapper=$work/postgres-valgrind
cat >"$wrapper" <<WRAPPER
#!/bin/sh
exec valgrind --quiet --leak-check=no --track-origins=$origins --num-callers=30 --error-limit=no \\
	--suppressions="$TREE/src/tools/valgrind.supp" --gen-suppressions=all \\
	--error-markers=VALGRINDERROR-BEGIN,VALGRINDERROR-END \\
	--log-file="$work/valgrind.%p.log" "$bin/postgres" "\$@"
WRAPPER
chmod 755 "$wrapper"

pg_ctl() { as_builder "$bin/pg_ctl" -D "$data" -l "$work/server.log" -w -t 600 "$@" >/dev/null; }
trap 'pg_ctl -m immediate stop 2>/dev/null || true' EXIT

regress=$b/src/test/regress
src=$TREE/src/test/regress
# run_tests RUNNER INPUTDIR OUTPUT-NAME DBNAME [pg_regress options and tests...]
failed=()
run_tests() {
	local runner=$1 input=$2 name=$3 db=$4
	shift 4
	as_builder "$runner" --host="$work" --port="$port" --bindir="$bin" --dlpath="$regress" \
		--inputdir="$input" --expecteddir="$input" --outputdir="$work/$name" --dbname="$db" \
		"$@" >"$work/$name.log" 2>&1 || failed+=("$name: $work/$name/regression.diffs")
	say "$name: $(tail -n 1 "$work/$name.log")"
}

# The schedule's groups, up to sanity_check and after it restricted to the chosen tests.
setup_schedule=$work/setup_schedule
sed '/^test: sanity_check/q' "$src/parallel_schedule" >"$setup_schedule"
schedule=$work/valgrind_schedule
sed '1,/^test: sanity_check/d' "$src/parallel_schedule" | while read -r word group; do
	[ "$word" = "test:" ] || continue
	chosen=$(for t in $group; do
		for w in $tests; do [ "$t" != "$w" ] || printf '%s ' "$t"; done
	done)
	[ -z "$chosen" ] || echo "test: $chosen"
done >"$schedule"
# A test named in TESTS that no group after sanity_check holds would be silently skipped.
for w in $tests; do
	grep -q -w -- "$w" "$schedule" || die "'$w' is not a regression test after sanity_check"
done

say "setting up the regression database (without valgrind)"
pg_ctl start
run_tests "$regress/pg_regress" "$src" setup regression --schedule="$setup_schedule"
pg_ctl -m fast stop
[ ${#failed[@]} -eq 0 ] || die "setting up the regression database failed: ${failed[*]}"

say "starting the server under valgrind (logs: $work/valgrind.*.log)"
pg_ctl -p "$wrapper" start
run_tests "$regress/pg_regress" "$src" regress regression --use-existing --schedule="$schedule"
run_tests "$b/src/test/isolation/pg_isolation_regress" "$TREE/src/test/isolation" isolation \
	isolation_regression executor-batch-epq index-batch-vacuum
run_tests "$regress/pg_regress" "$TREE/src/test/modules/deform_bench" deform_bench \
	contrib_regression deform_bench
pg_ctl -m fast stop
trap - EXIT

# No logs would mean the server never ran under valgrind, and "no errors" would mean nothing.
logs=$(find "$work" -name 'valgrind.*.log' | wc -l)
[ "$logs" -gt 0 ] || die "valgrind wrote no logs: the server did not run under it ($wrapper)"
errors=$(cat "$work"/valgrind.*.log | grep -c VALGRINDERROR-BEGIN || true)
if [ "$errors" -gt 0 ]; then
	grep -l VALGRINDERROR-BEGIN "$work"/valgrind.*.log | head -n 5 | xargs sed -n \
		'/VALGRINDERROR-BEGIN/,/VALGRINDERROR-END/p' | head -n 60
	failed+=("valgrind reported $errors errors: grep -l VALGRINDERROR-BEGIN $work/valgrind.*.log")
fi
if [ ${#failed[@]} -gt 0 ]; then
	printf 'failed: %s\n' "${failed[@]}"
	exit 1
fi
# shellcheck disable=SC2086 # one line of test names
say "valgrind clean: $logs server processes, tests:" $tests
