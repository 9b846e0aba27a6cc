#!/usr/bin/env bash
# The tree/export round trip reproduces a series byte for byte, and re-exporting an unchanged
# tree changes no file: first for the committed series, then for a series made here.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

# The committed series.
cp "$TOP"/patches/*.patch "$PGBATCH_PATCHES"/ 2>/dev/null || true
committed=$(find "$PGBATCH_PATCHES" -name '*.patch' | wc -l)
"$TOP/scripts/tree.sh"
"$TOP/scripts/export.sh"
diff -r -x README.md "$TOP/patches" "$PGBATCH_PATCHES" || fail "patches/ did not survive tree + export"

# Three more patches on top of it: a change, a new file, a change on top of that.
commit_change src/backend/executor/README "A line added by the harness tests." "Change the executor README"
mkdir -p "$PGBATCH_TREE/src/test/modules/harness_test"
commit_change src/test/modules/harness_test/notes.txt "first" "Add a new file"
commit_change src/test/modules/harness_test/notes.txt "second" "Change the new file"
"$TOP/scripts/export.sh"
[ "$(find "$PGBATCH_PATCHES" -name '*.patch' | wc -l)" -eq $((committed + 3)) ] ||
	fail "expected $((committed + 3)) exported patches"
cp -r "$PGBATCH_PATCHES" "$SCRATCH/first"

# Unchanged tree: same bytes.
"$TOP/scripts/export.sh"
diff -r "$SCRATCH/first" "$PGBATCH_PATCHES" || fail "re-exporting an unchanged tree changed files"

# Rebuild the tree from the series and export again: same bytes, and the same commits each time.
"$TOP/scripts/tree.sh"
head1=$(git -C "$PGBATCH_TREE" rev-parse HEAD)
"$TOP/scripts/export.sh"
diff -r "$SCRATCH/first" "$PGBATCH_PATCHES" || fail "tree + export did not reproduce the series"
"$TOP/scripts/tree.sh"
[ "$(git -C "$PGBATCH_TREE" rev-parse HEAD)" = "$head1" ] || fail "rebuilding the tree gave other commit ids"
[ "$(git -C "$PGBATCH_TREE" rev-list --count upstream..HEAD)" -eq $((committed + 3)) ] ||
	fail "expected $((committed + 3)) commits on upstream"
# The same tarball under another name gives the same upstream commit (the vanilla build's stamp).
up=$(git -C "$PGBATCH_TREE" rev-parse upstream)
cp "$("$TOP/scripts/source.sh")" "$SCRATCH/postgresql-18.6.tar.bz2"
PG_TARBALL=$SCRATCH/postgresql-18.6.tar.bz2 FORCE=1 "$TOP/scripts/tree.sh"
[ "$(git -C "$PGBATCH_TREE" rev-parse upstream)" = "$up" ] || fail "the upstream commit depends on the tarball's name"
echo "round trip reproduced the series"
