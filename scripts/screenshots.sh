#!/usr/bin/env bash
# Takes the README's screenshots of the browser app (docs/screenshots/builder.png, board.png, phone.png,
# spell_preview.png, tabletop.png; or only those named: scripts/screenshots.sh spell_preview) with
# Debian's Chromium driven by Playwright, against the built server with a fresh database.
set -euo pipefail
cd "$(dirname "$0")/.."
(cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
dir=$(mktemp -d)
stop() {
  if [[ -f "$dir/server.pid" ]]; then kill "$(cat "$dir/server.pid")" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap stop EXIT
WARBAND_URL=$(scripts/serve_for_test.sh "$dir")
export WARBAND_URL
mkdir -p docs/screenshots
node tests/e2e/screenshots.mjs docs/screenshots "$@"
