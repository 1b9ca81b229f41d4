// numpy.linalg and the matrix products (linalg_solve.ts, linalg_decomp.ts, linalg_products.ts)
// against NumPy 1.24 (Debian's python3: LAPACK), on C-ordered, transposed, strided, flipped and
// broadcast (stride-0 batch) inputs of float32, float64 and int32, plus the identities every
// decomposition must satisfy (residuals, orthogonality) on well- and ill-conditioned matrices
// (Hilbert, rank-deficient), and NumPy's errors. One python process for every NumPy case.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, rng, throwsSv } from './helpers.mjs';
import { HAVE_PY, runNumpy } from './numpy_oracle.mjs';

const EPS = { float32: 2 ** -23, float64: 2 ** -52 };

// ------------------------------------------------------------------ operands both sides build alike
// { dtype, shape (the view's), view: 'c' | 'T' | 'step' | 'flip' | 'bcast', values (the base, C order) }
// 'T': the base holds the transpose (last two dims swapped); 'step': every other row of a base with
// twice the rows; 'flip': the base reversed along the last dim; 'bcast': a batch of 1 expanded.
function baseShape(d) {
  const s = d.shape.slice();
  const n = s.length;
  if (d.view === 'T') [s[n - 2], s[n - 1]] = [s[n - 1], s[n - 2]];
  if (d.view === 'step') s[n - 2] *= 2;
  if (d.view === 'bcast') s[0] = 1;
  return s;
}

function operand(r, dtype, shape, view, gen = 'normal') {
  const bs = baseShape({ shape, view });
  const n = bs.reduce((p, q) => p * q, 1);
  const values = [];
  for (let i = 0; i < n; i++) {
    const x = r.next() * 2 - 1;
    values.push(dtype === 'int32' ? r.int(-4, 4) : dtype === 'float32' ? Math.fround(x) : x);
  }
  if (gen === 'spd' || gen === 'sym') {
    // symmetric (positive definite: + m I) through the base's matrices
    const m = bs[bs.length - 1];
    for (let b = 0; b < n; b += m * m) {
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < i; j++) values[b + i * m + j] = values[b + j * m + i];
        if (gen === 'spd') values[b + i * m + i] = Math.abs(values[b + i * m + i]) + m;
      }
    }
  }
  return { dtype, shape, view, values };
}

function build(d) {
  const base = sv.array(d.values, { dtype: d.dtype }).reshape(baseShape(d));
  const n = d.shape.length;
  if (d.view === 'T') {
    const perm = [...Array(n).keys()];
    [perm[n - 2], perm[n - 1]] = [perm[n - 1], perm[n - 2]];
    return base.permute(perm);
  }
  if (d.view === 'step') return base.slice(`..., ::2, :`);
  if (d.view === 'flip') return base.slice(`..., ::-1`);
  if (d.view === 'bcast') return base.broadcastTo(d.shape);
  return base;
}

const PY_SCRIPT = String.raw`
import json, sys
import numpy as np
def build(d):
    s = list(d['shape']); n = len(s)
    bs = list(s)
    if d['view'] == 'T': bs[n-2], bs[n-1] = bs[n-1], bs[n-2]
    if d['view'] == 'step': bs[n-2] *= 2
    if d['view'] == 'bcast': bs[0] = 1
    b = np.array(d['values'], dtype=d['dtype']).reshape(bs)
    if d['view'] == 'T': return np.swapaxes(b, -1, -2)
    if d['view'] == 'step': return b[..., ::2, :]
    if d['view'] == 'flip': return b[..., ::-1]
    if d['view'] == 'bcast': return np.broadcast_to(b, s)
    return b
def enc(x):
    if isinstance(x, (tuple, list)): return {'tuple': [enc(y) for y in x]}
    x = np.asarray(x)
    return {'dtype': str(x.dtype), 'shape': list(x.shape), 'values': [None if not np.isfinite(v) else float(v) for v in x.ravel().astype(np.float64)] if x.dtype.kind == 'f' else x.ravel().tolist()}
out = []
for c in json.load(sys.stdin):
    conv = lambda a: build(a) if isinstance(a, dict) and 'view' in a else [conv(x) for x in a] if isinstance(a, list) and a and isinstance(a[0], dict) else a
    args = [conv(a) for a in c['args']]
    if c['fn'] == 'norm' and len(args) > 2: args[2] = tuple(args[2])
    try:
        out.append(enc(getattr(np.linalg, c['fn'], None)(*args, **c.get('kw', {})) if hasattr(np.linalg, c['fn']) else getattr(np, c['fn'])(*args, **c.get('kw', {}))))
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
print(json.dumps(out))
`;

