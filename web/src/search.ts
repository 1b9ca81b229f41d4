// Finding elements as NumPy: nonzero, argwhere, countNonzero, unique and searchsorted. Positions
// come from engine gathers under a bool mask (gatherMask) of index ramps, orders from the stable
// sort kernels; TypeScript only handles shapes and index lists.
import { type DType, type Scalar, info, promoteTypes } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, forward, full, methodGroup, normAxis } from './ndarray.js';
import { needFamily } from './families.js';
import { gatherMask, runKernel } from './kernel_client.js';
import { Kind, SEARCH_SIDES } from './boundary_tables.js';
import { arange } from './creation.js';
import { type ArrayInput, add, div, mul, notEqual, sub, where } from './ops.js';
import { floor, isnan, logicalAnd, logicalNot } from './math.js';
import { any, cumsum } from './stats.js';
import { argsort, compress, sort, take } from './select.js';
import { tidy } from './tidy.js';
import { axisList, axisSlice, boolOption, reshaped, gatherAt, joinAlong, reduceAxes, scalarOf } from './axis_reductions.js';
import { type SigRef, bind } from './signature.js';

/**
 * What a function over `axis` with `keepdims` returns, from its arguments `P` (the declared
 * parameters given, as a type): an NDArray when keepdims is true or an axis is given (even for a
 * 1-D input: the types follow the arguments, never the rank), `S` when neither is, both when the
 * types leave it open (a `boolean` keepdims, an axis typed `number | null`).
 */
export type AxisResult<P, S> = [P extends { keepdims: infer K } ? K : false] extends [true]
  ? NDArray
  : [P extends { axis: infer A } ? A : undefined] extends [null | undefined]
    ? [P extends { keepdims: infer K } ? K : false] extends [false | undefined]
      ? S
      : S | NDArray
    : [P extends { axis: infer A } ? A : undefined] extends [number | readonly number[]]
      ? NDArray
      : S | NDArray;

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

// These compose the 'stats' and 'math' families' functions; NumPy's methods of nonzero and searchsorted.
const SEARCH = /* @__PURE__ */ methodGroup('stats', () => ({ nonzero: forward(nonzero), searchsorted: forward(searchsorted) }));

const NONZERO: SigRef = { sig: 'numpy.nonzero: nonzero(a: ArrayInput) -> NDArray[]' };
/**
 * The int64 indices of the nonzero elements, one array per dimension, in C order (NumPy nonzero;
 * NaN is nonzero). A 0-d input is read as 1-d of size 1 (NumPy 1.24's deprecated behaviour).
 */
