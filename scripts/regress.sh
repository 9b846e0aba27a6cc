#!/usr/bin/env bash
# make regress TESTS="boolean join": run single tests of src/test/regress against the debug build,
# with pg_regress called as meson's regress/regress test calls it, on a temporary instance.
# test_setup, which creates the shared test tables, always runs first; tests that need objects
# made by other schedule entries need those named before them.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

[ $# -gt 0 ] || die 'name the tests to run: make regress TESTS="boolean join"'

"$TOP/scripts/build.sh" debug
b=$BUILD/debug
# The temporary installation (and initdb template) that every meson test runs against.
as_builder meson test -C "$b" --no-rebuild --quiet --suite setup >/dev/null ||
	die "meson test --suite setup failed (log: $b/meson-logs/testlog.txt)"

out=$b/testrun/regress-one
rm -rf "$out"
# testrun/ too: made here first (before any meson test), it must still be the builder's
builder_dir "$b/testrun" "$out"
regress=$b/src/test/regress
tests=(test_setup)
for t in "$@"; do
	[ "$t" = test_setup ] || tests+=("$t")
done
status=0
as_builder env PATH="$b/tmp_install$(prefix_of debug)/bin:$regress:/usr/bin:/bin" \
	INITDB_TEMPLATE="$b/tmp_install/initdb-template" REGRESS_SHLIB="$regress/regress.so" \
	PG_REGRESS="$regress/pg_regress" top_builddir="$b" \
	"$regress/pg_regress" --inputdir "$TREE/src/test/regress" --expecteddir "$TREE/src/test/regress" \
	--bindir= --dlpath "$regress" --max-concurrent-tests=20 --dbname regression \
	--outputdir "$out" --temp-instance "$out/tmp_check" "${tests[@]}" || status=$?
[ "$status" -eq 0 ] || say "differences are in $out/regression.diffs"
exit "$status"
