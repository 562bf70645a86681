#!/usr/bin/env bash
# Sets up and runs every check: formatting, the test suite (release), the load test and the browser
# tests against the release server, then the clang sanitizer build (AddressSanitizer +
# UndefinedBehaviorSanitizer): the test suite again (less four seeded statistical checks, already
# run in release, and the slow tests on a tenth of their games: the asan test preset in
# CMakePresets.json, tests/support/test_scale.h) and every fuzz target for a short while on its
# corpus (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says when it starts (seconds since the start), so a slow CI run shows where it went.
step() { echo "== [${SECONDS} s] $*"; }

scripts/setup.sh

step "clang-format"
scripts/check_format.sh

step "a ruleset is its own folders"
scripts/check_ruleset_names.sh

step "README's and docs' relative links"
node scripts/check_doc_links.mjs

step "release build and tests"
scripts/build.sh release
ctest --preset release

step "load test (release server, 4 clients, 20 s)"
scripts/load_test.sh --clients 4 --seconds 20

step "browser tests (release server, Chromium)"
scripts/e2e.sh

step "sanitizer build (clang, ASan + UBSan) and tests"
scripts/build.sh asan
ctest --preset asan

step "fuzz targets (5 s each on its corpus, two at once)"
scripts/fuzz.sh --no-build --seconds 5 --jobs 2

step "all checks passed"
