#!/usr/bin/env bash
# Times GET /api/games over a database of stored games, with hyperfine (curl against a running
# `warband serve`): each binary gets its own fresh database, filled with the same games (game
# INDEX of `warband sim RULESET --seed 1`, random against random, through POST /api/replays/sim:
# each stored with its content version), then the listing is timed for each binary in turn, ROUNDS
# times (this host's speed drifts: compare binaries only within a round).
# Usage: scripts/list_games_timing.sh --ruleset NAME [--games N] [--rounds R] [--runs K]
#                                     BINARY [BINARY...]
#   e.g. scripts/list_games_timing.sh --ruleset NAME /path/to/main/warband build/release/warband
set -euo pipefail
cd "$(dirname "$0")/.."
ruleset=""
games=300
rounds=3
runs=40
binaries=()
while (($#)); do
  case "$1" in
    --ruleset) ruleset="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) binaries+=("$1"); shift ;;
  esac
done
[[ -n "$ruleset" ]] || { echo "list_games_timing.sh: give --ruleset NAME" >&2; exit 2; }
((${#binaries[@]})) || binaries=(build/release/warband)
command -v hyperfine >/dev/null || { echo "list_games_timing.sh: needs hyperfine" >&2; exit 1; }

work=$(mktemp -d)
stop() {
  for pid_file in "$work"/*/server.pid; do
    [[ -f "$pid_file" ]] && kill "$(cat "$pid_file")" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap stop EXIT

urls=()
for i in "${!binaries[@]}"; do
  dir="$work/$i"
  url=$(WARBAND_BINARY="${binaries[$i]}" scripts/serve_for_test.sh "$dir")
  urls+=("$url")
  for ((index = 0; index < games; ++index)); do
    curl -sf -o /dev/null -H 'Content-Type: application/json' \
      -d "{\"ruleset\": \"$ruleset\", \"seed\": 1, \"index\": $index}" "${url}api/replays/sim" ||
      { echo "list_games_timing.sh: storing game $index on ${binaries[$i]} failed" >&2; exit 1; }
  done
  listed=$(curl -sf "${url}api/games" | grep -o '"id"' | wc -l)
  bytes=$(stat -c %s "$dir/warband.db")
  echo "${binaries[$i]}: $listed games listed, database $bytes bytes (WAL aside)"
done

for ((round = 1; round <= rounds; ++round)); do
  echo "round $round of $rounds"
  for i in "${!binaries[@]}"; do
    hyperfine --style basic --warmup 3 --runs "$runs" -N \
      --command-name "${binaries[$i]}" "curl -sf -o /dev/null ${urls[$i]}api/games"
  done
done
