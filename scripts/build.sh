#!/usr/bin/env bash
# Configures and builds one CMake preset (release by default, or asan).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
# Precompiled headers pay off when nothing is cached (CI's fresh clone: .ci/run disables ccache);
# with a compiler cache shared by checkouts they would only make it miss (CMakeLists.txt).
pch="${WARBAND_PCH:-}"
if [[ -z "$pch" ]]; then
  if [[ -n "${CCACHE_DISABLE:-}" ]] || ! command -v ccache >/dev/null; then pch=ON; else pch=OFF; fi
fi
if [[ ! -f "build/$preset/build.ninja" ]]; then
  cmake --preset "$preset" -DWARBAND_PCH="$pch" >/dev/null
fi
cmake --build --preset "$preset"
