// Differential test against NumPy 1.24 (Debian's /usr/bin/python3 + numpy) of the integer ufuncs
// (mod / remainder, floorDivide, fmod, the bitwise ops, the shifts, invert / bitwiseNot),
// diagonal and trace, einsum, matmul / dot of 1-D operands (JS scalars) and Generator.uniform /
// normal with array parameters (NumPy's streams). One python process runs every case. Operands are
// contiguous, strided (slices with steps and negative steps, then a transpose), broadcast
// (stride 0) and padded views (padView; NumPy: np.pad with the same constant), in every dtype the
// op takes, with NumPy's edge values (x % 0, the minimum value // -1, shift counts beyond the bit
// width or negative, NaN and inf). Result dtype, shape and values are compared (floats exactly,
// NaN equal to NaN, einsum and trace of floats within 64 ulp: another summation order); an error
// must happen exactly where NumPy raises one, and its message must start with the op name.
// SV_INTOPS_SEED changes the seed.
//
// Not generated, on purpose: einsum's dtype= with an unsafe cast (an error in both, tested below
// by hand) and with one operand (NumPy 1.24 ignores dtype= where its result is a view of the
// operand, 'ii->i'; here the result has the dtype asked for); einsum of float32 with cancelling
// sums (values are small integers, exact in any order). The elementwise ops of 0-d operands give
// 0-d arrays here (NumPy: scalars), as every elementwise op of the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng, throwsSv } from './helpers.mjs';
import { FLOATS, ALL, isInt, BITS, intRange, encF, numel, buildView, materialize, differentialTests, randomShape } from './numpy_oracle.mjs';

const SEED = Number(process.env.SV_INTOPS_SEED ?? 20261126);
const isFloat = (d) => FLOATS.includes(d);

// prof: 'gen' small values with zeros, extremes, -1 and float specials; 'count' shift counts
// (-3 .. bits + 3); 'small' small integers (exact float sums: einsum, trace)
function genValue(r, d, prof) {
  if (d === 'bool') return r.next() < 0.5 ? 1 : 0;
  if (isInt(d)) {
    const u = d.startsWith('u');
    if (prof === 'count') return String(r.int(u ? 0 : -3, BITS[d] + 3));
    if (prof === 'small') return String(u ? r.int(0, 5) : r.int(-4, 4));
    const k = r.next();
    const [lo, hi] = intRange(d);
    if (k < 0.08) return String(lo);
    if (k < 0.14) return String(hi);
    if (k < 0.2) return u ? '0' : '-1';
    return String(u ? r.int(0, 12) : r.int(-9, 9));
  }
  let x;
  const k = r.next();
  if (prof === 'small' || prof === 'count') x = r.int(-4, 4);
  else if (k < 0.12) x = r.pick([NaN, Infinity, -Infinity, 0]);
  else if (k < 0.45) x = r.int(-6, 6);
  else x = Math.round((r.next() - 0.5) * 2000) / 64;
  if (d === 'float32') x = Math.fround(x);
  return encF(Object.is(x, -0) ? 0 : x);
}

const genShape = (r, lo = 0, hi = 3, maxDim = 4) => randomShape(r, lo, hi, maxDim);
// A view of dtype d and shape `target` both sides build (numpy_oracle.mjs).
function build(r, d, target, prof = 'gen', depth = 2) {
  const fill = (r2, d2) => (d2 === 'bool' ? r2.int(0, 1) : isInt(d2) ? genValue(r2, d2, prof === 'gen' ? 'small' : prof) : encF(prof === 'gen' ? r2.pick([0, 2.5, -1, NaN]) : r2.int(-2, 2)));
  return buildView(r, d, target, { value: (r2, d2) => genValue(r2, d2, prof), fill }, depth);
}

// ---------------------------------------------------------------- the JS side
const JS_OPS = {
  mod: sv.mod, remainder: sv.remainder, floorDivide: sv.floorDivide, fmod: sv.fmod, bitwiseAnd: sv.bitwiseAnd,
  bitwiseOr: sv.bitwiseOr, bitwiseXor: sv.bitwiseXor, leftShift: sv.leftShift, rightShift: sv.rightShift,
};

