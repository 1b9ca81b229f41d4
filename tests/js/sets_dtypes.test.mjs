// Differential test of sets.ts (isin, intersect1d, union1d, setdiff1d, setxor1d, arrayEquiv,
// flatnonzero, lexsort, partition, argpartition) and dtype_info.ts (resultType, canCast, finfo,
// iinfo) against NumPy 1.24, one python process for every case: strided, broadcast and padded
// operands with ties and NaN, mixed dtypes, empty arrays. partition / argpartition are compared
// by their defining property (NumPy's order of the other elements is unspecified): the kth
// elements equal NumPy's, everything before them is <=, everything after >=.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng } from './helpers.mjs';
import { INTS, FLOATS, isInt, encF, buildView, materialize, differentialTests, randomShape, runNumpy, HAVE_PY, PY } from './numpy_oracle.mjs';

const SEED = Number(process.env.SV_SETS_SEED ?? 20261129);
const ALL = ['bool', ...INTS, ...FLOATS];

function genValue(r, d) {
  if (d === 'bool') return r.int(0, 1);
  if (isInt(d)) return String(d.startsWith('u') ? r.int(0, 6) : r.int(-4, 6));
  const k = r.next();
  let x = k < 0.1 ? NaN : k < 0.7 ? r.int(-4, 6) : Math.round((r.next() - 0.5) * 64) / 8;
  if (d === 'float32') x = Math.fround(x);
  return encF(Object.is(x, -0) ? 0 : x);
}
const fillOf = (r, d) => (d === 'bool' ? r.int(0, 1) : isInt(d) ? String(r.int(0, 5)) : encF(r.pick([0, 2.5, -1])));
const build = (r, d, shape, kinds = null) => buildView(r, d, shape, { value: genValue, fill: fillOf }, 2, kinds);

function runJs(c) {
  const A = c.ins.map(materialize);
  const o = c.p.o ?? {};
  switch (c.op) {
    case 'isin': return sv.isin(A[0], A[1], o);
    case 'intersect1d': return sv.intersect1d(A[0], A[1], o);
    case 'union1d': case 'setdiff1d': case 'setxor1d': case 'arrayEquiv': return sv[c.op](A[0], A[1], ...(c.op === 'union1d' || c.op === 'arrayEquiv' ? [] : [o]));
    case 'flatnonzero': return sv.flatnonzero(A[0]);
    case 'lexsort': return sv.lexsort(A, o);
    case 'partition': case 'argpartition': {
      const r = sv[c.op](A[0], c.p.kth, o);
      // the kth elements along the axis (the values for partition, a's values at the indices for argpartition)
      const ax = o.axis === null ? 0 : (o.axis ?? -1);
      const src = o.axis === null ? A[0].reshape([-1]) : A[0];
      const v = c.op === 'partition' ? r : sv.takeAlongAxis(src, r, ax);
      const ks = [c.p.kth].flat();
      const out = [sv.take(v, ks, { axis: ax })];
      if (c.op === 'argpartition') r.dispose();
      v.dispose();
      if (src !== A[0]) src.dispose();
      return out;
    }
    default: throw new Error(c.op);
  }
}

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
    r = np.asarray(r)
    flat = r.ravel().tolist()
    if r.dtype.kind == 'f': vals = [encf(x) for x in flat]
    elif r.dtype.kind == 'b': vals = [1 if x else 0 for x in flat]
    else: vals = [str(x) for x in flat]
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': vals}

def run(c):
    A = [mk(x) for x in c['ins']]
    o = c['p'].get('o') or {}
    op = c['op']
    if op == 'isin': return np.isin(A[0], A[1], invert=o.get('invert', False), kind=o.get('kind'))
    if op == 'intersect1d':
        r = np.intersect1d(A[0], A[1], assume_unique=o.get('assumeUnique', False), return_indices=o.get('returnIndices', False))
        return list(r) if isinstance(r, tuple) else r
    if op == 'union1d': return np.union1d(A[0], A[1])
    if op == 'setdiff1d': return np.setdiff1d(A[0], A[1], assume_unique=o.get('assumeUnique', False))
    if op == 'setxor1d': return np.setxor1d(A[0], A[1], assume_unique=o.get('assumeUnique', False))
    if op == 'arrayEquiv': return bool(np.array_equiv(A[0], A[1]))
    if op == 'flatnonzero': return np.flatnonzero(A[0])
    if op == 'lexsort': return np.lexsort(A, axis=o.get('axis', -1))
    if op in ('partition', 'argpartition'):
        ax = o.get('axis', -1)
        s = np.sort(A[0], axis=ax)
        ks = c['p']['kth'] if isinstance(c['p']['kth'], list) else [c['p']['kth']]
        getattr(np, op)(A[0], c['p']['kth'], axis=ax)  # raises where NumPy raises
        return [np.take(s, ks, axis=0 if ax is None else ax)]
    raise ValueError(op)

