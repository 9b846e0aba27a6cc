#!/usr/bin/env bash
# "make tree" never destroys work: uncommitted changes, untracked files and commits that are not
# exported are refused and left in place; FORCE=1 replaces the tree.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"
readme=$PGBATCH_TREE/src/backend/executor/README

"$TOP/scripts/tree.sh"
echo "uncommitted work" >>"$readme"
expect_fail "uncommitted changes" "$TOP/scripts/tree.sh"
grep -q "uncommitted work" "$readme" || fail "the uncommitted change was destroyed"
git -C "$PGBATCH_TREE" checkout -q -- src/backend/executor/README

echo "new file" >"$PGBATCH_TREE/untracked.c"
expect_fail "uncommitted changes" "$TOP/scripts/tree.sh"
[ -f "$PGBATCH_TREE/untracked.c" ] || fail "the untracked file was destroyed"
rm "$PGBATCH_TREE/untracked.c"

commit_change src/backend/executor/README "committed work" "Change the executor README"
head=$(git -C "$PGBATCH_TREE" rev-parse HEAD)
expect_fail "not exported" "$TOP/scripts/tree.sh"
[ "$(git -C "$PGBATCH_TREE" rev-parse HEAD)" = "$head" ] || fail "the unexported commit was destroyed"

# Exported, the same tree is rebuilt from the series without complaint.
"$TOP/scripts/export.sh"
"$TOP/scripts/tree.sh"
grep -q "committed work" "$readme" || fail "the exported commit is missing from the new tree"

# FORCE=1 throws work away on purpose.
echo "to be discarded" >>"$readme"
FORCE=1 "$TOP/scripts/tree.sh"
if grep -q "to be discarded" "$readme"; then fail "FORCE=1 kept the old tree"; fi
# A directory in the way that is not a work tree is not taken for one.
rm -rf "$PGBATCH_TREE"
mkdir -p "$PGBATCH_TREE"
echo "not a git tree" >"$PGBATCH_TREE/notes"
expect_fail "not a git work tree" "$TOP/scripts/tree.sh"
[ -f "$PGBATCH_TREE/notes" ] || fail "the directory in the way was destroyed"
echo "dirty trees are refused, FORCE=1 replaces"
