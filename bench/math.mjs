// The vector math table: each math op on float32 and float64 arrays of 1M elements (bandwidth
// and lane throughput) and of [64,64] (the per-call cost), strideview against numpy-ts (a
// devDependency, in this process) and NumPy (Debian's python3-numpy, bench/numpy_math.py, in its
// own process). Median ms per call; ratio = peer time / strideview time (> 1: strideview faster).
// Targets (issue "math at SIMD speed"): at 1M, >= 2x numpy-ts (pow with a small integer
// exponent: >= 1x) and >= 0.33 of NumPy's speed. Inputs: the same values for every library,
// spread over each op's useful domain. Prints Markdown; never fails on speed.
// Usage: node bench/math.mjs [--quick] [--no-numpy] [--no-peers] [--only op1,op2]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';
import { perCall, loadNumpyTs } from './timing.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const onlyAt = args.indexOf('--only');
// --only exp,pow(a, 3): op names split on the commas outside parentheses
const ONLY = onlyAt >= 0 ? new Set(args[onlyAt + 1].split(/,(?![^(]*\))/).map((x) => x.trim())) : null;
const here = dirname(fileURLToPath(import.meta.url));
await sv.init();
const np = await loadNumpyTs(args);

// [name, input domain [lo, hi], strideview(a), numpy-ts(a), small-integer pow (target 1x)]
const OPS = [
  ['exp', [-20, 20], (a) => sv.exp(a), (a) => np.exp(a)],
  ['exp2', [-30, 30], (a) => sv.exp2(a), (a) => np.exp2(a)],
  ['expm1', [-5, 5], (a) => sv.expm1(a), (a) => np.expm1(a)],
  ['log', [1e-3, 1e3], (a) => sv.log(a), (a) => np.log(a)],
  ['log2', [1e-3, 1e3], (a) => sv.log2(a), (a) => np.log2(a)],
  ['log10', [1e-3, 1e3], (a) => sv.log10(a), (a) => np.log10(a)],
  ['log1p', [-0.9, 100], (a) => sv.log1p(a), (a) => np.log1p(a)],
  ['sin', [-10, 10], (a) => sv.sin(a), (a) => np.sin(a)],
  ['cos', [-10, 10], (a) => sv.cos(a), (a) => np.cos(a)],
  ['tan', [-1.5, 1.5], (a) => sv.tan(a), (a) => np.tan(a)],
  ['tanh', [-5, 5], (a) => sv.tanh(a), (a) => np.tanh(a)],
  ['pow(a, 3)', [0.1, 10], (a) => sv.pow(a, 3), (a) => np.power(a, 3), true],
  ['pow(a, 0.5)', [0.1, 10], (a) => sv.pow(a, 0.5), (a) => np.power(a, 0.5), true],
  ['pow(a, 2.5)', [0.1, 10], (a) => sv.pow(a, 2.5), (a) => np.power(a, 2.5)],
  ['pow(a, b)', [0.1, 10], (a, b) => sv.pow(a, b), (a, b) => np.power(a, b)],
  ['sqrt', [0, 100], (a) => sv.sqrt(a), (a) => np.sqrt(a)],
  ['sinh', [-5, 5], (a) => sv.sinh(a), (a) => np.sinh(a)],
  ['cosh', [-5, 5], (a) => sv.cosh(a), (a) => np.cosh(a)],
  ['arcsin', [-1, 1], (a) => sv.arcsin(a), (a) => np.arcsin(a)],
  ['arccos', [-1, 1], (a) => sv.arccos(a), (a) => np.arccos(a)],
  ['arctan', [-10, 10], (a) => sv.arctan(a), (a) => np.arctan(a)],
  ['arcsinh', [-10, 10], (a) => sv.arcsinh(a), (a) => np.arcsinh(a)],
  ['arccosh', [1, 100], (a) => sv.arccosh(a), (a) => np.arccosh(a)],
  ['arctanh', [-0.99, 0.99], (a) => sv.arctanh(a), (a) => np.arctanh(a)],
  ['arctan2(a, b)', [-10, 10], (a, b) => sv.arctan2(a, b), (a, b) => np.arctan2(a, b)],
  ['hypot(a, b)', [-10, 10], (a, b) => sv.hypot(a, b), (a, b) => np.hypot(a, b)],
].filter(([name]) => !ONLY || ONLY.has(name));

// The ops with speed targets (the transcendental functions and pow); sqrt (memory-bound, SIMD
// from the start) is the reference row, and the hyperbolic / inverse functions have no target.
const TARGET_OPS = new Set(['exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sin', 'cos',
  'tan', 'tanh', 'pow(a, 3)', 'pow(a, 0.5)', 'pow(a, 2.5)', 'pow(a, b)']);

