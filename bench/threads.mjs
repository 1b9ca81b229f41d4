// Threads, measured: the single-threaded SIMD build (init({ threads: 1 })) against the threaded
// build with every thread ('auto': min(os.availableParallelism(), 8)), two package instances in
// this one process (a query string makes a distinct module instance). Large kernels: matmul 1024
// float32, exp and sin over 4M float32, a transpose copy and `add` on 4096x4096 float32, a sum of
// 16M float32, sort of [1024,1024] float32 along rows; medians of single calls, each result
// disposed inside the timed loop. Then the per-op cost at [8,8] float32 (the minimum over many
// short batches of 200 calls, the two builds' batches alternating: on a shared machine a batch
// that no other process interrupted is the figure to compare; medians of longer batches moved by
// 0.1-0.4 us between runs at load 2):
// threads on (the work stays on the calling thread below 64K elements) against the single-threaded
// build. Ratios come from one run; the machine's load (os.loadavg) is printed with them.
// Prints Markdown; never fails on speed.
// --small: only the [8,8] table (the large inputs are not made); --rounds N: rounds per row of
// the large kernels' table (default 2, the best median of each build) and, times 100, batches
// per build of the [8,8] table.
// Usage: node bench/threads.mjs [--quick] [--small] [--rounds N]
import os from 'node:os';

const QUICK = process.argv.includes('--quick');
const SMALL_ONLY = process.argv.includes('--small');
const ri = process.argv.indexOf('--rounds');
const ROUNDS = ri > 0 ? Math.max(1, Number(process.argv[ri + 1]) || 2) : 2;
const dist = new URL('../dist/', import.meta.url);
const one = await import(new URL('index.mjs?bench=one', dist).href);
const all = await import(new URL('index.mjs?bench=all', dist).href);
await one.init({ threads: 1 });
await all.init({ threads: 'auto' });
const N = all.buildInfo().threads;

function medianMs(fn, budgetMs = QUICK ? 300 : 1200, minReps = QUICK ? 3 : 5) {
  fn();
  const t = [];
  const start = performance.now();
  while (t.length < minReps || (performance.now() - start < budgetMs && t.length < 100)) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((x, y) => x - y);
  return t[t.length >> 1];
}
// A result owns its buffer (base null) or is a view of one: free the buffer either way.
const dispose = (r) => {
  if (r && typeof r === 'object') (r.base ?? r).dispose();
};

// Inputs per instance, made once.
function inputs(sv) {
  const f32 = { dtype: 'float32' };
  return {
    x4m: sv.mul(sv.arange(0, 4 << 20, 1, f32), 1e-6),
    big: sv.mul(sv.arange(0, 16 << 20, 1, f32), 1e-7).reshape([4096, 4096]),
    sortIn: sv.sin(sv.arange(0, 1 << 20, 1, f32)).reshape([1024, 1024]),
    mA: sv.mul(sv.arange(0, 1 << 20, 1, f32), 1e-6).reshape([1024, 1024]),
    mB: sv.cos(sv.arange(0, 1 << 20, 1, f32)).reshape([1024, 1024]),
  };
}
const IN = SMALL_ONLY ? null : { one: inputs(one), all: inputs(all) };

const BIG = [
  ['matmul 1024 f32', (sv, x) => sv.matmul(x.mA, x.mB), 'compute'],
  ['exp 4M f32', (sv, x) => sv.exp(x.x4m), 'compute'],
  ['sin 4M f32', (sv, x) => sv.sin(x.x4m), 'compute'],
  ['transpose copy 4096x4096 f32', (sv, x) => x.big.transpose().copy(), 'memory'],
  ['add 4096x4096 f32', (sv, x) => sv.add(x.big, x.big), 'memory'],
  ['sum 16M f32', (sv, x) => sv.sum(x.big), 'memory'],
  ['sort [1024,1024] f32 rows', (sv, x) => sv.sort(x.sortIn, { axis: 1 }), 'compute'],
];

