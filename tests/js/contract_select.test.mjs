// The API contract for selection, searching, sorting and linear algebra (take, takeAlongAxis,
// compress, sort, argsort, topk, nonzero, argwhere, countNonzero, unique, searchsorted, matmul, dot,
// diagonal, trace, einsum, outer, norm): every parameter of NumPy 1.24's signature given
// positionally, by name in one trailing options object, and mixed, against NumPy itself (one
// python3 process), on contiguous, strided and transposed operands (numpy_oracle.mjs view
// descriptions); the newly implemented parameters (take's out and mode, compress's out, the sort
// kinds, matmul's out / dtype / casting / order, dot's out, trace's dtype / out, einsum's out /
// dtype / casting / order / optimize, outer's out, norm's positional ord / axis / keepdims); the
// refusals (named op, parameter, what is supported, what came); and the result types under
// `tsc --strict` (no casts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sv, ready, rng } from './helpers.mjs';
import { FLOATS, encF, buildView, differentialTests, materialize } from './numpy_oracle.mjs';

const SEED = Number(process.env.SV_CONTRACT_SELECT_SEED ?? 20240530);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// ---------------------------------------------------------------- operands
// small values (exact sums in any order), NaN in floats now and then (sort, unique, searchsorted)
function value(r, d, nan) {
  if (d === 'bool') return r.int(0, 1);
  if (!FLOATS.includes(d)) return String(d.startsWith('u') ? r.int(0, 6) : r.int(-5, 5));
  if (nan && r.next() < 0.1) return 'nan';
  return encF(r.int(-8, 8) / 2);
}
/** A view of dtype d and shape `shape`: contiguous, strided (negative steps too) or transposed. */
function view(r, d, shape, nan = false) {
  const o = { value: (r2, d2) => value(r2, d2, nan), fill: () => 0, permP: 0.7 };
  return buildView(r, d, shape, o, 0, ['contig', 'strided', 'strided']);
}
/** The out array of a case: shape and dtype, given to both sides as zeros. */
const OUT = (shape, dtype) => ({ out: { shape, dtype } });
const zerosOf = (o) => sv.zeros(o.shape, o.dtype);

// ---------------------------------------------------------------- cases
// A case: the JS call `js(A, out)` and the Python expression `py` (A: the operands, OUT: the out
// array or None). A case with an out checks that the function returned that very array.
const cases = [];
function add(group, op, ins, js, py, extra = {}) {
  cases.push({ group, op, ins, js, p: { py, out: extra.out ?? null }, tol: extra.tol ?? 0 });
}

