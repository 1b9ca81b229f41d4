// NumPy's names beside the seeds' (web/src/numpy_names.ts): the same results as the functions they
// name, errors naming the function called, and asarray / asfortranarray / shape / ndim / size as
// NumPy's. (Every one is also called each way against NumPy by calling_convention.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ready, sv } from './helpers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

await ready;

test('the NumPy names give the seeds\' results, with out, where and dtype', () => {
  sv.tidy(() => {
    const a = sv.array([[1.5, -2, 3], [4, -5.25, 6]]);
    const b = sv.array([2, 0.5, -1]);
    const same = (x, y) => assert.deepEqual(x.toArray(), y.toArray());
    same(sv.subtract(a, b), sv.sub(a, b));
    same(sv.multiply(a, b, { dtype: 'float32' }), sv.mul(a, b, { dtype: 'float32' }));
    same(sv.divide(sv.arange(6), 4), sv.div(sv.arange(6), 4));
    same(sv.trueDivide(a, b), sv.div(a, b));
    same(sv.negative(a), sv.neg(a));
    same(sv.absolute(sv.array([sv.complex(3, 4), sv.complex(-1, 0)])), sv.abs(sv.array([sv.complex(3, 4), sv.complex(-1, 0)])));
    const o1 = sv.zeros([2, 3]);
    assert.equal(sv.subtract(a, b, o1), o1);
    same(o1, sv.sub(a, b));
    const o2 = sv.full([2, 3], 9);
    sv.multiply(a, 2, { out: o2, where: sv.array([true, false, true]) });
    assert.deepEqual(o2.toArray(), [[3, 9, 6], [8, 9, 12]]);
    assert.equal(sv.amax(a), sv.max(a));
    same(sv.amin(a, 0), sv.min(a, 0));
    same(sv.amax(a, { axis: 1, keepdims: true }), sv.max(a, { axis: 1, keepdims: true }));
    same(sv.around(sv.array([1.25, -2.675, 1234.5]), 1), sv.round(sv.array([1.25, -2.675, 1234.5]), 1));
    same(sv.around(sv.array([1234.5]), -2), sv.round(sv.array([1234.5]), -2));
    assert.equal(sv.var, sv.variance);
    assert.equal(sv.var(a), sv.variance(a));
  });
});

