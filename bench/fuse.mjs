// Fused chains (issue 33), measured: `fuse(fn)` (one engine call for a traced chain of elementwise
// ops) against the same chain as separate calls (one temporary per op, disposed as soon as the
// next op has read it) in this process, and against NumPy's chain (Debian's python3-numpy,
// bench/numpy_fuse.py, in its own process), all float32. Every ratio is measured in one run; the
// fused and unfused variants of a table are timed in alternating batches (on a shared machine a
// slow patch then hits every column alike). Prints Markdown with each of the issue's targets and
// pass / miss against it; never fails on speed.
//   1. (x - m) / s * g + b, x [4096,4096], m s g b [1,4096]: fused vs unfused (target >= 3x) and
//      vs NumPy (target: fused >= 2x faster, i.e. fused time / NumPy time <= 0.5)
//   2. the same with x a transposed view (x.T of a C array): fused vs unfused (target >= 2x)
//   3. the same chain at 8x8 ... 4096x4096: fused, unfused, NumPy per size
//   4. a 6-op chain at [8,8]: fused call / one `add` [8,8] call (target <= 1.5)
//   5. memory of one 4096x4096 call, in fresh processes (memoryStats has no peak field: the WASM
//      memory size after the call is the high-water mark, since WASM memory never shrinks)
//   6. compute-bound: exp(-(x * x)) * c at 1024 and 4096: fused vs unfused (target: no slower)
//   7. threads: the fused 4096 chain with init({ threads: 1 }) and init({ threads: 2 }), a child
//      process per build, run alternately twice (target >= 1.2x)
//   8. a chain ending in a reduction (sum(square(x - m)), mean((x - m) * s, axis 0)) at 8x8 ...
//      4096x4096: fused vs unfused vs NumPy
// Usage: node bench/fuse.mjs [--quick] [--no-numpy] [--no-memory] [--no-threads]
// (--mem-child VARIANT ROOM and --threads-child N are this script calling itself.)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const here = fileURLToPath(import.meta.url);
const BIG = 4096;
const f32 = { dtype: 'float32' };

if (typeof sv.fuse !== 'function') {
  console.error('bench/fuse.mjs: dist/index.mjs has no `fuse` (build the package with it: npm run build)');
  process.exit(1);
}

// ------------------------------------------------------------------------------------ helpers

const fmt = (x) => (x == null || Number.isNaN(x) ? '-' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const ms = (us) => (us == null ? '-' : fmt(us / 1000));
const rx = (x) => (x == null || Number.isNaN(x) ? '-' : `${x.toFixed(2)}x`);
const mib = (b) => (b / 1048576).toFixed(1);
const verdict = (ok) => (ok == null ? '-' : ok ? '**pass**' : '**miss**');

/**
 * Median (and minimum) microseconds per call of each function, timed in alternating batches: each
 * function warmed up (V8 tiers WebAssembly up after its baseline compiler; at least two calls),
 * its batch size k chosen so a batch takes about `batchMs` (1 for calls longer than that), then
 * `rounds` rounds of one batch of each.
 */
function compare(fns, { rounds, batchMs = 5, warmMs = 60 }) {
  for (const f of fns) {
    const end = performance.now() + warmMs;
    let i = 0;
    do {
      f();
      i++;
    } while (performance.now() < end || i < 2);
  }
  const ks = fns.map((f) => {
    let k = 1;
    for (;;) {
      const s = performance.now();
      for (let i = 0; i < k; i++) f();
      if (performance.now() - s >= batchMs || k >= 1 << 16) return k;
      k *= 2;
    }
  });
  const t = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < fns.length; j++) {
      const f = fns[j], k = ks[j];
      const s = performance.now();
      for (let i = 0; i < k; i++) f();
      t[j].push(((performance.now() - s) * 1000) / k);
    }
  }
  return t.map((a) => {
    a.sort((x, y) => x - y);
    return { med: a[a.length >> 1], min: a[0] };
  });
}

