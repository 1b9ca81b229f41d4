// Array manipulation as NumPy: columnStack, arraySplit / hsplit / vsplit / dsplit (views, split's
// code), delete / insert / append (one gather or one join along the axis), resize (the data
// repeated: one broadcast copy) and trimZeros (a view). Built from views and engine copies; only
// index lists (one entry per position along an axis) are computed in TypeScript.
import { info } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt, toInts } from './errors.js';
import { NDArray, A, R, asArray, gather, normAxis } from './ndarray.js';
import { type SliceSpec } from './slicing.js';
import { type ArrayInput, notEqual, release } from './ops.js';
import { concatenate, split } from './joining.js';
import { zeros } from './creation.js';
import { tidy } from './tidy.js';
import { settle } from './manipulation.js';
import { type SigRef, bind } from './signature.js';

const COLUMN_STACK: SigRef = { sig: 'numpy.column_stack: columnStack(tup: readonly ArrayInput[]) -> NDArray' };
/** Stacks 1-d arrays as the columns of a 2-d array (NumPy column_stack; 2-d inputs are joined along axis 1 as they are). */
// @overloads COLUMN_STACK
export function columnStack(tup: readonly ArrayInput[]): NDArray;
// @end
export function columnStack(...args: unknown[]): NDArray {
  const op = 'columnStack';
  const [tup] = bind(COLUMN_STACK, args);
  try {
    if (!Array.isArray(tup)) throw new TypeError(`${op}: tup must be an array of arrays, got ${fmt(tup)}`);
    return tidy(() => {
      const cols = tup.map((v, i) => {
        const x = asArray(op, v, undefined, `tup[${i}]`);
        if (x.ndim >= 2) return x;
        return x.reshape(x.ndim === 0 ? [1, 1] : [x.size, 1]);
      });
      return concatenate(cols, 1);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const ARRAY_SPLIT: SigRef = { sig: 'numpy.array_split: arraySplit(ary: NDArray, indicesOrSections: number | readonly number[], axis: number = 0) -> NDArray[]' };
/**
 * Views of consecutive parts along `axis` (NumPy array_split): as {@link split}, but a number of
 * sections need not divide the axis: the first `size % sections` parts get one element more.
 */
// @overloads ARRAY_SPLIT
export function arraySplit(ary: NDArray, indicesOrSections: number | readonly number[], options?: { axis?: number | undefined }): NDArray[];
export function arraySplit(ary: NDArray, indicesOrSections: number | readonly number[], axis?: number): NDArray[];
// @end
export function arraySplit(...args: unknown[]): NDArray[] {
  const op = 'arraySplit';
  const [ary, sections, axisV] = bind(ARRAY_SPLIT, args);
  try {
    if (!(ary instanceof NDArray)) throw new TypeError(`${op}: ary must be an NDArray (the parts are views of it), got ${fmt(ary)}`);
    ary._check(op);
    if (typeof sections !== 'number' && typeof sections !== 'bigint') return split(ary, sections as number[], axisV as number);
    const k = toInt(op, 'indicesOrSections', sections);
    if (k <= 0) throw new StrideViewError('invalid_argument', `${op}: number of sections must be larger than 0, got ${k}`);
    const n = ary.shape[normAxis(op, axisV, ary.ndim)]!;
    const each = Math.floor(n / k);
    const extras = n % k;
    const cuts: number[] = [];
    for (let i = 1, at = 0; i < k; i++) cuts.push((at += each + (i <= extras ? 1 : 0)));
    return split(ary, cuts, axisV as number);
  } catch (e) {
    throw relabel(op, e);
  }
}

function splitAlong(op: string, ary: unknown, sections: unknown, minDim: number, axis: (nd: number) => number): NDArray[] {
  try {
    if (!(ary instanceof NDArray)) throw new TypeError(`${op}: ary must be an NDArray (the parts are views of it), got ${fmt(ary)}`);
    ary._check(op);
    if (ary.ndim < minDim) {
      throw new StrideViewError('rank_mismatch', `${op}: only works on arrays of ${minDim} or more dimensions, got shape ${fmt(ary.shape)}`);
    }
    return split(ary, sections as number, axis(ary.ndim));
  } catch (e) {
    throw relabel(op, e);
  }
}

const HSPLIT: SigRef = { sig: 'numpy.hsplit: hsplit(ary: NDArray, indicesOrSections: number | readonly number[]) -> NDArray[]' };
/** {@link split} along axis 1 (axis 0 for a 1-d array; NumPy hsplit): views. */
// @overloads HSPLIT
export function hsplit(ary: NDArray, indicesOrSections: number | readonly number[]): NDArray[];
// @end
export function hsplit(...args: unknown[]): NDArray[] {
  const [ary, sections] = bind(HSPLIT, args);
  return splitAlong('hsplit', ary, sections, 1, (nd) => (nd > 1 ? 1 : 0));
}

const VSPLIT: SigRef = { sig: 'numpy.vsplit: vsplit(ary: NDArray, indicesOrSections: number | readonly number[]) -> NDArray[]' };
/** {@link split} along axis 0 of an array of 2 or more dims (NumPy vsplit): views. */
// @overloads VSPLIT
export function vsplit(ary: NDArray, indicesOrSections: number | readonly number[]): NDArray[];
// @end
export function vsplit(...args: unknown[]): NDArray[] {
  const [ary, sections] = bind(VSPLIT, args);
  return splitAlong('vsplit', ary, sections, 2, () => 0);
}

const DSPLIT: SigRef = { sig: 'numpy.dsplit: dsplit(ary: NDArray, indicesOrSections: number | readonly number[]) -> NDArray[]' };
/** {@link split} along axis 2 of an array of 3 or more dims (NumPy dsplit): views. */
// @overloads DSPLIT
export function dsplit(ary: NDArray, indicesOrSections: number | readonly number[]): NDArray[];
// @end
export function dsplit(...args: unknown[]): NDArray[] {
  const [ary, sections] = bind(DSPLIT, args);
  return splitAlong('dsplit', ary, sections, 3, () => 2);
}

/** Python's slice.indices(n) as the list of positions. */
function slicePositions(s: { start: number | null; stop: number | null; step: number | null }, n: number): number[] {
  const step = s.step ?? 1;
  const clampPos = (v: number | null, dflt: number, lo: number, hi: number): number => (v === null ? dflt : v < 0 ? Math.max(lo, v + n) : Math.min(v, hi));
  const out: number[] = [];
  if (step > 0) {
    const a = clampPos(s.start, 0, 0, n);
    const b = clampPos(s.stop, n, 0, n);
    for (let i = a; i < b; i += step) out.push(i);
  } else {
    const a = clampPos(s.start, n - 1, -1, n - 1);
    const b = clampPos(s.stop, -1, -1, n - 1);
    for (let i = a; i > b; i += step) out.push(i);
  }
  return out;
}

const isSlice = (v: unknown): v is SliceSpec & { kind: 'R' } => v !== null && typeof v === 'object' && (v as { kind?: unknown }).kind === 'R' && 'step' in (v as object);

/** The array and axis delete / insert work on (axis null: the array flattened, axis 0). */
function axisInput(op: string, arr: unknown, axisV: unknown): { x: NDArray; ax: number; temps: NDArray[] } {
  const temps: NDArray[] = [];
  let x = asArray(op, arr, undefined, 'arr');
  if (x !== arr) temps.push(x);
  if (axisV === null) {
    if (x.ndim !== 1) {
      x = x.reshape([-1]);
      temps.push(x);
    }
    return { x, ax: 0, temps };
  }
  try {
    return { x, ax: normAxis(op, axisV, x.ndim), temps };
  } catch (e) {
    release(temps);
    throw e;
  }
}

/** Integer positions (or a boolean mask) of obj: { ints } or { mask }. */
function objValues(op: string, obj: unknown): { ints: number[]; scalar: boolean } | { mask: Uint8Array; shape: number[] } {
  if (typeof obj === 'number' || typeof obj === 'bigint') return { ints: [toInt(op, 'obj', obj)], scalar: true };
  if (typeof obj === 'boolean') throw new TypeError(`${op}: obj must be an integer, integers, a boolean mask or a slice (R / Rs), got ${fmt(obj)}`);
  if (Array.isArray(obj) && obj.length === 0) return { ints: [], scalar: false };
  const t = asArray(op, obj, undefined, 'obj');
  try {
    if (t.dtype === 'bool') return { mask: t.toTypedArray() as Uint8Array, shape: t.shape };
    // an NDArray must have an integer dtype; nested JS numbers must be integers
    if (info(t.dtype).kind === 'f' && t === obj) throw new TypeError(`${op}: obj must hold integers (or booleans), got an array of dtype ${t.dtype}`);
    if (t.ndim > 1) throw new StrideViewError('invalid_argument', `${op}: index array argument obj must be one dimensional or scalar, got shape ${fmt(t.shape)}`);
    const ta = t.toTypedArray();
    const ints = Array.from(ta as ArrayLike<number | bigint>, (v) => Number(v));
    for (const v of ints) if (!Number.isInteger(v)) throw new TypeError(`${op}: obj must hold integers (or booleans), got ${fmt(v)}`);
    return { ints, scalar: t.ndim === 0 };
  } finally {
    if (t !== obj) t.dispose();
  }
}

function checkIndex(op: string, i: number, n: number, ax: number, hi: number = n - 1): number {
  if (i < -n || i > hi) throw new StrideViewError('out_of_range', `${op}: index ${i} is out of bounds for axis ${ax} with size ${n}`);
  return i < 0 ? i + n : i;
}

const DELETE: SigRef = { sig: 'numpy.delete: delete_(arr: ArrayInput, obj: number | readonly number[] | readonly boolean[] | NDArray | SliceSpec, axis: number | null = null) -> NDArray' };
/**
 * A new array without the sub-arrays at `obj` along `axis` (NumPy delete; axis null: the array
 * flattened first). `obj` is an index, a list of indices (negative ones count from the end), a
 * boolean mask of the axis' length, or a slice `Rs(start, stop, step)`: `delete_(a, 1, 0)`,
 * `delete_(a, [0, 2])`, `delete_(a, Rs(null, null, 2), 1)` (`delete` is a JS keyword, hence the
 * trailing underscore, Python's convention for a reserved name).
 */
// @overloads DELETE
export function delete_(arr: ArrayInput, obj: number | readonly number[] | readonly boolean[] | NDArray | SliceSpec, options?: { axis?: number | null | undefined }): NDArray;
export function delete_(arr: ArrayInput, obj: number | readonly number[] | readonly boolean[] | NDArray | SliceSpec, axis?: number | null): NDArray;
// @end
export function delete_(...args: unknown[]): NDArray {
  const op = 'delete_';
  const [arr, obj, axisV] = bind(DELETE, args);
  let temps: NDArray[] = [];
  try {
    const got = axisInput(op, arr, axisV);
    temps = got.temps;
    const { x, ax } = got;
    const n = x.shape[ax]!;
    const drop = new Uint8Array(n);
    if (isSlice(obj)) for (const i of slicePositions(obj, n)) drop[i] = 1;
    else {
      const v = objValues(op, obj);
      if ('mask' in v) {
        if (v.shape.length !== 1 || v.shape[0] !== n) {
          throw new StrideViewError('shape_mismatch', `${op}: a boolean obj must be one dimensional and match the axis length of ${n}, got shape ${fmt(v.shape)}`);
        }
        drop.set(v.mask);
      } else for (const i of v.ints) drop[checkIndex(op, i, n, ax)] = 1;
    }
    const keep: number[] = [];
    for (let i = 0; i < n; i++) if (drop[i] === 0) keep.push(i);
    return byRuns(op, x, ax, keep, null);
  } catch (e) {
    throw relabel(op, e);
  } finally {
    release(temps);
  }
}

/**
 * The sub-arrays at positions `src` along `ax` (< n: x's, >= n: block's, n = x's length there) as
 * one new array: few runs of consecutive positions are joined as slices (one copy each); many, by
 * one gather of x and block joined.
 */
function byRuns(op: string, x: NDArray, ax: number, src: readonly number[], block: NDArray | null): NDArray {
  const n = x.shape[ax]!;
  const runs: [number, number][] = [];
  for (const p of src) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[1] === p && (p < n) === (last[0] < n)) last[1] = p + 1;
    else runs.push([p, p + 1]);
  }
  const lead = new Array(ax).fill(A);
  if (runs.length > 0 && runs.length <= 32) {
    const parts = runs.map(([lo, hi]) => (lo < n ? x.slice(...lead, R(lo, hi)) : block!.slice(...lead, R(lo - n, hi - n))));
    try {
      return concatenate(parts, ax, { dtype: x.dtype, casting: 'unsafe' });
    } finally {
      release(parts);
    }
  }
  if (block === null) return gather(x, ax, src, op);
  const joined = concatenate([x, block], ax, { casting: 'unsafe' });
  try {
    return gather(joined, ax, src, op);
  } finally {
    joined.dispose();
  }
}

const INSERT: SigRef = { sig: 'numpy.insert: insert(arr: ArrayInput, obj: number | readonly number[] | NDArray | SliceSpec, values: ArrayInput, axis: number | null = null) -> NDArray' };
/**
 * A new array with `values` inserted before the positions `obj` along `axis` (NumPy insert; axis
 * null: the array flattened first). `obj` is an index (values broadcast to one sub-array there, or
 * as many as values holds along the axis), a list of indices (one sub-array each; indices refer to
 * the array before insertion) or a slice `Rs(...)`; values are cast to arr's dtype as NumPy's
 * assignment casts: `insert(a, 1, 5)`, `insert(a, [1, 3], [10, 20])`, `insert(a, 0, [1, 2], 1)`.
 */
// @overloads INSERT
export function insert(arr: ArrayInput, obj: number | readonly number[] | NDArray | SliceSpec, values: ArrayInput, options?: { axis?: number | null | undefined }): NDArray;
export function insert(arr: ArrayInput, obj: number | readonly number[] | NDArray | SliceSpec, values: ArrayInput, axis?: number | null): NDArray;
// @end
export function insert(...args: unknown[]): NDArray {
  const op = 'insert';
  const [arr, obj, values, axisV] = bind(INSERT, args);
  let temps: NDArray[] = [];
  try {
    const got = axisInput(op, arr, axisV);
    temps = got.temps;
    const { x, ax } = got;
    const n = x.shape[ax]!;
    const nd = x.ndim;
    let idx: number[];
    let scalar = false;
    if (isSlice(obj)) idx = slicePositions(obj, n);
    else {
      const v = objValues(op, obj);
      if ('mask' in v) {
        // NumPy 1.24: a boolean obj is read as integers (with a FutureWarning)
        if (v.shape.length > 1) throw new StrideViewError('invalid_argument', `${op}: index array argument obj must be one dimensional or scalar, got shape ${fmt(v.shape)}`);
        idx = Array.from(v.mask);
        scalar = v.shape.length === 0;
      } else {
        idx = v.ints;
        scalar = v.scalar;
      }
    }
    return tidy(() => {
      const vals0 = asArray(op, values, undefined, 'values');
      let vals = vals0.dtype === x.dtype ? vals0 : vals0.astype(x.dtype); // NumPy: array(values, dtype=arr.dtype)
      if (idx.length === 1) {
        const at = checkIndex(op, idx[0]!, n, ax, n);
        if (vals.ndim < nd) vals = vals.reshape([...new Array<number>(nd - vals.ndim).fill(1), ...vals.shape]); // ndmin
        if (scalar) vals = vals.moveaxis(0, ax);
        const shape = x.shape;
        shape[ax] = vals.shape[ax]!;
        const block = vals.broadcastTo(shape);
        const lo = x.slice(...new Array(ax).fill(A), R(null, at));
        const hi = x.slice(...new Array(ax).fill(A), R(at, null));
        return concatenate([lo, block, hi], ax, { casting: 'unsafe' });
      }
      const pos = idx.map((i) => checkIndex(op, i, n, ax, n));
      const k = pos.length;
      // NumPy: the stable order of the indices, each moved by the number inserted before it
      const order = pos.map((p, i) => [p, i] as const).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
      const final = new Array<number>(k);
      order.forEach(([p, i], rank) => (final[i] = p + rank));
      const total = n + k;
      const src = new Array<number>(total).fill(-1);
      final.forEach((f, i) => (src[f] = n + i));
      for (let q = 0, j = 0; q < total; q++) if (src[q] === -1) src[q] = j++;
      const shape = x.shape;
      shape[ax] = k;
      return byRuns(op, x, ax, src, vals.broadcastTo(shape));
    });
  } catch (e) {
    throw relabel(op, e);
  } finally {
    release(temps);
  }
}

const APPEND: SigRef = { sig: 'numpy.append: append(arr: ArrayInput, values: ArrayInput, axis: number | null = null) -> NDArray' };
/**
 * `values` appended to `arr` along `axis` (NumPy append: a new array, dtypes promoted; axis null:
 * both flattened first): `append([1, 2], [3])`, `append(a, b, 0)`.
 */
// @overloads APPEND
export function append(arr: ArrayInput, values: ArrayInput, options?: { axis?: number | null | undefined }): NDArray;
export function append(arr: ArrayInput, values: ArrayInput, axis?: number | null): NDArray;
// @end
export function append(...args: unknown[]): NDArray {
  const op = 'append';
  const [arr, values, axisV] = bind(APPEND, args);
  try {
    return tidy(() => {
      let x = asArray(op, arr, undefined, 'arr');
      let v = asArray(op, values, undefined, 'values');
      if (axisV === null) {
        if (x.ndim !== 1) x = x.reshape([-1]);
        v = v.reshape([-1]);
        return concatenate([x, v], 0);
      }
      return concatenate([x, v], toInt(op, 'axis', axisV));
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const RESIZE: SigRef = { sig: 'numpy.resize: resize(a: ArrayInput, newShape: number | readonly number[]) -> NDArray' };
/**
 * A new array of `newShape` filled with a's elements in C order, repeated as often as needed
 * (NumPy resize, the function: not the in-place method; an empty input gives zeros).
 */
// @overloads RESIZE
export function resize(a: ArrayInput, newShape: number | readonly number[]): NDArray;
// @end
export function resize(...args: unknown[]): NDArray {
  const op = 'resize';
  const [a, newShapeV] = bind(RESIZE, args);
  try {
    const s = typeof newShapeV === 'number' || typeof newShapeV === 'bigint' ? [toInt(op, 'newShape', newShapeV)] : toInts(op, 'newShape', newShapeV);
    for (const d of s) if (d < 0) throw new StrideViewError('invalid_argument', `${op}: all elements of newShape must be non-negative, got ${fmt(s)}`);
    const size = s.reduce((p, d) => p * d, 1);
    return tidy(() => {
      const x = asArray(op, a, undefined, 'a');
      const flat = x.reshape([-1]);
      if (flat.size === 0 || size === 0) return zeros(s, x.dtype);
      const reps = Math.ceil(size / flat.size);
      const big = flat.reshape([1, flat.size]).broadcastTo([reps, flat.size])._materialize(op);
      return big._setView(big.view.reshape([reps * flat.size]).shrink([[0, size]]).reshape(s));
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const TRIM_ZEROS: SigRef = { sig: 'numpy.trim_zeros: trimZeros(filt: ArrayInput, trim: string = "fb") -> NDArray' };
/**
 * The 1-d input without its leading ('f' in `trim`) and trailing ('b') zeros (NumPy trim_zeros;
 * default 'fb'): a view. The ends are found on a `!= 0` mask read from either end.
 */
// @overloads TRIM_ZEROS
export function trimZeros(filt: ArrayInput, options?: { trim?: string | undefined }): NDArray;
export function trimZeros(filt: ArrayInput, trim?: string): NDArray;
// @end
export function trimZeros(...args: unknown[]): NDArray {
  const op = 'trimZeros';
  const [filt, trim] = bind(TRIM_ZEROS, args);
  let x: NDArray | null = null;
  try {
    if (typeof trim !== 'string') throw new TypeError(`${op}: trim must be a string of 'f' and 'b', got ${fmt(trim)}`);
    x = asArray(op, filt, undefined, 'filt');
    if (x.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: filt must be 1-d, got shape ${fmt(x.shape)}`);
    const t = trim.toUpperCase();
    const nz = notEqual(x, 0);
    let m: Uint8Array;
    try {
      m = nz.toTypedArray() as Uint8Array;
    } finally {
      nz.dispose();
    }
    let first = 0;
    let last = m.length;
    if (t.includes('F')) while (first < last && m[first] === 0) first++;
    if (t.includes('B')) while (last > first && m[last - 1] === 0) last--;
    const xx = x;
    return settle(xx, filt, xx.slice(`${first}:${Math.max(first, last)}`));
  } catch (e) {
    if (x !== null && x !== filt) x.dispose();
    throw relabel(op, e);
  }
}

