// WASM memory growth, allocation failure and buffer bounds (issue 6), on the built package.
//   - arrays, views and typed arrays obtained before growth read and write correctly after it,
//     over several growth steps and every dtype;
//   - asking for more than the 4 GiB maximum, or for sizes whose byte count overflows, is a clear
//     error and the instance keeps computing;
//   - no read or write outside an array's own allocation can be expressed: every public path
//     (indexing, slicing, views, kernels) and, as defence in depth, an internal view with custom
//     strides / offset over a foreign buffer are bounds-checked against the buffer's size.
// memory.test.mjs has the basic growth and out-of-memory cases; these go further.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;

const DIST = pathToFileURL(fileURLToPath(new URL('../../dist/index.mjs', import.meta.url))).href;
const MiB = 1024 * 1024;

function snapshot(arrs) {
  return arrs.map((a) => a.toArray());
}

test('arrays, views and typed arrays from before several memory growths keep working', () => {
  const base = sv.memoryStats();
  const owners = [];
  const views = [];
  for (const dt of ['float32', 'float64', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool']) {
    const a = sv.arange(24, undefined, undefined, dt === 'bool' ? 'int32' : dt).reshape([2, 3, 4]);
    const owner = dt === 'bool' ? sv.greater(a, 11) : a.base;
    if (dt === 'bool') a.base.dispose();
    owners.push(owner);
    const o = dt === 'bool' ? owner.reshape([2, 3, 4]) : a;
    views.push(o.transpose(), o.slice('::-1, 1:, ::2'), o.flip({ axis: 2 }), o.reshape([6, 4]).expand([6, 4]));
    views.push(o.slice(sv.A, 0).reshape([2, 1, 4]).broadcastTo([2, 5, 4]), o.padView([[1, 0], [0, 0], [0, 2]], 1));
  }
  const typed = owners.map((o) => o.toTypedArray());
  const typedCopy = typed.map((t) => t.slice());
  const fromTyped = sv.fromTypedArray(new Float64Array([1.5, 2.5, 3.5, 4.5]), [2, 2]);
  const ftView = fromTyped.transpose();
  const before = snapshot(views);
  const heaps = [sv.memoryStats().heapBytes];
  const bigs = [];
  for (let step = 0; step < 3; step++) {
    // Each step allocates more than the free heap: the WASM memory grows (and its buffer changes).
    const big = sv.full([8 * MiB * (step + 1)], step + 1, 'float32');
    bigs.push(big);
    heaps.push(sv.memoryStats().heapBytes);
    assert.ok(heaps[heaps.length - 1] > heaps[heaps.length - 2], `step ${step}: memory grew (${heaps.join(' -> ')})`);
    // Reads through every view, of every dtype.
    assert.deepEqual(snapshot(views), before, `step ${step}: views read the same values`);
    // Typed arrays handed out before are copies: still attached, unchanged.
    typed.forEach((t, i) => {
      assert.ok(t.byteLength > 0, `typed array ${i} detached`);
      assert.deepEqual(Array.from(t), Array.from(typedCopy[i]), `typed array ${i} changed`);
    });
    assert.deepEqual(ftView.toArray(), [[1.5, 3.5], [2.5, 4.5]]);
    // The big array itself is right at both ends.
    assert.equal(big.item([0]), step + 1);
    assert.equal(big.item([8 * MiB * (step + 1) - 1]), step + 1);
  }
  // Writes after growth through owners and views land in the right place.
  const f64 = owners[1];
  const v = f64.reshape([2, 3, 4]).transpose(); // shape [4, 3, 2]
  v.set([3, 2, 1], -7);
  assert.equal(f64.item([23]), -7);
  f64.reshape([2, 3, 4]).slice(0).fill(100);
  assert.deepEqual(f64.toArray().slice(0, 12), new Array(12).fill(100));
  const i64 = owners[8];
  i64.set([5], 2n ** 60n);
  assert.equal(i64.item([5]), 2 ** 60); // exact as a number
  assert.equal(i64.itemBigInt([5]), 2n ** 60n);
  // Modifying a typed array handed out earlier does not write into the array (it is a copy).
  typed[0][0] = 999;
  assert.equal(owners[0].item([0]), 0);
  // Kernels over pre-growth arrays and post-growth arrays together.
  const one = sv.full([4], 1, 'float32');
  const s = sv.add(owners[0].reshape([2, 3, 4]), one);
  assert.equal(s.item([1, 2, 3]), 24);
  const total = sv.sum(bigs[2]);
  assert.equal(Number(total), 3 * 24 * MiB);
  for (const x of [...owners, ...bigs, s, one, fromTyped]) x.dispose();
  const end = sv.memoryStats();
  assert.equal(end.liveArrays, base.liveArrays);
  assert.equal(end.liveBytes, base.liveBytes);
  console.log(`# growth: heap ${heaps.map((h) => h / MiB + ' MiB').join(' -> ')}, ${views.length} views checked`);
});

test('allocations beyond the 4 GiB maximum are clear errors and the instance keeps working', () => {
  const cases = [
    [[2 ** 31], 'float64'], // 16 GiB
    [[2 ** 30, 8], 'float32'], // 32 GiB
    [[2 ** 33], 'uint8'], // 8 GiB
    [[2 ** 53 - 1], 'uint8'], // the largest element count, 8 PiB
    [[2 ** 52], 'float64'], // bytes 2^55: beyond 2^53, not exact as a double
    [[2 ** 40, 2 ** 12], 'int64'], // bytes 2^55
  ];
  for (const [shape, dt] of cases) {
    for (const make of [sv.empty, sv.zeros, sv.ones]) {
      throwsSv(assert, () => make(shape, dt), 'out_of_memory', /cannot allocate \d+ bytes/);
    }
    throwsSv(assert, () => sv.full(shape, 3, dt), 'out_of_memory', /full: cannot allocate/);
    // Still computes, every time.
    const a = sv.arange(4);
    assert.deepEqual(sv.mul(a, 3).toArray(), [0, 3, 6, 9]);
    a.dispose();
  }
  // Element counts beyond 2^53-1: an overflow before any allocation.
  throwsSv(assert, () => sv.empty([2 ** 31, 2 ** 31], 'uint8'), 'overflow', /2\^53-1/);
  throwsSv(assert, () => sv.zeros([2 ** 27, 2 ** 27], 'float64'), 'overflow', /2\^53-1/);
  assert.throws(() => sv.empty([2 ** 53]), (e) => e instanceof sv.StrideViewError || e instanceof RangeError);
  assert.throws(() => sv.empty([Infinity]), (e) => e instanceof RangeError || e instanceof TypeError);
  assert.throws(() => sv.empty([NaN]), (e) => e instanceof RangeError || e instanceof TypeError);
  assert.throws(() => sv.empty([-1]), (e) => e instanceof sv.StrideViewError || e instanceof RangeError);
  // A broadcast result or a copy that would be too big fails the same way.
  const row = sv.zeros([1, 2 ** 26], 'float64');
  const col = sv.zeros([2 ** 6, 1], 'float64');
  throwsSv(assert, () => sv.add(row, col), 'out_of_memory', /add: cannot allocate/); // 32 GiB
  throwsSv(assert, () => row.broadcastTo([64, 2 ** 26]).copy(), 'out_of_memory');
  row.dispose();
  col.dispose();
  assert.equal(sv.sum(sv.arange(100)), 4950);
});

// Each size runs in a fresh process: a wrong "success" would leave a corrupted instance behind.
function allocInChild(n, dt) {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import * as sv from ${JSON.stringify(DIST)};
       await sv.init();
       let outcome;
       try {
         const a = sv.empty([${n}], '${dt}');
         outcome = 'allocated';
         try { a.fill(1); outcome += ', filled'; } catch (e) { outcome += ', fill threw ' + e.message; }
       } catch (e) {
         outcome = e instanceof sv.StrideViewError ? 'refused: ' + e.code : 'threw ' + e;
       }
       let after;
       try { after = sv.add(sv.arange(3), 1).toArray().join(','); } catch (e) { after = 'BROKEN: ' + e.message; }
       console.log(JSON.stringify({ outcome, after }));`,
    ],
    { encoding: 'utf8', timeout: 60000 },
  );
  const line = (r.stdout || '').trim().split('\n').pop() || '{}';
  try {
    return JSON.parse(line);
  } catch {
    return { outcome: `child crashed (status ${r.status}): ${r.stderr.slice(0, 300)}`, after: '' };
  }
}

test(
  'sizes just below 4 GiB whose 16-byte rounding wraps are refused, not given a 16-byte block',
  () => {
    for (const [n, dt] of [
      [2 ** 32, 'uint8'],
      [2 ** 32 - 1, 'uint8'],
      [2 ** 32 - 15, 'uint8'],
      [2 ** 31, 'uint16'],
      [2 ** 30, 'float32'],
      [2 ** 29, 'float64'],
    ]) {
      const r = allocInChild(n, dt);
      assert.equal(r.outcome, 'refused: out_of_memory', `${n} ${dt}: ${JSON.stringify(r)}`);
      assert.equal(r.after, '1,2,3', `${n} ${dt}: instance after: ${r.after}`);
    }
  },
);

test('no access outside an array\'s buffer through the public API', () => {
  const base = sv.memoryStats();
  const a = sv.arange(12, undefined, undefined, 'float64').reshape([3, 4]);
  const before = a.toArray();
  // Indexing.
  for (const idx of [[3, 0], [0, 4], [-4, 0], [0, -5], [2 ** 53, 0], [1.5, 0], [NaN, 0], [Infinity, 0]]) {
    assert.throws(() => a.item(idx), (e) => e instanceof sv.StrideViewError || e instanceof RangeError || e instanceof TypeError, `item ${idx}`);
    assert.throws(() => a.set(idx, 1), (e) => e instanceof sv.StrideViewError || e instanceof RangeError || e instanceof TypeError, `set ${idx}`);
  }
  assert.throws(() => a.item([0]), (e) => e instanceof sv.StrideViewError || e instanceof RangeError);
  assert.throws(() => a.item([0, 0, 0]), (e) => e instanceof sv.StrideViewError || e instanceof RangeError);
  // Slicing and view ops with out-of-range arguments: refused or clipped inside the array.
  for (const f of [
    () => a.slice(sv.L([0, 3])),
    () => a.slice(sv.L([-4])),
    () => a.slice(sv.A, sv.L([4])),
    () => a.slice(3),
    () => a.get([3]),
    () => a.shrink([[0, 4], [0, 4]]),
    () => a.shrink([[-1, 2], [0, 4]]),
    () => a.shrink([[2, 1], [0, 4]]),
    () => a.expand([3, 8]),
    () => a.reshape([13]),
    () => a.permute([0, 2]),
    () => a.padView([[-1, 0], [0, 0]]),
  ]) {
    assert.throws(f, (e) => e instanceof sv.StrideViewError || e instanceof RangeError || e instanceof TypeError);
  }
  // Clipping slices (NumPy semantics) never reach outside.
  const clipped = a.slice('1:100, -100:100:3');
  assert.deepEqual(clipped.toArray(), [[4, 7], [8, 11]]);
  assert.deepEqual(a.slice('100:, :').shape, [0, 4]);
  // Views of views of views: padding reads the fill value, never the neighbours.
  const p = a.padView([[2, 2], [3, 3]], -1).flip().slice('::2, ::-3');
  const pv = p.toArray().flat();
  assert.ok(pv.every((x) => x === -1 || (x >= 0 && x < 12 && Number.isInteger(x))), `padded values ${pv}`);
  // Writes through views stay inside: the neighbour allocation is untouched.
  const neighbour = sv.full([16], 42, 'float64');
  const fives = sv.full([3, 4], 5, 'float64');
  a.slice('::-1, ::-1').assign(fives);
  a.transpose().fill(6);
  assert.deepEqual(neighbour.toArray(), new Array(16).fill(42));
  fives.dispose();
  // Mutating the View handed out by NDArray.view cannot make the array read or write outside its
  // buffer: reads give only the buffer's values (or nothing), the neighbour is never written.
  const b = sv.arange(4, undefined, undefined, 'float64');
  const bv = b.view;
  for (const [k, val] of [['offset', 1e6], ['mask', [[0, 1e6]]], ['strides', [1e6]], ['shape', [1e6]]]) {
    try {
      bv[k] = val;
    } catch {}
  }
  for (const f of [() => b.toArray(), () => b.item([3]), () => {
    const t = sv.add(b, 1);
    try {
      return t.toArray();
    } finally {
      t.dispose();
    }
  }, () => b.fill(1), () => b.set([3], 2)]) {
    try {
      const r = f();
      if (Array.isArray(r)) {
        assert.ok(r.every((x) => x === undefined || (x >= 0 && x <= 4)), 'only the buffer\'s values are read');
      }
    } catch (e) {
      assert.ok(e instanceof sv.StrideViewError || e instanceof TypeError || e instanceof RangeError, String(e));
    }
  }
  assert.deepEqual(neighbour.toArray(), new Array(16).fill(42));
  for (const x of [a.base, neighbour, b]) x.dispose();
  assert.equal(sv.memoryStats().liveArrays, base.liveArrays);
});

test(
  'NDArray.view is immutable (its shape / strides / offset / mask cannot be reassigned)',
  () => {
    const b = sv.arange(4, undefined, undefined, 'float64');
    const v = b.view;
    for (const [k, val] of [['offset', 2], ['mask', [[0, 2]]], ['strides', [2]], ['shape', [2]]]) {
      assert.throws(() => {
        'use strict';
        v[k] = val;
      }, TypeError, k);
    }
    assert.deepEqual(b.toArray(), [0, 1, 2, 3]);
    b.dispose();
  },
);

test('a view with custom strides / offset over a buffer is bounds-checked against its size', () => {
  // The public API exposes custom strides only through View.create (metadata, no buffer). The
  // binding still checks every view it is handed against the buffer's element count: exercise that
  // with the internal `_derive` (a view of the same buffer), for reads, writes and kernels.
  const buf = sv.arange(8, undefined, undefined, 'float64');
  const orig = sv.arange(8, undefined, undefined, 'float64');
  const neighbour = sv.full([8], 42, 'float64');
  const bad = [
    sv.View.create([8], { offset: 1 }), // one past the end
    sv.View.create([5], { strides: [2] }), // last element 8
    sv.View.create([2], { strides: [-1] }), // element -1
    sv.View.create([9]), // too long
    sv.View.create([2, 2], { strides: [8, 1] }), // second row outside
    sv.View.create([3], { offset: -1 }),
    sv.View.create([2], { offset: 2 ** 40 }),
    sv.View.create([2], { offset: 7, strides: [2 ** 40] }),
    sv.View.create([4], { mask: [[0, 3]], offset: 6 }), // the valid part reaches element 8
  ];
  let refused = 0;
  for (const view of bad) {
    const d = buf._derive(view);
    const shape = d.shape;
    const last = shape.map((s) => s - 1);
    // item / set at every index: the ones outside the buffer are refused, the others work.
    const all = [];
    const n = shape.reduce((x, y) => x * y, 1);
    for (let k = 0; k < n; k++) {
      const idx = [];
      let r = k;
      for (let i = shape.length - 1; i >= 0; i--) {
        idx.unshift(r % shape[i]);
        r = Math.floor(r / shape[i]);
      }
      all.push(idx);
    }
    const probe = (fn) => {
      let threw = 0;
      for (const idx of all) {
        try {
          fn(idx); // an in-buffer element: fine
        } catch (e) {
          // out of the buffer: out_of_bounds; in the padding of a masked view: read_only (writes)
          assert.ok(e instanceof sv.StrideViewError && (e.code === 'out_of_bounds' || (e.code === 'read_only' && view.mask !== null)), `${view}: ${e}`);
          threw++;
        }
      }
      assert.ok(threw >= 1, `${view}: neither end was refused`);
      refused += threw;
    };
    probe((idx) => d.item(idx));
    probe((idx) => d.set(idx, -1));
    buf.assign(orig); // undo the in-buffer writes
    for (const [name, f] of Object.entries({
      toArray: () => d.toArray(),
      toTypedArray: () => d.toTypedArray(),
      fill: () => d.fill(-1),
      assign: () => d.assign(-1),
      copy: () => d.copy(),
      add: () => sv.add(d, 1),
      sum: () => sv.sum(d),
      where: () => sv.where(true, d, 0),
      assignInto: () => sv.zeros(shape, 'float64').assign(d),
      concatenate: () => sv.concatenate([d, d]),
    })) {
      // (the temporaries of refused calls above are dropped; the registry frees them)
      assert.throws(f, (e) => e instanceof sv.StrideViewError && e.code === 'out_of_bounds', `${view} ${name}`);
      refused++;
    }
  }
  assert.deepEqual(buf.toArray(), [0, 1, 2, 3, 4, 5, 6, 7], 'the buffer is unchanged');
  assert.deepEqual(neighbour.toArray(), new Array(8).fill(42), 'the neighbour is unchanged');
  // In-bounds custom views work.
  const ok = buf._derive(sv.View.create([2, 2], { offset: 7, strides: [-4, -2] }));
  assert.deepEqual(ok.toArray(), [[7, 5], [3, 1]]);
  buf.dispose();
  orig.dispose();
  neighbour.dispose();
  console.log(`# bounds: ${refused} out-of-buffer accesses refused`);
});
