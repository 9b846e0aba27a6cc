#!/usr/bin/env python3
"""Write the results page, bench/results/README.md, from the committed results.

Usage: results-page.py RESULTS_DIR SUITES_DIR SERIES_HASH SUITE...

For each suite, in the order given: the paragraph of SUITES_DIR/<suite>/about.md (what the
queries measure, what the numbers mean and what is noisy), then the wall-clock table of
RESULTS_DIR/<suite>/results.csv (median of each configuration and its ratio to the first),
with the chart beside it, and the instruction counts of RESULTS_DIR/<suite>/instructions.md
and instructions-warm.md (ratios to the first configuration).  Each table says which series
it measured and whether that is the current one (SERIES_HASH).  Nothing is computed that
report.py and instr.sh did not already write, except the medians' ratios, which are
report.py's.
"""

import re
import statistics
import sys
from pathlib import Path

from report import fmt_ratio, read_results

SERIES = re.compile(r"patches/ sha256 ([0-9a-f]{12})")


def series_note(text, now):
    """Which series a result names, and whether it is the current one."""
    found = sorted(set(SERIES.findall(text)))
    if not found:
        return "series not recorded"
    if found == [now]:
        return f"series {now} (current)"
    return "series " + ", ".join(found) + " (**stale**: not the current series)"


def wall_clock(sdir, now):
    """The wall-clock table of a suite's results.csv, or nothing without one."""
    if not (sdir / "results.csv").exists():
        return []
    unit, queries, configs, times = read_results(sdir)
    med = {k: statistics.median(v) for k, v in times.items()}
    cond = dict(line.split("=", 1) for line in
                (sdir / "conditions.txt").read_text().splitlines() if "=" in line)
    ref = configs[0]
    better = "above 1.00 is faster" if unit == "tps" else "below 1.00 is faster"
    lines = [f"Wall clock ({cond.get('date', '?')}, {cond.get('machine', '?')}, "
             f"{series_note(cond.get('series', ''), now)}; "
             f"repetitions: {cond.get('repetitions', '?')}): median {unit} of `{ref}`, and each "
             f"configuration's median as a ratio of it ({better}). Details: "
             f"[`{sdir.name}/results.md`]({sdir.name}/results.md).", "",
             "| query | " + " | ".join([f"{ref} {unit}"] + configs[1:]) + " |",
             "|---|" + "---:|" * len(configs)]
    for q in queries:
        cells = [f"{med[q, ref]:.1f}"] + [fmt_ratio(med[q, c] / med[q, ref]) for c in configs[1:]]
        lines.append(f"| {q} | " + " | ".join(cells) + " |")
    if (sdir / "results.png").exists():
        lines += ["", f"![{sdir.name}: ratios per query]({sdir.name}/results.png)"]
    return lines + [""]


def instructions(sdir, now, name="instructions.md", what="callgrind"):
    """The ratios of a suite's instructions file, one row per query, or nothing without one."""
    path = sdir / name
    if not path.exists():
        return []
    text = path.read_text()
    ratio, queries, configs = {}, [], []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not re.fullmatch(r"[0-9.]+", cells[4]):
            continue
        q, c = cells[0], cells[1]
        queries += [q] if q not in queries else []
        configs += [c] if c not in configs else []
        ratio[q, c] = cells[4]
    if not queries:
        return []
    lines = [f"Instructions per row ({what}, {series_note(text, now)}), as a ratio of "
             f"`{configs[0]}`'s (below 1.00 is fewer). Details: "
             f"[`{sdir.name}/{name}`]({sdir.name}/{name}).", "",
             "| query | " + " | ".join(configs[1:]) + " |", "|---|" + "---:|" * (len(configs) - 1)]
    for q in queries:
        lines.append(f"| {q} | " + " | ".join(ratio.get((q, c), "") for c in configs[1:]) + " |")
    return lines + [""]


def main(results, suites, now, names):
    results, suites = Path(results), Path(suites)
    out = ["# Benchmark results", "",
           "Written by `make results-page` from the results in this directory; do not edit. "
           "How the suites run and how to rerun one: [`bench/README.md`](../README.md). "
           f"The current series is `patches/ sha256 {now}`; `make results-status` lists every "
           "result file with the series it measured.", "",
           "Configurations: `vanilla` is PostgreSQL 18.6 unpatched, `patched-off` the patched "
           "build with `executor_batching = off`, `patched-on` with it on (a suite may define "
           "others). Ratios are of medians; on this project's 2-core virtual machines "
           "wall-clock ratios of identical code scatter by several percent (more in some runs), "
           "so the instruction counts, which are nearly deterministic, are what shows small "
           "differences.", ""]
    for name in names:
        sdir = results / name
        body = (wall_clock(sdir, now) + instructions(sdir, now)
                + instructions(sdir, now, "instructions-warm.md",
                               "callgrind, second executions with the table in shared buffers"))
        about = suites / name / "about.md"
        if not body and not about.exists():
            continue
        out += [f"## {name}", ""]
        if about.exists():
            out += [about.read_text().strip(), ""]
        out += body or ["No results yet.", ""]
    (results / "README.md").write_text("\n".join(out).rstrip() + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
