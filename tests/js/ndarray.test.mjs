// NDArray: properties, movement (views), NumPy slicing, writes, copies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;
const { I, R, Rs, L, A, N, E } = sv;
const ar = (shape) => sv.arange(shape.reduce((a, b) => a * b, 1)).reshape(shape);

test('properties', () => {
  const a = ar([2, 3, 4]);
  assert.deepEqual(a.shape, [2, 3, 4]);
  assert.deepEqual(a.strides, [12, 4, 1]);
  assert.equal(a.offset, 0);
  assert.equal(a.dtype, 'int32');
  assert.equal(a.ndim, 3);
  assert.equal(a.size, 24);
  assert.equal(a.itemsize, 4);
  assert.ok(a.view instanceof sv.View);
  assert.equal(a.isCContiguous, true);
  assert.ok(a.base instanceof sv.NDArray, 'arange(...).reshape is a view of the arange result');
  assert.equal(a.base.base, null);
  const v = a.transpose();
  assert.equal(v.base, a.base ?? a);
  assert.equal(v.isCContiguous, false);
  assert.equal(v.isReadOnly, false);
  assert.equal(v.mask, null);
  assert.equal(v.fillValue, 0);
  assert.equal(String(sv.arange(3)), 'array([0, 1, 2], dtype=int32)'); // NumPy's repr (repr.test.mjs checks it against NumPy)
});

