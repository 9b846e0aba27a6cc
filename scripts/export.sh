#!/usr/bin/env bash
# make patches: write the work tree's commits upstream..HEAD into patches/ as a numbered
# format-patch series, replacing the old *.patch files.  patches/README.md, the cover letter, is
# kept.  The output depends only on the commits (no commit ids, no git version, no personal diff
# settings), so exporting an unchanged tree changes no file.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

git -C "$TREE" rev-parse -q --verify upstream >/dev/null ||
	die "no work tree with an 'upstream' tag at $TREE; run 'make tree' first"
dirty=$(git -C "$TREE" status --porcelain --untracked-files=no)
[ -z "$dirty" ] || say "warning: uncommitted changes in $TREE are not exported:
$dirty"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
render_series "$scratch"

mkdir -p "$PATCHES"
find "$PATCHES" -maxdepth 1 -name '*.patch' -delete
n=0
for f in "$scratch"/*.patch; do
	[ -e "$f" ] || break
	cp "$f" "$PATCHES/"
	n=$((n + 1))
done
say "exported $n patches to $PATCHES"
