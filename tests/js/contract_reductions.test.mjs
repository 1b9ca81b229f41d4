// The reductions under the API contract, with NumPy 1.24 as the oracle: each case is written once
// as [function, positional args, keyword args] and run on both sides (python3 with numpy, and the
// built package), then again in the other call forms NumPy's signature allows (every
// positional-or-keyword argument by name, and half positional, half by name: Python's
// inspect.signature binds the names). Covered: positional axis, dtype (the accumulation dtype and the
// result's), initial, where, out (the same array returned), keepdims, ddof, quantile's methods and
// the NaN functions, on contiguous, strided (transposed and stepped) and broadcast inputs. Then the
// refusals (values NumPy does not take, or that this library does not implement, each named), and
// the return types under `tsc --strict` (a fixture compiled against dist/index.d.mts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sv, ready } from './helpers.mjs';
import { HAVE_PY, PY, decF } from './numpy_oracle.mjs';

await ready;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// ------------------------------------------------------------------------------------ fixtures (both sides)

const PY_FIXTURES = String.raw`
import numpy as np, json, sys, math, inspect, warnings
warnings.simplefilter('ignore')
A = (((np.arange(24) * 7) % 11) * 0.75 - 3).reshape(2, 3, 4)
F = A.astype(np.float32) / 3
I = (((np.arange(24) * 5) % 9) - 4).astype(np.int32).reshape(2, 3, 4)
U = ((np.arange(12) * 37) % 256).astype(np.uint8).reshape(3, 4)
T = A.transpose(2, 0, 1)[::2]
B = np.broadcast_to(np.array([1.5, -2, 3.25, 0.5]), (3, 4))
N = np.array([[1, np.nan, 3], [np.nan, np.nan, np.nan], [4, -np.inf, np.inf]])
NF = N.astype(np.float32)
E = np.zeros((0, 3))
M1 = np.array([True, False, True, True])
MN = np.array([[True, True, False], [True, False, True], [False, True, True]])
MT = np.array([[[True, False, True]], [[False, True, True]]])
MB = np.array([[True], [False], [True]])
BOOL = I > 0
`;

function jsFixtures() {
  const seq = (n, f) => Array.from({ length: n }, (_, i) => f(i));
  const A = sv.array(seq(24, (i) => ((i * 7) % 11) * 0.75 - 3)).reshape([2, 3, 4]);
  const F = sv.div(A.astype('float32'), 3);
  const I = sv.array(seq(24, (i) => ((i * 5) % 9) - 4), { dtype: 'int32' }).reshape([2, 3, 4]);
  const U = sv.array(seq(12, (i) => (i * 37) % 256), { dtype: 'uint8' }).reshape([3, 4]);
  const T = A.transpose([2, 0, 1]).slice('::2');
  const B = sv.array([1.5, -2, 3.25, 0.5]).broadcastTo([3, 4]);
  const N = sv.array([[1, NaN, 3], [NaN, NaN, NaN], [4, -Infinity, Infinity]]);
  const NF = N.astype('float32');
  const E = sv.zeros([0, 3]);
  const M1 = sv.array([true, false, true, true]);
  const MN = sv.array([[true, true, false], [true, false, true], [false, true, true]]);
  const MT = sv.array([[[true, false, true]], [[false, true, true]]]);
  const MB = sv.array([[true], [false], [true]]);
  const BOOL = sv.greater(I, 0);
  return { A, F, I, U, T, B, N, NF, E, M1, MN, MT, MB, BOOL };
}

// ------------------------------------------------------------------------------------ the cases
// Values: { $: 'A' } a fixture, { t: [..] } a tuple (a JS array), { out: [shape, dtype] } a fresh
// zeros array (the result must be that array), anything else plain JSON.
const $ = (name) => ({ $: name });
const t = (...xs) => ({ t: xs });
const out = (shape, dtype = 'float64') => ({ out: [shape, dtype] });
// [js name, numpy name]
const NP = { max: 'amax', min: 'amin', variance: 'var', nanToNum: 'nan_to_num' };