// fn name here -> NumPy's; kw here -> NumPy's
const NP_NAME = { matrixRank: 'matrix_rank', matrixPower: 'matrix_power', multiDot: 'multi_dot' };
const NP_KW = { fullMatrices: 'full_matrices', computeUv: 'compute_uv' };

const CASES = [];
function add(fn, args, kw = {}, opts = {}) {
  CASES.push({ fn, args, kw, ...opts });
}

const r = rng(20261129);
const DT = ['float64', 'float32', 'int32'];
const VIEWS = ['c', 'T', 'step', 'flip'];
for (const dtype of DT) {
  for (const view of VIEWS) {
    const n = r.int(1, 7);
    add('solve', [operand(r, dtype, [n, n], view, 'spd'), operand(r, dtype, [n], 'c')]);
    add('solve', [operand(r, dtype, [3, n, n], view, 'spd'), operand(r, dtype, [3, n, 2], view === 'flip' ? 'c' : view)]);
    add('inv', [operand(r, dtype, [2, n, n], view, 'spd')]);
    add('det', [operand(r, dtype, [n, n], view)]);
    add('det', [operand(r, dtype, [2, 3, n, n], view)]);
    add('slogdet', [operand(r, dtype, [n, n], view)]);
    add('cholesky', [operand(r, dtype, [2, n, n], view, 'spd')]);
    add('eigvalsh', [operand(r, dtype, [2, n, n], view, 'sym')]);
    add('svd', [operand(r, dtype, [2, n + 2, n], view)], { computeUv: false });
    add('svd', [operand(r, dtype, [n, n + 3], view)], { computeUv: false });
    add('pinv', [operand(r, dtype, [n + 1, n], view)]);
    add('matrixRank', [operand(r, dtype, [2, n + 1, n], view)]);
    add('lstsq', [operand(r, dtype, [n + 3, n], view), operand(r, dtype, [n + 3], 'c')], { rcond: null });
    add('lstsq', [operand(r, dtype, [n + 2, n], view), operand(r, dtype, [n + 2, 2], 'c')], { rcond: null });
    add('qr', [operand(r, dtype, [n + 2, n], view)], { mode: 'r' });
    add('cond', [operand(r, dtype, [n, n], view, 'spd')]);
    add('cond', [operand(r, dtype, [2, n, n], view, 'spd')], {}, { pos: [1] });
    add('matrixPower', [operand(r, dtype, [n, n], view), r.int(-3, 5)], {}, { spdFor: dtype !== 'int32' });
    add('tensordot', [operand(r, dtype, [2, 3, n], view), operand(r, dtype, [3, n, 4], view === 'flip' ? 'c' : 'c'), 2]);
    add('inner', [operand(r, dtype, [2, n], view), operand(r, dtype, [3, n], 'c')]);
    add('kron', [operand(r, dtype, [2, n], view), operand(r, dtype, [3, 1, 2], 'c')]);
    add('cross', [operand(r, dtype, [4, 3], view === 'T' ? 'c' : view), operand(r, dtype, [3], 'c')]);
    add('multiDot', [[operand(r, dtype, [n + 1], 'c'), operand(r, dtype, [n + 1, 5], view), operand(r, dtype, [5, 2], 'c'), operand(r, dtype, [2, 3], 'c')]]);
  }
  // broadcast (stride-0) batches
  add('solve', [operand(r, dtype, [3, 4, 4], 'bcast', 'spd'), operand(r, dtype, [3, 4], 'c')]);
  add('det', [operand(r, dtype, [3, 4, 4], 'bcast')]);
  add('eigvalsh', [operand(r, dtype, [3, 4, 4], 'bcast', 'sym')]);
  // the cross product's other shapes and axes
  add('cross', [operand(r, dtype, [5, 2], 'c'), operand(r, dtype, [5, 2], 'c')]);
  add('cross', [operand(r, dtype, [2, 5], 'c'), operand(r, dtype, [5, 3], 'c')], { axisa: 0, axisc: 0 });
  add('cross', [operand(r, dtype, [3, 4], 'c'), operand(r, dtype, [3, 4], 'c')], { axis: 0 });
}
// matrix norms from singular values
for (const ord of [2, -2, 'nuc']) add('norm', [operand(r, 'float64', [4, 3], 'T'), ord]);
add('norm', [operand(r, 'float32', [2, 4, 3], 'c'), 'nuc', [1, 2]]);

