#!/usr/bin/env bash
# Runs the Catch2 suite natively (ASan+UBSan) and as WebAssembly under node. Without a filter, on
# two or more cores, the suite is cut into shards by test-name family (the long kernel sweeps each
# alone, everything else together) and the shards run as a queue on SV_JOBS processes, the longest
# first; their reports follow one another in shard order, and any failing fails the run. With
# arguments (Catch2 filters), one process runs exactly those.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

# The families of long sweeps, longest first (measured with --durations yes, native -O1 ASan); the last
# shard is everything else. Hidden tests ([.bench] ...) are excluded explicitly everywhere: a name
# pattern, and an exclusion-only spec, select them.
FAMILIES=('transpose:*' 'vmath:*' 'reduce:*' 'matmul:*,unary:*,where:*,integer ops:*,float16:*' 'binary:*' 'copy:*')
SHARDS=()
rest='~[.]'
for f in "${FAMILIES[@]}"; do
  IFS=',' read -ra parts <<< "$f"
  shard=''
  for part in "${parts[@]}"; do
    part=\"${part//\"/}\"
    shard+="${shard:+,}$part~[.]"  # a name pattern selects hidden tests too
    rest+="~$part"
  done
  SHARDS+=("$shard")
done
SHARDS+=("$rest")

# run_suite LABEL RUNNER...: the whole suite under RUNNER (e.g. ./build/native/sv_tests).
run_suite() {
  local label=$1
  shift
  echo "== C++ tests, $label (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  if [ "${SV_JOBS:-1}" -le 1 ]; then
    "$@" --use-colour no
    return
  fi
  local dir i failed=0 running=0
  dir=$(mktemp -d)
  for i in "${!SHARDS[@]}"; do
    if [ "$running" -ge "$SV_JOBS" ]; then
      wait -n
      running=$((running - 1))
    fi
    (
      t0=$(date +%s)
      if "$@" --use-colour no "${SHARDS[$i]}" > "$dir/out$i" 2>&1; then echo 0; else echo $?; fi > "$dir/rc$i"
      echo "($(( $(date +%s) - t0 ))s)" > "$dir/time$i"
    ) &
    running=$((running + 1))
  done
  wait
  for i in "${!SHARDS[@]}"; do
    echo "-- ${SHARDS[$i]} $(cat "$dir/time$i")"
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