const CASES = [
  // sum: axis positional / tuple, dtype, keepdims, initial, where, out, strided and broadcast inputs
  ['sum', [$('A')]], ['sum', [$('A'), 0]], ['sum', [$('A'), t(0, 2)]], ['sum', [$('A'), -1, 'float32']],
  ['sum', [$('I'), null, 'int8']], ['sum', [$('I')], { dtype: 'float32' }], ['sum', [$('U'), 0, 'uint8']],
  ['sum', [$('A'), 1, null, null, true]], ['sum', [$('A')], { axis: t(1, 2), keepdims: true }],
  ['sum', [$('A')], { initial: 10 }], ['sum', [$('I'), 1], { initial: 2.7 }], ['sum', [$('E'), 0], { initial: 2.5 }],
  ['sum', [$('A')], { where: $('M1') }], ['sum', [$('A'), 2], { where: $('M1'), initial: 1 }],
  ['sum', [$('T'), 1], { where: $('MT') }], ['sum', [$('B'), 0], { where: $('MB') }], ['sum', [$('I')], { dtype: 'bool' }],
  ['sum', [$('A'), 1, null, out([2, 4])]], ['sum', [$('I'), 0], { out: out([3, 4], 'float32'), where: false }],
  ['sum', [$('T'), t(0, 1), 'float32', out([3], 'float32'), false, 0.5, true]], ['sum', [$('BOOL'), 2]],
  // max / min (amax / amin)
  ['max', [$('A'), 1]], ['max', [$('T'), t(0, 1), null, true]], ['max', [$('A')], { initial: 100 }],
  ['max', [$('A'), 2], { where: $('M1'), initial: -50 }], ['max', [$('E'), 0], { initial: 1 }], ['max', [$('B'), 1]],
  ['min', [$('U'), 0], { where: $('M1'), initial: 255 }], ['min', [$('T'), 1]], ['min', [$('I'), null, out([], 'int64')]],
  ['min', [$('U')], { initial: -1 }], ['max', [$('A')], { where: $('M1') }], ['max', [$('E'), 0]],
  // mean
  ['mean', [$('A'), 1]], ['mean', [$('I')], { dtype: 'float32' }], ['mean', [$('I'), 0, 'int32']],
  ['mean', [$('A'), 2], { where: $('M1') }], ['mean', [$('F')]], ['mean', [$('F'), t(0, 2)], { where: $('M1'), keepdims: true }],
  ['mean', [$('B'), 1, null, out([3])]], ['mean', [$('T'), -1, 'float32']], ['mean', [$('U')], { where: $('M1') }],
  // prod
  ['prod', [$('I'), 0]], ['prod', [$('I'), 1, 'int8']], ['prod', [$('A')], { initial: 2, where: $('M1') }],
  ['prod', [$('U'), null, 'float64']], ['prod', [$('E'), 1]], ['prod', [$('B'), 0, null, null, true, 3]],
  // any / all
  ['any', [$('I'), 0]], ['all', [$('I'), 1, null, true]], ['any', [$('BOOL')], { where: $('M1') }],
  ['all', [$('I')], { where: $('M1') }], ['all', [$('I'), t(0, 2), out([3], 'bool')]], ['any', [$('N'), 1]], ['all', [$('E'), 0]],
  // variance (numpy.var) / std
  ['variance', [$('A'), 1]], ['variance', [$('A'), 1, null, null, 1]], ['std', [$('A')], { ddof: -1 }],
  ['std', [$('A'), 0, 'float32']], ['variance', [$('F'), 1]], ['variance', [$('A')], { where: $('M1') }],
  ['std', [$('A'), t(0, 2)], { where: $('M1'), ddof: 1, keepdims: true }], ['std', [$('T'), 2, null, out([2, 2])]],
  ['variance', [$('I'), null, 'float64', null, 0.5]], ['variance', [$('B'), 0]], ['std', [$('U')], { where: $('M1') }],
  // argmax / argmin
  ['argmax', [$('A')]], ['argmax', [$('A'), 1]], ['argmin', [$('T'), 0], { keepdims: true }],
  ['argmax', [$('A'), null, null], { keepdims: true }], ['argmin', [$('B'), 1, out([3], 'int64')]], ['argmax', [$('N'), 1]],
  // cumsum / cumprod
  ['cumsum', [$('A')]], ['cumsum', [$('A'), 1]], ['cumsum', [$('I'), 0, 'int8']], ['cumsum', [$('I')], { dtype: 'float32' }],
  ['cumprod', [$('U'), 1, 'uint16']], ['cumsum', [$('T'), 2, null, out([2, 2, 3])]], ['cumsum', [$('BOOL'), -1, 'bool']],
  ['cumprod', [$('B'), 0]], ['cumsum', [$('U'), 1, 'float32', out([3, 4])]],
  // the NaN functions
  ['nansum', [$('N')]], ['nansum', [$('N'), 0, 'float32']], ['nansum', [$('N'), 1], { initial: 1, where: $('MN') }],
  ['nansum', [$('I'), 2, null, out([2, 3])]], ['nanmean', [$('N'), 1]], ['nanmean', [$('N'), 0, 'float32']],
  ['nanmean', [$('N')], { where: $('MN') }], ['nanmean', [$('I'), 0]], ['nanmean', [$('NF'), 1, null, out([3], 'float32')]],
  ['nanmax', [$('N'), 1]], ['nanmax', [$('N'), 1], { initial: 10 }], ['nanmin', [$('N'), 0], { where: $('MN'), initial: 0 }],
  ['nanmax', [$('I'), 0]], ['nanmin', [$('NF')], { keepdims: true }], ['nanmax', [$('N'), null, out([], 'float64')]],
  ['nanmean', [$('N')], { dtype: 'int64' }], ['nanmax', [$('E'), 0]], ['nanmax', [$('N')], { where: $('MN') }],
  // isinf (a ufunc), isposinf, isneginf, nanToNum
  ['isinf', [$('N')]], ['isinf', [$('I')]], ['isinf', [$('N'), out([3, 3], 'bool')]], ['isposinf', [$('NF')]],
  ['isneginf', [$('N'), out([3, 3], 'bool')]], ['isposinf', [$('I')]],
  ['nanToNum', [$('N')]], ['nanToNum', [$('N'), true, 5]], ['nanToNum', [$('N')], { nan: 1, posinf: 2, neginf: -3 }], ['nanToNum', [$('NF')]],
  // median, quantile, percentile
  ['median', [$('A')]], ['median', [$('A'), 1]], ['median', [$('A'), t(0, 2), null, false, true]], ['median', [$('T'), 0, out([2, 3])]],
  ['median', [$('N'), 1]], ['median', [$('F'), 1]], ['median', [$('I'), 0, out([3, 4], 'float32')]],
  ['quantile', [$('A'), 0.3]], ['quantile', [$('A'), [0.1, 0.9], 1]], ['quantile', [$('A'), 0.3], { interpolation: 'lower' }],
  ['quantile', [$('N'), 0.5, 1]], ['quantile', [$('I'), 0.3, 1], { method: 'nearest' }], ['quantile', [$('B'), 0.75, 0, out([4])]],
  ['percentile', [$('A'), 40, 0, null, false, 'lower']], ['percentile', [$('T'), [25, 50], t(1, 2)], { keepdims: true }],
  ['quantile', [$('A'), 0.5, 0, out([3, 4], 'int64')]], ['quantile', [$('BOOL'), 0.5]],
  // out of another kind: NumPy's reductions and scans cast into out unsafely (ufunc.reduce /
  // accumulate, mean's and var's true_divide, median through mean, the nan quantiles' out[...] =);
  // std (sqrt), ptp (subtract) and quantile (its lerp) write out under 'same_kind'
  ['sum', [$('A'), 0, null, out([3, 4], 'int32')]], ['prod', [$('A'), 1], { out: out([2, 4], 'int16') }],
  ['max', [$('A'), 2, out([2, 3], 'int8')]], ['min', [$('A')], { out: out([], 'int64') }], ['any', [$('A'), 0, out([3, 4], 'int32')]],
  ['mean', [$('A'), 1, null, out([2, 4], 'int32')]], ['variance', [$('A'), 0], { out: out([3, 4], 'int32') }],
  ['std', [$('A'), 0, null, out([3, 4], 'int32')]], ['sum', [$('A'), 1], { out: out([2, 4], 'int64'), where: $('M1'), initial: 0.5 }],
  ['cumsum', [$('A'), 1, null, out([2, 3, 4], 'int32')]], ['cumprod', [$('A'), 2], { out: out([2, 3, 4], 'int64') }],
  ['cumsum', [$('A'), 1, 'float32', out([2, 3, 4], 'int32')]], ['nansum', [$('A'), 0, null, out([3, 4], 'int32')]],
  ['nanprod', [$('A'), 0, null, out([3, 4], 'int64')]], ['nancumsum', [$('A'), 0, null, out([2, 3, 4], 'int32')]],
  ['nanmax', [$('A'), 1, out([2, 4], 'int32')]], ['nanmin', [$('A')], { out: out([], 'int16') }],
  ['median', [$('A'), 1, out([2, 4], 'int32')]], ['nanmedian', [$('A'), 1, out([2, 4], 'int32')]],
  ['nanquantile', [$('A'), 0.5, 1, out([2, 4], 'int32')]], ['nanpercentile', [$('A'), 50, 1], { out: out([2, 4], 'int32') }],
];
for (const m of ['linear', 'lower', 'higher', 'nearest', 'midpoint', 'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
  'interpolated_inverted_cdf', 'hazen', 'weibull', 'median_unbiased', 'normal_unbiased']) {
  CASES.push(['quantile', [$('A'), [0, 0.01, 0.2, 0.37, 0.5, 0.99, 1], 2], { method: m }]);
  CASES.push(['quantile', [$('I'), [0.25, 0.6], t(0, 1)], { method: m }]);
}

