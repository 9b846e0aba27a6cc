#!/usr/bin/python3
"""Differential tester: random tables and queries, run under every executor configuration of the
patched server and on vanilla 18.6; any difference in rows or in the error raised is reported with
a reduced reproducer.

    difftest.py --vanilla PORT --patched PORT [--seed N] [--queries N | --duration SECONDS]
                [--out DIR] [--wrong]

The same seed gives the same tables and queries.  Exit status 1 if any query differed.
"""
import argparse
import decimal
import hashlib
import itertools
import math
import os
import random
import sys
import time

import psycopg2

# name, server, settings, reference.  Each configuration must give the results of its reference,
# vanilla 18.6 under the same planner settings: forced parallel plans evaluate quals in another
# order than serial ones, so which rows raise an error can differ between the two plans.
PARALLEL = {"parallel_setup_cost": "0", "parallel_tuple_cost": "0",
            "min_parallel_table_scan_size": "0", "max_parallel_workers_per_gather": "2"}
HASHED = {"enable_sort": "off", "work_mem": "64kB", "enable_mergejoin": "off",
          "enable_nestloop": "off"}
# index scans and index-only scans wherever a table has an index that can serve them
INDEXED = {"enable_seqscan": "off", "enable_bitmapscan": "off"}
SORTED = dict(INDEXED, enable_hashagg="off")
CONFIGS = [
    ("vanilla", "vanilla", {}, None),
    ("vanilla-parallel", "vanilla", PARALLEL, None),
    ("batching-off", "patched", {"executor_batching": "off"}, "vanilla"),
    ("rows-1", "patched", {"executor_batching": "on", "executor_batch_rows": "1"}, "vanilla"),
    ("rows-7", "patched", {"executor_batching": "on", "executor_batch_rows": "7"}, "vanilla"),
    ("rows-64", "patched", {"executor_batching": "on", "executor_batch_rows": "64"}, "vanilla"),
    ("rows-1024", "patched", {"executor_batching": "on", "executor_batch_rows": "1024"},
     "vanilla"),
    ("jit", "patched", {"executor_batching": "on", "jit": "on", "jit_above_cost": "0",
                        "jit_inline_above_cost": "0", "jit_optimize_above_cost": "0"}, "vanilla"),
    ("parallel", "patched", dict(PARALLEL, executor_batching="on"), "vanilla-parallel"),
    ("parallel-off", "patched", dict(PARALLEL, executor_batching="off"), "vanilla-parallel"),
    # hashed rather than sorted grouping, with groups spilled to disk, and hash joins only,
    # of several batches
    ("vanilla-hashed", "vanilla", HASHED, None),
    ("hashed", "patched", dict(HASHED, executor_batching="on"), "vanilla-hashed"),
    ("vanilla-indexed", "vanilla", INDEXED, None),
    ("indexed", "patched", dict(INDEXED, executor_batching="on"), "vanilla-indexed"),
    # sorted grouping, over an index scan in the grouping column's order where there is one
    ("vanilla-sorted", "vanilla", SORTED, None),
    ("sorted", "patched", dict(SORTED, executor_batching="on"), "vanilla-sorted"),
]

TYPES = ["int4", "int8", "float8", "numeric(12,3)", "numeric", "text", "date", "timestamp",
         "bool"]
NUMERIC = ("int4", "int8", "float8", "numeric(12,3)", "numeric")
TIMEOUT_MS = 20000


