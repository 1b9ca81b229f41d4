// Differential test of complex64 / complex128 against NumPy 1.24 (Debian's /usr/bin/python3 +
// numpy, one process for every case): promotion (np.promote_types and array-op-scalar results with
// complex scalars, Complex and plain { re, im }), creation, arithmetic (Smith's division, division
// by zero, huge parts), the unary functions, power, predicates, equality, isclose / allclose,
// reductions over axes, cumsum, cumprod, matmul / dot / vdot / inner / outer, where, take, concatenate,
// stack, casts to and from every dtype, copies of every layout (contiguous, strided with negative
// steps and a transpose, broadcast, padded) and element access. Operands are the shared view
// descriptions of numpy_oracle.mjs with complex elements as [re, im] pairs.
//
// Tolerances, in ulps of the part dtype (float32 for complex64, float64 for complex128), each part
// against the larger part of the expected value (the scale of |z|): exact (0) for the linear ops,
// casts, copies, selection and equality; 4 ulp for mul / div / cumprod (NumPy's and our Smith
// division round alike but the products may contract differently); 2 ulp for abs (NumPy's loop
// scales by the larger part; ours is hypot, within 1 ulp of |z|); 64 ulp for sums and products in another order
// and matmul; TRANSCENDENTAL ulp for exp / log / sqrt / trig / power: complex64's are computed here in
// double and rounded once, NumPy's in float with its own rounding errors, so the bound is NumPy's
// error more than ours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng } from './helpers.mjs';
import { ALL, COMPLEX, encF, buildView, materialize, differentialTests, randomShape } from './numpy_oracle.mjs';

await ready;
const SEED = Number(process.env.SV_COMPLEX_SEED ?? 20261130);
const TRANSCENDENTAL = 16;
const EVERY = [...ALL, ...COMPLEX];

// prof: 'gen' small parts with specials; 'fin' finite; 'big' huge and tiny magnitudes; 'unit' |z| near 1;
// 'pos' in [0, 101)
function part(r, d, prof) {
  const k = r.next();
  let x;
  if (prof === 'pos') x = r.int(0, 100) + r.pick([0, 0.25, 0.5, 0.75]);
  else if (prof === 'big') x = (r.next() < 0.5 ? -1 : 1) * 10 ** r.int(d === 'complex64' ? -40 : -300, d === 'complex64' ? 38 : 307) * (1 + r.next());
  else if (prof === 'unit') x = (r.next() - 0.5) * 2.2;
  else if (prof === 'gen' && k < 0.06) x = r.pick([NaN, Infinity, -Infinity, -0]);
  else if (k < 0.35) x = r.int(-4, 4);
  else x = Math.round((r.next() - 0.5) * 2000) / 64;
  if (d === 'complex64') x = Math.fround(x);
  return encF(x);
}
function elem(r, d, prof) {
  if (COMPLEX.includes(d)) return [part(r, d, prof), part(r, d, prof)];
  if (d === 'bool') return r.int(0, 1);
  if (d.startsWith('int') || d.startsWith('uint')) return String(d.startsWith('u') ? r.int(0, 9) : r.int(-6, 6));
  const x = Math.round((r.next() - 0.5) * 400) / 16;
  return encF(d === 'float32' ? Math.fround(x) : x);
}
const fillOf = (r, d) => (d === 'bool' ? r.int(0, 1) : COMPLEX.includes(d) || d.startsWith('float') ? encF(r.pick([0, 2.5, -1])) : String(r.int(0, 5)));
const view = (r, d, shape, prof = 'gen', kinds = null) => buildView(r, d, shape, { value: (r2, d2) => elem(r2, d2, prof), fill: fillOf }, 2, kinds);
const cx = (r) => r.pick(COMPLEX);

