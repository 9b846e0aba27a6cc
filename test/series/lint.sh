#!/usr/bin/env bash
# make lint-series in make check: the patches in patches/ apply in order with git am, and each has
# a commit message of at most 40 lines with the Author: and Discussion: trailers and is
# whitespace- and pgindent-clean.
set -euo pipefail
exec "$(dirname "$0")/../../scripts/lint-series.sh"
