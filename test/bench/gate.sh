#!/usr/bin/env bash
# bench/run.sh reports a run whose configurations agree, and fails loudly, without timings,
# when one configuration returns a different result; a suite naming another's CLUSTERS runs on
# them.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
chmod 755 "$scratch"  # the builder account writes the servers' data here when we are root
export BENCH_WORK=$scratch/work BENCH_RESULTS=$scratch/results SUITE=$TOP/test/bench/gate-suite

"$TOP/bench/run.sh"
grep -q '| 02-sum |' "$BENCH_RESULTS/results.md" || { echo "FAIL: no report for a correct run"; exit 1; }

# A suite on another suite's clusters (CLUSTERS) runs there, loading nothing.
out=$(SUITE=$TOP/test/bench/shared-suite BENCH_RESULTS=$scratch/shared "$TOP/bench/run.sh" 2>&1)
grep -q '| 02-sum |' "$scratch/shared/results.md" || { echo "FAIL: no report for the shared run"; exit 1; }
if grep -qE 'creating a|loading suite' <<<"$out"; then
	echo "$out"
	echo "FAIL: a suite on another suite's clusters made or loaded its own"
	exit 1
fi

rm -rf "$BENCH_RESULTS"
if out=$(GATE_WRONG=1 "$TOP/bench/run.sh" 2>&1); then
	echo "FAIL: a wrong result passed the correctness gate"
	exit 1
fi
echo "$out"
grep -q 'WRONG RESULT: 01-float under wrong' <<<"$out" || { echo "FAIL: the gate did not name the query"; exit 1; }
[ ! -e "$BENCH_RESULTS/results.csv" ] || { echo "FAIL: timings written for a wrong run"; exit 1; }
echo "the correctness gate works"
