// Scalars are JS values and one axis convention: a reduction to no dims without keepdims / out
// returns a number (int64 / uint64 included, while exact: the scalar rule; a boolean for bool), as NumPy returns a
// scalar; get with a full index returns the element; every function taking an axis takes
// `{ axis }` (number, array where NumPy takes a tuple, null), and the old forms are clear errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;

const live = () => {
  const m = sv.memoryStats();
  return { arrays: m.liveArrays, bytes: m.liveBytes };
};
const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];
const FLOATS = ['float16', 'float32', 'float64'];
const BIG = new Set(['int64', 'uint64']);

/** The JS value NumPy's scalar of `dtype` becomes: boolean for bool, else a number (64-bit ints too: the scalar rule). */
function js(dtype, x) {
  if (dtype === 'bool') return Boolean(x);
  if (BIG.has(dtype)) return Number(x);
  if (dtype === 'float16') return sv.float16ToNumber(sv.numberToFloat16(Number(x)));
  return dtype === 'float32' ? Math.fround(Number(x)) : Number(x);
}

// [op, result dtype for an input dtype, expected value for [1, 2, 3, 4] (bool: [true, false, true, true])]
const sumDT = (d) => (FLOATS.includes(d) ? d : d.startsWith('u') ? 'uint64' : 'int64');
const meanDT = (d) => (d === 'float32' || d === 'float16' ? d : 'float64');
const REDUCTIONS = [
  ['sum', sumDT, (b) => (b ? 3 : 10)],
  ['prod', sumDT, (b) => (b ? 0 : 24)],
  ['max', (d) => d, (b) => (b ? true : 4)],
  ['min', (d) => d, (b) => (b ? false : 1)],
  ['mean', meanDT, (b) => (b ? 0.75 : 2.5)],
  ['variance', meanDT, (b) => (b ? 0.1875 : 1.25)],
  ['std', meanDT, (b) => Math.sqrt(b ? 0.1875 : 1.25)],
  ['any', () => 'bool', () => true],
  ['all', () => 'bool', (b) => !b],
  ['argmax', () => 'int64', (b) => (b ? 0 : 3)],
  ['argmin', () => 'int64', (b) => (b ? 1 : 0)],
];

function input(dtype) {
  return dtype === 'bool' ? sv.array([true, false, true, true]) : sv.array([1, 2, 3, 4], { dtype });
}

test('every reduction over all axes returns a JS value of the result dtype, for every dtype', () => {
  const before = live();
  for (const dtype of sv.DTYPES.filter((d) => !d.startsWith('complex'))) { // (complex: tests/js/complex.test.mjs)
    const x = input(dtype);
    const m = x.reshape([2, 2]);
    for (const [op, rdt, value] of REDUCTIONS) {
      const want = js(rdt(dtype), value(dtype === 'bool'));
      const got = sv[op](x);
      assert.equal(typeof got, typeof want, `${op}(${dtype}) is a ${typeof want}`);
      assert.equal(got, want, `${op}(${dtype})`);
      // every spelling of "all axes" on a 2-D array gives the same JS value (argmax: the flat index)
      const forms = op === 'argmax' || op === 'argmin' ? [undefined, { axis: null }] : [undefined, { axis: null }, { axis: [0, 1] }, { axis: [-1, 0] }];
      for (const o of forms) assert.equal(sv[op](m, o), want, `${op}(${dtype} [2,2], ${JSON.stringify(o)})`);
      // reducing the only axis of a 1-D array also gives NumPy's scalar
      assert.equal(sv[op](x, { axis: 0 }), want, `${op}(${dtype}, axis 0)`);
      assert.equal(sv[op](x, { axis: -1 }), want, `${op}(${dtype}, axis -1)`);
    }
    m.dispose();
    x.dispose();
  }
  assert.deepEqual(live(), before, 'the 0-d temporaries are freed inside');
});

test('nested JS arrays and JS scalars reduce to JS values too', () => {
  const before = live();
  assert.equal(sv.sum([[1, 2], [3, 4]]), 10);
  assert.equal(sv.max(7), 7);
  assert.equal(sv.any([0, 0, 1]), true);
  assert.equal(sv.argmin([3, 1, 2]), 1);
  assert.equal(sv.sum([true, true]), 2);
  assert.deepEqual(live(), before);
});