test('reshape: view, copy fallback, copy:false error, copy:true', () => {
  const a = ar([3, 4]);
  const v = a.reshape([2, 6]);
  assert.equal(v.base, a.base ?? a);
  assert.deepEqual(a.reshape([-1]).shape, [12]);
  assert.deepEqual(a.reshape(12).shape, [12]);
  const t = a.transpose();
  const c = t.reshape([12]);
  assert.equal(c.base, null, 'a copy owns its buffer');
  assert.deepEqual(c.toArray(), [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
  throwsSv(assert, () => t.reshape([12], { copy: false }), 'not_expressible', /reshape: cannot reshape \[4,3\] with strides \[1,4\] to \[12\] as a single strided view; call contiguous\(\) first/);
  const cc = a.reshape([12], { copy: true });
  assert.equal(cc.base, null);
  throwsSv(assert, () => a.reshape([5]), 'shape_mismatch', /\(12 elements\) to \[5\] \(5 elements\)/);
  throwsSv(assert, () => a.reshape([-1, -1]), 'invalid_argument', /more than one/);
  assert.throws(() => a.reshape([2, 6], { copy: 'no' }), TypeError);
});

test('transpose, permute, flip, squeeze, unsqueeze, flatten, unflatten, moveaxis, swapaxes', () => {
  const a = ar([2, 3, 4]);
  assert.deepEqual(a.transpose().shape, [4, 3, 2]);
  assert.deepEqual(a.transpose([1, 0, 2]).shape, [3, 2, 4]);
  assert.deepEqual(a.transpose([-1, 0, 1]).shape, [4, 2, 3]);
  throwsSv(assert, () => a.transpose([0, 3, 1]), 'out_of_range', /transpose: axis 3 is out of bounds for array of dimension 3/);
  throwsSv(assert, () => a.permute([0, 0, 1]), 'invalid_argument', /axis 0 appears more than once/);
  assert.deepEqual(a.permute([2, 0, 1]).strides, [1, 12, 4]);
  assert.deepEqual(ar([2, 3]).flip().toArray(), [[5, 4, 3], [2, 1, 0]]);
  assert.deepEqual(ar([2, 3]).flip({ axis: 1 }).toArray(), [[2, 1, 0], [5, 4, 3]]);
  assert.deepEqual(ar([2, 3]).flip({ axis: [0] }).strides, [-3, 1]);
  const s = ar([1, 3, 1, 2]);
  assert.deepEqual(s.squeeze().shape, [3, 2]);
  assert.deepEqual(s.squeeze({ axis: 0 }).shape, [3, 1, 2]);
  assert.deepEqual(s.squeeze({ axis: [0, -2] }).shape, [3, 2]);
  throwsSv(assert, () => s.squeeze({ axis: 1 }), 'invalid_argument', /axis 1 has size 3/);
  assert.deepEqual(ar([3]).unsqueeze([0, 2]).shape, [1, 3, 1]);
  assert.deepEqual(ar([3]).unsqueeze(-1).shape, [3, 1]);
  assert.deepEqual(a.flatten().shape, [24]);
  assert.deepEqual(a.flattenDims({ startDim: 1 }).shape, [2, 12]); // torch's flatten(start_dim, end_dim), renamed
  assert.deepEqual(a.flattenDims(0, 1).shape, [6, 4]);
  assert.deepEqual(sv.array(3).flatten().shape, [1]);
  assert.deepEqual(ar([2, 12]).unflatten(1, [3, 4]).shape, [2, 3, 4]);
  assert.deepEqual(ar([2, 12]).unflatten(1, [3, -1]).shape, [2, 3, 4]);
  throwsSv(assert, () => ar([2, 12]).unflatten(1, [5, 2]), 'shape_mismatch', /unflatten/);
  assert.deepEqual(a.moveaxis(0, 2).shape, [3, 4, 2]);
  assert.deepEqual(a.moveaxis([0, 1], [-1, -2]).shape, [4, 3, 2]);
  assert.deepEqual(a.swapaxes(0, 2).shape, [4, 3, 2]);
  assert.deepEqual(a.swapaxes(0, 2).toArray()[3][2], [11, 23]);
});

test('slice: NumPy basic indexing as strided views', () => {
  const a = ar([3, 4]);
  assert.deepEqual(a.slice(R(0, 2), A).toArray(), [[0, 1, 2, 3], [4, 5, 6, 7]]);
  assert.deepEqual(a.slice(A, I(1)).toArray(), [1, 5, 9]);
  assert.deepEqual(a.slice(I(-1)).toArray(), [8, 9, 10, 11]);
  const st = a.slice(Rs(null, null, -1), Rs(1, null, 2));
  assert.deepEqual(st.toArray(), [[9, 11], [5, 7], [1, 3]]);
  assert.deepEqual(st.strides, [-4, 2]);
  assert.equal(st.base, a.base ?? a, 'a stepped range is a view, not a gather');
  assert.deepEqual(a.slice('1:3, ::-1, None').shape, [2, 4, 1]);
  assert.deepEqual(a.slice('1:3, ::-1, None').toArray(), [[[7], [6], [5], [4]], [[11], [10], [9], [8]]]);
  assert.deepEqual(a.slice('..., 0').toArray(), [0, 4, 8]);
  assert.deepEqual(a.slice(E, I(0)).toArray(), [0, 4, 8]);
  assert.deepEqual(a.slice(N).shape, [1, 3, 4]);
  assert.deepEqual(a.slice('-100:100, 2:1').shape, [3, 0], 'clamping and empty ranges');
  assert.deepEqual(a.slice('5:').shape, [0, 4]);
  assert.deepEqual(a.slice(1, null).toArray(), [4, 5, 6, 7], 'integers and null');
  assert.deepEqual(a.slice('::-2, -1::-3').toArray(), [[11, 8], [3, 0]]);
  assert.deepEqual(a.slice('').shape, [3, 4]);
  throwsSv(assert, () => a.slice(I(3)), 'out_of_range', /slice: index 3 is out of bounds for axis 0 with size 3/);
  throwsSv(assert, () => a.slice(A, I(-5)), 'out_of_range', /index -5 is out of bounds for axis 1 with size 4/);
  throwsSv(assert, () => a.slice(0, 0, 0), 'out_of_range', /too many indices for array: array is 2-dimensional, but 3 were indexed/);
  throwsSv(assert, () => a.slice('..., ...'), 'invalid_argument', /single ellipsis/);
  throwsSv(assert, () => a.slice('1:x'), 'invalid_argument', /slice: cannot parse "x" in "1:x"/);
  throwsSv(assert, () => Rs(0, 3, 0), 'invalid_argument', /step is 0/);
  throwsSv(assert, () => a.slice('::0'), 'invalid_argument', /step is 0/);
  assert.throws(() => a.slice({}), TypeError);
  assert.deepEqual(a.shrink([[1, 3], [0, 2]]).toArray(), [[4, 5], [8, 9]]);
});

test('slice: L gathers and copies (outer indexing per axis)', () => {
  const x = sv.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]], { dtype: 'int32' });
  const corners = x.slice(L([0, 2]), L([0, 2]));
  assert.deepEqual(corners.toArray(), [[1, 3], [7, 9]]);
  assert.equal(corners.base, null, 'a gather is a copy');
  assert.deepEqual(x.slice(A, L([-1, 0, 0])).toArray(), [[3, 1, 1], [6, 4, 4], [9, 7, 7]]);
  assert.deepEqual(x.slice('[2,0], 1').toArray(), [8, 2]);
  assert.deepEqual(x.slice([1]).toArray(), [[4, 5, 6]]);
  assert.deepEqual(x.slice(L([])).shape, [0, 3]);
  throwsSv(assert, () => x.slice(L([3])), 'out_of_range', /^slice: index 3 is out of bounds for axis 0 with size 3/);
});

