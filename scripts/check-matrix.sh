#!/usr/bin/env bash
# make check-matrix [MODES="name ..."]: PostgreSQL's regress and isolation suites, with their
# expected output unchanged, once per configuration of the executor and of the I/O subsystem.
# Each mode's settings go into the temporary instance's postgresql.conf (pg_regress
# --temp-config), so server-level settings such as io_method work too.  Diffs of a failing mode are
# kept in build/check-matrix/<mode>/.  make check runs the cheap subset (BATCH_MODES in check.sh).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

declare -A SETTINGS=(
	[batching-off]="executor_batching = off"
	[rows-1]="executor_batch_rows = 1"
	[rows-7]="executor_batch_rows = 7"
	[rows-64]="executor_batch_rows = 64"
	[rows-1024]="executor_batch_rows = 1024"
	[jit]="jit = on
jit_above_cost = 0
jit_inline_above_cost = 0
jit_optimize_above_cost = 0"
	[io-sync]="io_method = sync"
	[io-worker]="io_method = worker"
	[io-uring]="io_method = io_uring"
)
modes=${MODES:-batching-off rows-1 rows-7 rows-64 rows-1024 jit io-sync io-worker io-uring}

"$TOP/scripts/build.sh" debug
b=$BUILD/debug
as_builder meson test -C "$b" --no-rebuild --quiet --suite setup >/dev/null ||
	die "meson test --suite setup failed (log: $b/meson-logs/testlog.txt)"
work=$BUILD/check-matrix
rm -rf "$work"
builder_dir "$work"
regress=$b/src/test/regress
isolation=$b/src/test/isolation
env=(PATH="$b/tmp_install$(prefix_of debug)/bin:$regress:$isolation:/usr/bin:/bin"
	INITDB_TEMPLATE="$b/tmp_install/initdb-template" REGRESS_SHLIB="$regress/regress.so"
	PG_REGRESS="$regress/pg_regress" top_builddir="$b")

# One pg_regress-style suite of a mode: suite OUT NAME RUNNER SRCDIR SCHEDULE DBNAME
suite() {
	local out=$1 name=$2 runner=$3 src=$4
	say "mode $(basename "$out"): $name"
	as_builder env "${env[@]}" "$runner" --temp-config="$out/mode.conf" \
		--inputdir "$src" --expecteddir "$src" --bindir= --dlpath "$(dirname "$runner")" \
		--max-concurrent-tests=20 --dbname "$6" --outputdir "$out/$name" \
		--temp-instance "$out/$name/tmp_check" --schedule "$src/$5" >"$out/$name.log" 2>&1 ||
		failed+=("$(basename "$out") $name: $out/$name/regression.diffs")
	tail -n 1 "$out/$name.log"
}

failed=()
for m in $modes; do
	[ -n "${SETTINGS[$m]:-}" ] || die "unknown mode '$m' (${!SETTINGS[*]})"
	out=$work/$m
	builder_dir "$out"
	printf '%s\n' "${SETTINGS[$m]}" >"$out/mode.conf"
	suite "$out" regress "$regress/pg_regress" "$TREE/src/test/regress" parallel_schedule regression
	suite "$out" isolation "$isolation/pg_isolation_regress" "$TREE/src/test/isolation" \
		isolation_schedule isolation_regression
done

if [ ${#failed[@]} -gt 0 ]; then
	printf 'failed: %s\n' "${failed[@]}"
	exit 1
fi
say "matrix green: $modes"
