// matmul, measured (issue 13): GFLOP/s (2*n^3 / time) of strideview's matmul(a, b) and
// matmul(a, b.transpose()) (b read through its strides, no copy) at n = 64, 256, 1024, float32 and
// float64, against numpy-ts (Zig-WASM SIMD, a devDependency) in this process and NumPy
// (/usr/bin/python3, bench/numpy_matmul.py) in its own process, once with its BLAS held to one
// thread (OPENBLAS_NUM_THREADS=OMP_NUM_THREADS=MKL_NUM_THREADS=1) and once with its default thread
// count; plus the per-call cost of 8x8 and 16x16 products (small matmuls in loops). NumPy's BLAS
// is named in the output (Debian's python3-numpy runs on whatever libblas.so.3 the alternatives
// system points at, the reference BLAS unless OpenBLAS is installed). When NumPy's BLAS is not
// OpenBLAS and an OpenBLAS libblas.so.3 is found (--openblas DIR, $SV_BENCH_OPENBLAS_DIR, or
// Debian's /usr/lib/x86_64-linux-gnu/openblas-pthread), NumPy is also run on it through
// LD_LIBRARY_PATH, as the native ceiling. Ratios come from one run. Medians after a warm-up;
// every result is disposed inside the timed loop. Prints Markdown; never fails on speed.
// Usage: node bench/matmul.mjs [--quick] [--no-numpy] [--no-peers] [--openblas DIR | --no-openblas]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';
import { perCall, loadNumpyTs } from './timing.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const optArg = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const here = dirname(fileURLToPath(import.meta.url));
const BIG = [64, 256, 1024];
const SMALL = [8, 16];
const DTYPES = ['float32', 'float64'];
const t0 = performance.now();

await sv.init();
const HAVE_SV = typeof sv.matmul === 'function';
if (!HAVE_SV) console.error('strideview has no matmul in dist/ (build it first); its columns are left empty');
const np = await loadNumpyTs(args);

// ------------------------------------------------------------------------------------ timing
/** Median ms of single calls: one warm-up call, then at least minReps calls and as many as fit in
 * budgetMs (at most 200). For products that take >= ~10 us. */
function medianMs(fn, budgetMs = QUICK ? 80 : 250, minReps = 5) {
  fn();
  const t = [];
  const start = performance.now();
  while (t.length < minReps || (performance.now() - start < budgetMs && t.length < 200)) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((x, y) => x - y);
  return t[t.length >> 1];
}
/** Median us per call (small products): short batches, many of them (bench/timing.mjs); on a
 * shared machine a long batch is rarely free of preemption. */
function perCallUs(fn, budgetMs = 2, batches = QUICK ? 15 : 41) {
  return perCall(fn, { budgetMs, batches, warmMs: 50 });
}
function ntVersion() {
  try {
    return JSON.parse(readFileSync(join(here, '..', 'node_modules', 'numpy-ts', 'package.json'), 'utf8')).version;
  } catch {
    return 'loaded';
  }
}
const gflops = (n, ms) => (ms == null ? null : (2 * n ** 3) / (ms * 1e6));
const fmt = (x, d = 2) => (x == null || Number.isNaN(x) ? '-' : x.toFixed(d));
const ratio = (x, y) => (x == null || y == null ? '-' : (x / y).toFixed(2));

// The operands: ((i * 7919 + seed * 104729) % 2001) / 1000 - 1, as bench/numpy_matmul.py.
function fill(n, dtype, seed) {
  const T = dtype === 'float32' ? Float32Array : Float64Array;
  const x = new T(n * n);
  for (let i = 0; i < n * n; i++) x[i] = ((i * 7919 + seed * 104729) % 2001) / 1000 - 1;
  return x;
}
function svPair(n, dtype) {
  const a = sv.fromTypedArray(fill(n, dtype, 1), [n, n]);
  const b = sv.fromTypedArray(fill(n, dtype, 2), [n, n]);
  return { a, b, bt: b.transpose(), free: () => (a.dispose(), b.dispose()) };
}
function npPair(n, dtype) {
  const a = np.array(fill(n, dtype, 1)).reshape([n, n]);
  const b = np.array(fill(n, dtype, 2)).reshape([n, n]);
  return { a, b, bt: np.transpose(b), free: () => (a.dispose?.(), b.dispose?.()) };
}

