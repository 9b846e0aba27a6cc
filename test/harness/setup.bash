# shellcheck shell=bash disable=SC2034 # variables here are used by the tests that source it
# Sourced by the harness tests: a scratch work tree and series, so that the developer's
# postgres/ and patches/ are never touched, and a few assertions.
set -euo pipefail
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
export PGBATCH_TREE=$SCRATCH/postgres PGBATCH_PATCHES=$SCRATCH/patches
mkdir -p "$PGBATCH_PATCHES"
# Commits made by the tests themselves.
export GIT_AUTHOR_NAME=tester GIT_AUTHOR_EMAIL=tester@localhost
export GIT_COMMITTER_NAME=tester GIT_COMMITTER_EMAIL=tester@localhost

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# Run a command that must fail, and whose output must contain a string: expect_fail STRING CMD...
expect_fail() {
	local want=$1 out
	shift
	if out=$("$@" 2>&1); then
		fail "'$*' succeeded but should have failed"
	fi
	printf '%s\n' "$out"
	grep -qF -- "$want" <<<"$out" || fail "'$*' failed without saying '$want'"
}

# Commit a small change to the scratch tree: commit_change FILE LINE SUBJECT
commit_change() {
	echo "$2" >>"$PGBATCH_TREE/$1"
	git -C "$PGBATCH_TREE" add "$1"
	git -C "$PGBATCH_TREE" commit -q -m "$3" -m "Body of '$3', written by the harness tests."
}
