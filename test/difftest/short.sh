#!/usr/bin/env bash
# The differential tester in make check: a fixed-seed run of 600 queries, each under every
# configuration and on vanilla 18.6, must find no difference; and a configuration that returns
# different floats must be reported, with a reproducer.
set -euo pipefail
run=$(dirname "$0")/../../scripts/fuzz.sh
# clusters of its own: a make fuzz beside it keeps its tables and servers
export FUZZ_DIR
FUZZ_DIR=$(cd "$(dirname "$0")/../.." && pwd)/build/difftest-check
QUERIES=600 SEED=20261123 "$run"

work=$FUZZ_DIR
rm -f "$work"/difftest-seed7-*.sql
if out=$(QUERIES=60 SEED=7 WRONG=1 "$run" 2>&1); then
	echo "FAIL: a configuration returning different floats was not reported"
	exit 1
fi
echo "$out" | tail -n 3
grep -q '^DIFFERENCE in query' <<<"$out" || { echo "FAIL: no difference named"; exit 1; }
compgen -G "$work/difftest-seed7-q*.sql" >/dev/null || { echo "FAIL: no reproducer written"; exit 1; }
grep -l '^-- wrong: ' "$work"/difftest-seed7-q*.sql >/dev/null || { echo "FAIL: reproducer without results"; exit 1; }
echo "differences are reported"
