// Reordering and differencing as NumPy: roll, rot90 (views), triu / tril and diff. Each is a
// composition of views (slices, flip, permute, broadcast) and engine ops (copies into slabs, where, sub).
// Each declares its NumPy signature (signature.ts).
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, asArray, normAxis } from './ndarray.js';
import { arange, full } from './creation.js';
import { type ArrayInput, add, greaterEqual, notEqual, sub, where } from './ops.js';
import { tidy } from './tidy.js';
import { axisSlice, joinAlong, reshaped } from './axis_reductions.js';
import { type SigRef, bind } from './signature.js';

function intList(op: string, what: string, v: unknown): number[] {
  if (Array.isArray(v)) return v.map((x) => toInt(op, what, x));
  return [toInt(op, what, v)];
}

/** Options of {@link roll}. */
export interface RollOptions {
  /** The shift (when not given positionally). */
  shift?: number | readonly number[];
  /** The axis or axes to roll along (shift and axis broadcast against each other); omitted or null: the flattened array, reshaped back. */
  axis?: number | readonly number[] | null;
}

const ROLL: SigRef = { sig: 'numpy.roll: roll(a: ArrayInput, shift: number | readonly number[], axis: number | readonly number[] | null = null) -> NDArray' };
/**
 * Elements shifted by `shift` along `axis`, those moving past the end coming back at the start
 * (NumPy roll; a new array): `roll(a, 1)`, `roll(a, 1, 0)`, `roll(a, [1, 2], { axis: [0, 1] })`.
 * `shift` and `axis` may be arrays of equal length (or one of them a single value): shifts of the
 * same axis add up. No axis (or null): the flattened array is rolled.
 */
// @overloads ROLL
export function roll(a: ArrayInput, shift: number | readonly number[], options?: { axis?: number | readonly number[] | null | undefined }): NDArray;
export function roll(a: ArrayInput, shift: number | readonly number[], axis?: number | readonly number[] | null): NDArray;
// @end
export function roll(...args: unknown[]): NDArray {
  const [a, shift, axis] = bind(ROLL, args);
  return rollImpl(a, shift, axis);
}