// ------------------------------------------------------------------------------------ NumPy
function blasName(libs) {
  const s = (libs ?? []).join(' ');
  if (/openblas/i.test(s)) return 'OpenBLAS';
  if (/mkl/i.test(s)) return 'MKL';
  if (/blis/i.test(s)) return 'BLIS';
  if (/atlas/i.test(s)) return 'ATLAS';
  if (/\/blas\/libblas/.test(s)) return 'reference BLAS';
  return s ? s : 'unknown BLAS';
}
function runNumpy(extraEnv, threads1) {
  const env = { ...process.env, ...extraEnv };
  for (const k of ['OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS']) {
    if (threads1) env[k] = '1';
    else delete env[k];
  }
  try {
    const out = execFileSync('/usr/bin/python3', [join(here, 'numpy_matmul.py'), ...(QUICK ? ['--quick'] : []),
      '--big', BIG.join(','), '--small', SMALL.join(',')], { encoding: 'utf8', env, timeout: 300000 });
    return JSON.parse(out);
  } catch (e) {
    console.error(`NumPy run failed (${e.message.split('\n')[0]})`);
    return null;
  }
}
const numpyConfigs = []; // { label, one: result (1 thread), dflt: result (default threads) }
if (!args.includes('--no-numpy') && existsSync('/usr/bin/python3')) {
  const one = runNumpy({}, true);
  if (one) {
    const dflt = runNumpy({}, false);
    numpyConfigs.push({ label: `NumPy (${blasName(one.blas)})`, one, dflt });
    const dir = optArg('openblas') ?? process.env.SV_BENCH_OPENBLAS_DIR ?? '/usr/lib/x86_64-linux-gnu/openblas-pthread';
    if (!args.includes('--no-openblas') && blasName(one.blas) !== 'OpenBLAS' && existsSync(join(dir, 'libblas.so.3'))) {
      const ld = { LD_LIBRARY_PATH: dir + (process.env.LD_LIBRARY_PATH ? `:${process.env.LD_LIBRARY_PATH}` : '') };
      const ob1 = runNumpy(ld, true);
      if (ob1 && blasName(ob1.blas) === 'OpenBLAS') {
        numpyConfigs.push({ label: 'NumPy (OpenBLAS*)', one: ob1, dflt: runNumpy(ld, false), note: `* OpenBLAS loaded through LD_LIBRARY_PATH=${dir}` });
      }
    }
  }
}

// ------------------------------------------------------------------------------------ JS side
const mem0 = sv.memoryStats();
// Warm-up: V8 compiles WebAssembly with Liftoff first and tiers hot functions up to TurboFan in
// the background; a long product started in Liftoff code stays there. Run every path for a while.
for (const dtype of DTYPES) {
  for (const n of [16, 64]) {
    if (HAVE_SV) {
      const p = svPair(n, dtype);
      const end = performance.now() + (QUICK ? 60 : 150);
      while (performance.now() < end) {
        sv.matmul(p.a, p.b).dispose();
        sv.matmul(p.a, p.bt).dispose();
      }
      p.free();
    }
    if (np) {
      const p = npPair(n, dtype);
      const end = performance.now() + (QUICK ? 60 : 150);
      while (performance.now() < end) {
        np.matmul(p.a, p.b).dispose?.();
        np.matmul(p.a, p.bt).dispose?.();
      }
      p.free();
    }
  }
}

// Agreement check (not a test): strideview against numpy-ts at n = 64.
const checks = [];
if (HAVE_SV && np) {
  for (const dtype of DTYPES) {
    const p = svPair(64, dtype);
    const q = npPair(64, dtype);
    for (const [name, x, y] of [['a@b', sv.matmul(p.a, p.b), np.matmul(q.a, q.b)], ['a@b.T', sv.matmul(p.a, p.bt), np.matmul(q.a, q.bt)]]) {
      const u = x.toTypedArray();
      const v = y.toArray().flat();
      let d = 0;
      let m = 0;
      for (let i = 0; i < u.length; i++) {
        d = Math.max(d, Math.abs(u[i] - v[i]));
        m = Math.max(m, Math.abs(v[i]));
      }
      checks.push(`${dtype} ${name} ${(d / m).toExponential(1)}`);
      x.dispose();
      y.dispose?.();
    }
    p.free();
    q.free();
  }
}

const rows = [];
for (const dtype of DTYPES) {
  for (const n of BIG) {
    const budget = QUICK ? 80 : n >= 1024 ? 400 : 250;
    const minReps = n >= 1024 ? (QUICK ? 2 : 3) : 7;
    const r = { dtype, n };
    if (HAVE_SV) {
      const p = svPair(n, dtype);
      r.sv = medianMs(() => sv.matmul(p.a, p.b).dispose(), budget, minReps);
      r.svT = medianMs(() => sv.matmul(p.a, p.bt).dispose(), budget, minReps);
      p.free();
    }
    if (np) {
      const p = npPair(n, dtype);
      r.nt = medianMs(() => np.matmul(p.a, p.b).dispose?.(), budget, minReps);
      r.ntT = medianMs(() => np.matmul(p.a, p.bt).dispose?.(), budget, minReps);
      p.free();
    }
    rows.push(r);
  }
}
const smallRows = [];
for (const dtype of DTYPES) {
  for (const n of SMALL) {
    const r = { dtype, n };
    if (HAVE_SV) {
      const p = svPair(n, dtype);
      r.sv = perCallUs(() => sv.matmul(p.a, p.b).dispose());
      r.svT = perCallUs(() => sv.matmul(p.a, p.bt).dispose());
      p.free();
    }
    if (np) {
      const p = npPair(n, dtype);
      r.nt = perCallUs(() => np.matmul(p.a, p.b).dispose?.());
      p.free();
    }
    smallRows.push(r);
  }
}
const mem1 = sv.memoryStats();

