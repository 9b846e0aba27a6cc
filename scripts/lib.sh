# shellcheck shell=bash disable=SC2034 # variables here are used by the scripts that source it
# Definitions shared by the pgbatch harness scripts.  Source it; it sets "set -euo pipefail".
#
# Paths can be moved with environment variables, which the harness's own tests use to work on
# scratch copies: PGBATCH_TREE (the PostgreSQL work tree), PGBATCH_PATCHES (the series),
# PGBATCH_BUILD (build directories, install prefixes, data directories) and PGBATCH_CACHE (the
# downloaded tarball).
set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=../upstream.conf
. "$TOP/upstream.conf"

TREE=${PGBATCH_TREE:-$TOP/postgres}
PATCHES=${PGBATCH_PATCHES:-$TOP/patches}
BUILD=${PGBATCH_BUILD:-$TOP/build}
CACHE=${PGBATCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pgbatch}
# The unprivileged account that builds, serves and tests when the harness is run as root.
BUILDER=${PGBATCH_USER:-pgbatch}

say() { printf 'pgbatch: %s\n' "$*" >&2; }
die() { printf 'pgbatch: error: %s\n' "$*" >&2; exit 1; }

is_root() { [ "$(id -u)" -eq 0 ]; }

# Run a command as the unprivileged builder: directly when we are not root, otherwise through
# runuser with a clean environment.  The PATH is the system's own, so that meson and the tests
# find /usr/bin/python3 rather than a python under root's home that the builder cannot read.
# A few variables that tune PostgreSQL's tests pass through.
as_builder() {
	if ! is_root; then
		"$@"
		return
	fi
	local -a keep=()
	local v
	for v in PG_TEST_EXTRA PG_TEST_TIMEOUT_DEFAULT PROVE_FLAGS MESON_TESTTHREADS PGOPTIONS TERM; do
		if [ -n "${!v:-}" ]; then
			keep+=("$v=${!v}")
		fi
	done
	runuser -u "$BUILDER" -- env -i \
		HOME="$(getent passwd "$BUILDER" | cut -d: -f6)" USER="$BUILDER" LOGNAME="$BUILDER" \
		PATH=/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 "${keep[@]}" "$@"
}

# As root, make sure the builder account exists and can reach the checkout.
ensure_builder() {
	is_root || return 0
	if ! id "$BUILDER" >/dev/null 2>&1; then
		say "creating unprivileged user '$BUILDER' to build, run and test PostgreSQL (it refuses root)"
		useradd --create-home --shell /bin/bash --comment "pgbatch builder" "$BUILDER"
	fi
	as_builder test -r "$TOP/upstream.conf" ||
		die "user '$BUILDER' cannot read $TOP; clone pgbatch somewhere every user can read (for example under /var/tmp)"
}

# Create a directory that the builder owns (the build and data directories).
builder_dir() {
	mkdir -p "$@"
	if is_root; then
		chown "$BUILDER:" "$@"
	fi
}

# Bring the builder-owned top of the build directory into being.
ensure_build_dir() {
	ensure_builder
	builder_dir "$BUILD"
}

# Installation prefix and binaries of a build flavour (debug, release, vanilla).
prefix_of() { printf '%s/install/%s\n' "$BUILD" "$1"; }
bindir_of() { printf '%s/install/%s/bin\n' "$BUILD" "$1"; }

# The first local TCP port from 54320 up that nothing listens on, for the servers the harness
# starts (demo, benchmarks).
free_port() {
	local p
	for p in $(seq 54320 54399); do
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return
		fi
	done
	die "no free local port between 54320 and 54399"
}

# The clusters the harness runs (demo, benchmarks) are made on first use by the flavour's initdb,
# superuser "postgres" with trust authentication, and listen on localhost and on a socket beside
# their data directory.  A settings file given to start_cluster is installed as pgbatch.conf.

cluster_running() {
	[ -f "$2/PG_VERSION" ] && as_builder "$(bindir_of "$1")/pg_ctl" -D "$2" status >/dev/null 2>&1
}

# The initial catalogs of FLAVOUR's build (a checksum of its postgres.bki).  A patch may change
# them (new functions) without a new catalog version, as patches leave that to the committer, so
# clusters remember this rather than trust the server to refuse an older one.
catalog_stamp() {
	cksum <"$("$(bindir_of "$1")/pg_config" --sharedir)/postgres.bki" | cut -d' ' -f1
}

