#!/usr/bin/env bash
# make fuzz [DURATION=seconds] [SEED=n] [QUERIES=n]: the differential tester
# (test/difftest/difftest.py) against the debug (cassert) build and vanilla 18.6, on clusters of
# their own in build/difftest/.  Reproducers of any difference are written there too.  Exits
# non-zero if a query differed.
# WRONG=1 adds a configuration that returns different floats (to see a difference reported).
# FUZZ_DIR replaces build/difftest (make check's short run has its own, so that it can run beside
# a long one).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

duration=${DURATION:-600}
seed=${SEED:-$(date +%s)}
work=${FUZZ_DIR:-$BUILD/difftest}

"$TOP/scripts/build.sh" debug
"$TOP/scripts/build.sh" vanilla
ensure_build_dir
builder_dir "$work"
vport=$(start_cluster vanilla "$work/vanilla")
pport=$(start_cluster debug "$work/debug")
trap 'stop_cluster vanilla "$work/vanilla"; stop_cluster debug "$work/debug"' EXIT

say "difftest: seed $seed, ${duration} s (SEED=$seed reproduces the run)"
args=(--vanilla "$vport" --patched "$pport" --seed "$seed" --out "$work")
[ -z "${WRONG:-}" ] || args+=(--wrong)
if [ -n "${QUERIES:-}" ]; then
	args+=(--queries "$QUERIES")
else
	args+=(--duration "$duration")
fi
as_builder /usr/bin/python3 "$TOP/test/difftest/difftest.py" "${args[@]}"