// ------------------------------------------------------------------------------------ report
const L = [];
const np0 = numpyConfigs[0]?.one;
L.push(`strideview matmul: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ` +
  `${sv.isSimd() ? 'SIMD128' : 'scalar'} build${QUICK ? ', --quick' : ''}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; ` +
  `numpy-ts ${np ? ntVersion() : 'absent'}; ` +
  (np0 ? `NumPy ${np0.numpy}: ${numpyConfigs.map((c) => `${c.label} = ${(c.one.blas ?? []).join(', ') || '?'}`).join('; ')}` : 'NumPy absent'));
L.push('"1T": BLAS held to one thread (OPENBLAS_NUM_THREADS=OMP_NUM_THREADS=MKL_NUM_THREADS=1); "default": no thread variables set ' +
  `(${os.cpus().length} CPUs). strideview and numpy-ts run on one thread.`);
const npMs = (c, which, r, key) => c[which]?.gflops_ms?.[r.dtype]?.[r.n]?.[key] ?? null;
// One GFLOP/s table per operand layout: a@b (both C-contiguous) and a@b.T (b read through a
// transposed view: strideview's b.transpose(), numpy-ts's transpose(b), NumPy's b.T).
for (const [key, title, svK, ntK, withDefault] of [
  ['plain', 'a @ b, both C-contiguous', 'sv', 'nt', true],
  ['bt', 'a @ b.T, b read through a transposed view (no copy by the caller)', 'svT', 'ntT', false],
]) {
  L.push('');
  L.push(`### matmul GFLOP/s, ${title} (2*n^3 / median time; higher is better; ratio > 1: strideview faster)`);
  L.push('');
  const head = ['dtype', 'n', 'strideview', 'numpy-ts'];
  for (const c of numpyConfigs) head.push(`${c.label} 1T`, ...(withDefault ? [`${c.label} default`] : []));
  head.push('ours / numpy-ts');
  for (const c of numpyConfigs) head.push(`ours / ${c.label} 1T`);
  L.push(`| ${head.join(' | ')} |`);
  L.push(`|${head.map(() => '---').join('|')}|`);
  for (const r of rows) {
    const g = (ms) => gflops(r.n, ms);
    const ours = g(r[svK]);
    const cells = [r.dtype, r.n, fmt(ours), fmt(g(r[ntK]))];
    const one = [];
    for (const c of numpyConfigs) {
      one.push(g(npMs(c, 'one', r, key)));
      cells.push(fmt(one.at(-1)), ...(withDefault ? [fmt(g(npMs(c, 'dflt', r, key)))] : []));
    }
    cells.push(ratio(ours, g(r[ntK])));
    for (const x of one) cells.push(ratio(ours, x));
    L.push(`| ${cells.join(' | ')} |`);
  }
}
L.push('');
L.push('### Small products in loops (median us per call, result disposed; lower is better; ratio > 1: strideview faster)');
L.push('');
const sh = ['dtype', 'n', 'strideview a@b', 'strideview a@b.T', 'numpy-ts a@b'];
for (const c of numpyConfigs) sh.push(`${c.label} 1T`);
sh.push('numpy-ts / ours');
for (const c of numpyConfigs) sh.push(`${c.label} / ours`);
L.push(`| ${sh.join(' | ')} |`);
L.push(`|${sh.map(() => '---').join('|')}|`);
for (const r of smallRows) {
  const cells = [r.dtype, `${r.n}x${r.n}`, fmt(r.sv), fmt(r.svT), fmt(r.nt)];
  const ns = numpyConfigs.map((c) => c.one?.small_us?.[r.dtype]?.[r.n] ?? null);
  for (const x of ns) cells.push(fmt(x));
  cells.push(ratio(r.nt, r.sv));
  for (const x of ns) cells.push(ratio(x, r.sv));
  L.push(`| ${cells.join(' | ')} |`);
}
L.push('');
for (const c of numpyConfigs) if (c.note) L.push(c.note);
if (checks.length) L.push(`Agreement with numpy-ts at n=64 (max |difference| / max |value|): ${checks.join(', ')}.`);
L.push(`strideview memory before / after the timed loops: ${mem0.liveArrays} / ${mem1.liveArrays} live arrays, ` +
  `${mem0.liveBytes} / ${mem1.liveBytes} live bytes (heap ${(mem1.heapBytes / 2 ** 20).toFixed(0)} MiB).`);
L.push(`Bench time: ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
console.log(L.join('\n'));
