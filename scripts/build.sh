#!/usr/bin/env bash
# Configures and builds one CMake preset (release by default, or asan).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
# A build without a compiler cache (CI's fresh clone: .ci/run disables ccache) compiles each
# library's sources in batches, one translation unit a batch (unity build), with the big headers
# precompiled: every header is parsed and every template instantiated once a batch instead of
# once a source. With a cache shared by checkouts both would only make it miss (CMakeLists.txt).
# WARBAND_UNITY and WARBAND_PCH (ON or OFF) override the choice.
fresh=OFF
if [[ -n "${CCACHE_DISABLE:-}" ]] || ! command -v ccache >/dev/null; then fresh=ON; fi
unity="${WARBAND_UNITY:-$fresh}"
pch="${WARBAND_PCH:-$fresh}"
if [[ ! -f "build/$preset/build.ninja" ]]; then
  cmake --preset "$preset" -DCMAKE_UNITY_BUILD="$unity" -DWARBAND_PCH="$pch" >/dev/null
fi
if ! cmake --build --preset "$preset"; then
  [[ "$unity" == ON ]] || exit 1
  # A batch fails when two of its sources define the same file-local name: say so, and build
  # source by source rather than fail CI over the batching.
  echo "build.sh: the unity build of $preset failed (two sources of one library sharing a" \
    "file-local name?); building it source by source" >&2
  cmake --preset "$preset" -DCMAKE_UNITY_BUILD=OFF >/dev/null
  cmake --build --preset "$preset"
fi
