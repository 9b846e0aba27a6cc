#!/usr/bin/env bash
# make demo / make stop: run the patched release build on a local data directory.
#
#   demo.sh start   build release, create build/demo/data on first use, start the server on a free
#                   local port, load demo/load.sql once, run demo/demo.sql, leave the server running
#   demo.sh stop    stop it
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

demo=$BUILD/demo
data=$demo/data
bin=$(bindir_of release)

start() {
	"$TOP/scripts/build.sh" release
	local port
	port=$(start_cluster release "$data")
	local -a psql=("$bin/psql" -X -q -h localhost -p "$port" -U postgres -v ON_ERROR_STOP=1)
	if ! "${psql[@]}" -d postgres -Atc "SELECT 1 FROM pg_database WHERE datname = 'demo'" | grep -q 1; then
		say "loading the demo data (demo/load.sql)"
		"${psql[@]}" -d postgres -c "CREATE DATABASE demo"
		"${psql[@]}" -d demo -f "$TOP/demo/load.sql"
	fi
	"${psql[@]}" -d demo -f "$TOP/demo/demo.sql"
	cat <<EOF

The demo server is running: PostgreSQL $PG_VERSION with the pgbatch series, release build.
  connect:  $bin/psql -h localhost -p $port -U postgres demo
  data:     $data
  log:      $data.log
  stop:     make stop
EOF
}

stop() {
	if stop_cluster release "$data"; then
		say "demo server stopped"
	else
		say "no demo server is running"
	fi
}

case ${1:-} in
start) start ;;
stop) stop ;;
*) die "usage: demo.sh start|stop" ;;
esac