/** The inputs of the chains at [n, n]: x = sin(i), m s g b rows [1, n] (s in [1, 2)), y = x + 1. */
function inputs(lib, n, { plain = false, withY = false } = {}) {
  const owners = [];
  const keep = (a) => (owners.push(a), a);
  let x;
  if (plain) {
    // No temporaries (the memory children: an n*n temporary would raise the high-water mark).
    x = keep(lib.zeros([n, n], f32));
  } else {
    const r = lib.arange(0, n * n, 1, f32);
    const flat = keep(lib.sin(r));
    r.dispose();
    x = flat.reshape([n, n]);
  }
  const row = (f) => {
    const c = lib.arange(0, n, 1, f32);
    const v = f(c);
    c.dispose();
    keep(v);
    return v.reshape([1, n]);
  };
  const m = row((c) => lib.mul(c, 1e-3));
  const s = row((c) => {
    const d = lib.div(c, n);
    const v = lib.add(d, 1);
    d.dispose();
    return v;
  });
  const g = row((c) => {
    const d = lib.div(c, 2 * n);
    const v = lib.add(d, 0.5);
    d.dispose();
    return v;
  });
  const b = row((c) => lib.mul(c, -1e-3));
  const y = withY ? keep(lib.add(x, 1)) : null;
  return { x, m, s, g, b, y, dispose: () => owners.forEach((o) => o.dispose()) };
}

/** The chains, for one package instance. */
function chains(lib) {
  const { add, sub, mul, div, exp, neg } = lib;
  const norm = lib.fuse((x, m, s, g, b) => add(mul(div(sub(x, m), s), g), b));
  const normUnfused = (x, m, s, g, b) => {
    const t1 = sub(x, m);
    const t2 = div(t1, s);
    t1.dispose();
    const t3 = mul(t2, g);
    t2.dispose();
    const r = add(t3, b);
    t3.dispose();
    return r;
  };
  // NumPy's best without fusion: every op into one preallocated buffer.
  const normInPlace = (x, m, s, g, b, t) => {
    sub(x, m, { out: t });
    div(t, s, { out: t });
    mul(t, g, { out: t });
    add(t, b, { out: t });
    return t;
  };
  const gauss = lib.fuse((x) => mul(exp(neg(mul(x, x))), 0.5));
  const gaussUnfused = (x) => {
    const t1 = mul(x, x);
    const t2 = neg(t1);
    t1.dispose();
    const t3 = exp(t2);
    t2.dispose();
    const r = mul(t3, 0.5);
    t3.dispose();
    return r;
  };
  // Six ops: add, mul, sub, mul, add, mul.
  const six = (x, y) => mul(add(mul(sub(mul(add(x, 1), y), 2), y), x), 0.5);
  const chain6 = lib.fuse(six);
  const six6Unfused = (x, y) => {
    let t = add(x, 1);
    const step = (r) => (t.dispose(), (t = r));
    step(mul(t, y));
    step(sub(t, 2));
    step(mul(t, y));
    step(add(t, x));
    step(mul(t, 0.5));
    return t;
  };
  // One op through fuse: the fused path's own cost (per call, per element) against the op alone.
  const one = lib.fuse((x, y) => add(x, y));
  return { norm, normUnfused, normInPlace, gauss, gaussUnfused, chain6, six, six6Unfused, one };
}

/** max |a - b| over all elements (a sanity figure printed with the tables; nothing is asserted). */
function maxAbsDiff(lib, a, b) {
  const d = lib.sub(a, b);
  const ad = lib.abs(d);
  d.dispose();
  const v = lib.max(ad);
  ad.dispose();
  return Number(v);
}

const loadNow = () => os.loadavg()[0].toFixed(2);

// ------------------------------------------------------------------------------------ children

// Memory: one variant per fresh process, printed as JSON. With `room` (MiB) > 0, the heap is first
// filled so that only about that much is left before the WASM memory must grow: 64 KiB blocks are
// allocated until the memory grows once (the old heap is then full), then the new room is filled
// but for `room` MiB. A call whose own allocations fit in the room leaves the memory size as it was.
// (Without filling, any allocation beyond the heap's slack grows the memory by Emscripten's
// geometric step, 20% of the heap, which hides its size.)
if (args.includes('--mem-child')) {
  const variant = args[args.indexOf('--mem-child') + 1];
  const room = Number(args[args.indexOf('--mem-child') + 2] ?? 0);
  await sv.init({ threads: 1 });
  const c = chains(sv);
  const I = inputs(sv, BIG, { plain: true });
  const a = [I.x, I.m, I.s, I.g, I.b];
  const preOut = variant === 'fused-out' || variant === 'add-out' ? sv.empty([BIG, BIG], f32) : null;
  const filler = [];
  let roomLeft = null;
  if (room > 0) {
    const BLOCK = 65536;
    const block = () => filler.push(sv.empty([BLOCK / 4], f32));
    const h1 = sv.memoryStats().heapBytes;
    while (sv.memoryStats().heapBytes === h1) block();
    const h2 = sv.memoryStats().heapBytes;
    // The old heap is full (to within a block): about h2 - h1 - BLOCK is free now.
    const n = Math.floor((h2 - h1 - BLOCK - room * 1048576) / BLOCK) - 1;
    for (let i = 0; i < n; i++) block();
    roomLeft = sv.memoryStats().heapBytes === h2 ? h2 - h1 - BLOCK - (n + 1) * BLOCK : -1; // -1: filling grew it
  }
  const before = sv.memoryStats();
  let peakLive = before.liveBytes;
  const sample = () => (peakLive = Math.max(peakLive, sv.memoryStats().liveBytes));
  let r = null;
  if (variant === 'baseline') r = sv.empty([BIG, BIG], f32); // inputs + the output, nothing run
  else if (variant === 'fused') r = c.norm(...a);
  else if (variant === 'fused-out') r = c.norm(...a, { out: preOut });
  else if (variant === 'add-out') r = sv.add(I.x, I.m, { out: preOut }); // a plain op, for comparison
  else if (variant === 'half-mib') r = sv.empty([131072], f32); // the probe's calibration: 0.5 MiB
  else if (variant === 'unfused') {
    const t1 = sv.sub(I.x, I.m);
    sample();
    const t2 = sv.div(t1, I.s);
    sample();
    t1.dispose();
    const t3 = sv.mul(t2, I.g);
    sample();
    t2.dispose();
    r = sv.add(t3, I.b);
    sample();
    t3.dispose();
  } else throw new Error(`unknown memory variant ${variant}`);
  sample();
  const after = sv.memoryStats();
  console.log(JSON.stringify({ variant, room, roomLeft, before, after, peakLive }));
  process.exit(0);
}

