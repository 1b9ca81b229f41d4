// The benches' timing harness (bench/sweep.mjs, bench/ops.mjs, bench/matmul.mjs): median
// microseconds per call. Never fails on speed.

/**
 * Median microseconds per call: after a warm-up of `warmMs` (V8 compiles WebAssembly with its
 * baseline compiler first and tiers hot functions up later, so a few calls would measure the
 * baseline code), batches of k calls sized to take about `budgetMs` each.
 */
export function perCall(fn, { budgetMs = 25, batches = 9, warmMs = 40 } = {}) {
  const end = performance.now() + warmMs;
  do {
    for (let i = 0; i < 10; i++) fn();
  } while (performance.now() < end);
  let k = 1;
  for (;;) {
    const s = performance.now();
    for (let i = 0; i < k; i++) fn();
    if (performance.now() - s >= budgetMs / 4 || k >= 1 << 20) break;
    k *= 2;
  }
  k *= 4;
  const t = [];
  for (let b = 0; b < batches; b++) {
    const s = performance.now();
    for (let i = 0; i < k; i++) fn();
    t.push(((performance.now() - s) * 1000) / k);
  }
  t.sort((x, y) => x - y);
  return t[t.length >> 1];
}
