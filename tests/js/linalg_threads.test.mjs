// numpy.linalg on the threaded build: the matrices of a stack are tasks on the pool, and every
// result has the same bytes at 1, 2 and 4 threads as on the unthreaded SIMD build (each matrix is
// computed by the same steps on any thread); a singular matrix met on a pool thread is reported as
// on one thread (the first of the stack), and the instance keeps working. Independent copies of
// the package run in this process (a query string makes a distinct ES module instance).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const distUrl = new URL('../../dist/', import.meta.url);
const libs = {};
for (const n of [1, 2, 4]) libs[n] = await import(new URL(`index.mjs?linalgthreads=${n}`, distUrl).href);
libs.simd = await import(new URL('index.mjs?linalgthreads=simd', distUrl).href);
await Promise.all([1, 2, 4].map((n) => libs[n].init({ threads: n })));
await libs.simd.init();

function values(n, seed) {
  const v = new Float64Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; ++i) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = (s / 2 ** 32) * 2 - 1;
  }
  return v;
}

const bytes = (x) => Buffer.from(x.toTypedArray().buffer).toString('base64');

test('linalg results are bit-identical at 1, 2 and 4 threads and on the unthreaded build', () => {
  const shape = [12, 9, 9];
  const v = values(12 * 81, 7);
  const run = (lib) => lib.tidy(() => {
    const a0 = lib.fromTypedArray(v, shape);
    const a = lib.add(a0, lib.mul(lib.eye(9), 9)); // well conditioned
    const sym = lib.add(a, a.swapaxes(-1, -2));
    const out = [];
    for (const dt of ['float64', 'float32']) {
      const x = a.astype(dt), s = sym.astype(dt);
      out.push(lib.solve(x, lib.ones([12, 9], dt)), lib.inv(x), lib.det(x), ...lib.slogdet(x), lib.cholesky(lib.matmul(x, x.swapaxes(-1, -2))));
      out.push(...lib.qr(x), ...lib.eigh(s), ...lib.svd(x), lib.pinv(x), lib.matrixRank(x));
    }
    return out.map(bytes);
  });
  const ref = run(libs.simd);
  for (const n of [1, 2, 4]) assert.deepEqual(run(libs[n]), ref, `${n} threads`);
});

test('a singular matrix on a pool thread: the first of the stack is named, the instance keeps working', () => {
  for (const n of [2, 4]) {
    const lib = libs[n];
    lib.tidy(() => {
      const a = lib.array(Array.from({ length: 16 }, (_, i) => (i === 5 || i === 11 ? lib.zeros([3, 3]).toArray() : lib.eye(3).toArray())));
      assert.throws(() => lib.inv(a), (e) => e instanceof lib.StrideViewError && e.code === 'linalg_error' && /^inv: singular matrix \(matrix 5 of the batch/.test(e.message));
      assert.equal(lib.det(lib.eye(3)), 1);
    });
  }
});
