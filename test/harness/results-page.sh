#!/usr/bin/env bash
# make results-page writes one section per suite: its about.md, the wall-clock medians as ratios
# of the first configuration, the instruction ratios, and whether each measured the current series.
# shellcheck source=setup.bash
. "$(dirname "$0")/setup.bash"

results=$SCRATCH/results suites=$SCRATCH/suites
mkdir -p "$results/s" "$results/t" "$suites/s"
echo 'What suite s measures.' >"$suites/s/about.md"
printf '%s\n' suite=s date=2026-01-01T00:00Z machine=test \
	'series=1 patches on PostgreSQL 18.6 (patches/ sha256 aaaaaaaaaaaa)' repetitions=3 \
	>"$results/s/conditions.txt"
printf '%s\n' query,config,rep,ms q1,vanilla,1,10 q1,on,1,4 q1,vanilla,2,30 q1,on,2,6 \
	q1,vanilla,3,20 q1,on,3,5 >"$results/s/results.csv"
cat >"$results/s/instructions.md" <<'MD'
series: 1 patches on PostgreSQL 18.6 (patches/ sha256 bbbbbbbbbbbb)

| query | config | instructions | per row | ratio |
|---|---|---|---|---|
| q1 | vanilla | 1000 | 10.0 | 1.000 |
| q1 | on | 500 | 5.0 | 0.500 |
MD
# a suite with no results and no about.md gets no section
"$TOP/bench/results-page.py" "$results" "$suites" aaaaaaaaaaaa s t
page=$(cat "$results/README.md")
printf '%s\n' "$page"
for want in '## s' 'What suite s measures.' 'series aaaaaaaaaaaa (current)' \
	'| q1 | 20.0 | 0.25 |' 'series bbbbbbbbbbbb (**stale**' '| q1 | 0.500 |'; do
	grep -qF -- "$want" <<<"$page" || fail "the results page did not say '$want'"
done
! grep -q '^## t' <<<"$page" || fail "the results page has a section for a suite without results"
echo "the results page shows each suite's ratios and the series they measured"
