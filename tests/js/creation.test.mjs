// Creation functions and every dtype's round trip through WASM memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;

const TA = {
  float32: Float32Array,
  float64: Float64Array,
  int8: Int8Array,
  uint8: Uint8Array,
  int16: Int16Array,
  uint16: Uint16Array,
  int32: Int32Array,
  uint32: Uint32Array,
  int64: BigInt64Array,
  uint64: BigUint64Array,
  bool: Uint8Array,
};

test('DTYPES lists every dtype; itemSize', () => {
  // float16: tests/js/float16.test.mjs; complex64 / complex128: tests/js/complex.test.mjs
  assert.deepEqual([...sv.DTYPES].sort(), [...Object.keys(TA), 'float16', 'complex64', 'complex128'].sort());
  assert.equal(sv.itemSize('complex64'), 8);
  assert.equal(sv.itemSize('complex128'), 16);
  assert.equal(sv.itemSize('float64'), 8);
  assert.equal(sv.itemSize('bool'), 1);
  assert.equal(sv.itemSize('float16'), 2);
  assert.throws(() => sv.itemSize('float128'), { name: 'TypeError', message: /unknown dtype "float128"/ });
});

for (const dt of Object.keys(TA)) {
  test(`every creation function and a strided copy for ${dt}`, () => {
    const big = dt === 'int64' || dt === 'uint64';
    const val = (x) => (dt === 'bool' ? x % 2 === 1 : big ? BigInt(x) : x);
    // what comes back out: numbers for every numeric dtype, 64-bit included (the scalar rule)
    const out = (x) => (Array.isArray(x) ? x.map(out) : typeof x === 'bigint' ? Number(x) : x);
    const z = sv.zeros([2, 3], dt);
    assert.equal(z.dtype, dt);
    assert.ok(z.toTypedArray() instanceof TA[dt]);
    assert.deepEqual(z.toArray(), out([[val(0), val(0), val(0)], [val(0), val(0), val(0)]]));
    const o = sv.ones([2], dt);
    assert.deepEqual(o.toArray(), out([val(1), val(1)]));
    const f = sv.full([2], dt === 'bool' ? true : big ? 7n : 7, dt);
    assert.deepEqual(f.toArray(), dt === 'bool' ? [true, true] : out([val(7), val(7)]));
    const e = sv.empty([4], dt);
    assert.equal(e.size, 4);
    const data = [[1, 2, 3], [4, 5, 6]].map((r) => r.map(val));
    const a = sv.array(data, { dtype: dt });
    assert.deepEqual(a.toArray(), out(data));
    const t = a.transpose();
    assert.deepEqual(t.toArray(), out([[data[0][0], data[1][0]], [data[0][1], data[1][1]], [data[0][2], data[1][2]]]));
    assert.deepEqual(Array.from(t.copy().toTypedArray()), Array.from(new TA[dt](t.toTypedArray())));
    const r = sv.arange(0, 4, 1, dt);
    assert.equal(r.dtype, dt);
    const ta = new TA[dt](6);
    for (let i = 0; i < 6; i++) ta[i] = big ? BigInt(i) : dt === 'bool' ? i % 2 : i;
    const ft = sv.fromTypedArray(ta, [2, 3]);
    assert.equal(ft.dtype, dt === 'bool' ? 'uint8' : dt);
    assert.deepEqual(Array.from(ft.toTypedArray()), Array.from(ta));
    assert.equal(a.item([1, 2]), out(data[1][2]));
    a.set([0, 0], data[1][1]);
    assert.equal(a.item([0, 0]), out(data[1][1]));
    for (const x of [z, o, f, e, a, r, ft]) x.dispose();
  });
}

test('array(): inference, options, errors', () => {
  assert.equal(sv.array([1, 2]).dtype, 'float64');
  assert.equal(sv.array([true, false]).dtype, 'bool');
  assert.equal(sv.array([1n, 2]).dtype, 'int64');
  assert.deepEqual(sv.array(5).shape, []);
  assert.equal(sv.array(5).item(), 5);
  assert.deepEqual(sv.array([]).shape, [0]);
  assert.deepEqual(sv.array([[], []]).shape, [2, 0]);
  assert.deepEqual(sv.array([1, 2, 3, 4], { shape: [2, 2] }).toArray(), [[1, 2], [3, 4]]);
  assert.deepEqual(sv.array(new Int16Array([1, 2])).dtype, 'int16');
  assert.deepEqual(sv.array(new Int16Array([1, 2]), { dtype: 'float32' }).toArray(), [1, 2]);
  const src = sv.arange(6).reshape([2, 3]);
  const cp = sv.array(src.transpose());
  assert.deepEqual(cp.toArray(), [[0, 3], [1, 4], [2, 5]]);
  assert.equal(cp.base, null);
  throwsSv(assert, () => sv.array([[1, 2], [3]]), 'shape_mismatch', /ragged nested sequence at \[1\]: expected length 2, got length 1/);
  throwsSv(assert, () => sv.array([1, [2]]), 'shape_mismatch', /ragged/);
  throwsSv(assert, () => sv.array([1, 2, 3], { shape: [2, 2] }), 'shape_mismatch', /cannot give 3 elements the shape \[2,2\]/);
  assert.throws(() => sv.array(['a']), { name: 'TypeError', message: /array: elements must be numbers/ });
  assert.throws(() => sv.array([1], { dtype: 'complex256' }), TypeError);
  assert.deepEqual(sv.array([1.5, NaN, -Infinity], { dtype: 'int64' }).toArray(), [1, 0, -(2 ** 63)]); // -2^63 is exactly a double
});

