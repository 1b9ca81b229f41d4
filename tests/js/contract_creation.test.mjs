// The API contract for creation, reordering and joining, against NumPy 1.24: each call given
// positionally, by name in the trailing options object and mixed, and each newly implemented
// parameter (order: values, dtype and strides; array's copy/ndmin; concatenate and stack's dtype,
// out and casting; full's array fill value). Every case runs the same call in NumPy (one python3
// run) and compares dtype, shape, values and, where the memory order is the point, the strides.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { sv, ready } from './helpers.mjs';
import { PY, HAVE_PY } from './numpy_oracle.mjs';

await ready;

// The inputs, built alike on both sides (strides in elements).
const PY_INPUTS = `
a23 = np.arange(6, dtype='float64').reshape(2, 3)
aT = np.arange(6, dtype='float64').reshape(3, 2).T
p3 = np.arange(24, dtype='float64').reshape(2, 3, 4).transpose(1, 0, 2)
bc = np.broadcast_to(np.arange(3, dtype='float64'), (2, 3))
fl = a23[:, ::-1]
a33 = np.arange(1, 10, dtype='float64').reshape(3, 3)
sq = (np.arange(12, dtype='float64') ** 2).reshape(3, 4)
x = np.array([1., 2., 3.]); y = np.array([4., 5.]); z = np.array([6., 7.])
i32 = np.arange(6, dtype='int32').reshape(2, 3)
`;
function jsInputs() {
  const a23 = sv.arange(6, { dtype: 'float64' }).reshape([2, 3]);
  return {
    a23,
    aT: sv.arange(6, { dtype: 'float64' }).reshape([3, 2]).transpose(),
    p3: sv.arange(24, { dtype: 'float64' }).reshape([2, 3, 4]).permute([1, 0, 2]),
    bc: sv.arange(3, { dtype: 'float64' }).broadcastTo([2, 3]),
    fl: a23.flip({ axis: 1 }),
    a33: sv.arange(1, 10, 1, 'float64').reshape([3, 3]),
    sq: sv.pow(sv.arange(12, { dtype: 'float64' }), 2).reshape([3, 4]),
    x: sv.array([1, 2, 3]),
    y: sv.array([4, 5]),
    z: sv.array([6, 7]),
    i32: sv.arange(6, { dtype: 'int32' }).reshape([2, 3]),
  };
}

