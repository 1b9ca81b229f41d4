// Differential test of the math ufuncs of math_more.ts and math_composed.ts (cbrt ... lcm, deg2rad
// ... frexp) against NumPy 1.24, one python process for every case: contiguous, strided (negative
// steps, transposes), broadcast (stride 0) and padded operands in every dtype, special values
// (NaN, +-inf, -0, subnormals, huge values), scalars, the ufunc keywords, errors where NumPy raises.
// Exact ops compare bits (signed zeros included); the compositions and cbrt compare within the
// stated ulp bounds. float16 results (8-bit and bool inputs) are compared through float32 on both
// sides (exact: every float16 value is a float32 value).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng } from './helpers.mjs';
import { INTS, FLOATS, isInt, encF, buildView, materialize, differentialTests, randomShape } from './numpy_oracle.mjs';

const SEED = Number(process.env.SV_MORE_MATH_SEED ?? 20261129);
const ALL = ['bool', ...INTS, ...FLOATS];
const NUM = [...INTS, ...FLOATS];

function genValue(r, d, prof) {
  if (d === 'bool') return r.int(0, 1);
  if (isInt(d)) {
    if (prof === 'small') return String(d.startsWith('u') ? r.int(0, 40) : r.int(-40, 40));
    const u = d.startsWith('u');
    return String(u ? r.int(0, 120) : r.int(-120, 120));
  }
  let x;
  const k = r.next();
  if (prof === 'exp') x = r.int(-20, 20);
  else if (k < 0.15) x = r.pick([NaN, Infinity, -Infinity, -0, 0, 5e-324, 1e-310, 1e300, -1e300, 3.4e38, 1e-40]);
  else if (k < 0.4) x = r.int(-9, 9);
  else x = Math.round((r.next() - 0.5) * 4000) / 64 * r.pick([1, 1, 1e-3, 1e3]);
  if (d === 'float32') x = Math.fround(x);
  return encF(x);
}
const fillOf = (r, d) => (d === 'bool' ? r.int(0, 1) : isInt(d) ? String(r.int(0, 5)) : encF(r.pick([0, 2.5, -1, NaN])));
const build = (r, d, shape, prof = 'gen') => buildView(r, d, shape, { value: (r2, d2) => genValue(r2, d2, prof), fill: fillOf }, 2);

// ---------------------------------------------------------------- the JS side
const f16 = (x) => {
  if (x instanceof sv.NDArray && x.dtype === 'float16') {
    const y = x.astype('float32');
    x.dispose();
    return y;
  }
  return Array.isArray(x) ? x.map(f16) : x;
};
function runJs(c) {
  const A = c.ins.map(materialize);
  const o = c.p.o && c.p.o.where !== undefined ? { ...c.p.o, where: materialize(c.p.o.where) } : c.p.o;
  const f = sv[c.op];
  if (c.p.out !== undefined) return f(...A, sv.zeros([3, 4], c.p.out), o);
  if (c.op === 'fix' || c.op === 'sinc') return f16(o === undefined ? f(A[0]) : f(A[0], o));
  return f16(o === undefined ? f(...A) : f(...A, o));
}

// ---------------------------------------------------------------- the Python side
const SCRIPT = String.raw`
NP = {'fmax': np.fmax, 'fmin': np.fmin}
def mk(d):
    if isinstance(d, dict) and 'dtype' in d:
        return view(d)[1]
    if isinstance(d, dict) and 'num' in d:
        return float(d['num'])
    if isinstance(d, dict) and 'int' in d:
        return int(d['int'])
    return d

def enc(r):
    if isinstance(r, (tuple, list)):
        return {'list': [enc(x) for x in r]}
    r = np.asarray(r)
    if r.dtype == np.float16: r = r.astype(np.float32)
    flat = r.ravel().tolist()
    if r.dtype.kind == 'f': vals = [encf(x) for x in flat]
    elif r.dtype.kind == 'b': vals = [1 if x else 0 for x in flat]
    else: vals = [str(x) for x in flat]
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': vals}

SNAKE = {'logaddexp2': 'logaddexp2'}
def run(c):
    A = [mk(x) for x in c['ins']]
    o = c['p'].get('o') or {}
    kw = {}
    for k, v in o.items():
        if k == 'where': kw['where'] = mk(v)
        elif k == 'dtype': kw['dtype'] = v
        elif k == 'out': pass
        else: kw[k] = v
    if 'out' in c['p']: kw['out'] = np.zeros((3, 4), c['p']['out'])
    return getattr(np, c['op'])(*A, **kw)

out = []
for c in json.load(sys.stdin):
    try:
        out.append(enc(run(c)))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
print(json.dumps(out))
`;