test('get, item, set, assign (broadcast, cast, overlap)', () => {
  const a = ar([2, 3]);
  assert.deepEqual(a.slice(1).toArray(), [3, 4, 5]);
  throwsSv(assert, () => a.get(1), 'rank_mismatch', /get: 1 index for an array of dimension 2: .*a\.slice\(1\) gives the sub-array/);
  assert.equal(a.get([1, 2]), 5);
  assert.equal(a.item([1, 2]), 5);
  assert.equal(a.item([-1, -1]), 5);
  assert.equal(sv.array([7]).item(), 7);
  throwsSv(assert, () => a.item(), 'invalid_argument', /item: can only convert an array of size 1/);
  throwsSv(assert, () => a.item([0]), 'rank_mismatch', /item: 1 indices for an array of dimension 2/);
  throwsSv(assert, () => a.item([2, 0]), 'out_of_range', /index 2 is out of bounds for axis 0 with size 2/);
  a.set([0, 0], 100);
  assert.equal(a.item([0, 0]), 100);
  a.set(1, [7, 8, 9]);
  assert.deepEqual(a.toArray(), [[100, 1, 2], [7, 8, 9]]);
  a.slice(A, '1:'.length ? R(1) : A).assign(sv.array([[-1], [-2]]));
  assert.deepEqual(a.toArray(), [[100, -1, -1], [7, -2, -2]]);
  a.assign(2.9);
  assert.deepEqual(a.toArray(), [[2, 2, 2], [2, 2, 2]], 'cast float64 -> int32 truncates');
  a.fill(0);
  assert.deepEqual(a.toArray(), [[0, 0, 0], [0, 0, 0]]);
  throwsSv(assert, () => a.assign([1, 2]), 'shape_mismatch', /assign: cannot broadcast shape \[2\] to the result shape \[2,3\]/);
  // Overlapping assign equals NumPy's result (src read completely before any write).
  const o = sv.arange(6);
  o.slice('1:').assign(o.slice(':-1'));
  assert.deepEqual(o.toArray(), [0, 0, 1, 2, 3, 4]);
  const r = sv.arange(5);
  r.assign(r.slice('::-1'));
  assert.deepEqual(r.toArray(), [4, 3, 2, 1, 0]);
  const m = sv.arange(9).reshape([3, 3]);
  m.assign(m.transpose());
  assert.deepEqual(m.toArray(), [[0, 3, 6], [1, 4, 7], [2, 5, 8]]);
});

