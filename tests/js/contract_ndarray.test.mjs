// NumPy's ndarray on NDArray, with NumPy 1.24 as the oracle: a.T and the properties, the methods with
// NumPy's call forms (reshape(*shape, order), transpose(*axes), flatten / ravel / copy / astype with
// order, sort in place, squeeze(axis), diagonal(offset, axis1, axis2), item / tolist), the methods
// that forward to the module-level function (the same result or the same error as the function),
// and the scalar rule (every element read out is a JS number, 64-bit integers included while
// exact; bigint on request through itemBigInt).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sv, ready, throwsSv } from './helpers.mjs';

await ready;

const PY = '/usr/bin/python3';
const HAVE_PY = existsSync(PY) && spawnSync(PY, ['-c', 'import numpy'], { encoding: 'utf8' }).status === 0;
const skip = !HAVE_PY && 'no /usr/bin/python3 with numpy';

// The fixtures, the same in both languages.
const PRELUDE = `
import numpy as np, json
a = np.arange(24.).reshape(2, 3, 4)
m = np.arange(12.).reshape(3, 4)
v = m[:, ::-1]          # negative stride
t = m.T                 # F-contiguous
s = a[:, ::2, 1::2]     # strided
i = np.arange(12, dtype=np.int64).reshape(3, 4)
`;
function fixtures() {
  const a = sv.arange(0, 24, 1, 'float64').reshape(2, 3, 4);
  const m = sv.arange(0, 12, 1, 'float64').reshape(3, 4);
  return { a, m, v: m.slice(':, ::-1'), t: m.T, s: a.slice(':, ::2, 1::2'), i: sv.arange(0, 12, 1, 'int64').reshape(3, 4) };
}

