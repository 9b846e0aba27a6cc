#!/usr/bin/env bash
# make results-page: write bench/results/README.md for the suites named (bench/results-page.py),
# marking each table current or stale against the series in patches/, as results-status does.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

"$TOP/bench/results-page.py" "$TOP/bench/results" "$TOP/bench" "$(series_hash)" "$@"
