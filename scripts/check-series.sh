#!/usr/bin/env bash
# make check-series: check every prefix of the series in patches/ the way the commitfest's CI
# applies a series, so that a patch that only works together with a later one is found here.
#
# First make lint-series (the cheap checks: message, trailers, whitespace, files, pgindent).
# Then, on a clone of the pristine 18.6 tree (build/series/tree) and for each patch in turn:
#   apply    git am applies it on top of the patches before it
#   gcc      an incremental cassert build (build/series/gcc) succeeds with no compiler warning
#            that the pristine build or an earlier patch did not already show
#   clang    the C files the patch touches compile under clang (build/series/clang) with no
#            warning they did not have before the patch
#   headers  every header the patch touches compiles on its own, as headerscheck checks it
#   docs     when the patch touches doc/: the documentation validates (postgres-full.xml)
#   tests    the core regression suite and the meson suites of the tests the patch touches
# Each failing step is named with its patch; an apply or build failure ends the run, any other
# failure is counted and the next step runs.  Logs stay in build/series/logs/<patch>/<step>.log,
# a per-patch table of times is printed at the end.  STEPS="gcc docs" runs only those steps
# (apply always runs; tests need gcc).  FROM=n checks only patches n and later: the earlier ones
# are applied, not checked (for a patch added to a series already checked; its build then also
# compiles what the earlier ones changed since the last run).  Build directories are kept, so
# later runs are incremental.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

steps=${STEPS:-gcc clang headers docs tests}
sdir=$BUILD/series
stree=$sdir/tree
gcc_dir=$sdir/gcc
clang_dir=$sdir/clang
logs=$sdir/logs
opts=(-Dbuildtype=debug -Doptimization=g -Dcassert=true -Dtap_tests=enabled -Dliburing=enabled
	-Dicu=enabled -Dllvm=enabled -Dreadline=enabled -Dzlib=enabled -Dnls=disabled)

git -C "$TREE" rev-parse -q --verify upstream >/dev/null ||
	die "no work tree with an 'upstream' tag at $TREE; run 'make tree' first"
compgen -G "$PATCHES/*.patch" >/dev/null || die "no patches in $PATCHES"
for tool in clang xmllint; do
	command -v "$tool" >/dev/null || die "check-series needs $tool (see .ci/run for the packages)"
done

want_step() { [[ " $steps " == *" $1 "* ]]; }

started=$(date +%s)
failed=0
fail() {
	printf 'FAIL %s: %s\n' "$1" "$2"
	failed=$((failed + 1))
}

# The compiler warnings in a build log, without line and column numbers (so that a warning that
# only moved is not new) and without the build directory's relative prefix: "file: text".
warnings_of() {
	sed -E 's/\x1b\[[0-9;]*[mK]//g' "$1" |
		sed -nE 's#^(\.\./)*([^:]+):[0-9]+(:[0-9]+)?: warning: (.*)#\2: \4#p' | sort -u
}

# The warnings of $1 that are not in the list $2: new_warnings LOG KNOWN
new_warnings() {
	comm -23 <(warnings_of "$1") "$2"
}

# Configure a build directory for the pristine tree: configure DIR [ENV...]
configure() {
	local dir=$1
	shift
	local stamp
	stamp="$(git -C "$TREE" rev-parse upstream) $* ${opts[*]}"
	if [ -f "$dir/build.ninja" ] && [ "$(cat "$dir/.pgbatch-options" 2>/dev/null)" = "$stamp" ]; then
		return
	fi
	say "configuring $dir"
	rm -rf "$dir" "$dir.pristine-warnings"
	builder_dir "$dir"
	as_builder env "$@" meson setup "$dir" "$stree" "${opts[@]}" >"$dir.setup.log" 2>&1 ||
		die "meson setup failed (log: $dir.setup.log)"
	printf '%s\n' "$stamp" >"$dir/.pgbatch-options"
}

