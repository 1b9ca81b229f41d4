#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs every suite. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
start=$(date +%s)
export SV_TEST_START=$start  # each "==" line says when its step began
bash scripts/test-cpp.sh
if [ -f scripts/build-web.mjs ]; then
  bash scripts/build.sh
  echo "== JS tests (node:test on the built package) (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  # Test files run SV_JOBS at a time, at least two: node's default (cores - 1) runs the files one
  # by one on 2 cores, while most of them wait on python3 (the NumPy oracle) part of the time.
  source scripts/env.sh
  node --test --test-concurrency="$(( SV_JOBS > 2 ? SV_JOBS : 2 ))" tests/js/
  echo "== package test (npm pack, install into an empty project, ESM + CJS) (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  npm run --silent test:package
  echo "== runtimes: the package's suites in Bun (ESM + CJS) and Deno (ESM), from the packed tarball (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  npm run --silent test:runtimes
fi
if [ -d tests/bundlers ] && ls tests/bundlers/*.mjs >/dev/null 2>&1; then
  echo "== bundler tests (Vite, esbuild, webpack apps from the packed tarball, run in chromium) (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  npm run --silent test:bundlers
fi
if [ -f scripts/fuzz.sh ]; then
  echo "== libFuzzer over the C++ view ops (time-boxed) (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  SV_FUZZ_SECONDS="${SV_FUZZ_SECONDS:-30}" bash scripts/fuzz.sh
fi
if [ -d tests/browser ] && ls tests/browser/*.mjs >/dev/null 2>&1; then
  echo "== type-check the demo against the package's types (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  node scripts/gen-tables.mjs
  node node_modules/typescript/bin/tsc -p demo/tsconfig.json --noEmit
  echo "== browser tests: demo, package smoke and threads suites in chromium, firefox-esr and WebKitGTK (at $(( $(date +%s) - ${SV_TEST_START:-$(date +%s)} ))s)"
  npm run --silent test:browser
fi
echo "== all suites passed in $(( $(date +%s) - start ))s"
