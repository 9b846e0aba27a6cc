#!/usr/bin/env bash
# make check-series passes clean patches (a comment, a header) and names each kind of defect
# with its patch and step: a compiler warning (gcc and clang), documentation that no longer
# validates, a header that does not compile on its own, and, through lint-series, code pgindent
# would change and a message without trailers.  The tests step is left out (STEPS): it is PostgreSQL's own suite.
# The first run builds the pristine tree in build/series (a few minutes); later runs are
# incremental.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

[ -x "$TOP/build/debug/src/tools/pg_bsd_indent/pg_bsd_indent" ] || {
	echo "skipped: no debug build (make debug) for pg_bsd_indent"
	exit 0
}
"$TOP/scripts/tree.sh"
trailers=$'Author: tester <tester@localhost>\nDiscussion: https://www.postgresql.org/message-id/x'

# Commit a patch that appends text to a file: add_patch FILE TEXT MESSAGE
add_patch() {
	mkdir -p "$(dirname "$PGBATCH_TREE/$1")"
	printf '%s\n' "$2" >>"$PGBATCH_TREE/$1"
	git -C "$PGBATCH_TREE" add "$1"
	git -C "$PGBATCH_TREE" commit -q -m "$3"
}

add_patch src/backend/utils/adt/int.c $'\n/* A comment the harness tests add. */' \
	"Add a comment"$'\n\n'"$trailers"
add_patch src/include/utils/harness_ok.h "$(
	cat <<'EOF'
/* A header that compiles on its own. */
#ifndef HARNESS_OK_H
#define HARNESS_OK_H

#include "nodes/pg_list.h"

extern List *harness_ok_list(void);

#endif
EOF
)" "Add a clean header"$'\n\n'"$trailers"
add_patch src/backend/utils/adt/int8.c "$(
	cat <<'EOF'

extern int	harness_warning(void);

int
harness_warning(void)
{
	int			unused;

	return 0;
}
EOF
)" "Add a warning"$'\n\n'"$trailers"
add_patch doc/src/sgml/ref/explain.sgml "<para>An unclosed paragraph." \
	"Break the docs"$'\n\n'"$trailers"
add_patch src/backend/executor/execMain.c 'static int  badly_indented (int x) { return x; }' \
	"Add a function"$'\n\n'"$trailers"
add_patch src/backend/executor/README "A line without trailers." "Add a line"
add_patch src/include/utils/harness_check.h "$(
	cat <<'EOF'
/* A header that needs one it does not include. */
#ifndef HARNESS_CHECK_H
#define HARNESS_CHECK_H

extern List *harness_list(void);

#endif
EOF
)" "Add a header"$'\n\n'"$trailers"
"$TOP/scripts/export.sh"

out=$(STEPS="gcc clang headers docs" "$TOP/scripts/check-series.sh" 2>&1) &&
	fail "check-series passed a series with defects"
printf '%s\n' "$out"
for want in \
	"FAIL 0003-Add-a-warning: gcc: 1 new compiler warning(s)" \
	"FAIL 0003-Add-a-warning: clang: 1 new compiler warning(s)" \
	"FAIL 0004-Break-the-docs: docs: the documentation does not validate" \
	"FAIL 0005-Add-a-function: not pgindent-clean" \
	"FAIL 0006-Add-a-line: no Author: trailer" \
	"FAIL 0007-Add-a-header: headers: src/include/utils/harness_check.h does not compile"; do
	grep -qF -- "$want" <<<"$out" || fail "check-series did not say '$want'"
done
! grep -qE "FAIL 000[12]" <<<"$out" || fail "check-series failed a clean patch (0001, 0002)"
grep -q "^  0007-Add-a-header: apply" <<<"$out" || fail "check-series printed no times"
echo "check-series names every defect"

# FROM=n applies the patches before n unchecked: their defects are not named, the later ones'
# are; a warning an unchecked patch added shows in the first checked patch's build.
out=$(FROM=5 STEPS="gcc headers" "$TOP/scripts/check-series.sh" 2>&1) &&
	fail "check-series FROM=5 passed a series with defects"
printf '%s\n' "$out"
grep -qF "FAIL 0007-Add-a-header: headers: src/include/utils/harness_check.h does not compile" <<<"$out" ||
	fail "check-series FROM=5 did not check 0007"
! grep -qE "FAIL 000[1-4]-[^:]*: (gcc|clang|docs|headers)" <<<"$out" ||
	fail "check-series FROM=5 checked a patch before 0005"
! grep -q "^  000[1-4]-" <<<"$out" || fail "check-series FROM=5 printed times of unchecked patches"
echo "check-series FROM=5 checks from 0005 on"