def value_sql(typ, k):
    """A deterministic SQL expression of the row number g for a column of type typ."""
    h = f"abs(hashint4(g * 7919 + {k}))"
    return {
        "int4": f"({h} % 200) - 20",
        "int8": f"({h} % 100000)::int8 * 1000003",
        # NaN, which sorts above every number, and -0, equal to 0 with another image
        "float8": f"CASE {h} % 41 WHEN 0 THEN 'NaN'::float8 WHEN 1 THEN '-0'::float8"
                  f" ELSE ({h} % 10000) / 7.0 END",
        "numeric(12,3)": f"(({h} % 2000000) / 1000.0 - 300)::numeric(12,3)",
        # NaN, infinities, values with a 4-byte header and compressed ones among short values
        "numeric": f"CASE {h} % 37 WHEN 0 THEN 'NaN'::numeric WHEN 1 THEN 'Infinity'"
                   f" WHEN 2 THEN '-Infinity' WHEN 3 THEN repeat('9', 5000)::numeric - {h} % 2"
                   f" WHEN 4 THEN repeat('123456789', 30)::numeric * ({h} % 3 - 1)"
                   # about the bounds of numeric's small values (16 digits, 8 after the point)
                   f" WHEN 5 THEN ({h} % 20000)::numeric * 1000000000000 - ({h} % 7) / 10000.0"
                   f" WHEN 6 THEN ({h} % 1000) / 3.0"
                   f" ELSE ({h} % 20000) / 64.0 - 100 END",
        # short values, external ones (incompressible) and compressed inline ones (repetitive)
        "text": f"CASE WHEN {h} % 53 = 0 THEN (SELECT string_agg(md5((g * 1000 + i)::text), '')"
                f" FROM generate_series(1, 150) i)"
                f" WHEN {h} % 53 = 1 THEN repeat('v' || ({h} % 3), 1500) ELSE 'v' || ({h} % 60) END",
        "date": f"date '2020-01-01' + ({h} % 1500)",
        "timestamp": f"timestamp '2020-01-01' + ({h} % 100000) * interval '17 minutes'",
        "bool": f"{h} % 3 = 0",
    }[typ]


class Table:
    def __init__(self, rng, name):
        self.name = name
        # 6000: grouped by c0 and a column of many values, a table can make more groups than
        # the 4096 from which hashed aggregation prefetches its buckets (0053)
        self.rows = rng.choice([0, 1, 7, 65, 300, 2000, 4000, 6000])
        self.pad = rng.choice([0, 0, 200, 1000])
        ncols = rng.randint(2, 7)
        # c0 is always an int4 (join and group key)
        self.cols = [("c0", "int4", rng.choice([0, 0, 10]))]
        for i in range(1, ncols):
            self.cols.append((f"c{i}", rng.choice(TYPES), rng.choice([0, 0, 5, 30, 90])))
        self.dropped = rng.random() < 0.3 and ncols > 2
        self.added = rng.random() < 0.3
        self.deleted = rng.random() < 0.4
        self.vacuum = rng.random() < 0.7
        self.index = rng.random() < 0.5
        # an index on c0 alone, or covering c1 too (as a key or included), for index-only scans
        self.index_cols = rng.choice(["(c0)", "(c0)", "(c0, c1)", "(c0) INCLUDE (c1)"])
        # not c1 if its values can be too long for a B-tree entry (seed 20261207's dt5)
        if self.cols[1][1] in ("text", "numeric"):
            self.index_cols = "(c0)"

    def setup_sql(self):
        cols = ", ".join(f"{c} {t}" for c, t, _ in self.cols)
        out = [f"DROP TABLE IF EXISTS {self.name}",
               f"CREATE TABLE {self.name} ({cols}, pad text)"]
        exprs = []
        for k, (c, t, nulls) in enumerate(self.cols):
            v = value_sql(t, k)
            if nulls:
                v = f"CASE WHEN abs(hashint4(g * 31 + {k})) % 100 < {nulls} THEN NULL ELSE {v} END"
            exprs.append(v)
        exprs.append(f"repeat('x', {self.pad})")
        out.append(f"INSERT INTO {self.name} SELECT {', '.join(exprs)} "
                   f"FROM generate_series(1, {self.rows}) g")
        if self.dropped:
            c = self.cols.pop()[0]
            out.append(f"ALTER TABLE {self.name} DROP COLUMN {c}")
        if self.added:
            out.append(f"ALTER TABLE {self.name} ADD COLUMN cadd int4 DEFAULT 42")
            out.append(f"UPDATE {self.name} SET cadd = c0 WHERE c0 % 4 = 0")
            self.cols.append(("cadd", "int4", 0))
        if self.deleted:
            out.append(f"DELETE FROM {self.name} WHERE c0 % 9 = 1")
        if self.index:
            out.append(f"CREATE INDEX ON {self.name} {self.index_cols}")
        out.append(("VACUUM ANALYZE " if self.vacuum else "ANALYZE ") + self.name)
        return out


