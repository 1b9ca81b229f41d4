// Selection: take, takeAlongAxis, compress (boolean masks), sort / argsort and topk.
// sort, argsort and topk are one kernel call along an axis, reading strided, broadcast and padded
// views directly; take / compress gather along an axis in WASM (one copy per selected slice);
// takeAlongAxis gathers elements by their offsets in the array's buffer.
import { SingleOp, SortOp } from './boundary_tables.js';
import { type DType, info } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, Kind, asArray, forward, gather, kernelCopy, methodGroup, normAxis, takeSecond, uses } from './ndarray.js';
import { needFamily } from './families.js';
import { gatherArray } from './kernel_client.js';
import { type ArrayInput, compute, same } from './ops.js';
import { empty } from './creation.js';
import { oneAxis } from './axes.js';
import { Shape } from './shape.js';
import { type SigRef, bind, isOptionsObject, unsupported } from './signature.js';
import { type Casting, canCast, outArg } from './ufunc.js';

/** Integer index values with their shape (scalars: shape []). */
function indexValues(op: string, what: string, x: unknown): { values: number[]; shape: number[] } {
  if (typeof x === 'number' || typeof x === 'bigint') return { values: [toInt(op, what, x)], shape: [] };
  const t = asArray(op, x, undefined, what);
  try {
    // An NDArray must have an integer (or bool) dtype; nested JS numbers must be integers.
    if (info(t.dtype).kind === 'f' && t === x) {
      throw new TypeError(`${op}: ${what} must be integers, got an array of dtype ${t.dtype}`);
    }
    const ta = t.toTypedArray();
    const values = new Array<number>(ta.length);
    if (ta instanceof BigInt64Array || ta instanceof BigUint64Array) {
      // 64-bit integers read as two 32-bit words (reading ta[i] makes a BigInt per element); past
      // 2^53 (out of bounds anyway) through the BigInt, rounded as before
      const w = new Int32Array(ta.buffer, ta.byteOffset, ta.length * 2);
      const signed = ta instanceof BigInt64Array;
      for (let i = 0; i < ta.length; i++) {
        const lo = w[2 * i]! >>> 0;
        const hi = w[2 * i + 1]!;
        const big = signed ? hi >= 0x200000 || hi < -0x200000 : hi < 0 || hi >= 0x200000;
        values[i] = big ? Number(ta[i]) : (signed ? hi : hi >>> 0) * 4294967296 + lo;
      }
      return { values, shape: t.shape };
    }
    for (let i = 0; i < ta.length; i++) {
      const v = Number(ta[i]);
      if (!Number.isInteger(v)) throw new TypeError(`${op}: ${what} must be integers, got ${fmt(v)} at flat position ${i}`);
      values[i] = v;
    }
    return { values, shape: t.shape };
  } finally {
    if (t !== x) t.dispose();
  }
}

/** Wraps negative indices and checks bounds (NumPy's mode='raise'). */
function wrap(op: string, values: number[], n: number, axis: number): number[] {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const w = v < 0 ? v + n : v;
    if (w < 0 || w >= n) {
      throw new StrideViewError('out_of_range', `${op}: index ${v} is out of bounds for axis ${axis} with size ${n}`);
    }
    values[i] = w;
  }
  return values;
}

/** The array flattened in C order (a view when possible), or `x` itself. */
function flat(x: NDArray): NDArray {
  return x.ndim === 1 ? x : x.reshape([-1]);
}

