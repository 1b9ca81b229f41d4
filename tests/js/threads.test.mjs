// The threaded build: init({ threads }) loads strideview-threads.wasm (its own glue and worker
// script) with a pool of threads - 1 workers; results are bit-for-bit those of the single-threaded
// build at 1, 2 and 4 threads for every reducing op and dtype, and for the elementwise, math,
// matmul and sort kernels. Three independent copies of the package run in this process (a query
// string makes a distinct ES module instance, each with its own WASM instance and pool).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const distUrl = new URL('../../dist/', import.meta.url);
const dist = fileURLToPath(distUrl);
const libs = {};
for (const n of [1, 2, 4]) libs[n] = await import(new URL(`index.mjs?threads=${n}`, distUrl).href);
await Promise.all([1, 2, 4].map((n) => libs[n].init({ threads: n })));

function run(code) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 60000 });
  return r;
}

const DTYPES = ['float16', 'float32', 'float64', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool'];

// Deterministic values: floats in [-4, 4) with fractions (sums round), small integers otherwise.
function values(n, seed) {
  const v = new Float64Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; ++i) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = (s / 2 ** 32) * 8 - 4;
  }
  return v;
}

function make(lib, v, shape, dtype) {
  const a = lib.fromTypedArray(v, [v.length]).reshape(shape);
  return dtype === 'float64' ? a : a.astype(dtype);
}