// Threads: one build per process (init({ threads: N })), printed as JSON: nothing of one build runs
// beside the other's calls (bench/threads.mjs loads both into one process instead); the parent
// runs them alternately, 1, 2, 1, 2, and keeps the best median of each.
if (args.includes('--threads-child')) {
  const threads = Number(args[args.indexOf('--threads-child') + 1]);
  await sv.init({ threads });
  const c = chains(sv);
  const I = inputs(sv, BIG);
  const out = sv.empty([BIG, BIG], f32);
  const a = [I.x, I.m, I.s, I.g, I.b];
  const load0 = loadNow();
  const t = compare([
    () => c.norm(...a, { out }),
    () => c.norm(...a).dispose(),
    () => c.normUnfused(...a).dispose(),
    () => c.gauss(I.x, { out }),
  ], { rounds: QUICK ? 5 : 9, batchMs: 1, warmMs: 100 });
  console.log(JSON.stringify({ t, info: sv.buildInfo(), load0, load1: loadNow() }));
  process.exit(0);
}

// ------------------------------------------------------------------------------------ main

const SIZES = [8, 64, 256, 1024, BIG];
const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
const cpuModel = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
const avx512 = /\bavx512f\b/.test(cpuinfo);
const t0 = performance.now();
const load0 = loadNow();

let numpy = null;
if (!args.includes('--no-numpy') && existsSync('/usr/bin/python3')) {
  try {
    const out = execFileSync('/usr/bin/python3', [join(dirname(here), 'numpy_fuse.py'), QUICK ? '--quick' : '--full', ...SIZES.map(String)], {
      encoding: 'utf8',
      timeout: 600000,
      env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' },
    });
    numpy = JSON.parse(out);
  } catch (e) {
    console.error(`NumPy side unavailable (${e.message.split('\n')[0]})`);
  }
}
const npT = (name, n) => numpy?.[name]?.[String(n)] ?? null;

await sv.init({ threads: 1 });
const C = chains(sv);
const ROUNDS_BIG = QUICK ? 5 : 9;
const ROUNDS_SMALL = QUICK ? 9 : 21;
const L = [];
L.push(`strideview fused chains (issue 33): node ${process.version}, ${cpuModel} x${os.cpus().length}` +
  `${avx512 ? ' (avx512f)' : ' (no avx512f)'}, ${sv.isSimd() ? 'SIMD' : 'scalar'} build, 1 thread` +
  `${numpy ? `, NumPy ${numpy.numpy}` : ', no NumPy'}${QUICK ? ', --quick' : ''}; load average (1 min) at start ${load0}`);
L.push('');
L.push('Times are medians of alternating batches (min in brackets where shown); ratio = other time / fused time (> 1: fused is faster).');

