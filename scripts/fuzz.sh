#!/usr/bin/env bash
# libFuzzer over the C++ view ops (tests/fuzz/fuzz_view.cpp), with AddressSanitizer and
# UndefinedBehaviorSanitizer. Builds build/fuzz/fuzz_view with clang++, then fuzzes for
# SV_FUZZ_SECONDS (default 60) seconds starting from the committed seed corpus tests/fuzz/corpus/
# (new inputs go to build/fuzz/corpus/, never into the repository). Exits non-zero on any finding
# (crash, sanitizer report, invariant violation, timeout, out-of-memory); the reproducer is written
# to build/fuzz/artifacts/ and can be replayed with `build/fuzz/fuzz_view <file>`.
#   SV_FUZZ_SECONDS=600 bash scripts/fuzz.sh      # a longer run
#   bash scripts/fuzz.sh build/fuzz/artifacts/crash-...   # replay inputs only
set -euo pipefail
cd "$(dirname "$0")/.."

# libFuzzer's runtime ships in Debian's libclang-rt-14-dev (pulled in by the clang package on most
# installs, but not always): install it when `-fsanitize=fuzzer` cannot link.
probe_dir=$(mktemp -d)
trap 'rm -rf "$probe_dir"' EXIT
printf '#include <cstddef>\n#include <cstdint>\nextern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n' \
  > "$probe_dir/p.cpp"
if ! command -v clang++ >/dev/null 2>&1 || \
   ! clang++ -fsanitize=fuzzer "$probe_dir/p.cpp" -o "$probe_dir/p" >/dev/null 2>&1; then
  echo "fuzz: installing Debian packages: clang libclang-rt-14-dev"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq clang libclang-rt-14-dev >/dev/null
fi

out=build/fuzz
bin=$out/fuzz_view
mkdir -p "$out/corpus" "$out/artifacts"
sources=(src/core/*.cpp src/shape/*.cpp src/view/*.cpp tests/fuzz/fuzz_view.cpp)
rebuild=0
[ -x "$bin" ] || rebuild=1
if [ $rebuild = 0 ]; then
  for f in "${sources[@]}" src/*/*.hpp tests/cpp/dense_ref.hpp scripts/fuzz.sh; do
    if [ "$f" -nt "$bin" ]; then rebuild=1; break; fi
  done
fi
if [ $rebuild = 1 ]; then
  echo "fuzz: building $bin (clang++, libFuzzer + ASan + UBSan)"
  flags=(-std=c++20 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
         -fno-sanitize-recover=undefined -Isrc -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare)
  # one object per source, SV_JOBS (default: the core count) at a time: one clang++ over every
  # source compiled them one after another (about 50 s of CI's fuzz step on 2 cores)
  objdir=$out/obj
  rm -rf "$objdir"
  mkdir -p "$objdir"
  objs=()
  pids=()
  failed=0
  for src in "${sources[@]}"; do
    o="$objdir/$(echo "$src" | tr / _).o"
    objs+=("$o")
    clang++ "${flags[@]}" -c "$src" -o "$o" &
    pids+=($!)
    if [ "${#pids[@]}" -ge "${SV_JOBS:-$(nproc)}" ]; then
      wait "${pids[0]}" || failed=1
      pids=("${pids[@]:1}")
    fi
  done
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  [ "$failed" = 0 ] || { echo "fuzz: compiling $bin failed"; exit 1; }
  clang++ "${flags[@]}" "${objs[@]}" -o "$bin.tmp"
  mv "$bin.tmp" "$bin"
fi

common=(-max_len=512 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$out/artifacts/")
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

if [ $# -gt 0 ]; then  # replay the given inputs
  exec "$bin" "${common[@]}" "$@"
fi

secs="${SV_FUZZ_SECONDS:-60}"
log=$out/last-run.log
echo "fuzz: ${secs}s on tests/fuzz/corpus ($(ls tests/fuzz/corpus | wc -l) seeds) + $out/corpus, one job"
set +e
# One in-process job (the same as -jobs=1, without libFuzzer's fork/log-file indirection).
"$bin" "${common[@]}" -max_total_time="$secs" "$out/corpus" tests/fuzz/corpus >"$log" 2>&1
rc=$?
set -e
execs=$(sed -n "s/^stat::number_of_executed_units: *//p" "$log" | tail -1 || true)
cov=$(grep -Eo "cov: [0-9]+ ft: [0-9]+" "$log" | tail -1 || true)
if [ $rc -ne 0 ]; then
  echo "fuzz: FINDING (exit $rc) after ${execs:-?} executions; the end of $log:"
  tail -60 "$log"
  ls -t "$out/artifacts" | head -3 | sed "s|^|fuzz: reproducer $out/artifacts/|"
  exit 1
fi
echo "fuzz: no findings; ${execs:-?} executions in ${secs}s (${cov:-cov ?}; corpus $(ls "$out/corpus" | wc -l) files)"
