// Differential test of the statistics of nan_more.ts, nan_quantiles.ts, stats_more.ts,
// histograms.ts and histogram_dd.ts against NumPy 1.24, one python process for every case:
// contiguous, strided, broadcast and padded operands, NaN and infinities, ties, empty arrays, the
// axis / keepdims / ddof / weights options, errors where NumPy raises them. Reductions that add in
// another order than NumPy's compare within a relative 64 ulp (tol 1), the rest exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng } from './helpers.mjs';
import { INTS, FLOATS, isInt, encF, buildView, materialize, differentialTests, randomShape } from './numpy_oracle.mjs';

const SEED = Number(process.env.SV_STATS_MORE_SEED ?? 20261129);
const NUM = [...INTS, ...FLOATS];

function genValue(r, d, prof) {
  if (d === 'bool') return r.int(0, 1);
  if (isInt(d)) return String(d.startsWith('u') ? r.int(0, 9) : r.int(-6, 9));
  let x;
  const k = r.next();
  if (prof === 'nan' && k < 0.25) x = NaN;
  else if (prof === 'fin' || prof === 'nan') x = k < 0.5 ? r.int(-5, 5) : Math.round((r.next() - 0.5) * 2000) / 64;
  else if (k < 0.1) x = r.pick([NaN, Infinity, -Infinity]);
  else x = k < 0.5 ? r.int(-5, 5) : Math.round((r.next() - 0.5) * 2000) / 64;
  if (d === 'float32') x = Math.fround(x);
  return encF(Object.is(x, -0) ? 0 : x);
}
const fillOf = (r, d) => (d === 'bool' ? r.int(0, 1) : isInt(d) ? String(r.int(0, 5)) : encF(r.pick([0, 2.5, -1])));
const build = (r, d, shape, prof = 'gen', kinds = null) => buildView(r, d, shape, { value: (r2, d2) => genValue(r2, d2, prof), fill: fillOf }, 2, kinds);

// ---------------------------------------------------------------- the JS side
function runJs(c) {
  const A = c.ins.map(materialize);
  const p = c.p;
  const o = p.o ?? {};
  switch (c.op) {
    case 'nanprod': case 'nancumsum': case 'nancumprod': case 'nanargmax': case 'nanargmin':
    case 'nanvar': case 'nanstd': case 'nanmedian':
      return sv[c.op](A[0], o);
    case 'nanquantile': case 'nanpercentile': return sv[c.op](A[0], p.q, o);
    case 'average': return sv.average(A[0], { ...o, ...(A[1] !== undefined ? { weights: A[1] } : {}) });
    case 'cov': return sv.cov(A[0], A[1] ?? null, o);
    case 'corrcoef': return sv.corrcoef(A[0], A[1] ?? null, o);
    case 'ediff1d': return sv.ediff1d(A[0], o);
    case 'trapz': return sv.trapz(A[0], A[1] ?? null, o);
    case 'gradient': return sv.gradient(A[0], ...(p.spacing ?? []).map((s) => (typeof s === 'object' ? materialize(s) : s)), o);
    case 'bincount': return sv.bincount(A[0], A[1] ?? null, o);
    case 'digitize': return sv.digitize(A[0], A[1], o);
    case 'histogram': return sv.histogram(A[0], p.bins ?? 10, { ...o, ...(A[1] !== undefined ? { weights: A[1] } : {}) });
    case 'histogramBinEdges': return sv.histogramBinEdges(A[0], p.bins ?? 10, o);
    case 'histogramdd': return sv.histogramdd(A[0], p.bins ?? 10, { ...o, ...(A[1] !== undefined ? { weights: A[1] } : {}) });
    case 'histogram2d': return sv.histogram2d(A[0], A[1], p.bins ?? 10, o);
    default: throw new Error(c.op);
  }
}