# Create the cluster in DATADIR unless it exists with the build's catalogs: init_cluster FLAVOUR
# DATADIR.  One made by a build with other catalogs is stopped and made afresh.
init_cluster() {
	local data=$2 stamp
	stamp=$(catalog_stamp "$1")
	if [ -f "$data/PG_VERSION" ]; then
		[ "$(cat "$data.catalog" 2>/dev/null)" != "$stamp" ] || return 0
		say "the $1 build's catalogs changed: making the cluster in $data afresh"
		! cluster_running "$1" "$data" ||
			as_builder "$(bindir_of "$1")/pg_ctl" -D "$data" -m fast stop >/dev/null
		rm -rf "${data:?}"
	fi
	say "creating a $1 cluster in $data"
	builder_dir "$(dirname "$data")"
	as_builder "$(bindir_of "$1")/initdb" -D "$data" -U postgres --auth=trust -E UTF8 \
		--locale=C.UTF-8 >"$data.initdb.log" 2>&1 || die "initdb failed (log: $data.initdb.log)"
	echo "include_if_exists 'pgbatch.conf'" >>"$data/postgresql.conf"
	echo "$stamp" >"$data.catalog"
}

# Create (first time) and start the cluster in DATADIR; print its port.
# start_cluster FLAVOUR DATADIR [SETTINGS-FILE]
start_cluster() {
	local bin data=$2 port
	bin=$(bindir_of "$1")
	init_cluster "$1" "$data"
	if [ -n "${3:-}" ]; then
		cp "$3" "$data/pgbatch.conf"
	fi
	if ! cluster_running "$1" "$data"; then
		port=$(free_port)
		say "starting the $1 server on $data, port $port"
		as_builder "$bin/pg_ctl" -D "$data" -l "$data.log" -w \
			-o "-p $port -c listen_addresses=localhost -k $(dirname "$data")" start >/dev/null ||
			die "the server did not start (log: $data.log)"
	fi
	sed -n 4p "$data/postmaster.pid"
}

# stop_cluster FLAVOUR DATADIR; fails if it was not running.
stop_cluster() {
	cluster_running "$1" "$2" || return 1
	as_builder "$(bindir_of "$1")/pg_ctl" -D "$2" -m fast -w stop >/dev/null
}

# git in the work tree, with the settings that make format-patch output independent of the
# caller's configuration (so that exporting an unchanged tree changes no file).
tree_git() {
	git -C "$TREE" -c core.abbrev=12 -c diff.noprefix=false -c diff.mnemonicPrefix=false \
		-c diff.relative=false -c diff.algorithm=myers -c diff.renames=true \
		"$@"
}

# The benchmarks' Python, with bench/requirements.txt (the report's and the data generators'
# packages), in a venv made or updated on first use; prints the venv's directory.
bench_venv() {
	local venv=$BUILD/bench/venv
	if ! cmp -s "$TOP/bench/requirements.txt" "$venv/requirements.txt" 2>/dev/null; then
		say "installing bench/requirements.txt into $venv"
		rm -rf "$venv"
		python3 -m venv "$venv"
		"$venv/bin/pip" install -q -r "$TOP/bench/requirements.txt" >&2
		cp "$TOP/bench/requirements.txt" "$venv/requirements.txt"
	fi
	echo "$venv"
}

# The hash that names the exported series (patches/*.patch) in results.
series_hash() {
	cat "$PATCHES"/*.patch 2>/dev/null | sha256sum | cut -c1-12
}

# The series the builds come from, as benchmark results name it: "N patches on PostgreSQL V
# (patches/ sha256 X)".
series_id() {
	echo "$(git -C "$TREE" rev-list --count upstream..HEAD) patches on PostgreSQL $PG_VERSION" \
		"(patches/ sha256 $(series_hash))"
}

# Write the series upstream..HEAD of the work tree into directory $1, as "make patches" would.
render_series() {
	tree_git format-patch --quiet --zero-commit --no-signature --no-cover-letter \
		--output-directory "$1" upstream..HEAD >/dev/null
}