test('broadcast views are read-only; writes are a clear error', () => {
  const row = sv.array([1, 2, 3]);
  const b = row.broadcastTo([3, 3]);
  assert.deepEqual(b.strides, [0, 1]);
  assert.equal(b.isReadOnly, true);
  assert.deepEqual(b.toArray(), [[1, 2, 3], [1, 2, 3], [1, 2, 3]]);
  throwsSv(assert, () => b.assign(0), 'read_only', /assign: the array is read-only \(a broadcast view of shape \[3,3\] with strides \[0,1\]\); call copy\(\) first/);
  throwsSv(assert, () => b.set([0, 0], 5), 'read_only');
  throwsSv(assert, () => b.slice(I(0)).assign(1), 'read_only', /read-only/);
  const e = sv.array([[1], [2]]).expand([2, 3]);
  assert.deepEqual(e.toArray(), [[1, 1, 1], [2, 2, 2]]);
  assert.deepEqual(sv.array([[1], [2]]).expand([-1, 4]).shape, [2, 4]);
  assert.deepEqual(sv.array([1, 2]).expand([3, -1]).shape, [3, 2]);
  throwsSv(assert, () => sv.array([1, 2]).expand([3]), 'shape_mismatch', /expand: cannot expand \[2\] to \[3\]/);
  const c = b.copy();
  assert.equal(c.isReadOnly, false);
  c.assign(0);
  assert.deepEqual(row.toArray(), [1, 2, 3]);
});

test('padView (virtual, masked) and pad (new array)', () => {
  const a = sv.array([[1, 2], [3, 4]], { dtype: 'float32' });
  const pv = a.padView([[1, 0], [0, 1]], -1);
  assert.deepEqual(pv.shape, [3, 3]);
  assert.deepEqual(pv.mask, [[1, 3], [0, 2]]);
  assert.equal(pv.fillValue, -1);
  assert.equal(pv.isReadOnly, true);
  assert.deepEqual(pv.toArray(), [[-1, -1, -1], [1, 2, -1], [3, 4, -1]]);
  assert.equal(pv.item([0, 0]), -1, 'a masked element reads as the fill value');
  assert.equal(pv.item([1, 1]), 2);
  assert.deepEqual(pv.slice(I(0)).toArray(), [-1, -1, -1]);
  assert.deepEqual(pv.slice('1:, ::-1').toArray(), [[-1, 2, 1], [-1, 4, 3]]);
  assert.deepEqual(pv.reshape([9]).toArray(), [-1, -1, -1, 1, 2, -1, 3, 4, -1]);
  throwsSv(assert, () => pv.assign(0), 'read_only', /padded view/);
  const p = a.pad([[0, 1], [1, 1]], 9);
  assert.equal(p.base, null);
  assert.equal(p.isReadOnly, false);
  assert.deepEqual(p.toArray(), [[9, 1, 2, 9], [9, 3, 4, 9], [9, 9, 9, 9]]);
  assert.deepEqual(sv.add(pv, 1).toArray(), [[0, 0, 0], [2, 3, 0], [4, 5, 0]], 'ops read the fill value');
  assert.deepEqual(sv.sum(a.padView([[1, 1], [0, 0]])), 10);
  throwsSv(assert, () => a.padView([[-1, 0], [0, 0]]), 'invalid_argument', /negative/);
  assert.throws(() => a.padView([[1, 0]], 'x'), TypeError);
});

