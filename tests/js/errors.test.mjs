// The error class and its contract: every C++ error arrives as a StrideViewError with .code and a
// message naming the op and the numbers; argument errors are TypeError / RangeError naming the op.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready } from './helpers.mjs';

await ready;

test('StrideViewError is an exported Error subclass with a code', () => {
  const e = new sv.StrideViewError('shape_mismatch', 'x: y');
  assert.ok(e instanceof Error);
  assert.equal(e.name, 'StrideViewError');
  assert.equal(e.code, 'shape_mismatch');
  assert.equal(e.message, 'x: y');
});

test('C++ error codes map to names', () => {
  const cases = [
    [() => sv.Shape.numel([-1]), 'invalid_argument'],
    [() => sv.View.create([2]).permute([0, 1]), 'rank_mismatch'],
    [() => sv.Shape.unravelIndex(9, [2]), 'out_of_range'],
    [() => sv.Shape.broadcast([2], [3]), 'shape_mismatch'],
    [() => sv.Shape.numel([2 ** 27, 2 ** 27]), 'overflow'],
    [() => sv.View.create([sv.Sym.dynamic('u', 0, 3)]).stride(0) && sv.View.create([sv.Sym.dynamic('u', 0, 3), 2]).shrink([[0, 1], [0, 1]]), 'unbound'],
    [() => sv.View.create([2, 3]).permute([1, 0]).reshape([6]), 'not_expressible'],
    [() => sv.Sym.bind(sv.Sym.variable('b', 0, 1), 2), 'out_of_bounds'],
    [() => sv.arange(3).broadcastTo([2, 3]).assign(1), 'read_only'],
    [() => sv.sub(sv.array([true]), sv.array([true])), 'type_error'],
  ];
  for (const [fn, code] of cases) {
    assert.throws(fn, (e) => e instanceof sv.StrideViewError && e.code === code && /^[a-zA-Z_. ]+:/.test(e.message), code);
  }
});

test('argument validation: TypeError / RangeError naming the op and the value', () => {
  const a = sv.arange(6).reshape([2, 3]);
  assert.throws(() => a.reshape('6'), { name: 'TypeError', message: /reshape: shape must be an array of integers, got "6"/ });
  assert.throws(() => a.reshape([2, 3.5]), { name: 'RangeError', message: /reshape: shape\[1\] must be an integer, got 3\.5/ });
  assert.throws(() => a.transpose([0, NaN]), { name: 'RangeError', message: /transpose: axes\[1\] must be an integer, got NaN/ });
  assert.throws(() => a.get('1'), { name: 'TypeError', message: /get: indices must be an array/ });
  assert.throws(() => sv.zeros([2], 'float128'), { name: 'TypeError', message: /zeros: unknown dtype "float128"/ });
  assert.throws(() => sv.View.create([2], { strides: [1n ** 1n, 2] }), (e) => e instanceof sv.StrideViewError && e.code === 'rank_mismatch');
  assert.deepEqual(a.reshape([3n, 2n]).shape, [3, 2], 'bigints are accepted for integer arguments');
  assert.throws(() => a.reshape([2n ** 64n]), { name: 'RangeError', message: /beyond \+-2\^53-1/ });
});

test('errors from inner steps are re-labelled with the op the user called (class and code kept)', () => {
  const a = sv.arange(6).reshape([2, 3]);
  // tile's inner broadcast overflows: the message names tile first, the code stays overflow
  assert.throws(() => sv.tile(a, [2 ** 30, 2 ** 30]), (e) => e instanceof sv.StrideViewError && e.code === 'overflow' && /^tile: /.test(e.message));
  // add's inner conversion of JS data raises a TypeError: still a TypeError, named add (not the inner array())
  assert.throws(() => sv.add(a, [['x']]), (e) => e instanceof TypeError && /^add: elements must be numbers/.test(e.message));
  assert.throws(() => sv.max(sv.zeros([0])), (e) => e instanceof sv.StrideViewError && e.code === 'invalid_argument' && /^max: /.test(e.message));
  assert.throws(() => sv.Shape.numel([-1]), (e) => e.code === 'invalid_argument' && /^Shape\.numel: /.test(e.message));
  assert.throws(() => sv.Sym.dynamic('n', 5, 1), (e) => e.code === 'invalid_argument' && /^Sym\.dynamic: /.test(e.message));
  assert.throws(() => sv.Shape.broadcastIndex([5], [3]), (e) => e.code === 'out_of_range' && /^Shape\.broadcastIndex: .*5/.test(e.message));
  assert.throws(() => sv.explain(a, { maxElements: -1 }), { name: 'RangeError', message: /^explain: maxElements .* -1/ });
  assert.throws(() => sv.resultTypeWithScalar('int8', 'x'), { name: 'TypeError', message: /^resultTypeWithScalar: .*"x"/ });
  assert.throws(() => sv.stack([a, a], { axis: [1] }), { name: 'TypeError', message: /^stack: axis must be an integer/ });
  (a.base ?? a).dispose();
});