// [name, js (inputs) => result, NumPy expression, { strides, noValues }]
const S = { strides: true };
const SN = { strides: true, noValues: true };
const intoOut = (shape, opts, f) => {
  const o = sv.zeros(shape, opts);
  const r = f(o);
  assert.equal(r, o, 'the result is out itself');
  return o;
};
const CASES = [
  // ---------------------------------------------------------------- filled arrays
  ['zeros dtype positional', () => sv.zeros([2, 3], 'float32'), "np.zeros((2, 3), 'float32')", S],
  ['zeros dtype by name', () => sv.zeros([2, 3], { dtype: 'float32' }), "np.zeros((2, 3), dtype='float32')", S],
  ['zeros null dtype, order F positional', () => sv.zeros([2, 3], null, 'F'), "np.zeros((2, 3), None, 'F')", S],
  ['zeros order F by name', () => sv.zeros([2, 3], { order: 'F' }), "np.zeros((2, 3), order='F')", S],
  ['zeros 3-d int16 F (mixed)', () => sv.zeros([2, 3, 4], 'int16', { order: 'F' }), "np.zeros((2, 3, 4), 'int16', order='F')", S],
  ['zeros F with a size-1 dim', () => sv.zeros([2, 1, 3], { order: 'F' }), "np.zeros((2, 1, 3), order='F')", S],
  ['zeros order C', () => sv.zeros(4, { order: 'C', dtype: 'uint8' }), "np.zeros(4, order='C', dtype='uint8')", S],
  ['empty F', () => sv.empty([3, 4], { order: 'F' }), "np.empty((3, 4), order='F')", SN],
  ['empty int32 F positional', () => sv.empty([3, 4], 'int32', 'F'), "np.empty((3, 4), 'int32', 'F')", SN],
  ['ones int8 F', () => sv.ones([2, 3], 'int8', 'F'), "np.ones((2, 3), 'int8', 'F')", S],
  ['ones by name', () => sv.ones([2, 3], { dtype: 'uint8', order: 'F' }), "np.ones((2, 3), dtype='uint8', order='F')", S],
  ['full int32 F positional', () => sv.full([2, 3], 7, 'int32', 'F'), "np.full((2, 3), 7, 'int32', 'F')", S],
  ['full order by name', () => sv.full([2, 3], 2.5, { order: 'F' }), "np.full((2, 3), 2.5, order='F')", S],
  ['full truncates into an int dtype', () => sv.full([3], 2.7, { dtype: 'int16' }), "np.full(3, 2.7, dtype='int16')", S],
  ['full with an array fill value', () => sv.full([2, 3], [1.5, 2, 3]), 'np.full((2, 3), [1.5, 2, 3])', S],
  ['full with an array fill value, dtype, F', () => sv.full([2, 3], [[1], [2]], 'int32', 'F'), "np.full((2, 3), [[1], [2]], 'int32', 'F')", S],
  ['full with a strided NDArray fill value', (i) => sv.full([2, 2, 3], i.fl), 'np.full((2, 2, 3), fl)', S],
  // ---------------------------------------------------------------- ranges
  ['arange stop', () => sv.arange(5, { dtype: 'int64' }), "np.arange(5, dtype='int64')"],
  ['arange start stop step dtype positional', () => sv.arange(1, 10, 3, 'float32'), "np.arange(1, 10, 3, 'float32')"],
  ['arange step by name (one-argument form)', () => sv.arange(5, { step: 2, dtype: 'int64' }), "np.arange(5, step=2, dtype='int64')"],
  ['arange stop by name', () => sv.arange(2, { stop: 8, step: 2, dtype: 'int64' }), "np.arange(2, stop=8, step=2, dtype='int64')"],
  ['arange mixed', () => sv.arange(0, 1, { step: 0.25 }), 'np.arange(0, 1, step=0.25)'],
  ['linspace', () => sv.linspace(0, 1, 5), 'np.linspace(0, 1, 5)'],
  ['linspace endpoint positional', () => sv.linspace(0, 1, 5, false), 'np.linspace(0, 1, 5, False)'],
  ['linspace num and endpoint by name', () => sv.linspace(0, 10, { num: 4, endpoint: false }), 'np.linspace(0, 10, num=4, endpoint=False)'],
  ['linspace retstep positional', () => sv.linspace(2, 3, 5, true, true), 'np.linspace(2, 3, 5, True, True)'],
  ['linspace retstep by name', () => sv.linspace(2, 3, 4, { retstep: true, endpoint: false }), 'np.linspace(2, 3, 4, retstep=True, endpoint=False)'],
  ['linspace int dtype positional', () => sv.linspace(0, 10, 5, true, false, 'int32'), "np.linspace(0, 10, 5, True, False, 'int32')"],
  ['linspace axis -1', () => sv.linspace(0, 1, 3, { axis: -1, dtype: 'float32' }), "np.linspace(0, 1, 3, axis=-1, dtype='float32')"],
  ['logspace', () => sv.logspace(0, 2, 3), 'np.logspace(0, 2, 3)'],
  ['logspace base by name', () => sv.logspace(0, 3, 4, { base: 2 }), 'np.logspace(0, 3, 4, base=2)'],
  ['logspace positional', () => sv.logspace(0, 3, 4, false, 2, 'float32'), "np.logspace(0, 3, 4, False, 2, 'float32')"],
  ['eye k by name', () => sv.eye(3, { k: 1 }), 'np.eye(3, k=1)', S],
  ['eye positional', () => sv.eye(3, 4, -1, 'int32'), "np.eye(3, 4, -1, 'int32')", S],
  ['eye M by name, order F', () => sv.eye(3, { M: 5, k: 2, order: 'F' }), "np.eye(3, M=5, k=2, order='F')", S],
  ['eye F positional', () => sv.eye(4, 3, 1, 'float32', 'F'), "np.eye(4, 3, 1, 'float32', 'F')", S],
  ['eye null M', () => sv.eye(2, null, 0, 'uint8'), "np.eye(2, None, 0, 'uint8')", S],
  ['identity positional', () => sv.identity(3, 'int32'), "np.identity(3, 'int32')"],
  ['identity by name', () => sv.identity(2, { dtype: 'uint8' }), "np.identity(2, dtype='uint8')"],
  // ---------------------------------------------------------------- by example
  ['zerosLike F input keeps F (K)', (i) => sv.zerosLike(i.aT), 'np.zeros_like(aT)', S],
  ['zerosLike permuted input keeps its axis order (K)', (i) => sv.zerosLike(i.p3), 'np.zeros_like(p3)', S],
  ['zerosLike broadcast input (K)', (i) => sv.zerosLike(i.bc), 'np.zeros_like(bc)', S],
  ['zerosLike flipped input (K: C)', (i) => sv.zerosLike(i.fl), 'np.zeros_like(fl)', S],
  ['zerosLike order C by name', (i) => sv.zerosLike(i.p3, { order: 'C' }), "np.zeros_like(p3, order='C')", S],
  ['zerosLike order A of F input', (i) => sv.zerosLike(i.aT, { order: 'A' }), "np.zeros_like(aT, order='A')", S],
  ['zerosLike order A of a permuted input', (i) => sv.zerosLike(i.p3, null, 'A'), "np.zeros_like(p3, None, 'A')", S],
  ['zerosLike order F positional', (i) => sv.zerosLike(i.a23, null, 'F'), "np.zeros_like(a23, None, 'F')", S],
  ['zerosLike of nested JS data', () => sv.zerosLike([[1, 2], [3, 4]], 'int32'), "np.zeros_like([[1, 2], [3, 4]], 'int32')", S],
  ['onesLike dtype positional', (i) => sv.onesLike(i.p3, 'int32'), "np.ones_like(p3, 'int32')", S],
  ['onesLike all positional', (i) => sv.onesLike(i.a23, 'float32', 'F', true, [3, 2]), "np.ones_like(a23, 'float32', 'F', True, (3, 2))", S],
  ['fullLike F input', (i) => sv.fullLike(i.aT, 7), 'np.full_like(aT, 7)', S],
  ['fullLike truncates (unsafe cast)', (i) => sv.fullLike(i.p3, 2.5, 'int32'), "np.full_like(p3, 2.5, 'int32')", S],
  ['fullLike shape by name', (i) => sv.fullLike(i.a23, 1, { shape: [4, 2] }), 'np.full_like(a23, 1, shape=(4, 2))', S],
  ['fullLike array fill value', (i) => sv.fullLike(i.aT, [1, 2, 3]), 'np.full_like(aT, [1, 2, 3])', S],
  ['emptyLike F input', (i) => sv.emptyLike(i.aT), 'np.empty_like(aT)', SN],
  ['emptyLike same rank, other shape (K)', (i) => sv.emptyLike(i.p3, { shape: [3, 2, 5] }), 'np.empty_like(p3, shape=(3, 2, 5))', SN],
  ['emptyLike other rank (K: C)', (i) => sv.emptyLike(i.p3, { shape: [6, 4] }), 'np.empty_like(p3, shape=(6, 4))', SN],
  ['emptyLike order F, dtype', (i) => sv.emptyLike(i.a23, { order: 'F', dtype: 'int8' }), "np.empty_like(a23, order='F', dtype='int8')", SN],
  // ---------------------------------------------------------------- array
  ['array dtype positional', () => sv.array([[1, 2], [3, 4]], 'int32'), "np.array([[1, 2], [3, 4]], 'int32')", S],
  ['array order F of JS data', () => sv.array([[1, 2, 3], [4, 5, 6]], { order: 'F' }), "np.array([[1., 2, 3], [4, 5, 6]], order='F')", S],
  ['array order F, dtype positional', () => sv.array([[1, 2, 3], [4, 5, 6]], 'int16', { order: 'F' }), "np.array([[1, 2, 3], [4, 5, 6]], 'int16', order='F')", S],
  ['array of an F array keeps F (K)', (i) => sv.array(i.aT), 'np.array(aT)', S],
  ['array of a permuted array keeps its order (K)', (i) => sv.array(i.p3), 'np.array(p3)', S],
  ['array order C', (i) => sv.array(i.aT, { order: 'C' }), "np.array(aT, order='C')", S],
  ['array order A', (i) => sv.array(i.aT, { order: 'A' }), "np.array(aT, order='A')", S],
  ['array order A of a permuted array', (i) => sv.array(i.p3, { order: 'A' }), "np.array(p3, order='A')", S],
  ['array with a cast, order F', (i) => sv.array(i.p3, 'int32', { order: 'F' }), "np.array(p3, 'int32', order='F')", S],
  ['array ndmin', () => sv.array([1, 2], { ndmin: 3 }), 'np.array([1., 2.], ndmin=3)', S],
  ['array ndmin of a 2-d array', (i) => sv.array(i.a23, { ndmin: 4 }), 'np.array(a23, ndmin=4)', S],
  ['array ndmin of a permuted array, copy false', (i) => sv.array(i.p3, { ndmin: 4, copy: false }), 'np.array(p3, ndmin=4, copy=False)', S],
  ['array ndmin of a scalar', () => sv.array(5, { ndmin: 2 }), 'np.array(5., ndmin=2)', S],
  ['array ndmin of an F array', (i) => sv.array(i.aT, { ndmin: 3 }), 'np.array(aT, ndmin=3)', S],
  ['array of a typed array, F', () => sv.array(new Int16Array([1, 2, 3, 4, 5, 6]), { order: 'F' }), "np.array(np.array([1, 2, 3, 4, 5, 6], 'int16'), order='F')", S],
  ['array copy false with a cast copies', (i) => sv.array(i.a23, 'float32', { copy: false }), "np.array(a23, 'float32', copy=False)", S],
  ['array copy false order F of a C array copies', (i) => sv.array(i.a23, { copy: false, order: 'F' }), "np.array(a23, copy=False, order='F')", S],
  // ---------------------------------------------------------------- meshgrid
  ['meshgrid', (i) => sv.meshgrid(i.x, i.y), 'np.meshgrid(x, y)'],
  ['meshgrid ij', (i) => sv.meshgrid(i.x, i.y, { indexing: 'ij' }), "np.meshgrid(x, y, indexing='ij')"],
  ['meshgrid sparse, three inputs', (i) => sv.meshgrid(i.x, i.y, i.z, { sparse: true }), 'np.meshgrid(x, y, z, sparse=True)'],
  ['meshgrid copy false', (i) => sv.meshgrid(i.x, i.y, { copy: false, indexing: 'xy' }), 'np.meshgrid(x, y, copy=False)'],
  // ---------------------------------------------------------------- reordering
  ['roll flat', (i) => sv.roll(i.a23, 1), 'np.roll(a23, 1)'],
  ['roll axis positional', (i) => sv.roll(i.a23, 1, 0), 'np.roll(a23, 1, 0)'],
  ['roll axis by name', (i) => sv.roll(i.a23, 1, { axis: 1 }), 'np.roll(a23, 1, axis=1)'],
  ['roll several axes', (i) => sv.roll(i.a23, [1, 1], [0, 1]), 'np.roll(a23, (1, 1), (0, 1))'],
  ['roll axis null', (i) => sv.roll(i.aT, -1, null), 'np.roll(aT, -1, None)'],
  ['rot90', (i) => sv.rot90(i.a23), 'np.rot90(a23)'],
  ['rot90 k positional', (i) => sv.rot90(i.a23, 2), 'np.rot90(a23, 2)'],
  ['rot90 axes positional', (i) => sv.rot90(i.p3, 1, [1, 2]), 'np.rot90(p3, 1, (1, 2))'],
  ['rot90 by name', (i) => sv.rot90(i.p3, { k: 3, axes: [0, 2] }), 'np.rot90(p3, k=3, axes=(0, 2))'],
  ['triu k positional', (i) => sv.triu(i.a33, 1), 'np.triu(a33, 1)'],
  ['triu k by name', (i) => sv.triu(i.a33, { k: -1 }), 'np.triu(a33, k=-1)'],
  ['tril k positional', (i) => sv.tril(i.a33, -1), 'np.tril(a33, -1)'],
  ['tril k by name', (i) => sv.tril(i.a33, { k: -1 }), 'np.tril(a33, k=-1)'],
  ['tril of a strided input', (i) => sv.tril(i.aT), 'np.tril(aT)'],
  ['diff', (i) => sv.diff(i.x), 'np.diff(x)'],
  ['diff n and axis positional', (i) => sv.diff(i.sq, 2, 0), 'np.diff(sq, 2, 0)'],
  ['diff n and axis by name', (i) => sv.diff(i.sq, { n: 2, axis: 0 }), 'np.diff(sq, n=2, axis=0)'],
  ['diff prepend positional', (i) => sv.diff(i.a23, 1, -1, 0), 'np.diff(a23, 1, -1, 0)'],
  ['diff append by name', (i) => sv.diff(i.a23, { append: [[9], [9]] }), 'np.diff(a23, append=[[9], [9]])'],
  ['diff strided, prepend by name', (i) => sv.diff(i.aT, { n: 2, axis: 0, prepend: 0 }), 'np.diff(aT, n=2, axis=0, prepend=0)'],
  // ---------------------------------------------------------------- joining
  ['concatenate', (i) => sv.concatenate([i.a23, i.aT]), 'np.concatenate([a23, aT])'],
  ['concatenate axis positional', (i) => sv.concatenate([i.a23, i.aT], 1), 'np.concatenate([a23, aT], 1)'],
  ['concatenate axis null positional', (i) => sv.concatenate([i.a23, i.x], null), 'np.concatenate([a23, x], None)'],
  ['concatenate axis null by name', (i) => sv.concatenate([i.aT, i.x], { axis: null }), 'np.concatenate([aT, x], axis=None)'],
  ['concatenate dtype', (i) => sv.concatenate([i.a23, i.i32], { dtype: 'float32' }), "np.concatenate([a23, i32], dtype='float32')"],
  ['concatenate promotes', (i) => sv.concatenate([i.i32, i.a23], -1), 'np.concatenate([i32, a23], -1)'],
  ['concatenate dtype, casting unsafe', (i) => sv.concatenate([i.a23, i.i32], { dtype: 'int16', casting: 'unsafe' }), "np.concatenate([a23, i32], dtype='int16', casting='unsafe')"],
  ['concatenate casting no, one dtype', (i) => sv.concatenate([i.i32, i.i32], 1, { casting: 'no' }), "np.concatenate([i32, i32], 1, casting='no')"],
  ['concatenate casting no refuses a promotion', (i) => sv.concatenate([i.i32, i.a23], { casting: 'no' }), "np.concatenate([i32, a23], casting='no')"],
  ['concatenate dtype refuses float to int (same_kind)', (i) => sv.concatenate([i.a23, i.a23], { dtype: 'int32' }), "np.concatenate([a23, a23], dtype='int32')"],
  ['concatenate casting safe', (i) => sv.concatenate([i.i32, i.a23], { casting: 'safe' }), "np.concatenate([i32, a23], casting='safe')"],
  [
    'concatenate into an F-order out positional',
    (i) => intoOut([4, 3], { order: 'F' }, (o) => sv.concatenate([i.a23, i.fl], 0, o)),
    "(lambda o: (np.concatenate([a23, fl], 0, o), o)[1])(np.zeros((4, 3), order='F'))",
    S,
  ],
  [
    'concatenate into an int out, casting unsafe',
    (i) => intoOut([2, 6], 'int32', (o) => sv.concatenate([i.a23, i.aT], { axis: 1, out: o, casting: 'unsafe' })),
    "(lambda o: (np.concatenate([a23, aT], axis=1, out=o, casting='unsafe'), o)[1])(np.zeros((2, 6), 'int32'))",
  ],
  [
    'concatenate out refuses float into int (same_kind)',
    (i) => sv.concatenate([i.a23, i.aT], 1, sv.zeros([2, 6], 'int32')),
    "np.concatenate([a23, aT], 1, np.zeros((2, 6), 'int32'))",
  ],
  ['concatenate out and dtype together', (i) => sv.concatenate([i.a23], 0, sv.zeros([2, 3]), { dtype: 'float64' }), "np.concatenate([a23], 0, np.zeros((2, 3)), dtype='float64')"],
  ['stack axis positional', (i) => sv.stack([i.a23, i.aT], 1), 'np.stack([a23, aT], 1)'],
  ['stack by name with dtype', (i) => sv.stack([i.a23, i.i32], { axis: -1, dtype: 'float32' }), "np.stack([a23, i32], axis=-1, dtype='float32')"],
  [
    'stack into out positional',
    (i) => intoOut([3, 2], 'float32', (o) => sv.stack([i.x, i.x], 1, o)),
    "(lambda o: (np.stack([x, x], 1, o), o)[1])(np.zeros((3, 2), 'float32'))",
  ],
  ['stack dtype refuses float to int8', (i) => sv.stack([i.i32, i.a23], { dtype: 'int8' }), "np.stack([i32, a23], dtype='int8')"],
  ['stack casting no', (i) => sv.stack([i.i32, i.a23], 0, null, { casting: 'no' }), "np.stack([i32, a23], 0, None, casting='no')"],
  ['split sections and axis positional', (i) => sv.split(i.a23, 3, 1), 'np.split(a23, 3, 1)'],
  ['split indices', () => sv.split(sv.arange(6, { dtype: 'float64' }), [2, 5]), "np.split(np.arange(6, dtype='float64'), [2, 5])"],
  ['split axis by name', (i) => sv.split(i.sq, 2, { axis: 1 }), 'np.split(sq, 2, axis=1)'],
  ['vstack', (i) => sv.vstack([i.x, i.x]), 'np.vstack([x, x])'],
  ['vstack dtype', (i) => sv.vstack([i.x, i.a23], { dtype: 'float32' }), "np.vstack([x, a23], dtype='float32')"],
  ['hstack dtype, casting', (i) => sv.hstack([i.a23, i.aT], { dtype: 'int64', casting: 'unsafe' }), "np.hstack([a23, aT], dtype='int64', casting='unsafe')"],
  ['hstack casting refuses', (i) => sv.hstack([i.a23, i.i32], { dtype: 'int32' }), "np.hstack([a23, i32], dtype='int32')"],
  ['hstack 1-d', (i) => sv.hstack([i.x, i.y]), 'np.hstack([x, y])'],
  ['dstack', (i) => sv.dstack([i.a23, i.aT]), 'np.dstack([a23, aT])'],
  ['tile', (i) => sv.tile(i.a23, 2), 'np.tile(a23, 2)'],
  ['tile reps list', (i) => sv.tile(i.aT, [2, 1, 2]), 'np.tile(aT, (2, 1, 2))'],
  ['repeat flat', (i) => sv.repeat(i.a23, 2), 'np.repeat(a23, 2)'],
  ['repeat axis positional', (i) => sv.repeat(i.a23, 2, 0), 'np.repeat(a23, 2, 0)'],
  ['repeat per element by name', (i) => sv.repeat(i.a23, [1, 2], { axis: 0 }), 'np.repeat(a23, [1, 2], axis=0)'],
  ['repeat strided', (i) => sv.repeat(i.aT, 2, 1), 'np.repeat(aT, 2, 1)'],
];

