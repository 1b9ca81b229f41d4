// Differential test of NumPy's manipulation functions (manipulation.ts, manipulation_more.ts,
// putting.ts) against NumPy 1.24 (Debian's /usr/bin/python3 + numpy), every case in one python
// process. Operands are contiguous, strided (steps, negative steps, transposes), broadcast (stride
// 0) and padded views in every dtype; result dtype, shape and values are compared exactly, an error
// must happen exactly where NumPy raises one (its message starting with the op). The in-place
// functions (put, putAlongAxis, place, copyto) write into contiguous or strided views (NumPy's
// broadcast views are read-only there too; its padded operands are copies) and the view is compared
// after the call. Then: which results are views (writing through them changes the base, as
// NumPy's), and the error messages. SV_MANIP_SEED changes the seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng } from './helpers.mjs';
import { INTS, FLOATS, isInt, encF, buildView, materialize, differentialTests, randomShape } from './numpy_oracle.mjs';

const SEED = Number(process.env.SV_MANIP_SEED ?? 20261129);
const ALL = ['bool', ...INTS, ...FLOATS];

function genValue(r, d) {
  if (d === 'bool') return r.next() < 0.5 ? 1 : 0;
  if (isInt(d)) return r.next() < 0.25 ? '0' : String(d.startsWith('u') ? r.int(0, 9) : r.int(-6, 6));
  const k = r.next();
  let x = k < 0.2 ? 0 : k < 0.3 ? r.pick([NaN, Infinity, -Infinity]) : k < 0.6 ? r.int(-5, 5) : Math.round((r.next() - 0.5) * 2000) / 64;
  if (d === 'float32') x = Math.fround(x);
  return encF(x);
}
const fillOf = (r, d) => (d === 'bool' ? r.int(0, 1) : isInt(d) ? String(r.int(0, 5)) : encF(r.pick([0, 2.5, -1])));
const build = (r, d, shape, kinds = null) => buildView(r, d, shape, { value: genValue, fill: fillOf }, 2, kinds);
const WRITABLE = ['contig', 'strided', 'posstrided'];
// A dtype whose values cast into d alike on both sides (NumPy's float -> integer cast of NaN, inf and values out of
// range is the C cast's, the engine's saturates: floats go only into floats and bool).
const castableInto = (r, d) => r.pick(FLOATS.includes(d) || d === 'bool' ? ALL : ['bool', ...INTS]);
const shapeOf = (r, lo = 0, hi = 3, maxDim = 4) => randomShape(r, lo, hi, maxDim);