const PY_RUN = String.raw`
def val(v):
    if isinstance(v, dict):
        if '$' in v: return globals()[v['$']]
        if 't' in v: return tuple(val(x) for x in v['t'])
        if 'out' in v: return np.zeros(v['out'][0], dtype=v['out'][1])
    if isinstance(v, list): return [val(x) for x in v]
    return v
def snake(k): return ''.join('_' + c.lower() if c.isupper() else c for c in k)
def camel(k): return k.split('_')[0] + ''.join(w.title() for w in k.split('_')[1:])
def encf(x):
    if x != x: return 'nan'
    if x == math.inf: return 'inf'
    if x == -math.inf: return '-inf'
    return x
def enc(r):
    if isinstance(r, np.ndarray):
        k = r.dtype.kind
        vals = [int(x) for x in r.ravel()] if k == 'b' else [str(int(x)) for x in r.ravel()] if k in 'iu' else [encf(float(x)) for x in r.ravel()]
        return {'dtype': str(r.dtype), 'shape': list(r.shape), 'values': vals}
    if isinstance(r, (bool, np.bool_)): return {'scalar': int(r), 'kind': 'bool'}
    if isinstance(r, (int, np.integer)): return {'scalar': str(int(r)), 'kind': 'int'}
    return {'scalar': encf(float(r)), 'kind': 'num'}
res = []
for name, args, kw in json.load(sys.stdin):
    f = getattr(np, name)
    a = [val(x) for x in args]
    k = {snake(key): val(v) for key, v in kw.items()}
    names = None
    try:
        sig = inspect.signature(f)
        b = sig.bind(*a, **k)
        names = [camel(p) for p in list(b.arguments)[:len(a)]]
    except (TypeError, ValueError):
        pass
    try:
        res.append({'r': enc(f(*a, **k)), 'names': names})
    except Exception as e:
        res.append({'error': type(e).__name__ + ': ' + str(e), 'names': names})
print(json.dumps(res))
`;