// ---------------------------------------------------------------- the cases
function gen(seed) {
  const r = rng(seed);
  const cases = [];
  const add = (group, op, ins, p = {}, tol = 0) => cases.push({ group, op, ins, p, tol });
  const shape = (lo = 0, hi = 3) => randomShape(r, lo, hi, 5);
  // promotion: every dtype against each complex dtype, and array-op-scalar (value-based: a complex
  // scalar keeps a float32 / float16 / integer array's precision as complex64)
  for (const a of EVERY) for (const b of COMPLEX) add('promotion', 'promoteTypes', [], { a, b });
  const SCALARS = [{ c: [1, 2] }, { c: [1e300, 1] }, { c: [0.5, -0.25] }, { plain: [3, -1] }, { num: 2.5 }, { num: 1e300 }, { int: '7' }, { bool: true }];
  for (const d of [...EVERY, 'float16']) {
    for (const s of SCALARS) {
      if (!COMPLEX.includes(d) && !('c' in s || 'plain' in s)) continue;
      add('promotion', 'add', [d === 'float16' ? { arr: [1, 2], dtype: d } : view(r, d, [3], 'fin', ['contig']), s]);
      if (r.next() < 0.3) add('promotion', 'mul', [s, view(r, d === 'float16' ? 'float32' : d, [2], 'fin', ['contig'])]);
    }
  }
  // creation
  for (const d of COMPLEX) {
    add('creation', 'array', [], { values: [[1, 2], [3, -4], [0.1, 1e-300]], dtype: d });
    add('creation', 'arrayNumbers', [], { values: [1, 2.5, -3, 1e40], dtype: d });
    add('creation', 'arrayComplex', [], { values: [[1, 2], [0.1, 0]] });
    for (const f of ['zeros', 'ones']) add('creation', f, [], { shape: [2, 3], dtype: d });
    add('creation', 'full', [], { shape: [2, 2], value: { c: [1.5, -2] }, dtype: d });
    add('creation', 'full', [], { shape: [3], value: { num: 2 }, dtype: d });
    add('creation', 'eye', [], { n: 3, k: 1, dtype: d });
    add('creation', 'arange', [], { start: 0, stop: 5, step: 1, dtype: d });
    add('creation', 'arange', [], { start: -1.5, stop: 2, step: 0.5, dtype: d });
    add('creation', 'linspace', [], { start: 0, stop: 1, num: 5, dtype: d });
  }
  add('creation', 'full', [], { shape: [2], value: { c: [1, 1] } });
  // arithmetic: complex with complex, with real arrays, broadcast views; Smith's division
  for (let i = 0; i < 60; i++) {
    const op = r.pick(['add', 'sub', 'mul', 'div']);
    const d1 = cx(r);
    const d2 = r.next() < 0.7 ? cx(r) : r.pick(ALL);
    // 0-d operands only with one dtype: strideview's 0-d arrays promote as arrays, NumPy's by value
    const s = shape(d1 === d2 ? 0 : 1, 3);
    const prof = r.pick(['gen', 'fin', 'big']);
    const ins = r.next() < 0.5 ? [view(r, d1, s, prof), view(r, d2, s, prof)] : [view(r, d2, s, prof), view(r, d1, s.slice(r.int(0, s.length - (d1 === d2 ? 0 : 1))), prof)];
    add('arithmetic', op, ins, {}, op === 'mul' || op === 'div' ? 4 : 0);
  }
  for (const d of COMPLEX) {
    add('arithmetic', 'div', [view(r, d, [6], 'fin', ['contig']), { c: [0, 0] }]);
    add('arithmetic', 'div', [view(r, d, [6], 'fin', ['contig']), { num: 0 }]);
    add('arithmetic', 'div', [view(r, d, [8], 'big', ['contig']), view(r, d, [8], 'big', ['contig'])], {}, 4);
    add('arithmetic', 'div', [{ c: [1, 1] }, view(r, d, [8], 'gen', ['contig'])], {}, 4);
    add('arithmetic', 'neg', [view(r, d, shape(), 'gen')]);
    add('arithmetic', 'positive', [view(r, d, shape(), 'gen')]);
  }
  // unary functions
  const UNARY = ['abs', 'angle', 'conj', 'real', 'imag', 'square', 'sqrt', 'exp', 'log', 'sin', 'cos', 'tan', 'sinh', 'cosh', 'tanh',
    'arcsin', 'arccos', 'arctan', 'arcsinh', 'arccosh', 'arctanh', 'log10', 'log2', 'expm1', 'log1p', 'exp2', 'reciprocal', 'sign'];
  const EXACT = ['conj', 'real', 'imag', 'sign', 'square'];
  for (const op of UNARY) {
    for (const d of COMPLEX) {
      for (const prof of ['unit', 'fin']) add(`unary ${op}`, op, [view(r, d, shape(1, 2), prof)], {}, EXACT.includes(op) ? (op === 'square' ? 4 : 0) : TRANSCENDENTAL);
    }
  }
  for (let i = 0; i < 10; i++) {
    const d = cx(r);
    add('power', 'power', [view(r, d, [5], 'unit'), view(r, r.next() < 0.5 ? d : 'float64', [5], 'unit')], {}, TRANSCENDENTAL * 4);
    add('power', 'power', [view(r, d, [5], 'unit'), r.pick([{ num: 2 }, { num: 0.5 }, { c: [0, 1] }, { int: '3' }])], {}, TRANSCENDENTAL * 4);
  }
  // predicates and equality
  for (let i = 0; i < 8; i++) {
    const d = cx(r);
    for (const op of ['isfinite', 'isnan', 'isinf']) add('predicates', op, [view(r, d, shape(), 'gen')]);
    const s = shape(1, 2);
    const a = view(r, d, s, 'gen');
    const b = r.next() < 0.5 ? { ...a } : view(r, r.pick([...COMPLEX, 'float64', 'int32']), s, 'gen');
    for (const op of ['equal', 'notEqual']) add('predicates', op, [a, b]);
  }
  for (let i = 0; i < 12; i++) {
    const d = cx(r);
    const a = view(r, d, [6], 'fin', ['contig']);
    const near = { ...a, values: a.values.map(([re, im]) => (typeof re === 'number' && r.next() < 0.6 ? [re * (1 + 1e-6), im] : [re, im])) };
    const o = r.pick([{}, { rtol: 1e-8 }, { atol: 0.1 }, { equalNan: true }]);
    add('isclose', 'isclose', [a, r.next() < 0.7 ? near : view(r, r.pick([d, 'float64']), [6], 'gen')], { o });
    add('isclose', 'allclose', [a, near], { o });
  }
  // reductions
  for (let i = 0; i < 30; i++) {
    const d = cx(r);
    const s = shape(1, 3);
    const op = r.pick(['sum', 'prod', 'mean', 'cumsum']);
    const o = op === 'cumsum' ? (r.next() < 0.5 ? {} : { axis: r.int(0, s.length - 1) }) : r.pick([{}, { axis: r.int(0, s.length - 1) }, { axis: r.int(0, s.length - 1), keepdims: true }]);
    add('reductions', op, [view(r, d, s, op === 'prod' ? 'unit' : 'fin')], { o }, 1);
  }
  // cumprod (NumPy's multiply.accumulate) along an axis (negative too) or flattened, every layout;
  // nancumprod (NaN elements as 1)
  for (let i = 0; i < 16; i++) {
    const d = cx(r);
    const s = shape(1, 3);
    add('cumprod', 'cumprod', [view(r, d, s, 'unit')], { o: r.next() < 0.3 ? {} : { axis: r.int(-s.length, s.length - 1) } }, 4);
    if (i < 4) add('cumprod', 'nancumprod', [view(r, d, [r.int(1, 6)], 'gen')], { o: {} }, 4);
  }
  // the SIMD loops' rows (4 complex64 / 2 complex128 elements per step, the rest scalar): every
  // length 1..17, contiguous against strided, by a broadcast scalar, specials in the values
  for (const d of COMPLEX) {
    for (let n = 1; n <= 17; n++) {
      const op = n % 2 ? 'mul' : 'div';
      add('simd rows', op, [view(r, d, [n], 'gen', ['contig']), view(r, d, [n], 'gen', ['contig', 'strided'])], {}, 4);
      add('simd rows', n % 3 ? 'mul' : 'div', [view(r, d, [n], r.pick(['gen', 'big']), ['contig']), r.pick([{ c: [2, 1] }, { c: [-0.5, 1e-3] }, { c: [0, 0] }])], {}, 4);
      add('simd rows', 'div', [{ c: [1, -2] }, view(r, d, [n], 'fin', ['contig'])], {}, 4);
      add('simd rows', 'abs', [view(r, d, [n], r.pick(['gen', 'big']), ['contig'])], {}, 2);
      add('simd rows', 'square', [view(r, d, [n], 'fin', ['contig', 'broadcast'])], {}, 4);
    }
  }
  // products
  for (let i = 0; i < 16; i++) {
    const [m, k, n] = [r.int(1, 5), r.int(1, 6), r.int(1, 5)];
    const d1 = cx(r);
    const d2 = r.next() < 0.7 ? cx(r) : r.pick(['float32', 'float64', 'int16']);
    add('products', 'matmul', [view(r, d1, [m, k], 'fin'), view(r, d2, [k, n], 'fin')], {}, 1);
    add('products', 'dot', [view(r, d1, [k], 'fin'), view(r, d2, [k], 'fin')], {}, 1);
    add('products', 'vdot', [view(r, d1, [k], 'fin'), view(r, d2, [k], 'fin')], {}, 1);
    add('products', 'vdot', [view(r, d1, [2, k], 'fin'), view(r, d1, [k, 2], 'fin')], {}, 1);
    add('products', 'inner', [view(r, d1, [m, k], 'fin'), view(r, d2, [k], 'fin')], {}, 1);
    add('products', 'outer', [view(r, d1, [m], 'fin'), view(r, d2, [n], 'fin')], {}, 4);
  }
  // selection and joining
  for (let i = 0; i < 12; i++) {
    const d = cx(r);
    const s = shape(1, 2);
    add('selection', 'where', [view(r, 'bool', s), view(r, d, s), r.pick([view(r, d, s), view(r, 'float32', s), { c: [9, -9] }, { num: 4 }])]);
    add('selection', 'take', [view(r, d, [6], 'gen'), [r.int(0, 5), r.int(-6, -1), 0]], { axis: r.next() < 0.5 ? 0 : null });
    const t = view(r, d, [2, 3]);
    add('selection', 'concatenate', [t, view(r, r.pick([d, 'float64', 'int8', 'complex64']), [r.int(0, 3), 3])]);
    add('selection', 'stack', [view(r, d, [2, 3]), view(r, r.pick(COMPLEX), [2, 3])], { axis: r.int(0, 2) });
  }
  // casts and copies
  for (const d of COMPLEX) {
    // to integers: values in the dtype's range (out of range, NumPy's C casts wrap or give the
    // platform's value; strideview saturates, as its float to integer casts)
    for (const t of EVERY) add('casts', 'astype', [view(r, d, [2, 3], t.startsWith('float') || COMPLEX.includes(t) ? 'gen' : t === 'bool' ? 'fin' : 'pos', t.startsWith('float') || COMPLEX.includes(t) ? null : ['contig', 'strided'])], { dtype: t });
    for (const t of ALL) add('casts', 'astype', [view(r, t, [2, 3], 'fin')], { dtype: d });
  }
  for (let i = 0; i < 30; i++) add('copies', 'copy', [view(r, cx(r), shape(0, 4), 'gen', r.pick([null, ['strided'], ['broadcast'], ['pad']]))]);
  // element access
  for (let i = 0; i < 8; i++) {
    const d = cx(r);
    const s = shape(1, 3).map((n) => Math.max(n, 1));
    add('elements', 'item', [view(r, d, s, 'gen')], { index: s.map((n) => r.int(0, n - 1)) });
    add('elements', 'tolist', [view(r, d, s, 'gen')]);
  }
  // composed functions that take complex values
  for (let i = 0; i < 6; i++) {
    const d = cx(r);
    add('composed', 'round', [view(r, d, shape(1, 2), 'fin')], { decimals: r.pick([0, 1, -1]) });
    add('composed', 'sinc', [view(r, d, [5], 'unit')], {}, TRANSCENDENTAL);
    add('composed', 'cov', [view(r, d, [3, 5], 'fin')], {}, 64);
    add('composed', 'gradient', [view(r, d, [6], 'fin')], {}, 4);
    add('composed', 'reciprocal', [view(r, d, [6], 'big')], {}, 4);
  }
  // refusals: NumPy orders complex lexicographically; strideview refuses by name
  for (const op of ['less', 'greater', 'sort', 'max', 'argmax', 'clip', 'minimum', 'maximum']) add('refusals', op, [view(r, cx(r), [4], 'fin')]);
  return cases;
}

