// Elementwise ops with NumPy broadcasting and promotion, where, reductions, joining, tiling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;

test('binary ops broadcast like NumPy', () => {
  const m = sv.ones([3, 4], 'float32');
  const row = sv.array([[10, 20, 30, 40]], { dtype: 'float32' });
  const col = sv.array([[100], [200], [300]], { dtype: 'float32' });
  assert.deepEqual(sv.add(m, row).toArray()[2], [11, 21, 31, 41]);
  assert.deepEqual(sv.add(m, col).toArray()[1], [201, 201, 201, 201]);
  assert.deepEqual(sv.add(sv.zeros([2, 3, 4]), sv.arange(4)).shape, [2, 3, 4]);
  throwsSv(assert, () => sv.add(sv.zeros([3]), sv.zeros([4])), 'shape_mismatch', /add: operands could not be broadcast together with shapes \[3\] \[4\]/);
  const a = sv.array([1, 2, 3]);
  const b = sv.array([3, 2, 1]);
  assert.deepEqual(sv.sub(a, b).toArray(), [-2, 0, 2]);
  assert.deepEqual(sv.mul(a, b).toArray(), [3, 4, 3]);
  assert.deepEqual(sv.div(a, b).toArray(), [1 / 3, 1, 3]);
  assert.deepEqual(sv.maximum(a, b).toArray(), [3, 2, 3]);
  assert.deepEqual(sv.minimum(a, b).toArray(), [1, 2, 1]);
  assert.deepEqual(sv.equal(a, b).toArray(), [false, true, false]);
  assert.deepEqual(sv.notEqual(a, b).toArray(), [true, false, true]);
  assert.deepEqual(sv.less(a, b).toArray(), [true, false, false]);
  assert.deepEqual(sv.lessEqual(a, b).toArray(), [true, true, false]);
  assert.deepEqual(sv.greater(a, b).toArray(), [false, false, true]);
  assert.deepEqual(sv.greaterEqual(a, b).toArray(), [false, true, true]);
  assert.equal(sv.equal(a, b).dtype, 'bool');
  assert.ok(Number.isNaN(sv.maximum(sv.array([NaN, 1]), 0).toArray()[0]), 'NaN propagates');
  // Strided and reversed operands
  const x = sv.arange(6).reshape([2, 3]);
  assert.deepEqual(sv.add(x, x.flip()).toArray(), [[5, 5, 5], [5, 5, 5]]);
  assert.deepEqual(sv.mul(x.transpose(), 2).toArray(), [[0, 6], [2, 8], [4, 10]]);
  // Nested arrays as operands
  assert.deepEqual(sv.add([1, 2], [[10], [20]]).toArray(), [[11, 12], [21, 22]]);
});

test('dtype promotion and scalars (NumPy 1.x rules)', () => {
  const i8 = sv.array([1, 2], { dtype: 'int8' });
  const u8 = sv.array([1, 2], { dtype: 'uint8' });
  const f32 = sv.array([1, 2], { dtype: 'float32' });
  const bool = sv.array([true, false]);
  assert.equal(sv.add(i8, i8).dtype, 'int8');
  assert.equal(sv.add(i8, u8).dtype, 'int16');
  assert.equal(sv.add(u8, f32).dtype, 'float32');
  assert.equal(sv.add(sv.array([1], { dtype: 'int32' }), f32).dtype, 'float64');
  assert.equal(sv.add(sv.array([1n], { dtype: 'int64' }), sv.array([1n], { dtype: 'uint64' })).dtype, 'float64');
  assert.equal(sv.add(bool, i8).dtype, 'int8');
  assert.equal(sv.add(i8, 3).dtype, 'int8', 'a fitting int scalar keeps the array dtype');
  assert.equal(sv.add(i8, 300).dtype, 'int16', 'a large int scalar widens');
  assert.equal(sv.add(i8, 1.5).dtype, 'float64');
  assert.equal(sv.add(f32, 1.5).dtype, 'float32');
  assert.equal(sv.add(bool, 3).dtype, 'int32');
  assert.equal(sv.add(bool, true).dtype, 'bool');
  assert.equal(sv.add(2, 3).dtype, 'float64');
  assert.equal(sv.add(2, 3).item(), 5);
  assert.equal(sv.div(i8, i8).dtype, 'float64', 'true division of integers');
  assert.equal(sv.div(f32, f32).dtype, 'float32');
  assert.deepEqual(sv.add(bool, bool).toArray(), [true, false], 'bool + bool is logical or');
  assert.deepEqual(sv.mul(bool, sv.array([true, true])).toArray(), [true, false]);
  throwsSv(assert, () => sv.sub(bool, bool), 'type_error', /sub: not defined for bool/);
  assert.equal(sv.promoteTypes('uint16', 'int8'), 'int32');
  assert.equal(sv.promoteTypes('float32', 'int16'), 'float32');
  assert.equal(sv.resultTypeWithScalar('uint8', -1), 'int16');
  assert.deepEqual(sv.add(sv.array([1n, 2n]), 1n).toArray(), [2, 3]); // int64 read back as numbers (the scalar rule)
  assert.equal(sv.add(sv.array([1n, 2n]), 1n).dtype, 'int64');
});