/** The JS value of a case's value; the out arrays it makes are pushed to `outs`. */
function jsVal(v, fx, outs) {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    if ('$' in v) return fx[v.$];
    if ('t' in v) return v.t.map((x) => jsVal(x, fx, outs));
    if ('out' in v) {
      const o = sv.zeros(v.out[0], v.out[1]);
      outs.push(o);
      return o;
    }
  }
  if (Array.isArray(v)) return v.map((x) => jsVal(x, fx, outs));
  return v;
}

function encodeJs(r) {
  if (r instanceof sv.NDArray) {
    const ta = r.toTypedArray();
    const k = r.dtype === 'bool' ? 'b' : /int/.test(r.dtype) ? 'i' : 'f';
    const values = Array.from(ta, (x) => (k === 'b' ? (x ? 1 : 0) : k === 'i' ? String(x) : x));
    return { dtype: r.dtype, shape: r.shape, values };
  }
  if (typeof r === 'boolean') return { scalar: r ? 1 : 0, kind: 'bool' };
  if (typeof r === 'bigint') return { scalar: String(r), kind: 'int' };
  return { scalar: r, kind: typeof r };
}

function close(g, w, dtype) {
  if (typeof w === 'string' && !['nan', 'inf', '-inf'].includes(w)) return String(g) === w || Number(g) === Number(w);
  const x = decF(w);
  const y = Number(g);
  if (Number.isNaN(x)) return Number.isNaN(y);
  if (!Number.isFinite(x)) return x === y;
  const tol = dtype === 'float32' ? 3e-6 : dtype === 'float16' ? 1e-3 : 1e-12;
  return Math.abs(x - y) <= tol * Math.max(1, Math.abs(x));
}

