#!/usr/bin/env bash
# make check-valgrind's short run in make check: the batching tests only (executor_batch,
# index_batch, the EPQ and index-batch-vacuum isolation tests and deform_bench) under valgrind
# memcheck, without --track-origins (nearly three times faster here; errors are still reported).
set -euo pipefail
ORIGINS=no TESTS="executor_batch index_batch" exec "$(dirname "$0")/../../scripts/check-valgrind.sh"
