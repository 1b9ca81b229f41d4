// Operations over NDArrays: elementwise with NumPy broadcasting, where, reductions, joining and
// tiling. Shapes are broadcast by C++ (Shape.broadcast), operands expanded by C++ view ops inside
// the kernel call, dtypes promoted by the table in dtype.ts.
import { type DType, type Scalar, info, promoteTypes, resultTypeWithScalar, scalarDType } from './dtype.js';
import { StrideViewError, fmt, toInt, toInts, withOp } from './errors.js';
import { NDArray, A, R, type NestedArray, asArray, full, gather, kernelCopy, normAxes, putOperand } from './ndarray.js';
import { Op, wire } from './wire.js';
import { Shape } from './shape.js';

/** What the operations accept: an NDArray, a scalar, or nested JS arrays. */
export type ArrayInput = NDArray | Scalar | NestedArray;

interface Prepared {
  arrays: NDArray[];
  temps: NDArray[];
  dtype: DType;
}

function isScalar(x: unknown): x is Scalar {
  return typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean';
}

function release(temps: NDArray[]): void {
  for (const t of temps) t.dispose();
}

/** Converts inputs to NDArrays of one common dtype (NumPy promotion; scalars value-based). */
function prepare(op: string, inputs: readonly unknown[], force?: (d: DType) => DType): Prepared {
  const temps: NDArray[] = [];
  try {
    const arrs: (NDArray | null)[] = inputs.map((x) => {
      if (isScalar(x)) return null;
      if (x instanceof NDArray) {
        x._check(op);
        return x;
      }
      const a = asArray(op, x);
      temps.push(a);
      return a;
    });
    let dt: DType | null = null;
    for (const a of arrs) if (a) dt = dt === null ? a.dtype : promoteTypes(dt, a.dtype);
    if (dt === null) {
      for (const x of inputs) {
        const s = scalarDType(x as Scalar, op);
        dt = dt === null ? s : promoteTypes(dt, s);
      }
    } else {
      for (const x of inputs) if (isScalar(x)) dt = resultTypeWithScalar(dt, x);
    }
    let d = dt!;
    if (force) d = force(d);
    const arrays = inputs.map((x, i) => {
      const a = arrs[i];
      if (!a) {
        const t = full([], x as Scalar, d);
        temps.push(t);
        return t;
      }
      if (a.dtype !== d || (a.mask !== null && a.fillValue !== 0)) {
        const t = a._materialize(op, d);
        temps.push(t);
        return t;
      }
      return a;
    });
    return { arrays, temps, dtype: d };
  } catch (e) {
    release(temps);
    throw e;
  }
}

function broadcastShapes(op: string, arrays: NDArray[]): number[] {
  if (arrays.length === 1) return arrays[0]!.shape;
  try {
    return Shape.broadcast(arrays[0]!.shape, arrays[1]!.shape, ...arrays.slice(2).map((a) => a.shape));
  } catch (e) {
    if (e instanceof StrideViewError) {
      throw new StrideViewError(
        e.code,
        `${op}: operands could not be broadcast together with shapes ${arrays.map((a) => fmt(a.shape)).join(' ')} (${e.message})`,
      );
    }
    throw e;
  }
}

