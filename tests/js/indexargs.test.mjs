// Extra arguments are never dropped (issue 12): get, item and set take their indices as separate
// integers (scijs `ndarray.get(i, j)`, NumPy `a.item(i, j)`) or as one array, with the same rule
// in all three; everything else throws. Before, `a.get(5, 7)` returned row 5 and ignored the 7.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready } from './helpers.mjs';

await ready;

function grid() {
  return sv.arange(0, 12, 1, 'int32').reshape([3, 4]);
}
function throwsSV(fn, code, re) {
  assert.throws(fn, (e) => e instanceof sv.StrideViewError && e.code === code && re.test(e.message), String(re));
}

test('get: separate integers and one array mean the same; a full index gives the element as a JS value', () => {
  const a = grid();
  const before = sv.memoryStats().liveArrays;
  for (const [args, want] of [
    [[2, 1], 9],
    [[[2, 1]], 9],
    [[-1, -1], 11],
    [[1n, 3n], 7],
    [[new Int32Array([1, 2])], 6],
  ]) {
    const v = a.get(...args);
    assert.equal(v, want, `get(${args})`);
  }
  throwsSV(() => a.get(1), 'rank_mismatch', /^get: 1 index for an array of dimension 2/); // get reads one element
  const row = a.slice(1);
  assert.deepEqual(row.toArray(), [4, 5, 6, 7], 'one index: the row');
  row.dispose();
  assert.equal(sv.memoryStats().liveArrays, before);
  a.base.dispose();
});

test('get: the scijs habit a.get(5, 7) on a 1-d array is refused, not read as a.get(5)', () => {
  const x = sv.arange(0, 10, 1, 'int32');
  throwsSV(() => x.get(5, 7), 'out_of_range', /^get: .*1-dimensional, but 2 were indexed/);
  const a = grid();
  throwsSV(() => a.get(1, 2, 3), 'out_of_range', /^get: .*too many indices.*2-dimensional, but 3 were indexed/);
  a.base.dispose();
  x.dispose();
});

test('get / item / set: an index array followed by more arguments throws (nothing is ignored)', () => {
  const a = grid();
  throwsSV(() => a.get([1, 2], 3), 'invalid_argument', /^get: pass the indices as separate integers or as one array, not both: got \(\[1,2\], 3\)/);
  throwsSV(() => a.get(1, [2]), 'invalid_argument', /^get: .*not both/);
  throwsSV(() => a.item([1, 2], 3), 'invalid_argument', /^item: .*not both: got \(\[1,2\], 3\)/);
  throwsSV(() => a.set([1], 2, 9), 'invalid_argument', /^set: .*not both/);
  assert.throws(() => a.get(), (e) => e instanceof TypeError && /^get: expected indices/.test(e.message));
  assert.throws(() => a.set(5), (e) => e instanceof TypeError && /^set: expected indices and then a value.*got 1 argument \(5\)/.test(e.message));
  assert.throws(() => a.set(), (e) => e instanceof TypeError && /^set: .*got 0 arguments/.test(e.message));
  assert.throws(() => a.get(1, 'x'), (e) => e instanceof TypeError && /^get: indices\[1\] .*"x"/.test(e.message));
  assert.throws(() => a.item(1, 1.5), (e) => e instanceof RangeError && /^item: indices\[1\] .*1\.5/.test(e.message));
  assert.throws(() => a.get(1, undefined), (e) => e instanceof TypeError && /^get: indices\[1\].*undefined/.test(e.message));
  assert.deepEqual(a.toArray(), [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], 'nothing was written');
  a.base.dispose();
});

test('item: variadic, array, and no argument for size 1', () => {
  const a = grid();
  assert.equal(a.item(2, 3), 11);
  assert.equal(a.item([2, 3]), 11);
  assert.equal(a.item(-1, 0), 8);
  throwsSV(() => a.item(1), 'rank_mismatch', /^item: 1 indices for an array of dimension 2/);
  throwsSV(() => a.item(1, 2, 3), 'rank_mismatch', /^item: 3 indices/);
  const one = sv.arange(0, 1, 1, 'int32');
  assert.equal(one.item(), 0);
  one.dispose();
  assert.equal(a.slice('1:2, 2:3').item(), 6);
  const i64 = sv.array([[1n, 2n], [3n, 4n]]);
  assert.equal(i64.item(1, 0), 3);
  assert.equal(i64.itemBigInt(1, 0), 3n);
  i64.dispose();
  a.base.dispose();
});

test('set: the value is the last argument, indices before it by the same rule', () => {
  const live = sv.memoryStats().liveArrays;
  const a = grid();
  a.set(0, 0, 100); // scijs ndarray.set(i, j, v)
  a.set([0, 1], 101);
  a.set(1, [40, 50, 60, 70]); // one index: a row, value broadcast
  a.set(2, 5); // one index, scalar: the whole row
  assert.deepEqual(a.toArray(), [[100, 101, 2, 3], [40, 50, 60, 70], [5, 5, 5, 5]]);
  const t = a.transpose();
  t.set(3, 0, -1); // through a strided view: element [0, 3] of a
  assert.equal(a.item(0, 3), -1);
  throwsSV(() => a.set(0, 0, 0, 1), 'out_of_range', /^set: .*too many indices/);
  t.dispose();
  a.base.dispose();
  assert.equal(sv.memoryStats().liveArrays, live);
});
