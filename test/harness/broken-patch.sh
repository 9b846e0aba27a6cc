#!/usr/bin/env bash
# A patch that does not apply stops "make tree" and is named; the patches before it are applied.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

"$TOP/scripts/tree.sh"
commit_change src/backend/executor/README "A line added by the harness tests." "Change the executor README"
"$TOP/scripts/export.sh"
cat >"$PGBATCH_PATCHES/0002-Does-not-apply.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: tester <tester@localhost>
Date: Sun, 1 Nov 2026 00:00:00 +0000
Subject: [PATCH 2/2] Does not apply

---
 src/backend/executor/README | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/src/backend/executor/README b/src/backend/executor/README
--- a/src/backend/executor/README
+++ b/src/backend/executor/README
@@ -1,3 +1,3 @@
-This line is not in the README.
+Neither is this one.
 Nor this.
 Nor that.
PATCH
expect_fail "0002-Does-not-apply.patch" env FORCE=1 "$TOP/scripts/tree.sh"
[ "$(git -C "$PGBATCH_TREE" rev-list --count upstream..HEAD)" -eq 1 ] ||
	fail "the patch before the broken one should be applied"
[ -z "$(git -C "$PGBATCH_TREE" status --porcelain)" ] || fail "a failed git am was left behind"
echo "broken patch reported by name"
