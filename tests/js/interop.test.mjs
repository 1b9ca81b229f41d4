// fromNdarrayLike / toNdarrayLike against the real scijs `ndarray` (+ `ndarray-ops`) and
// `@stdlib/ndarray` packages: round trips, negative strides, views, zero-copy, bad input.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, test } from 'node:test';
import ndarray from 'ndarray';
import ops from 'ndarray-ops';
import { ready, sv, throwsSv } from './helpers.mjs';

const require = createRequire(import.meta.url);
const StdNdarray = require('@stdlib/ndarray/ctor');

before(() => ready);

const f32 = (n) => Float32Array.from({ length: n }, (_, i) => i);

/** Reads every element of a scijs / stdlib ndarray into nested JS arrays via .get(). */
function nested(x) {
  const shape = x.shape;
  const rec = (idx) => (idx.length === shape.length ? x.get(...idx) : Array.from({ length: shape[idx.length] }, (_, i) => rec([...idx, i])));
  return rec([]);
}

describe('fromNdarrayLike (scijs ndarray)', () => {
  test('C-contiguous 2-d array, one copy', () => {
    const nd = ndarray(f32(6), [2, 3]);
    const a = sv.fromNdarrayLike(nd);
    assert.equal(a.dtype, 'float32');
    assert.deepEqual(a.shape, [2, 3]);
    assert.deepEqual(a.toArray(), [[0, 1, 2], [3, 4, 5]]);
    assert.equal(a.base, null);
    nd.set(0, 0, 99); // a copy: not shared
    assert.equal(a.item([0, 0]), 0);
    a.dispose();
  });

  test('transposed, negative-stride, stepped and offset views', () => {
    const nd = ndarray(f32(24), [2, 3, 4]);
    const cases = [
      nd.transpose(2, 0, 1),
      nd.step(-1, 1, -2),
      nd.hi(2, 2, 3).lo(0, 1, 1),
      nd.pick(1, null, null),
      nd.pick(null, 2, null).step(-1, -1),
      nd.step(1, -1, 1).transpose(1, 2, 0).lo(1, 1, 0),
    ];
    for (const v of cases) {
      const a = sv.fromNdarrayLike(v);
      assert.deepEqual(a.shape, v.shape);
      assert.deepEqual(a.toArray(), nested(v), `stride ${v.stride} offset ${v.offset}`);
      a.dispose();
    }
  });

  test('every dtype follows the typed array class', () => {
    const tbl = [
      [Float32Array, 'float32'],
      [Float64Array, 'float64'],
      [Int8Array, 'int8'],
      [Uint8Array, 'uint8'],
      [Uint8ClampedArray, 'uint8'],
      [Int16Array, 'int16'],
      [Uint16Array, 'uint16'],
      [Int32Array, 'int32'],
      [Uint32Array, 'uint32'],
    ];
    for (const [C, d] of tbl) {
      const a = sv.fromNdarrayLike(ndarray(C.from([1, 2, 3, 4]), [2, 2]).transpose(1, 0));
      assert.equal(a.dtype, d, C.name);
      assert.deepEqual(a.toArray(), [[1, 3], [2, 4]], C.name);
      a.dispose();
    }
    const b = sv.fromNdarrayLike(ndarray(BigInt64Array.from([1n, -2n, 3n]), [3]).step(-1));
    assert.equal(b.dtype, 'int64');
    assert.deepEqual(b.toArray(), [3, -2, 1]);
    const u = sv.fromNdarrayLike({ data: BigUint64Array.from([7n, 2n ** 64n - 1n]), shape: [2], stride: [1], offset: 0 });
    assert.equal(u.dtype, 'uint64');
    assert.deepEqual([...u.toTypedArray()], [7n, 2n ** 64n - 1n]);
    assert.throws(() => u.toArray(), (e) => e instanceof RangeError && /toArray: the uint64 value 18446744073709551615 is not exactly a JS number/.test(e.message));
    const bo = sv.fromNdarrayLike({ data: new Uint8Array([1, 0, 7]), shape: [3], dtype: 'bool' });
    assert.equal(bo.dtype, 'bool');
    assert.deepEqual(bo.toArray(), [true, false, true]);
    assert.deepEqual(Array.from(bo.toTypedArray()), [1, 0, 1], 'bool bytes are normalised to 0/1');
  });

  test('plain JS arrays (scijs "array" dtype) copy as float64; options.dtype casts', () => {
    const nd = ndarray([1, 2, 3, 4, 5, 6], [3, 2]).transpose(1, 0);
    const a = sv.fromNdarrayLike(nd);
    assert.equal(a.dtype, 'float64');
    assert.deepEqual(a.toArray(), [[1, 3, 5], [2, 4, 6]]);
    const b = sv.fromNdarrayLike(ndarray(new Float64Array([1.5, -2.5, 300]), [3]), { dtype: 'int8' });
    assert.equal(b.dtype, 'int8');
    assert.deepEqual(b.toArray(), [1, -2, 127]); // truncation toward zero, saturation (the kernels' cast)
  });

  test('0-d and empty arrays', () => {
    const z = sv.fromNdarrayLike({ data: new Float64Array([4, 5, 6]), shape: [], stride: [], offset: 2 });
    assert.deepEqual(z.shape, []);
    assert.equal(z.item(), 6);
    const e = sv.fromNdarrayLike(ndarray(new Float32Array(0), [0, 3]));
    assert.deepEqual(e.shape, [0, 3]);
    assert.equal(e.size, 0);
  });

  test('the copy paths agree: contiguous memcpy, kernel gather over a compact span, JS loop over a sparse one', () => {
    const data = Float64Array.from({ length: 600 }, (_, i) => i * 0.5);
    const nd = ndarray(data, [20, 30]);
    const live = sv.memoryStats().liveArrays;
    for (const v of [nd, nd.hi(10, 30), nd.lo(3, 0).hi(5, 30), nd.step(2, -3), nd.step(7, 11), nd.transpose(1, 0).step(-1, 5), nd.pick(null, 4)]) {
      const a = sv.fromNdarrayLike(v);
      assert.deepEqual(a.toArray(), nested(v), `shape ${v.shape} stride ${v.stride} offset ${v.offset}`);
      a.dispose();
    }
    assert.equal(sv.memoryStats().liveArrays, live, 'temporaries are freed');
  });

  test('a stride-0 (broadcast) input copies every element', () => {
    const a = sv.fromNdarrayLike({ data: new Int32Array([7, 8]), shape: [3, 2], stride: [0, 1], offset: 0 });
    assert.deepEqual(a.toArray(), [[7, 8], [7, 8], [7, 8]]);
    assert.equal(a.isReadOnly, false); // a copy is writable
  });

  test('ndarray-ops results come back', () => {
    const x = ndarray(new Float64Array(6), [2, 3]);
    ops.assigns(x, 2);
    ops.mulseq(x.pick(1, null), 5);
    const a = sv.fromNdarrayLike(x.transpose(1, 0));
    assert.deepEqual(a.toArray(), [[2, 10], [2, 10], [2, 10]]);
  });
});