/** Our result for a case (JS values for the comparison). */
function ours(c) {
  const args = c.args.map((a) => (a && a.view ? build(a) : Array.isArray(a) && a[0] && a[0].view ? a.map(build) : a));
  const kw = { ...c.kw };
  const fn = sv[c.fn];
  const res = Object.keys(kw).length ? fn(...args, kw) : fn(...args);
  return res;
}

function toPlain(x) {
  if (x instanceof sv.NDArray) return { dtype: x.dtype, shape: x.shape, values: Array.from(x.astype('float64').toTypedArray()) };
  if (Array.isArray(x)) return { tuple: x.map(toPlain) };
  if (typeof x === 'bigint') return { dtype: 'int64', shape: [], values: [Number(x)] };
  return { dtype: 'scalar', shape: [], values: [x] };
}

function close(got, want, tol, where) {
  if (want.tuple) {
    assert.ok(got.tuple, `${where}: expected a tuple`);
    assert.equal(got.tuple.length, want.tuple.length, where);
    want.tuple.forEach((w, i) => close(got.tuple[i], w, tol, `${where}[${i}]`));
    return;
  }
  assert.deepEqual(got.shape, want.shape, `${where}: shape`);
  if (got.dtype !== 'scalar') {
    const wd = want.dtype === 'int32' && got.dtype === 'int64' ? 'int64' : want.dtype; // NumPy's default int on this platform is int64
    assert.equal(got.dtype, wd, `${where}: dtype`);
  }
  const scale = Math.max(1, ...want.values.map((v) => (v === null ? 0 : Math.abs(v))));
  want.values.forEach((w, i) => {
    const g = got.values[i];
    if (w === null) {
      assert.ok(!Number.isFinite(g), `${where}[${i}]: ${g} where NumPy has a non-finite value`);
      return;
    }
    assert.ok(Math.abs(g - w) <= tol * scale, `${where}[${i}]: ${g} vs NumPy ${w} (tol ${tol * scale})`);
  });
}

let NP = null;
before(async () => {
  await ready;
  if (!HAVE_PY) return;
  const py = CASES.map((c) => ({
    fn: NP_NAME[c.fn] ?? c.fn,
    args: c.args,
    kw: Object.fromEntries(Object.entries(c.kw).map(([k, v]) => [NP_KW[k] ?? k, v])),
  }));
  NP = runNumpy(PY_SCRIPT, py);
});

test('numpy.linalg and the products match NumPy on strided, transposed, flipped and broadcast inputs', { skip: !HAVE_PY }, () => {
  CASES.forEach((c, i) => {
    const want = NP[i];
    const where = `case ${i} ${c.fn}(${c.args.map((a) => (a && a.view ? `${a.dtype}${JSON.stringify(a.shape)}${a.view}` : JSON.stringify(a))).join(', ')}) ${JSON.stringify(c.kw)}`;
    if (want.error) {
      // a singular draw (int32 matrices can be): the same error class of ours
      assert.throws(() => sv.tidy(() => ours(c)), (e) => e instanceof sv.StrideViewError && e.code === 'linalg_error', `${where}: NumPy raised ${want.error}`);
      return;
    }
    sv.tidy(() => {
      const got = toPlain(ours(c));
      const dts = c.args.flat().filter((a) => a && a.view).map((a) => a.dtype);
      const single = dts.every((d) => d === 'float32');
      const tol = (single ? 3e-4 : 1e-9) * (c.fn === 'cond' || c.fn === 'matrixPower' || c.fn === 'pinv' || c.fn === 'lstsq' ? 100 : 1);
      close(got, want, tol, where);
    });
  });
});

