#!/usr/bin/env bash
# WebAssembly build (em++ 3.1.6): the Catch2 suite as a node program and, when
# bindings/embind.cpp exists, the Embind modules for the npm package: strideview_wasm (SIMD128)
# and strideview_wasm_nosimd (scalar fallback). E.g. --target strideview_wasm strideview_wasm_nosimd
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j"$SV_JOBS" "$@"
