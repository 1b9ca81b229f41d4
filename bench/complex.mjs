// complex64 / complex128 arithmetic, measured: median us per call of multiply, divide, abs, exp and
// z * (2+1j) (a broadcast scalar: the FFT-filter case) at [8,8], [256,256], [1024,1024], and
// multiply at [4096,4096] too, for strideview against numpy-ts (a devDependency) in this process
// and NumPy (/usr/bin/python3, bench/numpy_complex.py) in its own. The inputs come from one formula
// on both sides (bench/fft.mjs's). Ratios are peer time / strideview time (> 1: strideview faster).
// A numpy-ts result is checked against ours first (16 elements, relative 1e-5): a wrong one is
// reported, not timed.
// --before <dist/index.mjs>: another build of the package (e.g. the one before a kernel change) in
// this process too, timed interleaved with this one (batches alternate between the two so that
// load on a shared machine hits both alike, as bench/compare_dists.mjs); its column and the ratio
// before / after. Prints Markdown; never fails on speed.
// Usage: node bench/complex.mjs [--quick] [--no-numpy] [--no-peers] [--before <dist/index.mjs>]
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as sv from '../dist/index.mjs';
import { loadNumpyTs } from './timing.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const here = dirname(fileURLToPath(import.meta.url));
const bi = args.indexOf('--before');
const beforePath = bi >= 0 ? args[bi + 1] : null;
await sv.init();
const old = beforePath ? await import(pathToFileURL(resolve(beforePath)).href) : null;
if (old) await old.init();
const np = await loadNumpyTs(args);

const OPS = ['multiply', 'divide', 'abs', 'exp', 'multiply scalar'];
const SIZES = QUICK ? [8, 256] : [8, 256, 1024];
const CASES = [];
for (const dt of ['complex64', 'complex128']) {
  for (const n of SIZES) for (const op of OPS) CASES.push(`${op}|${dt}|${n}`);
  if (!QUICK) CASES.push(`multiply|${dt}|4096`);
}

// re = sin(0.37 i) + ((i * 7919) % 101) / 100, im = cos(0.11 i); b: the same at i + 17 (no zeros)
function parts(count, shift) {
  const re = new Float64Array(count), im = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const i = k + shift;
    re[k] = Math.sin(0.37 * i) + ((i * 7919) % 101) / 100;
    im[k] = Math.cos(0.11 * i);
  }
  return { re, im };
}
function svArray(m, dt, n, v) {
  const a = m.zeros([n, n], dt);
  m.real(a).assign(m.array(v.re).reshape([n, n]));
  m.imag(a).assign(m.array(v.im).reshape([n, n]));
  return a;
}
function compute(m, op, a, b) {
  switch (op) {
    case 'multiply': return m.mul(a, b);
    case 'divide': return m.div(a, b);
    case 'abs': return m.abs(a);
    case 'exp': return m.exp(a);
    default: return m.mul(a, m.complex(2, 1));
  }
}
const runner = (m, op, a, b) => () => compute(m, op, a, b).dispose();