// ------------------------------------------------------------------------ identities (no oracle)
const maxAbs = (x) => Math.max(...Array.from(sv.abs(x).astype('float64').toTypedArray()), 0);
const eye = (n, dt) => sv.eye(n, { dtype: dt });

test('qr, svd and eigh reproduce their input, with orthonormal factors, batched and strided', () => {
  const rr = rng(7);
  for (const dt of ['float64', 'float32']) {
    const tol = 50 * EPS[dt];
    for (const [m, n] of [[5, 3], [3, 5], [4, 4], [1, 1], [6, 1]]) {
      sv.tidy(() => {
        const a = build(operand(rr, dt, [2, m, n], 'T'));
        const k = Math.min(m, n);
        const sc = Math.max(1, maxAbs(a));
        for (const mode of ['reduced', 'complete']) {
          const [q, rm] = sv.qr(a, mode);
          assert.deepEqual(q.shape, [2, m, mode === 'reduced' ? k : m]);
          assert.ok(maxAbs(sv.sub(sv.matmul(q, rm), a)) <= tol * sc * m, `qr ${mode} ${dt} [${m},${n}]`);
          const qtq = sv.matmul(q.swapaxes(-1, -2), q);
          assert.ok(maxAbs(sv.sub(qtq, eye(q.shape[2], dt))) <= tol * m, `q orthonormal ${dt}`);
          rm.toArray().forEach((mat) => mat.forEach((row, i) => row.forEach((v, j) => j < i && assert.equal(v, 0, 'r upper triangular'))));
          assert.equal(sv.qr(a, { mode }).R.shape.join(), rm.shape.join());
        }
        for (const full of [true, false]) {
          const res = sv.svd(a, full);
          const [u, s, vh] = res;
          assert.equal(res.S, s);
          const us = sv.mul(u.slice(`..., :, :${k}`), s.reshape([2, 1, k]));
          assert.ok(maxAbs(sv.sub(sv.matmul(us, vh.slice(`..., :${k}, :`)), a)) <= tol * sc * Math.max(m, n), `svd ${dt} [${m},${n}] full=${full}`);
          assert.ok(maxAbs(sv.sub(sv.matmul(u.swapaxes(-1, -2), u), eye(u.shape[2], dt))) <= tol * m, 'u orthonormal');
          assert.ok(maxAbs(sv.sub(sv.matmul(vh, vh.swapaxes(-1, -2)), eye(vh.shape[1], dt))) <= tol * n, 'vh orthonormal');
        }
        if (m === n) {
          const sym = sv.add(a, a.swapaxes(-1, -2));
          const { eigenvalues: w, eigenvectors: v } = sv.eigh(sym);
          const av = sv.matmul(sym, v);
          assert.ok(maxAbs(sv.sub(av, sv.mul(v, w.reshape([2, 1, n])))) <= tol * sc * 2 * n, `eigh ${dt} ${n}`);
          const wv = Array.from(w.astype('float64').toTypedArray());
          for (let b = 0; b < 2; b++) for (let i = 1; i < n; i++) assert.ok(wv[b * n + i - 1] <= wv[b * n + i], 'ascending');
          // UPLO='U' reads the other triangle: the same matrix here
          assert.ok(maxAbs(sv.sub(sv.eigvalsh(sym, 'U'), w)) <= tol * sc * n);
        }
      });
    }
  }
});

