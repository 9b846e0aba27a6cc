#!/usr/bin/env bash
# make results-restamp FROM=<commit or directory>: carry the results measured on an earlier
# series over to the current one, when the two differ only in what no benchmark builds or runs:
# the tests' SQL scripts, specs, expected output, TAP scripts and schedules (files in sql/,
# expected/, specs/ and t/ directories under src/test/, and its *_schedule files), and the commit
# messages.  (A test module's own SQL, such as deform_bench's, is code: a benchmark may load it.)  The server, its libraries and every benchmark query are then the same, so
# every number still describes the current series.
#
# FROM is a commit of this repository whose patches/ was measured, or a directory of patches.
# Both series are applied to the upstream commit (in a scratch index of the work tree's
# repository, touching no checkout) and their trees compared; any other difference, such as a
# C file, stops it with the list.  Then each result that names FROM's series ("patches/ sha256
# X") names the current one instead and gets a line saying where it was measured.  Records kept
# in a folder named for FROM's series (see results-status.sh) stay as they are.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

from=${FROM:?usage: make results-restamp FROM=<commit or directory of the measured series>}
results=${PGBATCH_RESULTS:-$TOP/bench/results}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

old=$scratch/old
if [ -d "$from" ]; then
	old=$from
else
	git -C "$TOP" rev-parse -q --verify "$from^{commit}" >/dev/null ||
		die "FROM=$from is neither a directory nor a commit of this repository"
	mkdir -p "$old"
	git -C "$TOP" archive "$from" patches | tar -x -C "$scratch/old" --strip-components=1
fi
compgen -G "$old/*.patch" >/dev/null || die "no patches in $from"
oldhash=$(PATCHES=$old series_hash)
newhash=$(series_hash)
[ "$oldhash" != "$newhash" ] || die "$from is the current series ($newhash): nothing to restamp"

# The tree of a series applied to upstream, in a scratch index: $(series_tree DIR)
series_tree() {
	local p
	export GIT_INDEX_FILE=$scratch/index
	git -C "$TREE" read-tree upstream
	for p in "$1"/*.patch; do
		git -C "$TREE" apply --cached "$p" || die "$p does not apply"
	done
	git -C "$TREE" write-tree
}
oldtree=$(series_tree "$old")
newtree=$(series_tree "$PATCHES")

changed=$(git -C "$TREE" diff-tree -r --name-only "$oldtree" "$newtree")
other=$(grep -vE '^src/test/((.+/)?(sql|expected|specs|t)/[^/]+|.+_schedule)$' <<<"$changed" || true)
[ -z "$other" ] || die "the series differ in more than tests, so rerun the suites:"$'\n'"$other"
summary="only in test inputs ($(grep -c . <<<"$changed" || true) files)"
[ -n "$changed" ] || summary="only in commit messages"

n=0
while IFS= read -r file; do
	# a record of an experiment, filed under a folder named for its series, stays
	case /${file#"$results"/} in */"$oldhash"/*) continue ;; esac
	sed -i "s|patches/ sha256 $oldhash|patches/ sha256 $newhash|g" "$file"
	case $file in
	*.txt) echo "restamped=measured on $oldhash, which differs from $newhash $summary" >>"$file" ;;
	*) printf '\nRestamped %s: measured on the series %s, which differs from this one %s.\n' \
		"$(date -u +%F)" "$oldhash" "$summary" | fold -s -w 100 | sed 's/ *$//' >>"$file" ;;
	esac
	n=$((n + 1))
done < <(grep -rlF --include='*.md' --include='*.txt' "patches/ sha256 $oldhash" "$results" |
	grep -v "^$results/README.md$" | sort)
say "restamped $n results from $oldhash to $newhash: the series differ $summary"
