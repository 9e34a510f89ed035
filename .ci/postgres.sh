#!/usr/bin/env bash
# A throwaway PostgreSQL server for the test suite.
#   bash .ci/postgres.sh start   installs Debian's postgresql if missing, starts a fresh
#                                cluster in a temp dir on a free 127.0.0.1 port and prints
#                                ONLY its postgres://… URL on stdout (logs go to stderr)
#   bash .ci/postgres.sh stop    stops that cluster and removes its directory
#   bash .ci/postgres.sh restart restarts its server at once (pg_ctl restart -m fast), as a failover would
#   bash .ci/postgres.sh down    stops its server at once, keeping its data (then `up` starts it again)
#   bash .ci/postgres.sh up
# GUTS_PG_STATE names the file that remembers the cluster: set it to run a cluster of one's own.
# The cluster trades durability for speed (fsync off): it lives for one test run.
set -euo pipefail

state_file="${GUTS_PG_STATE:-${TMPDIR:-/tmp}/guts-postgres.state}"

newest_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

# The server refuses to run as root, so root runs it as the postgres user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

start() {
  if [ -z "$(newest_bin)" ]; then
    { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; } >&2
  fi
  local bin dir port
  bin="$(newest_bin)"
  dir="$(mktemp -d "${TMPDIR:-/tmp}/guts-pg.XXXXXX")"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  port="$(free_port)"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >&2
  printf '%s\n' "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >"$dir/options"
  server_up "$dir"
  as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres guts >&2
  printf '%s\n' "$dir" >"$state_file"
  printf 'postgres://postgres@127.0.0.1:%s/guts\n' "$port"
}

server_up() {
  as_owner "$(newest_bin)/pg_ctl" -D "$1/data" -l "$1/server.log" -w -o "$(cat "$1/options")" start >&2
}

cluster_dir() {
  [ -f "$state_file" ] || { echo "postgres.sh: no cluster (no $state_file)" >&2; exit 1; }
  cat "$state_file"
}

stop() {
  [ -f "$state_file" ] || { echo "postgres.sh: nothing to stop (no $state_file)" >&2; return 0; }
  local dir
  dir="$(cat "$state_file")"
  if [ -d "$dir/data" ]; then as_owner "$(newest_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true; fi
  rm -rf "$dir" "$state_file"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  restart) dir="$(cluster_dir)" && as_owner "$(newest_bin)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w restart >&2 ;;
  down) as_owner "$(newest_bin)/pg_ctl" -D "$(cluster_dir)/data" -m fast -w stop >&2 ;;
  up) server_up "$(cluster_dir)" ;;
  *) echo "usage: bash .ci/postgres.sh start|stop|restart|down|up" >&2; exit 2 ;;
esac