describe('fromNdarrayLike (@stdlib/ndarray)', () => {
  test('row-major, column-major, negative strides, offset', () => {
    const buf = new Float64Array([1, 2, 3, 4, 5, 6]);
    const r = new StdNdarray('float64', buf, [2, 3], [3, 1], 0, 'row-major');
    assert.deepEqual(sv.fromNdarrayLike(r).toArray(), [[1, 2, 3], [4, 5, 6]]);
    const c = new StdNdarray('float64', buf, [2, 3], [1, 2], 0, 'column-major');
    assert.deepEqual(sv.fromNdarrayLike(c).toArray(), nested(c));
    assert.deepEqual(sv.fromNdarrayLike(c).toArray(), [[1, 3, 5], [2, 4, 6]]);
    const n = new StdNdarray('float64', buf, [2, 3], [-3, -1], 5, 'row-major');
    assert.deepEqual(sv.fromNdarrayLike(n).toArray(), [[6, 5, 4], [3, 2, 1]]);
    const o = new StdNdarray('float64', buf, [2, 2], [3, -1], 2, 'row-major');
    assert.deepEqual(sv.fromNdarrayLike(o).toArray(), nested(o));
  });

  test('bool (BooleanArray) and generic arrays; complex is a clear TypeError', () => {
    const BooleanArray = require('@stdlib/array/bool');
    const b = new StdNdarray('bool', new BooleanArray([true, false, false, true, true, false]), [3, 2], [-2, 1], 4, 'row-major');
    const a = sv.fromNdarrayLike(b);
    assert.equal(a.dtype, 'bool');
    assert.deepEqual(a.toArray(), nested(b));
    assert.deepEqual(a.toArray(), [[true, false], [false, true], [true, false]]);
    const g = new StdNdarray('generic', [1, 2, 3, 4], [2, 2], [1, 2], 0, 'column-major');
    const ga = sv.fromNdarrayLike(g);
    assert.equal(ga.dtype, 'float64');
    assert.deepEqual(ga.toArray(), [[1, 3], [2, 4]]);
    const Complex64Array = require('@stdlib/array/complex64');
    const c = new StdNdarray('complex64', new Complex64Array(4), [4], [1], 0, 'row-major');
    assert.throws(() => sv.fromNdarrayLike(c), { name: 'TypeError', message: /a Complex64Array \(complex dtypes are not supported\)/ });
  });

  test('no strides: order decides C or Fortran', () => {
    const data = new Int16Array([1, 2, 3, 4, 5, 6]);
    assert.deepEqual(sv.fromNdarrayLike({ data, shape: [2, 3] }).toArray(), [[1, 2, 3], [4, 5, 6]]);
    assert.deepEqual(sv.fromNdarrayLike({ data, shape: [2, 3], order: 'column-major' }).toArray(), [[1, 3, 5], [2, 4, 6]]);
    assert.deepEqual(sv.fromNdarrayLike({ data, shape: [2, 3], order: 'F' }).toArray(), [[1, 3, 5], [2, 4, 6]]);
  });
});