test('contiguous, copy, astype, toTypedArray, toArray', () => {
  const a = ar([2, 3]);
  const c0 = a.contiguous();
  assert.equal(c0.base, a.base ?? a, 'already contiguous: a view');
  const t = a.transpose();
  const c = t.contiguous();
  assert.equal(c.base, null);
  assert.equal(c.isCContiguous, true);
  assert.deepEqual(Array.from(c.toTypedArray()), [0, 3, 1, 4, 2, 5]);
  const cp = a.copy();
  cp.set([0, 0], 50);
  assert.equal(a.item([0, 0]), 0);
  const f = a.astype('float32');
  assert.equal(f.dtype, 'float32');
  assert.ok(t.toTypedArray() instanceof Int32Array);
  assert.deepEqual(sv.array(4).toArray(), 4);
  assert.deepEqual(sv.array([0, 2, 0]).astype('bool').toArray(), [false, true, false]);
  assert.deepEqual(sv.array([-1, 2.7, 300]).astype('uint8').toArray(), [0, 2, 255], 'float -> int truncates and saturates');
  assert.deepEqual(sv.array([-1, 2.7, 300], { dtype: 'uint8' }).toArray(), [0, 2, 255], 'JS values follow the same rule');
  assert.deepEqual(sv.array([-1n, 300n], { dtype: 'uint8' }).toArray(), [255, 44], 'integers wrap');
  assert.deepEqual(sv.array([3, 4]).astype('int64').toArray(), [3, 4], 'int64 elements as numbers (the scalar rule)');
});

// The metadata fast path (concrete views) seen from NDArray: element values of transposes,
// permutes and slices of random arrays (incl. flips and padded views) against nested JS arrays,
// the parsed-slice cache, and errors that leave the instance working.
test('fast path: transpose, permute and slices read the right elements', () => {
  const nestedT = (x, axes, shape) => {
    const out = sv.zeros(axes.map((a) => shape[a])).toArray();
    const idx = new Array(shape.length).fill(0);
    const walk = (d) => {
      if (d === shape.length) {
        let src = x;
        for (const i of idx) src = src[i];
        let dst = out;
        for (let k = 0; k < axes.length - 1; k++) dst = dst[idx[axes[k]]];
        if (axes.length === 0) return;
        dst[idx[axes[axes.length - 1]]] = src;
        return;
      }
      for (let i = 0; i < shape[d]; i++) {
        idx[d] = i;
        walk(d + 1);
      }
    };
    walk(0);
    return axes.length === 0 ? x : out;
  };
  let seed = 7;
  const rnd = (n) => (seed = (seed * 48271) % 2147483647) % n;
  for (let iter = 0; iter < 60; iter++) {
    const rank = rnd(5);
    const shape = Array.from({ length: rank }, () => 1 + rnd(4));
    const base = ar(shape);
    const a = rnd(2) ? base.flip() : base;
    const x = a.toArray();
    const axes = Array.from({ length: rank }, (_, i) => i).sort(() => rnd(3) - 1);
    assert.deepEqual(a.permute(axes).toArray(), nestedT(x, axes, shape), `permute ${shape} ${axes}`);
    assert.deepEqual(a.permute(axes.map((v) => v - rank)).toArray(), nestedT(x, axes, shape));
    const rev = axes.map((_, i) => rank - 1 - i);
    assert.deepEqual(a.transpose().toArray(), nestedT(x, rev, shape));
    if (rank > 0) {
      const s = rnd(shape[0]);
      assert.deepEqual(a.slice(R(s, s + 2)).toArray(), x.slice(s, s + 2));
      assert.deepEqual(a.slice(`${s}:${s + 2}`).toArray(), x.slice(s, s + 2));
      assert.deepEqual(a.slice('::-1').toArray(), x.slice().reverse());
    }
    base.dispose();
  }
  const before = sv.memoryStats().liveArrays;
  const p = ar([3, 4]).padView([[1, 1], [0, 0]], -1);
  assert.deepEqual(p.transpose().toArray(), [[-1, 0, 4, 8, -1], [-1, 1, 5, 9, -1], [-1, 2, 6, 10, -1], [-1, 3, 7, 11, -1]]);
  assert.deepEqual(p.slice('1:3').toArray(), [[0, 1, 2, 3], [4, 5, 6, 7]]);
  assert.deepEqual(p.slice('0').toArray(), [-1, -1, -1, -1]);
  for (let i = 0; i < 100; i++) p.transpose();
  assert.equal(sv.memoryStats().liveArrays, before + 1, 'views own no buffers');
  p.base.dispose();
});