const load0 = os.loadavg()[0];
const lines = [];
lines.push(`CPU: ${os.cpus()[0]?.model ?? 'unknown'}, ${os.cpus().length} logical cores; threaded build: ${N} threads; ` +
  `Node ${process.version}; load average (1 min) at start ${load0.toFixed(2)}`);
lines.push('');
if (!SMALL_ONLY) {
  lines.push(`| kernel | 1 thread (ms) | ${N} threads (ms) | speed-up |`);
  lines.push('|---|---|---|---|');
}
for (const [name, f] of SMALL_ONLY ? [] : BIG) {
  // Interleaved: one then all, twice, best median of each (the machine is shared).
  let t1 = Infinity, tn = Infinity;
  for (let r = 0; r < 2; ++r) {
    t1 = Math.min(t1, medianMs(() => dispose(f(one, IN.one))));
    tn = Math.min(tn, medianMs(() => dispose(f(all, IN.all))));
  }
  lines.push(`| ${name} | ${t1.toFixed(2)} | ${tn.toFixed(2)} | ${(t1 / tn).toFixed(2)}x |`);
}

// Per-op cost at [8,8] float32.
const small = (sv) => {
  const a = sv.arange(0, 64, 1, { dtype: 'float32' }).reshape([8, 8]);
  return { a, b: sv.add(a, 1) };
};
const S = { one: small(one), all: small(all) };
const SMALL = [
  ['add', (sv, x) => sv.add(x.a, x.b)],
  ['mul scalar', (sv, x) => sv.mul(x.a, 2)],
  ['exp', (sv, x) => sv.exp(x.a)],
  ['sin', (sv, x) => sv.sin(x.a)],
  ['transpose copy', (sv, x) => x.a.transpose().copy()],
  ['sum', (sv, x) => sv.sum(x.a)],
  ['sum axis 0', (sv, x) => sv.sum(x.a, { axis: 0 })],
  ['max', (sv, x) => sv.max(x.a)],
  ['cumsum', (sv, x) => sv.cumsum(x.a, { axis: 1 })],
  ['sort', (sv, x) => sv.sort(x.a, { axis: 1 })],
  ['matmul', (sv, x) => sv.matmul(x.a, x.b)],
];
if (!SMALL_ONLY) lines.push('');
lines.push(`| op at [8,8] f32 | single-threaded build (us) | threaded build, ${N} threads (us) | difference (us) |`);
lines.push('|---|---|---|---|');
// V8 compiles WebAssembly with its baseline compiler first and tiers hot functions up later.
const warm = (fn, ms = 50) => {
  const end = performance.now() + ms;
  do for (let i = 0; i < 10; ++i) fn();
  while (performance.now() < end);
};
const BATCH = 200;
const BATCHES = (QUICK ? 20 : 100) * ROUNDS;
for (const [name, f] of SMALL) {
  const g1 = () => dispose(f(one, S.one)), gn = () => dispose(f(all, S.all));
  warm(g1);
  warm(gn);
  let t1 = Infinity, tn = Infinity;
  for (let r = 0; r < BATCHES; ++r) {
    let s = performance.now();
    for (let i = 0; i < BATCH; ++i) g1();
    t1 = Math.min(t1, ((performance.now() - s) * 1000) / BATCH);
    s = performance.now();
    for (let i = 0; i < BATCH; ++i) gn();
    tn = Math.min(tn, ((performance.now() - s) * 1000) / BATCH);
  }
  lines.push(`| ${name} | ${t1.toFixed(2)} | ${tn.toFixed(2)} | ${(tn - t1 >= 0 ? '+' : '') + (tn - t1).toFixed(2)} |`);
}
lines.push('');
lines.push(`load average (1 min) at the end ${os.loadavg()[0].toFixed(2)}`);
console.log(lines.join('\n'));