const PY_SCRIPT = `
import json, sys, numpy as np
${PY_INPUTS}
def flat(v):
  return [float(t) for t in np.asarray(v).ravel().tolist()]
def enc(r):
  if isinstance(r, (list, tuple)):
    return {'list': [enc(v) for v in r]}
  if isinstance(r, float):
    return {'scalar': r}
  return {'dtype': str(r.dtype), 'shape': list(r.shape), 'strides': [s // r.itemsize for s in r.strides],
          'values': ['nan' if t != t else t for t in flat(r)], 'c': bool(r.flags.c_contiguous)}
out = []
for e in json.load(sys.stdin):
  try:
    out.append(enc(eval(e)))
  except Exception as ex:
    out.append({'error': type(ex).__name__ + ': ' + str(ex)})
print(json.dumps(out))
`;

function encJs(r) {
  if (Array.isArray(r)) return { list: r.map(encJs) };
  if (typeof r === 'number') return { scalar: r };
  const num = (v) => (typeof v === 'bigint' ? Number(v) : typeof v === 'boolean' ? +v : v);
  const values = Array.from(r.toTypedArray(), num).map((v) => (Number.isNaN(v) ? 'nan' : v));
  return { dtype: r.dtype, shape: r.shape, strides: r.strides, values, c: r.isCContiguous };
}

