// Ownership and WASM memory: dispose, use-after-dispose, Symbol.dispose, FinalizationRegistry,
// memoryStats back to baseline, and memory growth while arrays and views are alive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

test('dispose frees the buffer; views become unusable; idempotent', () => {
  const base = sv.memoryStats();
  const a = sv.zeros([10, 10], 'float32');
  assert.deepEqual(sv.memoryStats().liveArrays, base.liveArrays + 1);
  assert.equal(sv.memoryStats().liveBytes, base.liveBytes + 400);
  const v = a.transpose();
  a.dispose();
  a.dispose();
  assert.equal(a.isDisposed, true);
  assert.equal(v.isDisposed, true);
  throwsSv(assert, () => a.toArray(), 'disposed', /toTypedArray: the array was disposed/);
  throwsSv(assert, () => v.reshape([100]), 'disposed', /reshape: the array was disposed \(its base array was disposed\)/);
  throwsSv(assert, () => sv.add(v, 1), 'disposed', /add: /);
  const z = sv.zeros([2]);
  throwsSv(assert, () => z.assign(v), 'disposed');
  z.dispose();
  assert.equal(String(a), 'NDArray(<disposed>)');
  assert.deepEqual(sv.memoryStats().liveArrays, base.liveArrays);
  assert.deepEqual(sv.memoryStats().liveBytes, base.liveBytes);
});

test('disposing a view only invalidates that handle', () => {
  const a = sv.arange(4);
  const v = a.flip();
  v.dispose();
  throwsSv(assert, () => v.toArray(), 'disposed');
  assert.deepEqual(a.toArray(), [0, 1, 2, 3]);
  a.dispose();
});

test('Symbol.dispose (for `using`)', () => {
  assert.equal(typeof Symbol.dispose, 'symbol');
  const base = sv.memoryStats().liveArrays;
  {
    const a = sv.ones([5]);
    a[Symbol.dispose]();
    assert.equal(a.isDisposed, true);
  }
  assert.equal(sv.memoryStats().liveArrays, base);
});

test('memoryStats returns to baseline after a workload (temporaries are freed)', () => {
  const base = sv.memoryStats();
  const xs = [];
  const a = sv.arange(60).reshape([3, 4, 5]);
  xs.push(a.base, a);
  xs.push(sv.add(a.transpose(), 1.5));
  xs.push(sv.sum(a, { axis: [0, 2] }));
  const g = sv.greater(a, 10);
  xs.push(g, sv.where(g, a, [0, 1, 2, 3, 4]));
  xs.push(a.slice(sv.L([0, 2]), sv.A, sv.L([1, 3])));
  xs.push(sv.concatenate([a, a], { axis: 1 }), sv.tile(a, [2, 1, 1]), sv.repeat(a, 2, { axis: 1 }), sv.stack([a, a]));
  xs.push(a.padView([[1, 1], [0, 0], [2, 0]], 7).copy(), a.reshape([60], { copy: true }));
  const z7 = sv.zeros([7]);
  const z0 = sv.zeros([0]);
  xs.push(z7, z0);
  try {
    sv.add(a, z7);
  } catch {}
  try {
    sv.max(z0);
  } catch {}
  try {
    a.slice(sv.L([0, 9]));
  } catch {}
  const mid = sv.memoryStats();
  assert.ok(mid.liveArrays > base.liveArrays);
  for (const x of xs) x.dispose();
  const end = sv.memoryStats();
  assert.equal(end.liveArrays, base.liveArrays);
  assert.equal(end.liveBytes, base.liveBytes);
});

test('memory growth while arrays and views are alive keeps everything correct', () => {
  const base = sv.memoryStats();
  const a = sv.arange(1000, undefined, undefined, 'float64').reshape([10, 100]);
  const t = a.transpose();
  const s = a.slice('::-3, 5:50:7');
  const b = sv.array([1, 2, 3], { dtype: 'int64' }).broadcastTo([4, 3]);
  const before = { t: t.toArray(), s: s.toArray(), b: b.toArray() };
  const copyOut = a.toTypedArray();
  const heap0 = sv.memoryStats().heapBytes;
  const bigs = [];
  for (let i = 0; i < 4; i++) bigs.push(sv.full([4 * 1024 * 1024], i, 'float32')); // 4 x 16 MiB
  const heap1 = sv.memoryStats().heapBytes;
  assert.ok(heap1 > heap0, `memory grew (${heap0} -> ${heap1})`);
  assert.equal(copyOut.length, 1000, 'typed arrays handed out are copies and stay valid');
  assert.equal(copyOut[999], 999);
  assert.deepEqual(t.toArray(), before.t);
  assert.deepEqual(s.toArray(), before.s);
  assert.deepEqual(b.toArray(), before.b);
  assert.equal(a.item([9, 99]), 999);
  a.set([0, 0], -5);
  assert.equal(t.item([0, 0]), -5);
  assert.equal(bigs[3].item([4 * 1024 * 1024 - 1]), 3);
  assert.equal(sv.sum(bigs[2]), 2 * 4 * 1024 * 1024);
  assert.equal(a.get(9, 99), 999, 'get reads the grown memory');
  const sum = sv.add(t, 1);
  assert.equal(sum.item([99, 9]), 1000);
  for (const x of [...bigs, sum, a.base, b.base]) x.dispose();
  assert.equal(sv.memoryStats().liveArrays, base.liveArrays);
});

test('out of memory is a StrideViewError and the instance keeps working', () => {
  throwsSv(assert, () => sv.empty([1.5e9], 'float32'), 'out_of_memory', /empty: cannot allocate 6000000000 bytes for 1500000000 float32 elements/);
  throwsSv(assert, () => sv.empty([2e9], 'float64'), 'out_of_memory', /cannot allocate/);
  const a = sv.arange(3);
  assert.deepEqual(sv.mul(a, 2).toArray(), [0, 2, 4]);
});

test('errors never corrupt the instance; large requests grow the scratch area', () => {
  for (let i = 0; i < 200; i++) {
    try {
      sv.View.create([2, 3]).reshape([7]);
    } catch {}
    try {
      sv.Shape.broadcast([2], [3]);
    } catch {}
  }
  const n = 200000;
  const idx = Array.from({ length: n }, (_, i) => (i * 7) % 10);
  const x = sv.arange(10);
  const g = x.slice(sv.L(idx));
  assert.equal(g.size, n);
  assert.equal(g.item([n - 1]), idx[n - 1]);
  assert.deepEqual(sv.Shape.cContiguousStrides([2, 3]), [3, 1]);
  g.dispose();
});

async function settle() {
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('FinalizationRegistry frees buffers of unreachable arrays', async () => {
  await settle();
  const base = sv.memoryStats().liveArrays;
  (() => {
    for (let i = 0; i < 20; i++) sv.zeros([1000]);
  })();
  assert.ok(sv.memoryStats().liveArrays >= base + 1);
  for (let i = 0; i < 20 && sv.memoryStats().liveArrays > base; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(sv.memoryStats().liveArrays, base);
});