test('keepdims, out and an axis subset still give arrays', () => {
  const before = live();
  const a = sv.arange(0, 6, 1, 'float64').reshape([2, 3]);
  for (const [op] of REDUCTIONS) {
    const k = sv[op](a, { keepdims: true });
    assert.ok(k instanceof sv.NDArray, `${op} keepdims`);
    assert.deepEqual(k.shape, [1, 1], `${op} keepdims shape`);
    k.dispose();
    const s = sv[op](a, { axis: 1 });
    assert.ok(s instanceof sv.NDArray, `${op} axis 1`);
    assert.deepEqual(s.shape, [2], `${op} axis 1 shape`);
    s.dispose();
    const dt = op === 'any' || op === 'all' ? 'bool' : op.startsWith('arg') ? 'int64' : 'float64';
    const out = sv.zeros([], dt);
    assert.equal(sv[op](a, { out }), out, `${op} with out returns out`);
    assert.equal(out.item(), sv[op](a), `${op}: out holds the value`);
    out.dispose();
  }
  const kd = sv.sum(a, { axis: [0, 1], keepdims: true });
  assert.deepEqual(kd.toArray(), [[15]]);
  kd.dispose();
  (a.base ?? a).dispose();
  // tidy: a JS value is not an array to keep; the temporary is gone when the scope closes
  const v = sv.tidy(() => sv.mean(sv.arange(5)));
  assert.equal(v, 2);
  assert.deepEqual(live(), before);
});

test('get: a full index gives the element as a JS value, a partial index is refused (slice gives the view)', () => {
  const before = live();
  for (const dtype of sv.DTYPES.filter((d) => !d.startsWith('complex'))) { // (complex: tests/js/complex.test.mjs)
    const base = dtype === 'bool' ? sv.array([true, false, false, true, true, false]) : sv.arange(0, 6, 1, dtype);
    const a = base.reshape([2, 3]);
    const want = (i) => (dtype === 'bool' ? [true, false, false, true, true, false][i] : js(dtype, i));
    assert.equal(a.get(1, 2), want(5), `${dtype} get(1, 2)`);
    assert.equal(a.get([1, 2]), want(5), `${dtype} get([1, 2])`);
    assert.equal(a.get(-1, -3), want(3), `${dtype} get(-1, -3)`);
    assert.equal(a.get(0n, 1n), want(1), `${dtype} get(0n, 1n)`);
    assert.equal(a.transpose().get(2, 0), want(2), `${dtype} transposed get(2, 0)`);
    assert.equal(a.slice('::-1, ::-2').get(0, 1), want(3), `${dtype} a[::-1, ::-2][0, 1]`);
    assert.equal(a.slice(sv.A, 1).broadcastTo([4, 2]).get(3, 1), want(4), `${dtype} broadcast get`);
    throwsSv(assert, () => a.get(1), 'rank_mismatch', /^get: 1 index for an array of dimension 2: .*a\.slice\(1\)/);
    const row = a.slice(1);
    assert.ok(row instanceof sv.NDArray, `${dtype} slice(1) is a view`);
    assert.equal(row.base, base);
    assert.deepEqual(row.shape, [3]);
    row.dispose();
    base.dispose();
  }
  // a padded view: the fill value in the padding, the data inside
  const p = sv.array([[1, 2], [3, 4]], { dtype: 'int32' }).padView([[1, 0], [0, 1]], -7);
  assert.equal(p.get(0, 0), -7);
  assert.equal(p.get(2, 1), 4);
  assert.equal(p.get(2, 2), -7);
  p.base.dispose();
  // the index errors are the same as before
  const a = sv.arange(6).reshape([2, 3]);
  throwsSv(assert, () => a.get(2, 0), 'out_of_range', /^get: .*index 2 is out of bounds for axis 0 with size 2/);
  throwsSv(assert, () => a.get(0, -4), 'out_of_range', /^get: .*-4/);
  assert.throws(() => a.get(0, 1.5), (e) => e instanceof RangeError && /^get: .*1\.5/.test(e.message));
  a.base.dispose();
  throwsSv(assert, () => a.get(0, 0), 'disposed', /^get: /);
  assert.deepEqual(live(), before);
});