// ---------------------------------------------------------------- the JS side
const tmp = []; // float16 operands made here, disposed after their case
function scalarJs(s) {
  if ('c' in s) return sv.complex(...s.c);
  if ('plain' in s) return { re: s.plain[0], im: s.plain[1] };
  if ('bool' in s) return s.bool;
  if ('arr' in s) {
    tmp.push(sv.array(s.arr, { dtype: s.dtype }));
    return tmp[tmp.length - 1];
  }
  return materialize(s);
}
function runJs(c) {
  const A = c.ins.map((x) => (x && typeof x === 'object' && !Array.isArray(x) && !('dtype' in x && 'ops' in x) ? scalarJs(x) : materialize(x)));
  const p = c.p;
  try {
    switch (c.op) {
      case 'promoteTypes': return sv.promoteTypes(p.a, p.b);
      case 'array': return sv.array(p.values.map(([re, im]) => sv.complex(re, im)), { dtype: p.dtype });
      case 'arrayNumbers': return sv.array(p.values, { dtype: p.dtype });
      case 'arrayComplex': return sv.array(p.values.map(([re, im]) => ({ re, im })));
      case 'zeros': case 'ones': return sv[c.op](p.shape, p.dtype);
      case 'full': return sv.full(p.shape, scalarJs(p.value), p.dtype ?? null);
      case 'eye': return sv.eye(p.n, null, p.k, p.dtype);
      case 'arange': return sv.arange(p.start, p.stop, p.step, p.dtype);
      case 'linspace': return sv.linspace(p.start, p.stop, p.num, { dtype: p.dtype });
      case 'add': return sv.add(A[0], A[1]);
      case 'clip': return sv.clip(A[0], 0, 1);
      case 'minimum': case 'maximum': case 'less': case 'greater': return sv[c.op](A[0], A[0]);
      case 'isclose': case 'allclose': return sv[c.op](A[0], A[1], p.o);
      case 'sum': case 'prod': case 'mean': case 'cumsum': case 'cumprod': case 'nancumprod': return sv[c.op](A[0], p.o);
      case 'take': return sv.take(A[0], A[1], p.axis);
      case 'round': return sv.round(A[0], p.decimals);
      case 'concatenate': return sv.concatenate([A[0], A[1]]);
      case 'stack': return sv.stack([A[0], A[1]], p.axis);
      case 'astype': return A[0].astype(p.dtype);
      case 'copy': return A[0].copy();
      case 'item': return A[0].item(...p.index);
      case 'tolist': return A[0].tolist().flat(Infinity);
      default: return sv[c.op](...A);
    }
  } finally {
    for (const t of tmp.splice(0)) t.dispose();
  }
}

