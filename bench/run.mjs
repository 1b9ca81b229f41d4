// `npm run bench`: strideview's kernels through the public package API, as ratios to memcpy
// bandwidth measured in the same run, and against JS peers (devDependencies). Prints a Markdown
// table; never fails on speed. Usage: node bench/run.mjs [--n 4096] [--reps 7] [--no-peers]
import os from 'node:os';
import { ndarrayOpsPeer, stdlibPeer, tfjsPeer } from './peers.mjs';
import * as sv from '../dist/index.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const N = opt('n', 4096);
const REPS = opt('reps', 7);
const PEERS = !args.includes('--no-peers');

function median(fn, reps = REPS) {
  fn(); // warm-up (and JIT)
  const t = [];
  for (let i = 0; i < reps; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[t.length >> 1];
}
const gbps = (bytes, ms) => bytes / (ms * 1e6);

await sv.init();
const BYTES = N * N * 4;

// memcpy baseline: a bulk copy inside one WebAssembly.Memory (V8 lowers TypedArray#set to memmove;
// TOOLCHAIN.md measured it equal to memcpy inside WASM).
const mem = new WebAssembly.Memory({ initial: Math.ceil((2 * BYTES) / 65536) + 1 });
const m32 = new Float32Array(mem.buffer, 0, 2 * N * N);
m32.fill(1.5);
const srcHalf = m32.subarray(0, N * N);
const memcpyMs = median(() => m32.set(srcHalf, N * N));
const memcpyGBs = gbps(2 * BYTES, memcpyMs);

const a = sv.arange(0, N * N, 1, 'float32').reshape([N, N]);
const b = sv.arange(0, N * N, 1, 'float32').reshape([N, N]);
const dst = sv.zeros([N, N], 'float32');
const row = sv.arange(0, N, 1, 'float32').reshape([1, N]);
const inner = sv.zeros([N - 2, N - 2], 'float32');

// Each case: [name, thunk, bytes moved (logical read + write), target ratio, peer case name]
const cases = [
  ['materialize contiguous', () => dst.assign(a), 2 * BYTES, 0.9],
  ['materialize 2-D transpose', () => dst.assign(a.transpose()), 2 * BYTES, 0.35],
  ['materialize flip last axis', () => dst.assign(a.flip({ axis: [1] })), 2 * BYTES, 0.7],
  ['materialize broadcast [1,N]->[N,N]', () => dst.assign(row.broadcastTo([N, N])), 2 * BYTES, 0.8],
  ['materialize padded view (1 each side)', () => dst.assign(inner.padView([[1, 1], [1, 1]])), 2 * BYTES, 0.7],
  ['add contiguous', () => sv.add(a, b).dispose(), 3 * BYTES, null],
  ['add broadcast row', () => sv.add(a, row).dispose(), 3 * BYTES, 0.9, 'add contiguous'],
  ['add one transposed operand', () => sv.add(a, b.transpose()).dispose(), 3 * BYTES, 0.3],
  ['sum over last axis', () => sv.sum(a, { axis: [1] }).dispose(), BYTES, 0.7],
  ['sum over first axis', () => sv.sum(a, { axis: [0] }).dispose(), BYTES, 0.7],
];

const results = new Map();
for (const [name, fn, bytes] of cases) results.set(name, { ms: median(fn), bytes });

// 1-D and 3-D cases (same byte count as the 2-D ones).
const flat = a.reshape([N * N]);
const flatDst = dst.reshape([N * N]);
const c = Math.round(Math.cbrt(N * N));
const cubeShape = c * c * c === N * N ? [c, c, c] : [N / 16, 16, N];
const cube = a.reshape(cubeShape);
const cubeDst = dst.reshape(cubeShape);
const permDst = dst.reshape([cubeShape[2], cubeShape[0], cubeShape[1]]);
const extra = [
  ['1-D copy', () => flatDst.assign(flat), 2 * BYTES],
  ['1-D reverse', () => flatDst.assign(flat.flip()), 2 * BYTES],
  ['3-D permute (2,0,1)', () => permDst.assign(cube.permute([2, 0, 1])), 2 * BYTES],
  ['3-D flip all axes', () => cubeDst.assign(cube.flip()), 2 * BYTES],
];
for (const [name, fn, bytes] of extra) results.set(name, { ms: median(fn), bytes });

// Per-call overhead of metadata-only ops (views of an NDArray, no data touched).
const overhead = {};
{
  const small = sv.zeros([8, 16], 'float32');
  const K = 20000;
  for (const [name, fn] of [
    ['transpose()', () => small.transpose()],
    ['slice("1:5, ::-2")', () => small.slice('1:5, ::-2')],
  ]) {
    const t = [];
    for (let rep = 0; rep < 5; rep++) {
      const views = new Array(K);
      const s = performance.now();
      for (let i = 0; i < K; i++) views[i] = fn();
      t.push(((performance.now() - s) * 1000) / K);
      for (const v of views) v.dispose();
    }
    t.sort((x, y) => x - y);
    overhead[name] = t[2];
  }
  small.dispose();
}

const peers = [];
if (PEERS) {
  for (const make of [ndarrayOpsPeer, stdlibPeer, tfjsPeer]) {
    try {
      const p = await make(N);
      if (!p) continue;
      const times = {};
      for (const [k, fn] of Object.entries(p.cases)) times[k] = median(fn, Math.min(REPS, 5));
      peers.push({ name: p.name, times });
    } catch (e) {
      console.error(`peer failed: ${e.message}`);
    }
  }
}

// ---- report
const fmt = (x, d = 2) => (x == null ? '-' : x.toFixed(d));
const lines = [];
lines.push(`strideview bench: ${N}x${N} float32, median of ${REPS}, node ${process.version}, ` +
  `${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}`);
lines.push(`memcpy (TypedArray#set inside WebAssembly.Memory): ${fmt(memcpyMs)} ms, ${fmt(memcpyGBs, 1)} GB/s`);
lines.push('');
lines.push('| case | ms | GB/s | ratio to memcpy | target |' + peers.map((p) => ` ${p.name} ms (x slower) |`).join(''));
lines.push('|---|---|---|---|---|' + peers.map(() => '---|').join(''));
for (const [name, , , target, relTo] of cases) {
  const r = results.get(name);
  const bw = gbps(r.bytes, r.ms);
  let ratio = bw / memcpyGBs;
  let tgt = target == null ? '' : `>= ${target}`;
  if (relTo) {
    ratio = results.get(relTo).ms / r.ms;
    tgt = `>= ${target} (vs ${relTo})`;
  }
  const met = target == null ? '' : ratio >= target ? ' ok' : ' MISSED';
  const peerCols = peers.map((p) => {
    const t = p.times[name];
    return t == null ? '-' : `${fmt(t, 1)} (${fmt(t / r.ms, 1)}x)`;
  });
  lines.push(`| ${name} | ${fmt(r.ms)} | ${fmt(bw, 1)} | ${fmt(ratio)} | ${tgt}${met} |` + peerCols.map((c) => ` ${c} |`).join(''));
}
for (const [name] of extra) {
  const r = results.get(name);
  const bw = gbps(r.bytes, r.ms);
  lines.push(`| ${name} | ${fmt(r.ms)} | ${fmt(bw, 1)} | ${fmt(bw / memcpyGBs)} | |` + peers.map(() => ' |').join(''));
}
lines.push('');
for (const [k, us] of Object.entries(overhead)) {
  lines.push(`per-call overhead of a.${k} on an NDArray (dispose excluded): ${fmt(us, 3)} us median ` +
    `(target <= 1 us${us <= 1 ? ', ok' : ', MISSED'})`);
}
console.log(lines.join('\n'));
