// The `out` option: results written into existing (possibly strided) arrays, casting='same_kind',
// errors that leave out unchanged, and overlap with inputs giving NumPy's results (checked against
// /usr/bin/python3 + numpy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;
const { R, Rs } = sv;
const PY = '/usr/bin/python3';

const flat = (a) => Array.from(a.toTypedArray(), Number);

test('out: elementwise, where and unary write into out, return it, allocate nothing', () => {
  const a = sv.arange(0, 6, 1, 'float32').reshape([2, 3]);
  const b = sv.array([10, 20, 30], { dtype: 'float32' });
  const out = sv.zeros([2, 3], 'float32');
  const before = sv.memoryStats();
  assert.equal(sv.add(a, b, { out }), out);
  assert.equal(sv.mul(a, 2, { out: out }), out); // scalar operand
  assert.deepEqual(flat(out), [0, 2, 4, 6, 8, 10]);
  sv.sub(a, b, { out });
  assert.deepEqual(flat(out), [-10, -19, -28, -7, -16, -25]);
  sv.sqrt(a, { out });
  assert.deepEqual(flat(out).map((x) => +x.toFixed(5)), [0, 1, 1.41421, 1.73205, 2, 2.23607]);
  sv.where(sv.greater(a, 2), a, -1, { out }).base;
  assert.deepEqual(flat(out), [-1, -1, -1, 3, 4, 5]);
  const after = sv.memoryStats();
  // the comparison's bool temporary was disposed? it was not named: count it
  assert.ok(after.liveArrays <= before.liveArrays + 1);
  a.base.dispose();
  b.dispose();
  out.dispose();
});

test('out: a transposed or sliced out is written through its strides', () => {
  const a = sv.arange(0, 6, 1, 'float64').reshape([3, 2]);
  const big = sv.zeros([2, 3], 'float64');
  sv.add(a, 100, { out: big.transpose() }); // out [3,2] view of a [2,3] buffer
  assert.deepEqual(big.toArray(), [[100, 102, 104], [101, 103, 105]]);
  const z = sv.zeros([4, 6], 'float64');
  const view = z.slice(Rs(0, null, 2), Rs(1, null, 2)); // [2,3] with strides [12, 2]
  sv.sub(a.transpose(), 10, { out: view });
  assert.deepEqual(z.toArray(), [
    [0, -10, 0, -8, 0, -6],
    [0, 0, 0, 0, 0, 0],
    [0, -9, 0, -7, 0, -5],
    [0, 0, 0, 0, 0, 0],
  ]);
  const flipped = sv.zeros([3], 'float64');
  sv.add(sv.array([1, 2, 3]), 0, { out: flipped.flip() });
  assert.deepEqual(flipped.toArray(), [3, 2, 1]);
  a.base.dispose();
  big.dispose();
  z.dispose();
  flipped.dispose();
});

test('out: reductions (keepdims or not), astype, contiguous, copy, pad, concatenate', () => {
  const a = sv.arange(0, 12, 1, 'float32').reshape([3, 4]);
  const s = sv.zeros([4], 'float32');
  assert.equal(sv.sum(a, { axis: 0, out: s }), s);
  assert.deepEqual(flat(s), [12, 15, 18, 21]);
  const k = sv.zeros([3, 1], 'float64'); // float32 mean cast into float64 (same_kind)
  sv.mean(a, { axis: 1, keepdims: true, out: k });
  assert.deepEqual(flat(k), [1.5, 5.5, 9.5]);
  const m = sv.zeros([], 'float32');
  sv.max(a, { out: m });
  assert.equal(m.item(), 11);
  const strided = sv.zeros([8], 'float32');
  sv.sum(a, { axis: 0, out: strided.slice(Rs(null, null, 2)) });
  assert.deepEqual(flat(strided), [12, 0, 15, 0, 18, 0, 21, 0]);

  const i = sv.zeros([4, 3], 'int32');
  assert.equal(a.transpose().astype('int32', { out: i }), i);
  assert.deepEqual(i.toArray()[1], [1, 5, 9]);
  const f64 = sv.zeros([4, 3], 'float64');
  sv.array([[1.7, -1.7]]).astype('int32', { out: f64.slice(R(0, 1), R(0, 2)) }); // to int32 first
  assert.deepEqual(f64.toArray()[0], [1, -1, 0]);
  const c = sv.zeros([4, 3], 'float32');
  a.transpose().contiguous({ out: c });
  assert.deepEqual(flat(c), flat(a.transpose().copy()));
  a.copy({ out: c.reshape([3, 4]) });
  assert.deepEqual(flat(c), flat(a));
  const p = sv.zeros([5, 6], 'float32');
  a.pad([[1, 1], [1, 1]], -1, { out: p });
  assert.deepEqual(p.toArray()[0], [-1, -1, -1, -1, -1, -1]);
  assert.deepEqual(p.toArray()[1], [-1, 0, 1, 2, 3, -1]);
  const cat = sv.zeros([6, 4], 'float64');
  assert.equal(sv.concatenate([a, a], { axis: 0, out: cat }), cat);
  assert.deepEqual(cat.toArray()[5], [8, 9, 10, 11]);
  for (const x of [a.base, s, k, m, strided, i, f64, c, p, cat]) x.dispose();
});

