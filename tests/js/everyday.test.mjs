// Differential test of the everyday NumPy functions (creation by range, reordering, comparison,
// search, quantiles, nan-functions, norms) against NumPy 1.24 (Debian's /usr/bin/python3 + numpy),
// one python process for every case. Cases are generated with a fixed seed: operands are
// contiguous, strided (slices with steps and negative steps, then a transpose), broadcast
// (stride 0) and padded views (padView; NumPy: np.pad with the same constant), in several dtypes.
// Result dtype, shape and values are compared (floats exactly, NaN equal to NaN, unless the case
// names a tolerance: sums in another order, pow); an error must happen exactly where NumPy raises
// one, and its message must start with the op name. SV_EVERYDAY_SEED changes the seed.
//
// Where this library differs from NumPy on purpose, the case is not generated (said at the
// generator): matrix norms 2 / -2 / 'nuc' (from the SVD: in linalg.test.mjs), unique with an
// axis, and several axes of an empty array in median / quantile (NumPy 1.24 fails to reshape it).
// keepdims always gives an array here (NumPy: a scalar for a 0-d input); quantile's q is a float
// (NumPy keeps the input dtype for an integer q of 0 or 1, and for a lone NaN result).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng, throwsSv } from './helpers.mjs';
import { INTS, FLOATS, isInt, encF, decF, buildView, materialize, differentialTests, randomShape } from './numpy_oracle.mjs';

const SEED = Number(process.env.SV_EVERYDAY_SEED ?? 20261125);
const isFloat = (d) => FLOATS.includes(d);

// prof: 'gen' small values with ties and specials; 'fin' finite; 'zeros' mostly zero; 'close' near-equal pairs
function genValue(r, d, prof) {
  if (d === 'bool') return r.next() < (prof === 'zeros' ? 0.3 : 0.5) ? 1 : 0;
  if (isInt(d)) {
    if (prof === 'zeros' && r.next() < 0.6) return '0';
    const u = d.startsWith('u');
    return String(u ? r.int(0, 9) : r.int(-6, 6));
  }
  let x;
  const k = r.next();
  if (prof === 'zeros' && k < 0.6) x = 0;
  else if (prof === 'fin') x = k < 0.4 ? r.int(-5, 5) : Math.round((r.next() - 0.5) * 2000) / 64;
  else if (k < 0.12) x = r.pick([NaN, Infinity, -Infinity, NaN]);
  else if (k < 0.45) x = r.int(-5, 5);
  else x = Math.round((r.next() - 0.5) * 2000) / 64;
  if (d === 'float32') x = Math.fround(x);
  return encF(Object.is(x, -0) ? 0 : x);
}

const genShape = (r, lo = 0, hi = 3, maxDim = 5) => randomShape(r, lo, hi, maxDim);
// A view of dtype d and shape `target` both sides build (numpy_oracle.mjs).
const fillOf = (r, d) => (d === 'bool' ? r.int(0, 1) : isInt(d) ? String(r.int(0, 5)) : encF(r.pick([0, 2.5, -1, NaN])));
function build(r, d, target, prof = 'gen', kinds = null, depth = 2) {
  return buildView(r, d, target, { value: (r2, d2) => genValue(r2, d2, prof), fill: fillOf }, depth, kinds);
}

// A sorted 1-D operand (searchsorted): values sorted on the JS side (NaN last), read through positive steps.
function buildSorted(r, d, n) {
  const desc = build(r, d, [n], 'gen', ['contig', 'posstrided']);
  const key = (v) => (typeof v === 'string' && v !== 'nan' && v !== 'inf' && v !== '-inf' && v !== '-0' ? Number(v) : decF(v));
  const sorted = desc.values.slice().sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
    if (Number.isNaN(y)) return -1;
    return x - y;
  });
  // the slice reads every step-th element from its start: place the sorted values there in order
  if (desc.ops.length === 0) return { ...desc, values: sorted };
  const [start, , step] = desc.ops[0][1].split(':').map(Number);
  const vals = desc.values.slice();
  for (let i = 0; i < n; i++) vals[start + i * step] = sorted[i];
  return { ...desc, values: vals };
}

