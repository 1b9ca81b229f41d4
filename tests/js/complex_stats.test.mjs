// Differential test of the complex forms of the statistics and logical functions against NumPy
// 1.24 (one /usr/bin/python3 process for every case): variance / std / nanvar / nanstd (NumPy's
// real mean(|x - mean(x)|^2) over axes, with ddof and keepdims), logicalAnd / logicalOr /
// logicalXor (a complex value is true when either part is nonzero, NaN included), corrcoef of
// complex variables (the parts clipped to [-1, 1]), interp of complex fp, and the functions NumPy
// has no complex loop for (refused by name on both sides). Operands: the shared view descriptions
// of numpy_oracle.mjs (contiguous, strided with negative steps and a transpose, broadcast, padded).
// Tolerance: 64 ulp of the part dtype for the moments and corrcoef (sums in another order), exact
// for the logical ops and the errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng } from './helpers.mjs';
import { COMPLEX, encF, buildView, materialize, differentialTests, randomShape } from './numpy_oracle.mjs';

await ready;
const SEED = Number(process.env.SV_COMPLEX_SEED ?? 20261130);

function part(r, d, special) {
  const k = r.next();
  let x;
  if (special && k < 0.08) x = r.pick([NaN, Infinity, -0]);
  else if (k < 0.3) x = r.int(-3, 3);
  else x = Math.round((r.next() - 0.5) * 2000) / 64;
  return encF(d === 'complex64' ? Math.fround(x) : x);
}
const elem = (r, d, special) => (COMPLEX.includes(d) ? [part(r, d, special), part(r, d, special)] : encF(part(r, 'float64', special)));
const fill = (r) => encF(r.pick([0, 2.5, -1]));
const view = (r, d, shape, special = false) => buildView(r, d, shape, { value: (r2, d2) => elem(r2, d2, special), fill }, 2);

