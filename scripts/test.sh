#!/usr/bin/env bash
# Sets up and runs every check: formatting, the test suite (release), the load test and the browser
# tests against the release server, and the test suite again under AddressSanitizer +
# UndefinedBehaviorSanitizer (a clang build, less three seeded statistical checks, already run in
# release: the asan test preset in CMakePresets.json), then each fuzz target of that same build
# briefly on its seed corpus (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "== clang-format"
scripts/check_format.sh

echo "== a ruleset is its own folders"
scripts/check_ruleset_names.sh

echo "== release build and tests"
scripts/build.sh release
ctest --preset release

echo "== load test (release server, 4 clients, 20 s)"
scripts/load_test.sh --clients 4 --seconds 20

echo "== browser tests (release server, Chromium)"
scripts/e2e.sh

echo "== sanitizer build (clang) and tests"
# Configure again: a folder configured when the preset was a gcc build becomes a clang one.
grep -qs '^WARBAND_FUZZ:BOOL=ON' build/asan/CMakeCache.txt || cmake --preset asan >/dev/null
scripts/build.sh asan
WARBAND_CONFORMANCE_GAMES=100 ctest --preset asan

echo "== fuzz targets (15 s each on their seed corpora)"
scripts/fuzz.sh --no-build --seconds 15
