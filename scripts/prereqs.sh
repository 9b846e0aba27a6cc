#!/usr/bin/env bash
# The programs and libraries the harness needs, and the Debian packages that provide them: the one
# list that .ci/run, make demo, make check and make bench go by (scripts/build.sh runs this before
# anything builds).
#
#   prereqs.sh           name what is missing; as root on a machine with apt-get, install it
#                        (saying so); otherwise fail with the command that installs it
#   prereqs.sh --check   only name what is missing, and fail if anything is
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# package   how to tell it is there: cmd:PROGRAM, file:PATH, pc:PKG-CONFIG-MODULE,
#           perl:MODULE or py:MODULE (of the system's /usr/bin/python3, which the harness runs
#           its Python tools with, whatever python3 comes first in PATH)
PREREQS='
bison           cmd:bison
flex            cmd:flex
meson           cmd:meson
ninja-build     cmd:ninja
gcc             cmd:gcc
make            cmd:make
pkg-config      cmd:pkg-config
ccache          cmd:ccache
git             cmd:git
perl            cmd:perl
python3         file:/usr/bin/python3
bzip2           cmd:bzip2
libreadline-dev file:/usr/include/readline/readline.h
zlib1g-dev      file:/usr/include/zlib.h
libicu-dev      pc:icu-uc
liburing-dev    pc:liburing
llvm-dev        cmd:llvm-config
clang           cmd:clang
libipc-run-perl perl:IPC::Run
shellcheck      cmd:shellcheck
python3-venv    py:ensurepip
python3-psycopg2 py:psycopg2
sqlsmith        cmd:sqlsmith
valgrind        cmd:valgrind
fio             cmd:fio
libxml2-utils   cmd:xmllint
docbook-xml     file:/usr/share/xml/docbook/schema/dtd/4.5/docbookx.dtd
'

# Is the thing a probe names there?
present() {
	local kind=${1%%:*} what=${1#*:}
	case $kind in
	cmd) command -v "$what" >/dev/null 2>&1 ;;
	file) [ -e "$what" ] ;;
	pc) command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$what" ;;
	perl) command -v perl >/dev/null 2>&1 && perl -M"$what" -e 1 2>/dev/null ;;
	py) [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import $what" 2>/dev/null ;;
	*) die "unknown probe '$1' in scripts/prereqs.sh" ;;
	esac
}

# The packages whose probe fails, one "package (probe)" per line.
missing() {
	local pkg probe
	while read -r pkg probe; do
		[ -n "$pkg" ] || continue
		present "$probe" || echo "$pkg ($probe)"
	done <<<"$PREREQS"
}

mode=${1:-}
case $mode in
'' | --check) ;;
*) die "usage: prereqs.sh [--check]" ;;
esac

lacking=$(missing)
[ -n "$lacking" ] || exit 0
pkgs=$(cut -d' ' -f1 <<<"$lacking" | tr '\n' ' ')
pkgs=${pkgs% }

if [ -z "$mode" ] && is_root && command -v apt-get >/dev/null 2>&1; then
	say "installing the missing packages: $pkgs"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q >/dev/null
	# shellcheck disable=SC2086 # one word per package
	apt-get install -y -q --no-install-recommends $pkgs >/dev/null
	lacking=$(missing)
	[ -n "$lacking" ] || exit 0
	die "still missing after apt-get install:
$lacking"
fi

sudo=
is_root || sudo='sudo '
die "missing prerequisites:
$lacking
Install them with:
  ${sudo}apt-get install -y --no-install-recommends $pkgs"
