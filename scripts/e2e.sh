#!/usr/bin/env bash
# The browser tests: Debian's Chromium driven by Playwright (playwright-core, no browser download)
# against the built server on a free port with a fresh database, with node's own test runner.
# The server is the build with the test-only rulesets (warband_with_test_rulesets), so a test plays
# a test-only game through the generic game view. First the web app's unit tests (tests/web, no browser).
# Usage: scripts/e2e.sh [node --test options, e.g. --test-name-pattern=replay]
set -euo pipefail
cd "$(dirname "$0")/.."
export WARBAND_BINARY="${WARBAND_BINARY:-build/release/warband_with_test_rulesets}"
echo "web unit tests"
node --test tests/web/*.test.mjs
(cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
dir=$(mktemp -d)
stop() {
  if [[ -f "$dir/server.pid" ]]; then kill "$(cat "$dir/server.pid")" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap stop EXIT
WARBAND_URL=$(scripts/serve_for_test.sh "$dir")
export WARBAND_URL
echo "browser tests against $WARBAND_URL"
# One file at a time against the one server (Debian 12's Node 18 has no --test-concurrency).
failed=()
for file in tests/e2e/*.test.mjs; do
  node --test "$@" "$file" || failed+=("$file")
done
if ((${#failed[@]} > 0)); then
  echo "browser tests failed: ${failed[*]}"
  exit 1
fi
echo "browser tests: all passed"
