#!/usr/bin/env bash
# A throwaway PostgreSQL server for the test suite.
#   bash .ci/postgres.sh start   installs Debian's postgresql if missing, starts a fresh
#                                cluster in a temp dir on a free 127.0.0.1 port and prints
#                                ONLY its postgres://… URL on stdout (logs go to stderr)
#   bash .ci/postgres.sh stop    stops that cluster and removes its directory
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
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >&2
  as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres guts >&2
  printf '%s\n' "$dir" >"$state_file"
  printf 'postgres://postgres@127.0.0.1:%s/guts\n' "$port"
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
  *) echo "usage: bash .ci/postgres.sh start|stop" >&2; exit 2 ;;
esac
