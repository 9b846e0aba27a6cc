#!/usr/bin/env bash
# A tarball whose SHA-256 is not the pinned one is refused with a clear message, whether it is
# given with PG_TARBALL or found in the cache, and no work tree is made from it.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

printf 'not postgresql\n' | bzip2 >"$SCRATCH/postgresql-18.6.tar.bz2"
expect_fail "SHA-256" env PG_TARBALL="$SCRATCH/postgresql-18.6.tar.bz2" "$TOP/scripts/tree.sh"
[ ! -e "$PGBATCH_TREE" ] || fail "a work tree was made from a bad tarball"

. "$TOP/upstream.conf"
mkdir -p "$SCRATCH/cache"
cp "$SCRATCH/postgresql-18.6.tar.bz2" "$SCRATCH/cache/$PG_ORIG_TARBALL"
expect_fail "SHA-256" env PGBATCH_CACHE="$SCRATCH/cache" "$TOP/scripts/source.sh"

expect_fail "no such file" env PG_TARBALL="$SCRATCH/missing.tar.bz2" "$TOP/scripts/source.sh"
echo "bad tarballs are refused"
