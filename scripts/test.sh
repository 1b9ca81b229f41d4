#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs every suite. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
start=$(date +%s)
bash scripts/test-cpp.sh
if [ -f scripts/build-web.mjs ]; then
  bash scripts/build.sh
  echo "== JS tests (node:test on the built package)"
  npm run --silent test:js
  echo "== package test (npm pack, install into an empty project, ESM + CJS)"
  npm run --silent test:package
fi
if [ -d tests/browser ] && ls tests/browser/*.mjs >/dev/null 2>&1; then
  echo "== browser tests (Playwright + Debian chromium)"
  npm run --silent test:browser
fi
echo "== all suites passed in $(( $(date +%s) - start ))s"