// ---- 1 and 3: (x - m) / s * g + b per size (4096 is section 1)
const perSize = {};
let big = null;
for (const n of SIZES) {
  const I = inputs(sv, n);
  const a = [I.x, I.m, I.s, I.g, I.b];
  const out = sv.empty([n, n], f32);
  const tmp = sv.empty([n, n], f32);
  const large = n >= 1024;
  const fns = [
    () => C.norm(...a, { out }),
    () => C.norm(...a).dispose(),
    () => C.normUnfused(...a).dispose(),
    () => C.normInPlace(...a, tmp),
  ];
  const opts = large ? { rounds: ROUNDS_BIG, batchMs: 1, warmMs: 100 } : { rounds: ROUNDS_SMALL, batchMs: 5 };
  const [fo, fa, un, ip] = compare(fns, opts);
  perSize[n] = { fo, fa, un, ip };
  if (n === BIG) {
    // One pass of one op, fused and not: the fused kernel's throughput without the fusion.
    const [oneF, oneU] = compare([
      () => C.one(I.x, I.m, { out }),
      () => sv.add(I.x, I.m, { out }),
    ], opts);
    const y1 = C.norm(...a);
    const y2 = C.normUnfused(...a);
    const diff = maxAbsDiff(sv, y1, y2);
    y1.dispose();
    y2.dispose();
    // ---- 2: x transposed (x.T of the C array x: a view, strides [1, 4096])
    const xt = I.x.T;
    const at = [xt, I.m, I.s, I.g, I.b];
    const [tfo, tfa, tun] = compare([
      () => C.norm(...at, { out }),
      () => C.norm(...at).dispose(),
      () => C.normUnfused(...at).dispose(),
    ], opts);
    const z1 = C.norm(...at);
    const z2 = C.normUnfused(...at);
    const tdiff = maxAbsDiff(sv, z1, z2);
    z1.dispose();
    z2.dispose();
    let explain = null;
    try {
      explain = C.norm.explain(...a);
    } catch (e) {
      explain = `(explain failed: ${e.message})`;
    }
    big = { diff, tfo, tfa, tun, tdiff, explain, oneF, oneU };
  }
  out.dispose();
  tmp.dispose();
  I.dispose();
}

{
  const { fo, fa, un, ip } = perSize[BIG];
  const np = npT('norm', BIG), npi = npT('norm_inplace', BIG);
  L.push('');
  L.push(`### 1. (x - m) / s * g + b, float32 x [${BIG},${BIG}], m s g b [1,${BIG}] (ms per call)`);
  L.push('');
  L.push('| variant | ms (min) | ratio to fused (allocating) | ratio to fused (out) |');
  L.push('|---|---|---|---|');
  const row = (name, t) => L.push(`| ${name} | ${ms(t.med)} (${ms(t.min)}) | ${rx(t.med / fa.med)} | ${rx(t.med / fo.med)} |`);
  row('fused, preallocated out', fo);
  row('fused, allocating', fa);
  row('unfused: 4 calls, temporaries disposed', un);
  row('unfused into one preallocated buffer (out=)', ip);
  if (np != null) L.push(`| NumPy (x - m) / s * g + b | ${ms(np)} | ${rx(np / fa.med)} | ${rx(np / fo.med)} |`);
  if (npi != null) L.push(`| NumPy into one buffer (out=) | ${ms(npi)} | ${rx(npi / fa.med)} | ${rx(npi / fo.med)} |`);
  L.push('');
  L.push(`- target fused >= 3x faster than unfused: allocating ${rx(un.med / fa.med)} ${verdict(un.med / fa.med >= 3)}; ` +
    `preallocated out ${rx(un.med / fo.med)} ${verdict(un.med / fo.med >= 3)}`);
  if (np != null) {
    L.push(`- target fused >= 2x faster than NumPy (fused time / NumPy time <= 0.5): allocating ${(fa.med / np).toFixed(2)} ` +
      `(${rx(np / fa.med)}) ${verdict(fa.med / np <= 0.5)}; preallocated out ${(fo.med / np).toFixed(2)} (${rx(np / fo.med)}) ${verdict(fo.med / np <= 0.5)}`);
  } else L.push('- target fused >= 2x faster than NumPy: not measured (no NumPy)');
  L.push(`- max |fused - unfused| = ${big.diff.toExponential(2)}`);
  L.push(`- one op, one pass (the fused kernel without fusion): fuse((x, m) => add(x, m)) into out ${ms(big.oneF.med)} ms, ` +
    `add(x, m, { out }) ${ms(big.oneU.med)} ms: fused / plain ${rx(big.oneF.med / big.oneU.med)}; ` +
    `the unfused chain is ${rx(un.med / big.oneU.med)} one add`);
  if (big.explain) {
    L.push('');
    L.push('`explain`:');
    L.push('```');
    L.push(String(big.explain).trimEnd());
    L.push('```');
  }

  const { tfo, tfa, tun } = big;
  const row2 = (name, t) => L.push(`| ${name} | ${ms(t.med)} (${ms(t.min)}) | ${rx(t.med / tfa.med)} | ${rx(t.med / tfo.med)} |`);
  const npt = npT('norm_T', BIG);
  L.push('');
  L.push(`### 2. the same chain, x a transposed view (x.T of a C [${BIG},${BIG}] array) (ms per call)`);
  L.push('');
  L.push('| variant | ms (min) | ratio to fused (allocating) | ratio to fused (out) |');
  L.push('|---|---|---|---|');
  row2('fused, preallocated out', tfo);
  row2('fused, allocating', tfa);
  row2('unfused: 4 calls, temporaries disposed', tun);
  if (npt != null) L.push(`| NumPy (x.T - m) / s * g + b | ${ms(npt)} | ${rx(npt / tfa.med)} | ${rx(npt / tfo.med)} |`);
  L.push('');
  L.push(`- target fused >= 2x faster than unfused: allocating ${rx(tun.med / tfa.med)} ${verdict(tun.med / tfa.med >= 2)}; ` +
    `preallocated out ${rx(tun.med / tfo.med)} ${verdict(tun.med / tfo.med >= 2)}`);
  L.push(`- fused on x.T / fused on x (allocating): ${rx(tfa.med / fa.med)}; max |fused - unfused| = ${big.tdiff.toExponential(2)}`);
}