test('get reads through memory growth', () => {
  const a = sv.arange(0, 12, 1, 'float64').reshape([3, 4]);
  assert.equal(a.get(2, 3), 11);
  const big = sv.zeros([48 * 1024 * 1024], 'uint8'); // grows the heap: the old buffer detaches
  assert.equal(a.get(2, 3), 11);
  a.set(2, 3, 99);
  assert.equal(a.get(2, 3), 99);
  big.dispose();
  a.base.dispose();
});

test('set still writes at a full index (get returns values now)', () => {
  const a = sv.zeros([2, 2], 'int32');
  a.set(1, 0, 5);
  a.set([0, 1], 3);
  assert.deepEqual(a.toArray(), [[0, 3], [5, 0]]);
  throwsSv(assert, () => a.set(2, 0, 1), 'out_of_range', /^set: /);
  a.dispose();
});

test('the axis option: a number, an array, null, negative; errors name the op and the numbers', () => {
  const before = live();
  const a = sv.arange(0, 24, 1, 'float64').reshape([2, 3, 4]);
  const shape = (r) => {
    if (!(r instanceof sv.NDArray)) return 'scalar';
    r.dispose();
    return r.shape;
  };
  for (const op of ['sum', 'prod', 'max', 'min', 'mean', 'variance', 'std', 'any', 'all']) {
    assert.deepEqual(shape(sv[op](a, { axis: 1 })), [2, 4], `${op} axis 1`);
    assert.deepEqual(shape(sv[op](a, { axis: -1 })), [2, 3], `${op} axis -1`);
    assert.deepEqual(shape(sv[op](a, { axis: [0, 2] })), [3], `${op} axis [0, 2]`);
    assert.deepEqual(shape(sv[op](a, { axis: [] })), [2, 3, 4], `${op} axis []`);
    assert.equal(shape(sv[op](a, { axis: null })), 'scalar', `${op} axis null`);
    throwsSv(assert, () => sv[op](a, { axis: 3 }), 'out_of_range', new RegExp(`^${op}: axis 3 is out of bounds for array of dimension 3`));
    throwsSv(assert, () => sv[op](a, { axis: [0, -4] }), 'out_of_range', new RegExp(`^${op}: axis -4 is out of bounds`));
    throwsSv(assert, () => sv[op](a, { axis: [1, -2] }), 'invalid_argument', new RegExp(`^${op}: axis 1 is repeated in \\[1,-2\\]`));
    assert.throws(() => sv[op](a, { axis: 0.5 }), (e) => e instanceof RangeError && new RegExp(`^${op}: axis must be an integer, got 0.5`).test(e.message));
    assert.throws(() => sv[op](a, { axis: '1' }), (e) => e instanceof TypeError && new RegExp(`^${op}: axis must be .*"1"`).test(e.message));
  }
  for (const op of ['argmax', 'argmin', 'cumsum', 'cumprod']) {
    const r = sv[op](a, { axis: -2 });
    assert.deepEqual(r.shape, op.startsWith('arg') && op !== 'argsort' ? [2, 4] : [2, 3, 4], `${op} axis -2`);
    r.dispose();
    throwsSv(assert, () => sv[op](a, { axis: -4 }), 'out_of_range', new RegExp(`^${op}: axis -4 is out of bounds for array of dimension 3`));
    assert.throws(() => sv[op](a, { axis: [0, 1] }), (e) => e instanceof TypeError && new RegExp(`^${op}: axis must be an integer or null, got \\[0,1\\]`).test(e.message), `${op}: a tuple is refused`);
    assert.throws(() => sv[op](a, { axis: 1.5 }), (e) => e instanceof RangeError && new RegExp(`^${op}: axis must be an integer, got 1.5`).test(e.message));
  }
  // the ops with other leading arguments
  const t = sv.take(a, [2, 0], { axis: -1 });
  assert.deepEqual(t.toArray()[1], [[14, 12], [18, 16], [22, 20]]);
  t.dispose();
  const c = sv.compress([false, true], a, { axis: 0 });
  assert.deepEqual(c.shape, [1, 3, 4]);
  c.dispose();
  const k = sv.topk(a, 2, { axis: 1 });
  assert.deepEqual(k.values.toArray()[0], [[8, 9, 10, 11], [4, 5, 6, 7]]);
  k.values.dispose();
  k.indices.dispose();
  const ord = sv.argsort(a, { axis: 0 });
  const tal = sv.takeAlongAxis(a, ord, { axis: 0 });
  assert.deepEqual(tal.shape, [2, 3, 4]);
  ord.dispose();
  tal.dispose();
  const cat = sv.concatenate([a, a], { axis: -1 });
  assert.deepEqual(cat.shape, [2, 3, 8]);
  cat.dispose();
  const flat = sv.concatenate([a, [1, 2]], { axis: null }); // NumPy's axis=None: flattened first
  assert.deepEqual(flat.shape, [26]);
  flat.dispose();
  const st = sv.stack([a, a], { axis: 3 });
  assert.deepEqual(st.shape, [2, 3, 4, 2]);
  st.dispose();
  assert.deepEqual(sv.split(a, 2, { axis: 2 }).map((p) => p.shape), [[2, 3, 2], [2, 3, 2]]);
  const rep = sv.repeat(a, 2, { axis: -3 });
  assert.deepEqual(rep.shape, [4, 3, 4]);
  rep.dispose();
  assert.deepEqual(a.flip({ axis: [0, -1] }).get(0, 0, 0), 15);
  assert.deepEqual(a.flip({ axis: null }).get(0, 0, 0), 23);
  assert.deepEqual(a.reshape([1, 2, 1, 12]).squeeze({ axis: [0, 2] }).shape, [2, 12]);
  throwsSv(assert, () => a.flip({ axis: [2, -1] }), 'invalid_argument', /^flip: axis 2 is repeated in \[2,-1\]/);
  throwsSv(assert, () => a.squeeze({ axis: 1 }), 'invalid_argument', /^squeeze: .*axis 1 has size 3/);
  throwsSv(assert, () => sv.take(a, [0], { axis: 5 }), 'out_of_range', /^take: axis 5 is out of bounds for array of dimension 3/);
  throwsSv(assert, () => sv.concatenate([a, a], { axis: -4 }), 'out_of_range', /^concatenate: axis -4 is out of bounds for array of dimension 3/);
  throwsSv(assert, () => sv.stack([a, a], { axis: 4 }), 'out_of_range', /^stack: axis 4 is out of bounds for array of dimension 4/);
  assert.throws(() => sv.take(a, [0], { axis: [0] }), (e) => e instanceof TypeError && /^take: axis must be an integer or null, got \[0\]/.test(e.message));
  assert.throws(() => sv.topk(a, 1, { axis: null }), (e) => e instanceof TypeError && /^topk: axis must be an integer, got null/.test(e.message));
  assert.throws(() => sv.split(a, 2, { axis: null }), (e) => e instanceof TypeError && /^split: axis must be an integer, got null/.test(e.message));
  a.base.dispose();
  assert.deepEqual(live(), before);
});