// ---------------------------------------------------------------- the Python side
const SCRIPT = String.raw`
def mk(d):
    if isinstance(d, dict) and 'dtype' in d and 'ops' in d:
        return view(d)[1]
    if isinstance(d, dict) and 'c' in d: return complex(*d['c'])
    if isinstance(d, dict) and 'plain' in d: return complex(*d['plain'])
    if isinstance(d, dict) and 'num' in d: return float(d['num'])
    if isinstance(d, dict) and 'int' in d: return int(d['int'])
    if isinstance(d, dict) and 'bool' in d: return d['bool']
    if isinstance(d, dict) and 'arr' in d: return np.array(d['arr'], dtype=d['dtype'])
    return d

def encc(z):
    return [encf(z.real), encf(z.imag)]

def enc(r):
    if isinstance(r, list):
        return {'list': [enc(x) for x in r]}
    if isinstance(r, np.dtype):
        return {'scalar': r.name, 'kind': 'str'}
    if isinstance(r, (bool, np.bool_)):
        return {'scalar': 1 if r else 0, 'kind': 'bool'}
    if isinstance(r, (complex, np.complexfloating)):
        return {'scalar': encc(complex(r)), 'kind': 'complex', 'dtype': r.dtype.name if isinstance(r, np.generic) else 'complex128'}
    if isinstance(r, (float, np.floating)):
        return {'scalar': encf(float(r)), 'kind': 'num', 'dtype': 'float64' if isinstance(r, float) else r.dtype.name}
    r = np.asarray(r)
    flat = r.ravel().tolist()
    if r.dtype.kind == 'c': vals = [encc(x) for x in flat]
    elif r.dtype.kind == 'f': vals = [encf(x) for x in flat]
    elif r.dtype.kind == 'b': vals = [1 if x else 0 for x in flat]
    else: vals = [str(x) for x in flat]
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': vals}

NAMES = {'notEqual': 'not_equal', 'sub': 'subtract', 'mul': 'multiply', 'div': 'divide', 'neg': 'negative', 'abs': 'absolute'}
def run(c):
    A = [mk(x) for x in c['ins']]
    p = c['p']
    o = p.get('o') or {}
    op = c['op']
    if op == 'promoteTypes': return np.promote_types(p['a'], p['b'])
    if op in ('array', 'arrayComplex'): return np.array([complex(*v) for v in p['values']], dtype=p.get('dtype'))
    if op == 'arrayNumbers': return np.array(p['values'], dtype=p['dtype'])
    if op in ('zeros', 'ones'): return getattr(np, op)(p['shape'], dtype=p['dtype'])
    if op == 'full': return np.full(p['shape'], mk(p['value']), dtype=p.get('dtype'))
    if op == 'eye': return np.eye(p['n'], k=p['k'], dtype=p['dtype'])
    if op == 'arange': return np.arange(p['start'], p['stop'], p['step'], dtype=p['dtype'])
    if op == 'linspace': return np.linspace(p['start'], p['stop'], p['num'], dtype=p['dtype'])
    if op in ('minimum', 'maximum', 'less', 'greater'): raise TypeError('refused')
    if op in ('sort', 'max', 'argmax', 'clip'): raise TypeError('refused')
    if op in ('isclose', 'allclose'):
        return getattr(np, op)(A[0], A[1], rtol=o.get('rtol', 1e-5), atol=o.get('atol', 1e-8), equal_nan=o.get('equalNan', False))
    if op in ('sum', 'prod', 'mean'):
        return getattr(np, op)(A[0], axis=o.get('axis'), keepdims=o.get('keepdims', False))
    if op in ('cumsum', 'cumprod', 'nancumprod'): return getattr(np, op)(A[0], axis=o.get('axis'))
    if op == 'take': return np.take(A[0], A[1], axis=p['axis'])
    if op == 'round': return np.round(A[0], p['decimals'])
    if op == 'concatenate': return np.concatenate([A[0], A[1]])
    if op == 'stack': return np.stack([A[0], A[1]], axis=p['axis'])
    if op == 'astype': return A[0].astype(p['dtype'])
    if op == 'copy': return A[0].copy()
    if op == 'item': return A[0].item(*p['index'])
    if op == 'tolist': return {'list': [enc(x) for x in np.asarray(A[0]).ravel().tolist()]}
    r = getattr(np, NAMES.get(op, op))(*A)
    # a ufunc of 0-d operands: NumPy gives a scalar, strideview a 0-d array (its ufuncs always do)
    return np.asarray(r) if isinstance(r, np.generic) and op not in SCALAR_OPS else r

SCALAR_OPS = ('sum', 'prod', 'mean', 'dot', 'vdot', 'inner', 'allclose', 'item')

out = []
for c in json.load(sys.stdin):
    try:
        r = run(c)
        out.append(r if isinstance(r, dict) and 'list' in r else enc(r))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
json.dump(out, sys.stdout)
`;

