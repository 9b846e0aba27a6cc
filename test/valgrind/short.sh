#!/usr/bin/env bash
# make check-valgrind's short run in make check: the batching tests only (executor_batch, the EPQ
# isolation test and deform_bench) under valgrind memcheck.
set -euo pipefail
TESTS=executor_batch exec "$(dirname "$0")/../../scripts/check-valgrind.sh"
