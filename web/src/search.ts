// Finding elements as NumPy: nonzero, argwhere, countNonzero, unique and searchsorted. Positions
// come from engine gathers under a bool mask (gatherMask) of index ramps, orders from the stable
// sort kernels; TypeScript only handles shapes and index lists.
import { type DType, promoteTypes } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, full } from './ndarray.js';
import { gatherMask } from './kernel_client.js';
import { arange } from './creation.js';
import { type ArrayInput, add, div, less, lessEqual, mul, notEqual, sub, where } from './ops.js';
import { floor, isnan, logicalAnd, logicalNot } from './math.js';
import { cumsum } from './stats.js';
import { argsort, sort } from './select.js';
import { tidy } from './tidy.js';
import { axisList, axisOptionsOf, axisSlice, boolOption, reshaped, gatherAt, joinAlong, optionsOf, reduceAxes, scalarOf } from './axis_reductions.js';

/** The bool array x != 0 (NaN counts as nonzero), flattened in C order. */
function flatMask(op: string, x: NDArray): NDArray {
  return notEqual(x, full([], 0, x.dtype)).reshape([-1]);
}

/** 0, 1, ..., n - 1 made by the engine (a running sum of ones, minus one). */
function ramp(n: number, dtype: 'float64' | 'int64' = 'float64'): NDArray {
  return sub(cumsum(full([n], 1, dtype)), 1);
}

/**
 * The int64 index along each axis of flat C-order positions `p` (float64, exact: positions are
 * far below 2^52) in an array of `shape`: floor(p / stride) mod size, by elementwise kernels.
 */
function unravel(p: NDArray, shape: readonly number[]): NDArray[] {
  let stride = shape.reduce((a, d) => a * d, 1);
  return shape.map((d, k) => {
    stride /= d;
    let q = stride === 1 ? p : floor(div(p, stride));
    if (k > 0) q = sub(q, mul(floor(div(q, d)), d));
    return q.astype('int64');
  });
}

/**
 * The int64 indices of the nonzero elements, one array per dimension, in C order (NumPy nonzero;
 * NaN is nonzero). A 0-d input is read as 1-d of size 1 (NumPy 1.24's deprecated behaviour).
 */
