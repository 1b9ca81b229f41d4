// numpy.linalg, measured (issue 32): median ms per call of solve (one right-hand side), inv, det,
// svd (singular values alone, and U S Vh), eigh and qr on [n, n] matrices (n = 64, 256, 1024;
// float64 and float32), strideview against numpy-ts (a devDependency) in this process and NumPy
// (/usr/bin/python3, bench/numpy_linalg.py: Debian's reference LAPACK unless OpenBLAS is installed)
// in its own. The matrices come from one formula on both sides (diagonally dominant). Ratios are
// peer time / strideview time (> 1: strideview faster), from one run; strideview's column also
// gives the fastest call. At n >= 1024 only solve, inv, det, svd and eigh run, and numpy-ts is not
// run where its time at the previous size, scaled by n^3, passes --peer-limit seconds (default 60:
// its eigh and svd would take many minutes per call); the table then shows that projection, marked
// "(projected)". Prints Markdown; never fails on speed.
// Usage: node bench/linalg.mjs [--quick] [--no-numpy] [--no-peers] [--sizes 64,256,1024] [--peer-limit 60]
//   [--ops solve,inv,det] (a subset; NumPy's process runs every op) [--progress] (each row to stderr)
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';
import { loadNumpyTs } from './timing.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const opt = (k) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : undefined);
const SIZES = (opt('sizes') ?? (QUICK ? '64,256' : '64,256,1024')).split(',').map(Number);
const here = dirname(fileURLToPath(import.meta.url));
await sv.init();
const np = await loadNumpyTs(args);

function values(n) {
  const v = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) v[i] = ((i * 7919) % 2001) / 1000 - 1;
  for (let i = 0; i < n; i++) v[i * n + i] += n;
  return v;
}

// Median and minimum ms per call.
function timeMs(fn, budgetMs, minReps) {
  // Warm up for 100 ms (at least one call): V8 compiles the wasm functions a call reaches with its
  // baseline compiler first and optimises them in the background. Session 17's table timed
  // svdvals float64 at n = 64, the first SVD of the run, at 5.1 ms against 0.84 ms for float32
  // (under load the optimising tier came late); warm, both take about 1.1 ms (session 18).
  const warm = performance.now() + 100;
  do fn(); while (performance.now() < warm);
  const t = [];
  const end = performance.now() + budgetMs;
  while (t.length < minReps || (performance.now() < end && t.length < 200)) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((x, y) => x - y);
  return { med: t[t.length >> 1], min: t[0] };
}

const OPS = (opt('ops') ?? 'solve,inv,det,svdvals,svd,eigh,eig,eigvals,qr').split(',');
const BIG_OPS = ['solve', 'inv', 'det', 'svd', 'eigh'];
const PEER_LIMIT_MS = Number(opt('peer-limit') ?? 60) * 1000;
// Tier-up of both modules before any timing: the first linalg call instantiates the families
// module, whose optimised code V8 compiles in the background (seconds on a busy 2-core machine):
// whichever op was timed first came out up to 2x slow (det or solve at n = 64, session 20).
{
  const w = sv.array(Array.from(values(64)), { dtype: 'float64' }).reshape([64, 64]);
  const w32 = w.astype('float32');
  const nw = np ? np.array(Array.from(values(64)), 'float64').reshape([64, 64]) : null;
  const end = performance.now() + 1500;
  while (performance.now() < end) {
    sv.solve(w, w).dispose();
    sv.solve(w32, w32).dispose();
    sv.svd(w32, { computeUv: false }).dispose();
    if (nw) np.linalg.solve(nw, nw);
  }
  w.dispose();
  w32.dispose();
}