/** NumPy's value of each expression: { shape, strides (in elements), dtype, values (tolist) } or a scalar. */
function numpy(exprs) {
  const script =
    PRELUDE +
    `
def enc(x):
    if isinstance(x, np.ndarray):
        return {'shape': list(x.shape), 'strides': [st // x.itemsize for st in x.strides], 'dtype': str(x.dtype), 'values': x.tolist(),
                'nbytes': x.nbytes, 'size': x.size, 'ndim': x.ndim, 'itemsize': x.itemsize, 'f': bool(x.flags.f_contiguous), 'c': bool(x.flags.c_contiguous)}
    if isinstance(x, np.generic): return x.item()
    return x
out = {}
for k, e in json.loads(input()).items():
    try: out[k] = enc(eval(e))
    except Exception as ex: out[k] = {'error': type(ex).__name__ + ': ' + str(ex)}
print(json.dumps(out))
`;
  const r = spawnSync(PY, ['-c', script], { input: JSON.stringify(exprs), encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** Checks an NDArray against NumPy's encoding (values; strides when asked). */
function same(got, exp, what, { strides = false } = {}) {
  assert.ok(!('error' in exp), `${what}: NumPy raised ${exp.error}`);
  assert.ok(got instanceof sv.NDArray, `${what}: an NDArray`);
  assert.deepEqual(got.shape, exp.shape, `${what}: shape`);
  assert.equal(got.dtype, exp.dtype, `${what}: dtype`);
  assert.deepEqual(got.toArray(), exp.values, `${what}: values`);
  if (strides) assert.deepEqual(got.strides, exp.strides, `${what}: strides`);
}

test('a.T, nbytes, ndim, size, itemsize as NumPy (views included)', { skip }, () => {
  sv.tidy(() => {
    const f = fixtures();
    const np = numpy({ aT: 'a.T', mT: 'm.T', vT: 'v.T', sT: 's.T', s: 's', i: 'i', iT: 'i[::2].T' });
    same(f.a.T, np.aT, 'a.T', { strides: true });
    same(f.m.T, np.mT, 'm.T', { strides: true });
    same(f.v.T, np.vT, 'v.T', { strides: true });
    same(f.s.T, np.sT, 's.T', { strides: true });
    assert.equal(f.a.T.base, f.a.base, 'a.T is a view');
    same(f.i.slice('::2').T, np.iT, 'i[::2].T', { strides: true });
    for (const [k, x] of [['s', f.s], ['i', f.i]]) {
      for (const p of ['nbytes', 'size', 'ndim', 'itemsize']) assert.equal(x[p], np[k][p], `${k}.${p}`);
    }
  });
});

test('reshape(*shape, order=...): varargs, one array, order C / F / A, and copy', { skip }, () => {
  sv.tidy(() => {
    const f = fixtures();
    const np = numpy({
      c: 'm.reshape(4, 3)',
      cl: 'm.reshape((4, 3))',
      fo: "m.reshape(4, 3, order='F')",
      vf: "v.reshape(2, 6, order='F')",
      ta: "t.reshape(2, 6, order='A')",
      tc: "t.reshape(2, 6, order='C')",
      sf: "s.reshape(-1, order='F')",
      one: 'm.reshape(12)',
      err: "m.reshape(5, 3)",
    });
    same(f.m.reshape(4, 3), np.c, 'reshape(4, 3)');
    same(f.m.reshape([4, 3]), np.cl, 'reshape([4, 3])');
    same(f.m.reshape([4, 3], { order: 'F' }), np.fo, "reshape([4, 3], { order: 'F' })");
    same(f.m.reshape(4, 3, { order: 'F' }), np.fo, "reshape(4, 3, { order: 'F' })");
    same(f.v.reshape(2, 6, { order: 'F' }), np.vf, 'negative-stride view, F');
    same(f.t.reshape(2, 6, { order: 'A' }), np.ta, "F-contiguous, 'A' reads in F order");
    same(f.t.reshape(2, 6), np.tc, 'F-contiguous, C order');
    same(f.s.reshape(-1, { order: 'F' }), np.sf, 'strided view, F, -1');
    same(f.m.reshape(12), np.one, 'reshape(12)');
    assert.ok('error' in np.err);
    throwsSv(assert, () => f.m.reshape(5, 3), 'shape_mismatch', /^reshape: /);
    // a view when one exists; copy true always copies, copy false refuses to
    assert.equal(f.m.reshape(4, 3).base, f.m.base);
    assert.equal(f.t.reshape(12, { order: 'F' }).base, f.m.base, 'the F reshape of an F-contiguous array is a view');
    assert.equal(f.m.reshape(4, 3, { copy: true }).base, null);
    throwsSv(assert, () => f.t.reshape(12, { copy: false }), 'not_expressible');
    assert.throws(() => f.m.reshape(4, 3, { order: 'K' }), /^TypeError: reshape: order must be one of 'C', 'F', 'A', got "K"/);
    assert.throws(() => f.m.reshape(4, 3, { ordr: 'F' }), /^TypeError: reshape: unknown option 'ordr'; did you mean 'order'\?/);
    assert.throws(() => f.m.reshape([4], 3), /^TypeError: reshape: pass the shape as separate integers or as one array, not both/);
  });
});

test('transpose(*axes), squeeze(axis), swapaxes, diagonal(offset, axis1, axis2) as NumPy', { skip }, () => {
  sv.tidy(() => {
    const f = fixtures();
    const np = numpy({
      t102: 'a.transpose(1, 0, 2)',
      tl: 'a.transpose((2, 0, 1))',
      tn: 'a.transpose()',
      sq: 'a.reshape(1, 2, 1, 12).squeeze(0)',
      sqm: 'a.reshape(1, 2, 1, 12).squeeze((0, 2))',
      sw: 's.swapaxes(0, 2)',
      d1: 'a.diagonal(1, 1, 2)',
      d2: 'm.diagonal(-1)',
      d3: 'v.diagonal(0, 1, 0)',
    });
    same(f.a.transpose(1, 0, 2), np.t102, 'transpose(1, 0, 2)', { strides: true });
    same(f.a.transpose([1, 0, 2]), np.t102, 'transpose([1, 0, 2])', { strides: true });
    same(f.a.transpose([2, 0, 1]), np.tl, 'transpose([2, 0, 1])', { strides: true });
    same(f.a.transpose(), np.tn, 'transpose()', { strides: true });
    same(f.a.transpose(null), np.tn, 'transpose(null)', { strides: true });
    same(f.a.reshape(1, 2, 1, 12).squeeze(0), np.sq, 'squeeze(0)');
    same(f.a.reshape(1, 2, 1, 12).squeeze({ axis: 0 }), np.sq, 'squeeze({ axis: 0 })');
    same(f.a.reshape(1, 2, 1, 12).squeeze([0, 2]), np.sqm, 'squeeze([0, 2])');
    same(f.s.swapaxes(0, 2), np.sw, 'swapaxes(0, 2)', { strides: true });
    same(f.a.diagonal(1, 1, 2), np.d1, 'diagonal(1, 1, 2)');
    same(f.a.diagonal(1, { axis1: 1, axis2: 2 }), np.d1, 'diagonal(1, { axis1, axis2 })');
    same(f.a.diagonal({ offset: 1, axis1: 1, axis2: 2 }), np.d1, 'diagonal({ offset, axis1, axis2 })');
    same(f.m.diagonal(-1), np.d2, 'diagonal(-1)');
    same(f.v.diagonal(0, 1, 0), np.d3, 'diagonal(0, 1, 0)');
    assert.equal(f.m.diagonal(-1).base, f.m.base, 'diagonal is a view');
    assert.throws(() => f.a.transpose({ axes: [0, 1, 2] }), /^TypeError: transpose: axes is positional-only/);
    assert.throws(() => f.m.swapaxes({ axis1: 0, axis2: 1 }), /^TypeError: swapaxes: /);
  });
});

test('flatten (always a copy) and ravel (a view when it can) in every order', { skip }, () => {
  sv.tidy(() => {
    const f = fixtures();
    const exprs = {};
    for (const k of ['a', 'm', 'v', 't', 's']) for (const o of ['C', 'F', 'A', 'K']) exprs[`${k}${o}`] = `${k}.flatten('${o}')`;
    const np = numpy(exprs);
    for (const k of ['a', 'm', 'v', 't', 's']) {
      for (const o of ['C', 'F', 'A', 'K']) {
        const fl = f[k].flatten(o);
        same(fl, np[`${k}${o}`], `${k}.flatten('${o}')`);
        assert.equal(fl.base, null, `${k}.flatten('${o}') is a copy`);
        same(f[k].flatten({ order: o }), np[`${k}${o}`], `${k}.flatten({ order: '${o}' })`);
        same(f[k].ravel(o), np[`${k}${o}`], `${k}.ravel('${o}')`);
      }
    }
    assert.equal(f.m.ravel().base, f.m.base, 'ravel of a C-contiguous array is a view');
    assert.equal(f.t.ravel('F').base, f.m.base, "ravel('F') of an F-contiguous array is a view");
    assert.equal(f.t.ravel('K').base, f.m.base, "ravel('K') reads memory order: a view");
    assert.equal(f.v.ravel().base, null, 'a negative-stride view cannot be raveled in C order without a copy');
    const c = f.m.flatten();
    c.fill(-1);
    assert.equal(f.m.get(0, 0), 0, 'writes to the flattened copy do not reach the array');
    // torch's flatten(startDim, endDim) is flattenDims
    assert.deepEqual(f.a.flattenDims(1).shape, [2, 12]);
    assert.deepEqual(f.a.flattenDims({ startDim: 0, endDim: 1 }).shape, [6, 4]);
    assert.throws(() => f.a.flatten({ startDim: 1 }), /^TypeError: flatten: startDim \/ endDim .* a\.flattenDims\(startDim, endDim\)/);
  });
});

test('copy(order) and astype(dtype, order, casting, subok, copy) as NumPy', { skip }, () => {
  sv.tidy(() => {
    const f = fixtures();
    const np = numpy({
      cC: 'v.copy()',
      cF: "v.copy('F')",
      cA: "t.copy('A')",
      cK: "s.transpose(2, 0, 1).copy('K')",
      i8: "v.astype('int8')",
      f32F: "s.astype('float32', 'F')",
      f32K: "t.astype('float32')",
      safe: "np.can_cast('float64', 'int8', 'safe')",
      same: "np.can_cast('float64', 'float32', 'same_kind')",
    });
    same(f.v.copy(), np.cC, 'copy()', { strides: true });
    same(f.v.copy('F'), np.cF, "copy('F')", { strides: true });
    same(f.v.copy({ order: 'F' }), np.cF, "copy({ order: 'F' })", { strides: true });
    same(f.t.copy('A'), np.cA, "copy('A')", { strides: true });
    same(f.s.transpose(2, 0, 1).copy('K'), np.cK, "copy('K')", { strides: true });
    for (const x of [f.v.copy('F'), f.t.copy('A')]) assert.equal(x.base, null, 'a copy owns its buffer');
    same(f.v.astype('int8'), np.i8, "astype('int8')");
    same(f.s.astype('float32', 'F'), np.f32F, "astype('float32', 'F')", { strides: true });
    same(f.t.astype('float32'), np.f32K, "astype('float32') keeps the F layout (order 'K')", { strides: true });
    same(f.s.astype({ dtype: 'float32' }), numpy({ x: "s.astype('float32')" }).x, 'astype({ dtype })');
    assert.equal(np.safe, false);
    throwsSv(assert, () => f.m.astype('int8', { casting: 'safe' }), 'type_error', /^astype: cannot cast from float64 to int8 under casting='safe'/);
    assert.equal(f.m.astype('float32', 'K', 'same_kind').dtype, 'float32', 'same_kind float64 -> float32');
    assert.equal(f.m.astype('float64', { copy: false }), f.m, 'copy false: no conversion needed, the array itself');
    assert.notEqual(f.m.astype('float64'), f.m, 'copy true (default): a new array');
    assert.notEqual(f.v.astype('float64', { copy: false, order: 'C' }), f.v, 'copy false still copies to reach C order');
    const bools = f.m.astype('bool');
    assert.equal(bools.dtype, 'bool');
    assert.equal(bools.get(0, 0), false);
    assert.throws(() => f.m.astype('int8', { casting: 'nope' }), /^TypeError: astype: casting must be one of/);
    assert.throws(() => f.m.astype('int8', { dtyp: 'x' }), /^TypeError: astype: unknown option 'dtyp'/);
    const out = sv.zeros([3, 4], 'int32');
    assert.equal(f.m.astype('int32', { out }), out, "strideview's out: converted into out");
    assert.equal(out.get(2, 3), 11);
  });
});

test('a.sort() sorts in place along axis (-1 by default) and returns undefined, as NumPy', { skip }, () => {
  sv.tidy(() => {
    const np = numpy({ last: 'np.sort(m[:, ::-1] * [1, -1, 1, -1], axis=-1)', first: 'np.sort(m[::-1] * [1, -1, 1, -1], axis=0)' });
    const make = () => sv.mul(sv.arange(0, 12, 1, 'float64').reshape(3, 4).slice(':, ::-1'), [1, -1, 1, -1]);
    const x = make();
    assert.equal(x.sort(), undefined);
    assert.deepEqual(x.toArray(), np.last.values);
    const y = sv.mul(sv.arange(0, 12, 1, 'float64').reshape(3, 4).slice('::-1'), [1, -1, 1, -1]);
    y.sort(0);
    assert.deepEqual(y.toArray(), np.first.values);
    const z = sv.mul(sv.arange(0, 12, 1, 'float64').reshape(3, 4).slice('::-1'), [1, -1, 1, -1]);
    z.sort({ axis: 0, kind: 'stable' });
    assert.deepEqual(z.toArray(), np.first.values);
    // in place through a view: the base sees the sorted elements
    const base = sv.array([[3, 1, 2], [9, 7, 8]]);
    base.T.sort(0);
    assert.deepEqual(base.toArray(), [[1, 2, 3], [7, 8, 9]]);
    assert.throws(() => base.sort(-1, null, 'name'), /^TypeError: sort: order="name" is not supported/);
    assert.throws(() => base.sort(null), /^TypeError: sort: axis must be an integer/);
    throwsSv(assert, () => sv.array([3, 1]).broadcastTo([2, 2]).sort(), 'read_only', /^sort: /);
  });
});

test('item, tolist, fill and iteration: the scalar rule', { skip }, () => {
  sv.tidy(() => {
    const f = fixtures();
    const np = numpy({ item: 'i.item(1, 2)', iteml: 'i.item((2, 3))', tl: 'i.tolist()', bl: '(m > 5).tolist()', flat: 'i.item(7)' });
    assert.equal(f.i.item(1, 2), np.item);
    assert.equal(typeof f.i.item(1, 2), 'number', 'int64 element: a number');
    assert.equal(f.i.item([2, 3]), np.iteml);
    assert.deepEqual(f.i.tolist(), np.tl);
    assert.deepEqual(f.i.toArray(), np.tl, 'toArray is tolist');
    assert.deepEqual(sv.greater(f.m, 5).tolist(), np.bl, 'bool elements stay booleans');
    assert.equal(f.i.get(2, 3) + 1, 12, 'get on int64: a number');
    assert.deepEqual([...f.i.slice(1)], [4, 5, 6, 7], 'iterating a 1-d int64 array gives numbers');
    assert.equal(sv.sum(sv.arange(4)) + 1, 7, 'sum(arange(4)) + 1: no "Cannot mix BigInt"');
    assert.equal(sv.argmax(sv.array([1, 9, 3])) + 1, 2);
    assert.equal(f.i.sum() + 1, 67);
    assert.equal(f.i.itemBigInt(1, 2), 6n);
    // exact beyond 2^53 is still a number; inexact is a RangeError naming the op, the value and the way out
    const big = sv.array([2n ** 60n, 2n ** 62n + 1n, -(2n ** 63n)], { dtype: 'int64' });
    assert.equal(big.item(0), 2 ** 60);
    assert.equal(big.get(2), -(2 ** 63));
    assert.equal(big.itemBigInt(1), 2n ** 62n + 1n);
    const inexact = /the int64 value 4611686018427387905 is not exactly a JS number .* read it as a bigint: .*itemBigInt/;
    assert.throws(() => big.item(1), (e) => e instanceof RangeError && /^item: /.test(e.message) && inexact.test(e.message));
    assert.throws(() => big.get(1), (e) => e instanceof RangeError && /^get: /.test(e.message) && inexact.test(e.message));
    assert.throws(() => big.tolist(), (e) => e instanceof RangeError && /^tolist: .*toTypedArray/.test(e.message));
    assert.throws(() => [...big], (e) => e instanceof RangeError && /^iterate: /.test(e.message));
    assert.throws(() => sv.sum(big.slice('1:2')), (e) => e instanceof RangeError && /^sum: the int64 value 4611686018427387905 .*itemBigInt/.test(e.message));
    assert.deepEqual([...big.toTypedArray()], [2n ** 60n, 2n ** 62n + 1n, -(2n ** 63n)], 'toTypedArray stays a BigInt64Array');
    const u = sv.array([2n ** 64n - 1n], { dtype: 'uint64' });
    assert.throws(() => u.item(0), /uint64 value 18446744073709551615/);
    assert.equal(u.itemBigInt(0), 2n ** 64n - 1n);
    assert.throws(() => f.m.itemBigInt(0, 0), /^TypeError: itemBigInt: reads integer dtypes, this array is float64/);
    const g = sv.zeros([2, 2], 'int32');
    assert.equal(g.fill(3), g);
    assert.deepEqual(g.tolist(), [[3, 3], [3, 3]]);
    throwsSv(assert, () => f.m.get(1), 'rank_mismatch', /^get: 1 index for an array of dimension 2: .*a\.slice\(1\)/);
  });
});

// The forwarding methods: a.f(...args) is f(a, ...args): the same result or the same error.
const FORWARD = [
  ['sum', 'sum', [[], [{ axis: 0 }], [{ axis: [0, 1], keepdims: true }], [{ keep_dims: true }]]],
  ['prod', 'prod', [[], [{ axis: 1 }]]],
  ['mean', 'mean', [[], [{ axis: -1 }]]],
  ['std', 'std', [[], [{ axis: 0, ddof: 1 }]]],
  ['var', 'variance', [[], [{ axis: 0 }]]],
  ['min', 'min', [[], [{ axis: 0 }]]],
  ['max', 'max', [[], [{ axis: 1 }]]],
  ['argmin', 'argmin', [[], [{ axis: 0 }]]],
  ['argmax', 'argmax', [[], [{ axis: 1 }]]],
  ['any', 'any', [[], [{ axis: 0 }]]],
  ['all', 'all', [[], [{ axis: 0 }]]],
  ['cumsum', 'cumsum', [[], [{ axis: 1 }]]],
  ['cumprod', 'cumprod', [[], [{ axis: 0 }]]],
  ['argsort', 'argsort', [[], [{ axis: 0 }]]],
  ['clip', 'clip', [[2, 7], [null, 3]]],
  ['round', 'round', [[], [{ decimals: 1 }]]],
  ['take', 'take', [[[0, 2]], [[1], { axis: 1 }]]],
  ['repeat', 'repeat', [[2], [2, { axis: 0 }]]],
  ['nonzero', 'nonzero', [[]]],
  ['searchsorted', 'searchsorted', [[5], [[1, 5], { side: 'right' }]]],
  ['trace', 'trace', [[], [1]]],
  ['dot', 'dot', [[[1, 2, 3, 4]]]],
];
const enc = (x) => (x instanceof sv.NDArray ? { dtype: x.dtype, shape: x.shape, values: x.toArray() } : Array.isArray(x) ? x.map(enc) : x);
function outcome(f) {
  try {
    return { ok: enc(f()) };
  } catch (e) {
    return { error: `${e.constructor.name}: ${e.message}` };
  }
}

test('the forwarding methods give what the module-level function gives (results and errors)', () => {
  sv.tidy(() => {
    const x = sv.mul(sv.arange(0, 12, 1, 'float64').reshape(3, 4).slice(':, ::-1'), 0.5);
    const sorted = sv.arange(0, 12, 1, 'float64');
    for (const [m, fn, forms] of FORWARD) {
      const a = m === 'searchsorted' ? sorted : x;
      for (const args of forms) {
        assert.deepEqual(outcome(() => a[m](...args)), outcome(() => sv[fn](a, ...args)), `a.${m}(${JSON.stringify(args)})`);
      }
    }
    const cond = [true, false, true];
    assert.deepEqual(outcome(() => x.compress(cond, { axis: 0 })), outcome(() => sv.compress(cond, x, { axis: 0 })), 'a.compress(c) is compress(c, a)');
    assert.deepEqual(outcome(() => x.compress([true])), outcome(() => sv.compress([true], x)));
    assert.equal(typeof x.ptp, 'function', 'a.ptp exists (it forwards to the module-level ptp)');
    if (typeof sv.ptp === 'function') assert.deepEqual(outcome(() => x.ptp({ axis: 0 })), outcome(() => sv.ptp(x, { axis: 0 })));
  });
});

test('the methods are installed once, not enumerable, and writable like class methods', () => {
  const d = Object.getOwnPropertyDescriptor(sv.NDArray.prototype, 'sum');
  assert.equal(d.enumerable, false);
  assert.equal(typeof d.value, 'function');
  const t = Object.getOwnPropertyDescriptor(sv.NDArray.prototype, 'T');
  assert.equal(typeof t.get, 'function');
  assert.deepEqual(Object.keys(sv.array([1])).filter((k) => !k.startsWith('_')), ['dtype'], 'no method shows as an own key');
});