test('fromTypedArray, zeros/ones/full/empty/arange details and errors', () => {
  assert.deepEqual(sv.fromTypedArray(new Float32Array([1, 2, 3])).shape, [3]);
  assert.equal(sv.fromTypedArray(new Uint8ClampedArray([1, 2])).dtype, 'uint8');
  throwsSv(assert, () => sv.fromTypedArray(new Float32Array(5), [2, 2]), 'shape_mismatch', /fromTypedArray: cannot give 5 elements the shape \[2,2\]/);
  assert.throws(() => sv.fromTypedArray([1, 2]), TypeError);
  assert.equal(sv.zeros([2]).dtype, 'float64');
  assert.deepEqual(sv.zeros(3).shape, [3]);
  throwsSv(assert, () => sv.zeros([2, -1]), 'invalid_argument', /zeros|full: negative dimensions are not allowed/);
  assert.equal(sv.full([2], 3n).dtype, 'int64');
  assert.equal(sv.full([2], true).dtype, 'bool');
  assert.equal(sv.full([2], 1.5).dtype, 'float64');
  assert.throws(() => sv.full([2], 'x'), TypeError);
  assert.deepEqual(sv.arange(5).toArray(), [0, 1, 2, 3, 4]);
  assert.equal(sv.arange(5).dtype, 'int32');
  assert.deepEqual(sv.arange(2, 5).toArray(), [2, 3, 4]);
  assert.deepEqual(sv.arange(5, 0, -2).toArray(), [5, 3, 1]);
  assert.deepEqual(sv.arange(0, 1, 0.25).toArray(), [0, 0.25, 0.5, 0.75]);
  assert.equal(sv.arange(0, 1, 0.25).dtype, 'float64');
  assert.deepEqual(sv.arange(3, 1).toArray(), []);
  throwsSv(assert, () => sv.arange(0, 5, 0), 'invalid_argument', /arange: step is 0/);
  assert.throws(() => sv.arange(0, Infinity), RangeError);
  assert.throws(() => sv.arange('3'), TypeError);
});

test('dtype as the trailing options object { dtype }, as NumPy keyword arguments (the name alone still works)', () => {
  const { arange, zeros, ones, empty, full } = sv;
  const same = (a, b) => {
    assert.equal(a.dtype, b.dtype);
    assert.deepEqual([...a.shape], [...b.shape]);
    assert.deepEqual(Array.from(a.toTypedArray()), Array.from(b.toTypedArray()));
  };
  same(arange(12, { dtype: 'float32' }), arange(0, 12, 1, 'float32'));
  same(arange(2, 5, { dtype: 'int8' }), arange(2, 5, 1, 'int8'));
  same(arange(0, 1, 0.25, { dtype: 'float32' }), arange(0, 1, 0.25, 'float32'));
  assert.equal(arange(5, {}).dtype, 'int32', 'an empty options object keeps the default');
  same(zeros([2, 3], { dtype: 'int16' }), zeros([2, 3], 'int16'));
  same(ones(4, { dtype: 'uint8' }), ones(4, 'uint8'));
  same(empty([2], { dtype: 'float32' }).fill(0), zeros([2], 'float32'));
  same(full([3], 7, { dtype: 'int64' }), full([3], 7n, 'int64'));
  assert.equal(zeros([2], {}).dtype, 'float64');
  assert.throws(() => arange(3, { dtype: 'float32' }, 2), { name: 'TypeError', message: /^arange: stop must be a number, got \{ dtype: "float32" \}/ });
  assert.throws(() => arange(0, 3, 1, 'int32', 4), { name: 'TypeError', message: /^arange: takes at most 4 positional arguments \(start, stop, step, dtype\) but 5 were given/ });
  assert.throws(() => arange(3, { dtipe: 'float32' }), { name: 'TypeError', message: /^arange: unknown option 'dtipe'/ });
  assert.throws(() => zeros([2], { dtype: 'foo' }), { name: 'TypeError', message: /^zeros: unknown dtype "foo"/ });
  assert.throws(() => ones([2], 5), { name: 'TypeError', message: /^ones: unknown dtype 5/ });
});
