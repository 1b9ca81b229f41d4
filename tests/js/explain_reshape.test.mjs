// explainReshape: the engine's reshape analysis (groups, blocking pair, text) through the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng, throwsSv } from './helpers.mjs';

await ready;
const { View, Sym, arange, explainReshape, StrideViewError } = sv;

test('a transposed array cannot flatten: the blocking pair and its numbers', () => {
  const a = arange(0, 12, 1, 'float32').reshape([3, 4]);
  const t = a.transpose();
  const e = explainReshape(t, [12]);
  assert.equal(e.view, false);
  assert.deepEqual(e.shape, [12]);
  assert.deepEqual(e.groups, [{ input: [0, 2], output: [0, 1] }]);
  assert.deepEqual(e.blocking, { axes: [0, 1], strides: [1, 4], shapes: [4, 3], expected: 12 });
  assert.equal(e.maskBlocking, null);
  assert.equal(e.strides, null);
  assert.equal(
    e.text,
    'reshape [4,3] with strides [1,4] to [12] needs a copy: dims 0 and 1 ([4,3], strides [1,4]) would merge ' +
      'into one dim of 12, but stride[0] = 1 is not stride[1] * shape[1] = 4 * 3 = 12; call contiguous() first.',
  );
  // The engine's reshape decides the same way.
  assert.throws(() => t.reshape([12], { copy: false }), (err) => err instanceof StrideViewError && err.code === 'not_expressible');
  // After contiguous() it is a view.
  const c = t.contiguous();
  const f = explainReshape(c, [12]);
  assert.equal(f.view, true);
  assert.deepEqual(f.strides, [1]);
  assert.match(f.text, /is a view with strides \[1\] \(no copy\): dims 0 and 1 \(\[4,3\]\) merge into dim 0 \(\[12\]\)/);
  a.base.dispose();
});

test('View inputs, splits and -1', () => {
  const v = View.create([2, 3, 4]);
  const e = explainReshape(v, [6, -1]);
  assert.equal(e.view, true);
  assert.deepEqual(e.shape, [6, 4]);
  assert.deepEqual(e.groups, [
    { input: [0, 2], output: [0, 1] },
    { input: [2, 3], output: [1, 2] },
  ]);
  assert.deepEqual(e.strides, [4, 1]);
  assert.equal(e.blocking, null);
  const s = explainReshape(v.permute([2, 0, 1]), [2, 2, 6]);
  assert.equal(s.view, true);
  assert.deepEqual(s.strides, v.permute([2, 0, 1]).reshape([2, 2, 6]).strides);
  assert.match(s.text, /dim 0 \(\[4\]\) splits into dims 0 and 1 \(\[2,2\]\)/);
  const n = explainReshape(v.permute([2, 0, 1]), [24]);
  assert.equal(n.view, false);
  assert.deepEqual(n.shape, [24]);
  // [4,2,3] with strides [1,12,4]: the first pair (0,1) breaks the rule: 1 != 12 * 2.
  assert.deepEqual(n.blocking, { axes: [0, 1], strides: [1, 12], shapes: [4, 2], expected: 24 });
});

test('masked views: a mask that is not a box of the result blocks', () => {
  const p = View.create([2, 3]).pad([
    [0, 0],
    [1, 1],
  ]);
  const e = explainReshape(p, [10]);
  assert.equal(e.view, false);
  assert.equal(e.blocking, null);
  assert.deepEqual(e.maskBlocking, { input: [0, 2], output: [0, 1] });
  assert.match(e.text, /the valid cells of dims 0 and 1 \(mask \[\(0,2\),\(1,4\)\] of \[2,5\]\) are not one box/);
  // A padded array reshaped into a box keeps its mask.
  const r = View.create([2, 3]).pad([
    [1, 1],
    [0, 0],
  ]);
  const ok = explainReshape(r, [12]);
  assert.equal(ok.view, true);
  assert.match(ok.text, /the mask becomes \[\(3,9\)\]/);
  assert.deepEqual(r.reshape([12]).mask, [[3, 9]]);
  const arr = arange(0, 6, 1, 'int32').reshape([2, 3]).padView([[0, 0], [1, 1]]);
  assert.equal(explainReshape(arr, [10]).view, false);
  arr.base.dispose();
});