// ---------------------------------------------------------------- the JS side
function runJs(c) {
  const A = c.ins.map(materialize);
  const p = c.p;
  switch (c.op) {
    case 'linspace': return sv.linspace(p.start, p.stop, p.num, p.o);
    case 'logspace': return sv.logspace(p.start, p.stop, p.num, p.o);
    case 'eye': return sv.eye(p.n, p.m, p.o);
    case 'identity': return sv.identity(p.n, p.o);
    case 'zerosLike': return sv.zerosLike(A[0], p.o);
    case 'onesLike': return sv.onesLike(A[0], p.o);
    case 'fullLike': return sv.fullLike(A[0], p.value, p.o);
    case 'emptyLike': { const e = sv.emptyLike(A[0], p.o); const s = e.shape; e.dispose(); return s; }
    case 'meshgrid': return sv.meshgrid(...A, p.o);
    case 'triu': return sv.triu(A[0], p.k);
    case 'tril': return sv.tril(A[0], p.k);
    case 'roll': return sv.roll(A[0], p.shift, p.o);
    case 'rot90': return sv.rot90(A[0], p.k, p.o);
    case 'diff': return sv.diff(A[0], p.n, { ...p.o, ...(A[1] !== undefined ? { prepend: A[1] } : {}), ...(A[2] !== undefined && A[2] !== null ? { append: A[2] } : {}) });
    case 'outer': return sv.outer(A[0], A[1]);
    case 'isclose': return sv.isclose(A[0], A[1], p.o);
    case 'allclose': return sv.allclose(A[0], A[1], p.o);
    case 'arrayEqual': return sv.arrayEqual(A[0], A[1], p.o);
    case 'countNonzero': return sv.countNonzero(A[0], p.o);
    case 'nonzero': return sv.nonzero(A[0]);
    case 'argwhere': return sv.argwhere(A[0]);
    case 'unique': return sv.unique(A[0], p.o);
    case 'searchsorted': return sv.searchsorted(A[0], A[1], { ...p.o, ...(A[2] !== undefined ? { sorter: A[2] } : {}) });
    case 'median': return sv.median(A[0], p.o);
    case 'quantile': return sv.quantile(A[0], p.q, p.o);
    case 'percentile': return sv.percentile(A[0], p.q, p.o);
    case 'nansum': case 'nanmean': case 'nanmax': case 'nanmin': return sv[c.op](A[0], p.o);
    case 'isinf': case 'isposinf': case 'isneginf': return sv[c.op](A[0]);
    case 'nanToNum': return sv.nanToNum(A[0], p.o);
    case 'norm': return sv.norm(A[0], p.ord === undefined || p.ord === null || p.ord === 'fro' ? p.ord : decF(p.ord), p.o);
    default: throw new Error(c.op);
  }
}