function compare(js, np, opts, where) {
  if ('list' in np) {
    assert.ok('list' in js, `${where}: NumPy returned a list, strideview ${JSON.stringify(js)}`);
    assert.equal(js.list.length, np.list.length, `${where}: list length`);
    js.list.forEach((x, k) => compare(x, np.list[k], opts, `${where}[${k}]`));
    return;
  }
  if ('scalar' in np) {
    assert.ok(Math.abs(js.scalar - np.scalar) <= 1e-15 * Math.abs(np.scalar), `${where}: ${js.scalar} vs NumPy's ${np.scalar}`);
    return;
  }
  assert.equal(js.dtype, np.dtype, `${where}: dtype`);
  assert.deepEqual(js.shape, np.shape, `${where}: shape`);
  if (opts?.strides) {
    assert.deepEqual(js.strides, np.strides, `${where}: strides`);
    assert.equal(js.c, np.c, `${where}: isCContiguous`);
  }
  if (opts?.noValues) return;
  assert.equal(js.values.length, np.values.length, `${where}: size`);
  js.values.forEach((v, k) => {
    const w = np.values[k];
    const ok = v === w || (typeof v === 'number' && typeof w === 'number' && Math.abs(v - w) <= 1e-13 * Math.max(1, Math.abs(w)));
    assert.ok(ok, `${where}: element ${k} is ${v}, NumPy's ${w}`);
  });
}

