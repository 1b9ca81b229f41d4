// Set operations and ordering as NumPy: isin, intersect1d, union1d, setdiff1d, setxor1d,
// arrayEquiv, flatnonzero, lexsort, partition, argpartition. The set operations and lexsort are
// NumPy's sort-based algorithms on the sort, searchsorted, unique and gather kernels (O(n log n));
// partition and argpartition are one engine call (Kind Partition: introselect per line, O(n), the
// kth list as an int64 operand).
import { promoteTypes } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, normAxis, runKernel } from './ndarray.js';
import { PartitionOp } from './boundary_tables.js';
import { info } from './dtype.js';
import { fromTypedArray } from './creation.js';
import { equal, notEqual, sub, minimum } from './ops.js';
import { logicalAnd, logicalNot } from './math.js';
import { family, needFamily } from './families.js';
import { all } from './stats.js';
import { argsort, compress, sort, take, takeAlongAxis } from './select.js';
import { nonzero, searchsorted, unique } from './search.js';
import { concatenate } from './joining.js';
import { zeros } from './creation.js';
import { tidy, keep } from './tidy.js';
import { axisSlice } from './axis_reductions.js';
import { type SigRef, bind, unsupported } from './signature.js';
import { boolArg } from './reductions.js';
import { resultType } from './dtype_info.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';

type Fn = (...a: unknown[]) => unknown;
const STATS = /* @__PURE__ */ family('stats');

function run<T>(op: string, body: () => T): T {
  try {
    needFamily(op, STATS);
    return tidy(body);
  } catch (e) {
    throw relabel(op, e);
  }
}

const flat = (op: string, a: unknown, name: string): NDArray => asArray(op, a, undefined, name).reshape([-1]);
const uniq = (x: NDArray): NDArray => (unique as Fn)(x) as NDArray;
/** x[1:] and x[:-1] of a 1-D array. */
const tail = (x: NDArray): NDArray => axisSlice(x, 0, Math.min(1, x.size), x.size);
const head = (x: NDArray): NDArray => axisSlice(x, 0, 0, Math.max(x.size - 1, 0));

/** Whether each element of e (any shape) is in t (1-D), by sorting t and searching. */
function member(e: NDArray, t: NDArray): NDArray {
  if (t.size === 0) return zeros(e.shape, 'bool');
  const d = promoteTypes(e.dtype, t.dtype);
  const s = sort(t.dtype === d ? t : t.astype(d));
  const ee = e.dtype === d ? e : e.astype(d);
  const i = (searchsorted as Fn)(s, ee.reshape([-1])) as NDArray;
  const found = take(s, minimum(i, s.size - 1));
  const m = equal(found, ee.reshape([-1]));
  return m._setView(m.view.reshape(e.shape)); // the result owns its buffer (not a view of a temporary)
}

const ISIN: SigRef = { sig: 'numpy.isin: isin(element: ArrayInput, testElements: ArrayInput, assumeUnique: boolean = false, invert: boolean = false, *, ' +
    'kind: "sort" | "table" | null = null) -> NDArray' };
/**
 * Whether each element of `element` is in `testElements` (NumPy isin; bool, element's shape; NaN is
 * never found). `invert` gives the opposite; `assumeUnique` and `kind` are accepted (`kind:
 * 'table'` only for integer and bool inputs, as NumPy): every kind runs the sort-based search.
 */
// @overloads ISIN
export function isin(element: ArrayInput, testElements: ArrayInput, options?: { assumeUnique?: boolean | undefined; invert?: boolean | undefined; kind?: "sort" | "table" | null | undefined }): NDArray;
export function isin(element: ArrayInput, testElements: ArrayInput, assumeUnique?: boolean, options?: { invert?: boolean | undefined; kind?: "sort" | "table" | null | undefined }): NDArray;
export function isin(element: ArrayInput, testElements: ArrayInput, assumeUnique?: boolean, invert?: boolean, options?: { kind?: "sort" | "table" | null | undefined }): NDArray;
// @end
export function isin(...args: unknown[]): NDArray {
  const op = 'isin';
  const [element, testElements, assumeUnique, invert, kind] = bind(ISIN, args);
  return run(op, () => {
    boolArg(op, 'assumeUnique', assumeUnique);
    const inv = boolArg(op, 'invert', invert);
    if (kind !== null && kind !== 'sort' && kind !== 'table') throw new StrideViewError('invalid_argument', `${op}: invalid kind: ${fmt(kind)}; please use null, 'sort' or 'table'`);
    const e = asArray(op, element, undefined, 'element');
    const t = flat(op, testElements, 'testElements');
    if (kind === 'table' && [e.dtype, t.dtype].some((d) => d.startsWith('float'))) {
      throw new StrideViewError('invalid_argument', `${op}: the 'table' method is only supported for boolean or integer arrays; please select 'sort' or null for kind`);
    }
    const m = member(e, t);
    return keep(inv ? logicalNot(m) : m);
  });
}

