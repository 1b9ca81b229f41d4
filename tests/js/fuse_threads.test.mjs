// fuse(fn) on the threaded build: a fused chain is cut into regions run by the pool, and its bytes
// are the same at 1, 2 and 4 threads and equal to the unfused chain's at each (every dtype; inputs
// contiguous, broadcast, transposed (staged tiles), padded, strided; allocated, transposed and
// overlapping outs; a final reduction, whose blocks and output lines the pool runs). Errors met on a pool thread (an integer power with a negative exponent) are
// reported as on one thread, and the instance keeps working. Three independent copies of the
// package run in this process, as in threads.test.mjs (a query string makes a distinct ES module
// instance, each with its own WASM instance and pool).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const distUrl = new URL('../../dist/', import.meta.url);
const libs = {};
for (const n of [1, 2, 4]) libs[n] = await import(new URL(`index.mjs?fusethreads=${n}`, distUrl).href);
await Promise.all([1, 2, 4].map((n) => libs[n].init({ threads: n })));
const COUNTS = [1, 2, 4];

// Deterministic values: floats in [-4, 4) with fractions, some NaN / inf / -0; integers from them.
function values(n, seed) {
  const v = new Float64Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; ++i) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = (s / 2 ** 32) * 8 - 4;
    if (i % 997 === 5) v[i] = [NaN, Infinity, -Infinity, -0][(i / 997) % 4 | 0];
  }
  return v;
}

/** An array of `shape` and `dtype` made from v (the first numel values), integers truncated. */
function make(lib, v, shape, dtype) {
  const n = shape.reduce((a, b) => a * b, 1);
  const f = lib.fromTypedArray(v.subarray(0, n), [n]);
  let a;
  if (dtype === 'float64') a = f;
  else if (dtype.startsWith('float')) a = f.astype(dtype);
  else {
    const safe = lib.nanToNum(lib.mul(f, 9), { nan: 0, posinf: 100, neginf: -100 });
    a = safe.astype(dtype);
  }
  return a.reshape(shape);
}

function bytes(x) {
  const t = x.toTypedArray();
  return Buffer.from(t.buffer, t.byteOffset, t.byteLength);
}

/** The first element whose bytes differ, in words. */
function firstDiff(a, b, es) {
  for (let i = 0; i * es < a.length; i++) {
    if (!a.subarray(i * es, (i + 1) * es).equals(b.subarray(i * es, (i + 1) * es))) return `element ${i}: ${a.subarray(i * es, (i + 1) * es).toString('hex')} vs ${b.subarray(i * es, (i + 1) * es).toString('hex')}`;
  }
  return 'lengths differ';
}

/**
 * Clears the sign bit of every NaN in b (float dtypes): the sign of a NaN an addition makes from
 * inf and -inf is the WebAssembly engine's choice, and V8's tiers choose differently.
 */
function clearNanSigns(b, dtype) {
  const es = dtype === 'float64' ? 8 : dtype === 'float32' ? 4 : dtype === 'float16' ? 2 : 0;
  for (let i = 0; es > 0 && i + es <= b.length; i += es) {
    const v = new DataView(b.buffer, b.byteOffset + i, es);
    const nan = es === 8 ? Number.isNaN(v.getFloat64(0, true)) : es === 4 ? Number.isNaN(v.getFloat32(0, true)) : (v.getUint16(0, true) & 0x7fff) > 0x7c00;
    if (nan) b[i + es - 1] &= 0x7f;
  }
}

/**
 * run(lib) returns { fused, unfused } (NDArrays): at each thread count the fused bytes equal the
 * unfused ones, and every thread count gives the bytes of one thread.
 */
function sameEverywhere(label, run, bad, nanSignFree = false) {
  let ref = null;
  for (const n of COUNTS) {
    const { fused, unfused } = run(libs[n]);
    const fb = bytes(fused);
    const ub = bytes(unfused);
    if (nanSignFree) [fb, ub].forEach((b) => clearNanSigns(b, fused.dtype));
    if (fused.dtype !== unfused.dtype) bad.push(`${label} at ${n} threads: fused ${fused.dtype}, unfused ${unfused.dtype}`);
    else if (!fb.equals(ub)) bad.push(`${label} at ${n} threads: fused differs from unfused: ${firstDiff(fb, ub, fused.itemsize)}`);
    if (ref === null) ref = fb;
    else if (!ref.equals(fb)) bad.push(`${label}: ${n} threads differ from 1 thread: ${firstDiff(fb, ref, fused.itemsize)}`);
  }
}

test('the threaded build runs fused programs (dist/strideview-threads.wasm has the fused request)', () => {
  for (const n of COUNTS) {
    const l = libs[n];
    assert.equal(l.buildInfo().threads, n);
    const a = l.arange(0, 8, 1, { dtype: 'float32' });
    const r = l.fuse((x) => l.add(l.mul(x, 2), 1))(a);
    assert.deepEqual(Array.from(r.toTypedArray()), [1, 3, 5, 7, 9, 11, 13, 15], `${n} threads`);
  }
});