out = []
for c in json.load(sys.stdin):
    try:
        out.append(enc(run(c)))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
print(json.dumps(out))
`;

function gen(seed) {
  const r = rng(seed);
  const cases = [];
  const add = (group, op, ins, p = {}) => cases.push({ group, op, ins, p, tol: 0 });
  for (let i = 0; i < 30; i++) {
    const d1 = r.pick(ALL);
    let d2 = r.next() < 0.6 ? d1 : r.pick(ALL);
    // (integer inputs of two dtypes: NumPy 1.24's isin picks its table method and can raise IndexError)
    if (!FLOATS.includes(d1) && !FLOATS.includes(d2)) d2 = d1;
    const a = build(r, d1, randomShape(r, 0, 3, 5));
    const b = build(r, d2, randomShape(r, 0, 2, 6));
    const o = {};
    if (r.next() < 0.3) o.invert = true;
    // (kind 'table' is not generated: NumPy 1.24's table method raises IndexError on some inputs, e.g. empty ones)
    add('sets', 'isin', [a, b], { o });
    const ri = r.next() < 0.4;
    add('sets', 'intersect1d', [a, b], { o: ri ? { returnIndices: true } : {} });
    add('sets', r.pick(['union1d', 'setdiff1d', 'setxor1d']), [a, b]);
    const s = randomShape(r, 1, 2, 4);
    add('sets', 'arrayEquiv', [build(r, d1, s), r.next() < 0.5 ? build(r, d1, s.slice(1)) : build(r, d2, randomShape(r, 1, 2, 4))]);
    add('sets', 'flatnonzero', [build(r, d1, randomShape(r, 0, 3, 4))]);
  }
  for (let i = 0; i < 24; i++) {
    const shape = randomShape(r, 1, 2, 6);
    const k = r.int(1, 3);
    const keys = Array.from({ length: k }, () => build(r, r.pick(ALL), shape));
    add('ordering', 'lexsort', keys, { o: shape.length > 1 && r.next() < 0.5 ? { axis: r.int(0, shape.length - 1) } : {} });
    const d = r.pick(ALL.filter((x) => x !== 'bool'));
    const ax = r.pick([-1, 0, null]);
    const n = ax === null ? shape.reduce((p, q) => p * q, 1) : shape[ax === -1 ? shape.length - 1 : 0];
    if (n === 0) continue;
    const kth = r.next() < 0.6 ? r.int(-n, n - 1) : [0, r.int(0, n - 1)];
    add('ordering', r.pick(['partition', 'argpartition']), [build(r, d, shape)], { kth, o: { axis: ax } });
  }
  return cases;
}

differentialTests({
  test, assert, ready, cases: gen(SEED), script: SCRIPT, runJs,
  describe: (c) => `${c.op}(${JSON.stringify(c.p)}) ins ${JSON.stringify(c.ins.map((x) => x && (x.ops ?? x)))}`.slice(0, 600),
});

test('partition: smaller before the kth elements, larger after; errors as NumPy', async () => {
  await ready;
  sv.tidy(() => {
    const x = sv.array([5, 1, 4, 2, 3, 0]);
    const p = sv.partition(x, [1, 4]).toArray();
    assert.deepEqual([p[1], p[4]], [1, 4]);
    assert.ok(p.slice(0, 1).every((v) => v <= 1) && p.slice(2, 4).every((v) => v >= 1 && v <= 4) && p.slice(5).every((v) => v >= 4));
    const i = sv.argpartition(x, 2).toArray();
    assert.equal(x.get(i[2]), 2);
  });
  assert.throws(() => sv.partition([1, 2, 3], 3), /^StrideViewError: partition: kth\(=3\) out of bounds \(3\)/);
  assert.throws(() => sv.partition([1, 2, 3], 1, { kind: 'quick' }), /^StrideViewError: partition: unknown selectkind/);
  assert.throws(() => sv.isin([1.5], [1], { kind: 'table' }), /^StrideViewError: isin: the 'table' method is only supported for boolean or integer arrays/);
  assert.throws(() => sv.lexsort([sv.zeros([2]), sv.zeros([3])]), /^StrideViewError: lexsort: all keys need to be the same shape/);
});

// ---------------------------------------------------------------- dtypes
const DT = ['bool', ...INTS, 'float16', ...FLOATS];
test('resultType, canCast, finfo, iinfo against NumPy', { skip: !HAVE_PY && `no ${PY}` }, async () => {
  await ready;
  const r = rng(SEED);
  const cases = [];
  for (let i = 0; i < 120; i++) {
    const items = Array.from({ length: r.int(1, 3) }, () => {
      const k = r.next();
      if (k < 0.4) return { dtype: r.pick(DT) };
      if (k < 0.7) return { arr: r.pick(DT) };
      if (k < 0.85) return { zd: r.pick(DT), v: r.pick([0, 1, 100, 300, -3, 70000]) };
      return { num: r.pick([3, -3, 300, -300, 70000, 1.5, 1e10, true]) };
    });
    cases.push({ op: 'resultType', items });
    // ('no' / 'equiv' of scalars: NumPy's value-based exceptions, see canCast's TSDoc; tested below)
    cases.push({ op: 'canCast', from: items[0], to: r.pick(DT), casting: r.pick(['safe', 'same_kind', 'unsafe']) });
  }
  const py = String.raw`
