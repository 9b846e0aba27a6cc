#!/usr/bin/env bash
# Print the path of a verified PostgreSQL source tarball, downloading it first if needed.
#
# PG_TARBALL=/path/to/postgresql-18.6.tar.bz2 uses a tarball you already have.  Otherwise the
# orig tarball of Debian's source package is fetched once with "apt-get source --download-only"
# into $PGBATCH_CACHE (~/.cache/pgbatch).  apt runs with a private configuration whose deb-src
# entries are derived from the machine's own Debian sources, so the system's apt setup is not
# touched.  Either way the SHA-256 must match the one pinned in upstream.conf.
. "$(dirname "$0")/lib.sh"

verify() {
	local file=$1 sum
	sum=$(sha256sum "$file" | cut -d' ' -f1)
	if [ "$sum" != "$PG_ORIG_SHA256" ]; then
		die "$file has SHA-256 $sum, but PostgreSQL $PG_VERSION's tarball has $PG_ORIG_SHA256 (upstream.conf).
  Remove or replace the file, or point PG_TARBALL at a genuine postgresql-$PG_VERSION.tar.bz2."
	fi
}

# The mirrors this machine already uses for Debian itself, from both apt source formats.
debian_mirrors() {
	{
		awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/) { print $i; break } }' \
			/etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true
		awk 'tolower($1) == "uris:" { for (i = 2; i <= NF; i++) print $i }' \
			/etc/apt/sources.list.d/*.sources 2>/dev/null || true
	} | grep -E '/debian/?$' | sort -u
}

download() {
	local apt="$CACHE/apt" mirrors
	mirrors=$(debian_mirrors)
	[ -n "$mirrors" ] || die "no Debian mirror found in /etc/apt to fetch the $PG_DEB_SOURCE source package from.
  Download postgresql-$PG_VERSION.tar.bz2 yourself and run again with PG_TARBALL=/path/to/it."
	mkdir -p "$apt/sources.list.d" "$apt/lists/partial" "$apt/cache" "$CACHE/download"
	# The package lives in unstable; the suites of a stable release do not carry PostgreSQL 18.
	{
		echo "Types: deb-src"
		echo "URIs: $(echo "$mirrors" | tr '\n' ' ')"
		echo "Suites: sid"
		echo "Components: main"
		echo "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
	} >"$apt/sources.list.d/pgbatch-src.sources"
	local -a opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$apt/sources.list.d"
		-o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "APT::Sandbox::User=$(id -un)")
	local version=""
	if apt-get -q "${opts[@]}" update >"$apt/update.log" 2>&1; then
		# apt-get source takes no version pattern: pick the newest $PG_DEB_VERSION_GLOB on offer.
		version=$(apt-cache "${opts[@]}" showsrc "$PG_DEB_SOURCE" 2>/dev/null |
			awk '$1 == "Version:" { print $2 }' | sort -V | while read -r v; do
			# shellcheck disable=SC2254 # the glob is meant to match
			case $v in $PG_DEB_VERSION_GLOB) echo "$v" ;; esac
		done | tail -n 1)
	fi
	say "fetching source package $PG_DEB_SOURCE=${version:-$PG_DEB_VERSION_GLOB} with apt-get source"
	if [ -z "$version" ] ||
		! (cd "$CACHE/download" && apt-get -q "${opts[@]}" source --download-only \
			"$PG_DEB_SOURCE=$version") >"$apt/source.log" 2>&1; then
		tail -n 5 "$apt/update.log" "$apt/source.log" 2>/dev/null >&2 || true
		die "could not download the $PG_DEB_SOURCE $PG_DEB_VERSION_GLOB source package (logs in $apt).
  Download postgresql-$PG_VERSION.tar.bz2 yourself and run again with PG_TARBALL=/path/to/it."
	fi
	[ -f "$CACHE/download/$PG_ORIG_TARBALL" ] ||
		die "apt-get source did not produce $PG_ORIG_TARBALL (see $apt/source.log)"
	verify "$CACHE/download/$PG_ORIG_TARBALL"
	mv "$CACHE/download/$PG_ORIG_TARBALL" "$CACHE/$PG_ORIG_TARBALL"
}

if [ -n "${PG_TARBALL:-}" ]; then
	[ -f "$PG_TARBALL" ] || die "PG_TARBALL=$PG_TARBALL: no such file"
	verify "$PG_TARBALL"
	echo "$PG_TARBALL"
	exit 0
fi

if [ ! -f "$CACHE/$PG_ORIG_TARBALL" ]; then
	download
fi
verify "$CACHE/$PG_ORIG_TARBALL"
echo "$CACHE/$PG_ORIG_TARBALL"