/** A new array of shape and dtype written by fill (one kernel call); disposed again when fill throws. */
function fresh(op: string, shape: readonly number[], dtype: DType, fill: (out: NDArray) => void): NDArray {
  const out = NDArray._empty(op, shape, dtype);
  try {
    fill(out);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

/** One kernel request: [code?] operands... extra... */
function kernel(opcode: Op, code: number | null, operands: readonly NDArray[], extra: readonly number[] = []): void {
  wire.begin();
  if (code !== null) wire.put(code);
  for (const a of operands) putOperand(wire, a);
  for (const x of extra) wire.put(x);
  wire.call(opcode);
}

const BINARY = {
  add: 0,
  sub: 1,
  mul: 2,
  div: 3,
  maximum: 4,
  minimum: 5,
  equal: 6,
  notEqual: 7,
  less: 8,
  lessEqual: 9,
  greater: 10,
  greaterEqual: 11,
} as const;

function binary(name: keyof typeof BINARY, a: ArrayInput, b: ArrayInput): NDArray {
  return withOp(name, () => {
    const code = BINARY[name];
    const cmp = code >= 6;
    const force =
      name === 'div' ? (d: DType): DType => (info(d).kind === 'f' ? d : 'float64') : undefined;
    const p = prepare(name, [a, b], force);
    try {
      const shape = broadcastShapes(name, p.arrays);
      return fresh(name, shape, cmp ? 'bool' : p.dtype, (out) => kernel(Op.KernelBinary, code, [out, ...p.arrays]));
    } finally {
      release(p.temps);
    }
  });
}

/** a + b with broadcasting (dtypes promoted NumPy-style; bool + bool is logical or). */
export function add(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('add', a, b);
}
/** a - b (an error for bool operands). */
export function sub(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('sub', a, b);
}
/** a * b (bool * bool is logical and). */
export function mul(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('mul', a, b);
}
/** True division: integers and bools give float64; integer x/0 is 0 in the kernels' int path (never reached here). */
export function div(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('div', a, b);
}
/** Elementwise maximum (NaN propagates). */
export function maximum(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('maximum', a, b);
}
/** Elementwise minimum (NaN propagates). */
export function minimum(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('minimum', a, b);
}
/** a == b (bool result). */
export function equal(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('equal', a, b);
}
export function notEqual(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('notEqual', a, b);
}
export function less(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('less', a, b);
}
export function lessEqual(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('lessEqual', a, b);
}
export function greater(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('greater', a, b);
}
export function greaterEqual(a: ArrayInput, b: ArrayInput): NDArray {
  return binary('greaterEqual', a, b);
}

/** cond ? a : b elementwise, all three broadcast (cond is cast to bool: nonzero is true). */
export function where(cond: ArrayInput, a: ArrayInput, b: ArrayInput): NDArray {
  const op = 'where';
  return withOp(op, () => {
    const c = prepare(op, [cond], () => 'bool');
    try {
      const p = prepare(op, [a, b]);
      try {
        const shape = broadcastShapes(op, [c.arrays[0]!, ...p.arrays]);
        return fresh(op, shape, p.dtype, (out) => kernel(Op.KernelWhere, null, [out, c.arrays[0]!, ...p.arrays]));
      } finally {
        release(p.temps);
      }
    } finally {
      release(c.temps);
    }
  });
}

const UNARY = { neg: 0, abs: 1, sqrt: 2, exp: 3, log: 4 } as const;

function unary(name: keyof typeof UNARY, a: ArrayInput): NDArray {
  return withOp(name, () => {
    const code = UNARY[name];
    const toFloat =
      code >= 2
        ? (d: DType): DType => {
            const I = info(d);
            if (I.kind === 'f') return d;
            return I.bits <= 16 ? 'float32' : 'float64';
          }
        : undefined;
    const p = prepare(name, [a], toFloat);
    try {
      const src = p.arrays[0]!;
      return fresh(name, src.shape, p.dtype, (out) => kernel(Op.KernelUnary, code, [out, src]));
    } finally {
      release(p.temps);
    }
  });
}

/** -a (an error for bool). */
export function neg(a: ArrayInput): NDArray {
  return unary('neg', a);
}
/** |a|. */
export function abs(a: ArrayInput): NDArray {
  return unary('abs', a);
}
/** Square root (integers: float32 up to 16 bits, else float64). */
export function sqrt(a: ArrayInput): NDArray {
  return unary('sqrt', a);
}
export function exp(a: ArrayInput): NDArray {
  return unary('exp', a);
}
export function log(a: ArrayInput): NDArray {
  return unary('log', a);
}

/** Options of the reductions. */
export interface ReduceOptions {
  /** Axes to reduce (default: all). */
  axes?: number | readonly number[];
  /** Keep reduced dims as size 1. */
  keepdims?: boolean;
}

const REDUCE = { sum: 0, max: 1, min: 2, mean: 3 } as const;

function sumType(d: DType): DType {
  const I = info(d);
  if (I.kind === 'f') return d;
  if (I.kind === 'u') return 'uint64';
  return 'int64';
}

function reduce(name: keyof typeof REDUCE, x: ArrayInput, options: ReduceOptions): NDArray {
  return withOp(name, () => {
    const code = REDUCE[name];
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${name}: options must be an object, got ${fmt(options)}`);
    }
    if (options.keepdims !== undefined && typeof options.keepdims !== 'boolean') {
      throw new TypeError(`${name}: keepdims must be a boolean, got ${fmt(options.keepdims)}`);
    }
    const p = prepare(name, [x]);
    try {
      const a = p.arrays[0]!;
      const sh = a.shape;
      const axes = options.axes === undefined ? sh.map((_, i) => i) : normAxes(name, options.axes, sh.length);
      let maskBits = 0;
      for (const ax of axes) maskBits += 2 ** ax;
      const keep = sh.map((d, i) => (axes.includes(i) ? 1 : d));
      const outType =
        name === 'sum' ? sumType(a.dtype) : name === 'mean' ? (a.dtype === 'float32' ? 'float32' : 'float64') : a.dtype;
      return fresh(name, keep, outType, (out) => {
        kernel(Op.KernelReduce, code, [out, a], [maskBits]);
        if (!options.keepdims) out._setView(out.view.reshape(sh.filter((_, i) => !axes.includes(i))));
      });
    } finally {
      release(p.temps);
    }
  });
}

/** Sum over axes (bool and signed ints accumulate in int64, unsigned in uint64, floats in their type). */
export function sum(a: ArrayInput, options: ReduceOptions = {}): NDArray {
  return reduce('sum', a, options);
}
/** Maximum over axes (an error for an empty reduction). */
export function max(a: ArrayInput, options: ReduceOptions = {}): NDArray {
  return reduce('max', a, options);
}
/** Minimum over axes (an error for an empty reduction). */
export function min(a: ArrayInput, options: ReduceOptions = {}): NDArray {
  return reduce('min', a, options);
}
/** Mean over axes (float64, or float32 for float32 input). */
export function mean(a: ArrayInput, options: ReduceOptions = {}): NDArray {
  return reduce('mean', a, options);
}

// ------------------------------------------------------------------------------------ joining

function arrayList(op: string, arrays: unknown): { list: NDArray[]; temps: NDArray[] } {
  if (!Array.isArray(arrays)) throw new TypeError(`${op}: expected an array of arrays, got ${fmt(arrays)}`);
  if (arrays.length === 0) {
    throw new StrideViewError('invalid_argument', `${op}: need a non-empty array of arrays, got ${fmt(arrays)}`);
  }
  const temps: NDArray[] = [];
  try {
    const list = arrays.map((x) => {
      const a = asArray(op, x);
      if (a !== x) temps.push(a);
      return a;
    });
    return { list, temps };
  } catch (e) {
    release(temps);
    throw e;
  }
}

function concatList(op: string, list: NDArray[], axis: number): NDArray {
  const nd = list[0]!.ndim;
  if (nd === 0) throw new StrideViewError('invalid_argument', `${op}: zero-dimensional arrays cannot be concatenated`);
  const ax = toInt(op, 'axis', axis);
  const a = ax < 0 ? ax + nd : ax;
  if (a < 0 || a >= nd) throw new StrideViewError('out_of_range', `${op}: axis ${ax} is out of bounds for array of dimension ${nd}`);
  const shape = list[0]!.shape;
  let dt = list[0]!.dtype;
  for (let k = 1; k < list.length; k++) {
    const s = list[k]!.shape;
    if (s.length !== nd) {
      throw new StrideViewError(
        'rank_mismatch',
        `${op}: all the input arrays must have the same number of dimensions, but the array at index 0 has ${nd} dimension(s) and the array at index ${k} has ${s.length}`,
      );
    }
    for (let i = 0; i < nd; i++) {
      if (i !== a && s[i] !== shape[i]) {
        throw new StrideViewError(
          'shape_mismatch',
          `${op}: all the input array dimensions except for the concatenation axis must match exactly, but along dimension ${i}, the array at index 0 has size ${shape[i]} and the array at index ${k} has size ${s[i]}`,
        );
      }
    }
    shape[a] = shape[a]! + s[a]!;
    dt = promoteTypes(dt, list[k]!.dtype);
  }
  return fresh(op, shape, dt, (out) => {
    let off = 0;
    for (const x of list) {
      const n = x.shape[a]!;
      if (n > 0 && out.size > 0) {
        const bounds = shape.map((d, i) => (i === a ? ([off, off + n] as [number, number]) : ([0, d] as [number, number])));
        kernelCopy(out._derive(out.view.shrink(bounds)), x);
      }
      off += n;
    }
  });
}

function concatenateImpl(arrays: readonly ArrayInput[], axis: number = 0): NDArray {
  const { list, temps } = arrayList('concatenate', arrays);
  try {
    return concatList('concatenate', list, axis);
  } finally {
    release(temps);
  }
}

function stackImpl(arrays: readonly ArrayInput[], axis: number = 0): NDArray {
  const op = 'stack';
  const { list, temps } = arrayList(op, arrays);
  try {
    const s0 = list[0]!.shape;
    list.forEach((x, k) => {
      const s = x.shape;
      if (s.length !== s0.length || s.some((d, i) => d !== s0[i])) {
        throw new StrideViewError('shape_mismatch', `${op}: all input arrays must have the same shape, but the array at index 0 has shape ${fmt(s0)} and the array at index ${k} has shape ${fmt(s)}`);
      }
    });
    const [ax] = normAxes(op, toInt(op, 'axis', axis), s0.length + 1);
    return concatList(op, list.map((x) => x.unsqueeze(ax!)), ax!);
  } finally {
    release(temps);
  }
}

function splitImpl(a: NDArray, sections: number | readonly number[], axis: number = 0): NDArray[] {
  const op = 'split';
  if (!(a instanceof NDArray)) throw new TypeError(`${op}: expected an NDArray, got ${fmt(a)}`);
  a._check(op);
  const [ax] = normAxes(op, toInt(op, 'axis', axis), a.ndim);
  const n = a.shape[ax!]!;
  let cuts: number[];
  if (typeof sections === 'number' || typeof sections === 'bigint') {
    const k = toInt(op, 'sections', sections);
    if (k <= 0) throw new StrideViewError('invalid_argument', `${op}: number of sections must be larger than 0, got ${k}`);
    if (n % k !== 0) {
      throw new StrideViewError('shape_mismatch', `${op}: array split does not result in an equal division (size ${n} into ${k} sections)`);
    }
    cuts = Array.from({ length: k - 1 }, (_, i) => ((i + 1) * n) / k);
  } else {
    cuts = toInts(op, 'sections', sections);
  }
  const bounds = [0, ...cuts, n];
  const out: NDArray[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const specs = [...new Array(ax!).fill(A), R(bounds[i], bounds[i + 1])];
    out.push(a.slice(...specs));
  }
  return out;
}

function atLeast(op: string, a: NDArray, nd: 1 | 2 | 3): NDArray {
  const s = a.shape;
  if (s.length >= nd) return a;
  if (nd === 1) return a.reshape([1]);
  if (nd === 2) return a.reshape(s.length === 0 ? [1, 1] : [1, s[0]!]);
  if (s.length === 0) return a.reshape([1, 1, 1]);
  if (s.length === 1) return a.reshape([1, s[0]!, 1]);
  return a.reshape([s[0]!, s[1]!, 1]);
}

function vstackImpl(arrays: readonly ArrayInput[]): NDArray {
  const { list, temps } = arrayList('vstack', arrays);
  try {
    return concatList('vstack', list.map((x) => atLeast('vstack', x, 2)), 0);
  } finally {
    release(temps);
  }
}
function hstackImpl(arrays: readonly ArrayInput[]): NDArray {
  const { list, temps } = arrayList('hstack', arrays);
  try {
    const l = list.map((x) => atLeast('hstack', x, 1));
    return concatList('hstack', l, l[0]!.ndim === 1 ? 0 : 1);
  } finally {
    release(temps);
  }
}
function dstackImpl(arrays: readonly ArrayInput[]): NDArray {
  const { list, temps } = arrayList('dstack', arrays);
  try {
    return concatList('dstack', list.map((x) => atLeast('dstack', x, 3)), 2);
  } finally {
    release(temps);
  }
}

function tileImpl(a: ArrayInput, reps: number | readonly number[]): NDArray {
  const op = 'tile';
  const x = asArray(op, a);
  try {
    let r = typeof reps === 'number' || typeof reps === 'bigint' ? [toInt(op, 'reps', reps)] : toInts(op, 'reps', reps);
    for (const v of r) if (v < 0) throw new StrideViewError('invalid_argument', `${op}: reps must be non-negative, got ${fmt(r)}`);
    let s = x.shape;
    const nd = Math.max(r.length, s.length);
    r = [...new Array(nd - r.length).fill(1), ...r];
    s = [...new Array(nd - s.length).fill(1), ...s];
    const inter = s.flatMap((d) => [1, d]);
    const big = s.flatMap((d, i) => [r[i]!, d]);
    const v = x.reshape(inter).broadcastTo(big);
    const out = v._materialize(op);
    return out._setView(out.view.reshape(s.map((d, i) => d * r[i]!)));
  } finally {
    if (x !== a) x.dispose();
  }
}

function repeatImpl(a: ArrayInput, repeats: number | readonly number[], axis?: number): NDArray {
  const op = 'repeat';
  const x0 = asArray(op, a);
  let x = x0;
  try {
    let ax: number;
    if (axis === undefined || axis === null) {
      x = x0.reshape([-1]);
      ax = 0;
    } else {
      [ax] = normAxes(op, toInt(op, 'axis', axis), x0.ndim) as [number];
    }
    const s = x.shape;
    const n = s[ax]!;
    if (typeof repeats === 'number' || typeof repeats === 'bigint') {
      const k = toInt(op, 'repeats', repeats);
      if (k < 0) throw new StrideViewError('invalid_argument', `${op}: repeats must be non-negative, got ${k}`);
      const ins = [...s.slice(0, ax + 1), 1, ...s.slice(ax + 1)];
      const big = [...s.slice(0, ax + 1), k, ...s.slice(ax + 1)];
      const out = x.reshape(ins).broadcastTo(big)._materialize(op);
      const fin = s.slice();
      fin[ax] = n * k;
      return out._setView(out.view.reshape(fin));
    }
    let reps = toInts(op, 'repeats', repeats);
    if (reps.length === 1) reps = new Array<number>(n).fill(reps[0]!);
    if (reps.length !== n) {
      throw new StrideViewError('shape_mismatch', `${op}: ${reps.length} repeats for an axis of size ${n}`);
    }
    const idx: number[] = [];
    reps.forEach((k, i) => {
      if (k < 0) throw new StrideViewError('invalid_argument', `${op}: repeats must be non-negative, got ${k} at ${i}`);
      for (let j = 0; j < k; j++) idx.push(i);
    });
    return gather(x, ax, idx);
  } finally {
    if (x !== x0 && x.base === null) x.dispose();
    if (x0 !== a) x0.dispose();
  }
}

// ------------------------------------------------------------------------------------ public joins
// Every error names the op the user called, also when an inner step (a reshape, a slice, an
// allocation) raised it.

/** Joins arrays along an existing axis (dtypes promoted). */
export function concatenate(arrays: readonly ArrayInput[], axis: number = 0): NDArray {
  return withOp('concatenate', () => concatenateImpl(arrays, axis));
}
/** Joins arrays of equal shape along a new axis. */
export function stack(arrays: readonly ArrayInput[], axis: number = 0): NDArray {
  return withOp('stack', () => stackImpl(arrays, axis));
}
/** Views of consecutive parts: `sections` equal parts, or split before each listed index. */
export function split(a: NDArray, sections: number | readonly number[], axis: number = 0): NDArray[] {
  return withOp('split', () => splitImpl(a, sections, axis));
}
/** Stacks rows (axis 0; 1-d arrays become rows). */
export function vstack(arrays: readonly ArrayInput[]): NDArray {
  return withOp('vstack', () => vstackImpl(arrays));
}
/** Stacks columns (axis 1; 1-d arrays are concatenated along axis 0). */
export function hstack(arrays: readonly ArrayInput[]): NDArray {
  return withOp('hstack', () => hstackImpl(arrays));
}
/** Stacks along the third axis. */
export function dstack(arrays: readonly ArrayInput[]): NDArray {
  return withOp('dstack', () => dstackImpl(arrays));
}
/** Repeats the whole array reps times per axis (NumPy tile). */
export function tile(a: ArrayInput, reps: number | readonly number[]): NDArray {
  return withOp('tile', () => tileImpl(a, reps));
}
/** Repeats each element along axis (flattened when axis is omitted); repeats per element allowed. */
export function repeat(a: ArrayInput, repeats: number | readonly number[], axis?: number): NDArray {
  return withOp('repeat', () => repeatImpl(a, repeats, axis));
}