// ---------------------------------------------------------------- the Python side
const SCRIPT = String.raw`
def mk(d):
    if isinstance(d, dict) and 'dtype' in d:
        return view(d)[1]
    if isinstance(d, dict) and 'num' in d:
        return float(d['num'])
    return d

def enc(r):
    if isinstance(r, (tuple, list)) and not (len(r) and isinstance(r[0], int) and not isinstance(r[0], bool)):
        return {'list': [enc(x) for x in r]}
    if isinstance(r, (tuple, list)):
        return {'list': [{'scalar': str(x), 'kind': 'int'} for x in r]}
    if isinstance(r, (bool, np.bool_)):
        return {'scalar': 1 if r else 0, 'kind': 'bool'}
    if isinstance(r, (int, float)) and not isinstance(r, np.generic):
        return {'scalar': encf(float(r)) if isinstance(r, float) else str(r), 'kind': 'num' if isinstance(r, float) else 'int'}
    if isinstance(r, np.generic):
        return {'scalar': encf(float(r)) if r.dtype.kind == 'f' else str(int(r)), 'kind': 'num' if r.dtype.kind == 'f' else 'int', 'dtype': r.dtype.name}
    r = np.asarray(r)
    flat = r.ravel().tolist()
    if r.dtype.kind == 'f': vals = [encf(x) for x in flat]
    elif r.dtype.kind == 'b': vals = [1 if x else 0 for x in flat]
    else: vals = [str(x) for x in flat]
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': vals}

def axis(o):
    a = o.get('axis')
    return tuple(a) if isinstance(a, list) else a

def run(c):
    A = [mk(x) for x in c['ins']]
    p = c['p']
    o = p.get('o') or {}
    op = c['op']
    if op == 'linspace':
        return np.linspace(p['start'], p['stop'], p['num'], endpoint=o.get('endpoint', True), retstep=o.get('retstep', False), dtype=o.get('dtype'))
    if op == 'logspace':
        return np.logspace(p['start'], p['stop'], p['num'], endpoint=o.get('endpoint', True), base=o.get('base', 10.0), dtype=o.get('dtype'))
    if op == 'eye':
        return np.eye(p['n'], p.get('m'), k=o.get('k', 0), dtype=o.get('dtype', float))
    if op == 'identity':
        return np.identity(p['n'], dtype=o.get('dtype', float))
    if op in ('zerosLike', 'onesLike', 'emptyLike'):
        f = {'zerosLike': np.zeros_like, 'onesLike': np.ones_like, 'emptyLike': np.empty_like}[op]
        r = f(A[0], dtype=o.get('dtype'), shape=o.get('shape'))
        return list(r.shape) if op == 'emptyLike' else r
    if op == 'fullLike':
        return np.full_like(A[0], p['value'], dtype=o.get('dtype'), shape=o.get('shape'))
    if op == 'meshgrid':
        return list(np.meshgrid(*A, indexing=o.get('indexing', 'xy'), sparse=o.get('sparse', False), copy=o.get('copy', True)))
    if op == 'triu': return np.triu(A[0], p['k'])
    if op == 'tril': return np.tril(A[0], p['k'])
    if op == 'roll':
        s = p['shift']
        return np.roll(A[0], tuple(s) if isinstance(s, list) else s, axis=axis(o))
    if op == 'rot90': return np.rot90(A[0], p['k'], axes=tuple(o.get('axes', (0, 1))))
    if op == 'diff':
        kw = {}
        if len(A) > 1 and A[1] is not None: kw['prepend'] = A[1]
        if len(A) > 2 and A[2] is not None: kw['append'] = A[2]
        return np.diff(A[0], p['n'], axis=o.get('axis', -1), **kw)
    if op == 'outer': return np.outer(A[0], A[1])
    if op == 'isclose': return np.asarray(np.isclose(A[0], A[1], rtol=o.get('rtol', 1e-5), atol=o.get('atol', 1e-8), equal_nan=o.get('equalNan', False)))
    if op == 'allclose': return bool(np.allclose(A[0], A[1], rtol=o.get('rtol', 1e-5), atol=o.get('atol', 1e-8), equal_nan=o.get('equalNan', False)))
    if op == 'arrayEqual': return bool(np.array_equal(A[0], A[1], equal_nan=o.get('equalNan', False)))
    if op == 'countNonzero':
        r = np.count_nonzero(A[0], axis=axis(o), keepdims=o.get('keepdims', False))
        # an axis given: an array, even 0-d (strideview's result type follows the arguments)
        return int(r) if np.ndim(r) == 0 and not o.get('keepdims', False) and o.get('axis') is None else np.asarray(r)
    if op == 'nonzero': return list(np.nonzero(A[0]))
    if op == 'argwhere': return np.argwhere(A[0])
    if op == 'unique':
        r = np.unique(A[0], return_index=o.get('returnIndex', False), return_inverse=o.get('returnInverse', False), return_counts=o.get('returnCounts', False), equal_nan=o.get('equalNan', True))
        return list(r) if isinstance(r, tuple) else r
    if op == 'searchsorted':
        r = np.searchsorted(A[0], A[1], side=o.get('side', 'left'), sorter=(A[2] if len(A) > 2 else None))
        return int(r) if np.ndim(A[1]) == 0 else r
    if op == 'median': return np.median(A[0], axis=axis(o), keepdims=o.get('keepdims', False))
    if op in ('quantile', 'percentile'):
        f = np.quantile if op == 'quantile' else np.percentile
        # JS has one number type: q is a float (NumPy takes an integer q = 0 or 1 by another path, keeping the input dtype)
        q = [float(v) for v in p['q']] if isinstance(p['q'], list) else float(p['q'])
        r = f(A[0], q, axis=axis(o), keepdims=o.get('keepdims', False), method=o.get('method', 'linear'))
        # NumPy 1.24 gives a single NaN result in the input's dtype (arr.dtype.type(np.nan)), any other in float64
        if o.get('method', 'linear') in ('linear', 'midpoint') and np.asarray(r).dtype == np.float32 and np.all(np.isnan(r)):
            r = np.float64(r) if isinstance(r, np.generic) else r.astype(np.float64)
        return r
    if op in ('nansum', 'nanmean', 'nanmax', 'nanmin'):
        return getattr(np, op)(A[0], axis=axis(o), keepdims=o.get('keepdims', False))
    if op in ('isinf', 'isposinf', 'isneginf'): return np.asarray(getattr(np, op)(A[0]))
    if op == 'nanToNum':
        return np.asarray(np.nan_to_num(A[0], nan=o.get('nan', 0.0), posinf=o.get('posinf'), neginf=o.get('neginf')))
    if op == 'norm':
        ordv = p.get('ord')
        if ordv is not None and (not isinstance(ordv, str) or ordv in ('inf', '-inf')): ordv = float(ordv)
        if isinstance(ordv, float) and math.isfinite(ordv) and ordv == int(ordv): ordv = int(ordv)
        r = np.linalg.norm(A[0], ordv, axis=axis(o), keepdims=o.get('keepdims', False))
        return r if o.get('axis') is None else np.asarray(r)  # an axis given: an array, even 0-d
    raise ValueError(op)

out = []
for c in json.load(sys.stdin):
    try:
        r = run(c)
        # keepdims gives an array here, also for a 0-d input (NumPy: a scalar)
        if (c['p'].get('o') or {}).get('keepdims') and isinstance(r, np.generic): r = np.asarray(r)
        out.append(enc(r))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
print(json.dumps(out))
`;