/** Compares one JS result (its encoding) with NumPy's; returns a problem or null. */
function compare(got, want) {
  if ('scalar' in want) {
    if (!('scalar' in got)) return `NumPy gives a scalar, got an array ${JSON.stringify(got.shape)} ${got.dtype}`;
    if (want.kind === 'bool' && got.kind !== 'bool') return `NumPy gives a bool, got ${got.kind}`;
    return close(got.scalar, want.scalar, 'float64') ? null : `got ${got.scalar}, NumPy ${want.scalar}`;
  }
  if (!('shape' in got)) return `NumPy gives an array ${JSON.stringify(want.shape)} ${want.dtype}, got the scalar ${got.scalar}`;
  if (got.dtype !== want.dtype) return `dtype ${got.dtype}, NumPy ${want.dtype}`;
  if (JSON.stringify(got.shape) !== JSON.stringify(want.shape)) return `shape ${JSON.stringify(got.shape)}, NumPy ${JSON.stringify(want.shape)}`;
  for (let i = 0; i < want.values.length; i++) {
    if (!close(got.values[i], want.values[i], want.dtype)) return `element ${i}: got ${got.values[i]}, NumPy ${want.values[i]}`;
  }
  return null;
}

const show = (c) => `${c[0]}(${c[1].map((x) => JSON.stringify(x)).join(', ')}${c[2] ? `, ${JSON.stringify(c[2])}` : ''})`;

/**
 * The call forms of one case: as written, every argument after the first by name, and the first
 * half positional with the rest by name (the names are NumPy's, bound by Python's inspect).
 */
function forms(c, names) {
  const [, args, kw = {}] = c;
  const list = [[args, kw]];
  if (names !== null && args.length > 1) {
    const byName = (k) => Object.fromEntries(args.slice(k).map((v, i) => [names[k + i], v]));
    list.push([args.slice(0, 1).concat(c[0] === 'quantile' || c[0] === 'percentile' ? [args[1]] : []), { ...byName(c[0] === 'quantile' || c[0] === 'percentile' ? 2 : 1), ...kw }]);
    const h = Math.ceil(args.length / 2);
    if (h > 1 && h < args.length) list.push([args.slice(0, h), { ...byName(h), ...kw }]);
  }
  return list;
}

test('the reductions equal NumPy 1.24 in every call form (positional, by name, mixed)', { skip: !HAVE_PY && 'python3 with numpy is not installed' }, () => {
  const py = spawnSync(PY, ['-c', PY_FIXTURES + PY_RUN], { input: JSON.stringify(CASES.map((c) => [NP[c[0]] ?? c[0], c[1], c[2] ?? {}])), maxBuffer: 1 << 26 });
  assert.equal(py.status, 0, String(py.stderr));
  const want = JSON.parse(String(py.stdout));
  const fx = jsFixtures();
  const before = sv.memoryStats().liveArrays;
  const problems = [];
  let calls = 0;
  CASES.forEach((c, i) => {
    const w = want[i];
    for (const [args, kw] of forms(c, w.names)) {
      calls++;
      const outs = [];
      const jsArgs = args.map((x) => jsVal(x, fx, outs));
      const opts = Object.fromEntries(Object.entries(kw).map(([k, v]) => [k, jsVal(v, fx, outs)]));
      const outArr = outs[0] ?? null;
      const form = `${c[0]}(${args.map((x) => JSON.stringify(x)).join(', ')}${Object.keys(kw).length ? `, ${JSON.stringify(kw)}` : ''})`;
      let r;
      try {
        r = Object.keys(opts).length > 0 ? sv[c[0]](...jsArgs, opts) : sv[c[0]](...jsArgs);
      } catch (e) {
        if (!('error' in w)) problems.push(`${form}: threw ${e.message}; NumPy gives ${JSON.stringify(w.r).slice(0, 80)}`);
        else if (!e.message.startsWith(`${c[0]}: `)) problems.push(`${form}: the message does not name the op: ${e.message}`);
        if (outArr !== null) outArr.dispose();
        continue;
      }
      if ('error' in w) {
        problems.push(`${form}: NumPy refuses (${w.error}), got ${JSON.stringify(encodeJs(r)).slice(0, 80)}`);
      } else {
        const p = compare(encodeJs(r), w.r);
        if (p !== null) problems.push(`${form}: ${p}`);
        if (outArr !== null && r !== outArr) problems.push(`${form}: the result is not the out array`);
      }
      if (r instanceof sv.NDArray && r !== outArr) r.dispose();
      if (outArr !== null) outArr.dispose();
    }
  });
  assert.deepEqual(problems, [], `${problems.length} of ${calls} calls differ from NumPy`);
  assert.ok(calls > 2 * CASES.length, `${calls} calls`);
  assert.equal(sv.memoryStats().liveArrays, before, 'no array left behind');
  for (const a of Object.values(fx)) a.dispose();
});