# The object files a build directory compiles from the given sources (paths in the tree).
objects_of() {
	local dir=$1
	shift
	python3 - "$dir" "$stree" "$@" <<'EOF'
import json, os, sys
bdir, tree, files = sys.argv[1], sys.argv[2], set(sys.argv[3:])
for e in json.load(open(os.path.join(bdir, "compile_commands.json"))):
    src = os.path.relpath(os.path.normpath(os.path.join(e["directory"], e["file"])), tree)
    if src in files:
        print(e["output"])
EOF
}

# Compile the given C files of the tree again in the clang build and log what it says.
clang_compile() {
	local log=$1 objs
	shift
	: >"$log"
	[ $# -gt 0 ] || return 0
	# a patch that adds files changes the build description: regenerate it first
	as_builder ninja -C "$clang_dir" build.ninja >"$log" 2>&1 || return 1
	mapfile -t objs < <(objects_of "$clang_dir" "$@")
	[ ${#objs[@]} -gt 0 ] || return 0
	(cd "$clang_dir" && rm -f "${objs[@]}")
	as_builder ninja -C "$clang_dir" "${objs[@]}" >>"$log" 2>&1
}

# The compiler options of the backend's code (those of main.c in the gcc build), without the
# compiler, its input and output: what check_header() compiles a header with.
backend_flags() {
	python3 - "$gcc_dir" <<'EOF'
import json, os, shlex, sys
for e in json.load(open(os.path.join(sys.argv[1], "compile_commands.json"))):
    if e["file"].endswith("src/backend/main/main.c"):
        args = shlex.split(e["command"])
        while not args[0].startswith("-"):  # ccache and the compiler
            args.pop(0)
        keep, skip = [], False
        for a in args:
            if skip:
                skip = False
            elif a in ("-o", "-c", "-MQ", "-MF"):
                skip = True
            elif a != "-MD" and not a.endswith("main.c"):
                keep.append(a)
        print("\n".join(keep))
        break
EOF
}

# headerscheck's test for one header: it compiles after the header that its directory's code
# includes first (postgres.h, postgres_fe.h or c.h), with the flags of the backend's code.
check_header() {
	local h=$1 log=$2 pre='#include "postgres.h"'
	case $h in
	# not meant to compile on their own (headerscheck's list, for the headers near our work)
	src/include/port/* | src/include/nodes/nodetags.h | src/include/access/rmgrlist.h | \
		src/include/parser/kwlist.h | src/include/storage/lwlocklist.h | \
		src/include/tcop/cmdtaglist.h | src/include/catalog/syscache_*.h | \
		src/include/storage/checksum_impl.h | src/include/jit/SectionMemoryManager.h) return 0 ;;
	src/include/postgres.h | src/include/postgres_fe.h | src/include/c.h | src/port/*) pre= ;;
	src/interfaces/* | src/bin/* | src/fe_utils/*) pre='#include "postgres_fe.h"' ;;
	src/common/*) pre='#include "c.h"' ;;
	esac
	printf '%s\n#include "%s"\n' "$pre" "$h" >"$gcc_dir/headercheck.c"
	# like headerscheck, any output (a warning too) fails
	local out
	out=$(cd "$gcc_dir" && as_builder gcc "${header_flags[@]}" -fdiagnostics-color=never -I "$stree" \
		-I "$gcc_dir/src/backend/parser" -I "$gcc_dir/src/backend/utils/adt" \
		-fsyntax-only headercheck.c 2>&1) || out+=$'\n(exit status not 0)'
	printf '%s\n' "$out" >>"$log"
	[ -z "$out" ]
}

# The meson suites of the test directories a patch touches: src/test/modules/X, contrib/X,
# src/bin/X and src/test/X give suite X when meson has one by that name.
suites_for() {
	local f name
	for f in "$@"; do
		case $f in
		src/test/modules/*/* | contrib/*/* | src/bin/*/* | src/test/*/*)
			name=${f#src/test/modules/}
			name=${name#contrib/}
			name=${name#src/bin/}
			name=${name#src/test/}
			echo "${name%%/*}"
			;;
		esac
	done | sort -u | grep -Fxf <(printf '%s\n' "${all_suites[@]}") || true
}

# Run meson test suites against the gcc build; failures are named from meson's JSON log.
run_tests() {
	local log=$1
	shift
	local -a args=(--suite setup)
	local s
	for s in "$@"; do
		args+=(--suite "$s")
	done
	rm -f "$gcc_dir/meson-logs/testlog.json"
	as_builder meson test -C "$gcc_dir" --no-rebuild "${args[@]}" >"$log" 2>&1 || true
	python3 - "$gcc_dir/meson-logs/testlog.json" <<'EOF'
import json, sys
try:
    tests = [json.loads(line) for line in open(sys.argv[1])]
except OSError:
    tests = []
bad = [t["name"] for t in tests if t["result"] not in ("OK", "EXPECTEDFAIL", "SKIP")]
print(" ".join(bad) if tests else "(no test ran)")
EOF
}

ensure_build_dir
builder_dir "$sdir"
rm -rf "$logs"
mkdir -p "$logs/patches"
# the series as it is now: exporting a new one while this runs changes nothing here
cp "$PATCHES"/*.patch "$logs/patches/"

say "check-series: lint-series first"
if ! "$TOP/scripts/lint-series.sh" | tee "$logs/lint-series.log"; then
	fail series "lint-series failed (log: $logs/lint-series.log)"
fi

# The pristine tree: a clone of the work tree's upstream commit.  Checking out only rewrites
# files that differ, so the builds below stay incremental between runs.
upstream=$(git -C "$TREE" rev-parse upstream)
[ -d "$stree/.git" ] || git clone -q --no-checkout "$TREE" "$stree"
git -C "$stree" am --abort >/dev/null 2>&1 || true
git -C "$stree" fetch -q "$TREE" upstream
git -C "$stree" checkout -q -f --detach "$upstream"
git -C "$stree" clean -q -f -d -x
sgit=(git -C "$stree" -c user.name=pgbatch -c user.email=pgbatch@localhost)

# The pristine build, and its warnings: every later build is compared with them.
t0=$(date +%s)
if want_step gcc; then
	configure "$gcc_dir"
	say "building the pristine tree in $gcc_dir"
	# Only a complete build shows every warning; a rebuild of a kept directory shows fewer.
	if [ ! -f "$gcc_dir.pristine-warnings" ]; then
		as_builder ninja -C "$gcc_dir" clean >/dev/null
	fi
	as_builder ninja -C "$gcc_dir" >"$logs/pristine-gcc.log" 2>&1 ||
		die "the pristine tree does not build (log: $logs/pristine-gcc.log)"
	[ -f "$gcc_dir.pristine-warnings" ] ||
		warnings_of "$logs/pristine-gcc.log" >"$gcc_dir.pristine-warnings"
	# the warnings known so far: the pristine tree's, then also those of the patches checked
	cp "$gcc_dir.pristine-warnings" "$logs/known-warnings"
	mapfile -t header_flags < <(backend_flags)
	mapfile -t all_suites < <(as_builder meson test -C "$gcc_dir" --list 2>/dev/null |
		sed -nE 's/^[^:]*:([^ ]+) \/ .*/\1/p' | sort -u)
fi
want_step clang && configure "$clang_dir" CC=clang
say "pristine tree ready ($(($(date +%s) - t0)) s)"

summary=()
took() {
	line+=" $1 $(($(date +%s) - step_start))s"
	step_start=$(date +%s)
}
for patch in "$logs"/patches/*.patch; do
	name=$(basename "$patch" .patch)
	plog=$logs/$name
	mkdir -p "$plog"
	line="$name:"
	step_start=$(date +%s)
	if [ "$((10#${name%%-*}))" -lt "${FROM:-0}" ]; then
		"${sgit[@]}" am -q "$patch" >"$plog/apply.log" 2>&1 || {
			fail "$name" "apply: does not apply with git am (log: $plog/apply.log)"
			break
		}
		continue
	fi

	mapfile -t touched < <("${sgit[@]}" apply --numstat "$patch" | cut -f3)
	mapfile -t c_old < <(for f in "${touched[@]}"; do
		[[ $f == *.c && -f $stree/$f ]] && echo "$f"
	done)
	if want_step clang; then
		clang_compile "$plog/clang-before.log" "${c_old[@]}" || true
	fi
	# counted with the clang step below
	clang_before=$(($(date +%s) - step_start))
	step_start=$(date +%s)

	if ! "${sgit[@]}" am -q "$patch" >"$plog/apply.log" 2>&1; then
		fail "$name" "apply: does not apply with git am (log: $plog/apply.log)"
		break
	fi
	took apply
	mapfile -t present < <(for f in "${touched[@]}"; do [ -f "$stree/$f" ] && echo "$f"; done)
	mapfile -t c_new < <(printf '%s\n' "${present[@]}" | grep '\.c$' || true)
	mapfile -t headers < <(printf '%s\n' "${present[@]}" | grep -E '^(src|contrib)/.*\.h$' || true)

	if want_step gcc; then
		if ! as_builder ninja -C "$gcc_dir" >"$plog/gcc.log" 2>&1; then
			fail "$name" "gcc: build failed (log: $plog/gcc.log)"
			break
		fi
		new=$(new_warnings "$plog/gcc.log" "$logs/known-warnings")
		if [ -n "$new" ]; then
			fail "$name" "gcc: $(wc -l <<<"$new") new compiler warning(s) (log: $plog/gcc.log)"
			printf '    %s\n' "$new" | head -n 10
			sort -u -o "$logs/known-warnings" "$logs/known-warnings" - <<<"$new"
		fi
		took gcc
	fi

	if want_step clang; then
		if ! clang_compile "$plog/clang.log" "${c_new[@]}"; then
			fail "$name" "clang: the patch's C files do not compile (log: $plog/clang.log)"
		else
			new=$(new_warnings "$plog/clang.log" <(warnings_of "$plog/clang-before.log"))
			if [ -n "$new" ]; then
				fail "$name" "clang: $(wc -l <<<"$new") new compiler warning(s) (log: $plog/clang.log)"
				printf '    %s\n' "$new" | head -n 10
			fi
		fi
		step_start=$((step_start - clang_before))
		took clang
	fi

	if want_step headers && want_step gcc; then
		: >"$plog/headers.log"
		for h in "${headers[@]}"; do
			check_header "$h" "$plog/headers.log" ||
				fail "$name" "headers: $h does not compile on its own (log: $plog/headers.log)"
		done
		took headers
	fi

	if want_step docs && want_step gcc && printf '%s\n' "${touched[@]}" | grep -q '^doc/'; then
		as_builder ninja -C "$gcc_dir" doc/src/sgml/postgres-full.xml >"$plog/docs.log" 2>&1 ||
			fail "$name" "docs: the documentation does not validate (log: $plog/docs.log)"
		took docs
	fi

	if want_step tests && want_step gcc; then
		mapfile -t suites < <({ echo regress; suites_for "${touched[@]}"; } | sort -u)
		bad=$(run_tests "$plog/tests.log" "${suites[@]}")
		if [ -n "$bad" ]; then
			fail "$name" "tests (${suites[*]}): $bad (log: $plog/tests.log)"
			# keep the diffs: the next patch's run reuses the test directories
			find "$gcc_dir/testrun" -name regression.diffs -printf '%P\n' 2>/dev/null |
				while read -r d; do
					cp "$gcc_dir/testrun/$d" "$plog/${d//\//-}"
				done
		fi
		took "tests(${suites[*]})"
	fi
	summary+=("$line")
	say "$line"
done

echo
echo "Per patch, seconds per step:"
printf '  %s\n' "${summary[@]}"
echo "Logs: $logs"
say "check-series: $(find "$logs/patches" -name '*.patch' | wc -l) patches, $failed failed checks, $(($(date +%s) - started)) s"
[ "$failed" -eq 0 ]