// ---------------------------------------------------------------- cases
function gen(seed) {
  const r = rng(seed);
  const cases = [];
  const add = (group, op, ins, p = {}, tol = 0) => cases.push({ group, op, ins, p, tol });
  const ALL = ['bool', ...INTS, ...FLOATS];
  const NUM = [...INTS, ...FLOATS];
  const someAxis = (nd) => {
    const k = r.next();
    if (nd === 0 || k < 0.35) return undefined;
    if (k < 0.45) return null;
    if (k < 0.8) return r.int(-nd, nd - 1);
    return r.shuffle(Array.from({ length: nd }, (_, i) => i)).slice(0, r.int(1, nd));
  };
  for (let i = 0; i < 40; i++) {
    const o = {};
    if (r.next() < 0.3) o.endpoint = r.next() < 0.5;
    if (r.next() < 0.3) o.dtype = r.pick(['float32', 'int32', 'int64', 'float64']);
    const start = r.pick([0, 1, -3.5, 2.25, 1e-310, 10]);
    const stop = r.pick([1, 0, 7.75, -2, 1e-310, 1e6]);
    const num = r.pick([0, 1, 2, 5, 7, 50]);
    add('creation', 'linspace', [], { start, stop, num, o: r.next() < 0.2 ? { ...o, retstep: true } : o });
    if (i % 2 === 0) add('creation', 'logspace', [], { start: r.int(-3, 2), stop: r.int(-2, 4), num, o: { ...(r.next() < 0.4 ? { base: r.pick([2, 0.5, 3]) } : {}), ...(o.endpoint !== undefined ? { endpoint: o.endpoint } : {}) } }, 4);
  }
  for (let i = 0; i < 24; i++) {
    const o = {};
    if (r.next() < 0.6) o.k = r.int(-4, 4);
    if (r.next() < 0.5) o.dtype = r.pick(ALL);
    add('creation', 'eye', [], { n: r.int(0, 5), m: r.next() < 0.5 ? r.int(0, 6) : null, o });
    if (i % 4 === 0) add('creation', 'identity', [], { n: r.int(0, 4), o: r.next() < 0.5 ? { dtype: r.pick(ALL) } : {} });
  }
  for (let i = 0; i < 30; i++) {
    const d = r.pick(ALL);
    const x = build(r, d, genShape(r));
    const o = {};
    if (r.next() < 0.4) o.dtype = r.pick(ALL);
    if (r.next() < 0.2) o.shape = genShape(r, 0, 2);
    const op = r.pick(['zerosLike', 'onesLike', 'fullLike', 'emptyLike']);
    add('creation', op, [x], { value: r.pick([0, 1, 3, 7]), o });
  }
  for (let i = 0; i < 20; i++) {
    const k = r.int(0, 3);
    const ins = Array.from({ length: k }, () => build(r, r.pick(NUM), [r.int(0, 4)]));
    add('creation', 'meshgrid', ins, { o: { indexing: r.pick(['xy', 'ij']), sparse: r.next() < 0.3, copy: r.next() < 0.5 } });
  }
  for (let i = 0; i < 40; i++) {
    const d = r.pick(ALL);
    const shape = genShape(r, 1, 4);
    const x = build(r, d, shape);
    add('reorder', r.pick(['triu', 'tril']), [x], { k: r.int(-3, 3) });
    const nd = shape.length;
    const ax = someAxis(nd);
    const shift = Array.isArray(ax) ? ax.map(() => r.int(-7, 7)) : r.next() < 0.2 ? [r.int(-5, 5), r.int(-5, 5)] : r.int(-7, 7);
    add('reorder', 'roll', [build(r, d, shape)], { shift: Array.isArray(shift) && !Array.isArray(ax) && ax !== undefined && ax !== null ? shift[0] : shift, o: ax === undefined ? {} : { axis: ax } });
    if (nd >= 2) {
      const a0 = r.int(-nd, nd - 1);
      let a1 = r.int(-nd, nd - 1);
      if ((a0 + nd) % nd === (a1 + nd) % nd) a1 = ((a0 + nd + 1) % nd);
      add('reorder', 'rot90', [build(r, d, shape)], { k: r.int(-3, 5), o: r.next() < 0.5 ? { axes: [a0, a1] } : {} });
    }
    const dax = r.int(-nd, nd - 1);
    const ins = [build(r, d, shape)];
    if (r.next() < 0.3) {
      const s = shape.slice();
      s[(dax + nd) % nd] = r.int(1, 2);
      ins.push(r.next() < 0.5 ? { num: encF(r.int(-3, 3)) } : build(r, d, s));
      if (r.next() < 0.5) ins.push(build(r, d, s));
    }
    add('reorder', 'diff', ins, { n: r.int(0, 3), o: { axis: dax } });
  }
  for (let i = 0; i < 20; i++) {
    const da = r.pick(ALL);
    add('reorder', 'outer', [build(r, da, genShape(r, 0, 2)), build(r, r.pick(ALL), genShape(r, 0, 2))]);
  }
  for (let i = 0; i < 50; i++) {
    const d = r.pick(r.next() < 0.7 ? FLOATS : ALL);
    const shape = genShape(r, 0, 3);
    const a = build(r, d, shape);
    // b: a's values nudged (relative 1e-6 .. 1e-3) or fresh, in a broadcastable shape
    let b;
    if (r.next() < 0.6 && isFloat(d)) {
      b = { ...a, values: a.values.map((v) => (typeof v === 'number' && r.next() < 0.7 ? v * (1 + r.pick([1e-7, 1e-6, 2e-5, 1e-3, -3e-6])) : v)) };
    } else {
      b = build(r, r.pick([d, 'float64', 'float32', 'int32']), shape.slice(r.int(0, shape.length)).map((n) => (r.next() < 0.3 ? 1 : n)));
    }
    const o = {};
    if (r.next() < 0.3) o.rtol = r.pick([0, 1e-3, 1e-7]);
    if (r.next() < 0.3) o.atol = r.pick([0, 1e-3, 0.5]);
    if (r.next() < 0.4) o.equalNan = r.next() < 0.5;
    add('comparison', r.pick(['isclose', 'isclose', 'allclose']), [a, b], { o });
    const same = r.next() < 0.6;
    const c = same ? { ...a, ops: [] , values: a.values } : build(r, r.pick([d, 'float64', 'int64']), r.next() < 0.5 ? shape : genShape(r, 0, 3));
    add('comparison', 'arrayEqual', [a, same && a.ops.length === 0 ? { ...a } : c], { o: r.next() < 0.5 ? { equalNan: r.next() < 0.5 } : {} });
  }
  for (let i = 0; i < 50; i++) {
    const d = r.pick(ALL);
    const shape = genShape(r, 1, 3);
    const o = {};
    const ax = someAxis(shape.length);
    if (ax !== undefined) o.axis = ax;
    if (r.next() < 0.3) o.keepdims = true;
    add('search', 'countNonzero', [build(r, d, shape, 'zeros')], { o });
    add('search', r.pick(['nonzero', 'argwhere']), [build(r, d, genShape(r, r.next() < 0.1 ? 0 : 1, 3), 'zeros')]);
    const uo = {};
    for (const k of ['returnIndex', 'returnInverse', 'returnCounts']) if (r.next() < 0.4) uo[k] = true;
    if (r.next() < 0.2) uo.equalNan = false;
    const ud = r.pick(ALL);
    add('search', 'unique', [build(r, ud, genShape(r, 0, 3), isFloat(ud) ? 'gen' : 'zeros')], { o: uo });
    const sd = r.pick(NUM);
    const n = r.int(0, 12);
    const so = r.next() < 0.5 ? { side: r.pick(['left', 'right']) } : {};
    const vshape = r.next() < 0.3 ? [] : genShape(r, 1, 2);
    const ins = [buildSorted(r, sd, n), build(r, r.pick([sd, 'float64', 'int32']), vshape)];
    add('search', 'searchsorted', ins, { o: so });
  }
  // many values against longer arrays (the engine's binary search over a few thousand keys)
  for (const sd of ['float64', 'float32', 'int16', 'uint64']) {
    const ins = [buildSorted(r, sd, sd === 'float64' ? 5000 : 300), build(r, r.pick([sd, 'float64']), [60000], 'gen', ['contig', 'strided'])];
    add('search', 'searchsorted', ins, { o: { side: r.pick(['left', 'right']) } });
  }
  for (let i = 0; i < 60; i++) {
    const d = r.pick(r.next() < 0.6 ? FLOATS : NUM);
    const shape = genShape(r, 0, 3);
    const o = {};
    const ax = someAxis(shape.length);
    if (ax !== undefined) o.axis = ax;
    if (r.next() < 0.3) o.keepdims = true;
    // NumPy 1.24 cannot reshape an empty array with several axes (size 0 into (0, -1)): not generated
    if (Array.isArray(ax) && shape.includes(0)) o.axis = ax[0];
    add('quantiles', 'median', [build(r, d, shape)], { o });
    const qo = { ...o };
    if (r.next() < 0.3) qo.method = r.pick(['lower', 'higher', 'nearest', 'midpoint']);
    const q = r.next() < 0.6 ? r.pick([0, 0.25, 0.5, 0.3, 1, 0.9]) : [r.pick([0.1, 0.5]), r.pick([0.75, 1, 0])];
    if (r.next() < 0.5) add('quantiles', 'quantile', [build(r, d, shape)], { q, o: qo });
    else add('quantiles', 'percentile', [build(r, d, shape)], { q: Array.isArray(q) ? q.map((v) => v * 100) : q * 100, o: qo });
    const nd = r.pick(r.next() < 0.8 ? FLOATS : NUM);
    add('nan', r.pick(['nansum', 'nanmean', 'nanmax', 'nanmin']), [build(r, nd, shape)], { o }, isFloat(nd) ? 1 : 0);
  }
  for (let i = 0; i < 24; i++) {
    const d = r.pick(r.next() < 0.8 ? FLOATS : ALL);
    const x = build(r, d, genShape(r, 0, 3));
    add('nan', r.pick(['isinf', 'isposinf', 'isneginf']), [x]);
    const o = {};
    if (r.next() < 0.4) o.nan = r.pick([-1, 2.5]);
    if (r.next() < 0.4) o.posinf = r.pick([9, 1e300]);
    if (r.next() < 0.4) o.neginf = r.pick([-9, -1e300]);
    add('nan', 'nanToNum', [build(r, d, genShape(r, 0, 3))], { o });
  }
  for (let i = 0; i < 50; i++) {
    const d = r.pick(r.next() < 0.7 ? FLOATS : NUM);
    const nd = r.int(1, 3);
    const shape = genShape(r, nd, nd);
    const x = build(r, d, shape, 'fin');
    const o = {};
    let ord;
    const k = r.next();
    if (nd <= 2 && k < 0.3) {
      ord = nd === 1 ? r.pick([null, 2, 'inf', '-inf', 0, 1, 3, 0.5, -1]) : r.pick([null, 'fro', 1, -1, 'inf', '-inf']);
    } else if (k < 0.6 && nd >= 1) {
      o.axis = r.int(-nd, nd - 1);
      ord = r.pick([undefined, null, 2, 'inf', '-inf', 0, 1, 3, -2]);
    } else if (nd >= 2) {
      const a0 = r.int(0, nd - 1);
      const a1 = (a0 + r.int(1, nd - 1)) % nd;
      o.axis = [a0, a1];
      ord = r.pick([undefined, 'fro', 1, -1, 'inf', '-inf']);
    }
    if (r.next() < 0.3) o.keepdims = true;
    add('norm', 'norm', [x], { ord, o }, 1);
  }
  return cases;
}