function gen() {
  const r = rng(SEED);
  const D = ['float64', 'float32', 'int32', 'int64', 'uint8', 'int16'];
  for (let i = 0; i < 6; i++) {
    const d = D[i % D.length];
    const a = view(r, d, [3, 4]);
    const a3 = view(r, d, [2, 3, 4]);
    // take: axis positional, by name, mixed; mode; out (another dtype: NumPy's take casts unsafely)
    add('take', 'take', [a, [2, 0, -1]], (A) => sv.take(A[0], A[1], 1), 'np.take(A[0], A[1], 1)');
    add('take', 'take', [a, [2, 0, -1]], (A) => sv.take(A[0], A[1], { axis: 0 }), 'np.take(A[0], A[1], axis=0)');
    add('take', 'take', [a3, [[1, 3], [0, 2]]], (A) => sv.take(A[0], A[1], -1), 'np.take(A[0], A[1], -1)');
    add('take', 'take', [a, [7, -9, 25]], (A) => sv.take(A[0], A[1], null, null, 'wrap'), "np.take(A[0], A[1], None, None, 'wrap')");
    add('take', 'take', [a, [7, -9, 1]], (A) => sv.take(A[0], A[1], 1, { mode: 'clip' }), "np.take(A[0], A[1], 1, mode='clip')");
    add('take', 'take', [a, [5, -6]], (A) => sv.take(A[0], A[1], 0, { mode: 'wrap' }), "np.take(A[0], A[1], 0, mode='wrap')");
    add('take', 'take', [a, [1, 3]], (A, o) => sv.take(A[0], A[1], 1, o), 'np.take(A[0], A[1], 1, OUT)', OUT([3, 2], 'float32'));
    add('take', 'take', [a, [1, 0]], (A, o) => sv.take(A[0], A[1], { axis: 0, out: o, mode: 'clip' }),
      "np.take(A[0], A[1], axis=0, out=OUT, mode='clip')", OUT([2, 4], r.pick(['int64', 'float64', 'int8']))); // out -> a: safe casts only
    add('take', 'take', [a, [3]], (A) => sv.take(A[0], A[1], 0), 'np.take(A[0], A[1], 0)'); // out of range: both raise
    // takeAlongAxis: axis required, positional or by name
    add('take', 'takeAlongAxis', [a, [[0, 3], [1, 1], [2, 0]]], (A) => sv.takeAlongAxis(A[0], A[1], 1),
      'np.take_along_axis(A[0], np.array(A[1]), 1)');
    add('take', 'takeAlongAxis', [a, [[2, 0, 1, 1]]], (A) => sv.takeAlongAxis(A[0], A[1], { axis: 0 }),
      'np.take_along_axis(A[0], np.array(A[1]), axis=0)');
    add('take', 'takeAlongAxis', [a, [5, 0]], (A) => sv.takeAlongAxis(A[0], A[1], null), 'np.take_along_axis(A[0], np.array(A[1]), None)');
    // compress: axis positional, out
    add('take', 'compress', [[1, 0, 1], a], (A) => sv.compress(A[0], A[1], 0), 'np.compress(A[0], A[1], 0)');
    add('take', 'compress', [[0, 1, 1, 0], a], (A, o) => sv.compress(A[0], A[1], 1, o),
      'np.compress(A[0], A[1], 1, OUT)', OUT([3, 2], 'float64'));
    add('take', 'compress', [[0, 1, 1], a], (A, o) => sv.compress(A[0], A[1], { out: o }),
      'np.compress(A[0], A[1], out=OUT)', OUT([2], 'int32'));
    // sort / argsort: axis and kind positional or by name (every kind gives the stable order here:
    // NumPy's argsort is compared with kind='stable', its sort values are the same for any kind)
    const s = view(r, d, [4, 5], true);
    add('sort', 'sort', [s], (A) => sv.sort(A[0], 0), 'np.sort(A[0], 0)');
    add('sort', 'sort', [s], (A) => sv.sort(A[0], -1, 'heapsort'), "np.sort(A[0], -1, 'heapsort')");
    add('sort', 'sort', [s], (A) => sv.sort(A[0], null, { kind: 'quicksort' }), "np.sort(A[0], None, kind='quicksort')");
    add('sort', 'sort', [s], (A) => sv.sort(A[0], { axis: 0, kind: 'mergesort', order: null }), "np.sort(A[0], axis=0, kind='mergesort')");
    add('sort', 'argsort', [s], (A) => sv.argsort(A[0], 0, 'quicksort'), "np.argsort(A[0], 0, 'stable')");
    add('sort', 'argsort', [s], (A) => sv.argsort(A[0], null, 'stable', null), "np.argsort(A[0], None, 'stable')");
    add('sort', 'argsort', [s], (A) => sv.argsort(A[0], { kind: 's' }), "np.argsort(A[0], kind='stable')");
    // countNonzero: axis positional (an NDArray, even 0-d), keepdims keyword-only
    const z = view(r, d, [3, 4]);
    add('search', 'countNonzero', [z], (A) => sv.countNonzero(A[0], 1), 'np.asarray(np.count_nonzero(A[0], 1))');
    add('search', 'countNonzero', [z], (A) => sv.countNonzero(A[0], [0, 1]), 'np.asarray(np.count_nonzero(A[0], (0, 1)))');
    add('search', 'countNonzero', [z], (A) => sv.countNonzero(A[0], 0, { keepdims: true }), 'np.count_nonzero(A[0], 0, keepdims=True)');
    add('search', 'countNonzero', [z], (A) => sv.countNonzero(A[0], { keepdims: true }), 'np.count_nonzero(A[0], keepdims=True)');
    add('search', 'countNonzero', [z], (A) => sv.countNonzero(A[0], null), 'int(np.count_nonzero(A[0], None))');
    // unique: the flags positional, by name, mixed
    const u = view(r, d, [3, 4], true);
    add('search', 'unique', [u], (A) => sv.unique(A[0], true, true, true), 'np.unique(A[0], True, True, True)');
    add('search', 'unique', [u], (A) => sv.unique(A[0], false, true), 'np.unique(A[0], False, True)');
    add('search', 'unique', [u], (A) => sv.unique(A[0], true, { returnCounts: true, equalNan: false }),
      'np.unique(A[0], True, return_counts=True, equal_nan=False)');
    add('search', 'unique', [u], (A) => sv.unique(A[0], false, false, false, null), 'np.unique(A[0], False, False, False, None)');
    // unique slices along an axis (repeated rows / columns taken from the view, NaN slices distinct)
    add('search', 'unique', [u], (A) => sv.tidy(() => sv.unique(sv.take(A[0], [0, 1, 0, 2, 1], 0), true, true, true, 0)),
      'np.unique(np.take(A[0], [0, 1, 0, 2, 1], 0), True, True, True, 0)');
    add('search', 'unique', [u], (A) => sv.tidy(() => sv.unique(sv.take(A[0], [3, 1, 3, 0], 1), { axis: -1, returnInverse: true })),
      'np.unique(np.take(A[0], [3, 1, 3, 0], 1), axis=-1, return_inverse=True)');
    add('search', 'unique', [u], (A) => sv.tidy(() => sv.unique(A[0].reshape([3, 2, 2]), false, false, true, 1, { equalNan: false })),
      'np.unique(A[0].reshape(3, 2, 2), False, False, True, 1, equal_nan=False)');
    // searchsorted: side and sorter positional; a scalar v gives a number
    const unsorted = view(r, d, [7]);
    const v = view(r, d, [2, 3]);
    add('search', 'searchsorted', [unsorted, v], (A) => sv.tidy(() => sv.searchsorted(A[0], A[1], 'right', sv.argsort(A[0]))),
      "np.searchsorted(A[0], A[1], 'right', np.argsort(A[0], kind='stable'))");
    add('search', 'searchsorted', [unsorted, v], (A) => sv.tidy(() => sv.searchsorted(A[0], A[1], 'left', { sorter: sv.argsort(A[0]) })),
      "np.searchsorted(A[0], A[1], 'left', sorter=np.argsort(A[0], kind='stable'))");
    add('search', 'searchsorted', [unsorted], (A) => sv.tidy(() => sv.searchsorted(sv.sort(A[0]), 1, 'right')),
      "int(np.searchsorted(np.sort(A[0]), 1, 'right'))");
    // nonzero / argwhere on strided views
    add('search', 'nonzero', [z], (A) => sv.nonzero(A[0]), 'list(np.nonzero(A[0]))');
    add('search', 'argwhere', [z], (A) => sv.argwhere(A[0]), 'np.argwhere(A[0])');
  }
  for (let i = 0; i < 6; i++) {
    const d = ['float64', 'float32', 'int32', 'int64', 'float64', 'int16'][i];
    const m = view(r, d, [3, 4]);
    const n = view(r, d, [4, 2]);
    const b = view(r, d, [2, 4, 2]);
    const v4 = view(r, d, [4]);
    // matmul: out positional / by name, dtype, casting, order; dot's out
    add('linalg', 'matmul', [m, n], (A) => sv.matmul(A[0], A[1]), 'np.matmul(A[0], A[1])');
    add('linalg', 'matmul', [m, n], (A, o) => sv.matmul(A[0], A[1], o), 'np.matmul(A[0], A[1], OUT)', OUT([3, 2], 'float64'));
    add('linalg', 'matmul', [m, b], (A, o) => sv.matmul(A[0], A[1], { out: o }),
      'np.matmul(A[0], A[1], out=OUT)', OUT([2, 3, 2], 'float64'));
    add('linalg', 'matmul', [m, n], (A) => sv.matmul(A[0], A[1], { dtype: 'float32' }), "np.matmul(A[0], A[1], dtype='float32')");
    add('linalg', 'matmul', [m, n], (A) => sv.matmul(A[0], A[1], { dtype: 'int16', casting: 'unsafe' }),
      "np.matmul(A[0], A[1], dtype='int16', casting='unsafe')");
    add('linalg', 'matmul', [m, n], (A) => sv.matmul(A[0], A[1], { dtype: 'int8' }),
      "np.matmul(A[0], A[1], dtype='int8')"); // same_kind: refused unless ints
    add('linalg', 'matmul', [m, n], (A, o) => sv.matmul(A[0], A[1], o, { casting: 'unsafe' }),
      "np.matmul(A[0], A[1], OUT, casting='unsafe')", OUT([3, 2], 'int16'));
    add('linalg', 'matmul', [m, n], (A, o) => sv.matmul(A[0], A[1], o, { casting: 'no' }), "np.matmul(A[0], A[1], OUT, casting='no')",
      OUT([3, 2], 'float64'));
    add('linalg', 'matmul', [m, n], (A) => fOrdered(sv.matmul(A[0], A[1], { order: 'F', subok: false })),
      "np.matmul(A[0], A[1], order='F', subok=False)");
    add('linalg', 'matmul', [v4, v4], (A) => sv.matmul(A[0], A[1], null, { order: 'C' }), "np.matmul(A[0], A[1], None, order='C')");
    add('linalg', 'dot', [m, n], (A, o) => sv.dot(A[0], A[1], o), 'np.dot(A[0], A[1], OUT)', OUT([3, 2], d === 'float32' ? 'float32' : d));
    add('linalg', 'dot', [m, v4], (A, o) => sv.dot(A[0], A[1], { out: o }), 'np.dot(A[0], A[1], out=OUT)', OUT([3], d));
    // diagonal / trace: offset, axis1, axis2 positional or by name; trace's dtype and out
    const c3 = view(r, d, [3, 4, 3]);
    add('linalg', 'diagonal', [c3], (A) => sv.diagonal(A[0], 1, 2, 0), 'np.diagonal(A[0], 1, 2, 0)');
    add('linalg', 'diagonal', [c3], (A) => sv.diagonal(A[0], -1, { axis1: -1, axis2: 1 }), 'np.diagonal(A[0], -1, axis1=-1, axis2=1)');
    add('linalg', 'diagonal', [c3], (A) => sv.diagonal(A[0], { axis2: 2 }), 'np.diagonal(A[0], axis2=2)');
    add('linalg', 'trace', [m], (A) => sv.trace(A[0], 1), 'np.trace(A[0], 1)');
    add('linalg', 'trace', [c3], (A) => sv.trace(A[0], 0, 0, 2, 'float32'), "np.trace(A[0], 0, 0, 2, 'float32')", { tol: 1 });
    add('linalg', 'trace', [c3], (A, o) => sv.trace(A[0], -1, 2, 1, null, o), 'np.trace(A[0], -1, 2, 1, None, OUT)', OUT([3], 'int32'));
    add('linalg', 'trace', [c3], (A, o) => sv.trace(A[0], { axis1: 1, dtype: 'float64', out: o }),
      "np.trace(A[0], axis1=1, dtype='float64', out=OUT)",
      OUT([3], 'float64'));
    // einsum: out, dtype + casting, order, optimize (every value: the same result)
    add('linalg', 'einsum', [m, n], (A, o) => sv.einsum('ij,jk->ik', A[0], A[1], { out: o }), "np.einsum('ij,jk->ik', A[0], A[1], out=OUT)",
      OUT([3, 2], d));
    add('linalg', 'einsum', [m], (A) => sv.einsum('ij->j', A[0], { dtype: 'float32', casting: 'same_kind' }),
      "np.einsum('ij->j', A[0], dtype='float32', casting='same_kind')");
    add('linalg', 'einsum', [m], (A) => sv.einsum('ij->j', A[0], { dtype: 'int8' }), "np.einsum('ij->j', A[0], dtype='int8')");
    add('linalg', 'einsum', [m, n], (A) => sv.einsum('ij,jk', A[0], A[1], { optimize: 'greedy' }),
      "np.einsum('ij,jk', A[0], A[1], optimize='greedy')");
    add('linalg', 'einsum', [m, n, m], (A) => sv.einsum('ij,jk,il->kl', A[0], A[1], A[2], { optimize: 'optimal' }),
      "np.einsum('ij,jk,il->kl', A[0], A[1], A[2], optimize='optimal')");
    add('linalg', 'einsum', [m], (A) => fOrdered(sv.einsum('ij->ji', A[0], { order: 'F' })), "np.einsum('ij->ji', A[0], order='F')");
    add('linalg', 'einsum', [m], (A) => cOrdered(sv.einsum('ij->ji', A[0], { order: 'C', optimize: true })),
      "np.einsum('ij->ji', A[0], order='C')");
    add('linalg', 'einsum', [m, m], (A) => sv.einsum('ij,ij', A[0], A[1], { optimize: false }), "np.einsum('ij,ij', A[0], A[1])");
    // outer's out; norm's ord, axis, keepdims positional
    add('linalg', 'outer', [v4, m], (A, o) => sv.outer(A[0], A[1], o), 'np.outer(A[0], A[1], OUT)', OUT([4, 12], 'float64'));
    add('linalg', 'outer', [v4, n], (A) => sv.outer(A[0], A[1]), 'np.outer(A[0], A[1])');
    add('linalg', 'norm', [m], (A) => sv.norm(A[0], 1), 'np.linalg.norm(A[0], 1)', { tol: 1 });
    add('linalg', 'norm', [m], (A) => sv.norm(A[0], Infinity, 1), 'np.linalg.norm(A[0], np.inf, 1)', { tol: 1 });
    add('linalg', 'norm', [m], (A) => sv.norm(A[0], null, [1, 0], true), 'np.linalg.norm(A[0], None, (1, 0), True)', { tol: 1 });
    add('linalg', 'norm', [v4], (A) => sv.norm(A[0], 3, 0), 'np.asarray(np.linalg.norm(A[0], 3, 0))', { tol: 4 });
    add('linalg', 'norm', [c3], (A) => sv.norm(A[0], { axis: -1, keepdims: true, ord: 2 }),
      'np.linalg.norm(A[0], 2, axis=-1, keepdims=True)', { tol: 1 });
  }
  return cases;
}