const NP = HAVE_PY
  ? (() => {
      const py = spawnSync(PY, ['-c', PY_SCRIPT], { input: JSON.stringify(CASES.map((c) => c[2])), maxBuffer: 1 << 26 });
      if (py.status !== 0) throw new Error(`python failed: ${py.stderr}`);
      return JSON.parse(String(py.stdout));
    })()
  : null;

test('creation, reordering and joining against NumPy: positional, by name, mixed; order, dtype, out, casting', { skip: !HAVE_PY && 'no python3' }, () => {
  const problems = [];
  CASES.forEach(([name, js, expr, opts], k) => {
    const np = NP[k];
    const inputs = jsInputs();
    try {
      let r;
      let err = null;
      try {
        r = js(inputs);
      } catch (e) {
        err = e;
      }
      if ('error' in np) {
        if (err === null) problems.push(`${name}: NumPy raised ${np.error}, strideview returned`);
        else if (!/cannot cast|cannot both|casting/i.test(err.message)) problems.push(`${name}: ${err.message} (NumPy: ${np.error})`);
        return;
      }
      if (err !== null) {
        problems.push(`${name}: strideview raised ${err.message}; NumPy: ${expr}`);
        return;
      }
      compare(encJs(r), np, opts, name);
    } catch (e) {
      problems.push(e.message.split('\n')[0]);
    } finally {
      for (const v of Object.values(inputs)) v.dispose();
    }
  });
  assert.deepEqual(problems, []);
});