// ---------------------------------------------------------------- cases
// ulp bounds against NumPy: cbrt (both C libraries within 1 ulp), sinc (the engine's sin, 1 ulp),
// logaddexp / logaddexp2 (exp / exp2 and log1p each within 1.2 ulp): 4 ulp
const TOL = { cbrt: 2, sinc: 3, logaddexp: 4, logaddexp2: 4 };
const UNARY = ['cbrt', 'signbit', 'spacing', 'fabs', 'positive', 'reciprocal', 'deg2rad', 'radians', 'rad2deg', 'degrees', 'fix', 'rint', 'sinc', 'modf', 'frexp'];
const BINARY = ['copysign', 'nextafter', 'fmax', 'fmin', 'heaviside', 'logaddexp', 'logaddexp2', 'divmod', 'gcd', 'lcm', 'ldexp'];

function gen(seed) {
  const r = rng(seed);
  const cases = [];
  const add = (group, op, ins, p = {}) => cases.push({ group, op, ins, p, tol: TOL[op] ?? 0 });
  for (const op of UNARY) {
    for (let i = 0; i < 10; i++) {
      const d = r.pick(i < 6 ? FLOATS : ALL);
      // sinc: rank >= 1 (NumPy's steps on a 0-d array are scalar arithmetic, promoted without value-based rules)
      const shape = randomShape(r, op === 'sinc' ? 1 : 0, 3, 5);
      const x = build(r, d, shape);
      const p = {};
      if (op !== 'fix' && op !== 'sinc' && r.next() < 0.15) p.o = { dtype: r.pick(['float32', 'float64']) };
      add(`unary ${op}`, op, [x], p);
    }
  }
  for (const op of BINARY) {
    const ints = op === 'gcd' || op === 'lcm';
    for (let i = 0; i < 12; i++) {
      const d1 = ints ? r.pick(i < 10 ? INTS : ALL) : r.pick(i < 7 ? FLOATS : ALL);
      let d2 = r.next() < 0.6 ? d1 : ints ? r.pick(INTS) : r.pick(ALL);
      if (op === 'ldexp') d2 = r.pick(i < 10 ? ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16'] : ['float64', 'uint64', 'bool']);
      // rank >= 1: a 0-d array counts as a scalar in NumPy's value-based promotion, an array here
      const shape = randomShape(r, 1, 3, 5);
      // x2 broadcast against x1: a suffix of its shape, some dims 1
      const s2 = shape.slice(r.int(0, shape.length - 1)).map((n) => (r.next() < 0.3 ? 1 : n));
      const x1 = build(r, d1, shape, ints ? 'small' : 'gen');
      // a JS scalar: an integral number is a Python int, a fraction a Python float
      // (a bool array with a JS integer promotes to int32 here, int64 in NumPy: the library's documented scalar rule)
      const x2 = r.next() < 0.2 && d1 !== 'bool' ? (ints || op === 'ldexp' ? { int: r.pick(['3', '-2', '300']) } : r.pick([{ int: '2' }, { int: '-3' }, { int: '300' }, { num: 0.5 }])) : build(r, d2, s2, op === 'ldexp' ? 'exp' : ints ? 'small' : 'gen');
      add(`binary ${op}`, op, [x1, x2]);
    }
  }
  // the ufunc keywords: where (out is kept where false), an F-order result, dtype
  for (const op of ['cbrt', 'copysign', 'fmax', 'heaviside', 'logaddexp']) {
    const nin = op === 'cbrt' ? 1 : 2;
    const shape = [3, 4];
    const ins = Array.from({ length: nin }, () => build(r, 'float64', shape));
    // computed in float32 (dtype), compared in float64: the float32 bounds in float64 units
    cases.push({ group: 'keywords', op, ins, p: { o: { where: build(r, 'bool', [4]), dtype: 'float32' }, out: 'float64' }, tol: (TOL[op] ?? 0) * 2 ** 29 });
    add('keywords', op, ins, { o: { order: 'F' } });
  }
  return cases;
}

differentialTests({
  test, assert, ready, cases: gen(SEED), script: SCRIPT, runJs, signedZero: true,
  describe: (c) => `${c.op}(${JSON.stringify(c.p)}) ins ${JSON.stringify(c.ins.map((x) => x && (x.ops ?? x)))}`.slice(0, 600),
});

// ---------------------------------------------------------------- values, keywords and errors
test('two-output ufuncs: out1 / out2, positional or by name; the ufunc keywords per output', async () => {
  await ready;
  sv.tidy(() => {
    const x = sv.array([7, -7, 7.5]);
    const q = sv.zeros([3]);
    const m = sv.zeros([3]);
    const [a, b] = sv.divmod(x, 2, q, m);
    assert.equal(a, q);
    assert.equal(b, m);
    assert.deepEqual(q.toArray(), [3, -4, 3]);
    assert.deepEqual(m.toArray(), [1, 1, 1.5]);
    const [fr, ex] = sv.frexp(sv.array([8, 0.75], { dtype: 'float32' }), { out2: sv.zeros([2], 'int64') });
    assert.equal(fr.dtype, 'float32');
    assert.deepEqual(fr.toArray(), [0.5, 0.75]);
    assert.equal(ex.dtype, 'int64');
    assert.deepEqual(ex.toArray(), [4, 0]);
    const [f, i] = sv.modf(sv.array([-3.5, 2.25]), { where: [true, false] });
    assert.deepEqual([f.toArray(), i.toArray()], [[-0.5, 0], [-3, 0]]);
    assert.throws(() => sv.divmod(x, 2, { out: q }), /^TypeError: divmod: unknown option 'out'; did you mean 'out1'\?/);
  });
});

test('exact results: spacing and nextafter of float16 step in binary16; ldexp into the subnormals rounds once', async () => {
  await ready;
  sv.tidy(() => {
    const h = sv.array([1, 0, 65504, -1], { dtype: 'float16' });
    assert.deepEqual(sv.spacing(h).astype('float64').toArray(), [2 ** -10, 2 ** -24, Infinity, -(2 ** -10)]);
    assert.deepEqual(sv.nextafter(h, 0).astype('float64').toArray(), [1 - 2 ** -11, 0, 65472, -1 + 2 ** -11]);
    // 3 * 2^-1075: exactly halfway between 2^-1074 and 2 * 2^-1074: rounds to even (2 * 2^-1074)
    assert.equal(sv.ldexp(sv.array([3]), -1075).get(0), 2 * 5e-324);
    assert.equal(sv.ldexp(sv.array([3]), -1076).get(0), 5e-324);
    assert.equal(sv.ldexp(sv.array([1]), 100000).get(0), Infinity);
    assert.deepEqual(sv.gcd(sv.array([2 ** 40, -(2 ** 20)], { dtype: 'int64' }), 3 * 2 ** 20).toArray(), [2 ** 20, 2 ** 20]);
  });
});

test('errors name the op and the dtype (NumPy has no loop)', async () => {
  await ready;
  assert.throws(() => sv.gcd(sv.array([1.5]), 2), /^(StrideViewError|TypeError): gcd: /);
  assert.throws(() => sv.ldexp(sv.array([1.5]), sv.array([2.5])), /^StrideViewError: ldexp: x2 must hold integers .*got float64/);
  assert.throws(() => sv.ldexp(sv.array([1.5]), 0.5), /^StrideViewError: ldexp: x2 must hold integers .*got 0\.5/);
  assert.throws(() => sv.positive(sv.array([true])), /^StrideViewError: positive: no loop for bool/);
  assert.throws(() => sv.cbrt(sv.array([1]), { dtype: 'int32' }), /^StrideViewError: cbrt: no loop for dtype="int32"/);
  assert.throws(() => sv.sinc([1], 2), /^TypeError: sinc: takes at most 1 positional argument/);
});