L.push('');
L.push('### 3. (x - m) / s * g + b per size, float32 [n,n], rows [1,n] (us per call)');
L.push('');
L.push('| n | fused out | fused alloc | unfused | unfused into out= | NumPy | NumPy out= | unfused / fused alloc | NumPy / fused alloc | NumPy / fused out |');
L.push('|---|---|---|---|---|---|---|---|---|---|');
for (const n of SIZES) {
  const { fo, fa, un, ip } = perSize[n];
  const np = npT('norm', n), npi = npT('norm_inplace', n);
  L.push(`| ${n} | ${fmt(fo.med)} | ${fmt(fa.med)} | ${fmt(un.med)} | ${fmt(ip.med)} | ${fmt(np)} | ${fmt(npi)} | ` +
    `${rx(un.med / fa.med)} | ${np == null ? '-' : rx(np / fa.med)} | ${np == null ? '-' : rx(np / fo.med)} |`);
}

// ---- 4: a 6-op chain at [8,8] against one add
{
  const I = inputs(sv, 8, { withY: true });
  const out = sv.empty([8, 8], f32);
  // The first calls of a new fused function (tracing and planning, then the cached path).
  const fresh = sv.fuse(C.six);
  let s = performance.now();
  fresh(I.x, I.y).dispose();
  const first = (performance.now() - s) * 1000;
  s = performance.now();
  fresh(I.x, I.y).dispose();
  const second = (performance.now() - s) * 1000;
  const [fa, ad, fo, ado, un, f1] = compare([
    () => C.chain6(I.x, I.y).dispose(),
    () => sv.add(I.x, I.y).dispose(),
    () => C.chain6(I.x, I.y, { out }),
    () => sv.add(I.x, I.y, { out }),
    () => C.six6Unfused(I.x, I.y).dispose(),
    () => C.one(I.x, I.y).dispose(),
  ], { rounds: QUICK ? 21 : 51, batchMs: 4 });
  const np6 = npT('chain6', 8), npa = npT('add', 8);
  const y1 = C.chain6(I.x, I.y);
  const y2 = C.six(I.x, I.y);
  const diff = maxAbsDiff(sv, y1, y2);
  y1.dispose();
  y2.dispose();
  L.push('');
  L.push('### 4. a 6-op chain at [8,8] float32: mul(add(mul(sub(mul(add(x, 1), y), 2), y), x), 0.5) (us per call)');
  L.push('');
  L.push('| variant | us median (min) | / one add (median) | / one add (min) |');
  L.push('|---|---|---|---|');
  L.push(`| add(x, y), allocating | ${fmt(ad.med)} (${fmt(ad.min)}) | 1.00x | 1.00x |`);
  L.push(`| fused 6-op chain, allocating | ${fmt(fa.med)} (${fmt(fa.min)}) | ${rx(fa.med / ad.med)} | ${rx(fa.min / ad.min)} |`);
  L.push(`| add(x, y, { out }) | ${fmt(ado.med)} (${fmt(ado.min)}) | ${rx(ado.med / ad.med)} | ${rx(ado.min / ad.min)} |`);
  L.push(`| fused 6-op chain, { out } | ${fmt(fo.med)} (${fmt(fo.min)}) | ${rx(fo.med / ad.med)} (${rx(fo.med / ado.med)} of add with out) | ${rx(fo.min / ad.min)} |`);
  L.push(`| fused one op: fuse((x, y) => add(x, y)), allocating | ${fmt(f1.med)} (${fmt(f1.min)}) | ${rx(f1.med / ad.med)} | ${rx(f1.min / ad.min)} |`);
  L.push(`| unfused: 6 calls, temporaries disposed | ${fmt(un.med)} (${fmt(un.min)}) | ${rx(un.med / ad.med)} | ${rx(un.min / ad.min)} |`);
  if (np6 != null) L.push(`| NumPy chain (6 ops) | ${fmt(np6)} | ${rx(np6 / ad.med)} | - |`);
  if (npa != null) L.push(`| NumPy x + y | ${fmt(npa)} | ${rx(npa / ad.med)} | - |`);
  L.push('');
  L.push(`- target fused call / one add <= 1.5: ${(fa.med / ad.med).toFixed(2)} ${verdict(fa.med / ad.med <= 1.5)} ` +
    `(with out on both: ${(fo.med / ado.med).toFixed(2)}); unfused / fused ${rx(un.med / fa.med)}` +
    `${np6 != null ? `; NumPy chain / fused ${rx(np6 / fa.med)}` : ''}`);
  L.push(`- a new fused function's first call (tracing and planning) ${fmt(first)} us, its second ${fmt(second)} us (single calls); max |fused - unfused| = ${diff.toExponential(2)}`);
  out.dispose();
  I.dispose();
}

