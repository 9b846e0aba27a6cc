#!/usr/bin/env bash
# make results-restamp carries results over to a series that differs from the measured one only
# in test inputs, and refuses when the code differs.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

t=$PGBATCH_TREE
mkdir -p "$t/src/backend" "$t/src/test/regress/sql"
echo 'int a;' >"$t/src/backend/a.c"
echo 'SELECT 1;' >"$t/src/test/regress/sql/t.sql"
git -C "$t" init -q
git -C "$t" add .
git -C "$t" commit -q -m base
git -C "$t" branch upstream
commit_change src/backend/a.c 'int b;' "Change the code"
commit_change src/test/regress/sql/t.sql 'SELECT 2;' "Change a test"
git -C "$t" format-patch -q -o "$SCRATCH/measured" upstream..HEAD
measured=$(cat "$SCRATCH"/measured/*.patch | sha256sum | cut -c1-12)

# the measured series' results: a table, its conditions, a note, and a record kept under its name
export PGBATCH_RESULTS=$SCRATCH/results
r=$PGBATCH_RESULTS/suite
mkdir -p "$r/$measured"
echo "series: 2 patches on PostgreSQL 18.6 (patches/ sha256 $measured)" >"$r/instructions.md"
echo "series=2 patches on PostgreSQL 18.6 (patches/ sha256 $measured)" >"$r/conditions.txt"
echo '| a | b |' >"$r/results.md"
echo "on (patches/ sha256 $measured)" >"$r/$measured/kept.md"
cp "$r/$measured/kept.md" "$SCRATCH/kept.md"

# only the test changes: carried over
echo 'SELECT 3;' >>"$t/src/test/regress/sql/t.sql"
git -C "$t" commit -q -a --amend --no-edit
git -C "$t" format-patch -q -o "$PGBATCH_PATCHES" upstream..HEAD
now=$(cat "$PGBATCH_PATCHES"/*.patch | sha256sum | cut -c1-12)
FROM=$SCRATCH/measured "$TOP/scripts/results-restamp.sh"
grep -qF "(patches/ sha256 $now)" "$r/instructions.md" || fail "instructions.md does not name $now"
tr '\n' ' ' <"$r/instructions.md" |
	grep -qF "measured on the series $measured, which differs from this one only in test inputs (1 files)" ||
	fail "instructions.md does not say where it was measured"
grep -qF "(patches/ sha256 $now)" "$r/conditions.txt" || fail "conditions.txt does not name $now"
grep -qF "restamped=measured on $measured" "$r/conditions.txt" || fail "conditions.txt has no restamped="
cmp -s "$r/$measured/kept.md" "$SCRATCH/kept.md" || fail "a record kept under $measured was changed"
"$TOP/scripts/results-status.sh" 2>&1 | grep -qF "2 current, 0 mixed, 1 kept, 0 stale" ||
	fail "results-status does not list the restamped results as current"
expect_fail "nothing to restamp" env FROM="$PGBATCH_PATCHES" "$TOP/scripts/results-restamp.sh"

# the code changes too, or a test module's SQL (a benchmark may load it): refused, naming the file
cp -r "$PGBATCH_PATCHES" "$SCRATCH/tests-only"
for f in src/backend/a.c src/test/modules/m/m--1.0.sql; do
	mkdir -p "$t/${f%/*}"
	echo '-- changed' >>"$t/$f"
	git -C "$t" add "$f"
	git -C "$t" commit -q --amend --no-edit
	rm "$PGBATCH_PATCHES"/*.patch
	git -C "$t" format-patch -q -o "$PGBATCH_PATCHES" upstream..HEAD
	expect_fail "$f" env FROM="$SCRATCH/tests-only" "$TOP/scripts/results-restamp.sh"
	git -C "$t" reset -q --hard 'HEAD@{1}'
done
echo "results carry over to a series that differs only in tests, and only to such a series"
