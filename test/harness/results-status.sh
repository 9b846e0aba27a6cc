#!/usr/bin/env bash
# make results-status tells results that name the current series from those that name another
# one or none, and keeps the records of experiments filed under a folder named for their series.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

echo 'From: a patch' >"$PGBATCH_PATCHES/0001-a.patch"
now=$(sha256sum <"$PGBATCH_PATCHES/0001-a.patch" | cut -c1-12)
export PGBATCH_RESULTS=$SCRATCH/results
mkdir -p "$PGBATCH_RESULTS/a" "$PGBATCH_RESULTS/b"
echo "series: 1 patches on PostgreSQL 18.6 (patches/ sha256 $now)" >"$PGBATCH_RESULTS/a/new.md"
echo "series: 1 patches on PostgreSQL 18.6 (patches/ sha256 0123456789ab)" >"$PGBATCH_RESULTS/a/old.md"
printf 'x\n%s\n' "(patches/ sha256 $now) and (patches/ sha256 0123456789ab)" >"$PGBATCH_RESULTS/a/both.md"
echo 'no series here' >"$PGBATCH_RESULTS/a/none.md"
# records of older series, kept in a folder named for theirs (a run's folder too), and one misfiled
mkdir -p "$PGBATCH_RESULTS/a/0123456789ab/run" "$PGBATCH_RESULTS/a/fedcba987654"
echo "on 1 patches on PostgreSQL 18.6 (patches/ sha256 0123456789ab)" >"$PGBATCH_RESULTS/a/0123456789ab/kept.md"
echo '| a | b |' >"$PGBATCH_RESULTS/a/0123456789ab/run/results.md"
echo "series=1 patches on PostgreSQL 18.6 (patches/ sha256 0123456789ab)" \
	>"$PGBATCH_RESULTS/a/0123456789ab/run/conditions.txt"
echo "on 1 patches on PostgreSQL 18.6 (patches/ sha256 0123456789ab)" >"$PGBATCH_RESULTS/a/fedcba987654/misfiled.md"
# a table whose conditions.txt beside it names the series
echo '| a | b |' >"$PGBATCH_RESULTS/b/results.md"
echo "series=1 patches on PostgreSQL 18.6 (patches/ sha256 $now)" >"$PGBATCH_RESULTS/b/conditions.txt"
# ... which does not speak for the other files beside it
echo 'a note on an older run' >"$PGBATCH_RESULTS/b/note.md"

out=$("$TOP/scripts/results-status.sh" 2>&1)
printf '%s\n' "$out"
for want in "current     a/new.md" "stale       a/old.md (0123456789ab)" \
	"mixed       a/both.md (0123456789ab $now)" "unrecorded  a/none.md" "current     b/results.md" \
	"unrecorded  b/note.md" "kept        a/0123456789ab/kept.md" "kept        a/0123456789ab/run/results.md" \
	"stale       a/fedcba987654/misfiled.md (0123456789ab)" \
	"series $now: 2 current, 1 mixed, 2 kept, 2 stale, 2 unrecorded"; do
	grep -qF -- "$want" <<<"$out" || fail "results-status did not say '$want'"
done
echo "results are sorted into current, mixed, kept, stale and unrecorded"
