#!/usr/bin/env bash
# The load test of `warband serve` (docs/server.md, "Load test"). Builds nothing: it starts the
# built server on a fresh database, runs build/release/warband_load against it, stops the server
# with SIGTERM, then checks the database (PRAGMA integrity_check, every save the server confirmed
# present). With --kill, the server is killed with SIGKILL halfway through the run instead, and
# the check must still find every confirmed save; the server must then start again on that
# database.
# Usage: scripts/load_test.sh [--kill] [--keep] [warband_load options: --clients 8 --seconds 20
#        --scenario mixed|build|play|health --max-requests N --bot B --json
#        --slow-clients N --slow-interval S ...]
# The slow-header scenario (issue 14): `scripts/load_test.sh --scenario health --slow-clients 8`
# measures /api/health's latency while eight clients trickle a header line every 2 s.
set -euo pipefail
cd "$(dirname "$0")/.."
load="${WARBAND_LOAD_BINARY:-build/release/warband_load}"
[[ -x "$load" ]] || { echo "load_test.sh: $load is not built (scripts/build.sh release)" >&2; exit 1; }

kill_mode=false
keep=false
seconds=20
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kill) kill_mode=true ;;
    --keep) keep=true ;;
    --seconds) seconds="$2"; args+=("$1" "$2"); shift ;;
    *) args+=("$1") ;;
  esac
  shift
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/warband_load.XXXXXX")
server_pid=""
stop_server() {  # SIGTERM, then wait up to 15 s for the server to exit
  [[ -n "$server_pid" ]] || return 0
  kill -TERM "$server_pid" 2>/dev/null || true
  for _ in $(seq 1 150); do
    kill -0 "$server_pid" 2>/dev/null || { server_pid=""; return 0; }
    sleep 0.1
  done
  echo "load_test.sh: the server did not stop within 15 s of SIGTERM" >&2
  kill -KILL "$server_pid" 2>/dev/null || true
  server_pid=""
  return 1
}
cleanup() {
  stop_server || true
  if $keep; then echo "load_test.sh: kept $dir" >&2; else rm -rf "$dir"; fi
}
trap cleanup EXIT

# A run saves tens of thousands of documents and games: past the store's default caps (docs/api.md).
caps=(--max-documents 1000000000 --max-games 1000000000)
url=$(scripts/serve_for_test.sh "$dir" "${caps[@]}")
server_pid=$(cat "$dir/server.pid")
echo "load_test.sh: server $server_pid at $url, database $dir/warband.db" >&2

status=0
if $kill_mode; then
  "$load" --url "$url" --ledger "$dir/ledger.json" --expect-kill "${args[@]}" &
  load_pid=$!
  sleep "$(awk -v s="$seconds" 'BEGIN { print s / 2 }')"
  if ! kill -0 "$load_pid" 2>/dev/null; then
    echo "load_test.sh: the load ended before the kill; give it more --seconds" >&2
    status=1
  fi
  kill -KILL "$server_pid"
  echo "load_test.sh: killed the server (SIGKILL) mid-run" >&2
  server_pid=""
  wait "$load_pid" || status=1
else
  "$load" --url "$url" --ledger "$dir/ledger.json" "${args[@]}" || status=1
  stop_server || status=1
fi

if $kill_mode; then echo "== database check (server killed)"; else echo "== database check (server stopped)"; fi
"$load" --check-ledger "$dir/ledger.json" --db "$dir/warband.db" || status=1

if $kill_mode; then
  # The next start must open the killed server's database (SQLite replays its write-ahead log).
  rm -f "$dir/server.log"
  url=$(scripts/serve_for_test.sh "$dir" "${caps[@]}") || status=1
  server_pid=$(cat "$dir/server.pid")
  if curl --silent --fail --max-time 10 "${url%/}/api/health" >/dev/null; then
    echo "load_test.sh: the server started again on the killed server's database" >&2
  else
    echo "load_test.sh: the server does not answer after a restart on that database" >&2
    status=1
  fi
  stop_server || status=1
fi

if [[ $status -ne 0 && -f "$dir/server.log" ]]; then
  echo "load_test.sh: the server's output (last lines):" >&2
  tail -n 20 "$dir/server.log" >&2
fi
exit $status
