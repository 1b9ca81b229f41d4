// View: an immutable value; every op is one C++ call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng, throwsSv } from './helpers.mjs';

await ready;
const { View, Sym } = sv;

test('create and properties', () => {
  const v = View.create([2, 3, 4]);
  assert.deepEqual(v.shape, [2, 3, 4]);
  assert.deepEqual(v.strides, [12, 4, 1]);
  assert.equal(v.offset, 0);
  assert.equal(v.ndim, 3);
  assert.equal(v.numel, 24);
  assert.equal(v.mask, null);
  assert.equal(v.isCContiguous, true);
  assert.equal(v.dim(1), 3);
  assert.equal(v.stride(0), 12);
  assert.deepEqual(v.stridesOpt(), [12, 4, 1]);
  assert.equal(v.canGetStrides(), true);
  assert.equal(v.isMaterializable(), true);
  assert.equal(v.toString(), 'View(shape=[2,3,4], strides=[12,4,1], offset=0, mask=None, contiguous=true)');
  throwsSv(assert, () => v.dim(3), 'out_of_range', /dim: axis 3 is out of range for a view of rank 3/);
  throwsSv(assert, () => v.stride(-1), 'out_of_range', /stride: axis -1/);
  const w = View.create([2, 3], { offset: 5, strides: [1, 2], mask: [[0, 1], [0, 3]] });
  assert.deepEqual(w.strides, [1, 2]);
  assert.equal(w.offset, 5);
  assert.deepEqual(w.mask, [[0, 1], [0, 3]]);
  assert.equal(w.isCContiguous, false);
  assert.equal(w.stridesOpt(), null);
  assert.equal(w.canGetStrides(), false);
  assert.equal(w.isMaterializable(), false);
  assert.deepEqual(w.requiredSpan(), [5, 9]);
  throwsSv(assert, () => View.create([2, -3]), 'invalid_argument', /create: dim 1 of shape \[2,-3\] is negative \(-3\)/);
  throwsSv(assert, () => View.create([2, 3], { strides: [1] }), 'rank_mismatch', /create: 1 strides for shape \[2,3\] of rank 2/);
  throwsSv(assert, () => View.create([2], { mask: [[1, 3]] }), 'invalid_argument', /mask range \(1,3\) of dim 0 is invalid for size 2/);
  assert.throws(() => View.create([2], { offset: 0.5 }), RangeError);
  // Normalisation: zero-size shapes drop offset and mask; full masks are dropped.
  const z = View.create([2, 0], { offset: 7 });
  assert.equal(z.offset, 0);
  assert.deepEqual(z.strides, [0, 0]);
  assert.equal(View.create([2], { mask: [[0, 2]] }).mask, null);
});

test('linearIndex and isValid', () => {
  const v = View.create([2, 3], { offset: 1, strides: [3, 1] });
  assert.equal(v.linearIndex([1, 2]), 6);
  throwsSv(assert, () => v.linearIndex([1]), 'rank_mismatch', /linear_index: index \[1\] has rank 1 but the view has rank 2/);
  const p = View.create([2, 3]).pad([[1, 0], [0, 0]]);
  assert.equal(p.isValid([0, 0]), false);
  assert.equal(p.isValid([1, 0]), true);
  assert.equal(p.isValid([1]), false, 'rank mismatch is false, not an error');
});

test('reshape: views whenever one strided view fits, masks carried', () => {
  const v = View.create([2, 3, 4], { strides: [24, 4, 1] });
  assert.deepEqual(v.reshape([2, 2, 6]).strides, [24, 6, 1]);
  assert.deepEqual(View.create([1, 2, 4], { strides: [4, 4, 1] }).reshape([4, 2]).strides, [2, 1]);
  assert.deepEqual(View.create([6]).reshape([2, -1]).shape, [2, 3]);
  const t = View.create([3, 2]).permute([1, 0]);
  throwsSv(assert, () => t.reshape([6]), 'not_expressible', /reshape: cannot reshape \[2,3\] with strides \[1,2\] to \[6\].*call contiguous\(\) first/);
  throwsSv(assert, () => v.reshape([5]), 'shape_mismatch', /24 elements.*5 elements/);
  const p = View.create([2, 3]).pad([[1, 1], [0, 0]]).reshape([12]);
  assert.deepEqual(p.mask, [[3, 9]]);
  assert.equal(p.offset, -3);
});