const INTERSECT1D: SigRef = { sig: 'numpy.intersect1d: intersect1d(ar1: ArrayInput, ar2: ArrayInput, assumeUnique: boolean = false, ' +
    'returnIndices: boolean = false) -> $P[returnIndices] extends { returnIndices: true } ? [NDArray, NDArray, NDArray] : NDArray' };
/**
 * The sorted unique values in both arrays (NumPy intersect1d, flattened). `returnIndices`:
 * `[values, indices into ar1, indices into ar2]` (first occurrences). `assumeUnique` skips the
 * unique step (the inputs must then hold no duplicates, as NumPy).
 */
// @overloads INTERSECT1D
export function intersect1d<O extends { assumeUnique?: boolean | undefined; returnIndices?: boolean | undefined } = {}>(ar1: ArrayInput, ar2: ArrayInput, options?: O): O extends { returnIndices: true } ? [NDArray, NDArray, NDArray] : NDArray;
export function intersect1d<O extends { returnIndices?: boolean | undefined } = {}>(ar1: ArrayInput, ar2: ArrayInput, assumeUnique?: boolean, options?: O): O extends { returnIndices: true } ? [NDArray, NDArray, NDArray] : NDArray;
export function intersect1d<TReturnIndices extends boolean | undefined = undefined>(ar1: ArrayInput, ar2: ArrayInput, assumeUnique?: boolean, returnIndices?: TReturnIndices): { returnIndices: TReturnIndices } & {} extends { returnIndices: true } ? [NDArray, NDArray, NDArray] : NDArray;
// @end
export function intersect1d(...args: unknown[]): NDArray | [NDArray, NDArray, NDArray] {
  const op = 'intersect1d';
  const [ar1, ar2, assumeUnique, returnIndices] = bind(INTERSECT1D, args);
  return run(op, () => {
    const au = boolArg(op, 'assumeUnique', assumeUnique);
    const ri = boolArg(op, 'returnIndices', returnIndices);
    let a = flat(op, ar1, 'ar1');
    let b = flat(op, ar2, 'ar2');
    let i1: NDArray | null = null;
    let i2: NDArray | null = null;
    if (!au) {
      if (ri) {
        const ua = (unique as Fn)(a, true) as { values: NDArray; indices: NDArray };
        const ub = (unique as Fn)(b, true) as { values: NDArray; indices: NDArray };
        [a, i1, b, i2] = [ua.values, ua.indices, ub.values, ub.indices];
      } else [a, b] = [uniq(a), uniq(b)];
    }
    const aux0 = concatenate([a, b], 0);
    const order = ri ? argsort(aux0) : null;
    const aux = order === null ? sort(aux0) : take(aux0, order);
    const mask = equal(tail(aux), head(aux));
    const vals = compress(mask, head(aux));
    if (!ri) return keep(vals);
    let x1 = compress(mask, head(order!));
    let x2 = sub(compress(mask, tail(order!)), a.size);
    if (i1 !== null) [x1, x2] = [take(i1, x1), take(i2!, x2)];
    return [keep(vals), keep(x1), keep(x2)] as [NDArray, NDArray, NDArray];
  });
}

const UNION1D: SigRef = { sig: 'numpy.union1d: union1d(ar1: ArrayInput, ar2: ArrayInput) -> NDArray' };
/** The sorted unique values in either array (NumPy union1d, flattened). */
// @overloads UNION1D
export function union1d(ar1: ArrayInput, ar2: ArrayInput): NDArray;
// @end
export function union1d(...args: unknown[]): NDArray {
  const op = 'union1d';
  const [ar1, ar2] = bind(UNION1D, args);
  return run(op, () => {
    // NumPy concatenates the inputs as given: a 0-d array promotes by value (resultType)
    const a = asArray(op, ar1, undefined, 'ar1');
    const b = asArray(op, ar2, undefined, 'ar2');
    const d = a.ndim === 0 || b.ndim === 0 ? resultType(a, b) : promoteTypes(a.dtype, b.dtype);
    return keep(uniq(concatenate([a.reshape([-1]), b.reshape([-1])], 0, { dtype: d })));
  });
}

