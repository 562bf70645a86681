#!/usr/bin/env bash
# Starts the built `warband serve` on a free loopback port with a database in DIR, for a test run
# (the browser tests, the load test), and prints the server's URL once it listens. The server keeps
# running in the background: its pid is in DIR/server.pid and its output in DIR/server.log; stop it
# with `kill "$(cat DIR/server.pid)"`.
# Usage: url=$(scripts/serve_for_test.sh DIR [extra serve options...])
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:?usage: serve_for_test.sh DIR [serve options...]}"
shift
binary="${WARBAND_BINARY:-build/release/warband}"
[[ -x "$binary" ]] || { echo "serve_for_test.sh: $binary is not built (scripts/build.sh release)" >&2; exit 1; }
mkdir -p "$dir"
log="$dir/server.log"
"$binary" serve --host 127.0.0.1 --port 0 --db "$dir/warband.db" "$@" >"$log" 2>&1 &
pid=$!
echo "$pid" >"$dir/server.pid"
# The server prints "Warband is at http://HOST:PORT/" once it listens.
for _ in $(seq 1 200); do
  if url=$(grep -o 'http://[^ ]*' "$log" 2>/dev/null | head -n 1) && [[ -n "$url" ]]; then
    echo "$url"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "serve_for_test.sh: the server stopped before listening:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.05
done
echo "serve_for_test.sh: the server did not say its address within 10 s:" >&2
cat "$log" >&2
kill "$pid" 2>/dev/null || true
exit 1