function runJs(c) {
  const A = c.ins.map(materialize);
  const p = c.p;
  if (c.op in JS_OPS) return JS_OPS[c.op](A[0], A[1]);
  switch (c.op) {
    case 'invert': return sv.invert(A[0]);
    case 'bitwiseNot': return sv.bitwiseNot(A[0]);
    case 'diagonal': return sv.diagonal(A[0], p.offset, p.o);
    case 'trace': return sv.trace(A[0], p.offset, p.o);
    case 'einsum': return sv.einsum(p.subscripts, ...A, ...(p.o ? [p.o] : []));
    case 'matmul': return sv.matmul(A[0], A[1]);
    case 'dot': return sv.dot(A[0], A[1]);
    case 'Generator.uniform':
    case 'Generator.normal': {
      const g = sv.defaultRng(p.seed);
      return g[c.op.slice('Generator.'.length)](A[0], A[1], p.size);
    }
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
    if isinstance(d, dict) and 'int' in d:
        return int(d['int'])
    return d

def enc(r):
    if isinstance(r, (bool, np.bool_)):
        return {'scalar': 1 if r else 0, 'kind': 'bool'}
    if isinstance(r, float):
        return {'scalar': encf(r), 'kind': 'num'}
    if isinstance(r, np.generic):
        return {'scalar': encf(float(r)) if r.dtype.kind == 'f' else str(int(r)), 'kind': 'num' if r.dtype.kind == 'f' else 'int', 'dtype': r.dtype.name}
    r = np.asarray(r)
    flat = r.ravel().tolist()
    if r.dtype.kind == 'f': vals = [encf(x) for x in flat]
    elif r.dtype.kind == 'b': vals = [1 if x else 0 for x in flat]
    else: vals = [str(x) for x in flat]
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': vals}

UF = {'mod': np.remainder, 'remainder': np.remainder, 'floorDivide': np.floor_divide, 'fmod': np.fmod,
      'bitwiseAnd': np.bitwise_and, 'bitwiseOr': np.bitwise_or, 'bitwiseXor': np.bitwise_xor,
      'leftShift': np.left_shift, 'rightShift': np.right_shift}

def run(c):
    A = [mk(x) for x in c['ins']]
    p = c['p']
    o = p.get('o') or {}
    op = c['op']
    # the elementwise ops return 0-d arrays for 0-d operands (NumPy: scalars), as every elementwise op here
    if op in UF: return np.asarray(UF[op](A[0], A[1]))
    if op in ('invert', 'bitwiseNot'): return np.asarray(np.invert(A[0]))
    if op == 'diagonal': return np.diagonal(A[0], p['offset'], o.get('axis1', 0), o.get('axis2', 1))
    if op == 'trace': return np.trace(A[0], p['offset'], o.get('axis1', 0), o.get('axis2', 1), dtype=o.get('dtype'))
    if op == 'einsum': return np.einsum(p['subscripts'], *A, dtype=o.get('dtype'))
    if op == 'matmul': return np.matmul(A[0], A[1])
    if op == 'dot': return np.dot(A[0], A[1])
    if op in ('Generator.uniform', 'Generator.normal'):
        g = np.random.default_rng(p['seed'])
        s = p.get('size')
        return getattr(g, op[len('Generator.'):])(A[0], A[1], None if s is None else tuple(s))
    raise ValueError(op)

out = []
for c in json.load(sys.stdin):
    try:
        out.append(enc(run(c)))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
print(json.dumps(out))
`;

// ---------------------------------------------------------------- cases
const EINSUM = [
  // [subscripts, operand label strings for the shapes ('.' marks broadcast dims drawn apart)]
  ['ij,jk->ik', ['ij', 'jk']], ['ij,jk', ['ij', 'jk']], ['ii', ['ii']], ['ii->i', ['ii']], ['ij->ji', ['ij']],
  ['ij->', ['ij']], ['ij->j', ['ij']], ['i,i', ['i', 'i']], ['i,j->ij', ['i', 'j']], ['i,j', ['i', 'j']],
  ['ijk->kji', ['ijk']], ['ijk,ikl->ijl', ['ijk', 'ikl']], ['bij,bjk->bik', ['bij', 'bjk']],
  ['...ij,...jk->...ik', ['.ij', '.jk']], ['...ij,...jk', ['.ij', '.jk']], ['i...->...', ['i.']], ['...i->...', ['.i']],
  ['ij,ij->ij', ['ij', 'ij']], ['ij,ij->i', ['ij', 'ij']], ['ij,ij', ['ij', 'ij']], ['iij->j', ['iij']], ['iji->j', ['iji']],
  ['ijj->ij', ['ijj']], ['i,i,i->i', ['i', 'i', 'i']], ['ij,jk,kl->il', ['ij', 'jk', 'kl']], ['ab,bc,ca->', ['ab', 'bc', 'ca']],
  ['ij,j->i', ['ij', 'j']], ['j,ij->i', ['j', 'ij']], ['ik,kj', ['ik', 'kj']], ['Ab,bC->AC', ['Ab', 'bC']], [',i->i', ['', 'i']],
  ['i,', ['i', '']], ['...,...->...', ['.', '.']], ['ji', ['ji']], ['iijj->ij', ['iijj']], ['i->i', ['i']], ['ijk->ik', ['ijk']],
  ['ba,ab->', ['ba', 'ab']], ['ij,kl->ijkl', ['ij', 'kl']], ['i...j,j...k->i...k', ['i.j', 'j.k']], ['a b , b c -> a c', ['ab', 'bc']],
];

function gen(seed) {
  const r = rng(seed);
  const cases = [];
  const add = (group, op, ins, p = {}, tol = 0) => cases.push({ group, op, ins, p, tol });
  const bshapes = () => {
    const s = genShape(r, 0, 3);
    const t = s.slice(r.int(0, s.length)).map((n) => (r.next() < 0.3 ? 1 : n));
    return r.next() < 0.5 ? [s, t] : [t, s];
  };
  // the binary integer ops: same and mixed dtypes, broadcasting, Python scalars on either side
  for (const op of Object.keys(JS_OPS)) {
    const shifts = op === 'leftShift' || op === 'rightShift';
    for (let i = 0; i < 36; i++) {
      const da = i < ALL.length ? ALL[i] : r.pick(ALL);
      const db = r.next() < 0.7 ? da : r.pick(ALL);
      const [sa, sb] = bshapes();
      const k = r.next();
      const scalar = k < 0.16;
      // NumPy 1.24 casts a 0-d array by value, as a Python scalar (np.int16(1) % 7 is int64): 0-d
      // operands only beside an array of the same dtype
      const no0d = (s) => (s.length === 0 && (scalar || da !== db) ? [1] : s);
      const a = build(r, da, no0d(sa));
      let b = build(r, db, no0d(sb), shifts ? 'count' : 'gen');
      // (an integer scalar with a bool array gives int32 here, JS's integer default: NumPy int64)
      // (NumPy 1.24 picks these ufuncs' loop by a linear search: uint8 % 300 is int16 there,
      // uint16 by the promotion table here and in NumPy's arithmetic: not generated)
      const big = da.startsWith('u') ? [] : [300];
      if (k < 0.12 && da !== 'bool') b = { int: String(shifts ? r.int(0, 70) : r.pick([3, -3, 0, 7, ...big])) };
      else if (scalar && !shifts) b = { num: encF(r.pick([2.5, -1.5, 0.5])) };
      add('binary', op, r.next() < 0.1 ? [b, a] : [a, b]);
    }
  }
  for (let i = 0; i < 30; i++) {
    const d = i < ALL.length ? ALL[i] : r.pick(ALL);
    add('unary', r.pick(['invert', 'bitwiseNot']), [build(r, d, genShape(r, 0, 3))]);
  }
  // diagonal and trace: rank 2..4, offsets in and out of range, axes (also equal or out of range)
  for (let i = 0; i < 60; i++) {
    const d = r.pick(ALL);
    const shape = genShape(r, r.next() < 0.05 ? 1 : 2, 4);
    const nd = shape.length;
    const o = {};
    if (r.next() < 0.6 && nd >= 2) {
      o.axis1 = r.int(-nd, nd - 1);
      o.axis2 = r.next() < 0.08 ? o.axis1 : r.int(-nd, nd - 1);
      if (o.axis2 === o.axis1 && r.next() < 0.8) o.axis2 = (o.axis1 + nd + 1) % nd;
      if (r.next() < 0.05) o.axis2 = nd;
    }
    const offset = r.pick([0, 0, 1, -1, 2, -3, 5]);
    add('diagonal', 'diagonal', [build(r, d, shape)], { offset, o });
    const td = r.pick(ALL);
    const to = { ...o };
    if (r.next() < 0.25) to.dtype = r.pick(isFloat(td) ? ['float64'] : ['int64', 'float64', td === 'bool' ? 'int32' : 'int64']);
    add('diagonal', 'trace', [build(r, td, shape, 'small')], { offset, o: to }, isFloat(td) ? 1 : 0);
  }
  // einsum: every expression with sizes drawn per label, in several dtypes and view kinds
  for (const [subscripts, terms] of EINSUM) {
    for (let rep = 0; rep < 3; rep++) {
      const size = {};
      const sz = (l) => (size[l] ??= r.pick([1, 2, 3, 3, 4, 0].slice(0, rep === 0 ? 5 : 6)));
      const ell = genShape(r, 0, 2, 3);
      const d0 = r.pick(ALL);
      const shapes = terms.map((t) => {
        const shape = [];
        for (const ch of t) {
          if (ch === '.') shape.push(...ell.slice(r.int(0, ell.length)).map((n) => (r.next() < 0.2 ? 1 : n)));
          else shape.push(sz(ch));
        }
        // a label's dim may be 1 in one operand (broadcast against n), as NumPy allows
        if (terms.length > 1 && r.next() < 0.1 && shape.length > 0) shape[r.int(0, shape.length - 1)] = 1;
        return shape;
      });
      // a 0-d operand is cast by value in NumPy 1.24 (as a Python scalar): then one dtype for all
      const any0d = shapes.some((sh) => sh.length === 0);
      const ins = shapes.map((sh) => build(r, !any0d && r.next() >= 0.8 ? r.pick(ALL) : d0, sh, 'small'));
      // dtype= only with two or more operands: NumPy 1.24 ignores it where the result is a view ('ii->i')
      const o = terms.length > 1 && r.next() < 0.15 ? { dtype: 'float64' } : undefined;
      add('einsum', 'einsum', ins, { subscripts, ...(o ? { o } : {}) }, 1);
    }
  }
  // einsum errors: operand count, subscripts against dims, sizes, bad output subscripts
  const bad = [
    ['i,i', [[2]]], ['i', [[2], [2]]], ['ij', [[2, 2, 2]]], ['ijk', [[2, 2]]], ['i->j', [[2]]], ['i->ii', [[2]]],
    ['i1', [[2]]], ['i,i', [[2], [3]]], ['ii', [[2, 3]]], ['i...->i', [[2, 3]]], ['ij,jk', [[2, 3], [2, 2]]], ['i.j', [[2, 2]]],
  ];
  for (const [subscripts, shapes] of bad) add('einsum', 'einsum', shapes.map((s) => build(r, 'float64', s, 'small')), { subscripts });
  // matmul / dot of two 1-D operands: NumPy's scalar; 0-d dot operands too
  for (let i = 0; i < 30; i++) {
    const d = ALL[i % ALL.length];
    const n = r.int(0, 5);
    const op = r.pick(['matmul', 'dot']);
    const sh = op === 'dot' && r.next() < 0.2 ? [] : [n];
    // tol: a sum's zero may take either sign (NumPy's BLAS gives 0 * -1 as -0)
    add('matmul', op, [build(r, d, sh, 'small'), build(r, r.next() < 0.8 ? d : r.pick(ALL), sh, 'small')], {}, 1);
  }
  // uniform / normal with array parameters (nested JS arrays or views), size given or not
  for (let i = 0; i < 40; i++) {
    const op = r.pick(['Generator.uniform', 'Generator.normal']);
    const [sa, sb] = bshapes();
    const lo = { dtype: 'float64', shape: sa, values: Array.from({ length: numel(sa) }, () => r.int(-5, 5)), ops: [] };
    const hiVals = lo.values.length === numel(sb) ? lo.values.map((v) => v + r.int(0, 4)) : Array.from({ length: numel(sb) }, () => r.int(6, 9));
    const b = r.next() < 0.06 ? { dtype: 'float64', shape: sb, values: hiVals.map((v) => -v - 1), ops: [] } : { dtype: 'float64', shape: sb, values: hiVals, ops: [] };
    const a = r.next() < 0.2 ? { num: r.int(-3, 3) } : lo;
    let size = null;
    if (r.next() < 0.4) size = r.next() < 0.8 ? [r.int(1, 3), ...sa.length >= sb.length ? sa : sb] : [5, 7];
    add('random', op, [a, b], { seed: r.int(0, 1e6), size });
  }
  return cases;
}

differentialTests({
  test, assert, ready, cases: gen(SEED), script: SCRIPT, runJs, signedZero: true,
  describe: (c) => `${c.op}(${JSON.stringify(c.p)}) ins ${JSON.stringify(c.ins.map((x) => x && (x.ops ? [x.dtype, x.shape, x.ops] : x)))}`,
});

// ---------------------------------------------------------------- views, scalars and errors by hand
test('diagonal and einsum give views; writes go through; trace and 1-D products are JS values', async () => {
  await ready;
  sv.tidy(() => {
    const m = sv.arange(0, 12, 1, 'float64').reshape([3, 4]);
    const d = sv.diagonal(m, 1);
    assert.equal(d.base, m.base);
    assert.deepEqual(d.strides, [5]);
    assert.deepEqual(d.toArray(), [1, 6, 11]);
    d.fill(-1);
    assert.deepEqual(m.toArray()[1], [4, 5, -1, 7]);
    assert.deepEqual(m.diagonal(1, { axis1: 1, axis2: 0 }).toArray(), [4, 9]); // m[i + 1, i]
    const e = sv.einsum('ii->i', m.slice(':3, :3'));
    assert.equal(e.base, m.base); // a view, as NumPy's
    const t = sv.einsum('ij->ji', m);
    assert.equal(t.base, m.base);
    assert.deepEqual(t.shape, [4, 3]);
    assert.equal(sv.trace(sv.eye(3, null, { dtype: 'int32' })), 3);
    assert.equal(sv.trace([[1.5, 2], [3, 4]]), 5.5);
    assert.equal(sv.einsum('i,i', [1, 2], [3, 4]), 11); // JS arrays are float64
    assert.equal(sv.einsum('i,i', sv.array([1, 2], { dtype: 'int64' }), sv.array([3, 4], { dtype: 'int64' })), 11);
    assert.equal(sv.matmul(sv.array([1, 2], { dtype: 'float32' }), sv.array([3, 4], { dtype: 'float32' })), 11);
    assert.equal(sv.dot([true, false], [true, true]), true);
    const o = sv.zeros([], 'float64');
    assert.equal(sv.matmul([1, 2], [3, 4], { out: o }), o);
    assert.equal(o.item(), 11);
    // a padded array keeps its padding on the diagonal: pad (1, 0) on both axes
    const p = sv.ones([2, 2]).padView([[1, 0], [1, 0]], 7);
    assert.deepEqual(p.diagonal().toArray(), [7, 1, 1]);
    assert.deepEqual(p.diagonal(1).toArray(), [7, 1]);
  });
});

test('integer ops: NumPy edge values, out and bool', async () => {
  await ready;
  sv.tidy(() => {
    const a = sv.array([7, -7, 7, -7, 5, -128], { dtype: 'int8' });
    const b = sv.array([3, 3, -3, -3, 0, -1], { dtype: 'int8' });
    assert.deepEqual(sv.mod(a, b).toArray(), [1, 2, -2, -1, 0, 0]);
    assert.deepEqual(sv.floorDivide(a, b).toArray(), [2, -3, -3, 2, 0, -128]);
    assert.deepEqual(sv.fmod(a, b).toArray(), [1, -1, 1, -1, 0, 0]);
    assert.deepEqual(sv.leftShift(sv.array([1, 1, 1], { dtype: 'int32' }), sv.array([31, 32, -1], { dtype: 'int32' })).toArray(), [-2147483648, 0, 0]);
    assert.deepEqual(sv.rightShift(sv.array([-8, -8, 8], { dtype: 'int64' }), 70).toArray(), [-1, -1, 0]);
    assert.deepEqual(sv.invert([true, false]).toArray(), [false, true]);
    assert.deepEqual(sv.bitwiseXor([true, false], [true, true]).toArray(), [false, true]);
    assert.equal(sv.leftShift([true], [true]).dtype, 'int8');
    const out = sv.zeros([2, 3], 'int32');
    const ot = out.transpose();
    assert.equal(sv.bitwiseAnd(sv.arange(0, 6, 1, 'int32').reshape([3, 2]), 6, { out: ot }), ot);
    assert.deepEqual(out.toArray(), [[0, 2, 4], [0, 2, 4]]);
    const f = sv.array([5.5, -5.5, 0], { dtype: 'float32' });
    assert.deepEqual(sv.mod(f, -2).toArray(), [-0.5, -1.5, -0]);
    assert.deepEqual(sv.floorDivide(f, 0).toArray(), [Infinity, -Infinity, NaN]);
  });
});

test('errors name the op and the numbers', async () => {
  await ready;
  throwsSv(assert, () => sv.bitwiseAnd(sv.ones([2], 'float32'), 1), 'type_error', /^bitwiseAnd: float32 is not an integer or bool dtype$/);
  throwsSv(assert, () => sv.bitwiseOr(sv.ones([2], 'int64'), sv.ones([2], 'uint64')), 'type_error', /^bitwiseOr: float64 is not an integer or bool dtype$/);
  throwsSv(assert, () => sv.leftShift([1.5], 1), 'type_error', /^leftShift: float64 is not/);
  throwsSv(assert, () => sv.invert(sv.ones([1])), 'type_error', /^invert: float64 is not an integer or bool dtype$/);
  throwsSv(assert, () => sv.bitwiseNot(sv.ones([1])), 'type_error', /^bitwiseNot: float64 is not/);
  throwsSv(assert, () => sv.remainder([true], [true], { out: sv.zeros([1], 'bool') }), 'type_error', /^remainder: /);
  throwsSv(assert, () => sv.diagonal(sv.ones([3])), 'rank_mismatch', /^diagonal: needs a view of at least 2 dims, got rank 1$/);
  throwsSv(assert, () => sv.ones([2, 2]).diagonal(0, { axis1: 1, axis2: -1 }), 'invalid_argument', /^diagonal: axis1 and axis2 cannot be the same \(both dim 1\)$/);
  throwsSv(assert, () => sv.trace(sv.ones([2, 2]), 0, { axis2: 2 }), 'out_of_range', /^trace: axis1 0 and axis2 2: an axis is out of range for a view of rank 2$/);
  throwsSv(assert, () => sv.einsum('ij,jk', sv.ones([2, 3]), sv.ones([2, 2])), 'shape_mismatch', /^einsum: operands could not be broadcast together: subscript 'j' has size 3 in operand 0 but 2 in operand 1$/);
  throwsSv(assert, () => sv.einsum('i,i', sv.ones([2])), 'invalid_argument', /^einsum: fewer operands \(1\) provided than the subscripts string specifies \(2\)$/);
  throwsSv(assert, () => sv.einsum('ij', sv.ones([2, 2, 2])), 'invalid_argument', /^einsum: operand 0 has more dimensions \(3\) than subscripts \(2\) given/);
  throwsSv(assert, () => sv.einsum('ij,jk', sv.ones([2, 2], 'float32'), sv.ones([2, 2]), { dtype: 'int32' }), 'type_error', /^einsum: operand 0 cannot be cast from float32 to int32 under the rule 'safe'$/);
  throwsSv(assert, () => sv.defaultRng(1).uniform([0, 1], [2, 3], [3]), 'shape_mismatch', /^Generator\.uniform: size \[3\] is not compatible with the parameters' broadcast shape \[2\]$/);
  throwsSv(assert, () => sv.defaultRng(1).normal([0, 1], [1, -0]), 'invalid_argument', /^Generator\.normal: scale < 0 \(-0 at flat index 1\)$/);
  assert.throws(() => sv.defaultRng(1).uniform([0, -Infinity], 1), /^RangeError: Generator\.uniform: high - low range exceeds valid bounds \(Infinity at flat index 1\)$/);
  assert.throws(() => sv.einsum(3, [1]), /^TypeError: einsum: subscripts must be a string, got 3$/);
});