function gen(seed) {
  const r = rng(seed);
  const cases = [];
  const add = (group, op, ins, p = {}, tol = 0) => cases.push({ group, op, ins, p, tol });
  for (let i = 0; i < 60; i++) {
    const d = r.pick(COMPLEX);
    const shape = randomShape(r, 1, 3, 5);
    const rank = shape.length;
    const o = {};
    const ax = r.int(0, 3);
    if (ax === 1) o.axis = r.int(-rank, rank - 1);
    if (ax === 2 && rank >= 2) o.axis = [0, rank - 1];
    if (r.next() < 0.4) o.ddof = r.pick([1, 2]);
    if (r.next() < 0.3) o.keepdims = true;
    const op = r.pick(['variance', 'std', 'nanvar', 'nanstd']);
    add('moments', op, [view(r, d, shape, op.startsWith('nan'))], { o }, 64);
  }
  for (let i = 0; i < 24; i++) {
    const d = r.pick(COMPLEX);
    const op = r.pick(['logicalAnd', 'logicalOr', 'logicalXor']);
    const other = r.pick(['same', 'real', 'scalar']);
    const b = other === 'same' ? view(r, d, [3, 4], true) : other === 'real' ? view(r, 'float64', [4], true) : { c: [encF(r.pick([0, 1, NaN])), r.pick([0, -2])] };
    add('logical', op, [view(r, d, [3, 4], true), b]);
  }
  for (let i = 0; i < 8; i++) {
    const d = r.pick(COMPLEX);
    add('corrcoef', 'corrcoef', [view(r, d, [3, 6])], { rowvar: r.pick([true, false]) }, 64);
  }
  for (let i = 0; i < 6; i++) {
    const d = r.pick(COMPLEX);
    add('interp', 'interp', [{ real: [-0.5, 0, 0.25, 1.5, 2, 3.75] }, { real: [0, 1, 2, 3] }, view(r, d, [4])], { left: r.pick([null, 5]) }, 4);
  }
  // correlate conjugates v (and, swapped, conjugates the reversed result); average with weights;
  // polyval with complex coefficients or points
  for (let i = 0; i < 18; i++) {
    const da = r.pick([...COMPLEX, 'float64']);
    const dv = r.pick([...COMPLEX, 'float64']);
    const [na, nv] = r.pick([[6, 3], [3, 6], [5, 5], [1, 4]]);
    add('signal', r.pick(['correlate', 'convolve']), [view(r, da, [na]), view(r, dv, [nv])], { mode: r.pick(['full', 'same', 'valid']) }, 16);
  }
  for (let i = 0; i < 6; i++) {
    const d = r.pick(COMPLEX);
    add('signal', 'average', [view(r, d, [3, 4]), view(r, r.pick([d, 'float64']), [3, 4])], {}, 16);
    add('signal', 'polyval', [view(r, r.pick([d, 'float64']), [4]), view(r, r.pick([d, 'float64']), [5])], {}, 16);
  }
  // norm: the vector norms and the matrix norms of the moduli; 2 / -2 / 'nuc' of a complex matrix
  // (singular values) are refused here, where NumPy computes them
  for (const ord of [null, 1, 2, -1, 3, 'inf', '-inf', 0, 'fro', 'nuc']) {
    const d = r.pick(COMPLEX);
    add('norm', 'norm', [view(r, d, [5])], { ord: ord === 'fro' || ord === 'nuc' ? null : ord }, 16);
    add('norm', 'norm', [view(r, d, [3, 4])], { ord }, 16);
  }
  add('norm', 'norm', [view(r, 'complex128', [2, 3, 4])], { ord: 1, axis: [0, 2] }, 16);
  add('norm', 'norm', [view(r, 'complex64', [2, 3, 4])], { ord: 2, axis: 1 }, 16);
  // NumPy has no complex loop for these: both sides refuse
  for (const [op, form] of [['deg2rad'], ['radians'], ['heaviside'], ['fabs'], ['hypot'], ['logaddexp'], ['bincount', 'weights'], ['interp', 'x'], ['choose']]) {
    add('refusals', op, [view(r, r.pick(COMPLEX), [4])], { form });
  }
  return cases;
}

const tmp = [];
function runJs(c) {
  const A = c.ins.map((x) => {
    if (x && 'c' in x) return sv.complex(...x.c.map((v) => (v === 'nan' ? NaN : v)));
    if (x && 'real' in x) return x.real;
    return materialize(x);
  });
  const p = c.p;
  try {
    switch (c.op) {
      case 'variance': case 'std': case 'nanvar': case 'nanstd': return sv[c.op](A[0], p.o);
      case 'corrcoef': return sv.corrcoef(A[0], null, p.rowvar);
      case 'interp': return p.form === 'x' ? sv.interp(A[0], [0, 1, 2, 3], [1, 2, 3, 4]) : sv.interp(A[0], A[1], A[2], { left: p.left });
      case 'heaviside': case 'hypot': case 'logaddexp': return sv[c.op](A[0], A[0]);
      case 'bincount': return sv.bincount([0, 1, 1, 2], A[0]);
      case 'correlate': case 'convolve': return sv[c.op](A[0], A[1], p.mode);
      case 'average': return sv.average(A[0], null, A[1]);
      case 'norm': return sv.norm(A[0], p.ord === 'inf' ? Infinity : p.ord === '-inf' ? -Infinity : p.ord, p.axis ?? null);
      case 'choose': return sv.choose(A[0], [[1, 2, 3, 4]]);
      default: return sv[c.op](...A);
    }
  } finally {
    for (const t of tmp.splice(0)) t.dispose();
  }
}

