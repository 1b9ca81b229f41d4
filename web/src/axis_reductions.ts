// The axis option of the composed NumPy functions (`{ axis }`: a number, an array of numbers, or
// null / undefined for all axes, as NumPy's axis=), reductions over a list of axes as one kernel
// call, and the conversion of a 0-d result into a JS value (NumPy returns a scalar there).
import { REDUCE_OPS, REDUCE_MORE_OPS } from './boundary_tables.js';
import { type DType, type Scalar, promoteTypes } from './dtype.js';
import { fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, empty, full, gather } from './ndarray.js';
import { axisSet, checkAxisOptions } from './axes.js';
import { compute, same, toBool } from './ops.js';
import { meanType, sumType } from './reductions.js';

/** @internal The options object of an op (an empty one when undefined); anything else is a TypeError. */
export function optionsOf<T extends object>(op: string, options: T | undefined): T {
  if (options === undefined) return {} as T;
  if (options === null || typeof options !== 'object' || options instanceof NDArray || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  }
  return options;
}

/**
 * @internal The options object of an op taking `{ axis }` as its argument `position` ('second',
 * 'third'): the old forms (a positional axis, the option `axes`) are refused with the new spelling
 * (axes.ts checkAxisOptions, as every op with an axis); `args` is what the example call shows
 * between `a` and the options.
 */
export function axisOptionsOf<T extends object>(op: string, options: T | undefined, position: string, args: string = ''): T {
  checkAxisOptions(op, options, position, `${op}(a, ${args}{ axis: ${fmt(options)} })`);
  return optionsOf(op, options);
}

/** @internal The axes of `{ axis }` (distinct, non-negative), or null for all axes (axes.ts axisSet). */
export function axisList(op: string, axis: unknown, ndim: number): number[] | null {
  return axisSet(op, axis, ndim);
}

/** @internal A boolean option (default when undefined). */
export function boolOption(op: string, name: string, v: unknown, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') throw new TypeError(`${op}: ${name} must be a boolean, got ${fmt(v)}`);
  return v;
}

/** @internal A finite-or-not number option (default when undefined). */
export function numberOption(op: string, name: string, v: unknown, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number') throw new TypeError(`${op}: ${name} must be a number, got ${fmt(v)}`);
  return v;
}

const bitsOf = (axes: readonly number[] | null, ndim: number): number => {
  if (axes === null) return 2 ** ndim - 1;
  let b = 0;
  for (const a of axes) b += 2 ** a;
  return b;
};

export type ReduceName = 'sum' | 'max' | 'min' | 'mean' | 'any' | 'all';

/**
 * @internal One reduction of `x` over `axes` (null: all) as one kernel call, its errors named
 * `op`: sum (bool and integers in int64 / uint64), max, min, mean (float32 stays, else float64),
 * any / all (bool).
 */
export function reduceAxes(op: string, name: ReduceName, x: NDArray, axes: readonly number[] | null, keepdims: boolean): NDArray {
  const bits = bitsOf(axes, x.ndim);
  const k = keepdims ? 1 : 0;
  if (name === 'any' || name === 'all') return compute(op, Kind.ReduceMore, REDUCE_MORE_OPS[name], [x], undefined, undefined, toBool, bits, k);
  const result = name === 'sum' ? sumType : name === 'mean' ? meanType : same;
  return compute(op, Kind.Reduce, REDUCE_OPS[name], [x], undefined, undefined, result, bits, k);
}

/** @internal The element of a 0-d array as a JS value (bigint for 64-bit integers); disposes the array. */
export function scalarOf(r: NDArray): Scalar {
  try {
    return r.item();
  } finally {
    r.dispose();
  }
}

/** @internal `r` itself, or its value when it is 0-d and `asScalar` holds (the array is disposed). */
export function maybeScalar(r: NDArray, asScalar: boolean): NDArray | Scalar {
  return asScalar && r.ndim === 0 ? scalarOf(r) : r;
}

/** @internal A 0-d array holding `v` stored as dtype `d` (NumPy's `dtype.type(v)`). */
export function scalarArray(v: Scalar, d: DType): NDArray {
  return full([], v, d);
}

/** @internal The input as an NDArray (nested JS arrays and scalars become temporaries the caller's tidy frees). */
export function input(op: string, a: unknown): NDArray {
  return asArray(op, a);
}

/**
 * @internal The arrays joined along `axis` in their promoted dtype (NumPy concatenate): one new
 * array, each part copied into its slab by the engine (broadcast parts are read in place).
 */
export function joinAlong(op: string, parts: readonly NDArray[], axis: number): NDArray {
  let d = parts[0]!.dtype;
  for (const p of parts) d = promoteTypes(d, p.dtype);
  const shape = parts[0]!.shape;
  shape[axis] = parts.reduce((s, p) => s + p.shape[axis]!, 0);
  const out = empty(shape, d);
  let at = 0;
  for (const p of parts) {
    const len = p.shape[axis]!;
    const slab = axisSlice(out, axis, at, at + len);
    try {
      slab.assign(p);
    } catch (e) {
      out.dispose();
      throw relabel(op, e);
    } finally {
      slab.dispose();
    }
    at += len;
  }
  return out;
}

/** @internal The elements of 1-D `a` at the positions held by the integer array `idx` (one engine gather). */
export function gatherAt(op: string, a: NDArray, idx: NDArray): NDArray {
  const ta = idx.toTypedArray();
  const pos = new Array<number>(ta.length);
  for (let i = 0; i < ta.length; i++) pos[i] = Number(ta[i]);
  return gather(a, 0, pos, op);
}

/** @internal The view of x with axis `ax` cut to [lo, hi) (0 <= lo <= hi <= its size; empty ranges allowed). */
export function axisSlice(x: NDArray, ax: number, lo: number, hi: number): NDArray {
  const spec = new Array<string>(ax).fill(':');
  spec.push(`${lo}:${hi}`);
  return x.slice(spec.join(', '));
}

/**
 * @internal A fresh result `r` (an owner in C order) given another shape, staying the owner: the
 * caller's dispose() then frees its buffer (a reshaped view would leave the base behind).
 */
export function reshaped(r: NDArray, shape: readonly number[]): NDArray {
  if (r._owner !== null || !r.isCContiguous) return r.reshape(shape);
  return r._setView(r.view.reshape(shape));
}
