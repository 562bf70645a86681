#!/usr/bin/env bash
# The main job: set up, build, and start the browser app (`warband serve`) on the built-in content.
# It prints the address to open (http://127.0.0.1:8080/ by default) and runs until Ctrl-C.
# Arguments go to `warband serve`: scripts/run.sh --port 9000 --db /tmp/warband.db
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release >/dev/null
exec build/release/warband serve "$@"