// @overloads NONZERO
export function nonzero(a: ArrayInput): NDArray[];
// @end
export function nonzero(...args: unknown[]): NDArray[] {
  const op = 'nonzero';
  needFamily(op, SEARCH);
  const [a] = bind(NONZERO, args);
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

const ARGWHERE: SigRef = { sig: 'numpy.argwhere: argwhere(a: ArrayInput) -> NDArray' };
/**
 * The indices of the nonzero elements as an int64 array of shape [count, ndim] (NumPy argwhere:
 * the transpose of {@link nonzero}'s stack, laid out as NumPy's transposed view); a 0-d input gives shape [count, 0].
 */
// @overloads ARGWHERE
export function argwhere(a: ArrayInput): NDArray;
// @end
export function argwhere(...args: unknown[]): NDArray {
  const op = 'argwhere';
  const [a] = bind(ARGWHERE, args);
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

/** @deprecated The options of countNonzero's old call form (the parameters are NumPy's now). */
export interface CountOptions {
  /** Axis or axes to count along; omitted or null: all (the result is then a number). */
  axis?: number | readonly number[] | null;
  /** Keep counted dims as size 1. */
  keepdims?: boolean;
}

const COUNT_NONZERO: SigRef = { sig: 'numpy.count_nonzero: countNonzero(a: ArrayInput, axis: number | readonly number[] | null = null, *, ' +
    'keepdims: boolean = false) -> AxisResult<$P[axis], number>' };
/**
 * The number of nonzero elements (NaN counts) over `axis` (NumPy count_nonzero): a JS number over
 * all axes (axis null, the default) without keepdims, else an int64 array (with an axis given, even
 * when it leaves no dims: the result's type follows the arguments). `countNonzero(a, 0)` is
 * `countNonzero(a, { axis: 0 })`.
 */
// @overloads COUNT_NONZERO
export function countNonzero<O extends { axis?: number | readonly number[] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): AxisResult<O, number>;
export function countNonzero<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): AxisResult<{ axis: TAxis } & O, number>;
// @end
export function countNonzero(...args: unknown[]): NDArray | number {
  const op = 'countNonzero';
  const [a, axis, kd] = bind(COUNT_NONZERO, args);
  try {
    const keepdims = boolOption(op, 'keepdims', kd, false);
    return tidy(() => {
      const x = asArray(op, a);
      const axes = axisList(op, axis, x.ndim);
      const r = reduceAxes(op, 'sum', notEqual(x, full([], 0, x.dtype)), axes, keepdims);
      return axis === null && !keepdims ? Number(scalarOf(r)) : r;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** @deprecated The options of unique's old call form (the parameters are NumPy's now). */
export interface UniqueOptions {
  /** Also return the index of each unique value's first occurrence (int64). */
  returnIndex?: boolean;
  /** Also return, for each input element, the index of its value among the unique values (int64). */
  returnInverse?: boolean;
  /** Also return how often each unique value occurs (int64). */
  returnCounts?: boolean;
  /** null (default): the flattened array; a number: unique slices along that axis. */
  axis?: number | null;
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

/** Whether {@link unique}'s flag `K` is asked for in the arguments `P`: 0 no, 1 yes, 2 open (a `boolean`). */
export type UniqueFlag<P, K extends string> = [P extends { [k in K]: infer V } ? V : undefined] extends [true]
  ? 1
  : [P extends { [k in K]: infer V } ? V : undefined] extends [false | undefined]
    ? 0
    : 2;
/**
 * What {@link unique} returns for the arguments `P`: the values (an NDArray) when no extra output
 * is asked for; `{ values, indices, inverse, counts }` holding exactly the asked ones when each flag
 * is a literal; either when a flag is a `boolean`.
 */
export type UniqueOut<P> = [UniqueFlag<P, 'returnIndex'> | UniqueFlag<P, 'returnInverse'> | UniqueFlag<P, 'returnCounts'>] extends [0]
  ? NDArray
  : 2 extends UniqueFlag<P, 'returnIndex'> | UniqueFlag<P, 'returnInverse'> | UniqueFlag<P, 'returnCounts'>
    ? NDArray | UniqueResult
    : { values: NDArray } & (UniqueFlag<P, 'returnIndex'> extends 1 ? { indices: NDArray } : unknown) &
        (UniqueFlag<P, 'returnInverse'> extends 1 ? { inverse: NDArray } : unknown) &
        (UniqueFlag<P, 'returnCounts'> extends 1 ? { counts: NDArray } : unknown);

const UNIQUE: SigRef = { sig: 'numpy.unique: unique(ar: ArrayInput, returnIndex: boolean = false, returnInverse: boolean = false, ' +
    'returnCounts: boolean = false, axis: number | null = null, *, equalNan: boolean = true) ' +
    '-> UniqueOut<$P[returnIndex, returnInverse, returnCounts]>' };
/**
 * The sorted unique elements of the flattened array (NumPy unique, axis=None; NaN last, all NaNs
 * one value unless `equalNan` is false). With `returnIndex` / `returnInverse` / `returnCounts` the
 * result is an object `{ values, indices?, inverse?, counts? }` holding the asked ones (NumPy: a
 * tuple in that order). `axis`: the distinct slices along that axis, sorted lexicographically
 * (NumPy's unique(ar, axis=k); a slice holding NaN is never equal to another, whatever `equalNan`,
 * as NumPy 1.24); the extra outputs then count slices. `unique(a, false, false, true)` is
 * `unique(a, { returnCounts: true })`.
 */
// @overloads UNIQUE
export function unique<O extends { returnIndex?: boolean | undefined; returnInverse?: boolean | undefined; returnCounts?: boolean | undefined; axis?: number | null | undefined; equalNan?: boolean | undefined } = {}>(ar: ArrayInput, options?: O): UniqueOut<O>;
export function unique<TReturnIndex extends boolean | undefined = undefined, O extends { returnInverse?: boolean | undefined; returnCounts?: boolean | undefined; axis?: number | null | undefined; equalNan?: boolean | undefined } = {}>(ar: ArrayInput, returnIndex?: TReturnIndex, options?: O): UniqueOut<{ returnIndex: TReturnIndex } & O>;
export function unique<TReturnIndex extends boolean | undefined = undefined, TReturnInverse extends boolean | undefined = undefined, O extends { returnCounts?: boolean | undefined; axis?: number | null | undefined; equalNan?: boolean | undefined } = {}>(ar: ArrayInput, returnIndex?: TReturnIndex, returnInverse?: TReturnInverse, options?: O): UniqueOut<{ returnIndex: TReturnIndex; returnInverse: TReturnInverse } & O>;
export function unique<TReturnIndex extends boolean | undefined = undefined, TReturnInverse extends boolean | undefined = undefined, TReturnCounts extends boolean | undefined = undefined, O extends { axis?: number | null | undefined; equalNan?: boolean | undefined } = {}>(ar: ArrayInput, returnIndex?: TReturnIndex, returnInverse?: TReturnInverse, returnCounts?: TReturnCounts, options?: O): UniqueOut<{ returnIndex: TReturnIndex; returnInverse: TReturnInverse; returnCounts: TReturnCounts } & O>;
export function unique<TReturnIndex extends boolean | undefined = undefined, TReturnInverse extends boolean | undefined = undefined, TReturnCounts extends boolean | undefined = undefined, O extends { equalNan?: boolean | undefined } = {}>(ar: ArrayInput, returnIndex?: TReturnIndex, returnInverse?: TReturnInverse, returnCounts?: TReturnCounts, axis?: number | null, options?: O): UniqueOut<{ returnIndex: TReturnIndex; returnInverse: TReturnInverse; returnCounts: TReturnCounts } & O>;
// @end
export function unique(...args: unknown[]): NDArray | UniqueResult {
  const op = 'unique';
  const [a, ri, rv, rc, axis, en] = bind(UNIQUE, args);
  try {
    const wantIndex = boolOption(op, 'returnIndex', ri, false);
    const wantInverse = boolOption(op, 'returnInverse', rv, false);
    const wantCounts = boolOption(op, 'returnCounts', rc, false);
    const equalNan = boolOption(op, 'equalNan', en, true);
    if (axis !== null) return uniqueSlices(op, a, axis, wantIndex, wantInverse, wantCounts);
    return tidy(() => {
      const f = asArray(op, a, undefined, 'ar').reshape([-1]);
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
      return uniqueExtras(op, values, perm, mask, n, wantIndex, wantInverse, wantCounts);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * unique's extra outputs from the stable sort's permutation `perm` and the mask of first
 * occurrences in sorted order (n elements or slices).
 */
function uniqueExtras(op: string, values: NDArray, perm: NDArray | null, mask: NDArray, n: number, wantIndex: boolean, wantInverse: boolean, wantCounts: boolean): UniqueResult {
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
}

/**
 * NumPy's unique(ar, axis=k): the distinct slices along axis k, sorted lexicographically by their
 * elements in C order (NaN last; a slice holding NaN is never equal to another, whatever equalNan,
 * as NumPy 1.24, whose slices compare as structured values). The extra outputs count slices.
 */
function uniqueSlices(op: string, a: unknown, axis: unknown, wantIndex: boolean, wantInverse: boolean, wantCounts: boolean): NDArray | UniqueResult {
  return tidy(() => {
    const x = asArray(op, a, undefined, 'ar');
    const ax = normAxis(op, axis, x.ndim);
    const order = [ax, ...x.shape.map((_, i) => i).filter((i) => i !== ax)];
    const moved = x.permute(order);
    const n = moved.shape[0]!;
    const rest = moved.shape.slice(1);
    const m = rest.reduce((p, d) => p * d, 1);
    const rows = moved.reshape([n, m]);
    // a stable sort by each column, the last first: the lexicographic order of the rows (lexsort)
    let perm = arange(0, n, 1, 'int64');
    for (let j = m - 1; j >= 0; j--) {
      const col = take(axisSlice(rows, 1, j, j + 1).reshape([n]), perm);
      perm = take(perm, argsort(col, -1, 'stable'));
    }
    const sorted = take(rows, perm, 0);
    const head = full([Math.min(n, 1)], true, 'bool');
    const differs = any(notEqual(axisSlice(sorted, 0, Math.min(1, n), n), axisSlice(sorted, 0, 0, Math.max(0, n - 1))), 1) as NDArray;
    const mask = joinAlong(op, [head, differs], 0);
    const inv = order.map((_, i) => order.indexOf(i));
    // the values: a fresh array whose own view is NumPy's moveaxis of the kept slices (no base left behind)
    const kept = compress(mask, sorted, 0);
    const values = kept._setView(kept.view.reshape([kept.shape[0]!, ...rest]).permute(inv));
    if (!wantIndex && !wantInverse && !wantCounts) return values;
    return uniqueExtras(op, values, perm, mask, n, wantIndex, wantInverse, wantCounts);
  });
}

/** @deprecated The options of searchsorted's old call form (the parameters are NumPy's now). */
export interface SearchsortedOptions {
  /** 'left' (default): the first position where v fits; 'right': the last. */
  side?: 'left' | 'right';
  /** int64 indices that sort `a` (e.g. from argsort) when `a` itself is not sorted. */
  sorter?: ArrayInput;
}

/** Which of equal elements a value goes before ('left') or after ('right'). */
export type Side = 'left' | 'right';

/** What {@link searchsorted} returns for the arguments `P`: a number for a scalar `v`, else an NDArray. */
export type Searched<P> = P extends { v: infer V } ? ([V] extends [Scalar] ? number : NDArray) : NDArray;

const SEARCHSORTED: SigRef = { sig: 'numpy.searchsorted: searchsorted(a: ArrayInput, v: ArrayInput, side: Side = "left", ' +
    'sorter: ArrayInput | null = null) -> Searched<$P[v]>' };
/**
 * The positions where the elements of `v` would be inserted into the sorted 1-D `a` to keep it
 * sorted (NumPy searchsorted; NaN sorts last): int64 with v's shape, a JS number for a scalar v.
 * `side` 'left' (default): the first such position, 'right': the last. `sorter`: int64 indices that
 * sort `a` (from argsort) when a itself is not sorted. a and v are compared in their common dtype
 * (NumPy's promotion); the engine reads `a` once (O(n)) and finds each value by binary search
 * (O(log n)). `searchsorted(a, v, 'right')` is `searchsorted(a, v, { side: 'right' })`.
 */
export function searchsorted(a: ArrayInput, v: Scalar, side?: Side, sorter?: ArrayInput | null): number;
export function searchsorted(a: ArrayInput, v: Scalar, options?: { side?: Side | undefined; sorter?: ArrayInput | null | undefined }): number;
export function searchsorted(a: ArrayInput, v: Scalar, side?: Side, options?: { sorter?: ArrayInput | null | undefined }): number;
// (a scalar v, above: the generator makes only optional parameters generic, so Searched<$P[v]> is NDArray below)
// @overloads SEARCHSORTED
export function searchsorted<O extends { side?: Side | undefined; sorter?: ArrayInput | null | undefined } = {}>(a: ArrayInput, v: ArrayInput, options?: O): Searched<O>;
export function searchsorted<O extends { sorter?: ArrayInput | null | undefined } = {}>(a: ArrayInput, v: ArrayInput, side?: Side, options?: O): Searched<O>;
export function searchsorted(a: ArrayInput, v: ArrayInput, side?: Side, sorter?: ArrayInput | null): Searched<{}>;
// @end
export function searchsorted(...args: unknown[]): NDArray | number {
  const op = 'searchsorted';
  needFamily(op, SEARCH);
  const [a, v, side, sorter] = bind(SEARCHSORTED, args);
  try {
    if (side !== 'left' && side !== 'right') throw new StrideViewError('invalid_argument', `${op}: side must be 'left' or 'right', got ${fmt(side)}`);
    return tidy(() => {
      let x = asArray(op, a);
      if (x.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: a must be 1-D, got shape ${fmt(x.shape)}`);
      if (sorter !== null) {
        const s = asArray(op, sorter, undefined, 'sorter');
        if (info(s.dtype).kind === 'f') {
          // as take's indices: a float NDArray is refused (NumPy: no safe cast to int64), a JS list must hold integers
          if (s === sorter) throw new TypeError(`${op}: sorter must be integers, got an array of dtype ${s.dtype}`);
          const bad = Array.from(s.toTypedArray() as Float64Array).find((q) => !Number.isInteger(q));
          if (bad !== undefined) throw new TypeError(`${op}: sorter must be integers, got ${fmt(bad)}`);
        }
        if (s.ndim !== 1 || s.size !== x.size) {
          throw new StrideViewError('shape_mismatch', `${op}: sorter must be 1-D with a's size ${x.size}, got shape ${fmt(s.shape)}`);
        }
        x = gatherAt(op, x, s);
      }
      const val = asArray(op, v, undefined, 'v');
      // a and v in their common dtype (NumPy's), then one binary search per value in the engine
      const d: DType = promoteTypes(x.dtype, val.dtype);
      const xa = x.dtype === d ? x : x.astype(d);
      const vf = val.reshape([-1]);
      const vd = vf.dtype === d ? vf : vf.astype(d);
      const r = reshaped(runKernel(Kind.Search, SEARCH_SIDES[side as Side], 'int64', null, null, [xa, vd], d), val.shape);
      return val.ndim === 0 ? Number(scalarOf(r)) : r;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

