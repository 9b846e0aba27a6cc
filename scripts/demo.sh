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

running() { [ -d "$data" ] && as_builder "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

# The port of the running server, from the fourth line of postmaster.pid.
server_port() { sed -n 4p "$data/postmaster.pid"; }

start() {
	"$TOP/scripts/build.sh" release
	builder_dir "$demo"
	if [ ! -f "$data/PG_VERSION" ]; then
		say "creating the demo cluster in $data"
		as_builder "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
			>"$demo/initdb.log" 2>&1 || die "initdb failed (log: $demo/initdb.log)"
	fi
	if running; then
		say "the demo server is already running"
	else
		local port
		port=$(free_port)
		say "starting the demo server on port $port"
		as_builder "$bin/pg_ctl" -D "$data" -l "$demo/server.log" -w \
			-o "-p $port -c listen_addresses=localhost -k $demo" start >/dev/null ||
			die "the server did not start (log: $demo/server.log)"
	fi
	local -a psql=("$bin/psql" -X -q -h localhost -p "$(server_port)" -U postgres -v ON_ERROR_STOP=1)
	if ! "${psql[@]}" -d postgres -Atc "SELECT 1 FROM pg_database WHERE datname = 'demo'" | grep -q 1; then
		say "loading the demo data (demo/load.sql)"
		"${psql[@]}" -d postgres -c "CREATE DATABASE demo"
		"${psql[@]}" -d demo -f "$TOP/demo/load.sql"
	fi
	"${psql[@]}" -d demo -f "$TOP/demo/demo.sql"
	cat <<EOF

The demo server is running: PostgreSQL $PG_VERSION with the pgbatch series, release build.
  connect:  $bin/psql -h localhost -p $(server_port) -U postgres demo
  data:     $data
  log:      $demo/server.log
  stop:     make stop
EOF
}

stop() {
	if running; then
		as_builder "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
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