test('copy=false returns the input itself when nothing needs converting (NumPy: np.array(a, copy=False) is a)', () => {
  const { a23, aT, p3 } = jsInputs();
  assert.equal(sv.array(a23, { copy: false }), a23);
  assert.equal(sv.array(aT, null, { copy: false, order: 'F' }), aT);
  assert.equal(sv.array(p3, { copy: false, order: 'K' }), p3);
  assert.notEqual(sv.array(aT, { copy: false, order: 'C' }), aT);
  const c = sv.array(a23);
  assert.notEqual(c, a23);
  assert.equal(c.base, null, 'a copy owns its buffer');
  const f = sv.zeros([2, 3], { order: 'F' });
  assert.equal(f.base, null, 'an F-order array owns its buffer');
  assert.equal(f.isCContiguous, false);
  const t = f.transpose();
  assert.equal(t.isCContiguous, true, 'its transpose is C-contiguous');
  f.fill(3);
  assert.deepEqual(f.toArray(), [[3, 3, 3], [3, 3, 3]]);
  const r = sv.add(f, 1, { order: 'K' });
  assert.deepEqual(r.strides, [1, 2], 'ufuncs keep the F order (K)');
});

test('errors name the op and the parameter; unknown options point to the right name', () => {
  const a = sv.arange(6, { dtype: 'float64' }).reshape([2, 3]);
  const te = (fn, re) => assert.throws(fn, (e) => e instanceof TypeError && re.test(e.message), String(re));
  te(() => sv.zeros([2], { dtyp: 'int32' }), /^zeros: unknown option 'dtyp'; did you mean 'dtype'\?/);
  te(() => sv.eye(3, { m: 4 }), /^eye: unknown option 'm'; did you mean 'M'\?/);
  te(() => sv.zeros([2, 3], { order: 'K' }), /^zeros: order must be 'C' or 'F', got "K"/);
  te(() => sv.eye(3, { order: 'A' }), /^eye: order must be 'C' or 'F', got "A"/);
  te(() => sv.zerosLike(a, { order: 'X' }), /^zerosLike: order must be one of 'K', 'A', 'C', 'F', got "X"/);
  te(() => sv.zeros(2, { like: a }), /^zeros: like=.* is not supported \(supported: null/);
  te(() => sv.array([1], { subok: 1 }), /^array: subok must be a boolean, got 1/);
  te(() => sv.array([1], { copy: 'no' }), /^array: copy must be a boolean, got "no"/);
  te(() => sv.arange(0, 5, 1, 'int32', { like: 1 }), /^arange: like=1 is not supported/);
  te(() => sv.concatenate({ arrays: [a] }), /^concatenate: expected an array of arrays/);
  te(() => sv.concatenate([a], 0, null, 'float32'), /^concatenate: takes at most 3 positional arguments .*dtype and the parameters after it are keyword-only/);
  te(() => sv.vstack([a], 'float32'), /^vstack: takes at most 1 positional argument/);
  te(() => sv.meshgrid([1], { index: 'ij' }), /^meshgrid: unknown option 'index'/);
  te(() => sv.linspace(0, 1, { retsetp: true }), /^linspace: unknown option 'retsetp'; did you mean 'retstep'\?/);
  te(() => sv.diff(a, { n: 2, axis: 0, prepend: null }), /^diff: prepend must be a number or an array, got null/);
  te(() => sv.tril(a, { k: 'x' }), /^tril: k must be an integer.*got "x"/);
  te(() => sv.full([2], 'x'), /^full: fillValue must be a number, a bigint, a boolean or an array, got "x"/);
  te(() => sv.rot90(a, { axes: 1 }), /^rot90: axes must be an array of 2 integers, got 1/);
  te(() => sv.split(a, 2, null), /^split: axis must be an integer, got null/);
  assert.throws(() => sv.logspace(0, 1, -2), (e) => /^logspace: num must be >= 0/.test(e.message), 'logspace names itself, not linspace');
  assert.throws(() => sv.linspace(0, 1, 3, { axis: 1 }), (e) => /^linspace: axis 1 is out of bounds for array of dimension 1/.test(e.message));
  te(() => sv.linspace([0, 1], 2), /^linspace: start must be a number \(array start and stop are not supported\)/);
  // out is left untouched when a cast is refused
  const o = sv.full([2, 6], 5, 'int32');
  assert.throws(() => sv.concatenate([sv.arange(6, { dtype: 'int32' }).reshape([2, 3]), a], 1, o), (e) => e.code === 'type_error');
  assert.deepEqual(o.toArray().flat(), new Array(12).fill(5));
  (a.base ?? a).dispose();
});
