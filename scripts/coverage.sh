#!/usr/bin/env bash
# make coverage [SUITE="regress isolation"]: which lines the series adds to PostgreSQL's C files
# no test executes.  Builds the coverage flavour (build.sh: cassert, -O0, gcov), runs the meson
# suites named in SUITE (default: regress, isolation and the suites holding the series' test
# modules and TAP tests) on it, and for every .c file that upstream..HEAD changes counts the
# added lines gcov calls executable and those that ran.  Prints one line per file and a total;
# build/coverage-report/uncovered.txt lists each added line that never ran, with its text: the
# place to look for a missing test.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

suites=${SUITE:-regress isolation deform_bench test_index_lookahead test_misc test_aio auto_explain}
command -v gcov >/dev/null || die "gcov is not installed (Debian: gcc)"
"$TOP/scripts/build.sh" coverage
b=$BUILD/coverage
out=$BUILD/coverage-report
rm -rf "$out"
builder_dir "$out"

# Counters from an earlier run would add to this one's.
find "$b" -name '*.gcda' -delete
args=(--suite setup)
for s in $suites; do
	args+=(--suite "$s")
done
say "running meson tests on the coverage build (suites: $suites)"
as_builder meson test -C "$b" --no-rebuild --quiet "${args[@]}" >"$out/meson-test.log" 2>&1 ||
	say "some tests failed (log: $out/meson-test.log); coverage is of what ran"

# The lines each changed .c file gains, as "file first count" hunks of git diff -U0.
git -C "$TREE" diff -U0 upstream HEAD -- '*.c' |
	awk '/^\+\+\+ b\// { f = substr($2, 3) }
	     /^@@/ { split($3, a, ","); sub(/^\+/, "", a[1]);
	             print f, a[1], (a[2] == "" ? 1 : a[2]) }' >"$out/added.txt"

# gcov's JSON for the object files of the changed sources (meson names them after the source's
# path, so a file's object ends in its name), read as the builder, who owns the counters.
find "$b" -name '*.gcda' | grep -F -f <(cut -d' ' -f1 "$out/added.txt" | sort -u |
	sed 's|.*/||; s|$|.gcda|') >"$out/gcda.txt" || die "no counters: did the tests run?"
# shellcheck disable=SC2016 # $1 is the inner shell's
as_builder sh -c 'cd "$1" && xargs -a gcda.txt gcov --json-format --stdout >gcov.json 2>gcov.log' \
	sh "$out" || die "gcov failed (log: $out/gcov.log)"

python3 - "$TREE" "$out" <<'EOF'
import json, os, sys
tree, out = sys.argv[1:]
added = {}
for line in open(os.path.join(out, "added.txt")):
    f, first, n = line.split()
    added.setdefault(f, set()).update(range(int(first), int(first) + int(n)))
# line -> executed, over every object file that compiles the source
runs = {}
for doc in open(os.path.join(out, "gcov.json")):
    doc = json.loads(doc)
    for unit in doc["files"]:
        path = os.path.relpath(os.path.realpath(
            os.path.join(doc["current_working_directory"], unit["file"])), os.path.realpath(tree))
        if path not in added:
            continue
        lines = runs.setdefault(path, {})
        for l in unit["lines"]:
            lines[l["line_number"]] = lines.get(l["line_number"], False) or l["count"] > 0
total = hit = 0
with open(os.path.join(out, "uncovered.txt"), "w") as u:
    for f in sorted(added):
        if f not in runs:
            print(f"{'-':>6} {'':>6} {f} (no counters: not built, or never run)")
            continue
        src = open(os.path.join(tree, f), errors="replace").read().split("\n")
        mine = sorted(l for l in added[f] if l in runs[f])
        ran = [l for l in mine if runs[f][l]]
        total += len(mine)
        hit += len(ran)
        if mine:
            print(f"{100 * len(ran) / len(mine):5.1f}% {len(mine):6d} {f}")
        for l in mine:
            if not runs[f][l]:
                u.write(f"{f}:{l}: {src[l - 1].strip()}\n")
print(f"{100 * hit / max(total, 1):5.1f}% {total:6d} added executable lines, {total - hit} never ran "
      f"(listed in {out}/uncovered.txt)")
EOF