function fOrdered(x) {
  const s = x.strides;
  assert.ok(x.ndim < 2 || (s[0] === 1 && s[1] === x.shape[0]), `order 'F': strides ${s} for shape ${x.shape}`);
  return x;
}
function cOrdered(x) {
  assert.ok(x.isCContiguous, `order 'C': C-contiguous, got strides ${x.strides}`);
  return x;
}

const SCRIPT = String.raw`
def mk(d):
    if isinstance(d, dict) and 'dtype' in d:
        return view(d)[1]
    return np.array(d)

def enc(r):
    if isinstance(r, (tuple, list)):
        return {'list': [enc(x) for x in r]}
    if isinstance(r, (bool, np.bool_)):
        return {'scalar': 1 if r else 0, 'kind': 'bool'}
    if isinstance(r, int):
        return {'scalar': str(r), 'kind': 'int'}
    if isinstance(r, float):
        return {'scalar': encf(r), 'kind': 'num'}
    if isinstance(r, np.generic):
        f = r.dtype.kind == 'f'
        return {'scalar': encf(float(r)) if f else str(int(r)), 'kind': 'num' if f else 'int', 'dtype': r.dtype.name}
    r = np.asarray(r)
    flat = r.ravel().tolist()
    if r.dtype.kind == 'f': vals = [encf(x) for x in flat]
    elif r.dtype.kind == 'b': vals = [1 if x else 0 for x in flat]
    else: vals = [str(x) for x in flat]
    return {'dtype': r.dtype.name, 'shape': list(r.shape), 'values': vals}

out = []
for c in json.load(sys.stdin):
    try:
        A = [mk(x) for x in c['ins']]
        o = c['p']['out']
        OUT = None if o is None else np.zeros(o['shape'], dtype=o['dtype'])
        r = eval(c['p']['py'], {'np': np, 'A': A, 'OUT': OUT})
        if OUT is not None: assert r is OUT
        out.append(enc(r))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
print(json.dumps(out))
`;