differentialTests({
  test, assert, ready, cases: gen(SEED), script: SCRIPT, runJs,
  describe: (c) => `${c.op}(${JSON.stringify(c.p)}) ops ${JSON.stringify(c.ins.map((x) => x && x.ops))}`,
});

// ---------------------------------------------------------------- views, numbers and errors
test('meshgrid copy:false and rot90 are views; scalar results are JS values', async () => {
  await ready;
  sv.tidy(() => {
    const x = sv.arange(0, 3, 1, 'float32');
    const [gx, gy] = sv.meshgrid(x, sv.arange(0, 2, 1, 'float32'), { copy: false });
    assert.deepEqual(gx.strides, [0, 1]);
    assert.deepEqual(gy.strides, [1, 0]);
    assert.equal(gx.isReadOnly, true);
    assert.equal(gx.base, x);
    const m = sv.arange(0, 6, 1, 'int32').reshape([2, 3]);
    const r = sv.rot90(m);
    assert.equal(r.base, m.base); // a view of the same buffer
    assert.deepEqual(r.toArray(), [[2, 5], [1, 4], [0, 3]]);
    assert.equal(typeof sv.median([3, 1, 2]), 'number');
    assert.equal(typeof sv.nansum(sv.array([1, 2], { dtype: 'int64' })), 'number'); // the scalar rule
    assert.equal(sv.countNonzero([0, 1, 2]), 2);
    assert.equal(sv.allclose([1, 2], [1, 2 + 1e-9]), true);
    assert.equal(sv.searchsorted([1, 2, 3], 2.5), 2);
    const [samples, step] = sv.linspace(0, 1, 5, { retstep: true });
    assert.equal(step, 0.25);
    assert.deepEqual(samples.toArray(), [0, 0.25, 0.5, 0.75, 1]);
  });
});