// ---- 5: memory, one fresh process per variant
if (!args.includes('--no-memory')) {
  const run = (variant, room = 0) => {
    try {
      return JSON.parse(execFileSync(process.execPath, [here, '--mem-child', variant, String(room)], { encoding: 'utf8', timeout: 120000 }));
    } catch (e) {
      console.error(`memory child ${variant} ${room} failed (${e.message.split('\n')[0]})`);
      return null;
    }
  };
  const names = {
    baseline: 'baseline: inputs + an empty output, nothing run',
    fused: 'fused, allocating',
    'fused-out': 'fused into a preallocated out',
    'add-out': 'plain add(x, m, { out }) (one unfused op, for comparison)',
    unfused: 'unfused: 4 calls, temporaries disposed',
  };
  const M = Object.fromEntries(Object.keys(names).map((v) => [v, run(v)]));
  const ROOMS = [0.0625, 0.25, 1, 4];
  const probes = ROOMS.map((p) => [p, run('fused-out', p), run('add-out', p), run('half-mib', p)]);
  const arr = BIG * BIG * 4;
  L.push('');
  L.push(`### 5. memory of one call at [${BIG},${BIG}] float32 (a fresh process per row; MiB)`);
  L.push('');
  L.push('memoryStats() reports liveArrays, liveBytes (element buffers the package owns) and heapBytes (the WASM memory size); ' +
    'it has no peak field. WASM memory never shrinks, so heapBytes after the call is the high-water mark of the process ' +
    `(inputs made without temporaries; one [${BIG},${BIG}] float32 array is ${mib(arr)} MiB).`);
  L.push('');
  L.push('| variant | live before | live after | peak live (sampled between ops) | heap before | heap after (high-water) | heap after - baseline |');
  L.push('|---|---|---|---|---|---|---|');
  const base = M.baseline?.after.heapBytes;
  for (const [v, r] of Object.entries(M)) {
    if (!r) {
      L.push(`| ${names[v]} | failed | | | | | |`);
      continue;
    }
    L.push(`| ${names[v]} | ${mib(r.before.liveBytes)} | ${mib(r.after.liveBytes)} | ${mib(r.peakLive)} | ${mib(r.before.heapBytes)} | ` +
      `${mib(r.after.heapBytes)} | ${base == null ? '-' : (r.after.heapBytes - base >= 0 ? '+' : '') + mib(r.after.heapBytes - base)} |`);
  }
  L.push('');
  L.push('The heap filled first so that only `room` MiB is left before the WASM memory must grow (inputs and out allocated, ' +
    'then 64 KiB blocks): does the first call grow the memory? (grows: the call allocated more than the room)');
  L.push('');
  L.push('| room (MiB) | fused into out: heap before -> after | plain add into out: heap before -> after | calibration: a 0.5 MiB array |');
  L.push('|---|---|---|---|');
  const cell = (r) => (!r ? 'failed' : r.roomLeft < 0 ? 'filling grew the heap: no figure' :
    `${mib(r.before.heapBytes)} -> ${mib(r.after.heapBytes)} ${r.after.heapBytes > r.before.heapBytes ? '(grows)' : '(no growth)'}`);
  for (const [p, f, ad, h] of probes) L.push(`| ${p} | ${cell(f)} | ${cell(ad)} | ${cell(h)} |`);
  const fits = probes.find(([, f]) => f && f.roomLeft >= 0 && f.after.heapBytes === f.before.heapBytes);
  if (M.fused && M.baseline && M.unfused) {
    const over = M.fused.after.heapBytes - M.baseline.after.heapBytes;
    L.push('');
    L.push(`- target fused peak = inputs + output: live bytes never exceed inputs + output (${mib(M.fused.peakLive)} MiB); ` +
      `the WASM memory ends ${over <= 0 ? 'at the baseline\'s' : `${mib(over)} MiB above the baseline's (${(M.fused.after.heapBytes / M.baseline.after.heapBytes).toFixed(2)}x: ` +
        'one geometric growth step, which any allocation beyond the full heap\'s slack triggers)'}; ` +
      (fits ? `the call's own allocations fit in ${fits[0]} MiB of room (${verdict(fits[0] * 1048576 <= arr / 16)}: at most 1/16 of one array)` :
        `the call grew the memory even with ${ROOMS[ROOMS.length - 1]} MiB of room (**miss**)`) +
      `; the unfused chain ends ${mib(M.unfused.after.heapBytes - M.baseline.after.heapBytes)} MiB above the baseline (a temporary live beside the next: peak live ${mib(M.unfused.peakLive)} MiB).`);
  }
}