const SETDIFF1D: SigRef = { sig: 'numpy.setdiff1d: setdiff1d(ar1: ArrayInput, ar2: ArrayInput, assumeUnique: boolean = false) -> NDArray' };
/** The unique values of ar1 not in ar2, sorted (NumPy setdiff1d; with `assumeUnique`, ar1's order kept). */
// @overloads SETDIFF1D
export function setdiff1d(ar1: ArrayInput, ar2: ArrayInput, options?: { assumeUnique?: boolean | undefined }): NDArray;
export function setdiff1d(ar1: ArrayInput, ar2: ArrayInput, assumeUnique?: boolean): NDArray;
// @end
export function setdiff1d(...args: unknown[]): NDArray {
  const op = 'setdiff1d';
  const [ar1, ar2, assumeUnique] = bind(SETDIFF1D, args);
  return run(op, () => {
    const au = boolArg(op, 'assumeUnique', assumeUnique);
    const a = au ? flat(op, ar1, 'ar1') : uniq(flat(op, ar1, 'ar1'));
    const b = au ? flat(op, ar2, 'ar2') : uniq(flat(op, ar2, 'ar2'));
    return keep(compress(logicalNot(member(a, b)), a));
  });
}

const SETXOR1D: SigRef = { sig: 'numpy.setxor1d: setxor1d(ar1: ArrayInput, ar2: ArrayInput, assumeUnique: boolean = false) -> NDArray' };
/** The sorted unique values in exactly one of the arrays (NumPy setxor1d). */
// @overloads SETXOR1D
export function setxor1d(ar1: ArrayInput, ar2: ArrayInput, options?: { assumeUnique?: boolean | undefined }): NDArray;
export function setxor1d(ar1: ArrayInput, ar2: ArrayInput, assumeUnique?: boolean): NDArray;
// @end
export function setxor1d(...args: unknown[]): NDArray {
  const op = 'setxor1d';
  const [ar1, ar2, assumeUnique] = bind(SETXOR1D, args);
  return run(op, () => {
    const au = boolArg(op, 'assumeUnique', assumeUnique);
    if (au) {
      // NumPy concatenates the inputs as given (no ravel) with assumeUnique: their ranks must agree
      const [x, y] = [asArray(op, ar1, undefined, 'ar1'), asArray(op, ar2, undefined, 'ar2')];
      // (then NumPy's flags, 1-D, meet a 2-D concatenation: an error unless both are 1-D)
      if ((x.ndim !== 1 || y.ndim !== 1) && x.size + y.size > 0) {
        throw new StrideViewError('invalid_argument', `${op}: with assumeUnique the inputs must be 1-D (NumPy concatenates them as given), got shapes ${fmt(x.shape)} and ${fmt(y.shape)}`);
      }
    }
    const a = au ? flat(op, ar1, 'ar1') : uniq(flat(op, ar1, 'ar1'));
    const b = au ? flat(op, ar2, 'ar2') : uniq(flat(op, ar2, 'ar2'));
    const aux = sort(concatenate([a, b], 0));
    if (aux.size === 0) return keep(aux);
    const t = [true];
    const flag = concatenate([t, notEqual(tail(aux), head(aux)), t], 0);
    return keep(compress(logicalAnd(tail(flag), head(flag)), aux));
  });
}