test('symbolic views: groups over symbolic dims, numbers once bound', () => {
  const n = Sym.variable('n', 1, 64);
  const v = View.create([Sym.dim(n), 4]);
  const flat = [Sym.mul(Sym.dim(n), 4)];
  const e = explainReshape(v, flat);
  assert.equal(e.view, true);
  assert.deepEqual(e.groups, [{ input: [0, 2], output: [0, 1] }]);
  const t = v.permute([1, 0]);
  const f = explainReshape(t, flat);
  assert.equal(f.view, false);
  assert.equal(f.blocking, null);
  assert.match(f.text, /unbound/);
  assert.deepEqual(f.groups, [{ input: [0, 2], output: [0, 1] }]);
  n.bind(5);
  try {
    const b = explainReshape(t, flat);
    assert.equal(b.view, false);
    assert.deepEqual(b.blocking, { axes: [0, 1], strides: [1, 4], shapes: [4, 5], expected: 20 });
    assert.match(b.text, /stride\[0\] = 1 is not stride\[1\] \* shape\[1\] = 4 \* 5 = 20/);
  } finally {
    n.unbind();
  }
});

test('errors: bad shapes and bad arguments say what is wrong', () => {
  const v = View.create([3, 4]);
  throwsSv(assert, () => explainReshape(v, [5]), 'shape_mismatch', /^explainReshape: reshape: cannot reshape \[3,4\] \(12 elements\) to \[5\] \(5 elements\)/);
  throwsSv(assert, () => explainReshape(v, [-1, -1]), 'invalid_argument', /^explainReshape: /);
  throwsSv(assert, () => explainReshape(v, [-2, 6]), 'invalid_argument', /negative/);
  assert.throws(() => explainReshape(v, [1.5]), /^RangeError: explainReshape: /);
  assert.throws(() => explainReshape(v, 'abc'), /^TypeError: explainReshape: shape must be an array of dims/);
  assert.throws(() => explainReshape([1, 2], [2]), /^TypeError: explainReshape: a must be an NDArray or a View, got \[1,2\]/);
  assert.throws(() => explainReshape(v, 12), /^TypeError: explainReshape: shape must be an array of dims, got 12/);
  const d = arange(0, 6, 1, 'int32');
  d.dispose();
  throwsSv(assert, () => explainReshape(d, [6]), 'disposed', /^explainReshape: the array was disposed/);
});

test('agrees with reshape({ copy: false }) on random views', () => {
  const r = rng(1125);
  let views = 0;
  let copies = 0;
  const factor = (n) => {
    const out = [];
    while (n > 1) {
      const ds = [];
      for (let d = 2; d <= n; d++) if (n % d === 0) ds.push(d);
      const d = r.pick(ds);
      out.push(d);
      n /= d;
    }
    return out.length ? out : [1];
  };
  for (let i = 0; i < 300; i++) {
    const shape = factor(r.int(1, 36));
    let v = View.create(shape);
    v = v.permute(r.shuffle(shape.map((_, k) => k)));
    if (r.next() < 0.5) v = v.flip(v.shape.map(() => r.next() < 0.5));
    const target = factor(shape.reduce((p, d) => p * d, 1));
    const e = explainReshape(v, target);
    let ok = true;
    let strides = null;
    try {
      strides = v.reshape(target).strides;
    } catch (err) {
      assert.equal(err.code, 'not_expressible');
      ok = false;
    }
    assert.equal(e.view, ok, `${v} -> ${target}: ${e.text}`);
    if (ok) {
      views++;
      assert.deepEqual(e.strides, strides);
    } else {
      copies++;
      assert.ok(e.blocking, e.text);
      assert.notEqual(e.blocking.strides[0], e.blocking.expected);
    }
  }
  assert.ok(views > 50 && copies > 50, `views ${views}, copies ${copies}`);
});
