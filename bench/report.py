#!/usr/bin/env python3
"""Turn a benchmark run's results.csv and conditions.txt into results.md and results.png.

Usage: report.py RESULTS_DIR

Per query and configuration: median, min and max of the measurements (milliseconds, or
transactions per second for pgbench suites) and the ratio of medians against the first
(reference) configuration; then the total of the medians and the geometric mean of the ratios.
For each pair of queries NAME and NAME-explain, the overhead of EXPLAIN ANALYZE over the plain
query is shown per configuration.
"""

import csv
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def fmt_ratio(r):
    """Two decimals, or three significant digits for ratios far below 1 (the DuckDB reference)."""
    return f"{r:.2f}" if r >= 0.1 else f"{r:.3g}"


def read_results(outdir):
    """A run's results.csv: its unit, queries and configurations in order of first appearance,
    and the measurements of each (query, configuration)."""
    times = defaultdict(list)
    queries, configs = [], []
    with open(Path(outdir) / "results.csv") as f:
        reader = csv.DictReader(f)
        unit = reader.fieldnames[3]
        for row in reader:
            q, c = row["query"], row["config"]
            if q not in queries:
                queries.append(q)
            if c not in configs:
                configs.append(c)
            times[q, c].append(float(row[unit]))
    return unit, queries, configs, times


def main(outdir):
    outdir = Path(outdir)
    unit, queries, configs, times = read_results(outdir)
    better = "above 1.00 is faster" if unit == "tps" else "below 1.00 is faster"
    conditions = (outdir / "conditions.txt").read_text().splitlines()
    ref = configs[0]
    med = {k: statistics.median(v) for k, v in times.items()}
    ratio = {(q, c): med[q, c] / med[q, ref] for q in queries for c in configs}

    lines = [f"# Benchmark suite `{conditions[0].split('=', 1)[1]}`", "", "Conditions:", ""]
    lines += [f"- {c.replace('=', ': ', 1)}" for c in conditions[1:]]
    lines += ["", f"In {unit}: median (min-max) of the measurements; ratio = median / median of "
              f"`{ref}` ({better}).", ""]
    head = "| query | " + " | ".join(
        f"{c} {unit}" if c == ref else f"{c} {unit} | ratio" for c in configs) + " |"
    lines += [head, "|" + "---|" * (1 + 2 * len(configs) - 1)]
    for q in queries:
        cells = []
        for c in configs:
            v = times[q, c]
            cells.append(f"{med[q, c]:.1f} ({min(v):.1f}-{max(v):.1f})")
            if c != ref:
                cells.append(fmt_ratio(ratio[q, c]))
        lines.append(f"| {q} | " + " | ".join(cells) + " |")
    total = {c: sum(med[q, c] for q in queries) for c in configs}
    geo = {c: math.exp(statistics.fmean(math.log(ratio[q, c]) for q in queries)) for c in configs}
    cells = []
    for c in configs:
        cells.append(f"{total[c]:.1f}")
        if c != ref:
            cells.append(f"{fmt_ratio(total[c] / total[ref])} (geomean {fmt_ratio(geo[c])})")
    lines.append("| **total** | " + " | ".join(cells) + " |")
    pairs = [q for q in queries if q.replace("-explain", "", 1) in queries and "-explain" in q]
    if pairs:
        lines += ["", "Overhead of EXPLAIN ANALYZE over the plain query, from the medians:", "",
                  "| query | " + " | ".join(configs) + " |", "|" + "---|" * (1 + len(configs))]
        for q in pairs:
            plain = q.replace("-explain", "", 1)
            lines.append(f"| {q} | " + " | ".join(
                f"{100 * (med[q, c] / med[plain, c] - 1):+.1f} %" for c in configs) + " |")
    (outdir / "results.md").write_text("\n".join(lines) + "\n")

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report.py: matplotlib is missing (Debian: python3-matplotlib); no results.png",
              file=sys.stderr)
        return
    others = configs[1:]
    width = 0.8 / max(1, len(others))
    fig, ax = plt.subplots(figsize=(max(6, 0.6 * len(queries) + 2), 4.5))
    for i, c in enumerate(others):
        xs = [j + (i - (len(others) - 1) / 2) * width for j in range(len(queries))]
        ax.bar(xs, [ratio[q, c] for q in queries], width, label=c)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(queries)), queries, rotation=45, ha="right", fontsize=8)
    ax.set_ylabel(f"median / median of {ref} ({better})")
    cond = dict(line.split("=", 1) for line in conditions)
    ax.set_title(f"{cond['suite']}: {cond['date']}, {cond['machine']}", fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(outdir / "results.png", dpi=100)


if __name__ == "__main__":
    main(sys.argv[1])