test('out: errors leave out unchanged and the instance working', () => {
  const a = sv.arange(0, 6, 1, 'float64').reshape([2, 3]);
  const out = sv.full([2, 3], 7, 'float64');
  const i32 = sv.full([2, 3], 7, 'int32');
  const ro = sv.zeros([3], 'float64');
  throwsSv(assert, () => sv.add(a, 1, { out: sv.zeros([3, 2]) }), 'shape_mismatch', /add: out has shape \[3,2\] but the operands broadcast to \[2,3\]/);
  throwsSv(assert, () => sv.add(a, 1.5, { out: i32 }), 'type_error', /add: cannot cast the result from float64 to out's dtype int32 with casting='same_kind'/);
  throwsSv(assert, () => sv.add(a, 1, { out: ro.broadcastTo([2, 3]) }), 'read_only', /add: out is read-only \(a broadcast view/);
  throwsSv(assert, () => sv.add(a, 1, { out: ro.padView([[0, 0]]).reshape([3]).broadcastTo([2, 3]) }), 'read_only');
  throwsSv(assert, () => sv.sum(a, { axis: 1, out: sv.zeros([3]) }), 'shape_mismatch', /sum: out has shape \[3\] but the result has shape \[2\]/);
  // (a reduction casts into out unsafely, as NumPy's ufunc.reduce; std's sqrt into out is same_kind)
  throwsSv(assert, () => sv.std(a, { out: i32.slice(0, 0) }), 'type_error', /std: cannot cast the result from float64 to out's dtype int32 with casting='same_kind'/);
  throwsSv(assert, () => a.astype('float64', { out: i32 }), 'type_error', /astype: cannot cast the result from float64/);
  throwsSv(assert, () => sv.concatenate([a, a], { axis: 0, out }), 'shape_mismatch', /concatenate: out has shape \[2,3\] but the result has shape \[4,3\]/);
  const d = sv.zeros([2, 3]);
  d.dispose();
  throwsSv(assert, () => sv.add(a, 1, { out: d }), 'disposed', /add: out: the array was disposed/);
  assert.throws(() => sv.add(a, 1, { out: [1, 2] }), (e) => e instanceof TypeError && /add: out must be an NDArray/.test(e.message));
  assert.deepEqual(flat(out), [7, 7, 7, 7, 7, 7]);
  assert.deepEqual(flat(i32), [7, 7, 7, 7, 7, 7]);
  // out broadcasting: inputs broadcast to out's shape (as NumPy)
  sv.add(sv.array([1, 2, 3]), 1, { out });
  assert.deepEqual(out.toArray(), [[2, 3, 4], [2, 3, 4]]);
  // allowed casts: int -> float, bool -> int, float32 -> float64, uint8 -> int8 (same kind)
  sv.add(sv.array([1, 2, 3], { dtype: 'int32' }), 1, { out });
  sv.less(a, 2, { out: i32 });
  assert.deepEqual(flat(i32), [1, 1, 0, 0, 0, 0]);
  for (const x of [a.base, out, i32, ro]) x.dispose();
});

test('out: overlapping inputs give NumPy results (in place, shifted, reversed, transposed)', { skip: !existsSync(PY) && 'no /usr/bin/python3' }, () => {
  const cases = [];
  const run = (name, fn) => {
    const x = sv.arange(0, 12, 1, 'float64');
    fn(x);
    cases.push([name, flat(x)]);
    x.dispose();
  };
  run('a += a', (x) => sv.add(x, x, { out: x }));
  run('a[1:] = a[:-1] + 1', (x) => sv.add(x.slice(R(0, 11)), 1, { out: x.slice(R(1, 12)) }));
  run('a[:-1] = a[1:] * 2', (x) => sv.mul(x.slice(R(1, 12)), 2, { out: x.slice(R(0, 11)) }));
  run('a[:] = a[::-1] + 0', (x) => sv.add(x.flip(), 0, { out: x }));
  run('a2 = a2.T + a2', (x) => {
    const m = x.slice(R(0, 9)).reshape([3, 3]);
    sv.add(m.transpose(), m, { out: m });
  });
  run('a[::2] = a[1::2] - a[::2]', (x) => sv.sub(x.slice(Rs(1, null, 2)), x.slice(Rs(0, null, 2)), { out: x.slice(Rs(0, null, 2)) }));
  run('cumulative sum into a shifted view', (x) => sv.sum(x.reshape([3, 4]), { axis: 0, out: x.slice(R(2, 6)) }));
  const py = `
import numpy as np, json
out = []
def run(f):
    x = np.arange(12, dtype=np.float64); f(x); out.append(x.tolist())
run(lambda x: np.add(x, x, out=x))
run(lambda x: np.add(x[:-1], 1, out=x[1:]))
run(lambda x: np.multiply(x[1:], 2, out=x[:-1]))
run(lambda x: np.add(x[::-1], 0, out=x))
def t(x):
    m = x[:9].reshape(3, 3); np.add(m.T, m, out=m)
run(t)
run(lambda x: np.subtract(x[1::2], x[::2], out=x[::2]))
run(lambda x: np.sum(x.reshape(3, 4), axis=0, out=x[2:6]))
print(json.dumps(out))`;
  const expect = JSON.parse(execFileSync(PY, ['-c', py], { encoding: 'utf8' }));
  cases.forEach(([name, got], i) => assert.deepEqual(got, expect[i], name));
});
