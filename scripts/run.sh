#!/usr/bin/env bash
# The main job: set up, build, and watch two bots play AtomsPast with the sample warbands.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release >/dev/null
exec build/release/warband play atomspast --red bot --blue bot "$@"
