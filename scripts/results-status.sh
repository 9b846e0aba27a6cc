#!/usr/bin/env bash
# make results-status: which committed benchmark results measured the current series.  (Paths
# can be moved with PGBATCH_PATCHES and PGBATCH_RESULTS, as the harness test does.)
#
# A result is a .md file under bench/results/ (the README excepted).  It names the series it ran
# on as "patches/ sha256 <12 hex digits>" (bench/run.sh and bench/instr.sh write it) in its own
# text; a results.md may name it in the conditions.txt written beside it instead.  Each result is
# listed as current (it names only the hash of today's patches/), mixed (that one and others:
# parts of it measured older series), kept (it lies in a folder named for a series it names: the
# record of an experiment on that series, such as tpch/0123456789ab/q6-profile.md), stale (only
# other series) or unrecorded (none); then one line of counts.  Rerun a stale result's suite, or
# keep it as such a record: move it (or its run's folder) into a folder named for its series.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

results=${PGBATCH_RESULTS:-$TOP/bench/results}
now=$(series_hash)
# The distinct series hashes a file names, one per line.
series_in() {
	{ grep -o 'patches/ sha256 [0-9a-f]\{12\}' "$1" || true; } | cut -d' ' -f3 | sort -u
}

ncurrent=0 nmixed=0 nkept=0 nstale=0 nnone=0

while IFS= read -r file; do
	rel=${file#"$results"/}
	hashes=$(series_in "$file")
	# results.md is written with the conditions.txt beside it; other files must name their own
	if [ -z "$hashes" ] && [ "${file##*/}" = results.md ] && [ -f "${file%/*}/conditions.txt" ]; then
		hashes=$(series_in "${file%/*}/conditions.txt")
	fi
	if [ -z "$hashes" ]; then
		printf 'unrecorded  %s\n' "$rel"
		nnone=$((nnone + 1))
	elif [ "$hashes" = "$now" ]; then
		printf 'current     %s\n' "$rel"
		ncurrent=$((ncurrent + 1))
	elif grep -qx "$now" <<<"$hashes"; then
		printf 'mixed       %s (%s)\n' "$rel" "${hashes//$'\n'/ }"
		nmixed=$((nmixed + 1))
	elif tr / '\n' <<<"${rel%/*}" | grep -qxF "$hashes"; then
		printf 'kept        %s\n' "$rel"
		nkept=$((nkept + 1))
	else
		printf 'stale       %s (%s)\n' "$rel" "${hashes//$'\n'/ }"
		nstale=$((nstale + 1))
	fi
done < <(find "$results" -name '*.md' ! -path "$results/README.md" | sort)

say "results-status: series $now: $ncurrent current, $nmixed mixed, $nkept kept, $nstale stale, $nnone unrecorded"