describe('toNdarrayLike', () => {
  test('default: a C-order copy in JS memory, usable by scijs and @stdlib', () => {
    const a = sv.arange(24, undefined, undefined, 'float32').reshape([2, 3, 4]);
    const v = a.slice('::-1, 1:, ::2').transpose();
    const o = sv.toNdarrayLike(v);
    assert.notEqual(o.data.buffer, sv.memoryStats && a.toTypedArray().buffer);
    assert.deepEqual(o.shape, v.shape);
    assert.equal(o.offset, 0);
    assert.equal(o.dtype, 'float32');
    assert.ok(o.data instanceof Float32Array);
    const nd = ndarray(o.data, o.shape, o.stride, o.offset);
    assert.deepEqual(nested(nd), v.toArray());
    const st = new StdNdarray(o.dtype, o.data, o.shape, o.strides, o.offset, o.order);
    assert.deepEqual(nested(st), v.toArray());
    a.base.dispose();
  });

  test('copy: false shares WASM memory (negative strides kept) and comes back zero-copy', () => {
    const a = sv.arange(12, undefined, undefined, 'float64').reshape([3, 4]);
    const owner = a.base ?? a;
    const v = a.flip({ axis: [0] }).transpose();
    const o = sv.toNdarrayLike(v, { copy: false });
    assert.deepEqual(o.stride, v.strides);
    assert.ok(o.stride.some((s) => s < 0), 'negative stride kept');
    assert.equal(o.offset, v.offset);
    const nd = ndarray(o.data, o.shape, o.stride, o.offset);
    assert.deepEqual(nested(nd), v.toArray());
    // writes through scijs land in the library's buffer
    ops.addseq(nd, 100);
    assert.equal(a.item([0, 0]), 100);
    assert.equal(a.item([2, 3]), 111);
    // ... and a scijs view of it comes back as a view of the same buffer
    const sub = nd.hi(3, 2).step(-1, 1);
    const back = sv.fromNdarrayLike(sub);
    assert.equal(back.base, owner);
    assert.deepEqual(back.toArray(), nested(sub));
    back.set([0, 0], -1);
    assert.equal(sub.get(0, 0), -1);
    // the same through @stdlib
    const st = new StdNdarray(o.dtype, o.data, o.shape, o.strides, o.offset, o.order);
    const back2 = sv.fromNdarrayLike(st);
    assert.equal(back2.base, owner);
    assert.deepEqual(back2.toArray(), nested(st));
    // copy: true forces a copy even so
    const c = sv.fromNdarrayLike(st, { copy: true });
    assert.equal(c.base, null);
    c.dispose();
    owner.dispose();
  });

  test('other typed arrays over WASM memory (e.g. a subarray of handed-out data) are copied', () => {
    const a = sv.arange(5, undefined, undefined, 'int16');
    const o = sv.toNdarrayLike(a, { copy: false });
    const sub = o.data.subarray(1, 4);
    const c = sv.fromNdarrayLike({ data: sub, shape: [3], stride: [-1], offset: 2 });
    assert.equal(c.base, null);
    assert.deepEqual(c.toArray(), [3, 2, 1]);
    throwsSv(assert, () => sv.fromNdarrayLike({ data: sub, shape: [3] }, { copy: false }), 'not_expressible');
    a.dispose();
  });

  test('zero-copy of a broadcast view is read-only; padded views need a copy', () => {
    const a = sv.array([1, 2, 3], { dtype: 'int32' });
    const b = a.broadcastTo([2, 3]);
    const o = sv.toNdarrayLike(b, { copy: false });
    assert.deepEqual(o.stride, [0, 1]);
    const back = sv.fromNdarrayLike(o);
    assert.equal(back.isReadOnly, true);
    throwsSv(assert, () => back.set([0, 0], 5), 'read_only');
    const p = a.padView([[1, 1]]);
    throwsSv(assert, () => sv.toNdarrayLike(p, { copy: false }), 'not_expressible', /padded/);
    assert.deepEqual(Array.from(sv.toNdarrayLike(p).data), [0, 1, 2, 3, 0]);
    a.dispose();
  });

  test('round trips keep values for every dtype', () => {
    for (const d of sv.DTYPES.filter((t) => !t.startsWith('complex'))) { // (complex: refused, see errors)
      const a = sv.arange(6, undefined, undefined, 'int32').astype(d).reshape([2, 3]).transpose();
      for (const copy of [true, false]) {
        const o = sv.toNdarrayLike(a, { copy });
        assert.equal(o.dtype, d);
        const back = sv.fromNdarrayLike(o);
        assert.equal(back.dtype, d, `${d} copy=${copy}`);
        assert.deepEqual(back.toArray(), a.toArray(), `${d} copy=${copy}`);
      }
      (a.base ?? a).dispose();
    }
  });
});

