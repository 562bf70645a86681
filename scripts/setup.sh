#!/usr/bin/env bash
# Installs everything Warband needs to build and test, from Debian's packages (the browser
# tests' npm packages come from tests/e2e/package-lock.json, installed by scripts/e2e.sh). Idempotent:
# a machine that already has them is left alone (no apt-get update, no root needed).
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  nlohmann-json3-dev libtomlplusplus-dev libfmt-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format hyperfine
  clang libclang-rt-14-dev
  openmpi-bin libopenmpi-dev
  libcpp-httplib-dev libsqlite3-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libssl-dev libqrencode-dev
  sqlite3 curl chromium nodejs time
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done

apt_install() {
  echo "setup: installing $*"
  local sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "$@" >/dev/null
}

if ((${#missing[@]} > 0)); then apt_install "${missing[@]}"; fi

# Debian's nodejs comes without npm (its own package); NodeSource's nodejs carries it.
if ! command -v npm >/dev/null; then apt_install npm; fi
