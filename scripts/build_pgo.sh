#!/usr/bin/env bash
# Builds warband and warband_bench with GCC's profile-guided optimisation into build/pgo, in the
# way Stockfish's `make profile-build` does:
#   1. build/pgo-gen: the release build instrumented to count its branches and calls (preset
#      pgo-gen);
#   2. a training run of what users run most, on every ruleset of the build: bot-vs-bot sweeps
#      (random, balance, greedy, mcts), small balance runs and the whole-game benchmarks, writing
#      the profile into build/pgo-profile (about a minute on an idle machine);
#   3. build/pgo: the release build again, optimised with that profile (preset pgo).
# The binaries give build/release's results byte for byte, only faster (README, "Measured
# speed"). Run the long jobs on them, e.g.
#   WARBAND_BINARY=build/pgo/warband scripts/planted_mispricing.sh RULESET ...
# Run it again after changing sources: a stale profile still builds (what changed is optimised
# as without one), but only a new training run fits the new code.
# Usage: scripts/build_pgo.sh [TARGET...]   (default: warband warband_bench)
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then targets=(warband warband_bench); fi
profile_dir="$PWD/build/pgo-profile"

echo "build_pgo.sh: 1/3 the instrumented build (build/pgo-gen)" >&2
cmake --preset pgo-gen >/dev/null
cmake --build build/pgo-gen --target warband warband_bench

echo "build_pgo.sh: 2/3 the training run (profile in build/pgo-profile)" >&2
rm -rf "$profile_dir"
warband=build/pgo-gen/warband
# One thread throughout: the instrumented counters are not atomic.
rulesets=$("$warband" rulesets --json |
  python3 -c 'import json, sys; print(" ".join(r["name"] for r in json.load(sys.stdin)))')
sim() { "$warband" sim "$@" --threads 1 --no-progress --json >/dev/null; }
# Per ruleset: the random sweeps users time, the bots they play (balance, greedy as the planted
# tests run it, mcts), a balance run and the planted tests' kind of balance run (scripts/planted_*.sh).
for ruleset in $rulesets; do
  sim "$ruleset" --games 1000 --red random --blue random --seed 11
  sim "$ruleset" --games 10 --red balance --blue balance --seed 12
  sim "$ruleset" --games 2 --red greedy:depth=2,nodes=8 --blue random --seed 13
  sim "$ruleset" --games 1 --red mcts:iterations=200 --blue random --seed 14
  "$warband" balance "$ruleset" --games 300 --threads 1 --seed 15 --json >/dev/null
  "$warband" balance "$ruleset" --games 40 --bot balance --mirrored --plain --outcome margin \
    --threads 1 --seed 16 --json >/dev/null
done
build/pgo-gen/warband_bench --benchmark_filter='RandomPlayout|RandomGame|SweepGamesPerSecond/1/' \
  --benchmark_min_time=0.05 >/dev/null

echo "build_pgo.sh: 3/3 the optimised build (build/pgo)" >&2
cmake --preset pgo >/dev/null
# Ninja does not see the profile as an input: build every object again with the new one.
cmake --build build/pgo --target clean
cmake --build build/pgo --target "${targets[@]}"
echo "build_pgo.sh: done: build/pgo/${targets[0]}" >&2
