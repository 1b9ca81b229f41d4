#!/usr/bin/env bash
# `npm run demo`: builds the package when dist/ is missing or older than its sources, bundles the
# demo into build/demo/ (with the package's wasm), and serves it on http://localhost:$PORT (5173).
set -euo pipefail
cd "$(dirname "$0")/.."

newest() { find "$@" -type f -printf '%T@\n' 2>/dev/null | sort -n | tail -1; }

stale=0
if [ ! -d dist ] || [ -z "$(ls -A dist 2>/dev/null)" ]; then
  stale=1
else
  src=$(newest src bindings web CMakeLists.txt scripts/build-web.mjs package.json)
  out=$(newest dist)
  if awk -v a="${src:-0}" -v b="${out:-0}" 'BEGIN { exit !(a > b) }'; then stale=1; fi
fi

if [ "$stale" = 1 ]; then
  echo "demo: building the package (dist/ is missing or older than its sources)"
  bash scripts/build.sh
elif [ ! -d node_modules/esbuild ]; then
  SV_SKIP_BROWSER=1 bash scripts/setup.sh
fi

node demo/build.mjs build/demo
exec node scripts/serve-demo.mjs build/demo
