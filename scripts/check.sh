#!/usr/bin/env bash
# make check [SUITE=name]: build the debug flavour, run PostgreSQL's meson test suite on it and the
# project's own suites (test/<suite>/*.sh), and end with one line "N passed, N failed, N skipped".
#
# SUITE names one project suite (a directory under test/), one or more meson suites (regress,
# isolation, recovery, ...; see 'meson test -C build/debug --list') or "batch-modes" (regress and
# isolation once per setting in BATCH_MODES).  Without it, everything runs.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

suite=${SUITE:-}
logs=$BUILD/check-logs
passed=0 failed=0 skipped=0
failures=()
# what each failed test printed, shown before the summary (CI keeps only the end of the output)
excerpts=()

# Results must not depend on batching: regress and isolation run again, with their expected output
# unchanged, with each of these settings (passed to every test session through PGOPTIONS).
BATCH_MODES=(executor_batching=off executor_batch_rows=1 executor_batch_rows=1024)

# PostgreSQL's own tests, through meson; results are read back from meson's JSON log.
run_meson_tests() {
	local -a args=()
	local s
	for s in "$@"; do
		args+=(--suite "$s")
	done
	# The setup suite installs the temporary installation every other suite runs against.
	[ $# -eq 0 ] || args=(--suite setup "${args[@]}")
	"$TOP/scripts/build.sh" debug
	# TAP tests run in their source directory, and the ecpg ones have ecpg write t/*.c there
	# (removed again when ecpg reports the expected errors).  The tree is not the builder's, so
	# let it write in that one directory.
	if is_root; then
		chgrp "$BUILDER" "$TREE/src/interfaces/ecpg/preproc/t"
		chmod g+w "$TREE/src/interfaces/ecpg/preproc/t"
	fi
	local mode=${PGOPTIONS:+ with PGOPTIONS=$PGOPTIONS}
	local log=$logs/meson-test${PGOPTIONS:+-${PGOPTIONS//[^a-z0-9_=]/}}.log
	say "running PostgreSQL's meson tests${1:+ (suites: $*)}$mode"
	rm -f "$BUILD/debug/meson-logs/testlog.json"
	as_builder meson test -C "$BUILD/debug" --no-rebuild "${args[@]}" 2>&1 | tee "$log" || true
	if [ ! -s "$BUILD/debug/meson-logs/testlog.json" ]; then
		failed=$((failed + 1))
		failures+=("meson test did not run$mode: $log")
		return
	fi
	local counts
	counts=$(python3 - "$BUILD/debug/meson-logs/testlog.json" <<'EOF'
import json, sys
p = f = s = 0
bad = []
for line in open(sys.argv[1]):
    t = json.loads(line)
    r = t["result"]
    if r in ("OK", "EXPECTEDFAIL"):
        p += 1
    elif r == "SKIP":
        s += 1
    else:
        f += 1
        bad.append(t["name"].split(" / ", 1)[-1])
print(p, f, s, *bad)
EOF
	)
	local p f s rest
	read -r p f s rest <<<"$counts"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	say "meson tests$mode: $p passed, $f failed, $s skipped"
	local t d keep e
	for t in $rest; do
		failures+=("meson test $t$mode: $BUILD/debug/testrun/$t/")
		while read -r d; do
			# a later mode reuses the test directory: keep the diffs under the log's name
			keep=${log%.log}-${t//\//-}.diffs
			cp "$d" "$keep"
			failures+=("    $keep")
			excerpts+=("== $t$mode: $keep" "$(head -n 30 "$keep")")
		done < <(find "$BUILD/debug/testrun/$t" -name regression.diffs 2>/dev/null)
		e=$(tap_excerpt "$t" "$mode")
		[ -z "$e" ] || excerpts+=("$e")
	done
}

# The failed subtests of TAP test $1 with their diagnostics, or the end of its log if it died
# before reporting one.
tap_excerpt() {
	local f
	for f in "$BUILD/debug/testrun/$1"/log/regress_log_*; do
		[ -f "$f" ] || continue
		echo "== $1$2: $f"
		if grep -q ' not ok ' "$f"; then
			grep -m 3 -A 12 ' not ok ' "$f"
		else
			tail -n 20 "$f"
		fi
	done
}

run_batch_modes() {
	local m
	for m in "${BATCH_MODES[@]}"; do
		PGOPTIONS="-c $m" run_meson_tests regress isolation
	done
}

# A project suite is a directory of executable test scripts; each one is a test that passes
# when it exits 0.  They run as the invoking user, the way a developer runs the harness.
run_project_suite() {
	local name=$1 t base
	say "running project suite '$name'"
	mkdir -p "$logs/$name"
	for t in "$TOP/test/$name"/*.sh; do
		[ -x "$t" ] || continue
		base=$(basename "$t" .sh)
		if "$t" >"$logs/$name/$base.log" 2>&1; then
			printf 'ok      %s/%s\n' "$name" "$base"
			passed=$((passed + 1))
		else
			printf 'FAIL    %s/%s\n' "$name" "$base"
			failed=$((failed + 1))
			failures+=("project test $name/$base: $logs/$name/$base.log")
		fi
	done
}

started=$(date +%s)
ensure_build_dir
rm -rf "$logs"
mkdir -p "$logs"

if [ -z "$suite" ]; then
	run_meson_tests
	run_batch_modes
	for d in "$TOP"/test/*/; do
		run_project_suite "$(basename "$d")"
	done
elif [ "$suite" = batch-modes ]; then
	run_batch_modes
elif [ -d "$TOP/test/$suite" ]; then
	run_project_suite "$suite"
else
	# shellcheck disable=SC2086 # SUITE may name several meson suites
	run_meson_tests $suite
fi

if [ ${#excerpts[@]} -gt 0 ]; then
	echo
	echo "What the failed meson tests printed (diffs' first lines, failed TAP subtests):"
	printf '%s\n' "${excerpts[@]}"
fi
if [ ${#failures[@]} -gt 0 ]; then
	echo
	echo "Failed tests, with their logs:"
	printf '  %s\n' "${failures[@]}"
fi
echo "Logs: $logs and $BUILD/debug/meson-logs/testlog.txt"
echo "Elapsed: $(($(date +%s) - started)) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
