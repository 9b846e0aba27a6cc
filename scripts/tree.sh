#!/usr/bin/env bash
# make tree: extract PostgreSQL into the work tree, commit it pristine, tag it "upstream", and
# apply patches/*.patch on top, one commit per patch.
#
# An existing work tree is replaced only when nothing in it would be lost: no uncommitted or
# untracked changes, and upstream..HEAD exports to exactly the files in patches/.  FORCE=1
# replaces it anyway.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# Refuse to replace a work tree holding work that is not in patches/.
check_replaceable() {
	local dirty scratch
	# Without this, git would find the enclosing pgbatch repository instead.
	[ -d "$TREE/.git" ] || die "$TREE exists but is not a git work tree; move it away or run 'make tree FORCE=1'"
	dirty=$(git -C "$TREE" status --porcelain | head -n 10)
	if [ -n "$dirty" ]; then
		die "$TREE has uncommitted changes; commit and export them (make patches) first,
  or run 'make tree FORCE=1' to throw them away:
$dirty"
	fi
	git -C "$TREE" rev-parse -q --verify upstream >/dev/null ||
		die "$TREE has no 'upstream' tag; move it away or run 'make tree FORCE=1'"
	scratch=$(mktemp -d)
	render_series "$scratch"
	if ! diff -r -q -x README.md "$scratch" "$PATCHES" >/dev/null 2>&1; then
		rm -rf "$scratch"
		die "$TREE has commits that are not exported to $PATCHES (or patches/ changed since);
  run 'make patches' and commit, or run 'make tree FORCE=1' to throw the commits away"
	fi
	rm -rf "$scratch"
}

tarball=$("$TOP/scripts/source.sh")

if [ -e "$TREE" ]; then
	if [ "${FORCE:-0}" != 1 ]; then
		check_replaceable
	fi
	say "removing the old work tree $TREE"
	rm -rf "$TREE"
fi

say "extracting $tarball into $TREE"
mkdir -p "$TREE"
tar -xjf "$tarball" -C "$TREE" --strip-components=1 --no-same-owner

# Fixed identities and dates: the same tarball and patches give the same commit ids.
export GIT_AUTHOR_NAME=${PG_UPSTREAM_AUTHOR% <*} GIT_AUTHOR_EMAIL=${PG_UPSTREAM_AUTHOR##*<}
GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL%>}
export GIT_COMMITTER_NAME=pgbatch GIT_COMMITTER_EMAIL=pgbatch@localhost
export GIT_AUTHOR_DATE=$PG_UPSTREAM_DATE GIT_COMMITTER_DATE=$PG_UPSTREAM_DATE
git -C "$TREE" init -q -b pgbatch
# The tarball is the pristine tree, whatever its .gitignore files say.
git -C "$TREE" add -A -f
# The message names the checksum, not the file: any copy of the tarball gives the same commit.
git -C "$TREE" commit -q -m "PostgreSQL $PG_VERSION" -m "Pristine release tarball, SHA-256 $PG_ORIG_SHA256."
git -C "$TREE" tag upstream
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE GIT_COMMITTER_DATE

count=0
for patch in "$PATCHES"/*.patch; do
	[ -e "$patch" ] || break
	if ! out=$(git -C "$TREE" am -q --committer-date-is-author-date "$patch" 2>&1); then
		git -C "$TREE" am --abort >/dev/null 2>&1 || true
		printf '%s\n' "$out" | head -n 20 >&2
		die "patch $(basename "$patch") does not apply; the work tree $TREE stops at the patch before it"
	fi
	count=$((count + 1))
done
unset GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

# Your own commits in the work tree need an identity; give one if git has none.
if [ -z "$(git -C "$TREE" config user.email || true)" ]; then
	git -C "$TREE" config user.name "pgbatch developers"
	git -C "$TREE" config user.email pgbatch@localhost
fi
say "work tree ready: $TREE at upstream + $count patches (branch pgbatch)"
