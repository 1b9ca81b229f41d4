// The everyday path, measured: (1) the per-op table, median time per call of every kernel op on
// small arrays and of every metadata op, against the targets (kernel ops <= 2 us up to 1024
// elements, metadata ops <= 0.5 us); (2) the size sweep, 64 to 4M elements, strideview against
// numpy-ts (Zig-WASM SIMD, a devDependency) in this process and NumPy (Debian's python3-numpy) in
// its own process (bench/numpy_sweep.py), as ratios measured in the same run. Results are
// disposed inside the timed loop for both JS libraries. Prints Markdown; never fails on speed.
// Usage: node bench/sweep.mjs [--quick] [--no-numpy] [--no-peers]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';
import { perCall as timing, loadNumpyTs } from './timing.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const here = dirname(fileURLToPath(import.meta.url));

await sv.init();
const np = await loadNumpyTs(args);

/** Median microseconds per call (bench/timing.mjs; the warm-up here is done per op below). */
function perCall(fn, budgetMs = QUICK ? 8 : 25, batches = QUICK ? 5 : 9) {
  return timing(fn, { budgetMs, batches, warmMs: 0 });
}
const fmt = (x, d = 2) => (x == null || Number.isNaN(x) ? '-' : x.toFixed(d));

// ------------------------------------------------------------------------------------ per-op table
const lines = [];
lines.push(`strideview sweep: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ` +
  `${sv.isSimd() ? 'SIMD' : 'scalar'} build${QUICK ? ', --quick' : ''}`);
lines.push('');
lines.push('### Per-op cost on small arrays (median us per call, result disposed in the loop)');
lines.push('');
lines.push('| op | [8,8] | [32,32] | numpy-ts [8,8] | target | met |');
lines.push('|---|---|---|---|---|---|');

function fixture(n) {
  const a = sv.arange(0, n * n, 1, 'float32').reshape([n, n]);
  const b = sv.arange(0, n * n, 1, 'float32').reshape([n, n]);
  const row = sv.arange(0, n, 1, 'float32');
  const cond = sv.greater(a, n * n / 2);
  const out = sv.empty([n, n], 'float32');
  const a3 = a.reshape([1, n, n]);
  return { a, b, row, cond, out, a3, n };
}
const small = fixture(8);
const mid = fixture(32);
const npSmall = np ? { a: np.arange(64).astype('float32').reshape([8, 8]), row: np.arange(8).astype('float32') } : null;

