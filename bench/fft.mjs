// numpy.fft, measured: median ms per call of rfft of 2^20 float32 values, fft of a prime length
// near 1e5 (99991, Bluestein's algorithm), and fft (complex128) / rfft (float64) of 8..4096 values,
// strideview against numpy-ts (a devDependency, its np.fft) in this process and NumPy
// (/usr/bin/python3, bench/numpy_fft.py: pocketfft) in its own. Both sides compute in float64 and
// return complex128 (NumPy 1.24's dtypes), so rfft of float32 includes the conversion of the input.
// The inputs come from one formula on both sides. Ratios are peer time / strideview time (> 1:
// strideview faster), from one run. tfjs-backend-wasm (bench/peers.mjs) in this process too, where it
// has the transform. Prints Markdown; never fails on speed.
// Usage: node bench/fft.mjs [--quick] [--no-numpy] [--no-peers]
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sv from '../dist/index.mjs';
import { loadNumpyTs } from './timing.mjs';
import { tfjsPeer } from './peers.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const here = dirname(fileURLToPath(import.meta.url));
await sv.init();
const np = await loadNumpyTs(args);

function values(n, dtype) {
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    re[i] = Math.sin(0.37 * i) + ((i * 7919) % 101) / 100;
    im[i] = Math.cos(0.11 * i);
  }
  return { re, im, cx: dtype.startsWith('complex') };
}

function medianMs(fn, budgetMs, minReps) {
  const warm = performance.now() + 100; // V8's optimising tier first (bench/linalg.mjs says why)
  do fn(); while (performance.now() < warm);
  const t = [];
  const end = performance.now() + budgetMs;
  while (t.length < minReps || (performance.now() < end && t.length < 500)) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((x, y) => x - y);
  return t[t.length >> 1];
}

const CASES = ['rfft float32 1048576', 'fft complex128 99991'];
for (let n = 8; n <= 4096; n *= (QUICK ? 8 : 2)) CASES.push(`fft complex128 ${n}`, `rfft float64 ${n}`);
const budget = QUICK ? 300 : 1000;

const ours = {};
const peer = {};
const tfp = {}; // tfjs (tf.spectral: float32 / complex64 only), on its wasm backend, else its cpu backend
const tfPeer = args.includes('--no-peers') ? null : await tfjsPeer(8).catch(() => null);
const tf = tfPeer ? (await import('@tensorflow/tfjs-core')).default ?? (await import('@tensorflow/tfjs-core')) : null;
let tfMissing = null;
for (const key of CASES) {
  const [op, dt, ns] = key.split(' ');
  const n = Number(ns);
  const v = values(n, dt);
  let a;
  if (v.cx) {
    a = sv.zeros([n], dt);
    sv.copyto(sv.real(a), sv.array(v.re));
    sv.copyto(sv.imag(a), sv.array(v.im));
  } else {
    a = sv.array(v.re).astype(dt);
  }
  ours[key] = medianMs(() => sv[op](a).dispose(), budget, 5);
  if (np?.fft?.[op]) {
    try {
      const na = v.cx ? np.array(Array.from(v.re, (re, i) => ({ re, im: v.im[i] })), dt) : np.array(Array.from(v.re), dt);
      peer[key] = medianMs(() => {
        const r = np.fft[op](na);
        r.dispose?.();
      }, budget, 3);
    } catch (e) {
      peer[key] = `error: ${String(e.message).slice(0, 60)}`;
    }
  }
  if (tf && !tfMissing) {
    const run = () => {
      const t = tf.tidy(() => {
        if (op === 'rfft') return tf.spectral.rfft(tf.tensor1d(Float32Array.from(v.re)));
        return tf.spectral.fft(tf.complex(Float32Array.from(v.re), Float32Array.from(v.im)));
      });
      t.dataSync();
      t.dispose();
    };
    try {
      tfp[key] = medianMs(run, budget, 3);
    } catch (e) {
      // tfjs-backend-wasm registers no FFT / Complex kernel (measured: "Kernel 'Complex' not registered
      // for backend 'wasm'"); its cpu backend has one (rfft of 2^20 in about 24 s), not timed here
      tfMissing = String(e.message).slice(0, 80);
    }
  }
  a.dispose();
}

let NP = null;
if (!args.includes('--no-numpy')) {
  try {
    NP = JSON.parse(execFileSync('/usr/bin/python3', [join(here, 'numpy_fft.py'), '--cases', JSON.stringify(CASES), '--budget', String(budget)], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  } catch (e) {
    console.error(`NumPy unavailable: ${e.message}`);
  }
}

const f = (x) => (typeof x === 'number' ? (x < 1 ? x.toFixed(4) : x < 100 ? x.toFixed(2) : x.toFixed(0)) : x ?? '');
const ratio = (p, o) => (typeof p === 'number' && typeof o === 'number' ? (p / o).toFixed(2) : '');
console.log(`## numpy.fft (\`node bench/fft.mjs${args.length ? ' ' + args.join(' ') : ''}\`), median ms per call`);
console.log('');
console.log(`CPU: ${os.cpus()[0]?.model} x${os.cpus().length}; Node ${process.version}; NumPy ${NP?.numpy ?? '-'} (pocketfft)`);
console.log('');
console.log(`tfjs: ${tf ? `${tf.getBackend()} backend` : '-'}${tfMissing ? ` has no FFT: ${tfMissing}` : ' (float32 / complex64: half our precision)'}`);
console.log('');
console.log('| op | input dtype | n | strideview | numpy-ts | numpy-ts / sv | tfjs | tfjs / sv | NumPy | NumPy / sv |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const key of CASES) {
  const [op, dt, n] = key.split(' ');
  const p = peer[key], q = NP?.ms?.[key], t = tfp[key];
  console.log(`| ${op} | ${dt} | ${n} | ${f(ours[key])} | ${f(p)} | ${ratio(p, ours[key])} | ${f(t)} | ${ratio(t, ours[key])} | ${f(q)} | ${ratio(q, ours[key])} |`);
}
