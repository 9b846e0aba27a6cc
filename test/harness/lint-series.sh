#!/usr/bin/env bash
# make lint-series passes a clean patch and names each kind of defect with its patch: a long
# commit message, missing trailers, trailing whitespace, a file outside src/, doc/ and contrib/,
# and C code pgindent would change.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

[ -x "$TOP/build/debug/src/tools/pg_bsd_indent/pg_bsd_indent" ] || {
	echo "skipped: no debug build (make debug) for pg_bsd_indent"
	exit 0
}
"$TOP/scripts/tree.sh"
tree=(git -C "$PGBATCH_TREE")
trailers=$'Author: tester <tester@localhost>\nDiscussion: https://www.postgresql.org/message-id/x'

# One patch on a pristine tree, exported: one_patch FILE LINE MESSAGE
one_patch() {
	"${tree[@]}" reset -q --hard upstream
	mkdir -p "$(dirname "$PGBATCH_TREE/$1")"
	printf '%s\n' "$2" >>"$PGBATCH_TREE/$1"
	"${tree[@]}" add "$1"
	"${tree[@]}" commit -q -m "$3"
	"$TOP/scripts/export.sh"
}

clean_c=$'\n/* A comment the harness tests add. */'
one_patch src/backend/executor/execMain.c "$clean_c" "Add a comment"$'\n\n'"$trailers"
"$TOP/scripts/lint-series.sh" || fail "a clean patch did not pass"

one_patch src/backend/executor/execMain.c "$clean_c" "Add a comment"$'\n\n'"$(seq 45)"$'\n\n'"$trailers"
expect_fail "0001-Add-a-comment: commit message of" "$TOP/scripts/lint-series.sh"

one_patch src/backend/executor/execMain.c "$clean_c" "Add a comment"
expect_fail "0001-Add-a-comment: no Author: trailer" "$TOP/scripts/lint-series.sh"

one_patch src/backend/executor/README "Trailing blanks.   " "Add a line"$'\n\n'"$trailers"
expect_fail "0001-Add-a-line: whitespace errors" "$TOP/scripts/lint-series.sh"

one_patch stray.txt "A file at the top." "Add a file"$'\n\n'"$trailers"
expect_fail "0001-Add-a-file: files outside src/" "$TOP/scripts/lint-series.sh"

one_patch src/backend/executor/execMain.c 'static int  badly_indented (int x) { return x; }' \
	"Add a function"$'\n\n'"$trailers"
expect_fail "0001-Add-a-function: not pgindent-clean" "$TOP/scripts/lint-series.sh"
echo "lint-series names every defect"