export function nonzero(a: ArrayInput): NDArray[] {
  const op = 'nonzero';
  try {
    return tidy(() => {
      let x = asArray(op, a);
      if (x.ndim === 0) x = x.reshape([1]);
      const m = flatMask(op, x);
      // the flat positions of the nonzero elements in one masked gather, then split per axis
      return unravel(gatherMask(ramp(x.size), m), x.shape);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * The indices of the nonzero elements as an int64 array of shape [count, ndim] (NumPy argwhere:
 * the transpose of {@link nonzero}'s stack, laid out as NumPy's transposed view); a 0-d input gives shape [count, 0].
 */
export function argwhere(a: ArrayInput): NDArray {
  const op = 'argwhere';
  try {
    return tidy(() => {
      const x = asArray(op, a);
      const nz = nonzero(x);
      if (x.ndim === 0) return full([nz[0]!.size, 0], 0, 'int64');
      const out = full([x.ndim, nz[0]!.size], 0, 'int64');
      nz.forEach((p, k) => {
        const row = axisSlice(out, 0, k, k + 1);
        row.assign(p.reshape([1, p.size]));
      });
      return out._setView(out.view.permute([1, 0])); // NumPy's transposed view, owning its buffer
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of {@link countNonzero}. */
export interface CountOptions {
  /** Axis or axes to count along; omitted or null: all (the result is then a number). */
  axis?: number | readonly number[] | null;
  /** Keep counted dims as size 1. */
  keepdims?: boolean;
}

/**
 * The number of nonzero elements (NaN counts) over `axis` (NumPy count_nonzero): a JS number over
 * all axes without keepdims, else an int64 array.
 */
export function countNonzero(a: ArrayInput, options?: CountOptions): NDArray | number {
  const op = 'countNonzero';
  try {
    const o = axisOptionsOf(op, options, 'second');
    const keepdims = boolOption(op, 'keepdims', o.keepdims, false);
    return tidy(() => {
      const x = asArray(op, a);
      const axes = axisList(op, o.axis, x.ndim);
      const r = reduceAxes(op, 'sum', notEqual(x, full([], 0, x.dtype)), axes, keepdims);
      return r.ndim === 0 && !keepdims ? Number(scalarOf(r)) : r;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of {@link unique}. */
export interface UniqueOptions {
  /** Also return the index of each unique value's first occurrence (int64). */
  returnIndex?: boolean;
  /** Also return, for each input element, the index of its value among the unique values (int64). */
  returnInverse?: boolean;
  /** Also return how often each unique value occurs (int64). */
  returnCounts?: boolean;
  /** Only null (the flattened array) is supported. */
  axis?: null;
  /** All NaNs count as one value (default true, as NumPy). */
  equalNan?: boolean;
}

/** The result of {@link unique} when an extra output is asked for. */
export interface UniqueResult {
  values: NDArray;
  indices?: NDArray;
  inverse?: NDArray;
  counts?: NDArray;
}

/**
 * The sorted unique elements of the flattened array (NumPy unique, axis=None; NaN last, all NaNs
 * one value unless `equalNan: false`). With `returnIndex` / `returnInverse` / `returnCounts` the
 * result is an object `{ values, indices?, inverse?, counts? }` holding the asked ones.
 * Only `axis: null` is supported.
 */
export function unique(a: ArrayInput, options?: UniqueOptions): NDArray | UniqueResult {
  const op = 'unique';
  try {
    const o = optionsOf(op, options);
    if (o.axis !== undefined && o.axis !== null) {
      throw new StrideViewError('invalid_argument', `${op}: only axis null (the flattened array) is supported, got axis ${fmt(o.axis)}`);
    }
    const wantIndex = boolOption(op, 'returnIndex', o.returnIndex, false);
    const wantInverse = boolOption(op, 'returnInverse', o.returnInverse, false);
    const wantCounts = boolOption(op, 'returnCounts', o.returnCounts, false);
    const equalNan = boolOption(op, 'equalNan', o.equalNan, true);
    return tidy(() => {
      const f = asArray(op, a).reshape([-1]);
      const n = f.size;
      const perm = wantIndex || wantInverse ? argsort(f) : null;
      const aux = sort(f); // f[perm]: the stable sort's order
      // mask[0] = true; mask[i] = aux[i] != aux[i - 1] (NaNs after the first are equal when equalNan)
      const head = full([Math.min(n, 1)], true, 'bool');
      const next = axisSlice(aux, 0, Math.min(1, n), n);
      const prev = axisSlice(aux, 0, 0, Math.max(0, n - 1));
      let differs = notEqual(next, prev);
      if (equalNan && (aux.dtype === 'float32' || aux.dtype === 'float64')) {
        differs = logicalAnd(differs, logicalNot(logicalAnd(isnan(next), isnan(prev))));
      }
      const mask = joinAlong(op, [head, differs], 0);
      const values = gatherMask(aux, mask);
      if (!wantIndex && !wantInverse && !wantCounts) return values;
      const r: UniqueResult = { values };
      if (wantIndex) r.indices = gatherMask(perm!, mask);
      if (wantInverse) {
        // the unique index at each sorted position, put back at the input's positions (a scatter
        // through perm, which the engine lacks): sorting the int64 keys perm * n + rank orders
        // them by perm, i.e. by input position; subtracting position * n leaves the rank
        const rank = sub(cumsum(mask), 1);
        const key = sort(add(mul(perm!, n), rank));
        r.inverse = sub(key, mul(ramp(n, 'int64'), n));
      }
      if (wantCounts) {
        const starts = joinAlong(op, [gatherMask(arange(0, n, 1, 'int64'), mask), full([1], n, 'int64')], 0);
        const k = starts.size;
        r.counts = sub(axisSlice(starts, 0, 1, k), axisSlice(starts, 0, 0, k - 1));
      }
      return r;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of {@link searchsorted}. */
export interface SearchsortedOptions {
  /** 'left' (default): the first position where v fits; 'right': the last. */
  side?: 'left' | 'right';
  /** int64 indices that sort `a` (e.g. from argsort) when `a` itself is not sorted. */
  sorter?: ArrayInput;
}

/**
 * The positions where the elements of `v` would be inserted into the sorted 1-D `a` to keep it
 * sorted (NumPy searchsorted; NaN sorts last): int64 with v's shape, a JS number for a scalar v.
 * For few values (m <= 32, or m * n <= 2^24) each is compared with every element of `a` (the
 * comparison and sum kernels, in blocks: O(n m)); for many, the stable sort kernel orders a and v
 * together (O((n + m) log(n + m))). The engine has no binary-search kernel yet.
 */
export function searchsorted(a: ArrayInput, v: ArrayInput, options?: SearchsortedOptions): NDArray | number {
  const op = 'searchsorted';
  try {
    const o = optionsOf(op, options);
    const side = o.side ?? 'left';
    if (side !== 'left' && side !== 'right') throw new StrideViewError('invalid_argument', `${op}: side must be 'left' or 'right', got ${fmt(side)}`);
    return tidy(() => {
      let x = asArray(op, a);
      if (x.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: a must be 1-D, got shape ${fmt(x.shape)}`);
      if (o.sorter !== undefined) {
        const s = asArray(op, o.sorter);
        if (s.ndim !== 1 || s.size !== x.size) {
          throw new StrideViewError('shape_mismatch', `${op}: sorter must be 1-D with a's size ${x.size}, got shape ${fmt(s.shape)}`);
        }
        x = gatherAt(op, x, s);
      }
      const val = asArray(op, v);
      const d: DType = promoteTypes(x.dtype, val.dtype);
      const vf = val.reshape([-1]);
      const n = x.size;
      const m = vf.size;
      let r: NDArray;
      if (m <= 32 || m * n <= 2 ** 24) r = countBelow(op, x, vf, side);
      else r = mergedRanks(op, x, vf, d, side);
      r = reshaped(r, val.shape);
      return val.ndim === 0 ? Number(scalarOf(r)) : r;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * For each value of 1-D `vf`, the number of elements of `x` below it (left) or at most it (right),
 * NaN largest: one comparison of a block of values against all of x, summed along x.
 */
function countBelow(op: string, x: NDArray, vf: NDArray, side: 'left' | 'right'): NDArray {
  const n = x.size;
  const m = vf.size;
  const floats = x.dtype === 'float32' || x.dtype === 'float64' || vf.dtype === 'float32' || vf.dtype === 'float64';
  // a NaN value goes after every number (left) or after everything (right)
  const nanPlace = !floats ? 0 : side === 'right' ? n : n - Number(scalarOf(reduceAxes(op, 'sum', isnan(x), null, false)));
  const row = x.reshape([1, n]);
  const block = Math.max(1, Math.floor(2 ** 22 / Math.max(1, n)));
  const parts: NDArray[] = [];
  for (let at = 0; at < m || (m === 0 && at === 0); at += block) {
    const vc = axisSlice(vf, 0, at, Math.min(m, at + block));
    const col = vc.reshape([vc.size, 1]);
    let c = reduceAxes(op, 'sum', side === 'left' ? less(row, col) : lessEqual(row, col), [1], false);
    if (floats) c = add(c, where(isnan(vc), full([], nanPlace, 'int64'), full([], 0, 'int64')));
    parts.push(c);
    if (m === 0) break;
  }
  return parts.length === 1 ? parts[0]! : joinAlong(op, parts, 0);
}

/**
 * The same counts from the stable sort of v and x together: v before equal x's (left) or after
 * them (right); the x's before v[i] in that order are its position, v's own rank among the v's
 * taken off.
 */
function mergedRanks(op: string, x: NDArray, vf: NDArray, d: DType, side: 'left' | 'right'): NDArray {
  const n = x.size;
  const m = vf.size;
  const merged = side === 'left' ? joinAlong(op, [vf, x], 0) : joinAlong(op, [x, vf], 0);
  const at = argsort(argsort(merged.dtype === d ? merged : merged.astype(d)));
  const mine = side === 'left' ? axisSlice(at, 0, 0, m) : axisSlice(at, 0, n, n + m);
  return sub(mine, argsort(argsort(vf)));
}