test('where', () => {
  const c = sv.array([true, false, true]);
  assert.deepEqual(sv.where(c, sv.array([1, 2, 3]), 0).toArray(), [1, 0, 3]);
  assert.deepEqual(sv.where([[1], [0]], [1, 2], [10, 20]).toArray(), [[1, 2], [10, 20]]);
  assert.deepEqual(sv.where(sv.array([0.5, 0]), 1, 2).toArray(), [1, 2], 'nonzero is true');
  throwsSv(assert, () => sv.where(c, sv.zeros([2]), 0), 'shape_mismatch', /where/);
});

test('unary ops', () => {
  assert.deepEqual(sv.neg(sv.array([1, -2])).toArray(), [-1, 2]);
  assert.deepEqual(sv.abs(sv.array([-1, 2], { dtype: 'int16' })).toArray(), [1, 2]);
  assert.deepEqual(sv.sqrt(sv.array([4, 9])).toArray(), [2, 3]);
  assert.equal(sv.sqrt(sv.array([4], { dtype: 'uint8' })).dtype, 'float16', 'NumPy: the smallest float holding uint8');
  assert.equal(sv.sqrt(sv.array([4], { dtype: 'uint16' })).dtype, 'float32');
  assert.deepEqual(sv.sqrt(sv.array([4, 2], { dtype: 'int8' })).toArray(), [2, 1.4140625]);
  assert.equal(sv.sqrt(sv.array([4], { dtype: 'int32' })).dtype, 'float64');
  assert.deepEqual(sv.exp(sv.array([0])).toArray(), [1]);
  assert.deepEqual(sv.log(sv.array([1])).toArray(), [0]);
  throwsSv(assert, () => sv.neg(sv.array([true])), 'type_error', /neg: not defined for bool/);
});

test('sum / max / min / mean with axes and keepdims', () => {
  const a = sv.arange(24).reshape([2, 3, 4]);
  assert.equal(sv.sum(a), 276, 'int32 sums accumulate in int64 (read as a number while exact)');
  assert.equal(sv.sum(a, { keepdims: true }).dtype, 'int64');
  assert.deepEqual(sv.sum(a, { axis: [0, 2] }).toArray(), [60, 92, 124]);
  assert.deepEqual(sv.sum(a, { axis: 1, keepdims: true }).shape, [2, 1, 4]);
  assert.deepEqual(sv.sum(a, { axis: -1 }).shape, [2, 3]);
  assert.deepEqual(sv.max(a, { axis: 2 }).toArray(), [[3, 7, 11], [15, 19, 23]]);
  assert.deepEqual(sv.min(a.flip(), { axis: [0, 1] }).toArray(), [3, 2, 1, 0]);
  assert.equal(sv.mean(sv.array([1, 2, 3, 4])), 2.5);
  assert.equal(sv.sum(sv.array([1, 2], { dtype: 'uint8' }), { keepdims: true }).dtype, 'uint64');
  assert.equal(sv.sum(sv.array([1, 2], { dtype: 'uint8' })), 3);
  assert.equal(sv.sum(sv.array([1, 2], { dtype: 'float32' }), { keepdims: true }).dtype, 'float32');
  assert.equal(sv.sum(sv.array([true, true, false])), 2);
  assert.equal(sv.sum(sv.zeros([0])), 0);
  throwsSv(assert, () => sv.max(sv.zeros([0])), 'invalid_argument', /max: zero-size reduction/);
  throwsSv(assert, () => sv.sum(a, { axis: [0, 0] }), 'invalid_argument', /axis 0 is repeated/);
  throwsSv(assert, () => sv.sum(a, { axis: 3 }), 'out_of_range', /sum: axis 3 is out of bounds for array of dimension 3/);
  assert.throws(() => sv.sum(a, { keepdims: 1 }), TypeError);
  assert.deepEqual(sv.sum(a.broadcastTo([2, 2, 3, 4]), { axis: 0 }).shape, [2, 3, 4]);
});

