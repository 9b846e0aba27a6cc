#!/usr/bin/env bash
# sqlsmith's short fixed-seed run in make check.
set -euo pipefail
SMITH_QUERIES=1000 SEED=20261123 exec "$(dirname "$0")/../../scripts/smith.sh"
