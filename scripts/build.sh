#!/usr/bin/env bash
# Build and install one flavour of PostgreSQL with meson and ninja:
#
#   debug    the patched tree, cassert, -Og with debug symbols, TAP tests, and USE_VALGRIND
#            (memory-context client requests for make check-valgrind; a few percent slower
#            outside valgrind): for tests
#   release  the patched tree, optimized (-O2 -g), no cassert: for demos and benchmarks
#   vanilla  the pristine "upstream" commit with the release options: for comparisons
#   coverage the patched tree, cassert, -O0 and gcov counters: for make coverage
#
# Build directories are build/<flavour>, install prefixes build/install/<flavour>.  Rebuilds are
# incremental; a change of the options below reconfigures from scratch.  meson picks up ccache by
# itself when it is installed.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

flavour=${1:?usage: build.sh debug|release|vanilla|coverage}
# Every missing program or library is named (or, as root, installed) before anything builds.
"$TOP/scripts/prereqs.sh"
common=(-Dliburing=enabled -Dicu=enabled -Dllvm=enabled -Dreadline=enabled -Dzlib=enabled
	-Dnls=disabled)
case $flavour in
debug)
	opts=(-Dbuildtype=debug -Doptimization=g -Dcassert=true -Dtap_tests=enabled
		-Dc_args=-DUSE_VALGRIND "${common[@]}")
	;;
coverage)
	opts=(-Dbuildtype=debug -Doptimization=0 -Dcassert=true -Db_coverage=true -Dtap_tests=enabled
		"${common[@]}")
	;;
release | vanilla)
	opts=(-Dbuildtype=debugoptimized -Dcassert=false -Dtap_tests=disabled "${common[@]}")
	;;
*) die "unknown build flavour '$flavour' (debug, release, vanilla or coverage)" ;;
esac

# A fresh checkout has no work tree yet: make it from patches/.
[ -d "$TREE/.git" ] || "$TOP/scripts/tree.sh"
ensure_build_dir

# Harness commands run side by side (a benchmark's instruction counts beside make fuzz) each
# build their flavours first: one at a time per flavour, the lock held until this script exits.
exec {lock}>"$BUILD/.build-$flavour.lock"
flock "$lock"

# The vanilla build compiles the "upstream" commit, exported with git archive into
# build/vanilla-src so that it never disturbs the patched tree.  The upstream commit id depends
# only on the tarball, so recreating postgres/ does not force a vanilla rebuild.
src=$TREE
if [ "$flavour" = vanilla ]; then
	src=$BUILD/vanilla-src
	want=$(git -C "$TREE" rev-parse upstream)
	if [ "$(cat "$src/.pgbatch-upstream" 2>/dev/null)" != "$want" ]; then
		rm -rf "$src"
		mkdir -p "$src"
		git -C "$TREE" archive upstream | tar -x -C "$src"
		echo "$want" >"$src/.pgbatch-upstream"
	fi
fi

bdir=$BUILD/$flavour
prefix=$(prefix_of "$flavour")
stamp="$src ${opts[*]}"
if [ ! -f "$bdir/build.ninja" ] || [ "$(cat "$bdir/.pgbatch-options" 2>/dev/null)" != "$stamp" ]; then
	say "configuring $flavour build in $bdir"
	rm -rf "$bdir"
	builder_dir "$bdir"
	as_builder meson setup "$bdir" "$src" --prefix="$prefix" "${opts[@]}" >"$bdir.setup.log" 2>&1 || {
		tail -n 30 "$bdir.setup.log" >&2
		die "meson setup failed for $flavour (log: $bdir.setup.log)"
	}
	printf '%s\n' "$stamp" >"$bdir/.pgbatch-options"
fi

say "building $flavour in $bdir"
as_builder ninja -C "$bdir" >"$bdir.build.log" 2>&1 || {
	grep -E -A5 'error|FAILED' "$bdir.build.log" | head -n 40 >&2
	die "build of $flavour failed (log: $bdir.build.log)"
}
# Only what changed, so that servers running from the prefix never see their binary rewritten.
as_builder meson install -C "$bdir" --no-rebuild --only-changed >"$bdir.install.log" 2>&1 ||
	die "install of $flavour failed (log: $bdir.install.log)"
say "$flavour installed in $prefix"