function runJs(c) {
  const A = c.ins.map(materialize);
  const o = c.p.out === null ? undefined : zerosOf(c.p.out);
  try {
    const res = c.js(A, o);
    if (o !== undefined) assert.equal(res, o, `${c.op}: returns out itself`);
    return res;
  } catch (e) {
    if (o !== undefined) o.dispose();
    throw e;
  }
}

differentialTests({
  test, assert, ready, cases: gen(), script: SCRIPT, runJs,
  describe: (c) => `${c.op} ${c.p.py} ins ${JSON.stringify(c.ins.map((x) => x && (x.ops ? [x.dtype, x.shape, x.ops] : x)))}`,
});

// ---------------------------------------------------------------- scalars, refusals, names
test('scalar results: searchsorted of a scalar, countNonzero / norm without an axis, trace of a matrix', async () => {
  await ready;
  sv.tidy(() => {
    const t = sv.arange(0, 12, 1, 'float64').reshape([3, 4]).transpose();
    assert.equal(sv.searchsorted([1, 2, 3], 2, 'right'), 2);
    assert.equal(sv.countNonzero(t), 11);
    assert.equal(sv.norm([3, 4]), 5);
    assert.equal(sv.trace(t, -1), 1 + 6 + 11); // t[i + 1, i]
    assert.ok(sv.countNonzero([1, 0], 0) instanceof sv.NDArray);
    assert.ok(sv.norm([3, 4], null, 0) instanceof sv.NDArray);
    assert.deepEqual(Object.keys(sv.unique([2, 1, 2], { returnCounts: true })), ['values', 'counts']);
  });
});

