// numpy.linalg.eig / eigvals against NumPy 1.24 (Debian's LAPACK geev): the eigenvalues as sorted
// multisets (geev's order is not ours), the result dtypes (real when every eigenvalue of the stack is
// real, as NumPy), residuals |A V - V diag(w)| / (|A| |V|) and geev's normalisation of V, on random,
// symmetric, rotation, defective, companion and Hilbert matrices; C-ordered, transposed, strided and
// batched inputs; float32, float64, int32, bool; NumPy's errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sv, ready, throwsSv } from './helpers.mjs';
import { HAVE_PY, runNumpy } from './numpy_oracle.mjs';

await ready;

/** A seeded uniform generator in [-1, 1). */
function gen(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

/** Complex values of an array as [re, im] pairs (a real array: im 0), flat. */
function pairs(x) {
  const t = Array.from(x.toTypedArray());
  if (x.dtype.startsWith('complex')) {
    const out = [];
    for (let i = 0; i < t.length; i += 2) out.push([t[i], t[i + 1]]);
    return out;
  }
  return t.map((v) => [v, 0]);
}

const byValue = (p, q) => p[0] - q[0] || p[1] - q[1];

/** max over columns of |A v - w v| / (|A|_F |v|) for one n x n matrix (row-major values). */
function residual(a, w, v, n) {
  let an = 0;
  for (const x of a) an += x * x;
  an = Math.sqrt(an);
  let worst = 0;
  for (let j = 0; j < n; j++) {
    let res = 0;
    let vn = 0;
    for (let i = 0; i < n; i++) {
      let sr = 0;
      let si = 0;
      for (let k = 0; k < n; k++) {
        sr += a[i * n + k] * v[k * n + j][0];
        si += a[i * n + k] * v[k * n + j][1];
      }
      const [wr, wi] = w[j];
      const [vr, vi] = v[i * n + j];
      sr -= wr * vr - wi * vi;
      si -= wr * vi + wi * vr;
      res += sr * sr + si * si;
      vn += vr * vr + vi * vi;
    }
    if (an > 0) worst = Math.max(worst, Math.sqrt(res) / (an * Math.sqrt(vn)));
  }
  return worst;
}

const MATRICES = (() => {
  const r = gen(11);
  const list = [];
  for (const n of [1, 2, 3, 5, 8, 13, 32]) {
    list.push({ name: `random ${n}`, n, values: Array.from({ length: n * n }, r) });
  }
  const sym = Array.from({ length: 36 }, r);
  for (let i = 0; i < 6; i++) for (let j = 0; j < i; j++) sym[i * 6 + j] = sym[j * 6 + i];
  list.push({ name: 'symmetric 6', n: 6, values: sym });
  list.push({ name: 'rotation', n: 2, values: [0, -1, 1, 0] });
  list.push({ name: 'defective', n: 3, values: [2, 1, 0, 0, 2, 1, 0, 0, 2] });
  // the companion matrix of (x - 1)(x - 2)(x^2 + 4)
  list.push({ name: 'companion', n: 4, values: [3, -6, 12, -8, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0] });
  list.push({ name: 'hilbert 8', n: 8, values: Array.from({ length: 64 }, (_, k) => 1 / (Math.floor(k / 8) + (k % 8) + 1)) });
  list.push({ name: 'badly scaled', n: 3, values: [1, 1e8, 1e16, 1e-8, 1, 1e8, 1e-16, 1e-8, 1] });
  return list;
})();

test('eig and eigvals: NumPy\'s eigenvalues and dtypes, small residuals, geev\'s normalisation', { skip: !HAVE_PY && 'no python3 with numpy' }, () => {
  const expected = runNumpy(
    `
import numpy as np, json, sys
cases = json.load(sys.stdin)
out = []
for c in cases:
    a = np.array(c['values'], dtype=c['dtype']).reshape(c['n'], c['n'])
    w = np.linalg.eigvals(a)
    out.append({'dtype': str(w.dtype), 'w': sorted([[float(z.real), float(z.imag)] for z in np.atleast_1d(w).astype(np.complex128)])})
print(json.dumps(out))
`,
    MATRICES.flatMap((m) => ['float64', 'float32'].map((dtype) => ({ ...m, dtype }))),
  );
  let k = 0;
  for (const m of MATRICES) {
    for (const dtype of ['float64', 'float32']) {
      const want = expected[k++];
      const eps = dtype === 'float32' ? 2 ** -23 : 2 ** -52;
      const a = sv.array(m.values, { dtype }).reshape([m.n, m.n]);
      const vals = dtype === 'float32' ? m.values.map(Math.fround) : m.values;
      for (const view of ['c', 'T']) {
        // 'T': the data holds the transpose, read back through a transposed view
        const x = view === 'c' ? a : sv.array(m.values, { dtype }).reshape([m.n, m.n]).T.copy().T;
        const [w, v] = sv.eig(x);
        const wv = sv.eigvals(x);
        const label = `${m.name} ${dtype} ${view}`;
        assert.equal(w.dtype, want.dtype, `${label}: w dtype`);
        assert.equal(v.dtype, want.dtype.replace('float', 'float').replace('complex', 'complex'), `${label}: v dtype`);
        assert.deepEqual(Array.from(wv.toTypedArray()), Array.from(w.toTypedArray()), `${label}: eigvals is eig's w`);
        const got = pairs(w).sort(byValue);
        const scale = Math.max(1, ...want.w.map(([p, q]) => Math.hypot(p, q)));
        // defective eigenvalues are ill-conditioned (a Jordan block of size 3: eps^(1/3))
        const tol = m.name === 'defective' ? 20 * Math.cbrt(eps) : m.name.startsWith('hilbert') || m.name === 'badly scaled' ? 1e3 * m.n * eps * scale : 50 * m.n * eps * scale;
        for (let i = 0; i < m.n; i++) {
          const d = Math.hypot(got[i][0] - want.w[i][0], got[i][1] - want.w[i][1]);
          assert.ok(d <= tol, `${label}: eigenvalue ${i}: ${got[i]} vs NumPy ${want.w[i]} (|diff| ${d}, tol ${tol})`);
        }
        if (m.name !== 'defective') {
          const res = residual(vals, pairs(w), pairs(v), m.n);
          assert.ok(res <= 20 * m.n * eps, `${label}: residual ${res}`);
        }
        // unit columns, the largest component real
        const vp = pairs(v);
        for (let j = 0; j < m.n; j++) {
          let nn = 0;
          let big = -1;
          let bigIm = 0;
          for (let i = 0; i < m.n; i++) {
            const [re, im] = vp[i * m.n + j];
            nn += re * re + im * im;
            if (re * re + im * im > big) [big, bigIm] = [re * re + im * im, im];
          }
          assert.ok(Math.abs(Math.sqrt(nn) - 1) < 10 * eps * m.n, `${label}: column ${j} norm ${Math.sqrt(nn)}`);
          assert.equal(bigIm, 0, `${label}: column ${j}'s largest component is real`);
        }
        for (const t of [w, v, wv]) t.dispose();
        if (x !== a) x.dispose();
      }
      a.dispose();
    }
  }
});

test('eig: batches (one complex matrix makes the whole stack complex), integer and bool input, empty', () => {
  const rot = [[0, -1], [1, 0]];
  const diag = [[2, 0], [0, 3]];
  const [w, v] = sv.eig(sv.array([rot, diag]));
  assert.equal(w.dtype, 'complex128');
  assert.deepEqual(w.shape, [2, 2]);
  assert.deepEqual(v.shape, [2, 2, 2]);
  assert.deepEqual(w.tolist().map((r) => r.map(String)), [['1j', '-1j'], ['(2+0j)', '(3+0j)']]);
  const r = sv.eigvals(sv.array([diag, diag]));
  assert.equal(r.dtype, 'float64');
  assert.deepEqual(r.tolist(), [[2, 3], [2, 3]]);
  assert.equal(sv.eigvals(sv.array([[1, 2], [3, 4]], { dtype: 'int32' })).dtype, 'float64');
  assert.equal(sv.eigvals(sv.array([[true, false], [false, true]])).dtype, 'float64');
  assert.equal(sv.eigvals(sv.array([[1, 2], [3, 4]], { dtype: 'float32' })).dtype, 'float32');
  assert.equal(sv.eigvals(sv.array(rot, { dtype: 'float32' })).dtype, 'complex64');
  const named = sv.eig(sv.array(diag));
  assert.equal(named.eigenvalues, named[0]);
  assert.equal(named.eigenvectors, named[1]);
  assert.deepEqual(named.eigenvectors.tolist(), [[1, 0], [0, 1]]);
  assert.deepEqual(sv.eigvals(sv.zeros([3, 0, 0])).shape, [3, 0]);
  // a strided view: every other row and column of a 6x6
  const big = sv.arange(36).reshape([6, 6]);
  const s = big.slice('::2, ::2');
  const ws = sv.eigvals(s).toArray().map((z) => (typeof z === 'number' ? z : z.re)).sort((p, q) => p - q);
  const wc = sv.eigvals(s.copy()).toArray().map((z) => (typeof z === 'number' ? z : z.re)).sort((p, q) => p - q);
  assert.deepEqual(ws, wc);
});

test('eig: NumPy\'s errors, and NaN', () => {
  throwsSv(assert, () => sv.eig(sv.zeros([2, 3])), 'linalg_error', /^eig: last 2 dimensions of the array must be square, got \[2,3\]/);
  throwsSv(assert, () => sv.eigvals(sv.zeros([3])), 'linalg_error', /^eigvals: 1-dimensional array given/);
  assert.throws(() => sv.eig(sv.array([[sv.complex(1, 1)]])), { name: 'TypeError', message: /^eig: complex matrices \(complex128\) are not supported/ });
  assert.throws(() => sv.eig(sv.zeros([2, 2], 'float16')), { name: 'TypeError', message: /^eig: array type float16 is unsupported/ });
  const [w] = sv.eig(sv.array([[1, NaN], [0, 1]]));
  assert.ok(w.toArray().every((z) => Number.isNaN(typeof z === 'number' ? z : z.re)));
  // the instance keeps working
  assert.deepEqual(sv.eigvals(sv.array([[4]])).toArray(), [4]);
});