test('solve, inv, det and lstsq on ill-conditioned and rank-deficient matrices: small backward error', () => {
  for (const n of [4, 8, 12]) {
    sv.tidy(() => {
      // Hilbert matrix (cond ~ 1e5 at 4, 1e10 at 8, 1e16 at 12)
      const h = sv.div(1, sv.add(sv.arange(n).reshape([n, 1]), sv.add(sv.arange(n), 1)));
      const b = sv.ones([n]);
      const x = sv.solve(h, b);
      const res = sv.norm(sv.sub(sv.matmul(h, x), b));
      const rel = res / (sv.norm(h) * sv.norm(x));
      assert.ok(rel <= 10 * n * EPS.float64, `solve Hilbert ${n}: backward error ${rel}`);
      const hi = sv.inv(h);
      const rel2 = sv.norm(sv.sub(sv.matmul(h, hi), sv.eye(n))) / (sv.norm(h) * sv.norm(hi));
      assert.ok(rel2 <= 10 * n * EPS.float64, `inv Hilbert ${n}: ${rel2}`);
    });
  }
  sv.tidy(() => {
    // rank 2 of 4 columns: lstsq gives the minimum-norm solution, rank 2, empty residuals
    const a = sv.matmul(sv.array([[1, 0], [0, 1], [1, 1], [2, -1], [0, 3]]), sv.array([[1, 2, 0, 1], [0, 1, 1, -1]]));
    const b = sv.array([1, 2, 3, 4, 5]);
    const [x, residuals, rank, s] = sv.lstsq(a, b, null);
    assert.equal(rank, 2);
    assert.deepEqual(residuals.shape, [0]);
    assert.ok(Math.abs(s.get(3)) < 1e-12);
    const px = sv.matmul(sv.pinv(a), b);
    assert.ok(maxAbs(sv.sub(x, px)) < 1e-10, 'minimum norm = pinv b');
    assert.equal(sv.matrixRank(a), 2);
    assert.equal(sv.det(sv.matmul(a.T, a)) < 1e-9, true);
    assert.equal(sv.det(sv.zeros([0, 0])), 1);
    assert.deepEqual(sv.inv(sv.zeros([0, 0])).shape, [0, 0]);
    assert.equal(sv.matrixRank([0, 0, 0]), 0);
    assert.equal(sv.matrixRank([0, 1, 0]), 1);
    const sl = sv.slogdet([[0, 1], [1, 0]]);
    assert.deepEqual([sl.sign, sl.logabsdet], [-1, 0]);
    assert.equal(sv.slogdet([[1, 2], [2, 4]])[1], -Infinity);
    assert.equal(sv.cond([[1, 1], [1, 1]], 1), Infinity);
    assert.ok(Number.isNaN(sv.cond([[NaN, 1], [1, 1]], 1)));
  });
});

test('matrixPower, multiDot, tensordot and kron: shapes and dtypes as NumPy', () => {
  sv.tidy(() => {
    const a = sv.array([[1, 1], [1, 0]], { dtype: 'int32' });
    const f10 = sv.matrixPower(a, 10);
    assert.equal(f10.dtype, 'int32');
    assert.deepEqual(f10.toArray(), [[89, 55], [55, 34]]);
    assert.deepEqual(sv.matrixPower(a, 0).toArray(), [[1, 0], [0, 1]]);
    assert.equal(sv.matrixPower(a, -1).dtype, 'float64');
    assert.deepEqual(sv.matrixPower(sv.zeros([3, 0, 0]), 3).shape, [3, 0, 0]);
    assert.equal(sv.multiDot([[1, 2], [[1, 0], [0, 1]], [3, 4]]), 11);
    const out = sv.zeros([2, 2]);
    assert.equal(sv.multiDot([sv.eye(2), sv.eye(2), sv.ones([2, 2])], { out }), out);
    assert.deepEqual(out.toArray(), [[1, 1], [1, 1]]);
    assert.deepEqual(sv.tensordot(sv.ones([2, 3]), sv.ones([3, 4]), 1).shape, [2, 4]);
    assert.deepEqual(sv.tensordot(sv.ones([2, 3]), sv.ones([4]), 0).shape, [2, 3, 4]);
    assert.deepEqual(sv.tensordot(sv.ones([2, 3, 4]), sv.ones([4, 3]), [[1, 2], [1, 0]]).shape, [2]);
    assert.deepEqual(sv.kron([1, 10], [[1, 2], [3, 4]]).toArray(), [[1, 2, 10, 20], [3, 4, 30, 40]]);
    assert.equal(sv.inner([1, 2, 3], [4, 5, 6]), 32);
    assert.deepEqual(sv.cross([1, 0, 0], [0, 1, 0]).toArray(), [0, 0, 1]);
    assert.equal(sv.cross([1, 0], [0, 1]).toArray(), 1);
  });
});