const dispose = (x) => { if (typeof x === 'object' && x !== null) x.dispose(); }; // reductions over all axes give JS values
const KERNEL_OPS = [
  ['contiguous (transpose copy)', (f) => () => dispose(f.a.transpose().contiguous()), (p) => () => dispose(np.ascontiguousarray(np.transpose(p.a)))],
  ['copy', (f) => () => dispose(f.a.copy()), (p) => () => dispose(np.copy(p.a))],
  ['astype float64', (f) => () => dispose(f.a.astype('float64')), (p) => () => dispose(p.a.astype('float64'))],
  ['add (same shape)', (f) => () => dispose(sv.add(f.a, f.b)), (p) => () => dispose(np.add(p.a, p.a))],
  ['add (broadcast row)', (f) => () => dispose(sv.add(f.a, f.row)), (p) => () => dispose(np.add(p.a, p.row))],
  ['add scalar', (f) => () => dispose(sv.add(f.a, 1)), (p) => () => dispose(np.add(p.a, 1))],
  ['add into out', (f) => () => sv.add(f.a, f.b, { out: f.out }), null],
  ['mul (same shape)', (f) => () => dispose(sv.mul(f.a, f.b)), (p) => () => dispose(np.multiply(p.a, p.a))],
  ['less (bool result)', (f) => () => dispose(sv.less(f.a, f.b)), (p) => () => dispose(np.less(p.a, p.a))],
  ['sqrt', (f) => () => dispose(sv.sqrt(f.a)), (p) => () => dispose(np.sqrt(p.a))],
  ['neg', (f) => () => dispose(sv.neg(f.a)), (p) => () => dispose(np.negative(p.a))],
  ['where', (f) => () => dispose(sv.where(f.cond, f.a, 0)), (p) => () => dispose(np.where(np.greater(p.a, 32), p.a, 0))],
  ['sum (all)', (f) => () => dispose(sv.sum(f.a)), (p) => () => np.sum(p.a)],
  ['sum (axis 0)', (f) => () => dispose(sv.sum(f.a, { axis: 0 })), (p) => () => dispose(np.sum(p.a, 0))],
  ['max (all)', (f) => () => dispose(sv.max(f.a)), (p) => () => np.max(p.a)],
  ['mean (all)', (f) => () => dispose(sv.mean(f.a)), (p) => () => np.mean(p.a)],
  ['zeros', (f) => () => dispose(sv.zeros([f.n, f.n], 'float32')), (p) => () => dispose(np.zeros([8, 8], 'float32'))],
  ['ones', (f) => () => dispose(sv.ones([f.n, f.n], 'float32')), (p) => () => dispose(np.ones([8, 8], 'float32'))],
  ['full', (f) => () => dispose(sv.full([f.n, f.n], 7, 'float32')), (p) => () => dispose(np.full([8, 8], 7, 'float32'))],
  ['arange', (f) => () => dispose(sv.arange(0, f.n * f.n, 1, 'float32')), (p) => () => dispose(np.arange(64))],
];
const META_OPS = [
  ['transpose', (f) => () => f.a.transpose(), (p) => () => np.transpose(p.a)],
  ['permute', (f) => () => f.a.permute([1, 0]), null],
  ['slice with steps', (f) => () => f.a.slice('1:5, ::-2'), null],
  ['reshape', (f) => () => f.a.reshape([f.n / 2, f.n * 2]), (p) => () => p.a.reshape([4, 16])],
  ['expand (broadcastTo)', (f) => () => f.row.broadcastTo([f.n, f.n]), null],
  ['squeeze', (f) => () => f.a3.squeeze(), null],
  ['unsqueeze', (f) => () => f.a.unsqueeze(0), null],
  ['flip', (f) => () => f.a.flip({ axis: 1 }), (p) => () => np.flip(p.a, 1)],
  ['padView', (f) => () => f.a.padView([[1, 1], [1, 1]]), null],
  // a sub-array is slice(2) since get takes a full index (the contract: get returns a number)
  ['slice (a row)', (f) => () => f.a.slice(2), null],
  ['get (one element)', (f) => () => f.a.get(2, 3), null],
];
// Warm-up: every op runs for a while first, so that V8 has tiered up the JS and the WebAssembly
// functions on the path (WASM functions start in the baseline compiler).
for (const [, make, peer] of [...KERNEL_OPS, ...META_OPS]) {
  for (const f of [make(small), make(mid), np && peer ? peer(npSmall) : null]) {
    if (!f) continue;
    const end = performance.now() + (QUICK ? 15 : 40);
    while (performance.now() < end) for (let i = 0; i < 100; i++) f();
  }
}
const tableRows = [];
for (const [group, ops, target] of [['kernel', KERNEL_OPS, 2], ['metadata', META_OPS, 0.5]]) {
  for (const [name, make, peer] of ops) {
    const t8 = perCall(make(small));
    const t32 = perCall(make(mid));
    const tp = np && peer ? perCall(peer(npSmall)) : null;
    const met = Math.max(t8, t32) <= target;
    tableRows.push({ group, name, t8, t32, tp, target, met });
    lines.push(`| ${name} | ${fmt(t8)} | ${fmt(t32)} | ${fmt(tp)} | <= ${target} | ${met ? 'ok' : 'MISSED'} |`);
  }
}