const SCRIPT = String.raw`
def mk(d):
    if isinstance(d, dict) and 'c' in d: return complex(*[float(x) for x in d['c']])
    if isinstance(d, dict) and 'real' in d: return np.array(d['real'])
    return view(d)[1]

def encc(z): return [encf(z.real), encf(z.imag)]
def enc(r):
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

NAMES = {'variance': 'var', 'logicalAnd': 'logical_and', 'logicalOr': 'logical_or', 'logicalXor': 'logical_xor'}
def run(c):
    A = [mk(x) for x in c['ins']]
    p = c['p']
    op = c['op']
    if op in ('variance', 'std', 'nanvar', 'nanstd'):
        o = p['o']
        ax = o.get('axis')
        return getattr(np, NAMES.get(op, op))(A[0], axis=tuple(ax) if isinstance(ax, list) else ax, ddof=o.get('ddof', 0), keepdims=o.get('keepdims', False))
    if op == 'corrcoef': return np.corrcoef(A[0], rowvar=p['rowvar'])
    if op == 'interp' and p.get('form') == 'x': return np.interp(A[0], [0, 1, 2, 3], [1, 2, 3, 4])
    if op == 'interp': return np.interp(A[0], A[1], A[2], left=p['left'])
    if op in ('heaviside', 'hypot', 'logaddexp'): return getattr(np, op)(A[0], A[0])
    if op == 'bincount': return np.bincount([0, 1, 1, 2], A[0])
    if op in ('correlate', 'convolve'): return getattr(np, op)(A[0], A[1], p['mode'])
    if op == 'average': return np.average(A[0], weights=A[1])
    if op == 'norm':
        o = p['ord']
        o = {'inf': np.inf, '-inf': -np.inf}.get(o, o) if isinstance(o, str) and o in ('inf', '-inf') else o
        ax = p.get('axis')
        if o in (2, -2, 'nuc') and (A[0].ndim == 2 and ax is None or isinstance(ax, list) and len(ax) == 2):
            raise TypeError('refused: singular values of a complex matrix')
        return np.linalg.norm(A[0], o, tuple(ax) if isinstance(ax, list) else ax)
    if op == 'choose': return np.choose(A[0], [[1, 2, 3, 4]])
    r = getattr(np, NAMES.get(op, op))(*A)
    return np.asarray(r)

out = []
for c in json.load(sys.stdin):
    try:
        with np.errstate(all='ignore'):
            out.append(enc(run(c)))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
json.dump(out, sys.stdout)
`;

differentialTests({
  test, assert, ready, cases: gen(SEED), script: SCRIPT, signedZero: false, runJs,
  describe: (c) => `${c.op}(${c.ins.map((x) => (x && x.ops ? `${x.dtype}${JSON.stringify(x.fshape)}${x.ops.map((o) => o[0]).join('+')}` : JSON.stringify(x))).join(', ')}) ${JSON.stringify(c.p)}`,
});

test('variance / std of complex: out, where, a JS list of complex values, a real dtype refused', () => {
  const z = sv.array([[sv.complex(1, 2), sv.complex(3, -1), sv.complex(0, 0)], [sv.complex(2, 2), sv.complex(-1, 5), sv.complex(4, 0)]]);
  const o = sv.zeros([3]);
  assert.equal(sv.std(z, 0, null, o), o);
  assert.deepEqual([...o.toTypedArray()].map((v) => +v.toFixed(12)), [0.5, +Math.sqrt(13).toFixed(12), 2]);
  // var over the first row only: |z - mean|^2 of (1+2j) and (3-1j): mean (2+0.5j), each 1 + 2.25
  assert.equal(sv.variance(z, 1, null, null, 0, false, { where: [[true, true, false], [true, true, true]] }).get(0), 3.25);
  assert.equal(sv.variance([sv.complex(1, 2), { re: 3, im: -1 }]), 3.25);
  assert.equal(sv.std(z.astype('complex64'), { axis: 1 }).dtype, 'float32');
  assert.throws(() => sv.variance(z, null, 'float64'), (e) => e instanceof TypeError && /^variance: dtype float64 would drop the imaginary part of the complex128 input/.test(e.message));
  o.dispose();
  z.dispose();
});
