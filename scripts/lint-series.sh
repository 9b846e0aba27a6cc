#!/usr/bin/env bash
# make lint-series: the cheap checks of the series in patches/, patch by patch, as a reviewer
# applying it would meet them: each patch applies with "git am" to the pristine 18.6 tree; its
# commit message has at most 40 lines and the Author: and Discussion: trailers; it adds no
# trailing whitespace (git diff --check); it touches nothing outside src/, doc/ and contrib/; and
# pgindent, with the typedefs.list of that patch, leaves the C files it touches unchanged.
# Every failing check is named with its patch; the exit status says whether any failed.
# pgindent needs pg_bsd_indent from the debug build (make debug).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

max_lines=40
indent=$BUILD/debug/src/tools/pg_bsd_indent/pg_bsd_indent
[ -x "$indent" ] || die "no pg_bsd_indent at $indent; run 'make debug' first"
git -C "$TREE" rev-parse -q --verify upstream >/dev/null ||
	die "no work tree with an 'upstream' tag at $TREE; run 'make tree' first"
compgen -G "$PATCHES/*.patch" >/dev/null || die "no patches in $PATCHES"

started=$(date +%s)
scratch=$(mktemp -d)
cleanup() {
	git -C "$TREE" worktree remove --force "$scratch/tree" >/dev/null 2>&1 || true
	rm -rf "$scratch"
}
trap cleanup EXIT
git -C "$TREE" worktree add -q --detach "$scratch/tree" upstream
wt=(git -C "$scratch/tree" -c user.name=pgbatch -c user.email=pgbatch@localhost)

failed=0
fail() {
	printf 'FAIL %s: %s\n' "$1" "$2"
	failed=$((failed + 1))
}

for patch in "$PATCHES"/*.patch; do
	name=$(basename "$patch" .patch)
	if ! "${wt[@]}" am -q "$patch" >"$scratch/am.log" 2>&1; then
		fail "$name" "does not apply with git am: $(head -n 1 "$scratch/am.log")"
		break
	fi

	# $(...) drops the message's trailing blank lines
	msg=$("${wt[@]}" log -1 --format=%B)
	lines=$(wc -l <<<"$msg")
	[ "$lines" -le "$max_lines" ] ||
		fail "$name" "commit message of $lines lines (at most $max_lines)"
	grep -q '^Author: ' <<<"$msg" || fail "$name" "no Author: trailer"
	grep -q '^Discussion: https://' <<<"$msg" || fail "$name" "no Discussion: trailer"

	"${wt[@]}" diff --check HEAD~1 HEAD >"$scratch/check.log" 2>&1 ||
		fail "$name" "whitespace errors: $(head -n 1 "$scratch/check.log")"

	stray=$("${wt[@]}" diff --name-only HEAD~1 HEAD | grep -Ev '^(src|doc|contrib)/' || true)
	[ -z "$stray" ] || fail "$name" "files outside src/, doc/ and contrib/: $(tr '\n' ' ' <<<"$stray")"

	# pgindent finds typedefs.list relative to the source root
	if ! (cd "$scratch/tree" && perl src/tools/pgindent/pgindent --indent="$indent" \
		--commit=HEAD --check --diff >"$scratch/indent.diff" 2>&1); then
		fail "$name" "not pgindent-clean: $(grep '^--- ' "$scratch/indent.diff" | cut -f1 | cut -c5- | tr '\n' ' ')"
	fi
done

n=$(compgen -G "$PATCHES/*.patch" | wc -l)
say "lint-series: $n patches, $failed failed checks, $(($(date +%s) - started)) s"
[ "$failed" -eq 0 ]