// 1M elements (1-D) and [64,64]
const SHAPES = [[1 << 20], [64, 64]];
const DTYPES = ['float32', 'float64'];

// Deterministic values in [lo, hi) (log-spaced for positive domains spanning decades).
function values(n, [lo, hi], dtype, seed) {
  const out = dtype === 'float32' ? new Float32Array(n) : new Float64Array(n);
  let s = seed >>> 0;
  const logSpace = lo > 0 && hi / lo > 100;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = s / 4294967296;
    out[i] = logSpace ? lo * Math.pow(hi / lo, u) : lo + (hi - lo) * u;
  }
  return out;
}

let numpy = null;
if (!args.includes('--no-numpy') && existsSync('/usr/bin/python3')) {
  try {
    const spec = OPS.map(([name, dom]) => ({ name, lo: dom[0], hi: dom[1] }));
    const out = execFileSync('/usr/bin/python3', [join(here, 'numpy_math.py'), QUICK ? '--quick' : '--full', JSON.stringify(spec)], {
      encoding: 'utf8',
      timeout: 900000,
      env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' },
    });
    numpy = JSON.parse(out);
  } catch (e) {
    console.error(`NumPy side unavailable (${e.message.split('\n')[0]})`);
  }
}

const fmtMs = (x) => (x == null || Number.isNaN(x) ? '-' : x >= 10 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toFixed(4));
const fmtR = (x) => (x == null || Number.isNaN(x) ? '-' : x.toFixed(2));
const lines = [];
lines.push(`strideview math table: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ${sv.isSimd() ? 'SIMD' : 'scalar'} build${QUICK ? ', --quick' : ''}`);
lines.push('');
lines.push('median ms per call (result disposed inside the timed loop); ratio = peer time / strideview time (> 1: strideview faster); targets at 1M for the transcendental functions and pow (column: numpy-ts / NumPy): >= 2 vs numpy-ts (pow with a small integer exponent or 1/2 >= 1), >= 0.33 vs NumPy; sqrt is the memory-bound reference and the hyperbolic and inverse functions have no target');
lines.push('');
lines.push('| op | dtype | shape | strideview ms | numpy-ts ms | vs numpy-ts | NumPy ms | vs NumPy | targets |');
lines.push('|---|---|---|---|---|---|---|---|---|');
for (const shape of SHAPES) {
  const n = shape.reduce((x, y) => x * y, 1);
  const key = shape.join('x');
  for (const [name, dom, f, pf, smallPow] of OPS) {
    for (const dtype of DTYPES) {
      const va = values(n, dom, dtype, 12345), vb = values(n, [0.5, 3], dtype, 777);
      const a = sv.fromTypedArray(va, shape), b = sv.fromTypedArray(vb, shape);
      const budgetMs = n > 100000 ? (QUICK ? 40 : 120) : QUICK ? 10 : 25;
      const batches = n > 100000 ? 5 : QUICK ? 5 : 9;
      const warmMs = QUICK ? 30 : 80;
      const t = perCall(() => f(a, b).dispose(), { budgetMs, batches, warmMs }) / 1000;
      a.dispose();
      b.dispose();
      let tp = null;
      if (np) {
        const pa = np.array(va).reshape(shape), pb = np.array(vb).reshape(shape);
        try {
          tp = perCall(() => pf(pa, pb).dispose?.(), { budgetMs, batches, warmMs }) / 1000;
        } catch {
          tp = null;
        }
        pa.dispose?.();
        pb.dispose?.();
      }
      const tn = numpy?.[name]?.[dtype]?.[key] ?? null;
      let tgt = '';
      if (n > 100000 && TARGET_OPS.has(name)) {
        const need = smallPow ? 1 : 2;
        const okPeer = tp == null ? null : tp / t >= need;
        const okNp = tn == null ? null : tn / t >= 0.33;
        tgt = [okPeer == null ? null : okPeer ? 'ok' : 'MISSED', okNp == null ? null : okNp ? 'ok' : 'MISSED'].filter((x) => x != null).join(' / ');
      }
      lines.push(`| ${name} | ${dtype} | [${shape.join(',')}] | ${fmtMs(t)} | ${fmtMs(tp)} | ${tp == null ? '-' : fmtR(tp / t)} | ${fmtMs(tn)} | ${tn == null ? '-' : fmtR(tn / t)} | ${tgt} |`);
    }
  }
}
lines.push('');
lines.push('Why a MISSED op falls short (instruction counts of V8\'s code per vector, what was tried): ' +
  'bench/RESULTS.md, the latest session\'s math section, and docs/math-accuracy.md "Where the time goes on V8".');
console.log(lines.join('\n'));