test('expand, broadcastTo, permute, shrink, pad, flip', () => {
  const v = View.create([3, 1]);
  const e = v.expand([3, 4]);
  assert.deepEqual(e.strides, [1, 0]);
  throwsSv(assert, () => View.create([3, 2]).expand([3, 4]), 'shape_mismatch', /expand: cannot expand \[3,2\] to \[3,4\]: dim 1 has size 2/);
  throwsSv(assert, () => v.expand([2, 3, 1]), 'rank_mismatch', /rank 2 vs 3/);
  assert.deepEqual(View.create([]).expand([2, 2]).strides, [0, 0]);
  const b = View.create([3]).broadcastTo([2, 3]);
  assert.deepEqual(b.shape, [2, 3]);
  assert.deepEqual(b.strides, [0, 1]);
  const p = View.create([2, 3, 4]).permute([2, 0, 1]);
  assert.deepEqual(p.shape, [4, 2, 3]);
  assert.deepEqual(p.strides, [1, 12, 4]);
  throwsSv(assert, () => View.create([2, 3]).permute([0, 0]), 'invalid_argument', /axis 0 appears more than once/);
  throwsSv(assert, () => View.create([2, 3]).permute([0, 2]), 'out_of_range', /axis 2 at position 1 is out of range/);
  const s = View.create([4, 5]).shrink([[1, 3], [2, 5]]);
  assert.deepEqual(s.shape, [2, 3]);
  assert.equal(s.offset, 7);
  throwsSv(assert, () => View.create([4]).shrink([[2, 2]]), 'out_of_range', /shrink: bound \(2,2\) of dim 0 is invalid for size 4/);
  const pd = View.create([2, 2]).pad([[1, 0], [0, 2]]);
  assert.deepEqual(pd.shape, [3, 4]);
  assert.deepEqual(pd.mask, [[1, 3], [0, 2]]);
  assert.equal(pd.offset, -2);
  throwsSv(assert, () => View.create([2]).pad([[-1, 0]]), 'invalid_argument', /pad: padding \(-1,0\) of dim 0 is negative/);
  const f = View.create([2, 3]).flip([false, true]);
  assert.deepEqual(f.strides, [3, -1]);
  assert.equal(f.offset, 2);
  assert.throws(() => View.create([2]).flip([1]), TypeError);
  throwsSv(assert, () => View.create([2]).flip([true, false]), 'rank_mismatch', /flip: 2 flags for a view of rank 1/);
  assert.deepEqual(pd.simplify().shape, [3, 4]);
});

