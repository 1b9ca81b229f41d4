// `npm run bench`: strideview's kernels through the public package API, as ratios to memcpy
// bandwidth measured in the same run, and against JS peers (devDependencies). Prints a Markdown
// table; never fails on speed. Usage: node bench/run.mjs [--n 4096] [--reps 7] [--no-peers]
import { readFileSync } from 'node:fs';
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

// The transpose targets (issue list): each case's ms against a reference in the same run: memcpy of
// the same bytes, or the same op on contiguous operands. [name, thunk, reference, target]
const cubeT = [cubeShape[0], cubeShape[2], cubeShape[1]];
const perm021Dst = dst.reshape(cubeT);
const transposeCases = [
  ['2-D transpose copy', () => dst.assign(a.transpose()), 'memcpy', 0.5],
  ['flip last axis', () => dst.assign(a.flip({ axis: [1] })), 'memcpy', 0.8],
  ['add, one transposed operand', () => sv.add(a, b.transpose()).dispose(), 'add contiguous', 0.5],
  ['sqrt of a transposed operand', () => sv.sqrt(a.transpose()).dispose(), 'sqrt contiguous', 0.5],
  ['astype float64 of a transposed operand', () => a.transpose().astype('float64').dispose(),
    'astype float64 contiguous', 0.5],
  ['3-D permute (0,2,1)', () => perm021Dst.assign(cube.permute([0, 2, 1])), 'memcpy', 0.4],
  ['3-D permute (2,0,1)', () => permDst.assign(cube.permute([2, 0, 1])), 'memcpy', 0.4],
  ['sum over axis 0 of a transposed operand', () => sv.sum(a.transpose(), { axis: [0] }).dispose(),
    'sum over last axis', 0.5],
];
// Each case is timed right after its reference, round after round (--rounds, default 3), in process
// CPU time (user + system) as well as wall time: on a machine shared with other jobs the CPU time
// leaves out the time this process waits for a core, so the ratios stay comparable between runs.
// The ratio printed is the median over rounds of (reference / case) in CPU time.
function cpuMedian(fn, reps = REPS) {
  fn();
  const t = [];
  for (let i = 0; i < reps; i++) {
    const s = process.cpuUsage();
    fn();
    const u = process.cpuUsage(s);
    t.push((u.user + u.system) / 1000);
  }
  t.sort((x, y) => x - y);
  return t[t.length >> 1];
}
const referenceFns = {
  memcpy: () => m32.set(srcHalf, N * N),
  'add contiguous': () => sv.add(a, b).dispose(),
  'sqrt contiguous': () => sv.sqrt(a).dispose(),
  'astype float64 contiguous': () => a.astype('float64').dispose(),
  'sum over last axis': () => sv.sum(a, { axis: [1] }).dispose(),
};
const ROUNDS = opt('rounds', 3);
const mid = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const transposeResults = transposeCases.map(([name, , ref, target]) => ({
  name, ref, target, ms: [], cpu: [], refCpu: [], ratios: [],
}));
for (let round = 0; round < ROUNDS; round++) {
  transposeCases.forEach(([, fn, ref], i) => {
    const r = transposeResults[i];
    const refCpu = cpuMedian(referenceFns[ref]);
    const cpu = cpuMedian(fn);
    r.ms.push(median(fn));
    r.cpu.push(cpu);
    r.refCpu.push(refCpu);
    r.ratios.push(refCpu / cpu);
  });
}
for (const r of transposeResults) {
  r.ms = mid(r.ms);
  r.cpuMs = mid(r.cpu);
  r.refMs = mid(r.refCpu);
  r.ratio = mid(r.ratios);
  r.spread = [Math.min(...r.ratios), Math.max(...r.ratios)];
}

// The size range: per-call ms of a 2-D transpose copy, a flip of the last axis, sqrt and add of a
// transposed operand from [8,8] up (small arrays must not pay for tile setup), in process CPU time.
const sizeRows = [];
for (const n of [8, 64, 256, 1024]) {
  const x = sv.arange(0, n * n, 1, 'float32').reshape([n, n]);
  const y = sv.zeros([n, n], 'float32');
  const reps = Math.max(5, Math.min(20000, Math.round(4e6 / (n * n))));
  const perCall = (fn) => {
    for (let i = 0; i < Math.min(reps, 100); i++) fn();
    const t = [];
    for (let r = 0; r < 5; r++) {
      const s = process.cpuUsage();
      for (let i = 0; i < reps; i++) fn();
      const u = process.cpuUsage(s);
      t.push((u.user + u.system) / reps);
    }
    t.sort((u, v) => u - v);
    return t[2];
  };
  sizeRows.push({
    n,
    copy: perCall(() => y.assign(x)),
    transpose: perCall(() => y.assign(x.transpose())),
    flip: perCall(() => y.assign(x.flip({ axis: [1] }))),
    sqrtT: perCall(() => sv.sqrt(x.transpose(), { out: y })),
    addT: perCall(() => sv.add(x, x.transpose(), { out: y })),
  });
  x.dispose();
  y.dispose();
}

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
let cpuModel = os.cpus()[0]?.model ?? 'cpu';
try {
  const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
  if (m) cpuModel = m[1].trim();
} catch {
  // no /proc (not Linux): os.cpus() it is
}
lines.push(`strideview bench: ${N}x${N} float32, median of ${REPS}, node ${process.version}, ` +
  `CPU: ${cpuModel} x${os.cpus().length}`);
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
lines.push(`Transposes and permutes (ratio = reference / case in process CPU time, median of ${ROUNDS} ` +
  'rounds of case and reference timed back to back; range = lowest and highest round):');
lines.push('');
lines.push('| case | wall ms | CPU ms | reference | reference CPU ms | ratio | range | target |');
lines.push('|---|---|---|---|---|---|---|---|');
for (const r of transposeResults) {
  const met = r.ratio >= r.target ? 'ok' : 'MISSED';
  lines.push(`| ${r.name} | ${fmt(r.ms)} | ${fmt(r.cpuMs)} | ${r.ref} | ${fmt(r.refMs)} | ` +
    `${fmt(r.ratio)} | ${fmt(r.spread[0])}-${fmt(r.spread[1])} | >= ${r.target} ${met} |`);
}
lines.push('');
lines.push('Per-call us by size (float32 [n,n], into an existing array; process CPU time):');
lines.push('');
lines.push('| n | copy | transpose copy | flip last axis | sqrt(x.T) | add(x, x.T) |');
lines.push('|---|---|---|---|---|---|');
for (const r of sizeRows) {
  lines.push(`| ${r.n} | ${fmt(r.copy, 3)} | ${fmt(r.transpose, 3)} | ${fmt(r.flip, 3)} | ` +
    `${fmt(r.sqrtT, 3)} | ${fmt(r.addT, 3)} |`);
}
lines.push('');
for (const [k, us] of Object.entries(overhead)) {
  lines.push(`per-call overhead of a.${k} on an NDArray (dispose excluded): ${fmt(us, 3)} us median ` +
    `(target <= 1 us${us <= 1 ? ', ok' : ', MISSED'})`);
}
lines.push('');
lines.push('Why a MISSED transpose case falls short (what each costs, the block shapes and fused loops ' +
  'tried): bench/RESULTS.md, the latest session\'s "Transposes and permutes" section.');
console.log(lines.join('\n'));
await import('./math.mjs'); // the vector math table (bench/math.mjs: strideview vs numpy-ts vs NumPy)