test('errors: NumPy\'s LinAlgError as linalg_error, wrong arguments named, the module keeps working', () => {
  throwsSv(assert, () => sv.inv([[1, 2], [2, 4]]), 'linalg_error', /^inv: singular matrix \(matrix 0 of the batch, U\[1,1\] == 0\)$/);
  throwsSv(assert, () => sv.solve(sv.stack([sv.eye(2), sv.zeros([2, 2])]), [[1, 1], [1, 1]]), 'linalg_error', /^solve: singular matrix \(matrix 1 of the batch/);
  throwsSv(assert, () => sv.cholesky([[1, 2], [2, 1]]), 'linalg_error', /^cholesky: matrix is not positive definite/);
  throwsSv(assert, () => sv.det(sv.ones([2, 3])), 'linalg_error', /^det: last 2 dimensions of the array must be square, got \[2,3\]/);
  throwsSv(assert, () => sv.inv([1, 2]), 'linalg_error', /^inv: 1-dimensional array given\. Array must be at least two-dimensional$/);
  throwsSv(assert, () => sv.lstsq(sv.ones([2, 3, 3]), sv.ones([2, 3])), 'linalg_error', /^lstsq: 3-dimensional array given/);
  throwsSv(assert, () => sv.solve(sv.eye(3), [1, 2]), 'shape_mismatch', /^solve: b has 2 rows where a has 3/);
  throwsSv(assert, () => sv.solve(sv.ones([2, 3, 3]), sv.ones([4, 3])), 'shape_mismatch', /^solve: operands could not be broadcast together/);
  throwsSv(assert, () => sv.cond(sv.zeros([0, 0])), 'linalg_error', /cond is not defined on empty arrays/);
  throwsSv(assert, () => sv.multiDot([sv.eye(2)]), 'invalid_argument', /^multiDot: expecting at least two arrays, got 1: /);
  throwsSv(assert, () => sv.cross([1, 2, 3, 4], [1, 2, 3]), 'shape_mismatch', /incompatible dimensions for cross product/);
  throwsSv(assert, () => sv.tensordot(sv.ones([2, 3]), sv.ones([2, 3]), 1), 'shape_mismatch', /shape-mismatch for sum/);
  throwsSv(assert, () => sv.eigh(sv.eye(2), 'X'), 'invalid_argument', /^eigh: UPLO argument must be 'L' or 'U'/);
  throwsSv(assert, () => sv.qr(sv.eye(2), 'economy'), 'invalid_argument', /^qr: unrecognized mode/);
  assert.throws(() => sv.qr(sv.eye(2), 'raw'), /^TypeError: qr: mode="raw" is not supported/);
  assert.throws(() => sv.inv(sv.eye(2, { dtype: 'float16' })), /^TypeError: inv: array type float16 is unsupported in linalg$/);
  assert.throws(() => sv.matrixPower(sv.eye(2), 1.5), /^TypeError: matrixPower: n \(the exponent\) must be an integer, got 1\.5$/);
  assert.throws(() => sv.pinv(sv.eye(2), NaN), /^RangeError: pinv: rcond must not be NaN$/);
  assert.throws(() => sv.svd(sv.eye(2), { computeUV: false }), /svd: .*computeUV/);
  assert.throws(() => sv.det(sv.eye(2), 1), TypeError);
  const x = sv.eye(2);
  x.dispose();
  throwsSv(assert, () => sv.det(x), 'disposed');
  // still working
  assert.equal(sv.det([[2, 0], [0, 3]]), 6);
});