const CASES = gen(SEED);
differentialTests({
  test, assert, ready, cases: CASES, script: SCRIPT, signedZero: false,
  runJs,
  describe: (c) => `${c.op}(${c.ins.map((x) => (x && x.ops ? `${x.dtype}${JSON.stringify(x.fshape)}${x.ops.map((o) => o[0]).join('+')}` : JSON.stringify(x))).join(', ')}) ${JSON.stringify(c.p)}`,
});

test('real and imag write through; put, fill, set and full take complex values', () => {
  const z = sv.zeros([2, 3], 'complex64');
  sv.real(z).assign([[1, 2, 3], [4, 5, 6]]);
  sv.imag(z.transpose()).fill(-0.5);
  assert.equal(String(z), 'array([[1.-0.5j, 2.-0.5j, 3.-0.5j],\n       [4.-0.5j, 5.-0.5j, 6.-0.5j]], dtype=complex64)');
  sv.put(z, [0, 5], [sv.complex(9, 9), { re: 7, im: -7 }]);
  z.set(1, 0, sv.complex(0, 1));
  assert.deepEqual(z.tolist().flat().map(String), ['(9+9j)', '(2-0.5j)', '(3-0.5j)', '1j', '(5-0.5j)', '(7-7j)']);
  z.fill({ re: 1, im: 2 });
  assert.equal(String(z.get(1, 2)), '(1+2j)');
  assert.equal(String(sv.full([2], sv.complex(1, -1), 'complex64')), 'array([1.-1.j, 1.-1.j], dtype=complex64)');
  assert.equal(String(sv.arange(0, 3, 1, 'complex128')), 'array([0.+0.j, 1.+0.j, 2.+0.j])');
  assert.throws(() => sv.isposinf(z), (e) => e instanceof sv.StrideViewError && /^isposinf: not supported for complex values/.test(e.message));
  assert.throws(() => sv.vdot(z, [1, 2]), /vdot: a has 6 elements \(shape \[2,3\]\) and b has 2/);
  z.dispose();
});

