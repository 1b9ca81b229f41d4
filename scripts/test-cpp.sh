#!/usr/bin/env bash
# Runs the Catch2 suite natively (ASan+UBSan) and as WebAssembly under node.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-native.sh
echo "== C++ tests, native (ASan+UBSan)"
./build/native/sv_tests --use-colour no "$@"
bash scripts/build-wasm.sh --target sv_tests
echo "== C++ tests, WebAssembly (node)"
node build/wasm/sv_tests.js --use-colour no "$@"