test('symbolic views: derivations replayed by C++, strides symbolic until bound', () => {
  const n = Sym.variable('n', 1, 16);
  const v = View.create([3, Sym.dim(n)]);
  assert.equal(v.isCContiguous, true);
  assert.equal(Sym.toString(v.strides[0]), `n#${n.id}`);
  const t = v.permute([1, 0]);
  assert.equal(t.isCContiguous, false);
  assert.equal(t.toString(), `View(shape=[n#${n.id},3], strides=[1,n#${n.id}], offset=0, mask=None, contiguous=false)`);
  const back = t.permute([1, 0]);
  assert.equal(back.isCContiguous, true);
  throwsSv(assert, () => t.stride(1), 'unbound', /needs a value but variable n#\d+ is unbound; bind it first/);
  const r = v.reshape([Sym.mul(Sym.dim(n), 3)]);
  assert.equal(Sym.toString(r.shape), `[(n#${n.id}*3)]`);
  throwsSv(assert, () => v.shrink([[0, 1], [0, 1]]), 'unbound');
  n.bind(4);
  assert.equal(t.stride(1), 4);
  assert.deepEqual(t.stridesOpt(), [1, 4]);
  const s = t.shrink([[1, 3], [0, 3]]);
  assert.deepEqual(s.shape, [2, 3]);
  assert.deepEqual(s.strides, [1, 4]);
  assert.equal(s.offset, 1);
  assert.deepEqual(View.create([Sym.dim(n), 2]).expand([Sym.dim(n), 2]).shape.length, 2);
  assert.equal(View.create([1]).expand([Sym.dim(n)]).strides[0], 0);
});

// Concrete views take the binding's allocation-free fast path (view/flat.hpp); a view whose dim 0
// is a bound variable of the same value takes the general path (sym::Dim, View). Both must give the
// same results and the same error codes, on random views with masks, negative and zero strides,
// offsets, rank 0 and rank 32.
test('fast path of concrete views agrees with the general path', () => {
  const r = rng(4242);
  const n = Sym.variable('fastpath', 0, 1 << 20);
  const describe = (v) => ({
    shape: Sym.eval(v.shape),
    strides: Sym.eval(v.strides),
    offset: v.offset,
    mask: v.mask && v.mask.map((p) => [...p]),
    contiguous: v.isCContiguous,
    numel: Sym.evalDim(v.numel),
  });
  const outcome = (f) => {
    try {
      return { ok: describe(f()) };
    } catch (e) {
      if (!(e instanceof sv.StrideViewError)) throw e;
      return { error: e.code };
    }
  };
  let compared = 0;
  let succeeded = 0;
  for (let iter = 0; iter < 1500; iter++) {
    const rank = r.int(0, 19) === 0 ? 32 : r.int(0, 4);
    const shape = [];
    for (let i = 0; i < rank; i++) shape.push(rank === 32 ? (i === 0 ? 2 : 1) : i === 0 ? r.int(2, 5) : r.pick([0, 1, 2, 3, 4, 5]));
    const opts = {};
    if (r.int(0, 3) !== 0) opts.strides = shape.map(() => r.pick([0, 1, 2, 7, -1, -3, 12, -20]));
    opts.offset = r.int(0, 9) === 0 ? 2 ** 53 - 2 : r.int(0, 100);
    if (r.int(0, 2) === 0) {
      opts.mask = shape.map((d) => {
        const b = r.int(0, d);
        return [b, r.int(0, 9) === 0 ? d + 1 : r.int(b, d)];
      });
    }
    if (rank > 0) n.bind(shape[0]);
    const symShape = rank > 0 ? [Sym.dim(n), ...shape.slice(1)] : [];
    const make = (s) => () => View.create(s, opts);
    const a = outcome(make(shape));
    const b = outcome(make(symShape));
    assert.deepEqual(a, b, `create ${JSON.stringify([shape, opts])}`);
    compared++;
    if (a.error) continue;
    const fast = View.create(shape, opts);
    const slow = View.create(symShape, opts);
    const axes = r.shuffle([...Array(rank).keys()]);
    if (rank > 1 && r.int(0, 9) === 0) axes[0] = axes[1];
    const bounds = shape.map((d) => {
      const s0 = d > 0 ? r.int(0, d - 1) : 0;
      return r.int(0, 3) === 0 ? [0, d] : [s0, r.int(0, 19) === 0 ? d + 1 : d > 0 ? r.int(s0 + 1, d) : 0];
    });
    const padding = shape.map(() => [r.int(0, 29) === 0 ? -1 : r.int(0, 2), r.int(0, 2)]);
    const flags = shape.map(() => r.int(0, 1) === 1);
    for (const [name, op] of [
      ['permute', (v) => v.permute(axes)],
      ['shrink', (v) => v.shrink(bounds)],
      ['pad', (v) => v.pad(padding)],
      ['flip', (v) => v.flip(flags)],
      ['shrink+flip+permute', (v) => v.shrink(bounds).flip(flags).permute(axes)],
    ]) {
      const x = outcome(() => op(fast));
      const y = outcome(() => op(slow));
      assert.deepEqual(x, y, `${name} of ${JSON.stringify([shape, opts])}: ${JSON.stringify([axes, bounds, padding, flags])}`);
      compared++;
      if (x.ok) succeeded++;
    }
  }
  n.unbind();
  assert.ok(compared > 5000 && succeeded > 2000, `compared ${compared}, succeeded ${succeeded}`);
});

test('fast path: errors name the op and the numbers, and the instance keeps working', () => {
  const v = View.create([2, 3], { strides: [-3, 1], offset: 3 });
  throwsSv(assert, () => v.permute([0, 0]), 'invalid_argument', /permute: axis 0 appears more than once/);
  throwsSv(assert, () => v.permute([0, 2]), 'out_of_range', /permute: axis 2 at position 1 is out of range \[0, 2\)/);
  throwsSv(assert, () => v.permute([0]), 'rank_mismatch', /permute: 1 axes for a view of rank 2/);
  throwsSv(assert, () => v.shrink([[0, 3], [0, 3]]), 'out_of_range', /shrink: bound \(0,3\) of dim 0 is invalid for size 2/);
  throwsSv(assert, () => v.pad([[-1, 0], [0, 0]]), 'invalid_argument', /pad: padding \(-1,0\) of dim 0 is negative/);
  throwsSv(assert, () => View.create([2 ** 26, 2], { strides: [2 ** 30, 2 ** 24] }), 'overflow', /create: view of shape/);
  assert.throws(() => v.permute([0, 1.5]), RangeError);
  assert.throws(() => v.permute('01'), TypeError);
  assert.throws(() => v.shrink([[0, 1, 2], [0, 3]]), TypeError);
  const t = v.permute([1, 0]);
  assert.deepEqual([t.shape, t.strides, t.offset], [[3, 2], [1, -3], 3]);
  assert.ok(Object.isFrozen(t.shape) && Object.isFrozen(t.strides));
  assert.deepEqual(v.permute([1n, 0n]).shape, [3, 2]);
});