test('errors name the function called, not the one it shares code with', () => {
  const a = sv.array([[1, 2], [3, 4]]);
  const T = (re) => (e) => e instanceof TypeError && re.test(e.message);
  const S = (code, re) => (e) => e instanceof sv.StrideViewError && e.code === code && re.test(e.message);
  assert.throws(() => sv.subtract(a), T(/^subtract: missing the required argument x2/));
  assert.throws(() => sv.multiply(a, a, { outt: a }), T(/^multiply: unknown option 'outt'; did you mean 'out'\?/));
  assert.throws(() => sv.divide(a, [1, 2, 3]), S('shape_mismatch', /^divide: /));
  assert.throws(() => sv.trueDivide(a, 2, { out: sv.zeros([2, 2], 'int32') }), S('type_error', /^trueDivide: cannot cast the result from float64 to out's dtype int32/));
  assert.throws(() => sv.negative(sv.array([true])), S('type_error', /^negative: .*not defined for bool \(as NumPy\); use logicalNot\(x\) instead/));
  assert.throws(() => sv.neg(sv.array([true])), S('type_error', /^neg: /));
  assert.throws(() => sv.absolute(a, a, a), T(/^absolute: takes at most 2 positional arguments/));
  assert.throws(() => sv.amax(a, 2), S('out_of_range', /^amax: axis 2 is out of bounds for array of dimension 2/));
  assert.throws(() => sv.amin(sv.zeros([0])), S('invalid_argument', /^amin: /));
  assert.throws(() => sv.around(a, 0.5), (e) => e instanceof RangeError && /^around: decimals must be an integer, got 0\.5/.test(e.message));
  assert.throws(() => sv.around(a, { decimal: 1 }), T(/^around: unknown option 'decimal'; did you mean 'decimals'\?/));
  assert.deepEqual(sv.add(a, 1).toArray(), [[2, 3], [4, 5]], 'the engine keeps working');
  a.dispose();
});

test('asarray, asanyarray, asfortranarray: a view when nothing changes, else a copy', () => {
  sv.tidy(() => {
    const a = sv.arange(6, null, null, 'float64').reshape([2, 3]);
    const v = sv.asarray(a);
    assert.notEqual(v, a);
    v.set(0, 0, 42); // a view: the same memory
    assert.equal(a.get(0, 0), 42);
    const c = sv.asarray(a, 'float32');
    assert.equal(c.dtype, 'float32');
    c.set(0, 1, -1);
    assert.equal(a.get(0, 1), 1, 'another dtype: a copy');
    const f = sv.asarray(a, null, 'F');
    assert.deepEqual(f.strides, [1, 2]);
    assert.deepEqual(f.toArray(), a.toArray());
    const t = a.T;
    assert.deepEqual(sv.asarray(t, { order: 'F' }).strides, t.strides, 'already F-contiguous: a view');
    assert.deepEqual(sv.asarray(t, { order: 'C' }).strides, [2, 1]);
    assert.deepEqual(sv.asfortranarray(a).strides, [1, 2]);
    assert.deepEqual(sv.asfortranarray(t).strides, t.strides);
    assert.deepEqual(sv.asanyarray([[1, 2], [3, 4]], 'int32').toArray(), [[1, 2], [3, 4]]);
    assert.equal(sv.asarray(7).ndim, 0);
  });
});

test('shape, ndim, size of arrays and JS values', () => {
  sv.tidy(() => {
    const a = sv.zeros([2, 3, 4]);
    assert.deepEqual(sv.shape(a), [2, 3, 4]);
    assert.deepEqual(sv.shape([[1, 2, 3], [4, 5, 6]]), [2, 3]);
    assert.deepEqual(sv.shape(5), []);
    assert.equal(sv.ndim(a), 3);
    assert.equal(sv.ndim([1, 2]), 1);
    assert.equal(sv.size(a), 24);
    assert.equal(sv.size(a, 1), 3);
    assert.equal(sv.size(a, -1), 4);
    assert.equal(sv.size([[1, 2, 3]], { axis: 0 }), 1);
  });
  const before = sv.memoryStats().liveArrays;
  sv.shape([[1, 2], [3, 4]]);
  assert.equal(sv.memoryStats().liveArrays, before, 'a JS value\'s temporary array is freed');
});

test('the indexing routines and windows, as NumPy 1.24 prints them', () => {
  sv.tidy(() => {
    const show = (x) => (Array.isArray(x) ? x.map((y) => (y instanceof sv.NDArray ? y.toArray() : y)) : x instanceof sv.NDArray ? x.toArray() : x);
    // np.unravel_index(22, (7, 6)) == (3, 4); [22, 41, 37] -> ([3, 6, 6], [4, 5, 1]); order 'F'
    assert.deepEqual(show(sv.unravelIndex(22, [7, 6])), [3, 4]);
    assert.deepEqual(show(sv.unravelIndex([22, 41, 37], [7, 6])), [[3, 6, 6], [4, 5, 1]]);
    assert.deepEqual(show(sv.unravelIndex(sv.array([31, 41, 13], 'int32'), [7, 6], 'F')), [[3, 6, 6], [4, 5, 1]]);
    assert.equal(sv.unravelIndex([[1, 2]], [3]).map((x) => x.dtype).join(), 'int64');
    // np.ravel_multi_index: C, F, per-dim modes, scalars
    assert.deepEqual(show(sv.ravelMultiIndex([[3, 6, 6], [4, 5, 1]], [7, 6])), [22, 41, 37]);
    assert.deepEqual(show(sv.ravelMultiIndex([[3, 6, 6], [4, 5, 1]], [7, 6], { order: 'F' })), [31, 41, 13]);
    assert.deepEqual(show(sv.ravelMultiIndex([[3, 6, 6], [4, 5, 1]], [4, 6], ['clip', 'wrap'])), [22, 23, 19]);
    assert.equal(sv.ravelMultiIndex([3, 1, 4, 1], [6, 7, 8, 9]), 1621);
    assert.deepEqual(show(sv.ravelMultiIndex([[[0], [1]], [2, 0]], [2, 3])), [[2, 0], [5, 3]], 'broadcast');
    // tril / triu / diag indices
    assert.deepEqual(show(sv.trilIndices(4, -1)), [[1, 2, 2, 3, 3, 3], [0, 0, 1, 0, 1, 2]]);
    assert.deepEqual(show(sv.triuIndices(3, 1, 4)), [[0, 0, 0, 1, 1, 2], [1, 2, 3, 2, 3, 3]]);
    assert.deepEqual(show(sv.diagIndices(2, 3)), [[0, 1], [0, 1], [0, 1]]);
    // fill_diagonal: wrap for tall matrices, val repeated, n-d
    const b = sv.zeros([5, 3], 'int32');
    assert.equal(sv.fillDiagonal(b, [1, 2], true), undefined);
    assert.deepEqual(b.toArray(), [[1, 0, 0], [0, 2, 0], [0, 0, 1], [0, 0, 0], [2, 0, 0]]);
    const t = sv.zeros([5, 3], 'int32');
    sv.fillDiagonal(t.T, 7);
    assert.deepEqual(t.toArray(), [[7, 0, 0], [0, 7, 0], [0, 0, 7], [0, 0, 0], [0, 0, 0]], 'through the strides of a view');
    const c = sv.zeros([2, 2, 2]);
    sv.fillDiagonal(c, 4);
    assert.deepEqual(c.toArray(), [[[4, 0], [0, 0]], [[0, 0], [0, 4]]]);
    assert.deepEqual(sv.broadcastShapes([6, 7], [5, 6, 1], [7], [5, 1, 7]), [5, 6, 7]);
    assert.deepEqual(sv.broadcastShapes(3, [1]), [3]);
    // windows: NumPy's values to the last bit (repr of np.hanning(7), np.hamming(4), np.blackman(3), np.bartlett(5.5))
    assert.deepEqual(sv.hanning(7).toArray(), [0.0, 0.2500000000000001, 0.75, 1.0, 0.75, 0.2500000000000001, 0.0]);
    assert.deepEqual(sv.hamming(4).toArray(), [0.08000000000000002, 0.7700000000000001, 0.7700000000000001, 0.08000000000000002]);
    assert.deepEqual(sv.blackman(3).toArray(), [-1.3877787807814457e-17, 0.9999999999999999, -1.3877787807814457e-17]);
    assert.deepEqual(sv.bartlett(5.5).toArray(), [0.0, 0.4444444444444444, 0.8888888888888888, 0.6666666666666667, 0.2222222222222222]);
    // np.unwrap: radians by default, degrees with period 360 (an int32 input stays int32), along an axis
    assert.deepEqual(sv.unwrap([0, 1, 2, 6.5, 7, 0.1]).toArray(), [0, 1, 2, 0.21681469282041377, 0.7168146928204138, 0.1]);
    const deg = sv.unwrap(sv.array([0, 170, 350, 10, 200], 'int32'), { period: 360 });
    assert.deepEqual([deg.dtype, deg.toArray()], ['int32', [0, 170, 350, 370, 200]]);
    assert.deepEqual(sv.unwrap([[0, 1], [4, 5], [9, 2]], { axis: 0 }).toArray(), [[0, 1], [-2.2831853071795862, -1.2831853071795862], [-3.5663706143591725, -4.283185307179586]]);
    assert.deepEqual(sv.unwrap([0, 170, 350, 10, 200], 90, 0, { period: 360.5 }).toArray(), [0, 170, 350, 370.5, 200]);
    const f32 = sv.unwrap(sv.array([[0, 3.5, 7], [1, 4.7, 8.1]], 'float32'), null, 1);
    assert.deepEqual([f32.dtype, f32.toArray()], ['float32', [[0, -2.7831850051879883, -5.566370010375977], [1, -1.5831851959228516, -4.46636962890625]]]);
    assert.deepEqual(sv.hanning(1).toArray(), [1]);
    assert.deepEqual(sv.hanning(0).shape, [0]);
  });
});

test('strict TypeScript: the return types follow the arguments (a fixture compiled against dist/index.d.mts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sv-names-types-'));
  try {
    const dist = JSON.stringify(join(root, 'dist', 'index.mjs'));
    writeFileSync(
      join(dir, 'fixture.ts'),
      `import { NDArray, array, unravelIndex, ravelMultiIndex, trilIndices, diagIndices, fillDiagonal, broadcastShapes, hanning,
  subtract, multiply, negative, absolute, amax, amin, around, asarray, shape, ndim, size } from ${dist};
import * as sv from ${dist};
const w = hanning(5);
const rc: number[] = unravelIndex(5, [2, 3]);
const arrs: NDArray[] = unravelIndex([1, 2], [2, 3]);
const flat: number = ravelMultiIndex([1, 2], [3, 4]) + 1;
const flats: NDArray = ravelMultiIndex([[1, 0], [2, 1]], [3, 4], { mode: 'clip' });
const [r, c] = trilIndices(3);
const d: NDArray[] = diagIndices(3);
const v: void = fillDiagonal(array([[1, 2], [3, 4]]), 0);
const bs: number[] = broadcastShapes([2, 1], [3]);
const m: number = amax(w) - amin(w, null);
const ma: NDArray = amax(w, 0);
const x: NDArray = negative(absolute(multiply(subtract(w, 1), 2)));
const ar: NDArray = around(w, 1);
const n: number = size(asarray([1, 2], 'float32')) + ndim(w) + shape(w).length + sv.var(w) + r.size + c.size;
// @ts-expect-error: array indices give arrays, not numbers
const bad1: number[] = unravelIndex([1, 2], [2, 3]);
// @ts-expect-error: with an axis, amax is an NDArray
const bad2: number = amax(w, 0);
export { rc, arrs, flat, flats, d, v, bs, m, ma, x, ar, n, bad1, bad2 };
`,
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const res = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--target', 'ES2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', join(dir, 'fixture.ts')], { encoding: 'utf8' });
    assert.equal(res.status, 0, `tsc --strict:\n${res.stdout}${res.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