test('the SIMD loops (contiguous rows, a broadcast operand) equal the scalar loop (strided views) bit for bit', () => {
  const r = rng(SEED + 1);
  const SPECIAL = [0, -0, Infinity, -Infinity, NaN, 1e300, -1e-310, 1e-300, 3e38, 1e-40];
  const part = () => (r.next() < 0.3 ? r.pick(SPECIAL) : (r.next() - 0.5) * 8);
  const bits = (x) => {
    const t = x.toTypedArray();
    return Array.from(t, (v) => (Number.isNaN(v) ? 'nan' : Object.is(v, -0) ? '-0' : String(v)));
  };
  const sizes = [...Array.from({ length: 17 }, (_, i) => i + 1), 64, 101];
  let checked = 0;
  for (const d of COMPLEX) {
    for (const n of sizes) {
      const vals = () => Array.from({ length: n }, () => sv.complex(part(), part()));
      const a = sv.array(vals(), { dtype: d });
      const b = sv.array(vals(), { dtype: d });
      const spread = (x) => {
        const s = sv.zeros([2 * n], d);
        s.slice('::2').assign(x);
        return s.slice('::2'); // stride 2: only the scalar loop takes it
      };
      const as = spread(a), bs = spread(b);
      const c = sv.complex(part(), part());
      const runs = [
        ['multiply', (x, y) => sv.mul(x, y)],
        ['divide', (x, y) => sv.div(x, y)],
        ['multiply by a scalar', (x) => sv.mul(x, c)],
        ['divide by a scalar', (x) => sv.div(x, c)],
        ['a scalar divided', (x) => sv.div(c, x)],
        ['abs', (x) => sv.abs(x)],
        ['square', (x) => sv.square(x)],
      ];
      for (const [name, f] of runs) {
        const fast = f(a, b), slow = f(as, bs);
        assert.deepEqual(bits(fast), bits(slow), `${name} ${d} n=${n}: ${String(a)} ${String(b)} ${String(c)}`);
        assert.equal(fast.dtype, name === 'abs' ? (d === 'complex64' ? 'float32' : 'float64') : d);
        fast.dispose();
        slow.dispose();
        checked++;
      }
      for (const x of [a, b, as, bs]) x.dispose();
    }
  }
  assert.equal(checked, 2 * sizes.length * 7);
  // hypot's range: |1e300+1e300j| is finite, |1e-300+1e-300j| nonzero, in the SIMD steps and the tail
  const z = sv.array(Array.from({ length: 5 }, (_, i) => (i % 2 ? sv.complex(1e-300, 1e-300) : sv.complex(1e300, 1e300))));
  const h = sv.abs(z).toTypedArray();
  for (let i = 0; i < 5; i++) assert.ok(Math.abs(h[i] / (i % 2 ? 1e-300 : 1e300) - Math.SQRT2) < 1e-15, `abs element ${i}: ${h[i]}`);
  z.dispose();
});