function bytes(x) {
  if (typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean') return String(Object.is(x, -0) ? '-0' : x);
  const t = x.toTypedArray();
  return Buffer.from(t.buffer, t.byteOffset, t.byteLength).toString('base64');
}

function sameEverywhere(label, f) {
  const r1 = bytes(f(libs[1]));
  for (const n of [2, 4]) {
    const rn = bytes(f(libs[n]));
    assert.ok(r1 === rn, `${label}: ${n} threads differ from the single-threaded build`);
  }
}

test('the threaded build ships in dist/ and the package lists it', () => {
  for (const f of ['strideview-threads.mjs', 'strideview-threads.wasm', 'strideview-threads.worker.js']) {
    assert.ok(existsSync(dist + f), `dist/${f} missing`);
  }
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  for (const f of ['dist/strideview-threads.mjs', 'dist/strideview-threads.wasm', 'dist/strideview-threads.worker.js']) {
    assert.ok(pkg.files.includes(f), `package.json files lacks ${f}`);
  }
  // The single-threaded bundle does not contain the threaded glue (it is imported on demand).
  const index = readFileSync(dist + 'index.mjs', 'utf8');
  assert.ok(!index.includes('PThread'), 'dist/index.mjs bundles the pthread glue');
});

test('buildInfo reports the thread count and the build', () => {
  assert.deepEqual({ ...libs[1].buildInfo() }, { simd: true, wasm: 'strideview.wasm', detected: true, threads: 1 });
  assert.deepEqual({ ...libs[2].buildInfo() }, { simd: true, wasm: 'strideview-threads.wasm', detected: true, threads: 2 });
  assert.equal(libs[4].buildInfo().threads, 4);
});

// The families (web/src/families.ts): only the single-threaded SIMD build is split into a core and
// strideview-families.wasm; the threaded build is one module (each pthread worker has its own
// function table, which a families module would have to fill in every worker), so after
// init({ threads }) every family is loaded, whatever `load` says (runtime.ts InitOptions.load).
const FAMILIES = ['math', 'linalg', 'stats', 'random', 'symbolic', 'complex'];

test('the threaded build holds every family: isLoaded() is true for each after init({ threads: n })', () => {
  for (const n of [2, 4]) {
    assert.deepEqual(FAMILIES.map((f) => libs[n].isLoaded(f)), FAMILIES.map(() => true), `threads: ${n}, isLoaded(${FAMILIES.join(', ')})`);
  }
  // (threads: 1 is the split build; unbundled, its default init() loaded the families module)
  assert.deepEqual(FAMILIES.map((f) => libs[1].isLoaded(f)), FAMILIES.map(() => true));
});

test("init({ threads: 2, load: 'core' }) still has every family, and needs no strideview-families.wasm", () => {
  // dist/ without the families module: the threaded build must neither fetch it at init nor at
  // load(), and its family ops run (an app choosing threads downloads everything in one module)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sv-threads-nofamilies-'));
  try {
    for (const f of ['index.mjs', 'strideview-threads.mjs', 'strideview-threads.wasm', 'strideview-threads.worker.js']) copyFileSync(path.join(dist, f), path.join(dir, f));
    const index = JSON.stringify(pathToFileURL(path.join(dir, 'index.mjs')).href);
    const r = run(`
      const sv = await import(${index});
      await sv.init({ threads: 2, load: 'core' });
      const families = ${JSON.stringify(FAMILIES)};
      const loaded = families.map((f) => sv.isLoaded(f));
      const a = sv.array([[1, 2], [3, 4]], { dtype: 'float64' });
      const fam = { sin: Number(sv.sin(a).get(0, 0).toFixed(6)), argmax: Number(sv.argmax(a)), matmul: sv.matmul(a, a).toArray() };
      await sv.load('math');
      await sv.load();
      console.log(JSON.stringify({ info: sv.buildInfo(), loaded, fam }));
    `);
    assert.equal(r.status, 0, r.stderr);
    const { info, loaded, fam } = JSON.parse(r.stdout);
    assert.deepEqual([info.wasm, info.threads], ['strideview-threads.wasm', 2]);
    assert.deepEqual(loaded, FAMILIES.map(() => true), `isLoaded(${FAMILIES.join(', ')})`);
    assert.deepEqual(fam, { sin: 0.841471, argmax: 3, matmul: [[7, 10], [15, 22]] });
    assert.equal(r.stderr, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every reducing op and dtype gives the same bits at 1, 2 and 4 threads', () => {
  // [300, 701] (210,300 elements: above the 64K threshold, rows and columns cut) and a 1-D row of
  // 300,001 (fixed 2^16-element blocks).
  const v2 = values(300 * 701, 7);
  const v1 = values(300001, 8);
  const cases = [
    ['sum', (l, a, o) => l.sum(a, o)],
    ['prod', (l, a, o) => l.prod(a, o)],
    ['mean', (l, a, o) => l.mean(a, o)],
    ['max', (l, a, o) => l.max(a, o)],
    ['min', (l, a, o) => l.min(a, o)],
    ['variance', (l, a, o) => l.variance(a, o)],
    ['std', (l, a, o) => l.std(a, o)],
    ['any', (l, a, o) => l.any(a, o)],
    ['all', (l, a, o) => l.all(a, o)],
    ['argmax', (l, a, o) => l.argmax(a, o)],
    ['argmin', (l, a, o) => l.argmin(a, o)],
    ['cumsum', (l, a, o) => l.cumsum(a, o)],
    ['cumprod', (l, a, o) => l.cumprod(a, o)],
    ['nansum', (l, a, o) => l.nansum(a, o)],
  ];
  for (const dtype of DTYPES) {
    for (const [name, f] of cases) {
      if (dtype === 'bool' && ['cumprod', 'variance', 'std', 'mean'].includes(name)) continue;
      const axisSets = name.startsWith('arg') || name.startsWith('cum') ? [{ axis: 0 }, { axis: 1 }] : [{}, { axis: 0 }, { axis: 1 }];
      for (const o of axisSets) {
        sameEverywhere(`${name} ${dtype} [300,701] ${JSON.stringify(o)}`, (l) => {
          const a = make(l, v2, [300, 701], dtype);
          const r = f(l, a, o);
          return r;
        });
      }
      if (!name.startsWith('cum')) {
        sameEverywhere(`${name} ${dtype} [300001]`, (l) => f(l, make(l, v1, [300001], dtype), name.startsWith('arg') ? { axis: 0 } : {}));
      }
    }
  }
});

test('elementwise, math, transposed copies, matmul, sort and take are the same at 1, 2 and 4 threads', () => {
  const v = values(512 * 520, 9);
  const w = values(512 * 520, 10);
  for (const dtype of ['float32', 'float64', 'int32']) {
    const ops = [
      ['add', (l, a, b) => l.add(a, b)],
      ['add transposed', (l, a, b) => l.add(a, b.reshape([520, 512]).transpose())],
      ['copy transposed', (l, a) => a.transpose().copy()],
      ['mul broadcast', (l, a, b) => l.mul(a, b.slice('0:1'))],
      ['where', (l, a, b) => l.where(l.greater(a, b), a, b)],
      ['clip', (l, a) => l.clip(a, -1, 1)],
    ];
    if (dtype !== 'int32') {
      ops.push(['exp', (l, a) => l.exp(a)], ['sin', (l, a) => l.sin(a)], ['tanh', (l, a) => l.tanh(a)], ['sqrt', (l, a) => l.sqrt(l.abs(a))]);
      ops.push(['pow', (l, a, b) => l.pow(l.abs(a), b)]);
    }
    for (const [name, f] of ops) {
      sameEverywhere(`${name} ${dtype}`, (l) => f(l, make(l, v, [512, 520], dtype), make(l, w, [512, 520], dtype)));
    }
    sameEverywhere(`matmul ${dtype}`, (l) => l.matmul(make(l, v, [512, 520], dtype), make(l, w, [520, 512], dtype)));
    sameEverywhere(`sort ${dtype} rows`, (l) => l.sort(make(l, v, [512, 520], dtype), { axis: 1 }));
    sameEverywhere(`sort ${dtype} columns`, (l) => l.sort(make(l, v, [512, 520], dtype), { axis: 0 }));
    sameEverywhere(`argsort ${dtype}`, (l) => l.argsort(make(l, v, [512, 520], dtype), { axis: 1 }));
    const rows = Array.from({ length: 512 }, (_, i) => (i * 317) % 512);
    sameEverywhere(`take rows ${dtype}`, (l) => l.take(make(l, v, [512, 520], dtype), rows, { axis: 0 }));
    sameEverywhere(`take columns ${dtype}`, (l) => l.take(make(l, v, [512, 520], dtype), rows, { axis: 1 }));
  }
  // A spot check of the values themselves (not only agreement): matmul against a JS dot product.
  const a = make(libs[4], v, [512, 520], 'float64');
  const b = make(libs[4], w, [520, 512], 'float64');
  const c = libs[4].matmul(a, b);
  let ref = 0;
  for (let k = 0; k < 520; ++k) ref += v[3 * 520 + k] * w[k * 512 + 5];
  assert.ok(Math.abs(c.get(3, 5) - ref) < 1e-9, `matmul [3,5] = ${c.get(3, 5)}, expected ${ref}`);
});

test('memory grown by a pool thread is seen by the main thread', () => {
  const l = libs[4];
  // 3 x 64 MiB of float64: the heap grows during kernels that run on the pool.
  const a = l.arange(0, 8 << 20, 1, { dtype: 'float64' }).reshape([2048, 4096]);
  const t = l.add(a.transpose(), 1);
  assert.equal(t.get(4095, 2047), 2047 * 4096 + 4095 + 1);
  assert.equal(l.sum(t), ((8 << 20) * ((8 << 20) - 1)) / 2 + (8 << 20));
  a.base.dispose();
  t.dispose();
});

test('memory grown while a parallel job runs, on a pool thread too: every array stays readable and right', () => {
  // A fresh process (a 16 MiB heap). Column sums of [32, 65536] float32 run as 8 tasks, each with
  // 96 KiB of partial sums allocated on whichever thread takes the task and freed after the job.
  // Between sums, 48 KiB arrays fill those freed holes first (first fit), so the next sum's task
  // buffers need new memory and often grow it on a pool thread, whose growth this thread's views
  // do not see unless the pool refreshes them (src/parallel/pool.cpp). Without that refresh this
  // failed 6 runs of 8 (RangeError: a new array past the stale view; which thread grows the memory
  // is a race). Every array, the first (low in memory) and the newest (high), reads back right
  // after each sum.
  const r = run(`
    const sv = await import(${JSON.stringify(new URL('index.mjs', distUrl).href)});
    await sv.init({ threads: 2 });
    const R = 32, C = 65536;
    const x = sv.ones([R, C], 'float32');
    const keep = [];
    let grewInSum = 0;
    for (let k = 0; k < 300; k++) {
      for (let q = 0; q < 4; q++) keep.push(sv.full([12288], keep.length, 'float32'));
      const before = sv.memoryStats().heapBytes;
      const s = sv.sum(x, { axis: 0 });
      if (sv.memoryStats().heapBytes !== before) grewInSum++;
      const t = s.toTypedArray();
      if (t.length !== C || t[0] !== R || t[C - 1] !== R) throw new Error('sum ' + k + ': ' + t[0] + ', ' + t[C - 1]);
      s.dispose();
      for (const j of [0, keep.length - 1]) {
        const v = keep[j].toTypedArray();
        if (v[0] !== j || v[v.length - 1] !== j) throw new Error('array ' + j + ' after sum ' + k + ': ' + v[0]);
      }
    }
    console.log(JSON.stringify({ grewInSum, heapBytes: sv.memoryStats().heapBytes }));
  `);
  assert.equal(r.status, 0, r.stderr);
  const { grewInSum, heapBytes } = JSON.parse(r.stdout);
  assert.ok(grewInSum >= 3, `the memory grew during ${grewInSum} of the 300 sums`);
  assert.ok(heapBytes > 64 << 20, `heap ${heapBytes} B`);
});

test("init errors: bad thread counts, switching after the first init; 'auto' in Node", () => {
  for (const bad of [0, 17, 2.5, 'many', null]) {
    assert.throws(() => libs[2].init({ threads: bad }), (e) => {
      assert.equal(e.name, 'TypeError');
      assert.match(e.message, /^init: threads must be 'auto' or an integer from 1 to 16, got /);
      return true;
    });
  }
  const auto = Math.min(8, availableParallelism());
  const out = run(`
    const sv = await import(${JSON.stringify(new URL('index.mjs', distUrl).href)});
    await sv.init({ threads: 'auto' });
    const info = sv.buildInfo();
    let err = '';
    try { await sv.init({ threads: ${auto === 2 ? 3 : 2} }); } catch (e) { err = e.name + ' ' + e.code + ' ' + e.message; }
    await sv.init({ threads: 'auto' });
    await sv.init();
    console.log(JSON.stringify({ info, err }));
  `);
  assert.equal(out.status, 0, out.stderr);
  const { info, err } = JSON.parse(out.stdout);
  assert.equal(info.threads, auto);
  assert.equal(info.wasm, auto >= 2 ? 'strideview-threads.wasm' : 'strideview.wasm');
  assert.match(err, /^StrideViewError invalid_argument init: the engine is already loaded with \d+ threads?; init\(\{ threads: \d \}\) asks for \d and cannot switch builds/);
  assert.equal(out.stderr, '');
});

test("where the threaded build's files are missing (a bundler did not copy them): 'auto' falls back to one thread, a count is a clear error", () => {
  // dist/ without strideview-threads.*: what an app gets when its bundler copies only the
  // single-threaded wasm next to the bundled module
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sv-nothreads-'));
  try {
    for (const f of ['index.mjs', 'strideview.wasm', 'strideview-families.wasm', 'strideview-nosimd.wasm']) copyFileSync(path.join(dist, f), path.join(dir, f));
    const index = JSON.stringify(pathToFileURL(path.join(dir, 'index.mjs')).href);
    const r = run(`
      const sv = await import(${index});
      await sv.init({ threads: 'auto' });
      const sum = sv.sum(sv.arange(0, 1000, 1, { dtype: 'float32' }));
      const other = await import(${index} + '?copy=explicit');
      let err = '';
      try { await other.init({ threads: 2 }); } catch (e) { err = e.name + ' ' + e.code + ' ' + e.message; }
      console.log(JSON.stringify({ info: sv.buildInfo(), sum, err }));
    `);
    assert.equal(r.status, 0, r.stderr);
    const { info, sum, err } = JSON.parse(r.stdout);
    assert.deepEqual([info.threads, info.wasm, sum], [1, 'strideview.wasm', 499500]);
    assert.match(err, /^StrideViewError invalid_argument init: threads: 2: the threaded build \(strideview-threads\.mjs and strideview-threads\.wasm next to file:.*\) did not load: .*Bundlers do not copy these files/);
    assert.equal(r.stderr, '', 'no warning');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('threads with simd: false is a clear error', async () => {
  const r = run(`
    const sv = await import(${JSON.stringify(new URL('index.mjs', distUrl).href)});
    try { await sv.init({ threads: 2, simd: false }); } catch (e) { console.log(e.name + ': ' + e.message); }
  `);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^StrideViewError: init: threads: 2 needs the SIMD build/);
});

test('a Node process with a running pool exits by itself after its last call, its globals untouched', () => {
  const t0 = Date.now();
  const r = run(`
    const sv = await import(${JSON.stringify(new URL('index.mjs', distUrl).href)});
    await sv.init({ threads: 4 });
    const a = sv.arange(0, 1 << 20, 1, { dtype: 'float32' });
    console.log(sv.sum(sv.exp(sv.mul(a, 1e-6))) > 0, typeof globalThis.Worker);
  `);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'true undefined', 'the threaded glue sets no global Worker');
  assert.equal(r.stderr, '');
  assert.ok(Date.now() - t0 < 30000, 'the process took too long to exit');
});