const ARRAY_EQUIV: SigRef = { sig: 'numpy.array_equiv: arrayEquiv(a1: ArrayInput, a2: ArrayInput) -> boolean' };
/** True when the arrays broadcast to one shape and are equal elementwise there (NumPy array_equiv); false when they do not broadcast. */
// @overloads ARRAY_EQUIV
export function arrayEquiv(a1: ArrayInput, a2: ArrayInput): boolean;
// @end
export function arrayEquiv(...args: unknown[]): boolean {
  const op = 'arrayEquiv';
  const [a1, a2] = bind(ARRAY_EQUIV, args);
  try {
    return tidy(() => {
      const x = asArray(op, a1, undefined, 'a1');
      const y = asArray(op, a2, undefined, 'a2');
      const n = Math.max(x.ndim, y.ndim);
      for (let i = 1; i <= n; i++) {
        const p = x.shape[x.ndim - i] ?? 1;
        const q = y.shape[y.ndim - i] ?? 1;
        if (p !== q && p !== 1 && q !== 1) return false;
      }
      return all(equal(x, y)) as boolean;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const FLATNONZERO: SigRef = { sig: 'numpy.flatnonzero: flatnonzero(a: ArrayInput) -> NDArray' };
/** The int64 indices of the nonzero elements of the flattened array (NumPy flatnonzero). */
// @overloads FLATNONZERO
export function flatnonzero(a: ArrayInput): NDArray;
// @end
export function flatnonzero(...args: unknown[]): NDArray {
  const op = 'flatnonzero';
  const [a] = bind(FLATNONZERO, args);
  try {
    return tidy(() => keep(nonzero(flat(op, a, 'a'))[0]!));
  } catch (e) {
    throw relabel(op, e);
  }
}

const LEXSORT: SigRef = { sig: 'numpy.lexsort: lexsort(keys: ArrayInput | readonly ArrayInput[], axis: number | null = -1) -> NDArray' };
/**
 * The int64 indices that sort by several keys along `axis` (NumPy lexsort): the LAST key is the
 * primary one, ties broken by the one before, and so on (stable). `keys`: an array whose first
 * axis runs over the keys, or a list of equally shaped arrays. One stable argsort per key.
 */
// @overloads LEXSORT
export function lexsort(keys: ArrayInput | readonly ArrayInput[], options?: { axis?: number | null | undefined }): NDArray;
export function lexsort(keys: ArrayInput | readonly ArrayInput[], axis?: number | null): NDArray;
// @end
export function lexsort(...args: unknown[]): NDArray {
  const op = 'lexsort';
  const [keys, axis] = bind(LEXSORT, args);
  return run(op, () => {
    let ks: NDArray[];
    if (keys instanceof NDArray) {
      if (keys.ndim === 0) throw new StrideViewError('invalid_argument', `${op}: need sequence of keys with len > 0`);
      ks = Array.from({ length: keys.shape[0]! }, (_, i) => axisSlice(keys, 0, i, i + 1).reshape(keys.shape.slice(1)));
    } else if (Array.isArray(keys)) ks = keys.map((k, i) => asArray(op, k, undefined, `keys[${i}]`));
    else throw new TypeError(`${op}: keys must be an array or a list of arrays, got ${fmt(keys)}`);
    if (ks.length === 0) throw new StrideViewError('invalid_argument', `${op}: need sequence of keys with len > 0`);
    const sh = ks[0]!.shape;
    ks.forEach((k, i) => {
      if (k.shape.join() !== sh.join() || k.ndim !== sh.length) throw new StrideViewError('shape_mismatch', `${op}: all keys need to be the same shape (keys[0] ${fmt(sh)}, keys[${i}] ${fmt(k.shape)})`);
    });
    if (axis === null) ks = ks.map((k) => k.reshape([-1]));
    if (ks[0]!.ndim === 0) return keep(zeros([], 'int64'));
    const ax = normAxis(op, axis === null ? 0 : (axis as number), ks[0]!.ndim);
    let idx = argsort(ks[0]!, { axis: ax });
    for (let i = 1; i < ks.length; i++) {
      const o = argsort(takeAlongAxis(ks[i]!, idx, ax), { axis: ax });
      idx = takeAlongAxis(idx, o, ax);
    }
    return keep(idx);
  });
}

const kthType = (op: string): TypeError => new TypeError(`${op}: kth must hold integers (Partition index must be integer)`);

/** kth as NumPy reads it: an integer, a flat list of integers or an integer (or bool) array of at most 1 dim. */
function kthValues(op: string, kth: unknown): number[] {
  const tooDeep = (): StrideViewError => new StrideViewError('invalid_argument', `${op}: kth is too deep: object too deep for desired array (at most 1 dim)`);
  let ks: unknown[];
  if (typeof kth === 'number' || typeof kth === 'bigint') ks = [kth];
  else if (Array.isArray(kth)) {
    if (kth.some((k) => Array.isArray(k) || k instanceof NDArray)) throw tooDeep();
    if (kth.length === 0) throw new TypeError(`${op}: kth must hold integers (Partition index must be integer), got an empty list`);
    ks = kth;
  } else if (kth instanceof NDArray) {
    kth._check(op);
    if (info(kth.dtype).kind === 'f') throw new TypeError(`${op}: kth must hold integers (Partition index must be integer), got an array of dtype ${kth.dtype}`);
    if (kth.ndim > 1) throw tooDeep();
    ks = [kth.toArray() as unknown].flat();
  } else throw new TypeError(`${op}: kth must be an integer or a sequence of integers, got ${fmt(kth)}`);
  return ks.map((k) => {
    if (typeof k === 'boolean') return k ? 1 : 0;
    const v = typeof k === 'bigint' ? Number(k) : k;
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new TypeError(`${op}: kth must hold integers, got ${fmt(k)}`);
    return v;
  });
}

function partitionImpl(op: string, code: PartitionOp, a: unknown, kth: unknown, axis: unknown, kind: unknown, order: unknown): NDArray {
  if (typeof kind !== 'string') throw new TypeError(`${op}: kind must be 'introselect', got ${fmt(kind)}`);
  if (kind !== 'introselect') throw new StrideViewError('invalid_argument', `${op}: unknown selectkind ${fmt(kind)}: kind must be 'introselect' (NumPy's only one)`);
  if (order !== null) unsupported(op, 'order', order, 'null: strideview has no structured dtypes');
  let x = asArray(op, a);
  if (axis === null) x = x.reshape([-1]);
  if (x.ndim === 0) throw new StrideViewError('invalid_argument', `${op}: a must be at least 1-D, got shape []`);
  const ax = normAxis(op, axis === null ? 0 : (axis as number), x.ndim);
  const n = x.shape[ax]!;
  const ks = kthValues(op, kth);
  // (NumPy checks kth only when the array has elements; a negative kth counts from the end once)
  if (x.size > 0) {
    for (const k of ks) {
      const w = k < 0 ? k + n : k;
      if (w < 0 || w >= n) throw new StrideViewError('out_of_range', `${op}: kth(=${w}) out of bounds (${n})`);
    }
  }
  // the kernels read a padded view's padding as +0
  if (x._v._hasMask && !Object.is(x._fill, 0)) x = x._materialize(op);
  const kt = fromTypedArray(BigInt64Array.from(x.size > 0 ? ks.map((k) => (k < 0 ? k + n : k)) : [], (k) => BigInt(k)));
  return runKernel(Kind.Partition, code, code === PartitionOp.Partition ? x.dtype : 'int64', null, null, [x, kt], x.dtype, ax);
}

const PARTITION: SigRef = { sig: 'numpy.partition: partition(a: ArrayInput, kth: number | readonly number[] | NDArray, axis: number | null = -1, ' +
    'kind: "introselect" = "introselect", order: null = null) -> NDArray' };
/**
 * A copy of `a` with each kth element (a number, a list or an integer array; negative ones count
 * from the end) where sorting would put it, the elements before it smaller or equal and those after
 * it greater or equal, along `axis` (NumPy partition; null: flattened). Sort's order: NaN last, -0
 * and +0 equal. NumPy's introselect, O(n) per line (m kth: O(n log m)); the order within each part
 * is unspecified, as NumPy's (it may differ from NumPy's own).
 */
// @overloads PARTITION
export function partition(a: ArrayInput, kth: number | readonly number[] | NDArray, options?: { axis?: number | null | undefined; kind?: "introselect" | undefined; order?: null | undefined }): NDArray;
export function partition(a: ArrayInput, kth: number | readonly number[] | NDArray, axis?: number | null, options?: { kind?: "introselect" | undefined; order?: null | undefined }): NDArray;
export function partition(a: ArrayInput, kth: number | readonly number[] | NDArray, axis?: number | null, kind?: "introselect", options?: { order?: null | undefined }): NDArray;
export function partition(a: ArrayInput, kth: number | readonly number[] | NDArray, axis?: number | null, kind?: "introselect", order?: null): NDArray;
// @end
export function partition(...args: unknown[]): NDArray {
  const op = 'partition';
  const [a, kth, axis, kind, order] = bind(PARTITION, args);
  return run(op, () => {
    return keep(partitionImpl(op, PartitionOp.Partition, a, kth, axis, kind, order));
  });
}

const ARGPARTITION: SigRef = { sig: 'numpy.argpartition: argpartition(a: ArrayInput, kth: number | readonly number[] | NDArray, axis: number | null = -1, ' +
    'kind: "introselect" = "introselect", order: null = null) -> NDArray' };
/** The int64 indices that partition `a` along `axis` (see {@link partition}: introselect, O(n) per line). */
// @overloads ARGPARTITION
export function argpartition(a: ArrayInput, kth: number | readonly number[] | NDArray, options?: { axis?: number | null | undefined; kind?: "introselect" | undefined; order?: null | undefined }): NDArray;
export function argpartition(a: ArrayInput, kth: number | readonly number[] | NDArray, axis?: number | null, options?: { kind?: "introselect" | undefined; order?: null | undefined }): NDArray;
export function argpartition(a: ArrayInput, kth: number | readonly number[] | NDArray, axis?: number | null, kind?: "introselect", options?: { order?: null | undefined }): NDArray;
export function argpartition(a: ArrayInput, kth: number | readonly number[] | NDArray, axis?: number | null, kind?: "introselect", order?: null): NDArray;
// @end
export function argpartition(...args: unknown[]): NDArray {
  const op = 'argpartition';
  const [a, kth, axis, kind, order] = bind(ARGPARTITION, args);
  return run(op, () => {
    return keep(partitionImpl(op, PartitionOp.Argpartition, a, kth, axis, kind, order));
  });
}