test('a fused 512x512 chain gives the same bytes at 1, 2 and 4 threads, equal to the unfused chain (every dtype, broadcast / transposed / padded inputs)', () => {
  const N = 512;
  const v = values(N * N + 8, 1);
  const w = values(N * N + 8, 2);
  const bad = [];
  const chains = {
    float: [
      ['layer norm', (l) => (x, m, s, g, b) => l.add(l.mul(l.div(l.sub(x, m), s), g), b)],
      ['exp, tanh, sin, pow', (l) => (x, m, s, g, b) => l.add(l.tanh(l.mul(l.exp(l.neg(l.abs(x))), g)), l.sin(l.pow(l.abs(s), 1.5)))],
      ['where, clip, maximum', (l) => (x, m, s, g, b) => l.where(l.greater(x, m), l.clip(x, -1, 1), l.maximum(s, b))],
      ['sqrt, hypot, arctan2, floor', (l) => (x, m, s, g, b) => l.floor(l.mul(l.hypot(l.sqrt(l.abs(x)), g), l.arctan2(s, b)))],
    ],
    int: [
      ['arithmetic', (l) => (x, m, s, g, b) => l.add(l.mul(l.sub(x, m), g), b)],
      ['division by zero and mod', (l) => (x, m, s, g, b) => l.add(l.floorDivide(x, s), l.mod(g, b))],
      ['bitwise, shifts, where', (l) => (x, m, s, g, b) => l.where(l.less(x, 0), l.bitwiseXor(x, m), l.rightShift(l.abs(s), 1))],
      ['integer pow', (l) => (x, m, s, g, b) => l.add(l.pow(x, 3), l.pow(l.clip(s, 0, 9), l.clip(g, 0, 3)))],
    ],
  };
  for (const dtype of ['float32', 'float64', 'float16', 'int32', 'int8', 'uint16', 'int64']) {
    const kind = dtype.startsWith('float') ? 'float' : 'int';
    for (const [name, chain] of chains[kind]) {
      sameEverywhere(`${name} ${dtype} [512,512]`, (l) => {
        const x = make(l, v, [N, N], dtype);
        const m = make(l, w, [N], dtype); // a row, broadcast along dim 0
        const s = make(l, w.subarray(3), [N, N], dtype).transpose(); // read through staged tiles
        const g = make(l, v.subarray(5), [N, 1], dtype); // a column, broadcast along dim 1
        const b = make(l, w.subarray(7), [N - 2, N], dtype).padView([[1, 1], [0, 0]], 2); // padded
        const fn = chain(l);
        return { fused: l.fuse(fn)(x, m, s, g, b), unfused: fn(x, m, s, g, b) };
      }, bad);
    }
  }
  assert.equal(bad.length, 0, `${bad.length} differences:\n  ${bad.slice(0, 12).join('\n  ')}`);
});

test('a fused 300x700 chain with a transposed input, mixed dtypes, into allocated, transposed and overlapping outs: the same bytes at 1, 2 and 4 threads', () => {
  const v = values(300 * 700 + 8, 3);
  const w = values(300 * 700 + 8, 4);
  const bad = [];
  const fnOf = (l) => (a, b, c) => l.sub(l.mul(l.add(a, b), 0.75), l.div(c, l.add(l.abs(b), 1)));
  for (const [da, db, dc] of [['float32', 'float32', 'float32'], ['float32', 'int16', 'float64'], ['float16', 'float16', 'uint8'], ['int32', 'int32', 'int32']]) {
    const label = `${da}, ${db}.T, ${dc} [300,700]`;
    sameEverywhere(`${label} allocated`, (l) => {
      const a = make(l, v, [300, 700], da);
      const b = make(l, w, [700, 300], db).transpose();
      const c = make(l, w.subarray(1), [700], dc);
      const fn = fnOf(l);
      return { fused: l.fuse(fn)(a, b, c), unfused: fn(a, b, c) };
    }, bad);
    sameEverywhere(`${label} into a transposed out`, (l) => {
      const a = make(l, v, [300, 700], da);
      const b = make(l, w, [700, 300], db).transpose();
      const c = make(l, w.subarray(1), [700], dc);
      const fn = fnOf(l);
      const want = fn(a, b, c);
      const out = l.zeros([700, 300], want.dtype).transpose();
      l.fuse(fn)(a, b, c, { out });
      return { fused: out, unfused: want };
    }, bad);
    sameEverywhere(`${label} into its own input b.T (overlapping, not element for element)`, (l) => {
      const a = make(l, v, [300, 700], da);
      const bBase = make(l, w, [700, 300], db);
      const b = bBase.transpose();
      const c = make(l, w.subarray(1), [700], dc);
      const fn = fnOf(l);
      const want = fn(a, b.copy(), c);
      if (want.dtype !== db) return { fused: want, unfused: want }; // out must hold the result's dtype
      const out = bBase.slice('::-1').transpose().slice(':, ::-1'); // the same elements as b, written through other strides
      l.fuse(fn)(a, b, c, { out });
      return { fused: b, unfused: want };
    }, bad);
  }
  // a square 512x512 written into its own transpose
  const v2 = values(512 * 512, 5);
  const w2 = values(512 * 512, 6);
  sameEverywhere('f(a, b, b.T, { out: a.T }) [512,512] float32', (l) => {
    const sq = make(l, v2, [512, 512], 'float32');
    const b = make(l, w2, [512, 512], 'float32');
    const fn = fnOf(l);
    const want = fn(sq, b, b.transpose());
    l.fuse(fn)(sq, b, b.transpose(), { out: sq.transpose() });
    return { fused: sq.transpose(), unfused: want };
  }, bad);
  assert.equal(bad.length, 0, `${bad.length} differences:\n  ${bad.slice(0, 12).join('\n  ')}`);
});

