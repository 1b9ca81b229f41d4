// tidy() / keep(): deterministic memory for loops of chained calls. Counts come from memoryStats(),
// which changes synchronously on dispose (no garbage collection involved).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;
const live = () => sv.memoryStats().liveArrays;

test('tidy: the chained-temporary loop keeps the WASM heap flat without GC', () => {
  const base = sv.memoryStats();
  for (let i = 0; i < 300; i++) {
    sv.tidy(() => {
      const x = sv.arange(0, 1 << 20, 1, 'float32').reshape([1024, 1024]); // the arange result has no name
      const y = sv.add(x.transpose(), 1);
      assert.equal(y.shape[0], 1024);
    });
    assert.equal(live(), base.liveArrays, `iteration ${i}: every array of the scope is freed at once`);
  }
  const end = sv.memoryStats();
  assert.equal(end.liveBytes, base.liveBytes);
  // Two 4 MiB arrays live at a time: the heap may grow once to hold them, never per iteration.
  assert.ok(end.heapBytes <= Math.max(base.heapBytes, 16 << 20) + (24 << 20), `heap grew from ${base.heapBytes} to ${end.heapBytes}`);
});

test('tidy: returned arrays survive (also in arrays, objects and Maps), with the bases they read', () => {
  const n0 = live();
  const r = sv.tidy(() => {
    const a = sv.arange(0, 6, 1, 'float64');
    const v = a.reshape([2, 3]); // a view of the unnamed base
    const s = sv.sum(v, { axis: 0 });
    sv.mul(a, 2); // temporary: freed
    return { v, list: [s], map: new Map([['k', sv.ones([2])]]) };
  });
  assert.deepEqual(r.v.toArray(), [[0, 1, 2], [3, 4, 5]]);
  assert.deepEqual(r.list[0].toArray(), [3, 5, 7]);
  assert.deepEqual(r.map.get('k').toArray(), [1, 1]);
  assert.equal(live(), n0 + 3); // the base of v, the sum, the ones
  r.v.base.dispose();
  r.list[0].dispose();
  r.map.get('k').dispose();
  assert.equal(live(), n0);
});

test('tidy: views created inside are disposed; arrays created before are untouched', () => {
  const outer = sv.arange(0, 12, 1, 'float32');
  let inner;
  const n0 = live();
  sv.tidy(() => {
    inner = outer.reshape([3, 4]).transpose();
    assert.equal(inner.isDisposed, false);
  });
  assert.equal(inner.isDisposed, true, 'a view made inside is disposed (its handle only)');
  assert.equal(outer.isDisposed, false);
  assert.equal(live(), n0);
  outer.dispose();
});

test('tidy: scopes nest; what an inner scope returns belongs to the outer one', () => {
  const n0 = live();
  let fromInner;
  const kept = sv.tidy(() => {
    fromInner = sv.tidy(() => {
      sv.zeros([4]);
      return sv.ones([3]);
    });
    assert.equal(fromInner.isDisposed, false);
    assert.equal(live(), n0 + 1);
    return sv.add(fromInner, 1);
  });
  assert.equal(fromInner.isDisposed, true, 'disposed when the outer scope ended');
  assert.deepEqual(kept.toArray(), [2, 2, 2]);
  assert.equal(live(), n0 + 1);
  kept.dispose();
});

test('keep: exempts an array (and its base) from every enclosing scope', () => {
  const n0 = live();
  let k;
  let kv;
  sv.tidy(() => {
    sv.tidy(() => {
      k = sv.keep(sv.arange(0, 4, 1, 'int32'));
      kv = sv.keep(sv.arange(0, 4, 1, 'int32').reshape([2, 2])); // keeps the unnamed base too
      sv.arange(0, 4, 1, 'int32');
    });
  });
  assert.equal(k.isDisposed, false);
  assert.deepEqual(kv.toArray(), [[0, 1], [2, 3]]);
  assert.equal(live(), n0 + 2);
  k.dispose();
  kv.base.dispose();
  assert.equal(live(), n0);
});

test('tidy: an error inside disposes everything the scope created and propagates', () => {
  const n0 = live();
  assert.throws(
    () =>
      sv.tidy(() => {
        sv.zeros([8]);
        sv.add(sv.zeros([3]), sv.zeros([4])); // shape mismatch
      }),
    (e) => e instanceof sv.StrideViewError && e.code === 'shape_mismatch',
  );
  assert.equal(live(), n0);
});

test('tidy: promises and async functions are refused; non-functions are TypeErrors', () => {
  const n0 = live();
  throwsSv(assert, () => sv.tidy(async () => sv.zeros([2])), 'invalid_argument', /tidy: fn is an async function/);
  throwsSv(
    assert,
    () =>
      sv.tidy(() => {
        sv.zeros([2]);
        return Promise.resolve(1);
      }),
    'invalid_argument',
    /tidy: fn returned a promise/,
  );
  assert.equal(live(), n0, 'arrays created before the promise was seen are disposed');
  assert.throws(() => sv.tidy(5), TypeError);
  assert.throws(() => sv.keep({}), TypeError);
  // plain values pass through
  assert.equal(sv.tidy(() => 42), 42);
  assert.equal(sv.tidy(() => undefined), undefined);
});

test('tidy: a disposed array returned from a scope stays disposed; double dispose is harmless', () => {
  const n0 = live();
  const r = sv.tidy(() => {
    const a = sv.zeros([2]);
    a.dispose();
    return a;
  });
  assert.equal(r.isDisposed, true);
  assert.equal(live(), n0);
});
