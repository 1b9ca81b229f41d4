// convolve / correlate (a matmul of a sliding-window view), interp, vander, polyval and polyfit
// against NumPy 1.24 (one python process for every case): every mode and both length orders,
// integer (exact), float32 and float64 inputs, strided and flipped views; NumPy's errors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng, throwsSv } from './helpers.mjs';
import { HAVE_PY, runNumpy } from './numpy_oracle.mjs';

const PY_SCRIPT = String.raw`
import json, sys
import numpy as np
def arr(d):
    a = np.array(d['values'], dtype=d['dtype'])
    return a[::2] if d.get('view') == 'step' else a[::-1] if d.get('view') == 'flip' else a
def conv(a):
    return arr(a) if isinstance(a, dict) and 'values' in a else a
def enc(x):
    if isinstance(x, (tuple, list)): return {'tuple': [enc(y) for y in x]}
    x = np.asarray(x)
    return {'dtype': str(x.dtype), 'shape': list(x.shape), 'values': [None if not np.isfinite(v) else float(v) for v in x.ravel().astype(np.float64)]}
out = []
for c in json.load(sys.stdin):
    try:
        out.append(enc(getattr(np, c['fn'])(*[conv(a) for a in c['args']], **{k: conv(v) for k, v in c.get('kw', {}).items()})))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
print(json.dumps(out))
`;

const r = rng(99);
function vec(dtype, n, view = 'c', lo = -3, hi = 3) {
  const len = view === 'step' ? 2 * n : n;
  const values = Array.from({ length: len }, () => (dtype === 'int32' ? r.int(lo, hi) : dtype === 'float32' ? Math.fround(lo + (hi - lo) * r.next()) : lo + (hi - lo) * r.next()));
  return { dtype, values, view };
}
function build(d) {
  const a = sv.array(d.values, { dtype: d.dtype });
  return d.view === 'step' ? a.slice('::2') : d.view === 'flip' ? a.slice('::-1') : a;
}

const CASES = [];
const add = (fn, args, kw = {}) => CASES.push({ fn, args, kw });
for (const dtype of ['int32', 'float64', 'float32']) {
  for (const [n, m] of [[7, 3], [3, 7], [5, 5], [1, 4], [8, 1], [40, 9]]) {
    for (const mode of ['full', 'same', 'valid']) {
      const view = r.pick(['c', 'step', 'flip']);
      add('convolve', [vec(dtype, n, view), vec(dtype, m)], { mode });
      add('correlate', [vec(dtype, n), vec(dtype, m, view)], { mode });
    }
  }
  if (dtype !== 'int32') {
    // long enough for the FFT path (the shorter sequence above 3.5 log2(n + m), n m above 2^16)
    for (const [n, m] of [[3000, 150], [150, 3000], [20000, 64]]) {
      for (const mode of ['full', 'same', 'valid']) {
        add('convolve', [vec(dtype, n, 'step'), vec(dtype, m)], { mode });
        add('correlate', [vec(dtype, n), vec(dtype, m, 'flip')], { mode });
      }
    }
  }
  add('vander', [vec(dtype, 5)]);
  add('vander', [vec(dtype, 4, 'flip'), 6], { increasing: true });
  add('polyval', [vec(dtype, 4), vec(dtype, 6, 'step')]);
}
add('polyval', [vec('int32', 3), vec('float32', 5)]);
for (let k = 0; k < 6; k++) {
  const xp = [...new Set(Array.from({ length: 8 }, () => Math.round(r.next() * 100) / 10))].sort((a, b) => a - b);
  const fp = xp.map(() => r.next() * 4 - 2);
  const x = Array.from({ length: 12 }, () => r.next() * 14 - 2);
  add('interp', [{ dtype: 'float64', values: x }, { dtype: 'float64', values: xp }, { dtype: 'float64', values: fp }], k % 2 ? { left: -9, right: 9 } : {});
  add('interp', [{ dtype: 'float64', values: x }, { dtype: 'float64', values: xp }, { dtype: 'float64', values: fp }], { period: 5 });
}
for (const deg of [0, 1, 2, 4]) {
  const x = vec('float64', 12, 'c', 0, 5);
  const y = vec('float64', 12);
  add('polyfit', [x, y, deg]);
  add('polyfit', [x, y, deg], { w: vec('float64', 12, 'c', 0.5, 2) });
  add('polyfit', [x, y, deg], { full: true });
  add('polyfit', [x, y, deg], { cov: true });
  add('polyfit', [vec('int32', 9, 'c', 0, 9), vec('float32', 9), deg], { cov: 'unscaled' });
}

