#!/usr/bin/env bash
# WebAssembly build (em++ 3.1.6, -msimd128): the Catch2 suite as a node program and, when
# bindings/embind.cpp exists, the Embind module for the npm package.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j"$SV_JOBS" "$@"