test('fast path: slice strings are cached but errors are not, and the instance keeps working', () => {
  const a = ar([4, 5]);
  for (let k = 0; k < 3; k++) {
    assert.deepEqual(a.slice('1:3, ::-2').toArray(), [[9, 7, 5], [14, 12, 10]]);
    throwsSv(assert, () => a.slice('1:3, 9'), 'out_of_range', /slice: index 9 is out of bounds for axis 1 with size 5/);
    throwsSv(assert, () => a.slice('1:x'), 'invalid_argument', /slice: cannot parse "x" in "1:x"/);
    throwsSv(assert, () => a.slice('::0'), 'invalid_argument', /step is 0/);
    throwsSv(assert, () => a.slice('1, 2, 3'), 'out_of_range', /too many indices for array: array is 2-dimensional, but 3 were indexed/);
  }
  for (let i = 0; i < 300; i++) assert.deepEqual(a.slice(`${i % 4}:${(i % 4) + 1}, ${i % 5}`).shape, [1]);
  assert.deepEqual(a.slice('1:3, ::-2').toArray(), [[9, 7, 5], [14, 12, 10]]);
  assert.deepEqual(a.transpose().slice(R(1, 3), N).shape, [2, 1, 4]);
  assert.deepEqual(a.slice(...Array(30).fill(N)).shape, [...Array(30).fill(1), 4, 5]);
  assert.deepEqual(a.slice(...Array(30).fill(N)).transpose().shape, [5, 4, ...Array(30).fill(1)]);
  const b9 = a.slice(...Array(9).fill(N), E, 1);
  assert.deepEqual(b9.shape, [...Array(9).fill(1), 4]);
  assert.deepEqual(b9.reshape([4]).toArray(), [1, 6, 11, 16]);
  throwsSv(assert, () => a.slice(...Array(9).fill(N), E, 1, E), 'invalid_argument', /single ellipsis/);
  throwsSv(assert, () => a.slice(...Array(9).fill(N), 1, 2, 5), 'out_of_range', /too many indices/);
  throwsSv(assert, () => a.slice(...Array(9).fill(N), 1, 7), 'out_of_range', /slice: index 7 is out of bounds for axis 1 with size 5/);
  throwsSv(assert, () => a.slice(...Array(30).fill(N)).slice(N), 'invalid_argument', /create: rank 33 exceeds the maximum of 32/);
  throwsSv(assert, () => a.slice(...Array(40).fill(N)), 'invalid_argument', /create: rank 42 exceeds the maximum of 32/);
  assert.throws(() => a.slice({ kind: 'R', start: 1.5, stop: null, step: null }), /slice: spec 0 start must be an integer, got 1.5/);
  assert.throws(() => a.slice(A, { kind: 'I', index: '1' }), TypeError);
  assert.deepEqual(a.slice({ kind: 'R', start: 1n, stop: null, step: -1 }).shape, [2, 5]);
  const spec = R(1, 3);
  assert.deepEqual([spec.start, spec.stop, spec.step], [1, 3, null]);
  throwsSv(assert, () => Rs(0, 1, 0), 'invalid_argument', /Rs: step is 0/);
  throwsSv(assert, () => a.permute([1, 1]), 'invalid_argument', /permute: axis 1 appears more than once/);
  assert.throws(() => a.transpose([0, 0.5]), RangeError);
  assert.deepEqual(a.transpose([1n, 0n]).shape, [5, 4]);
  a.dispose();
  throwsSv(assert, () => a.transpose(), 'disposed', /transpose: the array was disposed/);
});
