// Shape module (concrete dims), computed by C++ through the wire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;
const { Shape } = sv;

test('Shape.numel', () => {
  assert.equal(Shape.numel([2, 3, 4]), 24);
  assert.equal(Shape.numel([]), 1);
  assert.equal(Shape.numel([3, 0]), 0);
  throwsSv(assert, () => Shape.numel([2, -1]), 'invalid_argument', /numel: dim 1 of shape \[2,-1\] is negative/);
  throwsSv(assert, () => Shape.numel([2 ** 30, 2 ** 30]), 'overflow', /exceeds 2\^53-1/);
});

test('Shape.cContiguousStrides follows the zero-size rule', () => {
  assert.deepEqual(Shape.cContiguousStrides([2, 3, 4]), [12, 4, 1]);
  assert.deepEqual(Shape.cContiguousStrides([2, 0, 3]), [0, 0, 1]);
  assert.deepEqual(Shape.cContiguousStrides([3, 0]), [0, 0]);
  assert.deepEqual(Shape.cContiguousStrides([2, 1, 3]), [3, 3, 1]);
  assert.deepEqual(Shape.cContiguousStrides([]), []);
});

test('Shape.ravelIndex / unravelIndex', () => {
  assert.equal(Shape.ravelIndex([1, 2, 3], [12, 4, 1]), 23);
  throwsSv(assert, () => Shape.ravelIndex([1, 2], [1]), 'rank_mismatch', /ravel_index: 2 indices for 1 strides/);
  assert.deepEqual(Shape.unravelIndex(23, [2, 3, 4]), [1, 2, 3]);
  assert.deepEqual(Shape.unravelIndex(0, []), []);
  assert.deepEqual(Shape.unravelIndex(0, [2, 0]), [0, 0]);
  throwsSv(assert, () => Shape.unravelIndex(24, [2, 3, 4]), 'out_of_range', /index 24 is out of bounds for shape \[2,3,4\]/);
  throwsSv(assert, () => Shape.unravelIndex(1, []), 'out_of_range', /only 0 is allowed/);
});

test('Shape.resolveNegOne', () => {
  assert.deepEqual(Shape.resolveNegOne([2, 6], [3, -1]), [3, 4]);
  assert.deepEqual(Shape.resolveNegOne([0, 4], [0, -1]), [0, 0]);
  throwsSv(assert, () => Shape.resolveNegOne([2, 6], [-1, -1]), 'invalid_argument', /more than one -1/);
  throwsSv(assert, () => Shape.resolveNegOne([2, 6], [5, -1]), 'shape_mismatch', /not a multiple of 5/);
  throwsSv(assert, () => Shape.resolveNegOne([2, 6], [0, -1]), 'shape_mismatch', /multiply to 0/);
});

test('Shape.broadcast and broadcastIndex', () => {
  assert.deepEqual(Shape.broadcast([3, 4], [1, 4]), [3, 4]);
  assert.deepEqual(Shape.broadcast([2, 3, 4], [4]), [2, 3, 4]);
  assert.deepEqual(Shape.broadcast([3, 4], [3, 1]), [3, 4]);
  assert.deepEqual(Shape.broadcast([3, 1], [1, 4], [2, 1, 1]), [2, 3, 4]);
  throwsSv(assert, () => Shape.broadcast([3], [4]), 'shape_mismatch', /broadcast: shapes \[3\] and \[4\] are incompatible at output dim 0 \(3 vs 4\)/);
  assert.deepEqual(Shape.broadcastIndex([1, 2, 3], [3, 1]), [2, 0]);
  throwsSv(assert, () => Shape.broadcastIndex([1], [3, 1]), 'rank_mismatch', /lower rank/);
});

test('Shape.toString', () => {
  assert.equal(Shape.toString([2, 3, 4]), '[2,3,4]');
  assert.equal(Shape.toString([]), '[]');
});

test('Shape argument validation: TypeError / RangeError naming the op', () => {
  assert.throws(() => Shape.numel('23'), { name: 'TypeError', message: /Shape\.numel: shape must be an array/ });
  assert.throws(() => Shape.numel([1.5]), { name: 'RangeError', message: /Shape\.numel: shape\[0\] must be an integer, got 1\.5/ });
  assert.throws(() => Shape.numel([NaN]), { name: 'RangeError', message: /NaN/ });
  assert.throws(() => Shape.numel([2 ** 60]), { name: 'RangeError', message: /beyond/ });
  assert.equal(Shape.numel([2n, 3n]), 6);
  assert.throws(() => Shape.numel([2n ** 60n]), { name: 'RangeError' });
});
