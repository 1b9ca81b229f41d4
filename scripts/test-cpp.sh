#!/usr/bin/env bash
# Runs the Catch2 suite natively (ASan+UBSan) and as WebAssembly under node. Without a filter the
# test cases are dealt round-robin into SV_JOBS shards (default: the core count) that run at once,
# each its own process; their reports follow one another, and any failing shard fails the run.
# With arguments (Catch2 filters), one process runs exactly those.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

# run_suite LABEL RUNNER...: the suite under RUNNER (e.g. ./build/native/sv_tests), sharded.
run_suite() {
  local label=$1
  shift
  echo "== C++ tests, $label (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  if [ "${SV_JOBS:-1}" -le 1 ]; then
    "$@" --use-colour no
    return
  fi
  local dir
  dir=$(mktemp -d)
  # Test names as Catch2 specs: commas escaped (a comma separates specs).
  # (Catch2 2.x exits with the number of tests listed: not an error.)
  { "$@" --list-test-names-only || true; } | sed '/^$/d; s/,/\\,/g' > "$dir/all"
  if [ ! -s "$dir/all" ]; then
    echo "test-cpp: $* listed no test cases" >&2
    return 1
  fi
  local n=$SV_JOBS pids=() i
  for ((i = 0; i < n; i++)); do
    awk -v n="$n" -v i="$i" 'NR % n == i' "$dir/all" > "$dir/names$i"
    mapfile -t names < "$dir/names$i"
    if [ "${#names[@]}" -eq 0 ]; then continue; fi
    (if "$@" --use-colour no "${names[@]}" > "$dir/out$i" 2>&1; then echo 0; else echo $?; fi > "$dir/rc$i") &
    pids+=($!)
  done
  wait "${pids[@]}" || true
  local failed=0
  for ((i = 0; i < n; i++)); do
    [ -f "$dir/out$i" ] || continue
    echo "-- shard $((i + 1)) of $n"
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