// ---- 6: compute-bound exp(-(x * x)) * 0.5
{
  L.push('');
  L.push('### 6. compute-bound: mul(exp(neg(mul(x, x))), 0.5), float32 [n,n] (ms per call)');
  L.push('');
  L.push('| n | fused out | fused alloc | unfused (4 calls) | NumPy | unfused / fused alloc | NumPy / fused alloc | target (fused no slower) |');
  L.push('|---|---|---|---|---|---|---|---|');
  for (const n of [1024, BIG]) {
    const I = inputs(sv, n);
    const out = sv.empty([n, n], f32);
    const [fo, fa, un] = compare([
      () => C.gauss(I.x, { out }),
      () => C.gauss(I.x).dispose(),
      () => C.gaussUnfused(I.x).dispose(),
    ], { rounds: ROUNDS_BIG, batchMs: 1, warmMs: 100 });
    const np = npT('gauss', n);
    const y1 = C.gauss(I.x);
    const y2 = C.gaussUnfused(I.x);
    const diff = maxAbsDiff(sv, y1, y2);
    y1.dispose();
    y2.dispose();
    L.push(`| ${n} | ${ms(fo.med)} | ${ms(fa.med)} | ${ms(un.med)} | ${ms(np)} | ${rx(un.med / fa.med)} | ${np == null ? '-' : rx(np / fa.med)} | ` +
      `${verdict(un.med / fa.med >= 1)} (max diff ${diff.toExponential(1)}) |`);
    out.dispose();
    I.dispose();
  }
}

// ---- 7: threads (a child process per build, alternating: 1, 2, 1, 2; the best median of each)
if (!args.includes('--no-threads')) {
  const child = (n) => {
    try {
      return JSON.parse(execFileSync(process.execPath, [here, '--threads-child', String(n), ...(QUICK ? ['--quick'] : [])], { encoding: 'utf8', timeout: 300000 }));
    } catch (e) {
      console.error(`threads child ${n} failed (${e.message.split('\n')[0]})`);
      return null;
    }
  };
  const best = { 1: null, 2: null };
  const loads = [];
  for (let r = 0; r < (QUICK ? 1 : 2); r++) {
    for (const n of [1, 2]) {
      const c = child(n);
      if (!c) continue;
      loads.push(c.load0, c.load1);
      best[n] = best[n] ? best[n].map((x, i) => (c.t[i].med < x.med ? c.t[i] : x)) : c.t;
      best[n].info = c.info;
    }
  }
  L.push('');
  L.push(`### 7. threads: the fused ${BIG}x${BIG} chain, init({ threads: 1 }) vs init({ threads: 2 }) (a process per build, run alternately twice; best median of each; ms per call)`);
  L.push('');
  if (best[1] && best[2]) {
    const [o1, a1, u1, g1] = best[1], [o2, a2, u2, g2] = best[2];
    L.push(`builds: ${[best[1].info, best[2].info].map((i) => `${i.wasm} (${i.threads} thread${i.threads === 1 ? '' : 's'})`).join(' and ')}; ` +
      `load average in the children ${Math.min(...loads)} - ${Math.max(...loads)}`);
    L.push('');
    L.push('| variant | 1 thread | 2 threads | speed-up |');
    L.push('|---|---|---|---|');
    L.push(`| fused (x - m) / s * g + b, preallocated out | ${ms(o1.med)} | ${ms(o2.med)} | ${rx(o1.med / o2.med)} |`);
    L.push(`| fused (x - m) / s * g + b, allocating | ${ms(a1.med)} | ${ms(a2.med)} | ${rx(a1.med / a2.med)} |`);
    L.push(`| unfused (x - m) / s * g + b | ${ms(u1.med)} | ${ms(u2.med)} | ${rx(u1.med / u2.med)} |`);
    L.push(`| fused exp(-(x * x)) * 0.5, preallocated out | ${ms(g1.med)} | ${ms(g2.med)} | ${rx(g1.med / g2.med)} |`);
    L.push('');
    L.push(`- target 2-thread speed-up of the fused chain >= 1.2x: allocating ${rx(a1.med / a2.med)} ${verdict(a1.med / a2.med >= 1.2)}; ` +
      `preallocated out ${rx(o1.med / o2.med)} ${verdict(o1.med / o2.med >= 1.2)}; unfused / fused on 2 threads ${rx(u2.med / a2.med)} ` +
      '(ratios across processes: the machine may drift between them)');
  } else L.push('(not measured)');
}

