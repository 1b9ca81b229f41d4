// The op-chain parser of strideview/element (web/src/opchain.ts): the demo's op syntax as text,
// applied through the package's public API on arrays and bare views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';

const { applyOps, applyOp, parseOps, parseDimList, OpChainError } = await import('../../dist/element.mjs');
await ready;
const { arange, View, Sym } = sv;

test('parseOps: separators, the URL form, parentheses, pairs continued after ;', () => {
  assert.deepEqual(parseOps('transpose; slice ::-1, 1:3'), [
    { name: 'transpose', arg: '', noCopy: false, text: 'transpose' },
    { name: 'slice', arg: '::-1, 1:3', noCopy: false, text: 'slice ::-1, 1:3' },
  ]);
  assert.deepEqual(parseOps('slice:::-1'), [{ name: 'slice', arg: '::-1', noCopy: false, text: 'slice:::-1' }]);
  assert.deepEqual(parseOps('reshape!(2, 6)\npad 1,1; 0,2; flip').map((s) => [s.name, s.arg, s.noCopy]), [
    ['reshape', '2, 6', true],
    ['pad', '1,1; 0,2', false],
    ['flip', '', false],
  ]);
  assert.deepEqual(parseOps('  ;  '), []);
  assert.throws(() => parseOps('frob 2'), (e) => e instanceof OpChainError && /"frob 2" is not an op/.test(e.message));
  assert.throws(() => parseOps('transpose2'), /write the op and its argument apart, e.g. "transpose 2"/);
  assert.throws(() => parseOps('flip!'), /"flip!" is not an op/);
});

test('applyOps on arrays: views, copies, and the engine deciding', () => {
  const a = arange(0, 12, 1, 'int32').reshape([3, 4]);
  const t = applyOps(a, 'transpose; slice ::-1, 1:3');
  assert.deepEqual([t.shape, t.strides, t.view.offset], [[4, 2], [-1, 4], 7]);
  assert.equal(t.base, a.base);
  assert.deepEqual(applyOps(a, 'pad 1,1; 0,0').mask, [[1, 4], [0, 4]]);
  assert.deepEqual(applyOps(a, 'unsqueeze 0; expand 2,3,4; squeeze').shape, [2, 3, 4]);
  assert.deepEqual(applyOps(a, 'permute 1,0; contiguous; reshape 12').toArray(), [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
  throwsSv(assert, () => applyOps(a, 'transpose; reshape! 12'), 'not_expressible', /^reshape: cannot reshape \[4,3\] with strides \[1,4\]/);
  assert.throws(() => applyOps(a, 'reshape 2,y'), (e) => e instanceof OpChainError && /^reshape: "y" is not an integer/.test(e.message));
  assert.throws(() => applyOps(a, 'pad 1,1,0'), /^OpChainError: pad: expected one pair per dim, like 1,1; 0,2 \(got 3 numbers\)/);
  a.base.dispose();
});

test('applyOps on a bare View: movement ops only', () => {
  const v = applyOps(View.create([3, 4]), 'transpose; flip 0; pad 1,0; 0,0');
  assert.deepEqual([v.shape, v.strides, v.offset, v.mask], [[5, 3], [-1, 4], 4, [[1, 5], [0, 3]]]);
  assert.throws(() => applyOps(View.create([3, 4]), 'slice 1'), /^OpChainError: slice: needs an NDArray/);
  assert.throws(() => applyOps([1, 2], 'flip'), /^TypeError: applyOps: a must be an NDArray or a View/);
});

test('applyOp: one step by name and argument text, as the demo applies its op inputs', () => {
  const a = arange(0, 12).reshape([3, 4]);
  const p = applyOp(a, { name: 'pad', arg: '1,1; 0,0' });
  assert.deepEqual([p.shape, p.mask], [[5, 4], [[1, 4], [0, 4]]]);
  assert.deepEqual(applyOp(a, { name: 'slice', arg: '::-1, 1:3' }).toArray(), [[9, 10], [5, 6], [1, 2]]);
  throwsSv(assert, () => applyOp(a.transpose(), { name: 'reshape', arg: '12', noCopy: true }), 'not_expressible', /^reshape: cannot reshape \[4,3\]/);
  assert.deepEqual(applyOp(a.transpose(), { name: 'reshape', arg: '12' }).toArray(), [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
  assert.throws(() => applyOp(a, { name: 'frob', arg: '' }), (e) => e instanceof OpChainError && /^applyOp: step must be \{ name, arg \} with name one of reshape, transpose/.test(e.message));
  assert.throws(() => applyOp(a, { name: 'flip', arg: 3 }), /^OpChainError: applyOp: step must be/);
  assert.throws(() => applyOp(a, null), /^OpChainError: applyOp: step must be/);
  assert.throws(() => applyOp({}, { name: 'flip', arg: '' }), /^TypeError: applyOp: a must be an NDArray or a View/);
  // The same words for an array (the engine) and a bare View (the flag list built here).
  throwsSv(assert, () => applyOp(a, { name: 'flip', arg: '0, 5' }), 'out_of_range', /^flip: axis 5 is out of bounds for array of dimension 2$/);
  assert.throws(() => applyOp(View.create([3, 4]), { name: 'flip', arg: '0, 5' }), /^OpChainError: flip: axis 5 is out of bounds for array of dimension 2$/);
  a.base.dispose();
});

test('parseDimList and symbolic dims through the dim resolver', () => {
  assert.deepEqual(parseDimList('n, 4', 'reshape'), ['n', 4]);
  assert.deepEqual(parseDimList('[2,-1]', 'reshape'), [2, -1]);
  assert.throws(() => parseDimList('2, 4.5', 'expand'), /^OpChainError: expand: "4\.5" is neither an integer nor a variable name/);
  const n = Sym.variable('n', 1, 8);
  const base = View.create([Sym.dim(n), 4]);
  const dim = (name) => {
    if (name !== 'n') throw new OpChainError(`unknown variable "${name}"`);
    return Sym.dim(n);
  };
  assert.throws(() => applyOps(base, 'unsqueeze 0', { dim }), /^OpChainError: unsqueeze: needs an NDArray/);
  const r = applyOps(View.create([Sym.dim(n), 4, 1]), 'expand n, 4, 3', { dim });
  assert.equal(Sym.toString(r.shape), Sym.toString([Sym.dim(n), 4, 3]));
  const t = applyOp(base, { name: 'reshape', arg: '4, n' }, { dim });
  assert.equal(Sym.toString(t.shape), Sym.toString([4, Sym.dim(n)]));
  assert.throws(() => applyOps(base, 'reshape 4, n'), /^OpChainError: reshape: "n" is not an integer/);
  assert.throws(() => applyOps(base, 'reshape 4, m', { dim }), /unknown variable "m"/);
});
