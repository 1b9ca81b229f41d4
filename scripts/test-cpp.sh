#!/usr/bin/env bash
# Runs the Catch2 suite natively (ASan+UBSan) and as WebAssembly under node. Without a filter, on
# two or more cores, the suite runs as two processes at once: the long reduction and binary kernel
# sweeps (about half the time under ASan) beside everything else; their reports follow one another,
# and either failing fails the run. With arguments (Catch2 filters), one process runs exactly those.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

# run_suite LABEL RUNNER...: the whole suite under RUNNER (e.g. ./build/native/sv_tests).
# The second spec excludes hidden tests ([.bench] ...) explicitly: an exclusion-only spec selects them.
SHARDS=('reduce:*,binary:*' '~[.]~"reduce:*"~"binary:*"')
run_suite() {
  local label=$1
  shift
  echo "== C++ tests, $label (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  if [ "${SV_JOBS:-1}" -le 1 ]; then
    "$@" --use-colour no
    return
  fi
  local dir i failed=0 pids=()
  dir=$(mktemp -d)
  for i in "${!SHARDS[@]}"; do
    (if "$@" --use-colour no "${SHARDS[$i]}" > "$dir/out$i" 2>&1; then echo 0; else echo $?; fi > "$dir/rc$i") &
    pids+=($!)
  done
  wait "${pids[@]}"
  for i in "${!SHARDS[@]}"; do
    echo "-- ${SHARDS[$i]}"
    cat "$dir/out$i"
    [ "$(cat "$dir/rc$i")" = 0 ] || failed=1
  done
  rm -rf "$dir"
  return $failed
}

bash scripts/build-native.sh
if [ "$#" -gt 0 ]; then
  echo "== C++ tests, native (ASan+UBSan) (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  ./build/native/sv_tests --use-colour no "$@"
else
  run_suite "native (ASan+UBSan)" ./build/native/sv_tests
fi
bash scripts/build-wasm.sh --target sv_tests
if [ "$#" -gt 0 ]; then
  echo "== C++ tests, WebAssembly (node) (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  node build/wasm/sv_tests.js --use-colour no "$@"
else
  run_suite "WebAssembly (node)" node build/wasm/sv_tests.js
fi