test('refusals: each names the op, the parameter and the value', () => {
  const fx = jsFixtures();
  const { A, I, N, M1 } = fx;
  const before = sv.memoryStats().liveArrays;
  const T = (re) => (e) => e instanceof TypeError && re.test(e.message);
  const S = (code, re) => (e) => e instanceof sv.StrideViewError && e.code === code && re.test(e.message);
  // the binding: misspelled and unknown options, a parameter twice, too many positional, keyword-only given positionally
  assert.throws(() => sv.sum(A, { keep_dims: true }), T(/^sum: unknown option 'keep_dims'; did you mean 'keepdims'\?/));
  assert.throws(() => sv.sum(A, { axes: 0 }), T(/^sum: unknown option 'axes'; did you mean 'axis'\?/));
  assert.throws(() => sv.quantile(A, 0.5, { overwrite_input: true, interpolate: 'lower' }), T(/^quantile: unknown option 'overwrite_input'; did you mean 'overwriteInput'\?/));
  assert.throws(() => sv.sum(A, 0, { axis: 1 }), T(/^sum: got multiple values for axis: 0 as the second argument and 1 by name/));
  assert.throws(() => sv.sum(A, 0, null, null, false, 0, true, 5), T(/^sum: takes at most 7 positional arguments/));
  assert.throws(() => sv.mean(A, 0, null, null, false, true), T(/^mean: takes at most 5 positional arguments .*where and the parameters after it are keyword-only/));
  assert.throws(() => sv.argmax(A, 0, null, true), T(/^argmax: takes at most 3 positional arguments/));
  // wrong types, naming the parameter and what came
  assert.throws(() => sv.sum(A, { keepdims: 1 }), T(/^sum: keepdims must be a boolean, got 1$/));
  assert.throws(() => sv.sum(A, 0, 5), T(/^sum: dtype must be a dtype name or null, got 5$/));
  assert.throws(() => sv.sum(A, 0, 'float128'), T(/^sum: unknown dtype "float128"/));
  assert.throws(() => sv.sum(A, { initial: 'x' }), T(/^sum: initial must be a number, a bigint or a boolean, got "x"$/));
  assert.throws(() => sv.max(A, { initial: null }), T(/^max: initial must be a number, a bigint or a boolean, got null$/));
  assert.throws(() => sv.sum(A, { where: 'x' }), T(/^sum: where must be a boolean, a boolean array or nested arrays of booleans, got "x"$/));
  assert.throws(() => sv.sum(A, { out: {} }), T(/^sum: out must be an NDArray \(or a 1-element array holding one\), got \{\}$/));
  assert.throws(() => sv.variance(A, { ddof: 'x' }), T(/^variance: ddof must be a number, got "x"$/));
  assert.throws(() => sv.std(A, { ddof: NaN }), S('invalid_argument', /^std: ddof must be a finite number, got NaN$/));
  assert.throws(() => sv.argmax(A, [0]), T(/^argmax: axis must be an integer or null, got \[0\]/));
  assert.throws(() => sv.cumsum(A, { axis: [0] }), T(/^cumsum: axis must be an integer or null, got \[0\]/));
  assert.throws(() => sv.median(A, { overwriteInput: 1 }), T(/^median: overwriteInput must be a boolean, got 1$/));
  assert.throws(() => sv.nanToNum(N, 1), T(/^nanToNum: copy must be a boolean, got 1$/));
  assert.throws(() => sv.nanToNum(N, { posinf: 'x' }), T(/^nanToNum: posinf must be a number or null, got "x"$/));
  assert.throws(() => sv.nanToNum(N, { nan: null }), T(/^nanToNum: nan must be a number, got null$/));
  assert.throws(() => sv.isposinf(N, 5), T(/^isposinf: out must be an NDArray/));
  // NumPy's own refusals
  assert.throws(() => sv.max(A, { where: M1 }), S('invalid_argument', /^max: the reduction has no identity, so a where mask needs initial/));
  assert.throws(() => sv.nanmin(N, { where: [true, false, true] }), S('invalid_argument', /^nanmin: the reduction has no identity/));
  assert.throws(() => sv.sum(A, { where: [[true], [false]] }), S('shape_mismatch', /^sum: where of shape \[2,1\] does not broadcast to the array's shape \[2,3,4\]$/));
  assert.throws(() => sv.max(I, { initial: NaN }), S('invalid_argument', /^max: cannot convert initial=NaN to the integer dtype int32$/));
  assert.throws(() => sv.quantile(A, 0.5, { method: 'cubic' }), S('invalid_argument', /^quantile: method must be one of NumPy's 'linear', .*; got "cubic"$/));
  assert.throws(() => sv.quantile(A, 0.5, { method: 'lower', interpolation: 'higher' }), T(/^quantile: give method or interpolation, not both/));
  const i0 = sv.zeros([], 'int64');
  const z3 = sv.zeros([3]);
  assert.throws(() => sv.nanmean(N, { out: i0 }), S('type_error', /^nanmean: the input is a float array, so out must have a float dtype/));
  assert.throws(() => sv.isinf(N, { dtype: 'float64' }), S('type_error', /^isinf: no loop for dtype="float64"/));
  // implemented partly: variance / std compute in a float dtype (NumPy's integer dtype truncates at every step)
  assert.throws(() => sv.variance(I, { dtype: 'int64' }), T(/^variance: dtype="int64" is not supported \(supported: a float dtype or null\)$/));
  // NumPy's reductions cast into out unsafely (np.prod(A, 0, out=int32) works); std's sqrt, ptp's
  // subtract and quantile's lerp write out under 'same_kind' (the reduction-out test below)
  const o = sv.zeros([3, 4], 'int32');
  assert.throws(() => sv.std(A, 0, null, o), S('type_error', /^std: cannot cast the result from float64 to out's dtype int32 with casting='same_kind'$/));
  assert.throws(() => sv.ptp(A, 0, o), S('type_error', /^ptp: cannot cast the result from float64 to out's dtype int32/));
  assert.throws(() => sv.quantile(A, 0.5, 0, o), S('type_error', /^quantile: cannot cast the result from float64 to out's dtype int32/));
  assert.throws(() => sv.sum(A, 0, null, z3), S('shape_mismatch', /^sum: out has shape \[3\] but the result has shape \[3,4\]/));
  // out given as NumPy's 1-tuple, the same array returned
  const of = sv.zeros([3, 4]);
  assert.equal(sv.sum(A, 0, null, [of]), of);
  assert.equal(sv.nanmax(A, { axis: 0, out: [of] }), of);
  assert.equal(sv.quantile(A, 0.5, 0, [of]), of);
  const q = sv.quantile(A, 0.5, 0);
  assert.deepEqual(of.toArray(), q.toArray());
  for (const x of [o, of, q, i0, z3]) x.dispose();
  assert.equal(sv.memoryStats().liveArrays, before, 'errors leave nothing behind');
  for (const a of Object.values(fx)) a.dispose();
});

test('ptp: max - min in the input dtype, NumPy parameters', { skip: typeof sv.ptp !== 'function' && 'ptp is not exported from index.ts yet' }, () => {
  const a = sv.array([[-100, 100, 3], [7, -2, 0]], { dtype: 'int8' });
  assert.equal(sv.ptp(a), -56); // int8 wraps, as NumPy's
  const r = sv.ptp(a, 1);
  assert.equal(r.dtype, 'int8');
  assert.deepEqual(r.toArray(), [-56, 9]);
  const k = sv.ptp(a, { axis: 0, keepdims: true });
  assert.deepEqual(k.shape, [1, 3]);
  assert.deepEqual(k.toArray(), [[107, 102, 3]]);
  const o = sv.zeros([3], 'int16');
  assert.equal(sv.ptp(a, 0, o), o);
  assert.deepEqual(o.toArray(), [107, 102, 3]);
  assert.throws(() => sv.ptp([true, false]), (e) => e instanceof sv.StrideViewError && /^ptp: bool input has no subtraction/.test(e.message));
  assert.throws(() => sv.ptp(a, { keep_dims: true }), /^TypeError: ptp: unknown option 'keep_dims'; did you mean 'keepdims'\?/);
  for (const x of [a, r, k, o]) x.dispose();
});

test('return types: strict TypeScript needs no casts (a fixture compiled against dist/index.d.mts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sv-red-types-'));
  try {
    const dist = join(root, 'dist', 'index.mjs');
    writeFileSync(
      join(dir, 'fixture.ts'),
      `import { NDArray, arange, array, sum, mean, max, min, prod, any, all, argmax, argmin, variance, std, cumsum, nansum, nanmean,
  nanmax, median, quantile, percentile, isinf, isposinf, nanToNum, Complex, complex, fft, iscomplexobj } from ${JSON.stringify(dist)};
const a = arange(12).reshape([3, 4]);
const p = array([0.5, 1.5]);
const z = array([[1, 2], [3, 4]]);
const s1: number = sum(a) + 1;
const s2: number = -mean(p);
const sh1: number[] = sum(a, 0).shape;
const sh2: number[] = sum(a, { axis: 1 }).shape;
const sh3: number[] = argmax(z, { axis: 1 }).shape;
const s3: number = argmax(z) + 1;
const s4: number = max(a, { initial: 0 }) + min(a, null) + prod(p) + variance(p, { ddof: 1 }) + std(p, null, null, null, 1);
const s5: number = nansum(p) + nanmean(p, { where: [true, false] }) + nanmax(p) + median(p) + quantile(p, 0.5) + percentile(p, 50);
const b1: boolean = any(a) && all(a, { where: true });
const k1: NDArray = sum(a, { keepdims: true });
const k2: NDArray = mean(a, null, 'float32', null, true);
const o1: NDArray = sum(a, 0, null, array([0, 0, 0, 0]));
const o2: NDArray = argmin(a, { axis: 0, out: arange(4) });
const q1: NDArray = quantile(p, [0.25, 0.75]);
const q2: NDArray = median(a, [0, 1], null, false, true);
const c1: NDArray = cumsum(a, 0, 'float32');
const i1: NDArray = isinf(p, null, { where: true });
const i2: NDArray = isposinf(p);
const n1: NDArray = nanToNum(p, { nan: 0 });
declare const zc: NDArray<'complex128'>;
declare const u: NDArray;
const x1: Complex = sum(zc);
const x2: Complex = zc.mean({ where: true });
const x3: Complex = prod([complex(1, 2), complex(0, 1)]);
const x4: number = std(zc) + variance(fft([1, 2])) + sum(u);
const x5: Complex = nansum(fft([1, 2]));
const x6: NDArray = zc; // NDArray<'complex128'> is still an NDArray
if (iscomplexobj(u)) {
  const x7: Complex = u.sum();
  void x7;
}
// @ts-expect-error: the full sum of a complex array is a Complex, not a number
const bad3: number = sum(zc);
declare const ax: number | null;
const u1: number | NDArray = sum(a, ax);
// @ts-expect-error: with an axis the result is an NDArray, not a number
const bad1: number = sum(a, 0);
// @ts-expect-error: keepdims gives an NDArray
const bad2: number = mean(a, { keepdims: true });
// @ts-expect-error: an unknown option is a compile error too
sum(a, { keep_dims: true });
export { s1, s2, sh1, sh2, sh3, s3, s4, s5, b1, k1, k2, o1, o2, q1, q2, c1, i1, i2, n1, u1, bad1, bad2, x1, x2, x3, x4, x5, x6, bad3 };
`,
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--target', 'ES2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', join(dir, 'fixture.ts')], { encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc --strict:\n${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