function withInput<T>(op: string, a: ArrayInput, fn: (x: NDArray) => T, name = 'a'): T {
  try {
    const x = asArray(op, a, undefined, name);
    try {
      return fn(x);
    } finally {
      if (x !== a) x.dispose();
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

/** @deprecated The options of the old call forms; every parameter is now NumPy's, positional or by name. */
export interface TakeOptions {
  /** The axis (negative counts from the end); omitted or null: the flattened array. */
  axis?: number | null;
}

/** How {@link take} treats an index out of range: NumPy's mode=. */
export type TakeMode = 'raise' | 'wrap' | 'clip';

/** The `axis` of a select op: null (the flattened array) or one integer. */
function axisOf(op: string, axis: unknown): number | null {
  return oneAxis(op, axis);
}

/**
 * @internal Writes the new array `r` into `out` (NumPy's out=: its shape must be the result's) under
 * `casting`, frees `r` and returns out; `out` null / undefined: returns r. Errors name `op`.
 */
export function resultInto(op: string, r: NDArray, outRaw: unknown, casting: Casting): NDArray {
  if (outRaw === null || outRaw === undefined) return r;
  try {
    const out = outArg(op, outRaw);
    if (out === undefined) return r;
    out._check(`${op}: out`);
    if (out.isReadOnly) {
      throw new StrideViewError('read_only', `${op}: out is read-only (a broadcast or padded view); pass a writable array`);
    }
    const rs = r.shape;
    const os = out.shape;
    if (os.length !== rs.length || os.some((d, i) => d !== rs[i])) {
      throw new StrideViewError('shape_mismatch', `${op}: out has shape ${fmt(os)} but the result has shape ${fmt(rs)}`);
    }
    if (!canCast(r.dtype, out.dtype, casting)) {
      const msg = `${op}: cannot cast the result from ${r.dtype} to out's dtype ${out.dtype} with casting='${casting}'`;
      throw new StrideViewError('type_error', msg);
    }
    kernelCopy(out, r);
    return out;
  } finally {
    r.dispose();
  }
}

/**
 * NumPy's take / compress read `out` as an array of a's dtype (PyArray_FromArray with casting
 * 'safe', written back after): out's dtype must cast safely to a's.
 */
function checkTakeOut(op: string, out: unknown, x: NDArray): void {
  const o = outArg(op, out);
  if (o !== undefined && !canCast(o.dtype, x.dtype, 'safe')) {
    const msg = `${op}: cannot cast out's dtype ${o.dtype} to a's dtype ${x.dtype} with casting='safe' (NumPy's rule for out)`;
    throw new StrideViewError('type_error', msg);
  }
}

/** Index values of `indices` into an axis of size n under NumPy's mode (raise: negative from the end). */
function modeIndices(op: string, values: number[], n: number, axis: number, mode: TakeMode): number[] {
  if (mode === 'raise') return wrap(op, values, n, axis);
  if (n === 0 && values.length > 0) {
    const msg = `${op}: cannot do a non-empty take from an empty axis (axis ${axis} has size 0, mode='${mode}')`;
    throw new StrideViewError('out_of_range', msg);
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    values[i] = mode === 'wrap' ? ((v % n) + n) % n : v < 0 ? 0 : v >= n ? n - 1 : v;
  }
  return values;
}

// Index dtypes the engine reads for take (uint64 past 2^63 and floats go through indexValues' checks).
const ENGINE_INDEX: ReadonlySet<DType> = new Set(['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32']);

const TAKE: SigRef = { sig: 'numpy.take: take(a: ArrayInput, indices: ArrayInput, axis: number | null = null, out: NDArray | null = null, ' +
    'mode: TakeMode = "raise") -> NDArray' };
/**
 * Elements at `indices` along `axis` (NumPy take; a new array): the result's shape is
 * a.shape[:axis] + indices.shape + a.shape[axis+1:]. axis null (the default): indices into the
 * flattened array. `mode` 'raise' (default): negative indices count from the end, an index out of
 * range is an error; 'wrap': indices wrap around (modulo the axis' size); 'clip': they are clipped
 * to [0, size - 1] (a negative index gives 0). `out`: the result is written into it (its shape must
 * be the result's; as NumPy's, its dtype must cast safely to a's) and returned.
 * `take(a, [2, 0], 1)` is `take(a, [2, 0], { axis: 1 })`.
 */
// @overloads TAKE
export function take(a: ArrayInput, indices: ArrayInput, options?: { axis?: number | null | undefined; out?: NDArray | null | undefined; mode?: TakeMode | undefined }): NDArray;
export function take(a: ArrayInput, indices: ArrayInput, axis?: number | null, options?: { out?: NDArray | null | undefined; mode?: TakeMode | undefined }): NDArray;
export function take(a: ArrayInput, indices: ArrayInput, axis?: number | null, out?: NDArray | null, options?: { mode?: TakeMode | undefined }): NDArray;
export function take(a: ArrayInput, indices: ArrayInput, axis?: number | null, out?: NDArray | null, mode?: TakeMode): NDArray;
// @end
export function take(...args: unknown[]): NDArray {
  const op = 'take';
  uses(GATHERS);
  const [a, indices, axisRaw, out, mode] = bind(TAKE, args);
  return withInput(op, a as ArrayInput, (x) => {
    const axis = axisOf(op, axisRaw);
    if (mode !== 'raise' && mode !== 'wrap' && mode !== 'clip') {
      throw new TypeError(`${op}: mode must be 'raise', 'wrap' or 'clip', got ${fmt(mode)}`);
    }
    checkTakeOut(op, out, x);
    if (mode === 'raise' && indices instanceof NDArray && ENGINE_INDEX.has(indices.dtype) && x.ndim > 0) {
      // an integer NDArray: the engine reads the indices (no JS number per index)
      const src = axis === null ? flat(x) : x;
      const flatIdx = indices.ndim === 1 ? indices : indices.reshape([-1]);
      try {
        const ax = axis === null ? 0 : normAxis(op, axis, x.ndim);
        const s = src.shape;
        const g = gatherArray(src, ax, flatIdx);
        return resultInto(op, g._setView(g.view.reshape([...s.slice(0, ax), ...indices.shape, ...s.slice(ax + 1)])), out, 'unsafe');
      } finally {
        if (flatIdx !== indices) flatIdx.dispose();
        if (src !== x) src.dispose();
      }
    }
    const { values, shape } = indexValues(op, 'indices', indices);
    const src = axis === null ? flat(x) : x;
    try {
      const ax = axis === null ? 0 : normAxis(op, axis, x.ndim);
      const s = src.shape;
      modeIndices(op, values, s[ax]!, ax, mode);
      const g = gather(src, ax, values);
      return resultInto(op, g._setView(g.view.reshape([...s.slice(0, ax), ...shape, ...s.slice(ax + 1)])), out, 'unsafe');
    } finally {
      if (src !== x) src.dispose();
    }
  });
}

/** @deprecated The options of the old call forms of sort / argsort / takeAlongAxis / topk. */
export interface SortOptions {
  /** The axis (negative counts from the end; default -1); null: the flattened array. */
  axis?: number | null;
}

const TAKE_ALONG_AXIS: SigRef = { sig: 'numpy.take_along_axis: takeAlongAxis(arr: ArrayInput, indices: ArrayInput, axis: number | null) -> NDArray' };
/**
 * NumPy take_along_axis: `indices` has arr's rank; out[..., j, ...] = arr[..., indices[..., j, ...],
 * ...] along `axis` (required, as NumPy's), the other dims broadcast between arr and indices.
 * axis null: arr flattened and 1-D indices. Typical use:
 * `takeAlongAxis(a, argsort(a, axis), axis)`.
 */
// @overloads TAKE_ALONG_AXIS
export function takeAlongAxis(arr: ArrayInput, indices: ArrayInput, axis: number | null): NDArray;
// @end
export function takeAlongAxis(...args: unknown[]): NDArray {
  const op = 'takeAlongAxis';
  // axis is required: `takeAlongAxis(a, idx, { axis })` names it in an options object
  const b = bind(TAKE_ALONG_AXIS, args.length === 3 && isOptionsObject(args[2]) ? [args[0], args[1], undefined, args[2]] : args);
  const [a, indices, axisRaw] = b;
  return withInput(op, a as ArrayInput, (x) => {
    if (axisRaw !== null && typeof axisRaw !== 'number' && typeof axisRaw !== 'bigint') {
      throw new TypeError(`${op}: axis must be an integer or null, got ${fmt(axisRaw)}`);
    }
    const axis = oneAxis(op, axisRaw);
    if (axis === null) {
      const { shape } = indexValues(op, 'indices', indices);
      if (shape.length !== 1) {
        throw new StrideViewError('rank_mismatch', `${op}: with axis null, indices must be 1-D, got shape ${fmt(shape)}`);
      }
      return take(x, indices as ArrayInput);
    }
    const ax = normAxis(op, axis, x.ndim);
    const { values, shape: ish } = indexValues(op, 'indices', indices);
    if (ish.length !== x.ndim) {
      throw new StrideViewError('rank_mismatch', `${op}: indices and a must have the same number of dimensions, got ${ish.length} and ${x.ndim}`);
    }
    const xs = x.shape;
    const others = (sh: readonly number[]): number[] => sh.filter((_, i) => i !== ax);
    let lead: number[]; // the dims other than axis, broadcast by the engine's rule
    try {
      lead = Shape.broadcast(others(xs), others(ish));
    } catch (e) {
      if (!(e instanceof StrideViewError)) throw e;
      throw new StrideViewError('shape_mismatch', `${op}: shapes ${fmt(xs)} (a) and ${fmt(ish)} (indices) do not broadcast outside axis ${ax}`);
    }
    wrap(op, values, xs[ax]!, ax);
    const m = ish[ax]!;
    const last = xs.length - 1;
    const shape = lead.slice();
    shape.splice(ax, 0, m);
    if (values.length === 0 || shape.includes(0)) return empty(shape, x.dtype);
    // out[r] = a[r with r[ax] replaced by indices[r]] (a and indices broadcast outside axis): the
    // flat C positions in a computed here, then one gather from a's elements in C order (a itself
    // when it is C-contiguous, else one copy). [256,10] float64 with [256,1] indices: 283 us through
    // a ramp array, moved axes and a broadcast add, 20 us this way.
    const xc = x.isCContiguous && !x._v._hasMask ? x : x.copy();
    try {
      const nd = xs.length;
      const cs = new Array<number>(nd); // a's C strides
      const ics = new Array<number>(nd); // indices' C strides
      for (let d = nd - 1, s = 1, si = 1; d >= 0; d--) {
        cs[d] = s;
        ics[d] = si;
        s *= xs[d]!;
        si *= ish[d]!;
      }
      const total = shape.reduce((p, d) => p * d, 1);
      const pos = new Array<number>(total);
      const r = new Array<number>(nd).fill(0);
      for (let k = 0; k < total; k++) {
        let src = 0;
        let at = 0;
        for (let d = 0; d < nd; d++) {
          const i = r[d]!;
          if (d === ax) at += i * ics[d]!;
          else {
            if (xs[d] !== 1) src += i * cs[d]!;
            if (ish[d] !== 1) at += i * ics[d]!;
          }
        }
        pos[k] = src + values[at]! * cs[ax]!;
        for (let d = nd - 1; d >= 0; d--) {
          if (++r[d]! < shape[d]!) break;
          r[d] = 0;
        }
      }
      const flat = xc.reshape([xc.size]);
      try {
        const g = gather(flat, 0, pos, op);
        return g._setView(g._v._reshape(shape));
      } finally {
        flat.dispose();
      }
    } finally {
      if (xc !== x) xc.dispose();
    }
  }, 'arr');
}

/** The positions where a 1-D condition is true (nonzero). */
function truePositions(op: string, condition: unknown): { pos: number[]; length: number } {
  const c = asArray(op, condition, undefined, 'condition');
  try {
    if (c.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: condition must be 1-D, got shape ${fmt(c.shape)}`);
    const ta = c.toTypedArray();
    const pos: number[] = [];
    // nonzero is true, NaN included (NumPy)
    for (let i = 0; i < ta.length; i++) if ((ta[i] as number) !== 0 && ta[i] !== 0n) pos.push(i);
    return { pos, length: ta.length };
  } finally {
    if (c !== condition) c.dispose();
  }
}

const COMPRESS: SigRef = { sig: 'numpy.compress: compress(condition: ArrayInput, a: ArrayInput, axis: number | null = null, out: NDArray | null = null) -> NDArray' };
/**
 * The slices along `axis` where `condition` (1-D, nonzero = true) holds (NumPy compress; a new
 * array). A condition shorter than the axis selects from its first elements; a true entry beyond
 * the axis is an error. axis null (the default): the flattened array. `out` as {@link take}'s (its
 * dtype must cast safely to a's).
 */
// @overloads COMPRESS
export function compress(condition: ArrayInput, a: ArrayInput, options?: { axis?: number | null | undefined; out?: NDArray | null | undefined }): NDArray;
export function compress(condition: ArrayInput, a: ArrayInput, axis?: number | null, options?: { out?: NDArray | null | undefined }): NDArray;
export function compress(condition: ArrayInput, a: ArrayInput, axis?: number | null, out?: NDArray | null): NDArray;
// @end
export function compress(...args: unknown[]): NDArray {
  const op = 'compress';
  uses(GATHERS);
  const [condition, a, axisRaw, out] = bind(COMPRESS, args);
  return withInput(op, a as ArrayInput, (x) => {
    const axis = axisOf(op, axisRaw);
    checkTakeOut(op, out, x);
    const { pos } = truePositions(op, condition);
    const src = axis === null ? flat(x) : x;
    try {
      const ax = axis === null ? 0 : normAxis(op, axis, x.ndim);
      const n = src.shape[ax]!;
      if (pos.length > 0 && pos[pos.length - 1]! >= n) {
        throw new StrideViewError('out_of_range', `${op}: condition is true at index ${pos[pos.length - 1]}, out of bounds for axis ${ax} with size ${n}`);
      }
      return resultInto(op, gather(src, ax, pos), out, 'unsafe');
    } finally {
      if (src !== x) src.dispose();
    }
  });
}

/** NumPy's sort kinds (strideview's sort is stable: every kind gives the stable order). */
export type SortKind = 'quicksort' | 'mergesort' | 'heapsort' | 'stable';

/** kind: NumPy reads the first letter (q, m, h, s; either case); order: only for structured arrays. */
function checkSortArgs(op: string, kind: unknown, order: unknown): void {
  if (kind !== null && (typeof kind !== 'string' || !/^[qmhsQMHS]/.test(kind))) {
    throw new TypeError(`${op}: kind must be 'quicksort', 'mergesort', 'heapsort', 'stable' or null, got ${fmt(kind)}`);
  }
  if (order !== null) {
    const why = 'strideview has no structured arrays: order names fields, and NumPy too refuses it for an array without fields';
    unsupported(op, 'order', order, why);
  }
}

function sortImpl(op: string, code: SortOp, b: unknown[]): NDArray {
  needFamily(op, SORTS);
  const [a, axisRaw, kind, order] = b;
  return withInput(op, a as ArrayInput, (x) => {
    const axis = axisOf(op, axisRaw);
    checkSortArgs(op, kind, order);
    const none = axis === null;
    const src = none ? flat(x) : x;
    try {
      const ax = none ? 0 : normAxis(op, axis, x.ndim);
      const rdt = (d: DType): DType => (code === SortOp.Sort ? d : 'int64');
      return compute(op, Kind.Sort, code, [src], undefined, undefined, rdt, ax);
    } finally {
      if (src !== x) src.dispose();
    }
  });
}

const SORT: SigRef = { sig: 'numpy.sort: sort(a: ArrayInput, axis: number | null = -1, kind: SortKind | null = null, order: null = null) -> NDArray' };
/**
 * A sorted copy along `axis` (default -1; null: the flattened array), ascending and stable (equal
 * elements keep their order): every NumPy `kind` ('quicksort', 'mergesort', 'heapsort', 'stable')
 * is accepted and gives this order (the stable order is one that each kind may give). NaN sorts
 * last, -0 and +0 are equal; integers compare exactly. `order` (fields of a structured array) is
 * refused: strideview has no structured arrays.
 */
// @overloads SORT
export function sort(a: ArrayInput, options?: { axis?: number | null | undefined; kind?: SortKind | null | undefined; order?: null | undefined }): NDArray;
export function sort(a: ArrayInput, axis?: number | null, options?: { kind?: SortKind | null | undefined; order?: null | undefined }): NDArray;
export function sort(a: ArrayInput, axis?: number | null, kind?: SortKind | null, options?: { order?: null | undefined }): NDArray;
export function sort(a: ArrayInput, axis?: number | null, kind?: SortKind | null, order?: null): NDArray;
// @end
export function sort(...args: unknown[]): NDArray {
  return sortImpl('sort', SortOp.Sort, bind(SORT, args));
}
const ARGSORT: SigRef = { sig: 'numpy.argsort: argsort(a: ArrayInput, axis: number | null = -1, kind: SortKind | null = null, order: null = null) -> NDArray' };
/** The int64 indices that sort `a` along `axis` (the order of {@link sort}, stable; `kind` and `order` as sort's). */
// @overloads ARGSORT
export function argsort(a: ArrayInput, options?: { axis?: number | null | undefined; kind?: SortKind | null | undefined; order?: null | undefined }): NDArray;
export function argsort(a: ArrayInput, axis?: number | null, options?: { kind?: SortKind | null | undefined; order?: null | undefined }): NDArray;
export function argsort(a: ArrayInput, axis?: number | null, kind?: SortKind | null, options?: { order?: null | undefined }): NDArray;
export function argsort(a: ArrayInput, axis?: number | null, kind?: SortKind | null, order?: null): NDArray;
// @end
export function argsort(...args: unknown[]): NDArray {
  return sortImpl('argsort', SortOp.Argsort, bind(ARGSORT, args));
}

/** The result of {@link topk}. */
export interface TopK {
  /** The k largest elements along the axis, largest first (a's dtype). */
  values: NDArray;
  /** Their int64 indices along the axis. */
  indices: NDArray;
}

const TOPK: SigRef = { sig: '-: topk(a: ArrayInput, k: number, *, axis: number = -1) -> TopK' };
/**
 * The k largest elements along `{ axis }` (keyword-only, default -1), largest first; equal values
 * by increasing index; NaN counts as the largest (torch.topk). Both results have a's shape with
 * the axis set to k (0 <= k <= its size). strideview's own (NumPy has no topk).
 */
// @overloads TOPK
export function topk(a: ArrayInput, k: number, options?: { axis?: number | undefined }): TopK;
// @end
export function topk(...args: unknown[]): TopK {
  const op = 'topk';
  needFamily(op, SORTS);
  const [a, k, axisRaw] = bind(TOPK, args);
  return withInput(op, a as ArrayInput, (x) => {
    if (axisRaw === null) throw new TypeError(`${op}: axis must be an integer, got null (topk works along one axis)`);
    const kk = toInt(op, 'k', k);
    const ax = normAxis(op, oneAxis(op, axisRaw), x.ndim);
    const n = x.shape[ax]!;
    if (kk < 0 || kk > n) {
      throw new StrideViewError('out_of_range', `${op}: k = ${kk} is out of range for axis ${ax} of size ${n} (0 <= k <= ${n})`);
    }
    const values = compute(op, Kind.Topk, SingleOp.Only, [x], undefined, undefined, same, kk, ax);
    return { values, indices: takeSecond() };
  });
}


const NDARRAY_SORT: SigRef = { sig: 'numpy.ndarray.sort: NDArray.sort(axis: number = -1, kind: "quicksort" | "mergesort" | "heapsort" | "stable" | null = null, ' +
    'order: null = null) -> void' };

/** a.sort(): in place, as NumPy's ndarray.sort. */
function sortInPlace(this: NDArray, ...args: unknown[]): void {
  const op = 'sort';
  this._check(op);
  const [axis, kind, order] = bind(NDARRAY_SORT, args);
  if (axis === null) {
    throw new TypeError(`${op}: axis must be an integer (a.sort sorts in place along one axis; sort(a, { axis: null }) copies), got null`);
  }
  if (order !== null) unsupported(op, 'order', order, 'supported: null; strideview has no structured arrays');
  const s = (sort as unknown as (...a: unknown[]) => unknown)(this, kind === null ? { axis } : { axis, kind }) as NDArray;
  try {
    this.assign(s);
  } catch (e) {
    throw relabel(op, e);
  } finally {
    s.dispose();
  }
}

// NumPy's methods of take and compress (core: gathers), installed with them (ndarray.ts methodGroup).
const GATHERS = /* @__PURE__ */ methodGroup('none', () => ({
  take: forward(take),
  compress: function (this: NDArray, condition: unknown, ...args: unknown[]): unknown {
    return (compress as unknown as (...a: unknown[]) => unknown)(condition, this, ...args);
  },
}));
// sort, argsort and topk run on the 'stats' family of the engine (families.ts); NumPy's methods of them.
const SORTS = /* @__PURE__ */ methodGroup('stats', () => ({ sort: sortInPlace, argsort: forward(argsort) }));