// ---- 8: a chain ending in a reduction (the chain's values reduced as they are computed)
{
  const { sum, mean, square, sub, mul } = sv;
  const sse = sv.fuse((x, m) => sum(square(sub(x, m))));
  const sseUnfused = (x, m) => {
    const t = sub(x, m);
    const q = square(t);
    t.dispose();
    const r = sum(q);
    q.dispose();
    return r;
  };
  const colMean = sv.fuse((x, m, s) => mean(mul(sub(x, m), s), { axis: 0 }));
  const colMeanUnfused = (x, m, s) => {
    const t = sub(x, m);
    const q = mul(t, s);
    t.dispose();
    const r = mean(q, { axis: 0 });
    q.dispose();
    return r;
  };
  L.push('');
  L.push('### 8. a chain ending in a reduction, float32 [n,n], rows [1,n] (us per call)');
  L.push('');
  L.push('sse = sum(square(sub(x, m))) (a JS number); colmean = mean(mul(sub(x, m), s), { axis: 0 }) (an [n] array). ' +
    'Unfused: the same calls, temporaries disposed. The fused results equal the unfused ones bit for bit (tests/js/fuse.test.mjs).');
  L.push('');
  L.push('| n | sse fused | sse unfused | NumPy | unfused / fused | NumPy / fused | colmean fused | colmean unfused | NumPy | unfused / fused | NumPy / fused |');
  L.push('|---|---|---|---|---|---|---|---|---|---|---|');
  const worst = { sse: Infinity, col: Infinity };
  for (const n of SIZES) {
    const I = inputs(sv, n);
    const large = n >= 1024;
    const opts = large ? { rounds: ROUNDS_BIG, batchMs: 1, warmMs: 100 } : { rounds: ROUNDS_SMALL, batchMs: 5 };
    const [sf, su, cf, cu] = compare([
      () => sse(I.x, I.m),
      () => sseUnfused(I.x, I.m),
      () => colMean(I.x, I.m, I.s).dispose(),
      () => colMeanUnfused(I.x, I.m, I.s).dispose(),
    ], opts);
    const a = sse(I.x, I.m);
    const b = sseUnfused(I.x, I.m);
    if (!Object.is(a, b)) L.push(`(sse: fused ${a} differs from unfused ${b})`);
    const ns = npT('sse', n), nc = npT('colmean', n);
    worst.sse = Math.min(worst.sse, su.med / sf.med);
    worst.col = Math.min(worst.col, cu.med / cf.med);
    L.push(`| ${n} | ${fmt(sf.med)} | ${fmt(su.med)} | ${fmt(ns)} | ${rx(su.med / sf.med)} | ${ns == null ? '-' : rx(ns / sf.med)} | ` +
      `${fmt(cf.med)} | ${fmt(cu.med)} | ${fmt(nc)} | ${rx(cu.med / cf.med)} | ${nc == null ? '-' : rx(nc / cf.med)} |`);
    I.dispose();
  }
  L.push('');
  L.push(`- fused no slower than unfused at every size: sse worst ${rx(worst.sse)} ${verdict(worst.sse >= 1)}, colmean worst ${rx(worst.col)} ${verdict(worst.col >= 1)}`);
}

L.push('');
L.push(`load average (1 min) at start ${load0}, at the end ${loadNow()}; ${((performance.now() - t0) / 1000).toFixed(0)} s`);
console.log(L.join('\n'));
