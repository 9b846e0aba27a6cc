#!/usr/bin/env bash
# make demo / make stop: run the patched release build on a local data directory.
#
#   demo.sh start [--quick]   build release, create build/demo/data on first use, start the server
#                             on a free local port, load demo/load.sql (again only when it has
#                             changed), run demo/demo.sql (each query timed with batching off and
#                             on, then the batched plans, then the index range scan cold and warm
#                             with prefetching off and on, and its EXPLAIN (ANALYZE, IO)) and
#                             leave the server running; --quick
#                             loads 200 000 orders instead of 1 000 000 (database demo_quick) and
#                             times 3 runs instead of 5
#   demo.sh stop              stop it
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

demo=$BUILD/demo
data=$demo/data
bin=$(bindir_of release)

start() {
	local db=demo rows=1000000 reps=5 port
	case ${1:-} in
	"") ;;
	--quick) db=demo_quick rows=200000 reps=3 ;;
	*) die "usage: demo.sh start [--quick]" ;;
	esac
	"$TOP/scripts/build.sh" release
	port=$(start_cluster release "$data")
	local -a psql=("$bin/psql" -X -q -h localhost -p "$port" -U postgres -v ON_ERROR_STOP=1)
	# the database's comment records what loaded it, so that a changed load.sql loads anew
	local stamp have
	stamp="$(cksum <"$TOP/demo/load.sql" | cut -d' ' -f1) $rows"
	have=$("${psql[@]}" -d postgres -Atc \
		"SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = '$db'")
	if [ "$have" != "$stamp" ]; then
		say "loading the demo data ($rows orders, demo/load.sql) into database $db"
		"${psql[@]}" -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
		"${psql[@]}" -d "$db" -v rows="$rows" -f "$TOP/demo/load.sql" ||
			die "loading the demo data failed"
		"${psql[@]}" -d postgres -c "COMMENT ON DATABASE $db IS '$stamp'"
	fi
	"${psql[@]}" -d "$db" -v reps="$reps" -f "$TOP/demo/demo.sql"
	cat <<EOF

The demo server is running: PostgreSQL $PG_VERSION with the pgbatch series, release build.
  connect:     $bin/psql -h localhost -p $port -U postgres $db
  compare:     SET executor_batching = off; (or on) with \\timing, and the queries above
  data:        $data
  log:         $data.log
  stop:        make stop
  benchmarks:  make bench: vanilla 18.6 against batching off and on (bench/README.md); results
               in bench/results/, and make results-status says which measured this series
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
start) start "${2:-}" ;;
stop) stop ;;
*) die "usage: demo.sh start [--quick] | stop" ;;
esac