test('nanToNum copy:false writes in place; isinf takes out; no array is left behind', async () => {
  await ready;
  const before = sv.memoryStats().liveArrays;
  const x = sv.array([NaN, 1, -Infinity], { dtype: 'float32' });
  const r = sv.nanToNum(x, { copy: false, neginf: -7 });
  assert.equal(r, x);
  assert.deepEqual(x.toArray(), [0, 1, -7]);
  const out = sv.zeros([2, 3], 'bool');
  const t = out.transpose(); // a strided out
  const inf = sv.array([[Infinity, 1], [2, -Infinity], [NaN, 0]]);
  assert.equal(sv.isinf(inf, { out: t }), t);
  assert.deepEqual(out.toArray(), [[true, false, false], [false, true, false]]);
  const ints = sv.arange(0, 3);
  const o2 = sv.ones([3], 'bool');
  assert.deepEqual(sv.isinf(ints, { out: o2 }).toArray(), [false, false, false]);
  const ro = sv.array([NaN]);
  throwsSv(assert, () => sv.nanToNum(ro.broadcastTo([2]), { copy: false }), 'read_only', /^nanToNum: copy is false but the input is read-only \(a broadcast or padded view of shape \[2\] with strides \[0\]\)/);
  for (const a of [x, out, inf, ints, o2, ro]) a.dispose();
  // the temporaries of the composed functions are freed inside: only the results stay, until disposed
  const before2 = sv.memoryStats().liveArrays;
  const u = sv.unique([1, 1, 2, NaN], { returnCounts: true, returnInverse: true, returnIndex: true });
  const q = sv.quantile([[1, 2], [3, 4]], [0.5, 0.9], { axis: 0 });
  const nz = sv.nonzero([[0, 1], [1, 1]]);
  const m = sv.arange(0, 10, 1, 'float64');
  assert.equal(typeof sv.median(m.reshape([2, 5])), 'number');
  m.dispose();
  assert.equal(sv.memoryStats().liveArrays, before2 + 4 + 1 + 2);
  for (const a of [u.values, u.indices, u.inverse, u.counts, q, ...nz]) a.dispose();
  assert.equal(sv.memoryStats().liveArrays, before);
});