const ours = {};
const oursMin = {};
const peer = {};
const peerLast = {}; // op dtype -> [n, ms] of numpy-ts's last measured size
for (const dt of ['float64', 'float32']) {
  for (const n of SIZES) {
    const v = values(n);
    const a = sv.array(Array.from(v), { dtype: dt }).reshape([n, n]);
    const b = sv.ones([n], dt);
    const sym = sv.add(a, a.T);
    const svOps = {
      solve: () => sv.solve(a, b).dispose(),
      inv: () => sv.inv(a).dispose(),
      det: () => sv.det(a),
      svdvals: () => sv.svd(a, { computeUv: false }).dispose(),
      svd: () => sv.svd(a).forEach((x) => x.dispose()),
      eigh: () => sv.eigh(sym).forEach((x) => x.dispose()),
      eig: () => sv.eig(a).forEach((x) => x.dispose()),
      eigvals: () => sv.eigvals(a).dispose(),
      qr: () => sv.qr(a).forEach((x) => x.dispose()),
    };
    let npOps = null;
    if (np) {
      const na = np.array(Array.from(v), dt).reshape([n, n]);
      const nb = np.ones([n], dt);
      const nsym = np.add(na, np.transpose(na));
      const L = np.linalg;
      npOps = {
        solve: () => L.solve(na, nb),
        inv: () => L.inv(na),
        det: () => L.det(na),
        svdvals: () => L.svd(na, true, false),
        svd: () => L.svd(na),
        eigh: () => L.eigh(nsym),
        eig: () => L.eig(na),
        eigvals: () => L.eigvals(na),
        qr: () => L.qr(na),
      };
    }
    const budget = QUICK ? 300 : 1500;
    const reps = n >= 1024 ? 2 : 5;
    for (const op of OPS) {
      if (n >= 1024 && !BIG_OPS.includes(op)) continue;
      if (QUICK && n >= 1024 && (op === 'svd' || op === 'eigh')) continue;
      const key = `${op} ${dt} ${n}`;
      const t = timeMs(svOps[op], budget, reps);
      ours[key] = t.med;
      oursMin[key] = t.min;
      if (args.includes('--progress')) console.error(`${key}: ${t.med.toFixed(3)} ms (min ${t.min.toFixed(3)})`);
      if (npOps) {
        const last = peerLast[`${op} ${dt}`];
        const projected = last ? last[1] * (n / last[0]) ** 3 : 0;
        if (n >= 1024 && projected > PEER_LIMIT_MS) {
          peer[key] = { projected };
          continue;
        }
        try {
          peer[key] = timeMs(npOps[op], budget, reps).med;
          peerLast[`${op} ${dt}`] = [n, peer[key]];
        } catch (e) {
          peer[key] = `error: ${String(e.message).slice(0, 60)}`;
        }
      }
    }
    a.dispose();
    b.dispose();
    sym.dispose();
  }
}

let NP = null;
if (!args.includes('--no-numpy')) {
  try {
    NP = JSON.parse(execFileSync('/usr/bin/python3', [join(here, 'numpy_linalg.py'), '--sizes', SIZES.join(','), ...(QUICK ? ['--quick'] : [])], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  } catch (e) {
    console.error(`NumPy unavailable: ${e.message}`);
  }
}

const num = (x) => (x < 1 ? x.toFixed(3) : x < 100 ? x.toFixed(2) : x.toFixed(0));
const f = (x) => (typeof x === 'number' ? num(x) : x?.projected ? `${num(x.projected)} (projected)` : x ?? '');
const ratio = (p, o) => {
  if (typeof o !== 'number') return '';
  if (typeof p === 'number') return (p / o).toFixed(2);
  return p?.projected ? `${(p.projected / o).toFixed(0)} (projected)` : '';
};
console.log(`## numpy.linalg (\`node bench/linalg.mjs${args.length ? ' ' + args.join(' ') : ''}\`), median ms per call`);
console.log('');
console.log(`CPU: ${os.cpus()[0]?.model} x${os.cpus().length}; Node ${process.version}; NumPy ${NP?.numpy ?? '-'} on ${NP?.libs?.join(', ') || '?'}`);
console.log('');
console.log('| op | dtype | n | strideview (min) | numpy-ts | numpy-ts / sv | NumPy | NumPy / sv |');
console.log('|---|---|---|---|---|---|---|---|');
for (const key of Object.keys(ours)) {
  const [op, dt, n] = key.split(' ');
  const p = peer[key], q = NP?.ms?.[key];
  console.log(`| ${op} | ${dt} | ${n} | ${f(ours[key])} (${f(oursMin[key])}) | ${f(p)} | ${ratio(p, ours[key])} | ${f(q)} | ${ratio(q, ours[key])} |`);
}
if (args.includes('--json')) console.error(JSON.stringify({ ours, oursMin, peer, numpy: NP?.ms ?? null }));