const now = () => Number(process.hrtime.bigint()) / 1e3; // us
function batch(fn, k) {
  const s = now();
  for (let i = 0; i < k; i++) fn();
  return (now() - s) / k;
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
// Median us per call of fa (and fb, interleaved batch by batch): batches of about 4 ms, after a
// warm-up that lets V8 tier the WebAssembly up.
function timed(fa, fb) {
  for (const f of [fa, fb]) if (f) { const end = now() + 60e3; do f(); while (now() < end); }
  const per = batch(fa, 1);
  const k = Math.max(1, Math.round(4000 / Math.max(per, 0.05)));
  const rounds = per > 20000 ? 5 : per > 2000 ? 9 : 15;
  const ta = [], tb = [];
  for (let r = 0; r < rounds; r++) {
    if (fb && r & 1) tb.push(batch(fb, k));
    ta.push(batch(fa, k));
    if (fb && !(r & 1)) tb.push(batch(fb, k));
  }
  return [median(ta), fb ? median(tb) : null];
}
// numpy-ts: at least 3 calls, up to about 1.5 s
function timedPeer(fn) {
  fn();
  const t = [];
  const end = now() + 1.5e6;
  while (t.length < 3 || (now() < end && t.length < 200)) t.push(batch(fn, 1));
  return median(t);
}

// V8 compiles WebAssembly with its baseline tier first and optimises hot functions in the
// background: every op of each build runs for a while before anything is timed (without this the
// first cases measured several times slower).
for (const m of old ? [sv, old] : [sv]) {
  for (const dt of ['complex64', 'complex128']) {
    const a = svArray(m, dt, 16, parts(256, 0)), b = svArray(m, dt, 16, parts(256, 17));
    const end = now() + 400e3;
    do for (const op of OPS) compute(m, op, a, b).dispose(); while (now() < end);
    a.dispose();
    b.dispose();
  }
}

const ours = {}, before = {}, peer = {};
const peerNotes = new Map(); // op -> what numpy-ts gave
for (const key of CASES) {
  const [op, dt, ns] = key.split('|');
  const n = Number(ns);
  const va = parts(n * n, 0), vb = parts(n * n, 17);
  const a = svArray(sv, dt, n, va), b = svArray(sv, dt, n, vb);
  let oa = null, ob = null;
  if (old) {
    oa = svArray(old, dt, n, va);
    ob = svArray(old, dt, n, vb);
  }
  const [t, tOld] = timed(runner(sv, op, a, b), old ? runner(old, op, oa, ob) : null);
  ours[key] = t;
  if (old) before[key] = tOld;
  if (np) {
    try {
      const mk = (v) => {
        const x = np.zeros([n, n], dt);
        const d = x.data;
        for (let k = 0; k < n * n; k++) {
          d[2 * k] = v.re[k];
          d[2 * k + 1] = v.im[k];
        }
        return x;
      };
      const x = mk(va), y = mk(vb);
      const s = np.array([{ re: 2, im: 1 }], dt);
      const f = {
        multiply: () => np.multiply(x, y),
        divide: () => np.divide(x, y),
        abs: () => np.abs(x),
        exp: () => np.exp(x),
        'multiply scalar': () => np.multiply(x, s),
      }[op];
      // correct? (the first 16 values against ours)
      const r = f();
      const want = compute(sv, op, a, b);
      const w = want.toTypedArray();
      want.dispose();
      const g = r.data.slice(0, 32);
      r.dispose?.();
      let ok = true;
      for (let k = 0; k < Math.min(32, w.length); k++) if (!(Math.abs(g[k] - w[k]) <= 1e-5 * (Math.abs(w[k]) + 1e-30))) ok = false;
      if (!ok) {
        peer[key] = 'wrong result';
        const show = (t) => Array.from(t.slice(0, 4), (v) => v.toPrecision(4)).join(', ');
        peerNotes.set(op, `${op} (${dt} [${n},${n}]): [${show(g)}, ...] where ours is [${show(w)}, ...]`);
      } else {
        peer[key] = timedPeer(() => f().dispose?.());
      }
      for (const t of [x, y, s]) t.dispose?.();
    } catch (e) {
      peer[key] = `error: ${String(e.message).slice(0, 50)}`;
    }
  }
  for (const x of [a, b, oa, ob]) x?.dispose();
}

let NP = null;
if (!args.includes('--no-numpy')) {
  try {
    NP = JSON.parse(execFileSync('/usr/bin/python3', [join(here, 'numpy_complex.py'), '--cases', JSON.stringify(CASES)], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  } catch (e) {
    console.error(`NumPy unavailable: ${e.message}`);
  }
}

const f = (x) => (typeof x === 'number' ? (x < 10 ? x.toFixed(2) : x < 1000 ? x.toFixed(1) : x.toFixed(0)) : x ?? '');
const ratio = (p, o) => (typeof p === 'number' && typeof o === 'number' ? (p / o).toFixed(2) : '');
console.log(`## complex64 / complex128 (\`node bench/complex.mjs${args.length ? ' ' + args.join(' ') : ''}\`), median us per call`);
console.log('');
console.log(`CPU: ${os.cpus()[0]?.model} x${os.cpus().length}; Node ${process.version}; NumPy ${NP?.numpy ?? '-'}`);
for (const note of peerNotes.values()) console.log(`\nnumpy-ts gave a wrong result, not timed: ${note}`);
console.log('');
const head = old ? '| before | after | before / after ' : '| strideview ';
console.log(`| op | dtype | shape ${head}| numpy-ts | numpy-ts / sv | NumPy | NumPy / sv |`);
console.log(`|---|---|---${old ? '|---|---|---' : '|---'}|---|---|---|---|`);
for (const key of CASES) {
  const [op, dt, n] = key.split('|');
  const o = ours[key], p = peer[key], q = NP?.us?.[key];
  const mid = old ? `| ${f(before[key])} | ${f(o)} | ${ratio(before[key], o)} ` : `| ${f(o)} `;
  console.log(`| ${op === 'multiply scalar' ? 'z * (2+1j)' : op} | ${dt} | [${n},${n}] ${mid}| ${f(p)} | ${ratio(p, o)} | ${f(q)} | ${ratio(q, o)} |`);
}