// ---------------------------------------------------------------- the JS side
function runJs(c) {
  const A = c.ins.map(materialize);
  const p = c.p;
  const o = p.o ?? {};
  switch (c.op) {
    case 'flip': return sv.flip(A[0], o);
    case 'fliplr': case 'flipud': case 'ascontiguousarray': case 'columnStack': return sv[c.op](c.op === 'columnStack' ? A : A[0]);
    case 'reshape': return sv.reshape(A[0], p.shape, o);
    case 'transpose': return sv.transpose(A[0], o);
    case 'swapaxes': return sv.swapaxes(A[0], p.a1, p.a2);
    case 'moveaxis': return sv.moveaxis(A[0], p.src, p.dst);
    case 'expandDims': return sv.expandDims(A[0], p.axis);
    case 'squeeze': return sv.squeeze(A[0], o);
    case 'broadcastTo': return sv.broadcastTo(A[0], p.shape);
    case 'broadcastArrays': return sv.broadcastArrays(...A);
    case 'ravel': return sv.ravel(A[0], o);
    case 'copy': return sv.copy(A[0], o);
    case 'atleast1d': case 'atleast2d': case 'atleast3d': return sv[c.op](...A);
    case 'arraySplit': return sv.arraySplit(A[0], p.s, o);
    case 'hsplit': case 'vsplit': case 'dsplit': return sv[c.op](A[0], p.s);
    case 'delete_': return sv.delete_(A[0], p.slice ? sv.Rs(...p.slice) : p.obj, o);
    case 'insert': return sv.insert(A[0], p.slice ? sv.Rs(...p.slice) : p.obj, A[1], o);
    case 'append': return sv.append(A[0], A[1], o);
    case 'resize': return sv.resize(A[0], p.shape);
    case 'trimZeros': return sv.trimZeros(A[0], o);
    case 'put': sv.put(A[0], p.ind, A[1], o); return A[0];
    case 'putAlongAxis': sv.putAlongAxis(A[0], p.ind, A[1], p.axis); return A[0];
    case 'place': sv.place(A[0], A[1], A[2]); return A[0];
    case 'copyto': sv.copyto(A[0], A[1], o.casting ?? 'same_kind', A[2] ?? true); return A[0];
    case 'choose': return sv.choose(A[0], A.slice(1), o);
    case 'extract': return sv.extract(A[0], A[1]);
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
    if isinstance(r, (tuple, list)):
        return {'list': [enc(x) for x in r]}
    r = np.asarray(r)
    flat = r.ravel().tolist()
    if r.dtype.kind == 'f': vals = [encf(x) for x in flat]
    elif r.dtype.kind == 'b': vals = [1 if x else 0 for x in flat]
    else: vals = [str(x) for x in flat]
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': vals}

def tup(v):
    return tuple(v) if isinstance(v, list) else v

def run(c):
    A = [mk(x) for x in c['ins']]
    p = c['p']
    o = p.get('o') or {}
    op = c['op']
    if op == 'flip': return np.flip(A[0], tup(o.get('axis')))
    if op == 'fliplr': return np.fliplr(A[0])
    if op == 'flipud': return np.flipud(A[0])
    if op == 'ascontiguousarray': return np.ascontiguousarray(A[0])
    if op == 'columnStack': return np.column_stack(A)
    if op == 'reshape': return np.reshape(A[0], p['shape'], order=o.get('order', 'C'))
    if op == 'transpose': return np.transpose(A[0], o.get('axes'))
    if op == 'swapaxes': return np.swapaxes(A[0], p['a1'], p['a2'])
    if op == 'moveaxis': return np.moveaxis(A[0], p['src'], p['dst'])
    if op == 'expandDims': return np.expand_dims(A[0], tup(p['axis']))
    if op == 'squeeze': return np.squeeze(A[0], tup(o.get('axis')))
    if op == 'broadcastTo': return np.broadcast_to(A[0], p['shape'])
    if op == 'broadcastArrays': return list(np.broadcast_arrays(*A))
    if op == 'ravel': return np.ravel(A[0], order=o.get('order', 'C'))
    if op == 'copy': return np.copy(A[0], order=o.get('order', 'K'))
    if op in ('atleast1d', 'atleast2d', 'atleast3d'):
        r = getattr(np, 'atleast_' + op[-2:])(*A)
        return r if isinstance(r, list) else r
    if op == 'arraySplit': return np.array_split(A[0], p['s'], axis=o.get('axis', 0))
    if op in ('hsplit', 'vsplit', 'dsplit'): return getattr(np, op)(A[0], p['s'])
    if op == 'delete_':
        obj = slice(*p['slice']) if p.get('slice') else p['obj']
        return np.delete(A[0], obj, axis=o.get('axis'))
    if op == 'insert':
        obj = slice(*p['slice']) if p.get('slice') else p['obj']
        return np.insert(A[0], obj, A[1], axis=o.get('axis'))
    if op == 'append': return np.append(A[0], A[1], axis=o.get('axis'))
    if op == 'resize': return np.resize(A[0], p['shape'])
    if op == 'trimZeros': return np.trim_zeros(A[0], o.get('trim', 'fb'))
    if op == 'put':
        np.put(A[0], p['ind'], A[1], mode=o.get('mode', 'raise')); return A[0]
    if op == 'putAlongAxis':
        np.put_along_axis(A[0], np.array(p['ind'], dtype=np.int64), A[1], p['axis']); return A[0]
    if op == 'place':
        np.place(A[0], A[1], A[2]); return A[0]
    if op == 'copyto':
        np.copyto(A[0], A[1], casting=o.get('casting', 'same_kind'), where=A[2] if len(A) > 2 else True); return A[0]
    if op == 'choose': return np.choose(A[0], A[1:], mode=o.get('mode', 'raise'))
    if op == 'extract': return np.extract(A[0], A[1])
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
function gen(seed) {
  const r = rng(seed);
  const cases = [];
  const add = (group, op, ins, p = {}) => cases.push({ group, op, ins, p, tol: 0 });
  const perm = (n) => r.shuffle(Array.from({ length: n }, (_, i) => i));
  const axisIn = (nd, extra = 0) => r.int(-nd - extra, nd - 1 + extra);
  for (let i = 0; i < 24; i++) {
    const d = r.pick(ALL);
    const s = shapeOf(r, 0, 4);
    const nd = s.length;
    const x = () => build(r, d, s);
    add('movement', 'flip', [x()], { o: r.next() < 0.3 ? {} : { axis: r.next() < 0.5 || nd === 0 ? (nd === 0 ? null : axisIn(nd)) : perm(nd).slice(0, r.int(1, nd)) } });
    add('movement', r.pick(['fliplr', 'flipud', 'ascontiguousarray']), [x()]);
    const n = s.reduce((a, b) => a * b, 1);
    const shapes = [[n], [-1], n % 2 === 0 ? [2, -1] : [n, 1], [1, n], [n + 1]];
    add('movement', 'reshape', [x()], { shape: r.pick(shapes), o: r.next() < 0.6 ? { order: r.pick(['C', 'F', 'A']) } : {} });
    add('movement', 'transpose', [x()], { o: r.next() < 0.5 ? { axes: perm(nd) } : {} });
    if (nd >= 1) {
      add('movement', 'swapaxes', [x()], { a1: axisIn(nd), a2: axisIn(nd, 1) });
      const k = r.int(1, nd);
      add('movement', 'moveaxis', [x()], { src: perm(nd).slice(0, k), dst: perm(nd).slice(0, k).map((a) => (r.next() < 0.3 ? a - nd : a)) });
    }
    add('movement', 'expandDims', [x()], { axis: r.next() < 0.6 ? r.int(-nd - 1, nd) : [0, r.int(1, nd + 1)] });
    const ones = s.map((dd, k) => (dd === 1 ? k : -1)).filter((k) => k >= 0);
    add('movement', 'squeeze', [x()], { o: r.next() < 0.4 ? {} : { axis: ones.length > 0 && r.next() < 0.8 ? r.pick(ones) : axisIn(nd) } });
    const big = [r.int(1, 3), ...s.map((dd) => (dd === 1 ? r.int(1, 3) : dd))];
    add('movement', 'broadcastTo', [x()], { shape: r.next() < 0.85 ? big : [...s, 2, 7].slice(-Math.max(1, nd)) });
    add('movement', 'broadcastArrays', [x(), build(r, r.pick(ALL), s.slice(r.int(0, nd)).map((dd) => (r.next() < 0.4 ? 1 : dd))), build(r, d, [])]);
    add('movement', 'ravel', [x()], { o: r.next() < 0.6 ? { order: r.pick(['C', 'F', 'A', 'K']) } : {} });
    add('movement', 'copy', [x()], { o: r.next() < 0.6 ? { order: r.pick(['C', 'F', 'A', 'K']) } : {} });
    add('movement', r.pick(['atleast1d', 'atleast2d', 'atleast3d']), Array.from({ length: r.int(1, 3) }, () => build(r, d, shapeOf(r, 0, 3))));
  }
  for (let i = 0; i < 24; i++) {
    const d = r.pick(ALL);
    const s = shapeOf(r, 1, 3, 5);
    const nd = s.length;
    const x = (kinds = null) => build(r, d, s, kinds);
    add('manip', 'columnStack', [build(r, d, [s[0]]), build(r, r.pick(ALL), r.next() < 0.5 ? [s[0]] : [s[0], 2])]);
    add('manip', 'arraySplit', [x()], { s: r.next() < 0.6 ? r.int(1, 4) : [r.int(0, 3), r.int(1, 5)], o: { axis: axisIn(nd) } });
    add('manip', r.pick(['hsplit', 'vsplit', 'dsplit']), [x()], { s: r.next() < 0.6 ? r.pick([1, 2]) : [1, 3] });
    const ax = r.next() < 0.3 ? null : axisIn(nd);
    const n = ax === null ? s.reduce((a, b) => a * b, 1) : s[(ax + nd) % nd];
    const objs = [r.int(-n, n), [r.int(0, Math.max(0, n - 1)), r.int(-n, n - 1)], [], Array.from({ length: n }, () => r.next() < 0.5)];
    const k = r.next();
    if (k < 0.2) add('manip', 'delete_', [x()], { slice: [r.pick([null, 1, -2]), r.pick([null, 3]), r.pick([null, 2, -1])], o: { axis: ax } });
    else add('manip', 'delete_', [x()], { obj: r.pick(objs), o: { axis: ax } });
    const iv = r.next() < 0.4 ? { num: encF(r.int(0, 3) + 0.5) } : build(r, castableInto(r, d), r.next() < 0.5 ? [] : [r.int(1, 2)]);
    const iobj = r.pick([r.int(-n, n), [r.int(0, n)], [r.int(0, n), r.int(-n, n), r.int(0, n)]]);
    if (k < 0.2) add('manip', 'insert', [x(), iv], { slice: [r.pick([null, 1]), r.pick([null, 2]), null], o: { axis: ax } });
    else add('manip', 'insert', [x(), iv], { obj: iobj, o: { axis: ax } });
    const as = s.slice();
    if (r.next() < 0.8) as[0] = r.int(0, 3);
    add('manip', 'append', [x(), build(r, r.pick(ALL), as)], { o: r.next() < 0.5 ? { axis: 0 } : {} });
    add('manip', 'resize', [x()], { shape: r.pick([[r.int(0, 9)], [r.int(1, 4), r.int(0, 5)], 7]) });
    add('manip', 'trimZeros', [build(r, d, [r.int(0, 8)])], { o: r.next() < 0.5 ? { trim: r.pick(['f', 'b', 'FB', '']) } : {} });
  }
  for (let i = 0; i < 30; i++) {
    const d = r.pick(ALL);
    const s = shapeOf(r, 1, 3, 5);
    const nd = s.length;
    const n = s.reduce((a, b) => a * b, 1);
    const tgt = () => build(r, d, s, WRITABLE);
    const vals = build(r, castableInto(r, d), [r.int(1, 4)], WRITABLE);
    const mode = r.pick(['raise', 'raise', 'wrap', 'clip']);
    const ind = Array.from({ length: r.int(0, 5) }, () => (mode === 'raise' ? r.int(-n, n - (r.next() < 0.9 ? 1 : 0)) : r.int(-2 * n - 1, 2 * n + 1)));
    // NumPy 1.24's put with mode 'wrap' / 'clip' into an empty array corrupts its heap (the process aborts): not generated
    add('put', 'put', [tgt(), vals], { ind, o: { mode: n === 0 ? 'raise' : mode } });
    const ax = axisIn(nd);
    const a = (ax + nd) % nd;
    const ish = s.map((dd, k) => (k === a ? r.int(1, 3) : r.next() < 0.3 ? 1 : dd));
    const pind = (function fill(k) {
      if (k === nd) return r.int(-s[a], s[a] - (r.next() < 0.95 ? 1 : 0));
      return Array.from({ length: ish[k] }, () => fill(k + 1));
    })(0);
    if (!s.includes(0)) add('put', 'putAlongAxis', [tgt(), build(r, castableInto(r, d), ish.map((dd) => (r.next() < 0.3 ? 1 : dd)))], { ind: pind, axis: ax });
    add('put', 'place', [tgt(), build(r, 'bool', s), build(r, r.pick(ALL), [r.int(n > 0 ? 1 : 0, 4)], WRITABLE)]);
    const srcShape = s.slice(r.int(0, nd)).map((dd) => (r.next() < 0.3 ? 1 : dd));
    const ins = [tgt(), build(r, castableInto(r, d), srcShape)];
    if (r.next() < 0.5) ins.push(build(r, 'bool', s.map((dd) => (r.next() < 0.3 ? 1 : dd))));
    add('put', 'copyto', ins, { o: { casting: r.pick(['same_kind', 'unsafe', 'safe', 'no']) } });
    const nch = r.int(1, 3);
    const aidx = build(r, r.pick(['int8', 'int32', 'int64', 'uint8']), s, null);
    aidx.values = aidx.values.map(() => String(mode === 'raise' ? r.int(0, nch - (r.next() < 0.95 ? 1 : 0)) : r.int(-3, 5)));
    // no 0-d choices: NumPy 1.24 promotes a 0-d array by its value, strideview (everywhere) by its dtype
    const choices = Array.from({ length: nch }, () => build(r, r.pick(ALL), s.slice(r.int(0, nd - 1))));
    add('put', 'choose', [aidx, ...choices], { o: { mode } });
    const cshape = r.next() < 0.7 ? s : [r.int(0, n + 2)];
    add('put', 'extract', [build(r, r.pick(ALL), cshape), build(r, d, s)]);
  }
  return cases;
}

differentialTests({
  test, assert, ready, cases: gen(SEED), script: SCRIPT, runJs,
  describe: (c) => `${c.op}(${JSON.stringify(c.p)}) ins ${JSON.stringify(c.ins.map((x) => x && (x.ops ? [x.dtype, x.shape, x.ops] : x)))}`,
});

// ---------------------------------------------------------------- views
test('views are views: writing through the result changes the base, as NumPy', async () => {
  await ready;
  sv.tidy(() => {
    const base = sv.arange(0, 24, 1, 'float64').reshape([2, 3, 4]);
    const owner = base.base ?? base;
    const check = (name, v, index, value, at) => {
      assert.equal(v.base, owner, `${name}: a view of the base`);
      assert.equal(v.isReadOnly, false, `${name}: writable`);
      v.set(index, value);
      assert.equal(base.get(at), value, `${name}: the write reached the base`);
    };
    check('flip', sv.flip(base, 0), [0, 0, 0], -1, [1, 0, 0]);
    check('fliplr', sv.fliplr(base), [0, 0, 1], -2, [0, 2, 1]);
    check('flipud', sv.flipud(base), [1, 2, 3], -3, [0, 2, 3]);
    check('reshape', sv.reshape(base, [6, 4]), [5, 3], -4, [1, 2, 3]);
    check('reshape F', sv.reshape(sv.transpose(base), [4, 6], 'F'), [1, 0], -5, [0, 0, 1]);
    check('transpose', sv.transpose(base, [2, 0, 1]), [3, 1, 2], -6, [1, 2, 3]);
    check('swapaxes', sv.swapaxes(base, 0, 2), [1, 2, 0], -7, [0, 2, 1]);
    check('moveaxis', sv.moveaxis(base, 0, -1), [2, 3, 1], -8, [1, 2, 3]);
    check('expandDims', sv.expandDims(base, [0, 2]), [0, 1, 0, 2, 3], -9, [1, 2, 3]);
    check('squeeze', sv.squeeze(sv.expandDims(base, 1)), [1, 1, 1], -10, [1, 1, 1]);
    check('ravel', sv.ravel(base), [23], -11, [1, 2, 3]);
    check('ascontiguousarray', sv.ascontiguousarray(base), [0, 0, 0], -12, [0, 0, 0]);
    check('atleast3d', sv.atleast3d(base.slice(0)), [1, 1, 0], -13, [0, 1, 1]);
    check('arraySplit', sv.arraySplit(base, 2, 2)[1], [0, 0, 1], -14, [0, 0, 3]);
    check('hsplit', sv.hsplit(base, [1])[1], [1, 1, 1], -15, [1, 2, 1]);
    check('trimZeros', sv.trimZeros(base.slice(0, 0)), [0], -16, [0, 0, 0]);
    // read-only views, as NumPy's: broadcast (broadcast_to) and diag of a 2-d array (1.24)
    const b = sv.broadcastTo(base.slice(0, 0), [5, 4]);
    assert.equal(b.isReadOnly, true);
    assert.deepEqual(b.strides, [0, 1]);
    assert.throws(() => b.set([0, 0], 1), /read-only/);
    const dg = sv.diag(base.slice(0));
    assert.equal(dg.base, owner);
    assert.equal(dg.isReadOnly, true);
    assert.deepEqual(dg.strides, [5]);
    const [p, q] = sv.broadcastArrays(base.slice(0, 0), sv.zeros([3, 1]));
    assert.equal(p.base, owner);
    assert.deepEqual(p.strides, [0, 1]);
    assert.deepEqual(q.strides, [1, 0]);
    // copies: copy, resize, delete_, insert, append, columnStack
    for (const [name, c] of [['copy', sv.copy(base)], ['resize', sv.resize(base, [2, 3, 4])], ['delete_', sv.delete_(base, [], 0)], ['append', sv.append(base, [])]]) {
      assert.equal(c.base, null, `${name}: a new array`);
      c.set(Array(c.ndim).fill(0), 1000);
      assert.notEqual(base.get(0, 0, 0), 1000, `${name}: the base is not written`);
    }
  });
});

test('in-place functions write through strided views into the base; inputs that are not NDArrays are freed', async () => {
  await ready;
  const before = sv.memoryStats().liveArrays;
  sv.tidy(() => {
    const a = sv.zeros([3, 4], 'int16');
    const t = a.slice('::2, ::-1').transpose(); // [4, 2], negative strides
    sv.put(t, [0, 7], [5, 6]);
    assert.deepEqual(a.toArray(), [[0, 0, 0, 5], [0, 0, 0, 0], [6, 0, 0, 0]]);
    sv.place(t, sv.equal(t, 0), [1]);
    assert.deepEqual(a.toArray(), [[1, 1, 1, 5], [0, 0, 0, 0], [6, 1, 1, 1]]);
    sv.copyto(a.slice(1), [7, 8, 9, 10], { where: [true, false, true, false] });
    assert.deepEqual(a.slice(1).toArray(), [7, 0, 9, 0]);
    sv.putAlongAxis(a, [[0], [1], [2]], [[-1], [-2], [-3]], 1);
    assert.deepEqual(a.toArray(), [[-1, 1, 1, 5], [7, -2, 9, 0], [6, 1, -3, 1]]);
    assert.equal(sv.put(a, [0], [1]), undefined, 'None, as NumPy');
  });
  // nested JS inputs of view functions: the temporary is the result (freed with it)
  const r = sv.transpose([[1, 2], [3, 4]]);
  assert.equal(r.base, null);
  assert.deepEqual(r.toArray(), [[1, 3], [2, 4]]);
  r.dispose();
  for (const f of [() => sv.flip([1, 2, 3]), () => sv.ravel([[1, 2]]), () => sv.broadcastTo(5, [3]), () => sv.diag([[1, 2], [3, 4]]), () => sv.trimZeros([0, 1, 0])]) f().dispose();
  assert.equal(sv.memoryStats().liveArrays, before, 'every array was freed');
});

test('errors name the function and the value', async () => {
  await ready;
  sv.tidy(() => {
    const a = sv.arange(0, 12, 1, 'float64').reshape([3, 4]);
    const bad = [
      [() => sv.fliplr([1, 2]), /^fliplr: the input must be >= 2-d, got shape \[2\]$/],
      [() => sv.reshape(a, [5, 3]), /^reshape: .*\[5,3\]/],
      [() => sv.swapaxes(a, 0, 2), /^swapaxes: axis2 2 is out of bounds for an array of dimension 2$/],
      [() => sv.expandDims(a, [0, 0]), /^expandDims: axis 0 is repeated/],
      [() => sv.squeeze(a, 0), /^squeeze: cannot select an axis to squeeze out which has size not equal to one \(axis 0 has size 3\)$/],
      [() => sv.broadcastArrays(a, [1, 2]), /^broadcastArrays: shape mismatch: the arrays of shapes \[3,4\], \[2\] cannot be broadcast to a single shape$/],
      [() => sv.arraySplit(a, 0), /^arraySplit: number of sections must be larger than 0, got 0$/],
      [() => sv.vsplit(a.slice(0), 1), /^vsplit: only works on arrays of 2 or more dimensions, got shape \[4\]$/],
      [() => sv.delete_(a, [3], 0), /^delete_: index 3 is out of bounds for axis 0 with size 3$/],
      [() => sv.delete_(a, [true, false], 0), /^delete_: a boolean obj must be one dimensional and match the axis length of 3, got shape \[2\]$/],
      [() => sv.insert(a, 14, 1), /^insert: index 14 is out of bounds for axis 0 with size 12$/],
      [() => sv.resize(a, [-1]), /^resize: all elements of newShape must be non-negative, got \[-1\]$/],
      [() => sv.trimZeros(a), /^trimZeros: filt must be 1-d, got shape \[3,4\]$/],
      [() => sv.put(a, [12], [1]), /^put: index 12 is out of bounds for axis 0 with size 12$/],
      [() => sv.put([1, 2], [0], [1]), /^put: a must be an NDArray \(put writes into it\), got \[1,2\]$/],
      [() => sv.put(a.broadcastTo([2, 3, 4]), [0], [1]), /^put: a is read-only \(a broadcast view of shape \[2,3,4\]\); pass a writable array$/],
      [() => sv.putAlongAxis(a, [[4]], 1, 1), /^putAlongAxis: index 4 is out of bounds for axis 1 with size 4$/],
      [() => sv.place(a, [true], [1]), /^place: mask and data must be the same size \(mask 1, arr 12\)$/],
      [() => sv.copyto(a.astype('int32'), 2.5), /^copyto: cannot cast scalar from float16 to int32 according to the rule 'same_kind'$/],
      [() => sv.choose([0, 3], [[1, 2], [3, 4]]), /^choose: invalid entry in choice array \(3 for 2 choices\)$/],
      [() => sv.extract([0, 0, 0, 1], [1, 2, 3]), /^extract: index 3 is out of bounds for axis 0 with size 3$/],
    ];
    for (const [f, re] of bad) assert.throws(f, (e) => (e instanceof sv.StrideViewError || e instanceof TypeError || e instanceof RangeError) && re.test(e.message), String(re));
  });
});
