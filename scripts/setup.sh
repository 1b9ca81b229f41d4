#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian 12 machine of this kind:
# Debian packages (emscripten, binaryen and llvm for splitting the module, catch2, numpy for the
# test oracle; for the browser tests chromium,
# firefox-esr, and WebKitGTK's WebDriver with xvfb + xauth for its display) and the npm dev
# dependencies (they include the Bun and Deno binaries, from npm). Idempotent and quiet when
# everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v em++ >/dev/null 2>&1 || need+=(emscripten)
[ -f /usr/include/catch2/catch.hpp ] || need+=(catch2)
/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || need+=(python3-numpy)
if [ "${SV_SKIP_BROWSER:-0}" != 1 ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  [ -x /usr/bin/firefox-esr ] || need+=(firefox-esr)
  [ -x /usr/bin/WebKitWebDriver ] || need+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb)
  command -v xauth >/dev/null 2>&1 || need+=(xauth)
fi
command -v cmake >/dev/null 2>&1 || need+=(cmake)
# scripts/split-wasm.mjs (the core and the families): binaryen's wasm-split, wasm-opt and wasm-dis,
# and llvm-nm / llvm-cxxfilt to read which object defines each function
command -v wasm-split >/dev/null 2>&1 || need+=(binaryen)
{ command -v llvm-nm && command -v llvm-cxxfilt; } >/dev/null 2>&1 || need+=(llvm)
command -v clang++ >/dev/null 2>&1 || need+=(clang)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ -f package-lock.json ]; then
  stamp=node_modules/.sv-lock-stamp
  if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
    echo "setup: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json "$stamp"
  fi
fi
