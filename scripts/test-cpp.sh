#!/usr/bin/env bash
# Runs the Catch2 suite natively (ASan+UBSan) and as WebAssembly under node.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-native.sh
echo "== C++ tests, native (ASan+UBSan) (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
./build/native/sv_tests --use-colour no "$@"
bash scripts/build-wasm.sh --target sv_tests
echo "== C++ tests, WebAssembly (node) (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
node build/wasm/sv_tests.js --use-colour no "$@"