test('a chain ending in a reduction (sum, mean, max, prod; every axis set) gives the same bytes at 1, 2 and 4 threads, equal to the unfused reduction', () => {
  const v = values(3 * 70001 + 8, 5);
  const w = values(3 * 70001 + 8, 6);
  const bad = [];
  for (const dtype of ['float32', 'float64', 'float16', 'int32']) {
    for (const [shape, axes] of [[[600, 350], [null, 0, 1]], [[3, 70001], [null, 0, 1]], [[20, 30, 140], [null, 0, [0, 2], 1, 2]]]) {
      for (const op of ['sum', 'mean', 'max', 'prod']) {
        for (const axis of axes) {
          sameEverywhere(`${op}(axis ${JSON.stringify(axis)}) of a ${dtype} ${JSON.stringify(shape)} chain`, (l) => {
            const x = make(l, v, shape, dtype);
            const m = make(l, w, [shape[shape.length - 1]], dtype);
            const fn = (a, b) => l[op](l.sub(l.mul(a, 0.5), b), { axis, keepdims: true });
            const fused = l.fuse(fn)(x.transpose().transpose(), m);
            const unfused = fn(x, m);
            return { fused, unfused };
          }, bad, true);
        }
      }
    }
  }
  assert.equal(bad.length, 0, `${bad.length} differences:\n  ${bad.slice(0, 12).join('\n  ')}`);
});

test('an integer power with a negative exponent met on a pool thread is an error at every thread count, and each instance keeps working', () => {
  const N = 512;
  const bad = [];
  for (const n of COUNTS) {
    const l = libs[n];
    for (const at of [0, 1000, N * N / 4 + 3, N * N / 2 + 7, (3 * N * N) / 4 + 1, N * N - 1]) {
      const base = l.full([N, N], 2, 'int32');
      const e = l.full([N, N], 1, 'int32');
      e.set([Math.floor(at / N), at % N], -1);
      let err = null;
      try {
        l.fuse((x, y) => l.add(l.pow(x, y), 1))(base, e);
      } catch (er) {
        err = er;
      }
      if (err === null) bad.push(`${n} threads, int32 [512,512] ** exponents with one -1 at flat index ${at}: no error (the fused call returned)`);
      else if (!/^fuse: .*negative integer powers/.test(err.message)) bad.push(`${n} threads, -1 at ${at}: ${err.message}`);
      // the instance works, and the next fused power (no negative exponent) succeeds
      e.set([Math.floor(at / N), at % N], 2);
      const r = l.fuse((x, y) => l.add(l.pow(x, y), 1))(base, e);
      assert.equal(r.get(Math.floor(at / N), at % N), 5, `${n} threads: the next call`);
      assert.equal(l.sum(r), 3 * N * N + 2, `${n} threads: the next call's values`);
      [base, e, r].forEach((a) => a.dispose());
    }
  }
  assert.equal(bad.length, 0, `${bad.length} cases:\n  ${bad.join('\n  ')}`);
});

test('fused calls on the threaded build leave no arrays behind and do not grow the heap over many calls', () => {
  for (const n of COUNTS) {
    const l = libs[n];
    const x = make(l, values(512 * 512, 5), [512, 512], 'float32');
    const m = make(l, values(512, 6), [512], 'float32');
    const f = l.fuse((a, b) => l.tanh(l.add(l.mul(a, b), l.exp(l.neg(l.abs(a))))));
    f(x, m).dispose();
    const before = l.memoryStats();
    const y = f(x, m);
    const after = l.memoryStats();
    assert.equal(after.liveArrays - before.liveArrays, 1, `${n} threads: one new array`);
    assert.equal(after.liveBytes - before.liveBytes, 512 * 512 * 4, `${n} threads: the result's bytes only`);
    const heap = l.memoryStats().heapBytes;
    for (let i = 0; i < 60; i++) {
      f(x, m, { out: y });
      f(x, m, { out: x.transpose() });
      f(x, m).dispose();
    }
    assert.equal(l.memoryStats().heapBytes, heap, `${n} threads: the heap did not grow`);
    [x, m, y].forEach((a) => a.dispose());
  }
});