test('refusals name the op, the parameter, what is supported and what came', async () => {
  await ready;
  const a = sv.arange(0, 6, 1, 'float64').reshape([2, 3]);
  const ty = (f, re) => assert.throws(f, (e) => e instanceof TypeError && re.test(e.message), String(re));
  ty(() => sv.sort(a, -1, 'bogo'), /^sort: kind must be 'quicksort', 'mergesort', 'heapsort', 'stable' or null, got "bogo"$/);
  ty(() => sv.argsort(a, { order: ['f0'] }), /^argsort: order=\["f0"\] is not supported \(strideview has no structured arrays/);
  ty(() => sv.take(a, [0], 0, null, 'nearest'), /^take: mode must be 'raise', 'wrap' or 'clip', got "nearest"$/);
  ty(() => sv.take(a, [0], { out: 5 }), /^take: out must be an NDArray/);
  ty(() => sv.takeAlongAxis(a, [[0]]), /^takeAlongAxis: missing the required argument axis/);
  ty(() => sv.matmul(a, a.transpose(), { axes: [[0, 1], [0, 1], [0, 1]] }),
    /^matmul: axes=\[\[0,1\],\[0,1\],\[0,1\]\] is not supported \(supported: null/);
  ty(() => sv.matmul(a, a.transpose(), { axis: 0 }), /^matmul: axis=0 is not supported/);
  ty(() => sv.matmul(a, a.transpose(), { where: true }), /^matmul: unknown option 'where'/);
  ty(() => sv.matmul(a, a.transpose(), { subok: 1 }), /^matmul: subok must be a boolean, got 1$/);
  ty(() => sv.einsum('ij', a, { optimize: ['einsum_path', [0]] }),
    /^einsum: optimize=\["einsum_path",\[0\]\] is not supported \(supported: false, true/);
  ty(() => sv.einsum('ij', a, { dtipe: 'float32' }), /^einsum: unknown option 'dtipe'; did you mean 'dtype'\?/);
  ty(() => sv.unique(a, { return_counts: true }), /^unique: unknown option 'return_counts'; did you mean 'returnCounts'\?/);
  ty(() => sv.countNonzero(a, 0, true), /^countNonzero: takes at most 2 positional arguments .*keepdims/);
  ty(() => sv.trace(a, { dtype: 'float128' }), /^trace: unknown dtype "float128"/);
  const sve = (f, code, re) =>
    assert.throws(f, (e) => e instanceof sv.StrideViewError && e.code === code && re.test(e.message), String(re));
  sve(() => sv.unique(a, { axis: 2 }), 'out_of_range', /^unique: axis 2 is out of bounds for array of dimension 2$/);
  sve(() => sv.take(sv.zeros([0]), [1], 0, null, 'wrap'), 'out_of_range', /^take: cannot do a non-empty take from an empty axis/);
  sve(() => sv.take(a, [0], 1, sv.zeros([3]), 'raise'), 'shape_mismatch', /^take: out has shape \[3\] but the result has shape \[2,1\]$/);
  sve(() => sv.matmul(a, a.transpose(), sv.zeros([2, 2], 'int32')), 'type_error',
    /^matmul: cannot cast the result from float64 to out's dtype int32/);
  sve(() => sv.matmul(a, a.transpose(), { dtype: 'int32' }), 'type_error',
    /^matmul: cannot cast input 0 from float64 to dtype=int32 with casting='same_kind'$/);
  sve(() => sv.einsum('ij->i', a, { out: sv.zeros([2], 'float32') }), 'type_error',
    /^einsum: cannot cast the result from float64 to out's dtype float32 with casting='safe'$/);
  a.dispose();
});

// ---------------------------------------------------------------- types under tsc --strict
test('the result types follow the arguments under tsc --strict, without casts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sv-contract-select-'));
  try {
    const dist = join(root, 'dist', 'index.mjs');
    writeFileSync(join(dir, 'use.ts'), `
import { NDArray, arange, take, takeAlongAxis, compress, sort, argsort, topk, nonzero, argwhere, countNonzero, unique,
  searchsorted, matmul, dot, diagonal, trace, einsum, outer, norm } from ${JSON.stringify(dist)};
const a: NDArray = arange(12).reshape([3, 4]);
const n1: number = countNonzero(a) + 1;
const n2: NDArray = countNonzero(a, 0);
const n3: NDArray = countNonzero(a, { keepdims: true });
const n4: number = norm(a) * 2;
const n5: NDArray = norm(a, null, 1);
const n6: NDArray = norm(a, { axis: [0, 1], keepdims: true });
const n7: number = norm(a, 'fro');
const s1: number = searchsorted([1, 2, 3], 2) + 1;
const s2: number = searchsorted([1, 2, 3], 2, 'right');
const s3: NDArray = searchsorted([1, 2, 3], [2, 3], { side: 'right' });
const t1: number = trace(a) / 2;
const t2: NDArray = trace(a, 0, 0, 1, null, a.slice('0'));
const e1: number = einsum('ij,ij', a, a) + 1;
const e2: number = einsum('ii', a) + einsum('i,i->', [1], [2]);
const e3: NDArray = einsum('ij,jk->ik', a, a.transpose());
const e4: NDArray = einsum('ij,ij', a, a, { out: a.slice('0, 0') });
const u1: NDArray = unique(a);
const u2: NDArray = unique(a, false, false, true).counts;
const u3: NDArray = unique(a, { returnIndex: true, returnInverse: true }).inverse;
const m1: NDArray = matmul(a, a.transpose(), { dtype: 'float32' });
const m2: NDArray = dot(a, a.transpose());
const k: NDArray = topk(a, 2, { axis: 0 }).indices;
const r: NDArray[] = [take(a, [0], 1), takeAlongAxis(a, argsort(a, 0), 0), compress([true], a, 0), sort(a, null, 'stable'),
  argwhere(a), diagonal(a, 1, 1, 0), outer(a, a), ...nonzero(a)];
export { n1, n2, n3, n4, n5, n6, n7, s1, s2, s3, t1, t2, e1, e2, e3, e4, u1, u2, u3, m1, m2, k, r };
`);
    const tsc = join(root, 'node_modules', '.bin', 'tsc');
    const p = spawnSync(tsc, ['--strict', '--noEmit', '--target', 'ES2022', '--module', 'ESNext', '--moduleResolution', 'Bundler',
      '--skipLibCheck', join(dir, 'use.ts')], { encoding: 'utf8' });
    assert.equal(p.status, 0, `tsc --strict: ${p.stdout}${p.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