function jsArg(a) {
  return a && a.values ? build(a) : a;
}
function toPlain(x) {
  if (x instanceof sv.NDArray) return { dtype: x.dtype, shape: x.shape, values: Array.from(x.astype('float64').toTypedArray()) };
  if (Array.isArray(x)) return { tuple: x.map(toPlain) };
  return { dtype: 'scalar', shape: [], values: [x] };
}
function close(got, want, exact, where) {
  if (want.tuple) {
    assert.equal(got.tuple?.length, want.tuple.length, `${where}: tuple`);
    return want.tuple.forEach((w, i) => close(got.tuple[i], w, exact, `${where}[${i}]`));
  }
  assert.deepEqual(got.shape, want.shape, `${where}: shape`);
  if (got.dtype !== 'scalar') assert.equal(got.dtype, want.dtype, `${where}: dtype`);
  const tol = exact ? 0 : (got.dtype === 'float32' ? 2e-5 : 1e-10) * Math.max(1, ...want.values.map((v) => Math.abs(v ?? 0)));
  want.values.forEach((w, i) => {
    const g = got.values[i];
    if (w === null) assert.ok(!Number.isFinite(g), `${where}[${i}]: ${g}, NumPy non-finite`);
    else assert.ok(Math.abs(g - w) <= tol, `${where}[${i}]: ${g} vs NumPy ${w}`);
  });
}

let NP = null;
before(async () => {
  await ready;
  if (HAVE_PY) NP = runNumpy(PY_SCRIPT, CASES);
});

test('convolve, correlate, interp, vander, polyval and polyfit match NumPy', { skip: !HAVE_PY }, () => {
  CASES.forEach((c, i) => {
    const where = `case ${i} ${c.fn} ${JSON.stringify(c.kw)} ${c.args.map((a) => (a && a.values ? `${a.dtype}[${a.values.length}]${a.view ?? ''}` : a)).join(', ')}`;
    const want = NP[i];
    assert.ok(!want.error, `${where}: NumPy raised ${want.error}`);
    sv.tidy(() => {
      const kw = { ...c.kw };
      if (kw.w) kw.w = jsArg(kw.w);
      const args = c.args.map(jsArg);
      const got = sv[c.fn](...args, ...(Object.keys(kw).length ? [kw] : []));
      // integers are exact; interp and the correlations of floats within rounding
      const exact = c.args.every((a) => !a.values || a.dtype === 'int32') && c.fn !== 'polyfit';
      close(toPlain(got), want, exact, where);
    });
  });
  assert.deepEqual(sv.memoryStats().liveArrays, 0);
});

test('interp: a scalar x gives a number; NaN, sample points and the ends as NumPy', () => {
  assert.equal(sv.interp(2.5, [1, 2, 3], [3, 2, 0]), 1);
  sv.tidy(() => {
    assert.deepEqual(sv.interp([0, 1, 3, 4, NaN], [1, 2, 3], [3, 2, 0]).toArray(), [3, 3, 0, 0, NaN]);
    assert.deepEqual(sv.interp([0, 4], [1, 2, 3], [3, 2, 0], -1, 7).toArray(), [-1, 7]);
    assert.deepEqual(sv.interp([0, 4], [2], [5]).toArray(), [5, 5]);
  });
});

test('errors: names the op, the parameter and the numbers', () => {
  throwsSv(assert, () => sv.convolve([], [1]), 'invalid_argument', /^convolve: a cannot be empty$/);
  throwsSv(assert, () => sv.correlate([1, 2], [[1]]), 'rank_mismatch', /^correlate: v must be 1-D, got shape \[1,1\]$/);
  throwsSv(assert, () => sv.convolve([1, 2], [1], 'middle'), 'invalid_argument', /^convolve: mode must be 'valid', 'same' or 'full' \(or 0, 1, 2\), got "middle"$/);
  throwsSv(assert, () => sv.interp([1], [1, 2], [1]), 'shape_mismatch', /^interp: fp and xp are not of the same length \(1 and 2\)$/);
  throwsSv(assert, () => sv.interp([1], [], []), 'invalid_argument', /array of sample points is empty/);
  throwsSv(assert, () => sv.interp([1], [1, 2], [1, 2], { period: 0 }), 'invalid_argument', /period must be a non-zero number, got 0/);
  assert.throws(() => sv.interp([1], [1, 2], [1, 2], 'x'), /^TypeError: interp: left must be a number or null, got "x"$/);
  throwsSv(assert, () => sv.polyfit([1, 2], [1, 2], -1), 'invalid_argument', /^polyfit: expected deg >= 0, got -1$/);
  throwsSv(assert, () => sv.polyfit([1, 2], [1, 2, 3], 1), 'shape_mismatch', /expected x and y to have same length \(2 and 3\)/);
  throwsSv(assert, () => sv.polyfit([1, 2], [1, 2], 1, { cov: true }), 'invalid_argument', /number of data points must exceed order/);
  assert.throws(() => sv.polyfit([1, 2], [1, 2], 1.5), /^RangeError: polyfit: deg/);
  throwsSv(assert, () => sv.vander([[1]]), 'rank_mismatch', /^vander: x must be a one-dimensional array/);
  throwsSv(assert, () => sv.polyval(3, [1, 2]), 'rank_mismatch', /^polyval: p must be a sequence/);
  assert.equal(sv.memoryStats().liveArrays, 0);
});
