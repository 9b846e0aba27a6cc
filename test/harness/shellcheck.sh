#!/usr/bin/env bash
# The harness's shell scripts pass shellcheck.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v shellcheck >/dev/null || { echo "shellcheck is not installed"; exit 1; }
make -s lint
