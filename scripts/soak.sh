#!/usr/bin/env bash
# The soak run: the conformance suite (tests/support/conformance.h) on N random games of every
# playable ruleset `warband` registers, spread over each one's maps, under AddressSanitizer + UBSan
# (the asan preset's test binary, tests/core/soak_test.cc). A new game is soaked by being
# registered.
#
# Usage: scripts/soak.sh [--games N] [--seed S] [--jobs J] [--rulesets A,B] [--no-build]
#   --games N      games per ruleset (default 200; 10000 for a long soak)
#   --seed S       the first run's seed (default 1); a soak with another seed plays other games
#   --jobs J       split the games over J runs at once (default 1), seeds S, S+1000, S+2000...
#   --rulesets A,B soak only these rulesets (default: every playable one)
set -euo pipefail
cd "$(dirname "$0")/.."

games=200
seed=1
jobs=1
rulesets=""
build=1
while (($#)); do
  case "$1" in
    --games) games="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --rulesets) rulesets="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "soak.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
for number in games seed jobs; do
  [[ "${!number}" =~ ^[1-9][0-9]*$ ]] || { echo "soak.sh: --$number must be a positive number" >&2; exit 2; }
done
((jobs <= games)) || jobs=$games

if ((build)); then
  [[ -f build/asan/build.ninja ]] || cmake --preset asan >/dev/null
  cmake --build --preset asan --target warband_tests
fi

# Each run plays its share of the games from its own seed: a run's games are drawn from
# mix_seed(seed + map index, game), so seeds 1000 apart share no game.
start=$(date +%s)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for ((j = 0; j < jobs; j++)); do
  share=$((games / jobs + (j < games % jobs ? 1 : 0)))
  WARBAND_SOAK_GAMES="$share" WARBAND_SOAK_SEED=$((seed + 1000 * j)) WARBAND_SOAK_RULESETS="$rulesets" \
    build/asan/warband_tests --gtest_filter='Soak.*' --gtest_brief=1 >"$logs/$j.log" 2>&1 &
  pids+=($!)
done
failed=0
for ((j = 0; j < jobs; j++)); do
  wait "${pids[$j]}" || failed=1
  echo "--- run $((j + 1)) of $jobs (seed $((seed + 1000 * j)))"
  grep -E '^soak: |Failure|ERROR|runtime error|FAILED' "$logs/$j.log" || cat "$logs/$j.log"
done
echo "soak.sh: $games games per ruleset in $(($(date +%s) - start)) s over $jobs run(s):" \
  "$( ((failed)) && echo FAILED || echo all passed)"
exit "$failed"
