// The speed table of the whole API (issue 34): every exported function with a NumPy counterpart
// (docs/api-signatures.md, generated from the declarations, names the counterpart) timed at a
// small, a medium and a large size, against NumPy (Debian's python3-numpy, bench/numpy_api_speed.py,
// its own process) and numpy-ts (a devDependency, this process) where it has the function, as
// ratios from one run (peer time / strideview time: > 1 means strideview is faster). Functions are
// called the way their signature shape says (an elementwise ufunc on float32 [n, n] in (0.1, 0.9),
// a binary one on two such arrays, a reduction over everything and over axis 0), the rest from
// the CALLS table below; a function with neither is listed as not timed, so the table says what it
// does not cover. Flags: `slow` (over 3x NumPy's time at the medium or large size) and `peer`
// (slower than numpy-ts). Prints Markdown; never fails on speed.
// Usage: node bench/api_speed.mjs [--quick] [--no-numpy] [--no-peers] [--only name,name]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';
import { perCall, loadNumpyTs } from './timing.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const ONLY = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : null;
const here = dirname(fileURLToPath(import.meta.url));
const SIZES = QUICK ? [8, 128] : [8, 128, 1024];
await sv.init();
const np = await loadNumpyTs(args);

// ------------------------------------------------------------------ the functions and their shapes
const rows = readFileSync(join(here, '../docs/api-signatures.md'), 'utf8')
  .split('\n')
  .map((l) => /^\| `([A-Za-z0-9_.]+)` \| `[^(]*\(([^`]*)\)` \| `numpy\.([a-z0-9_.]+)` \|$/.exec(l))
  .filter(Boolean)
  .map(([, name, params, npName]) => ({ name, params, npName }));

// Inputs per call kind: a, b float32 [n, n] in (0.1, 0.9); idx int64 [n] (reversed rows); v [n].
// Each CALLS entry: [sv call, NumPy expression (a, b, idx, v, n bound), numpy-ts call or null].
const CALLS = {
  where: [(I) => sv.where(sv.greater(I.a, 0.5), I.a, I.b), 'np.where(a > 0.5, a, b)', (P) => P.np.where(P.np.greater(P.a, 0.5), P.a, P.b)],
  take: [(I) => sv.take(I.a, I.idx, 0), 'np.take(a, idx, 0)', (P) => P.np.take(P.a, P.idx, 0)],
  takeAlongAxis: [(I) => sv.takeAlongAxis(I.a, I.col, 1), 'np.take_along_axis(a, col, 1)', (P) => P.np.take_along_axis(P.a, P.col, 1)],
  concatenate: [(I) => sv.concatenate([I.a, I.b]), 'np.concatenate([a, b])', (P) => P.np.concatenate([P.a, P.b])],
  stack: [(I) => sv.stack([I.a, I.b]), 'np.stack([a, b])', (P) => P.np.stack([P.a, P.b])],
  matmul: [(I) => sv.matmul(I.a, I.b), 'np.matmul(a, b)', (P) => P.np.matmul(P.a, P.b)],
  dot: [(I) => sv.dot(I.a, I.b), 'np.dot(a, b)', (P) => P.np.dot(P.a, P.b)],
  clip: [(I) => sv.clip(I.a, 0.3, 0.6), 'np.clip(a, 0.3, 0.6)', (P) => P.np.clip(P.a, 0.3, 0.6)],
  searchsorted: [(I) => sv.searchsorted(I.v, I.a), 'np.searchsorted(v, a)', (P) => P.np.searchsorted(P.v, P.a)],
  sort: [(I) => sv.sort(I.a), 'np.sort(a)', (P) => P.np.sort(P.a)],
  argsort: [(I) => sv.argsort(I.a), 'np.argsort(a)', (P) => P.np.argsort(P.a)],
  partition: [(I) => sv.partition(I.a, I.a.shape[1] >> 1), 'np.partition(a, a.shape[1] // 2)', (P) => P.np.partition(P.a, P.a.shape[1] >> 1)],
  argpartition: [(I) => sv.argpartition(I.a, I.a.shape[1] >> 1), 'np.argpartition(a, a.shape[1] // 2)', (P) => P.np.argpartition(P.a, P.a.shape[1] >> 1)],
  select: [(I) => sv.tidy(() => sv.select([sv.less(I.a, 0.3), sv.greater(I.b, 0.7)], [I.a, I.b], 0.5)), 'np.select([a < 0.3, b > 0.7], [a, b], 0.5)', (P) => P.np.select([P.np.less(P.a, 0.3), P.np.greater(P.b, 0.7)], [P.a, P.b], 0.5)],
  unique: [(I) => sv.unique(I.a), 'np.unique(a)', (P) => P.np.unique(P.a)],
  quantile: [(I) => sv.quantile(I.a, 0.3, 0), 'np.quantile(a, 0.3, 0)', (P) => P.np.quantile(P.a, 0.3, 0)],
  percentile: [(I) => sv.percentile(I.a, 30, 0), 'np.percentile(a, 30, 0)', (P) => P.np.percentile(P.a, 30, 0)],
  median: [(I) => sv.median(I.a, 0), 'np.median(a, 0)', (P) => P.np.median(P.a, 0)],
  transpose: [(I) => sv.transpose(I.a), 'np.transpose(a)', (P) => P.np.transpose(P.a)],
  diff: [(I) => sv.diff(I.a), 'np.diff(a)', (P) => P.np.diff(P.a)],
  outer: [(I) => sv.outer(I.v, I.v), 'np.outer(v, v)', (P) => P.np.outer(P.v, P.v)],
  norm: [(I) => sv.norm(I.a), 'np.linalg.norm(a)', (P) => P.np.linalg.norm(P.a)],
  einsum: [(I) => sv.einsum('ij,jk->ik', I.a, I.b), "np.einsum('ij,jk->ik', a, b)", (P) => P.np.einsum('ij,jk->ik', P.a, P.b)],
  convolve: [(I) => sv.convolve(I.v, I.v.slice(':8')), 'np.convolve(v, v[:8])', (P) => P.np.convolve(P.v, P.np.array(P.v.tolist().slice(0, 8)))],
  interp: [(I) => sv.interp(I.a, I.v, I.v), 'np.interp(a, v, v)', (P) => P.np.interp(P.a, P.v, P.v)],
};
// Elementwise ufuncs and reductions, from the signature's shape.
const isUnary = (p) => /^x, \/, out=null, \*, where=true/.test(p);
const isBinary = (p) => /^x1, x2, \/, out=null, \*, where=true/.test(p);
const isReduction = (p) => /^a, axis=null/.test(p);

// The integer ufuncs take int32 [n, n] inputs (ai, bi: small positive integers) instead.
const INTEGER = /^(bitwise|leftShift|rightShift|invert|gcd|lcm)/;
const plan = [];
for (const r of rows) {
  if (ONLY && !ONLY.has(r.name)) continue;
  if (typeof sv[r.name] !== 'function' || r.npName.includes('.random') || r.npName.startsWith('random')) continue;
  const npn = r.npName;
  const tail = npn.split('.').pop();
  const npFn = (P) => (npn.startsWith('linalg.') ? P.np.linalg?.[tail] : P.np[tail]);
  if (CALLS[r.name]) {
    const [f, py, pf] = CALLS[r.name];
    plan.push({ name: r.name, f, py, pf });
  } else if (isUnary(r.params)) {
    const [a] = INTEGER.test(r.name) ? ['ai'] : ['a'];
    plan.push({ name: r.name, f: (I) => sv[r.name](I[a]), py: `np.${npn}(${a})`, pf: (P) => npFn(P)?.(P[a]) });
  } else if (isBinary(r.params)) {
    const [a, b] = INTEGER.test(r.name) ? ['ai', 'bi'] : ['a', 'b'];
    plan.push({ name: r.name, f: (I) => sv[r.name](I[a], I[b]), py: `np.${npn}(${a}, ${b})`, pf: (P) => npFn(P)?.(P[a], P[b]) });
  } else if (isReduction(r.params)) {
    plan.push({ name: r.name, f: (I) => sv[r.name](I.a), py: `np.${npn}(a)`, pf: (P) => npFn(P)?.(P.a) });
    plan.push({ name: `${r.name} (axis 0)`, f: (I) => sv[r.name](I.a, 0), py: `np.${npn}(a, 0)`, pf: (P) => npFn(P)?.(P.a, 0) });
  } else {
    plan.push({ name: r.name, untimed: true });
  }
}

// ------------------------------------------------------------------ NumPy's side
let NPR = null;
if (!args.includes('--no-numpy')) {
  try {
    const spec = plan.filter((p) => !p.untimed).map((p) => ({ name: p.name, expr: p.py }));
    NPR = JSON.parse(execFileSync('/usr/bin/python3', [join(here, 'numpy_api_speed.py'), SIZES.join(','), ...(QUICK ? ['--quick'] : [])], {
      input: JSON.stringify(spec), encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' },
    }));
  } catch (e) {
    console.error(`NumPy side unavailable: ${String(e.message).split('\n')[0]}`);
  }
}

// ------------------------------------------------------------------ strideview and numpy-ts
const free = (x) => {
  if (x instanceof sv.NDArray) x.dispose();
  else if (Array.isArray(x)) x.forEach(free);
  else if (x && typeof x === 'object') Object.values(x).forEach(free);
};
const fmt = (x) => (typeof x !== 'number' ? '-' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const out = [];
out.push(`## The whole API's speed (\`node bench/api_speed.mjs${args.length ? ' ' + args.join(' ') : ''}\`)`, '');
out.push(`CPU: ${os.cpus()[0]?.model} x${os.cpus().length}; Node ${process.version}; float32 [n, n] inputs; median us per call; ratio = peer / strideview (> 1: strideview faster)`, '');
out.push('| function | n | strideview | numpy-ts | ratio | NumPy | ratio | flag |', '|---|---|---|---|---|---|---|---|');
const flagged = [];
for (const n of SIZES) {
  const mk = (seed) => sv.add(sv.mul(sv.sin(sv.add(sv.arange(n * n, { dtype: 'float32' }), seed)), 0.4), 0.5).reshape([n, n]);
  const I = { a: mk(0), b: mk(1), idx: sv.arange(n - 1, -1, -1), v: sv.linspace(0, 1, n, { dtype: 'float32' }), col: sv.zeros([n, 1], 'int64') };
  I.ai = sv.mul(I.a, 10).astype('int32');
  I.bi = sv.add(sv.mul(I.b, 5), 1).astype('int32');
  const P = np ? { np, a: np.array(I.a.toArray(), 'float32'), b: np.array(I.b.toArray(), 'float32'), idx: np.array(I.idx.toArray().map(Number), 'int64'), v: np.array(I.v.toArray(), 'float32'), col: np.zeros([n, 1], 'int64'), ai: np.array(I.ai.toArray(), 'int32'), bi: np.array(I.bi.toArray(), 'int32') } : null;
  const budget = n >= 1024 ? 60 : 15;
  for (const p of plan) {
    if (p.untimed) continue;
    let t = null, tp = null;
    try {
      t = perCall(() => free(p.f(I)), { budgetMs: budget, batches: QUICK ? 3 : 5, warmMs: 20 });
    } catch (e) {
      t = `error: ${String(e.message).slice(0, 50)}`;
    }
    if (P && p.pf) {
      try {
        if (p.pf(P) !== undefined) tp = perCall(() => p.pf(P), { budgetMs: budget, batches: QUICK ? 3 : 5, warmMs: 20 });
      } catch {
        tp = null;
      }
    }
    const tn = NPR?.[p.name]?.[String(n)];
    const rp = typeof t === 'number' && typeof tp === 'number' ? tp / t : null;
    const rn = typeof t === 'number' && typeof tn === 'number' ? tn / t : null;
    const flag = [rn !== null && n > SIZES[0] && rn < 1 / 3 ? 'slow' : '', rp !== null && rp < 1 ? 'peer' : ''].filter(Boolean).join(' ');
    if (flag) flagged.push(`${p.name} ${n}: ${flag}`);
    out.push(`| ${p.name} | ${n} | ${typeof t === 'number' ? fmt(t) : t} | ${fmt(tp)} | ${rp === null ? '-' : rp.toFixed(2)} | ${fmt(tn)} | ${rn === null ? '-' : rn.toFixed(2)} | ${flag} |`);
  }
  free(Object.values(I));
}
out.push('', `Flagged (${flagged.length}): ${flagged.join('; ') || 'none'}`);
const untimed = plan.filter((p) => p.untimed).map((p) => p.name);
out.push('', `Not timed (no call form yet: add it to CALLS in bench/api_speed.mjs) (${untimed.length}): ${untimed.join(', ')}`);
console.log(out.join('\n'));