def item(x):
    if 'dtype' in x: return np.dtype(x['dtype'])
    if 'arr' in x: return np.zeros(2, x['arr'])
    if 'zd' in x: return np.array(x['v'], x['zd'])
    v = x['num']
    return v
out = []
for c in json.load(sys.stdin):
    try:
        if c['op'] == 'resultType': out.append(np.result_type(*[item(x) for x in c['items']]).name)
        else: out.append(bool(np.can_cast(item(c['from']), c['to'], c['casting'])))
    except Exception as e:
        out.append('error: ' + type(e).__name__)
print(json.dumps(out))
`;
  const exp = runNumpy(py, cases);
  const js = (x) => ('dtype' in x ? x.dtype : 'arr' in x ? sv.zeros([2], x.arr) : 'zd' in x ? sv.full([], x.v, x.zd) : x.num);
  let checked = 0;
  cases.forEach((c, i) => {
    // a JS number: an integral value is a Python int, a fraction a Python float; 1e10 is integral
    // here (an int in JS's one number type): compared only where Python's int gives the same
    if (c.op === 'resultType') {
      if (c.items.some((x) => x.num === 1e10 || !exact(x))) return;
      const got = sv.tidy(() => { try { return sv.resultType(...c.items.map(js)); } catch (e) { return 'error'; } });
      assert.equal(got, exp[i], `resultType(${JSON.stringify(c.items)})`);
    } else {
      if (('num' in c.from && c.from.num === 1e10) || !exact(c.from)) return;
      const got = sv.tidy(() => sv.canCast(js(c.from), c.to, c.casting));
      assert.equal(got, exp[i], `canCast(${JSON.stringify(c.from)}, ${c.to}, ${c.casting})`);
    }
    checked++;
  });
  assert.ok(checked > 150, `${checked} cases compared`);
  const info = runNumpy(String.raw`
f = {}
for t in ['float16', 'float32', 'float64']:
    x = np.finfo(t)
    f[t] = [float(getattr(x, k)) for k in ['eps', 'epsneg', 'max', 'min', 'tiny', 'smallest_normal', 'smallest_subnormal', 'resolution']] + [int(getattr(x, k)) for k in ['bits', 'precision', 'iexp', 'machep', 'maxexp', 'minexp', 'negep', 'nexp', 'nmant']]
for t in ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64']:
    x = np.iinfo(t)
    f[t] = [str(x.min), str(x.max), x.bits, x.kind]
print(json.dumps(f))
`, []);
  for (const t of ['float16', 'float32', 'float64']) {
    const x = sv.finfo(t);
    const keys = ['eps', 'epsneg', 'max', 'min', 'tiny', 'smallestNormal', 'smallestSubnormal', 'resolution', 'bits', 'precision', 'iexp', 'machep', 'maxexp', 'minexp', 'negep', 'nexp', 'nmant'];
    assert.deepEqual(keys.map((k) => x[k]), info[t], `finfo(${t})`);
    assert.equal(x.dtype, t);
  }
  for (const t of INTS) {
    const x = sv.iinfo(t);
    assert.deepEqual([String(x.min), String(x.max), x.bits, x.kind], info[t], `iinfo(${t})`);
  }
  assert.equal(sv.finfo(sv.zeros([1], 'float32')).eps, 2 ** -23);
  assert.throws(() => sv.finfo('int32'), /^StrideViewError: finfo: data type int32 not inexact/);
  assert.throws(() => sv.iinfo('float64'), /^StrideViewError: iinfo: invalid integer data type "float64"/);
  assert.throws(() => sv.canCast('int8', 'int8', 'maybe'), /^TypeError: canCast: casting must be one of/);
  assert.deepEqual([sv.canCast(-300, 'int16', 'no'), sv.canCast(300, 'uint16', 'equiv'), sv.canCast(3, 'float32', 'no'), sv.canCast(true, 'int8', 'no')], [true, true, false, false]);
});
// Whether a 0-d case holds its value exactly (a value that wraps or saturates in its dtype is not compared).
const BIG = { int8: 127, uint8: 255, int16: 32767, uint16: 65535, bool: 1 };
const exact = (x) => !('zd' in x) || ((BIG[x.zd] ?? Infinity) >= Math.abs(x.v) && !(x.v < 0 && (x.zd.startsWith('u') || x.zd === 'bool')) && !(x.zd === 'float16' && Math.abs(x.v) > 65504));
