// The ops of issue 13, measured: median time per call of each op on float32 [n, n] arrays for
// n = 8, 64 and 1024 (the per-call cost of the everyday path and the bandwidth of large arrays),
// against numpy-ts (Zig-WASM SIMD, a devDependency) in this process and NumPy (Debian's
// python3-numpy, bench/numpy_ops.py) in its own process, as ratios measured in the same run
// (ratio = peer time / strideview time: > 1 means strideview is faster). Results are disposed
// inside the timed loop for both JS libraries. Prints Markdown; never fails on speed.
// Usage: node bench/ops.mjs [--quick] [--no-numpy] [--no-peers]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';
import { perCall, loadNumpyTs } from './timing.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const here = dirname(fileURLToPath(import.meta.url));
await sv.init();
const np = await loadNumpyTs(args);

const fmt = (x) => (x == null || Number.isNaN(x) ? '-' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const free = (x) => {
  if (x == null || typeof x !== 'object') return;
  if (typeof x.dispose === 'function') x.dispose();
  else if (x.values) {
    x.values.dispose();
    x.indices.dispose();
  }
};

// [name, strideview(a, idx), numpy-ts(a, idx) | null]; a: float32 [n, n] in [-1, 1), idx: int32 [n] indices
const OPS = [
  ['floor', (a) => sv.floor(a), (a) => np.floor(a)],
  ['round', (a) => sv.round(a), (a) => np.round(a)],
  ['clip(a, -0.5, 0.5)', (a) => sv.clip(a, -0.5, 0.5), (a) => np.clip(a, -0.5, 0.5)],
  ['isnan', (a) => sv.isnan(a), (a) => np.isnan(a)],
  ['sin', (a) => sv.sin(a), (a) => np.sin(a)],
  ['tanh', (a) => sv.tanh(a), (a) => np.tanh(a)],
  ['pow(a, 3)', (a) => sv.pow(a, 3), (a) => np.power(a, 3)],
  ['square', (a) => sv.square(a), (a) => np.square(a)],
  ['prod (axis 1)', (a) => sv.prod(a, { axis: 1 }), (a) => np.prod(a, 1)],
  ['any (all)', (a) => sv.any(a), (a) => np.any(a)],
  ['variance (axis 0)', (a) => sv.variance(a, { axis: 0 }), (a) => np.var(a, 0)],
  ['variance (axis 1)', (a) => sv.variance(a, { axis: 1 }), (a) => np.var(a, 1)],
  ['std (all)', (a) => sv.std(a), (a) => np.std(a)],
  ['argmax (axis 1)', (a) => sv.argmax(a, { axis: 1 }), (a) => np.argmax(a, 1)],
  ['argmax (axis 0)', (a) => sv.argmax(a, { axis: 0 }), (a) => np.argmax(a, 0)],
  ['cumsum (axis 1)', (a) => sv.cumsum(a, { axis: 1 }), (a) => np.cumsum(a, 1)],
  ['cumsum (axis 0)', (a) => sv.cumsum(a, { axis: 0 }), (a) => np.cumsum(a, 0)],
  ['sort (axis 1)', (a) => sv.sort(a), (a) => np.sort(a, 1)],
  ['argsort (axis 1)', (a) => sv.argsort(a), (a) => np.argsort(a, 1)],
  ['topk(a, 5) (axis 1)', (a) => sv.topk(a, 5), null],
  ['take (rows, axis 0)', (a, idx) => sv.take(a, idx, { axis: 0 }), (a, idx) => np.take(a, idx, 0)],
  ['a.slice(mask) (a > 0)', (a) => {
    const m = sv.greater(a, 0);
    const r = a.slice(m);
    m.dispose();
    return r;
  }, null],
];

const SIZES = QUICK ? [8, 64] : [8, 64, 1024];
let numpy = null;
if (!args.includes('--no-numpy') && existsSync('/usr/bin/python3')) {
  try {
    const out = execFileSync('/usr/bin/python3', [join(here, 'numpy_ops.py'), QUICK ? '--quick' : '--full', ...SIZES.map(String)], {
      encoding: 'utf8',
      timeout: 600000,
      env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' },
    });
    numpy = JSON.parse(out);
  } catch (e) {
    console.error(`NumPy side unavailable (${e.message.split('\n')[0]})`);
  }
}

const lines = [];
lines.push(`strideview issue-13 ops: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ${sv.isSimd() ? 'SIMD' : 'scalar'} build${QUICK ? ', --quick' : ''}`);
lines.push('');
lines.push('### Issue-13 ops, float32 [n,n] (median us per call; ratio = peer time / strideview time, > 1 means strideview is faster)');
lines.push('');
lines.push('| op | n | strideview us | numpy-ts us | ratio vs numpy-ts | NumPy us | ratio vs NumPy |');
lines.push('|---|---|---|---|---|---|---|');
for (const n of SIZES) {
  const base = sv.arange(0, n * n, 1, 'float32');
  const s = sv.sin(base);
  base.dispose();
  const a = s.reshape([n, n]);
  const idx = sv.arange(n - 1, -1, -1, 'int32');
  const pa = np ? np.sin(np.arange(n * n).astype('float32')).reshape([n, n]) : null;
  const pidx = np ? np.arange(n - 1, -1, -1).astype('int32') : null;
  const budget = n >= 1024 ? 80 : 20;
  const batches = n >= 1024 ? 5 : QUICK ? 5 : 9;
  for (const [name, f, pf] of OPS) {
    const warmMs = QUICK ? 40 : 120;
    const t = perCall(() => free(f(a, idx)), { budgetMs: budget, batches, warmMs });
    let tp = null;
    if (np && pf) {
      try {
        tp = perCall(() => free(pf(pa, pidx)), { budgetMs: budget, batches, warmMs });
      } catch {
        tp = null;
      }
    }
    const tn = numpy?.[name]?.[String(n)] ?? null;
    lines.push(`| ${name} | ${n} | ${fmt(t)} | ${fmt(tp)} | ${tp == null ? '-' : fmt(tp / t)} | ${fmt(tn)} | ${tn == null ? '-' : fmt(tn / t)} |`);
  }
  a.dispose();
  s.dispose();
  idx.dispose();
  pa?.dispose?.();
  pidx?.dispose?.();
}
console.log(lines.join('\n'));
