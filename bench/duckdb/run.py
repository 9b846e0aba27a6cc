#!/usr/bin/env python3
"""The DuckDB reference: the micro suite's queries on the same data in DuckDB (from PyPI).

Usage: run.py WORKDIR RESULTS_DIR REPS

Builds bar_N in a DuckDB database file under WORKDIR with the micro suite's shape, times each
query REPS times (after one warm-up run), and writes RESULTS_DIR/results.csv with the vanilla
rows of bench/results/micro/results.csv as the reference, so that report.py shows how far heap
execution is from a columnar engine.  DuckDB runs on one thread, like the PostgreSQL runs
(max_parallel_workers_per_gather = 0).  Not gated: DuckDB's avg() returns double, not numeric.
"""

import csv
import re
import sys
import time
from pathlib import Path

import duckdb

BENCH = Path(__file__).resolve().parent.parent
MICRO = BENCH / "micro"


def main(workdir, outdir, reps):
    workdir, outdir, reps = Path(workdir), Path(outdir), int(reps)
    ref_csv = BENCH / "results" / "micro" / "results.csv"
    if not ref_csv.exists():
        sys.exit("run.py: run 'make bench SUITE=micro' first: vanilla's times are the reference")
    params = re.findall(r'"([^"|]*)\|tbl=(\S+) n=(\d+)"', (MICRO / "suite.conf").read_text())
    workdir.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect(str(workdir / "micro.duckdb"))
    con.execute("SET threads = 1")
    for _, tbl, n in params:
        if not con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = ?",
                           [tbl]).fetchone()[0]:
            con.execute(f"""CREATE TABLE {tbl} AS
                SELECT i::int AS a, i::int AS b, i::int AS c, i::int AS d, i::int AS e,
                       i::int AS f, i::int AS g, i::int AS h, repeat('x', 100) AS i,
                       i::int AS j, i::int AS k, i::int AS l, i::int AS m, i::int AS n,
                       i::int AS o
                FROM range(1, {n} + 1) AS t(i)""")

    rows = []
    with open(ref_csv) as f:
        for row in csv.DictReader(f):
            if row["config"] == "vanilla":
                rows.append(row)
    for qfile in sorted((MICRO / "queries").glob("*.sql")):
        sql = qfile.read_text()
        for label, tbl, n in params:
            q = sql.replace(":tbl", tbl).replace(":n", n).rstrip().rstrip(";")
            con.execute(q).fetchall()
            for rep in range(1, reps + 1):
                t0 = time.perf_counter()
                con.execute(q).fetchall()
                ms = (time.perf_counter() - t0) * 1000
                rows.append({"query": f"{qfile.stem}@{label}", "config": "duckdb",
                             "rep": rep, "ms": f"{ms:.3f}"})
    outdir.mkdir(parents=True, exist_ok=True)
    with open(outdir / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["query", "config", "rep", "ms"])
        w.writeheader()
        w.writerows(rows)
    micro_cond = (BENCH / "results" / "micro" / "conditions.txt").read_text().splitlines()
    keep = [c for c in micro_cond if c.split("=", 1)[0] in ("machine", "series", "settings")
            or c.startswith("config vanilla")]
    with open(outdir / "conditions.txt", "w") as f:
        f.write("suite=duckdb\n")
        f.write(f"date={time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())}\n")
        f.write("\n".join(keep) + "\n")
        f.write(f"config duckdb=DuckDB {duckdb.__version__}, threads = 1, in-process "
                f"(no client round trip), {reps} repetitions after one warm-up; vanilla rows "
                f"are the micro suite's\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