function rollImpl(a: unknown, shift: unknown, axis: unknown): NDArray {
  const op = 'roll';
  try {
    return tidy(() => {
      const x = asArray(op, a, undefined, 'a');
      if (axis === null) {
        const total = intList(op, 'shift', shift).reduce((p, s) => p + s, 0);
        return reshaped(rollImpl(x.reshape([-1]), total, 0), x.shape);
      }
      const shifts = intList(op, 'shift', shift);
      const axes = intList(op, 'axis', axis);
      if (shifts.length !== axes.length && shifts.length !== 1 && axes.length !== 1) {
        throw new StrideViewError('shape_mismatch', `${op}: shift ${fmt(shift)} and axis ${fmt(axis)} do not broadcast (lengths ${shifts.length} and ${axes.length})`);
      }
      const n = Math.max(shifts.length, axes.length);
      const by = new Array<number>(x.ndim).fill(0);
      for (let i = 0; i < n; i++) {
        const ax = normAxis(op, axes[axes.length === 1 ? 0 : i], x.ndim);
        by[ax]! += shifts[shifts.length === 1 ? 0 : i]!;
      }
      let r = x;
      for (let ax = 0; ax < x.ndim; ax++) {
        const len = x.shape[ax]!;
        if (len === 0) continue;
        const s = ((by[ax]! % len) + len) % len;
        if (s === 0) continue;
        r = joinAlong(op, [axisSlice(r, ax, len - s, len), axisSlice(r, ax, 0, len - s)], ax);
      }
      return r === x ? x.copy() : r;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

// NumPy's default axes=(0, 1): `undefined` here (a declaration's default is a scalar), read as [0, 1]
const ROT90: SigRef = { sig: 'numpy.rot90: rot90(m: ArrayInput, k: number = 1, axes: readonly number[] = undefined) -> NDArray' };
/**
 * The array rotated by 90 degrees `k` times in the plane of `axes` (default [0, 1]), from the first
 * axis towards the second (NumPy rot90): a view (flip and transpose), never a copy.
 * `rot90(m)`, `rot90(m, 2)`, `rot90(m, 1, [1, 2])`, `rot90(m, { axes: [1, 2] })`.
 */
// @overloads ROT90
export function rot90(m: ArrayInput, options?: { k?: number | undefined; axes?: readonly number[] | undefined }): NDArray;
export function rot90(m: ArrayInput, k?: number, options?: { axes?: readonly number[] | undefined }): NDArray;
export function rot90(m: ArrayInput, k?: number, axes?: readonly number[]): NDArray;
// @end
export function rot90(...args: unknown[]): NDArray {
  const op = 'rot90';
  const [m, k, axesV] = bind(ROT90, args);
  try {
    const x = asArray(op, m, undefined, 'm');
    if (axesV !== undefined && !Array.isArray(axesV)) throw new TypeError(`${op}: axes must be an array of 2 integers, got ${fmt(axesV)}`);
    const axes = axesV === undefined ? [0, 1] : intList(op, 'axes', axesV);
    const nd = x.ndim;
    if (axes.length !== 2) throw new StrideViewError('invalid_argument', `${op}: axes must have 2 elements, got ${fmt(axes)}`);
    if (axes[0] === axes[1] || Math.abs(axes[0]! - axes[1]!) === nd) {
      throw new StrideViewError('invalid_argument', `${op}: axes must be different, got ${fmt(axes)} for an array of dimension ${nd}`);
    }
    for (const ax of axes) {
      if (ax >= nd || ax < -nd) throw new StrideViewError('out_of_range', `${op}: axes ${fmt(axes)} are out of range for an array of dimension ${nd}`);
    }
    const a0 = axes[0]! < 0 ? axes[0]! + nd : axes[0]!;
    const a1 = axes[1]! < 0 ? axes[1]! + nd : axes[1]!;
    const turns = ((toInt(op, 'k', k) % 4) + 4) % 4;
    if (turns === 0) return x === m ? x.reshape(x.shape) : x;
    if (turns === 2) return x.flip({ axis: [a0, a1] });
    const order = Array.from({ length: nd }, (_, i) => i);
    order[a0] = a1;
    order[a1] = a0;
    if (turns === 1) {
      const f = x.flip({ axis: a1 });
      const r = f.permute(order);
      f.dispose();
      return r;
    }
    const t = x.permute(order);
    const r = t.flip({ axis: a1 });
    t.dispose();
    return r;
  } catch (e) {
    throw relabel(op, e);
  }
}

/** The bool mask i >= j - k over the last two dims of `shape` (NumPy tri), a broadcast comparison. */
function triMask(shape: readonly number[], k: number): NDArray {
  const n = shape.length === 1 ? shape[0]! : shape[shape.length - 2]!;
  const m = shape[shape.length - 1]!;
  const i = arange(0, n, 1, 'float64').reshape([n, 1]);
  const j = add(arange(0, m, 1, 'float64'), -k).reshape([1, m]);
  return greaterEqual(i, j);
}

function triangle(op: string, m: unknown, k: unknown, upper: boolean): NDArray {
  try {
    const kk = toInt(op, 'k', k);
    return tidy(() => {
      const x = asArray(op, m, undefined, 'm');
      if (x.ndim === 0) throw new StrideViewError('rank_mismatch', `${op}: the input must have at least 1 dimension, got a 0-d array`);
      const zero = full([], 0, x.dtype);
      // NumPy: triu zeroes tri(k - 1) (below the diagonal k), tril keeps tri(k); a 1-D input is
      // broadcast against the n x n mask
      return upper ? where(triMask(x.shape, kk - 1), zero, x) : where(triMask(x.shape, kk), x, zero);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const TRIU: SigRef = { sig: 'numpy.triu: triu(m: ArrayInput, k: number = 0) -> NDArray' };
/** A copy with the elements below diagonal `k` (of the last two dims) set to zero (NumPy triu): `triu(a, 1)`, `triu(a, { k: 1 })`. */
// @overloads TRIU
export function triu(m: ArrayInput, options?: { k?: number | undefined }): NDArray;
export function triu(m: ArrayInput, k?: number): NDArray;
// @end
export function triu(...args: unknown[]): NDArray {
  const [m, k] = args.length === 1 ? [args[0], 0] : bind(TRIU, args);
  return triangle('triu', m, k, true);
}
const TRIL: SigRef = { sig: 'numpy.tril: tril(m: ArrayInput, k: number = 0) -> NDArray' };
/** A copy with the elements above diagonal `k` (of the last two dims) set to zero (NumPy tril): `tril(a, -1)`, `tril(a, { k: -1 })`. */
// @overloads TRIL
export function tril(m: ArrayInput, options?: { k?: number | undefined }): NDArray;
export function tril(m: ArrayInput, k?: number): NDArray;
// @end
export function tril(...args: unknown[]): NDArray {
  const [m, k] = args.length === 1 ? [args[0], 0] : bind(TRIL, args);
  return triangle('tril', m, k, false);
}

/** Options of {@link diff}. */
export interface DiffOptions {
  /** How many times to difference (default 1). */
  n?: number;
  /** The axis (default -1). */
  axis?: number;
  /** Values put before the array along axis (a scalar is broadcast to one slice). */
  prepend?: ArrayInput;
  /** Values put after the array along axis. */
  append?: ArrayInput;
}

// NumPy's prepend and append default to `<no value>` (nothing added): `undefined` here
const DIFF: SigRef = { sig: 'numpy.diff: diff(a: ArrayInput, n: number = 1, axis: number = -1, prepend: ArrayInput = undefined, append: ArrayInput = undefined) -> NDArray' };
/**
 * The n-th discrete difference along `axis` (NumPy diff): `a[1:] - a[:-1]`, n times (bool: `!=`).
 * Integer differences wrap as NumPy's subtract. n = 0 returns the input itself. `prepend` /
 * `append`: values put before / after the array along axis (a scalar is broadcast to one slice).
 * `diff(a)`, `diff(a, 2, 0)`, `diff(a, { axis: 0, prepend: 0 })`.
 */
// @overloads DIFF
export function diff(a: ArrayInput, options?: { n?: number | undefined; axis?: number | undefined; prepend?: ArrayInput | undefined; append?: ArrayInput | undefined }): NDArray;
export function diff(a: ArrayInput, n?: number, options?: { axis?: number | undefined; prepend?: ArrayInput | undefined; append?: ArrayInput | undefined }): NDArray;
export function diff(a: ArrayInput, n?: number, axis?: number, options?: { prepend?: ArrayInput | undefined; append?: ArrayInput | undefined }): NDArray;
export function diff(a: ArrayInput, n?: number, axis?: number, prepend?: ArrayInput, options?: { append?: ArrayInput | undefined }): NDArray;
export function diff(a: ArrayInput, n?: number, axis?: number, prepend?: ArrayInput, append?: ArrayInput): NDArray;
// @end
export function diff(...args: unknown[]): NDArray {
  const op = 'diff';
  const [a, n, axis, prepend, append] = bind(DIFF, args);
  try {
    const times = toInt(op, 'n', n);
    if (times < 0) throw new StrideViewError('invalid_argument', `${op}: order n must be >= 0, got ${times}`);
    return tidy(() => {
      let x = asArray(op, a, undefined, 'a');
      if (times === 0) return x;
      if (x.ndim === 0) throw new StrideViewError('rank_mismatch', `${op}: the input must have at least 1 dimension, got a 0-d array`);
      const ax = normAxis(op, toInt(op, 'axis', axis), x.ndim);
      const edge = (v: unknown, name: string): NDArray => {
        if (v === null) throw new TypeError(`${op}: ${name} must be a number or an array, got null`);
        const t = asArray(op, v, undefined, name);
        if (t.ndim !== 0) return t;
        const s = x.shape;
        s[ax] = 1;
        return t.broadcastTo(s);
      };
      if (prepend !== undefined || append !== undefined) {
        const parts: NDArray[] = [];
        if (prepend !== undefined) parts.push(edge(prepend, 'prepend'));
        parts.push(x);
        if (append !== undefined) parts.push(edge(append, 'append'));
        x = joinAlong(op, parts, ax);
      }
      for (let t = 0; t < times; t++) {
        const len = x.shape[ax]!;
        const hi = axisSlice(x, ax, Math.min(1, len), len);
        const lo = axisSlice(x, ax, 0, Math.max(0, len - 1));
        x = x.dtype === 'bool' ? notEqual(hi, lo) : sub(hi, lo);
      }
      return x;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