test('errors name the op and the numbers', async () => {
  await ready;
  throwsSv(assert, () => sv.linspace(0, 1, -2), 'invalid_argument', /^linspace: num must be >= 0, got -2$/);
  throwsSv(assert, () => sv.quantile([1, 2], 1.5), 'out_of_range', /^quantile: q must be in the range \[0, 1\], got 1\.5$/);
  throwsSv(assert, () => sv.percentile([1, 2], [50, 101]), 'out_of_range', /^percentile: q must be in the range \[0, 100\], got 101 at flat index 1$/);
  throwsSv(assert, () => sv.quantile(sv.zeros([2, 0]), 0.5, { axis: 1 }), 'invalid_argument', /^quantile: cannot take a quantile of an empty slice \(shape \[2,0\], axis 1\)$/);
  throwsSv(assert, () => sv.quantile([true, false], 0.5), 'type_error', /^quantile: method "linear" interpolates by subtraction, not defined for bool input/);
  // the matrix norms 2, -2 and 'nuc' come from the singular values (linalg.test.mjs holds them against NumPy)
  assert.ok(Math.abs(sv.norm(sv.ones([2, 2]), 'nuc') - 2) < 1e-15 && Math.abs(sv.norm(sv.ones([2, 2]), 2) - 2) < 1e-15);
  throwsSv(assert, () => sv.norm(sv.ones([2, 2]), 3), 'invalid_argument', /^norm: invalid norm order 3 for matrices/);
  throwsSv(assert, () => sv.norm(sv.ones([2, 2, 2]), 1), 'rank_mismatch', /^norm: ord=1 without axis needs a 1-D or 2-D array, got shape \[2,2,2\]$/);
  throwsSv(assert, () => sv.rot90(sv.ones([2, 2]), 1, { axes: [1, 1] }), 'invalid_argument', /^rot90: axes must be different, got \[1,1\]/);
  throwsSv(assert, () => sv.rot90(sv.ones([2, 2]), 1, { axes: [0, 3] }), 'out_of_range', /^rot90: axes \[0,3\] are out of range for an array of dimension 2$/);
  throwsSv(assert, () => sv.diff([1, 2], -1), 'invalid_argument', /^diff: order n must be >= 0, got -1$/);
  throwsSv(assert, () => sv.diff(3), 'rank_mismatch', /^diff: the input must have at least 1 dimension/);
  throwsSv(assert, () => sv.roll([1, 2, 3], [1, 2, 3], { axis: [0, 0] }), 'shape_mismatch', /^roll: shift \[1,2,3\] and axis \[0,0\] do not broadcast \(lengths 3 and 2\)$/);
  throwsSv(assert, () => sv.roll([1, 2, 3], 1, { axis: 1 }), 'out_of_range', /^roll: axis 1 is out of bounds for array of dimension 1$/);
  throwsSv(assert, () => sv.unique([1, 2], { axis: 1 }), 'out_of_range', /^unique: axis 1 is out of bounds for array of dimension 1$/);
  assert.deepEqual(sv.unique([[1, 2], [0, 5], [1, 2]], { axis: 0 }).toArray(), [[0, 5], [1, 2]]);
  throwsSv(assert, () => sv.searchsorted([[1, 2]], 1), 'rank_mismatch', /^searchsorted: a must be 1-D, got shape \[1,2\]$/);
  throwsSv(assert, () => sv.searchsorted([1, 2], 1, { sorter: [0] }), 'shape_mismatch', /^searchsorted: sorter must be 1-D with a's size 2, got shape \[1\]$/);
  // take with an integer NDArray of indices: the engine reads them (every index dtype it takes, a
  // strided and a padded index array), the same errors as a JS list, and the engine keeps working
  {
    const a = sv.arange(12, null, null, 'float32').reshape([3, 4]);
    for (const d of ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64']) {
      assert.deepEqual(sv.take(a, sv.array([3, 0, 3], { dtype: d }), 1).toArray(), [[3, 0, 3], [7, 4, 7], [11, 8, 11]], d);
    }
    assert.deepEqual(sv.take(a, sv.array([-1, -4], { dtype: 'int8' })).toArray(), [11, 8]);
    assert.deepEqual(sv.take(a, sv.array([0, 1, 2], { dtype: 'int32' }).slice('::-2'), 0).toArray(), [[8, 9, 10, 11], [0, 1, 2, 3]]);
    assert.deepEqual(sv.take(a, sv.pad(sv.array([1], { dtype: 'int16' }), 1, 'constant', { constantValues: 2 }), 0).toArray()[0], [8, 9, 10, 11]);
    throwsSv(assert, () => sv.take(a, sv.array([0, 5], { dtype: 'int32' }), 1), 'out_of_range', /^take: index 5 is out of bounds for axis 1 with size 4$/);
    throwsSv(assert, () => sv.take(a, sv.array([-13], { dtype: 'int64' })), 'out_of_range', /^take: index -13 is out of bounds for axis 0 with size 12$/);
    assert.deepEqual(sv.take(a, sv.array([1], { dtype: 'int64' }), 0).shape, [1, 4]);
  }
  assert.throws(() => sv.nansum([[1, 2]], { axes: 0 }), /^TypeError: nansum: unknown option 'axes'; did you mean 'axis'\?/);
  assert.throws(() => sv.median([[1, 2]], { axes: [0, 1] }), /^TypeError: median: unknown option 'axes'; did you mean 'axis'\?/);
  assert.deepEqual(sv.roll([1, 2], 1, 0).toArray(), [2, 1]); // NumPy's roll(a, shift, axis): the axis positionally
  assert.equal(sv.quantile([1, 2], 0.5, -1), 1.5); // NumPy's quantile(a, q, axis): the axis is positional too
  throwsSv(assert, () => sv.quantile([1, 2], 0.5, 1), 'out_of_range', /^quantile: axis 1 is out of bounds for array of dimension 1$/);
  throwsSv(assert, () => sv.countNonzero([1, 2], { axis: 2 }), 'out_of_range', /^countNonzero: axis 2 is out of bounds for array of dimension 1$/);
  throwsSv(assert, () => sv.nanmax(sv.zeros([0])), 'invalid_argument', /^nanmax: /);
  throwsSv(assert, () => sv.meshgrid([1], { indexing: 'xz' }), 'invalid_argument', /^meshgrid: indexing must be 'xy' or 'ij', got "xz"$/);
  throwsSv(assert, () => sv.eye(-1), 'invalid_argument', /^eye: negative dimensions are not allowed \(shape \[-1,-1\]\)$/);
  throwsSv(assert, () => sv.triu(5), 'rank_mismatch', /^triu: the input must have at least 1 dimension, got a 0-d array$/);
  assert.throws(() => sv.isclose([1], [1], { rtol: '1' }), /^TypeError: isclose: rtol must be a number, got "1"$/);
});
