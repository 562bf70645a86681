#!/usr/bin/env bash
# The soak run: the conformance suite (tests/support/conformance.h) on N random games of every
# playable ruleset `warband` registers, spread over each one's maps, under AddressSanitizer + UBSan
# (the asan preset's test binary, tests/core/soak_test.cc). A new game is soaked by being
# registered.
#
# Usage: scripts/soak.sh [--games N] [--seed S] [--no-build]
#   --games N  games per ruleset (default 200; 10000 for a long soak)
#   --seed S   the first setup's seed (default 1); a soak with another seed plays other games
set -euo pipefail
cd "$(dirname "$0")/.."

games=200
seed=1
build=1
while (($#)); do
  case "$1" in
    --games) games="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "soak.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ "$games" =~ ^[1-9][0-9]*$ ]] || { echo "soak.sh: --games must be a positive number" >&2; exit 2; }

if ((build)); then
  [[ -f build/asan/build.ninja ]] || cmake --preset asan >/dev/null
  cmake --build --preset asan --target warband_tests
fi
start=$(date +%s)
WARBAND_SOAK_GAMES="$games" WARBAND_SOAK_SEED="$seed" \
  build/asan/warband_tests --gtest_filter='Soak.*' --gtest_brief=1
echo "soak.sh: $games games per ruleset in $(($(date +%s) - start)) s"