// ------------------------------------------------------------------------------------ size sweep
const SIZES = QUICK ? [8, 32, 128, 512, 2048] : [8, 16, 32, 64, 128, 256, 512, 1024, 2048];
let numpy = null;
if (!args.includes('--no-numpy') && existsSync('/usr/bin/python3')) {
  try {
    const out = execFileSync('/usr/bin/python3', [join(here, 'numpy_sweep.py'), QUICK ? '--quick' : '--full', ...SIZES.map(String)], {
      encoding: 'utf8',
      timeout: 600000,
    });
    numpy = JSON.parse(out);
  } catch (e) {
    console.error(`NumPy sweep unavailable (${e.message.split('\n')[0]})`);
  }
}
const SWEEP = [
  ['add', (x) => () => dispose(sv.add(x.a, x.b)), (y) => () => dispose(np.add(y.a, y.b))],
  ['sum', (x) => () => dispose(sv.sum(x.a)), (y) => () => np.sum(y.a)],
  // the view disposed too: left to the FinalizationRegistry, it made these rows' first cells 2-4x noisier
  ['transpose copy', (x) => () => { const v = x.a.transpose(); dispose(v.contiguous()); v.dispose(); }, (y) => () => dispose(np.ascontiguousarray(np.transpose(y.a)))],
  ['flip copy', (x) => () => { const v = x.a.flip({ axis: 1 }); dispose(v.contiguous()); v.dispose(); }, (y) => () => dispose(np.ascontiguousarray(np.flip(y.a, 1)))],
  ['astype f32->f64', (x) => () => dispose(x.a.astype('float64')), (y) => () => dispose(y.a.astype('float64'))],
];
lines.push('');
lines.push('### Size sweep, float32 [n,n] (median us per call; ratio = numpy-ts time / strideview time, > 1 means strideview is faster)');
lines.push('');
lines.push('| op | n | elements | strideview us | numpy-ts us | ratio vs numpy-ts | NumPy us | ratio vs NumPy |');
lines.push('|---|---|---|---|---|---|---|---|');
const sweepRows = [];
for (const [name, mk, mkp] of SWEEP) {
  // Warm-up at the first size (the table above runs other forms of these ops): measured cold, the
  // first cells took 2-3x the steady time while V8 was still tiering up (session 22).
  {
    const n = SIZES[0];
    const a = sv.arange(0, n * n, 1, 'float32').reshape([n, n]);
    const f = mk({ a, b: a });
    const end = performance.now() + (QUICK ? 100 : 250);
    while (performance.now() < end) for (let i = 0; i < 100; i++) f();
    a.base.dispose();
  }
  for (const n of SIZES) {
    const a = sv.arange(0, n * n, 1, 'float32').reshape([n, n]);
    const b = sv.arange(0, n * n, 1, 'float32').reshape([n, n]);
    const budget = n >= 1024 ? 60 : 25;
    const t = perCall(mk({ a, b }), budget, n >= 1024 ? 5 : undefined);
    a.base.dispose();
    b.base.dispose();
    let tp = null;
    if (np) {
      const ya = np.arange(n * n).astype('float32').reshape([n, n]);
      const yb = np.arange(n * n).astype('float32').reshape([n, n]);
      tp = perCall(mkp({ a: ya, b: yb }), budget, n >= 1024 ? 5 : undefined);
      ya.dispose?.();
      yb.dispose?.();
    }
    const tn = numpy?.[name]?.[String(n)] ?? null;
    sweepRows.push({ name, n, t, tp, tn });
    lines.push(`| ${name} | ${n} | ${n * n} | ${fmt(t)} | ${fmt(tp)} | ${tp == null ? '-' : fmt(tp / t)} | ${fmt(tn)} | ${tn == null ? '-' : fmt(tn / t)} |`);
  }
}
const slower = sweepRows.filter((r) => r.tp != null && r.n * r.n >= 64 && r.tp < r.t);
lines.push('');
lines.push(slower.length === 0
  ? 'No slower than numpy-ts at any size of the sweep.'
  : `Slower than numpy-ts in ${slower.length} cells: ${slower.map((r) => `${r.name} n=${r.n} (${fmt(r.tp / r.t)})`).join(', ')}`);
const missed = tableRows.filter((r) => !r.met);
lines.push(missed.length === 0
  ? 'Per-op targets: all met.'
  : `Per-op targets missed: ${missed.map((r) => `${r.name} ${fmt(Math.max(r.t8, r.t32))} us (<= ${r.target})`).join(', ')}`);
console.log(lines.join('\n'));
