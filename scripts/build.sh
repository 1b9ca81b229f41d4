#!/usr/bin/env bash
# Builds the npm package: the WebAssembly module (em++), then the TypeScript layer into dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh --target strideview_wasm strideview_wasm_nosimd strideview_wasm_threads
node scripts/build-web.mjs