test('the old forms are errors that show the new spelling', () => {
  const before = live();
  const a = sv.arange(0, 6, 1, 'float32').reshape([2, 3]);
  const msg = (op, re) => (e) => e instanceof sv.StrideViewError && e.code === 'invalid_argument' && e.message.startsWith(`${op}: `) && re.test(e.message);
  // the reductions and scans follow NumPy's signatures: the axis is positional too (sum(a, 1) is
  // np.sum(a, 1)), and 'axes' is an unknown option that names 'axis'
  const unknownAxes = (op) => (e) => e instanceof TypeError && e.message.startsWith(`${op}: unknown option 'axes'; did you mean 'axis'?`);
  const value = (x) => {
    if (!(x instanceof sv.NDArray)) return x;
    const v = x.toArray();
    x.dispose();
    return v;
  };
  for (const op of ['sum', 'prod', 'max', 'min', 'mean', 'variance', 'std', 'any', 'all']) {
    assert.throws(() => sv[op](a, { axes: [0, 1] }), unknownAxes(op));
    assert.throws(() => sv[op](a, { axes: 0, keepdims: true }), unknownAxes(op));
    assert.deepEqual(value(sv[op](a, 1)), value(sv[op](a, { axis: 1 })), `${op}(a, 1)`);
    assert.deepEqual(value(sv[op](a, [0, 1])), value(sv[op](a, { axis: [0, 1] })), `${op}(a, [0, 1])`);
  }
  for (const op of ['argmax', 'argmin', 'cumsum', 'cumprod']) {
    assert.deepEqual(value(sv[op](a, 0)), value(sv[op](a, { axis: 0 })), `${op}(a, 0)`);
    assert.throws(() => sv[op](a, { axes: 0 }), unknownAxes(op));
  }
  // NumPy's signatures take these axes positionally: the same results as by name
  const same = (x, y) => {
    assert.deepEqual(x.toArray(), y.toArray());
    x.dispose();
    y.dispose();
  };
  for (const op of ['sort', 'argsort']) {
    same(sv[op](a, 0), sv[op](a, { axis: 0 }));
    assert.throws(() => sv[op](a, { axes: 0 }), (e) => e instanceof TypeError && new RegExp(`^${op}: unknown option 'axes'; did you mean 'axis'\\?`).test(e.message));
  }
  same(sv.take(a, [0], 1), sv.take(a, [0], { axis: 1 }));
  same(sv.compress([true], a, 0), sv.compress([true], a, { axis: 0 }));
  same(sv.takeAlongAxis(a, [[0]], 1), sv.takeAlongAxis(a, [[0]], { axis: 1 }));
  // topk is strideview's own: its axis is keyword-only
  assert.throws(() => sv.topk(a, 1, 0), (e) => e instanceof TypeError && /^topk: takes at most 2 positional arguments \(a, k\) but 3 were given .*pass them as \{ axis: \.\.\. \}/.test(e.message));
  same(sv.concatenate([a, a], 1), sv.concatenate([a, a], { axis: 1 }));
  same(sv.stack([a, a], 1), sv.stack([a, a], { axis: 1 }));
  same(sv.repeat(a, 2, 0), sv.repeat(a, 2, { axis: 0 }));
  const [s1, s2] = [sv.split(a, 3, 1), sv.split(a, 3, { axis: 1 })];
  s1.forEach((x, i) => assert.deepEqual(x.toArray(), s2[i].toArray()));
  for (const x of [...s1, ...s2]) x.dispose();
  // NumPy's np.flip(m, axis): the axis positionally too, the same views as by name
  assert.deepEqual(a.flip(1).toArray(), a.flip({ axis: 1 }).toArray());
  assert.deepEqual(a.flip([0, 1]).strides, a.flip({ axis: [0, 1] }).strides);
  assert.deepEqual(a.flip(null).strides, a.flip().strides);
  assert.deepEqual(a.reshape(1, 2, 3).squeeze(0).shape, [2, 3]); // NumPy's a.squeeze(0): accepted now
  assert.throws(() => a.flip({ axes: 0 }), msg('flip', /'axes' is now 'axis'/));
  a.base.dispose();
  assert.deepEqual(live(), before);
});

test('reductions in a loop leave nothing behind (the scalar path frees its temporary)', () => {
  const a = sv.arange(0, 64, 1, 'float32').reshape([8, 8]);
  const before = live();
  let acc = 0;
  for (let i = 0; i < 2000; i++) acc += sv.sum(a) + a.get(i % 8, 3) + Number(sv.argmax(a)) + (sv.any(a) ? 1 : 0);
  assert.equal(acc, 2000 * (2016 + 63 + 1) + 250 * (3 + 11 + 19 + 27 + 35 + 43 + 51 + 59));
  assert.deepEqual(live(), before);
  a.base.dispose();
});
