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

/**
 * numpy-ts (the JS peer, a devDependency) with room for the largest benches, or null when
 * `--no-peers` is given or it cannot load (the peer columns are then left empty).
 */
export async function loadNumpyTs(args) {
  if (args.includes('--no-peers')) return null;
  try {
    const np = await import('numpy-ts');
    np.configureWasm?.({ maxMemory: 1536 * 1024 * 1024 });
    return np;
  } catch (e) {
    console.error(`numpy-ts unavailable (${e.message}); its columns are left empty`);
    return null;
  }
}