class QueryGen:
    def __init__(self, rng, tables):
        self.rng = rng
        self.tables = tables

    def col(self, alias, table, types=None):
        cands = [(c, t) for c, t, _ in table.cols if types is None or t in types]
        if not cands:
            return None
        c, t = self.rng.choice(cands)
        return f"{alias}.{c}", t

    def const(self, typ):
        r = self.rng
        return {
            "int4": str(r.randint(-30, 200)),
            "int8": str(r.randint(0, 100000) * 1000003),
            "float8": (r.choice(["'NaN'::float8", "'-0'::float8"]) if r.random() < 0.1
                       else f"{r.uniform(0, 1500):.2f}::float8"),
            "numeric(12,3)": f"{r.uniform(-300, 1700):.3f}",
            "numeric": (r.choice(["'NaN'::numeric", "'Infinity'::numeric", "'-Infinity'::numeric",
                                  "repeat('9', 5000)::numeric",
                                  "-repeat('123456789', 30)::numeric"])
                        if r.random() < 0.2 else f"{r.uniform(-100, 213):.4f}"),
            "text": (f"repeat('v{r.randint(0, 3)}', 1500)" if r.random() < 0.1
                     else f"'v{r.randint(0, 60)}'"),
            "date": f"date '2020-01-01' + {r.randint(0, 1500)}",
            "timestamp": f"timestamp '2021-06-01' + interval '{r.randint(0, 1000)} hours'",
            "bool": r.choice(["true", "false"]),
        }[typ]

    def numexpr(self, alias, table):
        r = self.rng
        ct = self.col(alias, table, NUMERIC)
        if ct is None:
            return None
        c, t = ct
        choice = r.random()
        if choice < 0.5:
            return c, t
        if choice < 0.6:
            return f"({c} + {self.const(t)})", t
        if choice < 0.7 and t.startswith("numeric"):
            # TPC-H Q1's shape: numeric's integer arithmetic on small values
            return f"({c} * ({self.const(t)} - {c}))", t
        if choice < 0.8 and t in ("int4", "int8", "numeric(12,3)", "numeric"):
            # may raise division_by_zero
            return f"({c} / ({c} % 5))", t
        if choice < 0.9 and t == "int4":
            # may raise integer_out_of_range
            return f"({c} * 30000000)", t
        return f"abs({c})", t

    def pred(self, alias, table, depth=0):
        r = self.rng
        x = r.random()
        if depth < 2 and x < 0.15:
            op = r.choice(["AND", "OR"])
            return (f"({self.pred(alias, table, depth + 1)} {op} "
                    f"{self.pred(alias, table, depth + 1)})")
        if depth < 2 and x < 0.22:
            return f"NOT ({self.pred(alias, table, depth + 1)})"
        c, t = self.col(alias, table)
        y = r.random()
        if y < 0.15:
            return f"{c} IS {r.choice(['', 'NOT '])}NULL"
        if t == "bool":
            return r.choice([c, f"NOT {c}", f"{c} IS NOT TRUE"])
        if t == "text" and y < 0.35:
            # [NOT] LIKE patterns of the shapes batch quals match (anchored or
            # not, several or repeated '%'s, none) and ones they leave to the
            # function ('_')
            d = r.randint(0, 9)
            pat = r.choice([f"v{d}%", f"%{d}", f"%{d}%", f"v%{d}", f"%v%{d}%", f"v{d}",
                            "%", "%%", f"v_{d}%", f"%0%{d}", f"v{d}%v"])
            return r.choice([f"{c} {r.choice(['', 'NOT '])}LIKE '{pat}'",
                             f"length({c}) > 3"])
        if t in NUMERIC and y < 0.45:
            e, et = self.numexpr(alias, table)
            return f"{e} {r.choice(['<', '>', '=', '<>', '>='])} {self.const(et)}"
        if y < 0.55:
            # IN and NOT IN lists: duplicates, NULL elements (NOT IN then rejects every row),
            # int8 constants against int4 columns, sometimes long enough to be hashed
            items = [self.const(t) for _ in range(r.choice([1, 2, 3, 12]))]
            if t == "int4" and r.random() < 0.3:
                items = [f"{x}::int8" for x in items]
            if r.random() < 0.3:
                items.append(r.choice(items))
            if r.random() < 0.2:
                items.insert(r.randrange(len(items) + 1), "NULL")
            return f"{c} {r.choice(['IN', 'NOT IN'])} ({', '.join(items)})"
        if y < 0.62 and t != "bool":
            lo, hi = sorted([self.const(t), self.const(t)], key=lambda _: r.random())
            return f"{c} {r.choice(['', 'NOT '])}BETWEEN {lo} AND {hi}"
        if y < 0.7:
            other = self.col(alias, table, (t,) if t not in NUMERIC else NUMERIC)
            return f"{c} {r.choice(['<', '>', '=', '<>', '<=', '>='])} {other[0]}"
        if t == "date" and y < 0.45:
            # a date against a timestamp (midnight or not), as in TPC-H's
            # "l_shipdate < date '1995-01-01' + interval '1 year'"
            hours = r.randint(0, 1500) * 24 + r.choice([0, 0, 7])
            ts = f"date '2020-01-01' + interval '{hours} hours'"
            return f"{c} {r.choice(['<', '>', '=', '<>', '<=', '>='])} {ts}"
        return f"{c} {r.choice(['<', '>', '=', '<>', '<=', '>='])} {self.const(t)}"

    def agg(self, alias, table):
        r = self.rng
        ct = self.col(alias, table, NUMERIC)
        if ct and r.random() < 0.05:
            # a division that only its FILTER keeps from failing: the argument is computed for
            # the rows the FILTER keeps, and no others
            fn = r.choice(["sum", "count", "max"])
            return f"{fn}(100 / {ct[0]}) FILTER (WHERE {ct[0]} <> 0)"
        x = r.random()
        if x < 0.2:
            a = "count(*)"
        else:
            ct = self.col(alias, table)
            c, t = ct
            if t in NUMERIC and x < 0.6:
                if r.random() < 0.4:
                    # an expression argument (some raise errors), as TPC-H Q1's
                    # sum(l_extendedprice * (1 - l_discount))
                    e = self.numexpr(alias, table) or (c, t)
                    other = self.col(alias, table, NUMERIC) or (c, t)
                    c = r.choice([e[0], f"({c} * (1 - {other[0]}))", f"({c} + 1)"])
                a = f"{r.choice(['sum', 'avg', 'min', 'max', 'count', 'stddev', 'var_pop'])}({c})"
            elif t == "bool" and x < 0.6:
                a = f"{r.choice(['bool_and', 'bool_or', 'count'])}({c})"
            elif t == "text" and x < 0.6:
                a = f"md5(string_agg({c}, ',' ORDER BY {c}))"
            elif x < 0.75:
                a = f"count(DISTINCT {c})"
            else:
                a = f"{r.choice(['min', 'max', 'count'])}({c})"
        if r.random() < 0.2 and not a.startswith("md5"):
            a = f"{a} FILTER (WHERE {self.pred(alias, table)})"
        return a

    def join_kind(self):
        return self.rng.choice(["JOIN", "JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])

    def join_key(self, t1, t2):
        """The equality joining a and b: c0 = c0 mostly, or columns of another type both tables
        have (floats with NaN and -0, numerics of several scales, dates), or a key that is an
        expression of a (hashed row by row, and may divide by zero)."""
        r = self.rng
        choice = r.random()
        if choice < 0.3:
            # columns with many distinct values: bool and text have 2 and about 60, and the
            # added column is 42 in three rows of four, which would make a join of two 4000-row
            # tables return millions of rows (2.2 million for seed 20261204's query 4952, which
            # the tester held in memory once per configuration)
            common = [(ca, cb) for ca, ta, _ in t1.cols for cb, tb, _ in t2.cols
                      if ta == tb and ta not in ("bool", "text") and "cadd" not in (ca, cb)]
            ca, cb = r.choice(common)
            return f"b.{cb} = a.{ca}"
        if choice < 0.4:
            return "b.c0 = 1000 / a.c0"
        return "b.c0 = a.c0"

    def query(self):
        r = self.rng
        t1 = r.choice(self.tables)
        q = {"from": f"{t1.name} a", "join": None, "where": [], "select": [], "group": [],
             "sets": False, "order": False, "limit": None, "cursor": None}
        t2 = None
        if r.random() < 0.3:
            t2 = r.choice(self.tables)
            q["join"] = f"{self.join_kind()} {t2.name} b ON {self.join_key(t1, t2)}"
            if r.random() < 0.5:
                q["join"] += f" AND {self.pred('b', t2)}"
            if r.random() < 0.2:
                # a join qual of both sides, which may divide by zero (the join then passes
                # its rows up one at a time)
                q["join"] += " AND 100 / (a.c0 - b.c0 + 7) <> 3"
        for _ in range(r.randint(0, 3)):
            q["where"].append(self.pred("a", t1))
        if r.random() < 0.15:
            t3 = r.choice(self.tables)
            sub = f"SELECT 1 FROM {t3.name} s WHERE s.c0 = a.c0"
            if r.random() < 0.5:
                sub += f" AND {self.pred('s', t3)}"
            q["where"].append(f"{r.choice(['', 'NOT '])}EXISTS ({sub})")
        aggregate = r.random() < 0.5
        if q["join"] and aggregate and r.random() < 0.3:
            # a second join, under an aggregate only: a third table of up to 6000 rows on a key
            # of 200 values would return millions of rows
            t3 = r.choice(self.tables)
            q["join"] += (f" {self.join_kind()} {t3.name} c"
                          f" ON c.c0 = {r.choice(['a', 'b'])}.c0")
        if aggregate:
            if r.random() < 0.6:
                q["group"] = ["a.c0" if r.random() < 0.5 else "a.c0 % 7"]
                ct = self.col("a", t1, ("int4", "text", "bool", "date", "numeric",
                                        "float8", "timestamp"))
                if ct and r.random() < 0.4:
                    q["group"].append(ct[0])
                if len(q["group"]) > 1 and r.random() < 0.4:
                    # hashed, mixed or sorted in one order (a rollup), as the planner sees fit
                    q["sets"] = r.choice(["sets", "rollup", "cube"])
                q["select"] = list(q["group"])
            for _ in range(r.randint(1, 4)):
                # the inner side's columns too, which a join's batches point into
                if t2 is not None and r.random() < 0.3:
                    q["select"].append(self.agg("b", t2))
                else:
                    q["select"].append(self.agg("a", t1))
        else:
            for _ in range(r.randint(1, 4)):
                if r.random() < 0.7:
                    q["select"].append(self.col("a", t1)[0])
                else:
                    e = self.numexpr("a", t1)
                    q["select"].append(e[0] if e else "a.c0")
            if r.random() < 0.1:
                t3 = r.choice(self.tables)
                q["select"].append(f"(SELECT count(*) FROM {t3.name} s WHERE s.c0 = a.c0)")
            if q["join"] and r.random() < 0.7:
                q["select"].append("b.c0")
        if r.random() < 0.4:
            q["order"] = True
            if r.random() < 0.6:
                q["limit"] = (r.choice([0, 1, 5, 70, 500]), r.choice([0, 0, 3, 100]))
        if not aggregate and not q["join"] and r.random() < 0.15:
            # Ordered by every column, so that each FETCH has one right answer: without an
            # ORDER BY a scroll cursor returns rows in scan order, and a cursor that turns
            # inside a B-tree posting list gets its TIDs in reverse from the batched index scan
            # but in ascending order again from vanilla's (nbtsearch.c returns a posting
            # list's TIDs in ascending order in both directions).
            q["order"] = True
            q["cursor"] = [r.choice(["NEXT", "5", "PRIOR", "BACKWARD 3", "LAST", "FIRST",
                                     "ABSOLUTE 10", "RELATIVE -2", "FORWARD 70",
                                     "BACKWARD 100", "MOVE 40", "MOVE BACKWARD 8"])
                           for _ in range(r.randint(2, 8))]
        return q


def render(q):
    sql = f"SELECT {', '.join(q['select'])} FROM {q['from']}"
    if q["join"]:
        sql += f" {q['join']}"
    if q["where"]:
        sql += " WHERE " + " AND ".join(q["where"])
    if q["group"]:
        if q["sets"] == "sets":
            sets = ", ".join(f"({g})" for g in q["group"])
            sql += f" GROUP BY GROUPING SETS ({sets}, ())"
        elif q["sets"]:
            sql += f" GROUP BY {q['sets'].upper()} ({', '.join(q['group'])})"
        else:
            sql += " GROUP BY " + ", ".join(q["group"])
    if q["order"]:
        sql += " ORDER BY " + ", ".join(str(i + 1) for i in range(len(q["select"])))
        if q["limit"]:
            sql += f" LIMIT {q['limit'][0]} OFFSET {q['limit'][1]}"
    return sql


class Float(str):
    """A float8 value printed to 10 significant digits, marked so that agree() can tell it from
    other values that print as numbers."""


def normalize(v):
    if isinstance(v, float):
        return Float(f"{v:.10g}")
    return str(v)


def close(a, b, tiny=0.0):
    """Are a and b (normalized values, or rows, or lists of them) equal, but for floats that
    differ by one in their 10th significant digit, or are both within tiny of zero?  A float
    aggregate (var_pop, sum) depends on the order of its input in its last bits, and the order
    of equal keys after a sort that spills differs between the cassert build and vanilla's:
    135152250.2500001 and 135152250.25 print as 135152250.3 and 135152250.2."""
    if a == b:
        return True
    if isinstance(a, Float) and isinstance(b, Float):
        x, y = float(a), float(b)
        return (math.isfinite(x) and math.isfinite(y) and
                (abs(x - y) <= 1.5e-9 * max(abs(x), abs(y)) or max(abs(x), abs(y)) <= tiny))
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and len(a) == len(b):
        return all(close(x, y, tiny) for x, y in zip(a, b))
    return False


def tie_key(v):
    """A value as ORDER BY compares it: numerics of one value at different scales (0 and 0.00)
    and the two float zeros are equal, though they print differently."""
    if isinstance(v, decimal.Decimal) and v.is_finite():
        return str(v.normalize())
    if isinstance(v, float) and v == 0:
        return "0"
    return normalize(v)


def sort_ties(raw, rows):
    """rows, the normalized raw rows of an ordered query, with each run of rows that the ORDER
    BY (which lists every column) finds equal sorted: their order is unspecified, and it differs
    where a sort spills, between the cassert build and vanilla (memory accounting ends a run
    elsewhere)."""
    keyed = zip((tuple(tie_key(v) for v in row) for row in raw), rows)
    return [row for _, run in itertools.groupby(keyed, key=lambda kr: kr[0])
            for row in sorted(r for _, r in run)]


def run(conn, q):
    """Result of q on conn: ('rows', rows) or ('error', sqlstate) or ('timeout', None)."""
    sql = render(q)
    cur = conn.cursor()
    try:
        if q["cursor"]:
            cur.execute("BEGIN")
            cur.execute(f"DECLARE c SCROLL CURSOR FOR {sql}")
            rows = []
            for step in q["cursor"]:
                if step.startswith("MOVE"):
                    cur.execute(f"MOVE {step[5:]} FROM c")
                    rows.append(("moved", cur.rowcount))
                else:
                    cur.execute(f"FETCH {step} FROM c")
                    rows.append(tuple(tuple(normalize(v) for v in row) for row in cur.fetchall()))
            cur.execute("COMMIT")
            return ("rows", rows)
        cur.execute(sql)
        raw = cur.fetchall()
        # a group of numerics equal in value shows one of them, whichever the grouping met
        # first, and a spilling hash aggregation or sort meets them in another order in the
        # cassert build: group keys (the first columns) are compared as ORDER BY compares them,
        # and so are min() and max(), which return one of the values they compare (of 0 and
        # 0.0000, the one met first)
        nkeys = len(q["group"])
        ties = {i for i, s in enumerate(q["select"]) if i < nkeys or s.startswith(("min(", "max("))}
        rows = [tuple(tie_key(v) if i in ties else normalize(v) for i, v in enumerate(row))
                for row in raw]
        if not q["order"]:
            rows.sort()
        else:
            rows = sort_ties(raw, rows)
        return ("rows", rows)
    except psycopg2.Error as e:
        if q["cursor"]:
            # the session is in the transaction that declared the cursor
            cur.execute("ROLLBACK")
        if e.pgcode == "57014":
            return ("timeout", None)
        if e.pgcode is None or e.pgcode.startswith("25") or e.pgcode.startswith("08"):
            # a broken connection or transaction state is the tester's or the server's failure,
            # not a result to compare
            raise
        return ("error", e.pgcode)
    finally:
        cur.close()


def outcomes(conns, q):
    return {name: run(conns[name], q) for name, _, _, _ in CONFIGS}


def agree(settings, result, reference):
    """Does a configuration's result agree with its reference's?  Under a parallel plan, which
    row raises the first error depends on the workers' timing, so that vanilla itself raises
    division by zero in one run and integer out of range in the next, and whether one is raised
    at all: a worker may evaluate a qual on rows that a serial plan, or the leader alone, never
    reaches (a Gather below a hash join whose other side turns out empty; vanilla raised in 5
    runs of 6 and returned no rows in one).  There an error agrees with any outcome; rows must
    still equal rows.  A float aggregate that cancels to a residue of rounding, such as the
    var_pop() of equal values, takes its size from the order in which the workers deliver the
    rows (vanilla against itself: a var_pop() of 6.3e-24 and 2.6e-24, a stddev() of 0 and
    1.3e-13), so there floats within 1e-12 of zero agree.  The generated floats are multiples of
    1/700, whose population variance over n rows, if not zero, is at least
    (1/700)^2 (n - 1) / n^2: above 1e-12 for fewer than two million rows."""
    parallel = "max_parallel_workers_per_gather" in settings
    if result == reference or (result[0] == reference[0] == "rows" and
                               close(result[1], reference[1], 1e-12 if parallel else 0.0)):
        return True
    return parallel and (result[0] == "error" or reference[0] == "error")


def differs(results):
    """True if a configuration's result differs from its reference's."""
    if any(kind == "timeout" for kind, _ in results.values()):
        return False
    return any(ref and not agree(settings, results[name], results[ref])
               for name, _, settings, ref in CONFIGS)


def reduce(conns, q):
    """Drop parts of q while the configurations still disagree."""
    changed = True
    while changed:
        changed = False
        candidates = []
        for i in range(len(q["where"])):
            candidates.append(dict(q, where=q["where"][:i] + q["where"][i + 1:]))
        if len(q["select"]) > 1 and not q["group"]:
            for i in range(len(q["select"])):
                candidates.append(dict(q, select=q["select"][:i] + q["select"][i + 1:]))
        if q["join"] and not any("b." in s for s in q["select"]):
            candidates.append(dict(q, join=None))
        if q["limit"]:
            candidates.append(dict(q, limit=None))
        if q["cursor"] and len(q["cursor"]) > 1:
            for i in range(len(q["cursor"])):
                candidates.append(dict(q, cursor=q["cursor"][:i] + q["cursor"][i + 1:]))
        for c in candidates:
            if differs(outcomes(conns, c)):
                q, changed = c, True
                break
    return q


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vanilla", type=int, required=True, help="port of the vanilla server")
    ap.add_argument("--patched", type=int, required=True, help="port of the patched server")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--queries", type=int, default=0, help="stop after this many queries")
    ap.add_argument("--duration", type=int, default=0, help="stop after this many seconds")
    ap.add_argument("--tables", type=int, default=6)
    ap.add_argument("--out", default=".", help="directory for reproducers")
    ap.add_argument("--wrong", action="store_true",
                    help="add a configuration that rounds floats, to see differences reported")
    args = ap.parse_args()
    if args.wrong:
        CONFIGS.append(("wrong", "patched", {"extra_float_digits": "-15"}, "vanilla"))

    rng = random.Random(args.seed)
    tables = [Table(rng, f"dt{i}") for i in range(args.tables)]
    setup = [s for t in tables for s in t.setup_sql()]
    conns = {}
    for name, server, settings, _ in CONFIGS:
        port = args.vanilla if server == "vanilla" else args.patched
        conn = psycopg2.connect(host="localhost", port=port, user="postgres", dbname="postgres")
        conn.autocommit = True
        cur = conn.cursor()
        cur.execute(f"SET statement_timeout = {TIMEOUT_MS}")
        for g, v in settings.items():
            cur.execute("SELECT set_config(%s, %s, false)", (g, v))
        conns[name] = conn
    # one connection per server loads the tables
    loaded = set()
    for name, server, _, _ in CONFIGS:
        if server not in loaded:
            cur = conns[name].cursor()
            for s in setup:
                cur.execute(s)
            loaded.add(server)

    gen = QueryGen(rng, tables)
    start = time.time()
    n = bad = timeouts = errors = 0
    while True:
        if args.queries and n >= args.queries:
            break
        if args.duration and time.time() - start >= args.duration:
            break
        if not args.queries and not args.duration and n >= 100:
            break
        q = gen.query()
        n += 1
        results = outcomes(conns, q)
        if any(kind == "timeout" for kind, _ in results.values()):
            timeouts += 1
            continue
        if results["vanilla"][0] == "error":
            errors += 1
        if not differs(results):
            continue
        bad += 1
        small = reduce(conns, q)
        results = outcomes(conns, small)
        path = os.path.join(args.out, f"difftest-seed{args.seed}-q{n}.sql")
        with open(path, "w") as f:
            f.write(f"-- difftest seed {args.seed}, query {n}: configurations disagree\n")
            for name, (kind, val) in results.items():
                if kind == "rows":
                    digest = hashlib.md5(repr(val).encode()).hexdigest()[:12]
                    summary = f"{len(val)} rows, digest {digest}: {repr(val)[:200]}"
                else:
                    summary = f"{kind} {val}"
                f.write(f"-- {name}: {summary}\n")
            f.write(";\n".join(setup) + ";\n")
            if small["cursor"]:
                f.write(f"BEGIN;\nDECLARE c SCROLL CURSOR FOR {render(small)};\n")
                for step in small["cursor"]:
                    f.write(f"{step} FROM c;\n" if step.startswith("MOVE")
                            else f"FETCH {step} FROM c;\n")
                f.write("COMMIT;\n")
            else:
                f.write(render(small) + ";\n")
        print(f"DIFFERENCE in query {n}: {render(small)}  (reproducer: {path})", flush=True)

    per = n - timeouts
    print(f"difftest seed {args.seed}: {n} queries, {per} run in each of {len(CONFIGS)} "
          f"configurations ({', '.join(c[0] for c in CONFIGS)}), {errors} of them raising an "
          f"error, {timeouts} timed out, {bad} differed, {time.time() - start:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