test('concatenate, stack, split, vstack, hstack, dstack', () => {
  const a = sv.ones([2, 3], 'float32');
  const b = sv.zeros([2, 3], 'float32');
  assert.deepEqual(sv.concatenate([a, b], { axis: 0 }).shape, [4, 3]);
  assert.deepEqual(sv.concatenate([a, b], { axis: 1 }).shape, [2, 6]);
  assert.deepEqual(sv.concatenate([a, b], { axis: -1 }).toArray()[0], [1, 1, 1, 0, 0, 0]);
  assert.equal(sv.concatenate([a, sv.zeros([2, 1], 'int32')], { axis: 1 }).dtype, 'float64');
  throwsSv(assert, () => sv.concatenate([a, sv.zeros([3, 3])], { axis: 1 }), 'shape_mismatch', /along dimension 0, the array at index 0 has size 2 and the array at index 1 has size 3/);
  throwsSv(assert, () => sv.concatenate([sv.array(1), sv.array(2)]), 'invalid_argument', /zero-dimensional/);
  throwsSv(assert, () => sv.concatenate([]), 'invalid_argument', /non-empty/);
  const x = sv.array([1, 2, 3]);
  const y = sv.array([4, 5, 6]);
  assert.deepEqual(sv.stack([x, y]).toArray(), [[1, 2, 3], [4, 5, 6]]);
  assert.deepEqual(sv.stack([x, y], { axis: 1 }).toArray(), [[1, 4], [2, 5], [3, 6]]);
  throwsSv(assert, () => sv.stack([x, sv.zeros([2])]), 'shape_mismatch', /same shape/);
  const parts = sv.split(sv.arange(6), 3);
  assert.deepEqual(parts.map((p) => p.toArray()), [[0, 1], [2, 3], [4, 5]]);
  assert.ok(parts[0].base, 'split parts are views');
  assert.deepEqual(sv.split(sv.arange(6), [2, 2, 5]).map((p) => p.toArray()), [[0, 1], [], [2, 3, 4], [5]]);
  assert.deepEqual(sv.split(sv.arange(6).reshape([2, 3]), 3, { axis: 1 }).map((p) => p.shape), [[2, 1], [2, 1], [2, 1]]);
  throwsSv(assert, () => sv.split(sv.arange(7), 3), 'shape_mismatch', /equal division/);
  assert.deepEqual(sv.vstack([x, y]).shape, [2, 3]);
  assert.deepEqual(sv.hstack([x, y]).toArray(), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(sv.hstack([sv.ones([2, 1]), sv.zeros([2, 2])]).shape, [2, 3]);
  assert.deepEqual(sv.dstack([x, y]).shape, [1, 3, 2]);
  assert.deepEqual(sv.dstack([sv.ones([2, 2]), sv.ones([2, 2])]).shape, [2, 2, 2]);
});

test('tile and repeat', () => {
  const x = sv.array([[1, 2], [3, 4]]);
  assert.deepEqual(sv.tile(x, [2, 3]).shape, [4, 6]);
  assert.deepEqual(sv.tile(x, [1, 2]).toArray(), [[1, 2, 1, 2], [3, 4, 3, 4]]);
  assert.deepEqual(sv.tile(sv.array([1, 2]), 2).toArray(), [1, 2, 1, 2]);
  assert.deepEqual(sv.tile(sv.array([1, 2]), [2, 1]).toArray(), [[1, 2], [1, 2]]);
  assert.deepEqual(sv.tile(x, 0).shape, [2, 0]);
  assert.deepEqual(sv.repeat(x, 2, { axis: 0 }).toArray(), [[1, 2], [1, 2], [3, 4], [3, 4]]);
  assert.deepEqual(sv.repeat(x, 2, { axis: 1 }).toArray(), [[1, 1, 2, 2], [3, 3, 4, 4]]);
  assert.deepEqual(sv.repeat(x, 2).toArray(), [1, 1, 2, 2, 3, 3, 4, 4]);
  assert.deepEqual(sv.repeat(x, [1, 0], { axis: 0 }).toArray(), [[1, 2]]);
  throwsSv(assert, () => sv.repeat(x, [1, 2, 3], { axis: 0 }), 'shape_mismatch', /3 repeats for an axis of size 2/);
  throwsSv(assert, () => sv.repeat(x, -1, { axis: 0 }), 'invalid_argument', /non-negative/);
});
