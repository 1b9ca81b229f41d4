// Reordering and differencing as NumPy: roll, rot90 (views), triu / tril and diff. Each is a
// composition of views (slices, flip, permute, broadcast) and engine ops (copies into slabs, where, sub).
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, asArray, normAxis } from './ndarray.js';
import { arange, full } from './creation.js';
import { type ArrayInput, add, greaterEqual, notEqual, sub, where } from './ops.js';
import { tidy } from './tidy.js';
import { axisOptionsOf, axisSlice, joinAlong, optionsOf, reshaped } from './axis_reductions.js';

function intList(op: string, what: string, v: unknown): number[] {
  if (Array.isArray(v)) return v.map((x) => toInt(op, what, x));
  return [toInt(op, what, v)];
}

/** Options of {@link roll}. */
export interface RollOptions {
  /** The axis or axes to roll along (shift and axis broadcast against each other); omitted or null: the flattened array, reshaped back. */
  axis?: number | readonly number[] | null;
}

/**
 * Elements shifted by `shift` along `axis`, those moving past the end coming back at the start
 * (NumPy roll; a new array). `shift` and `axis` may be arrays of equal length (or one of them a
 * single value): shifts of the same axis add up. No axis: the flattened array is rolled.
 */
export function roll(a: ArrayInput, shift: number | readonly number[], options?: RollOptions): NDArray {
  const op = 'roll';
  try {
    const o = axisOptionsOf(op, options, 'third', 'shift, ');
    return tidy(() => {
      const x = asArray(op, a);
      if (o.axis === undefined || o.axis === null) {
        const total = intList(op, 'shift', shift).reduce((p, s) => p + s, 0);
        return reshaped(roll(x.reshape([-1]), total, { axis: 0 }), x.shape);
      }
      const shifts = intList(op, 'shift', shift);
      const axes = intList(op, 'axis', o.axis);
      if (shifts.length !== axes.length && shifts.length !== 1 && axes.length !== 1) {
        throw new StrideViewError('shape_mismatch', `${op}: shift ${fmt(shift)} and axis ${fmt(o.axis)} do not broadcast (lengths ${shifts.length} and ${axes.length})`);
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

/**
 * The array rotated by 90 degrees `k` times in the plane of `axes` (default [0, 1]), from the first
 * axis towards the second (NumPy rot90): a view (flip and transpose), never a copy.
 */
export function rot90(m: ArrayInput, k: number = 1, options?: { axes?: readonly number[] }): NDArray {
  const op = 'rot90';
  try {
    const o = optionsOf(op, options);
    const x = asArray(op, m);
    const axes = o.axes === undefined ? [0, 1] : intList(op, 'axes', o.axes);
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

function triangle(op: string, m: ArrayInput, k: number, upper: boolean): NDArray {
  try {
    const kk = toInt(op, 'k', k);
    return tidy(() => {
      const x = asArray(op, m);
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

/** A copy with the elements below diagonal `k` (of the last two dims) set to zero (NumPy triu). */
export function triu(m: ArrayInput, k: number = 0): NDArray {
  return triangle('triu', m, k, true);
}
/** A copy with the elements above diagonal `k` (of the last two dims) set to zero (NumPy tril). */
export function tril(m: ArrayInput, k: number = 0): NDArray {
  return triangle('tril', m, k, false);
}

/** Options of {@link diff}. */
export interface DiffOptions {
  /** The axis (default -1). */
  axis?: number;
  /** Values put before the array along axis (a scalar is broadcast to one slice). */
  prepend?: ArrayInput;
  /** Values put after the array along axis. */
  append?: ArrayInput;
}

/**
 * The n-th discrete difference along `axis` (NumPy diff): `a[1:] - a[:-1]`, n times (bool: `!=`).
 * Integer differences wrap as NumPy's subtract. n = 0 returns the input itself.
 */
export function diff(a: ArrayInput, n: number = 1, options?: DiffOptions): NDArray {
  const op = 'diff';
  try {
    const o = axisOptionsOf(op, options, 'third', 'n, ');
    const times = toInt(op, 'n', n);
    if (times < 0) throw new StrideViewError('invalid_argument', `${op}: order n must be >= 0, got ${times}`);
    return tidy(() => {
      let x = asArray(op, a);
      if (times === 0) return x;
      if (x.ndim === 0) throw new StrideViewError('rank_mismatch', `${op}: the input must have at least 1 dimension, got a 0-d array`);
      const ax = normAxis(op, o.axis ?? -1, x.ndim);
      const edge = (v: ArrayInput): NDArray => {
        const t = asArray(op, v);
        if (t.ndim !== 0) return t;
        const s = x.shape;
        s[ax] = 1;
        return t.broadcastTo(s);
      };
      if (o.prepend !== undefined || o.append !== undefined) {
        const parts: NDArray[] = [];
        if (o.prepend !== undefined) parts.push(edge(o.prepend));
        parts.push(x);
        if (o.append !== undefined) parts.push(edge(o.append));
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