describe('errors', () => {
  test('bad input is rejected with the op and the numbers', () => {
    const data = new Float32Array(6);
    assert.throws(() => sv.fromNdarrayLike(null), TypeError);
    assert.throws(() => sv.fromNdarrayLike({ data: 'abc', shape: [3] }), /fromNdarrayLike: data must be/);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: 6 }), TypeError);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [2.5] }), RangeError);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [-1] }), /shape\[0\] is -1/);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [NaN] }), RangeError);
    throwsSv(assert, () => sv.fromNdarrayLike({ data, shape: [2, 3], stride: [1] }), 'rank_mismatch', /1 entries.*2 dims/);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [2, 3], stride: [3, 1], offset: 1 }), /reach elements 1\.\.6, outside data of length 6/);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [2, 3], stride: [-3, 1], offset: 0 }), /reach elements -3\.\.2/);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [2], offset: -1 }), /offset is -1/);
    assert.throws(() => sv.fromNdarrayLike({ data: new Float32Array(0), shape: [2] }), { name: 'RangeError', message: /outside data of length 0/ });
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [2], stride: [1], strides: [2] }), /disagree/);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [2], order: 'Z' }), TypeError);
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [2] }, { dtype: 'complex64' }), { name: 'TypeError', message: /fromNdarrayLike: dtype complex64: an ndarray-like object holds real elements/ });
    assert.throws(() => sv.toNdarrayLike(sv.array([sv.complex(1, 2)])), { name: 'TypeError', message: /toNdarrayLike: a complex128 array has no ndarray-like form/ });
    assert.throws(() => sv.fromNdarrayLike({ data, shape: [2] }, { copy: 'no' }), TypeError);
    throwsSv(assert, () => sv.fromNdarrayLike({ data, shape: [2] }, { copy: false }), 'not_expressible');
    assert.throws(() => sv.fromNdarrayLike({ data: [1, 'x'], shape: [2] }), /cannot store "x"/);
    assert.throws(() => sv.toNdarrayLike({ data }), /toNdarrayLike: expected an NDArray/);
    // the instance keeps working
    assert.deepEqual(sv.fromNdarrayLike({ data: new Float32Array([1, 2]), shape: [2] }).toArray(), [1, 2]);
  });

  test('disposed buffers and detached data are errors, not silent reads', () => {
    const a = sv.zeros([4], 'float32');
    const o = sv.toNdarrayLike(a, { copy: false });
    a.dispose();
    throwsSv(assert, () => sv.fromNdarrayLike(o), 'disposed');
    throwsSv(assert, () => sv.fromNdarrayLike(o, { copy: true }), 'disposed');
    throwsSv(assert, () => sv.fromNdarrayLike(o, { dtype: 'float64' }), 'disposed');
    throwsSv(assert, () => sv.toNdarrayLike(a), 'disposed');
    // WebAssembly memory growth detaches handed-out data
    const b = sv.zeros([4], 'float32');
    const ob = sv.toNdarrayLike(b, { copy: false });
    const before = sv.memoryStats().heapBytes;
    const big = [];
    while (sv.memoryStats().heapBytes === before) big.push(sv.empty([1 << 22], 'uint8'));
    throwsSv(assert, () => sv.fromNdarrayLike(ob), 'disposed', /detached/);
    for (const x of big) x.dispose();
    // a copy made before the growth is unaffected
    b.dispose();
  });
});