// ---------------------------------------------------------------- the Python side
const SCRIPT = String.raw`
def mk(d):
    if isinstance(d, dict) and 'dtype' in d:
        return view(d)[1]
    return d

def enc(r):
    if isinstance(r, (tuple, list)):
        return {'list': [enc(x) for x in r]}
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

def ax(o):
    a = o.get('axis')
    return tuple(a) if isinstance(a, list) else a

def run(c):
    A = [mk(x) for x in c['ins']]
    p = c['p']
    o = p.get('o') or {}
    op = c['op']
    kd = {'keepdims': True} if o.get('keepdims') else {}
    if op in ('nanprod',): return getattr(np, op)(A[0], axis=ax(o), **kd)
    if op in ('nancumsum', 'nancumprod'): return getattr(np, op)(A[0], axis=o.get('axis'))
    if op in ('nanargmax', 'nanargmin'): return getattr(np, op)(A[0], axis=o.get('axis'), **kd)
    if op in ('nanvar', 'nanstd'): return getattr(np, op)(A[0], axis=ax(o), ddof=o.get('ddof', 0), **kd)
    if op == 'nanmedian': return np.nanmedian(A[0], axis=ax(o), **kd)
    if op in ('nanquantile', 'nanpercentile'):
        # q as a float (NumPy keeps the input dtype for an integer q of 0 or 1, as in everyday.test.mjs)
        q = [float(v) for v in p['q']] if isinstance(p['q'], list) else float(p['q'])
        return getattr(np, op)(A[0], q, axis=ax(o), method=o.get('method', 'linear'), **kd)
    if op == 'average':
        r = np.average(A[0], axis=ax(o), weights=A[1] if len(A) > 1 else None, returned=o.get('returned', False), **kd)
        return list(r) if isinstance(r, tuple) else r
    if op == 'cov': return np.cov(A[0], A[1] if len(A) > 1 else None, rowvar=o.get('rowvar', True), bias=o.get('bias', False), ddof=o.get('ddof'))
    if op == 'corrcoef': return np.corrcoef(A[0], A[1] if len(A) > 1 else None, rowvar=o.get('rowvar', True))
    if op == 'ediff1d': return np.ediff1d(A[0], to_end=o.get('toEnd'), to_begin=o.get('toBegin'))
    if op == 'trapz': return np.trapz(A[0], A[1] if len(A) > 1 else None, dx=o.get('dx', 1.0), axis=o.get('axis', -1))
    if op == 'gradient':
        sp = [mk(s) for s in p.get('spacing', [])]
        r = np.gradient(A[0], *sp, axis=ax(o), edge_order=o.get('edgeOrder', 1))
        return list(r) if isinstance(r, (list, tuple)) else r
    if op == 'bincount': return np.bincount(A[0], A[1] if len(A) > 1 else None, minlength=o.get('minlength', 0))
    if op == 'digitize': return np.digitize(A[0], A[1], right=o.get('right', False))
    if op == 'histogram':
        h, e = np.histogram(A[0], p.get('bins', 10), range=o.get('range'), density=o.get('density'), weights=A[1] if len(A) > 1 else None)
        return [h, e]
    if op == 'histogramBinEdges': return np.histogram_bin_edges(A[0], p.get('bins', 10), range=o.get('range'))
    if op == 'histogramdd':
        h, e = np.histogramdd(A[0], p.get('bins', 10), range=o.get('range'), density=o.get('density'), weights=A[1] if len(A) > 1 else None)
        return [h, list(e)]
    if op == 'histogram2d':
        return list(np.histogram2d(A[0], A[1], p.get('bins', 10), range=o.get('range'), density=o.get('density')))
    raise ValueError(op)

out = []
for c in json.load(sys.stdin):
    try:
        r = run(c)
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
  const someAxis = (nd, many = true) => {
    const k = r.next();
    if (nd === 0 || k < 0.3) return undefined;
    if (k < 0.4) return null;
    if (k < 0.8 || !many) return r.int(-nd, nd - 1);
    return r.shuffle(Array.from({ length: nd }, (_, i) => i)).slice(0, r.int(1, nd));
  };
  for (let i = 0; i < 40; i++) {
    const d = r.pick(r.next() < 0.8 ? FLOATS : NUM);
    const shape = randomShape(r, 1, 3, 5);
    const x = build(r, d, shape, 'nan');
    const o = {};
    const a = someAxis(shape.length);
    if (a !== undefined) o.axis = a;
    if (r.next() < 0.3) o.keepdims = true;
    const fl = FLOATS.includes(d) ? 1 : 0;
    add('nan reductions', 'nanprod', [x], { o }, fl);
    const o1 = {};
    const a1 = someAxis(shape.length, false);
    if (a1 !== undefined) o1.axis = a1;
    add('nan scans', r.pick(['nancumsum', 'nancumprod']), [x], { o: o1 }, fl);
    add('nan arg', r.pick(['nanargmax', 'nanargmin']), [x], { o: { ...o1, ...(r.next() < 0.3 ? { keepdims: true } : {}) } });
    if (!(Array.isArray(a) && shape.includes(0))) {
      add('nan moments', r.pick(['nanvar', 'nanstd']), [x], { o: { ...o, ...(r.next() < 0.4 ? { ddof: r.int(0, 2) } : {}) } }, 1);
      add('nan order', 'nanmedian', [x], { o });
      const q = r.pick([0.5, 0, 1, 0.3, [0.25, 0.9]]);
      const method = r.pick(['linear', 'linear', 'lower', 'higher', 'nearest', 'midpoint']);
      if (r.next() < 0.5) add('nan order', 'nanquantile', [x], { q, o: { ...o, method } });
      else add('nan order', 'nanpercentile', [x], { q: Array.isArray(q) ? q.map((v) => v * 100) : q * 100, o: { ...o, method } });
    }
  }
  for (let i = 0; i < 30; i++) {
    const d = r.pick(r.next() < 0.7 ? FLOATS : NUM);
    const shape = randomShape(r, 1, 3, 4);
    const x = build(r, d, shape, 'fin');
    const o = {};
    const k = r.next();
    if (k < 0.4) {
      add('average', 'average', [x], { o: { ...(r.next() < 0.5 ? { axis: r.int(0, shape.length - 1) } : {}), returned: r.next() < 0.5 } }, 1);
    } else if (k < 0.7) {
      add('average', 'average', [x, build(r, r.pick(NUM), shape, 'fin')], { o: { returned: r.next() < 0.4, ...(r.next() < 0.3 ? { keepdims: true, axis: 0 } : {}) } }, 1);
    } else {
      const ax = r.int(0, shape.length - 1);
      add('average', 'average', [x, build(r, r.pick(NUM), [shape[ax]], 'fin')], { o: { axis: ax } }, 1);
    }
    void o;
  }
  for (let i = 0; i < 24; i++) {
    const d = r.pick(r.next() < 0.7 ? FLOATS : NUM);
    const shape = r.next() < 0.3 ? [r.int(2, 6)] : [r.int(1, 4), r.int(2, 6)];
    const m = build(r, d, shape, 'fin');
    const o = {};
    if (r.next() < 0.3) o.rowvar = false;
    if (r.next() < 0.3) o.bias = true;
    if (r.next() < 0.2) o.ddof = r.int(0, 2);
    const y = r.next() < 0.3 ? [build(r, d, shape, 'fin')] : [];
    add('covariance', 'cov', [m, ...y], { o }, 4);
    add('covariance', 'corrcoef', [m, ...y], { o: o.rowvar === false ? { rowvar: false } : {} }, 8);
  }
  for (let i = 0; i < 30; i++) {
    const d = r.pick(NUM);
    const shape = randomShape(r, 0, 3, 5);
    const x = build(r, d, shape, 'fin');
    const o = {};
    if (r.next() < 0.4) o.toBegin = r.pick([0, [1, 2], -3]);
    if (r.next() < 0.4) o.toEnd = r.pick([99, [7], 2.5]);
    add('calculus', 'ediff1d', [x], { o });
    const ys = randomShape(r, 1, 3, 5);
    const ax = r.int(-ys.length, ys.length - 1);
    const n = ys[(ax + ys.length) % ys.length];
    const xs = r.next() < 0.4 ? [build(r, 'float64', [n], 'fin')] : [];
    add('calculus', 'trapz', [build(r, r.pick(NUM), ys, 'fin'), ...xs], { o: { axis: ax, ...(r.next() < 0.3 ? { dx: 0.5 } : {}) } }, 1);
    const gs = randomShape(r, 1, 3, 5).map((v) => Math.max(v, 3));
    const go = {};
    if (r.next() < 0.4) go.edgeOrder = 2;
    const gax = r.next() < 0.5 ? r.int(0, gs.length - 1) : null;
    if (gax !== null) go.axis = gax;
    const spacing = r.next() < 0.3 ? [r.pick([2, 0.5])] : gax !== null && r.next() < 0.5 ? [build(r, 'float64', [gs[gax]], 'fin', ['contig'])] : [];
    add('calculus', 'gradient', [build(r, r.pick(NUM), gs, 'fin')], { o: go, spacing }, 8);
  }
  for (let i = 0; i < 30; i++) {
    const n = r.int(0, 12);
    const x = build(r, r.pick(['int8', 'uint8', 'int32', 'int64', 'uint16']), [n], 'fin');
    x.values = x.values.map((v) => String(Math.abs(Number(v))));
    const w = r.next() < 0.4 ? [build(r, r.pick(['float64', 'float32', 'int32']), [n], 'fin')] : [];
    add('counting', 'bincount', [x, ...w], { o: r.next() < 0.4 ? { minlength: r.int(0, 12) } : {} });
    const bins = build(r, 'float64', [r.int(1, 5)], 'fin', ['contig']);
    bins.values = bins.values.map(Number).sort((a, b) => a - b);
    if (r.next() < 0.3) bins.values.reverse();
    add('counting', 'digitize', [build(r, r.pick(NUM), randomShape(r, 0, 2, 6), 'fin'), bins], { o: r.next() < 0.5 ? { right: true } : {} });
  }
  for (let i = 0; i < 36; i++) {
    const d = r.pick(r.next() < 0.7 ? FLOATS : NUM);
    const shape = randomShape(r, 1, 2, 8);
    const x = build(r, d, shape, 'fin');
    const k = r.next();
    const o = {};
    let bins;
    if (k < 0.35) bins = r.pick([1, 3, 10, 7]);
    else if (k < 0.6) bins = r.pick(['auto', 'fd', 'doane', 'scott', 'rice', 'sturges', 'sqrt']);
    else bins = r.pick([[-5, 0, 1.5, 10], [0, 1], [-20, -1, 3, 3, 20]]);
    if (r.next() < 0.3) o.range = r.pick([[-2, 4], [0, 0], [1, 1.5]]);
    if (r.next() < 0.25 && typeof bins !== 'string') o.density = true;
    const w = typeof bins !== 'string' && r.next() < 0.3 ? [build(r, r.pick(['float64', 'int32']), shape, 'fin')] : [];
    add('histogram', 'histogram', [x, ...w], { bins, o }, o.density || w.length ? 1 : 0);
    if (i % 3 === 0) add('histogram', 'histogramBinEdges', [x], { bins, o: o.range ? { range: o.range } : {} });
  }
  for (let i = 0; i < 16; i++) {
    const n = r.int(0, 10);
    const D = r.int(1, 3);
    const sample = build(r, r.pick(FLOATS), [n, D], 'fin');
    const bins = r.pick([2, 3, Array.from({ length: D }, () => r.pick([2, 4])), Array.from({ length: D }, () => [-5, 0, 5])]);
    const o = {};
    if (r.next() < 0.3 && n > 0) o.density = true;
    if (r.next() < 0.3) o.range = Array.from({ length: D }, () => r.pick([null, [-3, 3]]));
    const w = r.next() < 0.3 ? [build(r, 'float64', [n], 'fin')] : [];
    add('histogramdd', 'histogramdd', [sample, ...w], { bins, o }, 1);
    const m = r.int(1, 8);
    add('histogramdd', 'histogram2d', [build(r, 'float64', [m], 'fin'), build(r, 'float64', [m], 'fin')], { bins: r.pick([3, [2, 4], [-4, 0, 4]]), o: r.next() < 0.3 ? { density: true } : {} }, 1);
  }
  return cases;
}

differentialTests({
  test, assert, ready, cases: gen(SEED), script: SCRIPT, runJs,
  describe: (c) => `${c.op}(${JSON.stringify(c.p)}) ins ${JSON.stringify(c.ins.map((x) => x && (x.ops ?? x)))}`.slice(0, 600),
});

// ---------------------------------------------------------------- values and errors
test('NumPy errors: all-NaN argmax, weights summing to zero, bins, bincount input', async () => {
  await ready;
  assert.throws(() => sv.nanargmax([NaN, NaN]), /^StrideViewError: nanargmax: All-NaN slice encountered/);
  assert.throws(() => sv.average([1, 2], { weights: [1, -1] }), /^StrideViewError: average: weights sum to zero, can't be normalized/);
  assert.throws(() => sv.average([[1, 2]], { weights: [1, 2] }), /^TypeError: average: axis must be specified when shapes of a and weights differ/);
  assert.throws(() => sv.histogram([1, 2], 0), /^StrideViewError: histogram: `bins` must be positive, when an integer/);
  assert.throws(() => sv.histogram([1, 2], 'stone'), /^TypeError: histogram: bins="stone" is not supported/);
  assert.throws(() => sv.histogram([1, 2], 'auto', { weights: [1, 1] }), /^TypeError: histogram: automated estimation of the number of bins is not supported for weighted data/);
  assert.throws(() => sv.histogram([1, NaN]), /^StrideViewError: histogram: autodetected range of \[NaN, NaN\] is not finite/);
  assert.throws(() => sv.histogram([1, 2], [3, 1]), /^StrideViewError: histogram: `bins` must increase monotonically/);
  assert.throws(() => sv.bincount([1, -1]), /^StrideViewError: bincount: 'list' argument must have no negative elements/);
  assert.throws(() => sv.bincount([1.5]), /^TypeError: bincount: cannot cast array data from float64 to int64/);
  assert.throws(() => sv.digitize([1], [1, 3, 2]), /^StrideViewError: digitize: bins must be monotonically increasing or decreasing/);
  assert.throws(() => sv.cov(sv.zeros([2, 2, 2])), /^StrideViewError: cov: m has more than 2 dimensions/);
  assert.throws(() => sv.gradient([1, 2], { edgeOrder: 2 }), /^StrideViewError: gradient: shape of array too small/);
  assert.throws(() => sv.ediff1d(sv.array([1, 2], { dtype: 'int32' }), { toEnd: 0.5 }), /^TypeError: ediff1d: dtype of `toEnd` \(float64\) must be compatible/);
});

test('results as NumPy gives them: JS numbers for full reductions, tuples', async () => {
  await ready;
  sv.tidy(() => {
    assert.equal(sv.nanprod([2, NaN, 3]), 6);
    assert.equal(sv.nanargmin([NaN, 3, 1, 1]), 2);
    assert.equal(sv.nanmedian([NaN, 1, 3]), 2);
    assert.equal(sv.trapz([1, 2, 3]), 4);
    const [avg, wsum] = sv.average([1, 2, 3], { weights: [3, 1, 0], returned: true });
    assert.deepEqual([avg, wsum], [1.25, 4]);
    const [h, e] = sv.histogram([1, 2, 2, 5], 2);
    assert.deepEqual([h.toArray(), h.dtype, e.toArray()], [[3, 1], 'int64', [1, 3, 5]]);
    assert.equal(sv.bincount([0, 2]).dtype, 'int64');
    assert.equal(sv.cov([1, 2, 4]).ndim, 0);
  });
});
