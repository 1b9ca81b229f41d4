// Interop with neighbouring n-d array libraries: scijs `ndarray` and `@stdlib/ndarray` objects both
// describe an array as (data, shape, strides in elements, offset in elements). fromNdarrayLike reads
// such an object into an NDArray; toNdarrayLike hands one out.
//
// Zero-copy is only taken where it is provably safe: a `data` typed array that toNdarrayLike(a,
// { copy: false }) handed out (so it spans exactly one live buffer the library owns) comes back as a
// view of that buffer. Any other data (JS memory, or a typed array over WASM memory the library did
// not hand out) is copied once.
import { type AnyTypedArray, type DType, FLOAT16_NATIVE, checkDType, dtypeOfTypedArray, halfToNumber, isBig, toStored } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt, toInts } from './errors.js';
import { arange, empty } from './creation.js';
import { NDArrayClass } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import { type SigRef, bind } from './signature.js';
import { heapArray } from './storage.js';
import { heapBuffer, isInitialized } from './runtime.js';
import { cContiguousStrides } from './shape.js';
import { type View, createView } from './view.js';

/**
 * An n-d array described the way scijs `ndarray` and `@stdlib/ndarray` do. Strides and offset are
 * in elements; strides may be negative. `stride` (scijs) and `strides` (@stdlib) are both accepted.
 */
export interface NdarrayLikeInput {
  /** The elements: a typed array, or a plain array of numbers / bigints / booleans. */
  data: ArrayLike<unknown>;
  /** Extent of every axis. */
  shape: readonly number[];
  /** Strides in elements (scijs spelling). */
  stride?: readonly number[];
  /** Strides in elements (@stdlib spelling). */
  strides?: readonly number[];
  /** Index of element [0, ..., 0] in `data` (default 0). */
  offset?: number;
  /** Used only when no strides are given: `'row-major'` / `'C'` (default) or `'column-major'` / `'F'`. */
  order?: string;
  /** `'bool'` marks a Uint8Array of 0/1 as booleans; other values are ignored (the typed array decides). */
  dtype?: unknown;
}

/** What {@link toNdarrayLike} returns: pass it to `ndarray(data, shape, stride, offset)` or `@stdlib/ndarray/ctor`. */
export interface NdarrayLike {
  /** The elements (Uint8Array holding 0/1 for bool, BigInt64Array / BigUint64Array for 64-bit ints). */
  data: AnyTypedArray;
  /** Extent of every axis (a fresh array). */
  shape: number[];
  /** Strides in elements (scijs spelling). */
  stride: number[];
  /** The same strides (@stdlib spelling). */
  strides: number[];
  /** Index of element [0, ..., 0] in `data`. */
  offset: number;
  /** Always `'row-major'` (the strides are explicit; @stdlib's constructor wants an order). */
  order: 'row-major';
  /** The library's dtype of the elements (`'bool'` data is a Uint8Array of 0 and 1). */
  dtype: DType;
}

/** Options of {@link fromNdarrayLike} (given by name; an unknown one is a TypeError). */
export interface FromNdarrayLikeOptions {
  /** Result dtype (default or null: from the typed array class; float64 for plain arrays). Casts when it differs. */
  dtype?: DType | null;
  /**
   * `undefined` or `null` (default): a view when `data` came from `toNdarrayLike(a, { copy: false })`, else one copy.
   * `true`: always copy. `false`: a view or a StrideViewError (`not_expressible`).
   */
  copy?: boolean | null;
}

/** Options of {@link toNdarrayLike} (given by name; an unknown one is a TypeError). */
export interface ToNdarrayLikeOptions {
  /**
   * `true` (default): `data` is a fresh typed array in JS memory, C order, offset 0 (always valid).
   * `false`: zero-copy, `data` is a typed array over the whole WASM buffer of `a` with `a`'s strides
   * and offset. It is valid until the buffer is disposed or WebAssembly memory grows (any allocation
   * may grow it; the typed array then has length 0). Writes through it change `a`.
   */
  copy?: boolean;
}

interface Token {
  owner: NDArray;
  dtype: DType;
  buffer: ArrayBufferLike;
}

// Typed arrays handed out by toNdarrayLike(a, { copy: false }) -> the buffer they span.
const handedOut = new WeakMap<object, Token>();

const OP_FROM = 'fromNdarrayLike';
const OP_TO = 'toNdarrayLike';

function isTyped(v: unknown): v is AnyTypedArray {
  return ArrayBuffer.isView(v) && !(v instanceof DataView);
}

interface BooleanArrayLike {
  buffer: ArrayBuffer;
  byteOffset: number;
  length: number;
}

function isBooleanArray(v: unknown): v is BooleanArrayLike {
  if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) return false;
  const o = v as Partial<BooleanArrayLike> & { constructor?: { name?: string }; BYTES_PER_ELEMENT?: number };
  return (
    o.constructor?.name === 'BooleanArray' &&
    o.buffer instanceof ArrayBuffer &&
    Number.isSafeInteger(o.byteOffset) &&
    Number.isSafeInteger(o.length) &&
    (o.byteOffset as number) + (o.length as number) <= o.buffer.byteLength
  );
}

// Layout rules (order strides, the span a view reaches, contiguity, element positions) are the
// engine's: this module only asks.

/** Strides of the row-major (C) or column-major (F) layout of shape: the engine's C-order rule. */
function orderStrides(shape: readonly number[], fortran: boolean): number[] {
  try {
    if (!fortran) return cContiguousStrides(shape);
    return cContiguousStrides(shape.slice().reverse()).reverse();
  } catch (e) {
    throw relabel(OP_FROM, e);
  }
}

/** The strided view (shape, strides, offset) over a flat sequence, checked by the engine. */
function layout(shape: readonly number[], strides: readonly number[], offset: number): View {
  try {
    return createView(shape, { strides, offset });
  } catch (e) {
    throw relabel(OP_FROM, e);
  }
}

/** Element range [lo, hi] a strided view reaches (numel > 0). */
function span(v: View): [number, number] {
  return v.requiredSpan() ?? [v.offset, v.offset];
}

/**
 * Positions in the flat source of the elements of view `v` (which reaches [lo, hi]), in C order:
 * the copy kernel reads a ramp 0, 1, ... through the view.
 */
function elementPositions(v: View, lo: number, hi: number): Float64Array | Int32Array {
  const ramp = arange(lo, hi + 1, 1, lo >= 0 && hi <= 2147483647 ? 'int32' : 'float64');
  try {
    const through = ramp._derive(layout(v.shape as number[], v.strides as number[], v.offset - lo), true, 0);
    return through.toTypedArray() as Float64Array | Int32Array;
  } finally {
    ramp.dispose();
  }
}

const FROM_NDARRAY_LIKE: SigRef = { sig: '-: fromNdarrayLike(obj: NdarrayLikeInput, /, *, dtype: DType | null = null, copy: boolean | null = null) -> NDArray' };
/**
 * Reads a scijs `ndarray` / `@stdlib/ndarray` object (or any `{ data, shape, stride(s), offset }`)
 * into an NDArray.
 *
 * - dtype comes from the typed array class (Float32Array -> float32, BigInt64Array -> int64,
 *   Uint8ClampedArray -> uint8; a Uint8Array with `dtype: 'bool'` -> bool; plain arrays -> float64),
 *   or from the `dtype` option (a cast).
 * - Zero-copy (a view sharing the buffer) when `data` is a typed array that
 *   `toNdarrayLike(a, { copy: false })` handed out and `a`'s buffer is still alive; one copy
 *   otherwise. Views with a zero stride come back read-only, like broadcast views.
 *
 * Throws TypeError for a non-object, non-array `data` or non-integer shape/strides/offset;
 * RangeError for negative extents or offsets and for views that reach outside `data`;
 * StrideViewError `rank_mismatch` when strides and shape differ in length, `disposed` when the
 * buffer behind handed-out data was freed or WebAssembly memory grew.
 *
 * @example
 * ```js
 * import ndarray from 'ndarray';
 * const nd = ndarray(new Float32Array([1, 2, 3, 4, 5, 6]), [2, 3]);
 * const a = fromNdarrayLike(nd.transpose(1, 0)); // shape [3, 2], one copy
 * ```
 */
// @overloads FROM_NDARRAY_LIKE
export function fromNdarrayLike(obj: NdarrayLikeInput, options?: { dtype?: DType | null | undefined; copy?: boolean | null | undefined }): NDArray;
// @end
export function fromNdarrayLike(...args: unknown[]): NDArray {
  const [o, dtypeArg, copyArg] = bind(FROM_NDARRAY_LIKE, args);
  const obj = o as NdarrayLikeInput;
  if (obj === null || typeof obj !== 'object') {
    throw new TypeError(`${OP_FROM}: expected an object { data, shape, stride, offset } as obj, got ${fmt(obj)}`);
  }
  const copy = copyArg === null ? undefined : copyArg;
  if (copy !== undefined && typeof copy !== 'boolean') {
    throw new TypeError(`${OP_FROM}: copy must be a boolean or null, got ${fmt(copy)}`);
  }
  if (!('data' in obj)) {
    throw new TypeError(`${OP_FROM}: obj must be an ndarray-like object { data, shape, stride, offset }, got ${fmt(obj)} (its data is undefined)`);
  }
  let data = obj.data as unknown;
  let boolData = false;
  if (isBooleanArray(data)) {
    // @stdlib/array/bool's BooleanArray: one byte per element over an ArrayBuffer
    data = new Uint8Array(data.buffer, data.byteOffset, data.length);
    boolData = true;
  }
  const typed = isTyped(data);
  if (!typed && !Array.isArray(data)) {
    const name = data !== null && typeof data === 'object' ? (data as object).constructor?.name : undefined;
    throw new TypeError(
      `${OP_FROM}: data must be a typed array or an array, got ${name ? `a ${name}` : fmt(data)}` +
        (name && /^Complex/.test(name) ? ' (complex dtypes are not supported)' : ''),
    );
  }
  if (obj.shape === null || typeof obj.shape !== 'object') {
    throw new TypeError(`${OP_FROM}: shape must be an array of integers, got ${fmt(obj.shape)}`);
  }
  const shape = toInts(OP_FROM, 'shape', Array.from(obj.shape as ArrayLike<unknown>));
  shape.forEach((d, i) => {
    if (d < 0) throw new RangeError(`${OP_FROM}: shape[${i}] is ${d}; extents must be >= 0`);
  });
  const ndim = shape.length;
  let numel = 1;
  for (const d of shape) numel *= d;
  if (!Number.isSafeInteger(numel)) {
    throw new RangeError(`${OP_FROM}: shape ${fmt(shape)} has more than 2^53-1 elements`);
  }

  const rawStride = obj.stride ?? obj.strides;
  if (obj.stride !== undefined && obj.strides !== undefined) {
    const a = toInts(OP_FROM, 'stride', Array.from(obj.stride));
    const b = toInts(OP_FROM, 'strides', Array.from(obj.strides));
    if (a.length !== b.length || a.some((x, i) => x !== b[i])) {
      throw new RangeError(`${OP_FROM}: stride ${fmt(a)} and strides ${fmt(b)} disagree`);
    }
  }
  let strides: number[];
  if (rawStride === undefined || rawStride === null) {
    const order = obj.order;
    if (order === undefined || order === null || order === 'row-major' || order === 'C') strides = orderStrides(shape, false);
    else if (order === 'column-major' || order === 'F') strides = orderStrides(shape, true);
    else {
      throw new TypeError(`${OP_FROM}: order must be 'row-major', 'column-major', 'C' or 'F', got ${fmt(order)}`);
    }
  } else {
    if (typeof rawStride !== 'object') {
      throw new TypeError(`${OP_FROM}: stride must be an array of integers, got ${fmt(rawStride)}`);
    }
    strides = toInts(OP_FROM, 'stride', Array.from(rawStride as ArrayLike<unknown>));
    if (strides.length !== ndim) {
      throw new StrideViewError(
        'rank_mismatch',
        `${OP_FROM}: stride has ${strides.length} entries but shape ${fmt(shape)} has ${ndim} dims`,
      );
    }
  }
  const offset = obj.offset === undefined || obj.offset === null ? 0 : toInt(OP_FROM, 'offset', obj.offset);
  if (offset < 0) throw new RangeError(`${OP_FROM}: offset is ${offset}; it must be >= 0`);

  // dtype of the data, and of the result
  const token = typed ? handedOut.get(data as object) : undefined;
  let natural: DType;
  if (token) natural = token.dtype;
  else if (typed) {
    const d = dtypeOfTypedArray(data);
    if (d === null) throw new TypeError(`${OP_FROM}: unsupported data ${fmt(data)}`);
    natural = d === 'uint8' && (boolData || obj.dtype === 'bool') && data instanceof Uint8Array ? 'bool' : d;
    // float16 bits in a Uint16Array (runtimes without Float16Array), declared by `dtype: 'float16'`
    if (d === 'uint16' && obj.dtype === 'float16' && data instanceof Uint16Array) natural = 'float16';
  } else {
    natural = 'float64';
  }
  const dtype = dtypeArg === null ? natural : checkDType(OP_FROM, dtypeArg);
  if (dtype === 'complex64' || dtype === 'complex128') {
    throw new TypeError(`${OP_FROM}: dtype ${dtype}: an ndarray-like object holds real elements; build complex arrays with array() or from their parts (real / imag)`);
  }

  const len = (data as ArrayLike<unknown>).length;
  const view = layout(shape, strides, offset);
  if (numel > 0) {
    const [lo, hi] = span(view);
    if (lo < 0 || hi >= len) {
      const buf = typed ? ((data as AnyTypedArray).buffer as ArrayBuffer & { detached?: boolean }) : null;
      // `detached` is recent (Node 22); before it, only handed-out data is known to have been non-empty.
      const detached = buf !== null && (buf.detached === true || (token !== undefined && buf.byteLength === 0));
      if (detached) {
        throw new StrideViewError(
          'disposed',
          `${OP_FROM}: data is detached (its ArrayBuffer was transferred, or WebAssembly memory grew ` +
            `after toNdarrayLike handed it out)`,
        );
      }
      throw new RangeError(
        `${OP_FROM}: shape ${fmt(shape)}, stride ${fmt(strides)}, offset ${offset} reach elements ` +
          `${lo}..${hi}, outside data of length ${len}`,
      );
    }
  }

  // Handed-out data over a freed buffer may alias a newer allocation: never read it, whatever the mode.
  if (token) token.owner._check(OP_FROM);

  // Zero-copy: only data this module handed out, still backed by the live buffer.
  if (token && copy !== true && dtype === token.dtype) {
    if (token.buffer !== heapBuffer() || (data as AnyTypedArray).buffer !== token.buffer) {
      throw new StrideViewError(
        'disposed',
        `${OP_FROM}: data was handed out by toNdarrayLike before WebAssembly memory grew; it is detached`,
      );
    }
    const ro = shape.some((d, i) => d > 1 && strides[i] === 0);
    return token.owner._derive(view, ro || token.owner._ro, 0);
  }
  if (copy === false) {
    throw new StrideViewError(
      'not_expressible',
      `${OP_FROM}: copy: false needs data handed out by toNdarrayLike(a, { copy: false })` +
        (token ? ` and the same dtype (${token.dtype}, asked ${dtype})` : ''),
    );
  }
  if (numel === 0) return empty(shape, dtype);

  // One copy. Data over WASM memory may be detached by the allocations below: snapshot its span first.
  const [lo0, hi0] = span(view);
  let src = data as ArrayLike<unknown>;
  let shift = 0;
  if (typed && isInitialized() && (data as AnyTypedArray).buffer === heapBuffer()) {
    src = (data as AnyTypedArray).slice(lo0, hi0 + 1);
    shift = lo0;
  }
  const local = shift === 0 ? view : layout(shape, strides, offset - shift);
  const lo = lo0 - shift;
  const hi = hi0 - shift;
  if (typed && natural === dtype && dtype !== 'bool') {
    const ta = src as AnyTypedArray;
    // C-contiguous source: one memcpy.
    if (layout(shape, strides, 0).isCContiguous) {
      const out = empty(shape, dtype);
      (heapArray(out._s, dtype) as Uint8Array).set((ta as Uint8Array).subarray(local.offset, local.offset + numel));
      return out;
    }
    // Strided source: copy the span it reaches into WASM memory, let the kernels gather.
    const tmp = NDArrayClass._empty(OP_FROM, [hi - lo + 1], dtype);
    try {
      (heapArray(tmp._s, dtype) as Uint8Array).set((ta as Uint8Array).subarray(lo, hi + 1));
      const v = tmp._derive(layout(shape, strides, local.offset - lo), true, 0);
      return v._materialize(OP_FROM);
    } finally {
      tmp.dispose();
    }
  }
  // Other data (plain arrays, a dtype conversion, bool): each element converted, read at the
  // positions the engine computes.
  const pos = elementPositions(local, lo, hi);
  const out = empty(shape, dtype);
  const dst = heapArray(out._s, dtype) as unknown as { [i: number]: number | bigint };
  const from = src as ArrayLike<unknown>;
  if (typed && natural === 'float16' && !FLOAT16_NATIVE) {
    for (let i = 0; i < numel; i++) dst[i] = toStored(OP_FROM, dtype, halfToNumber(from[pos[i]!] as number)); // bits -> value
  } else {
    for (let i = 0; i < numel; i++) dst[i] = toStored(OP_FROM, dtype, from[pos[i]!]);
  }
  return out;
}

const TO_NDARRAY_LIKE: SigRef = { sig: '-: toNdarrayLike(a: NDArray, /, *, copy: boolean = true) -> NdarrayLike' };
/**
 * Describes an NDArray as `{ data, shape, stride, strides, offset, order, dtype }`, ready for
 * `ndarray(o.data, o.shape, o.stride, o.offset)` (scijs) or
 * `new ndarray(o.dtype, o.data, o.shape, o.strides, o.offset, o.order)` (`@stdlib/ndarray/ctor`).
 *
 * By default `data` is a copy in JS memory (C order), which stays valid whatever happens to WASM
 * memory. `{ copy: false }` hands out the WASM buffer itself (zero-copy, writes go through; see
 * {@link ToNdarrayLikeOptions.copy} for its lifetime); such data comes back zero-copy through
 * {@link fromNdarrayLike}. Padded (masked) views have no strided form: with `copy: false` they are a
 * StrideViewError `not_expressible`.
 */
// @overloads TO_NDARRAY_LIKE
export function toNdarrayLike(a: NDArray, options?: { copy?: boolean | undefined }): NdarrayLike;
// @end
export function toNdarrayLike(...args: unknown[]): NdarrayLike {
  const [a, copy] = bind(TO_NDARRAY_LIKE, args) as [NDArray, unknown];
  if (!(a instanceof NDArrayClass)) {
    throw new TypeError(`${OP_TO}: expected an NDArray as a, got ${fmt(a)}`);
  }
  if (typeof copy !== 'boolean') {
    throw new TypeError(`${OP_TO}: copy must be a boolean, got ${fmt(copy)}`);
  }
  a._check(OP_TO);
  if (a.dtype === 'complex64' || a.dtype === 'complex128') {
    throw new TypeError(`${OP_TO}: a ${a.dtype} array has no ndarray-like form (scijs and stdlib hold real elements here); pass its parts: a.real, a.imag`);
  }
  const shape = a.shape;
  if (copy !== false) {
    const st = cContiguousStrides(shape);
    return { data: a.toTypedArray(), shape, stride: st, strides: st.slice(), offset: 0, order: 'row-major', dtype: a.dtype };
  }
  if (a.mask !== null) {
    throw new StrideViewError(
      'not_expressible',
      `${OP_TO}: a padded view of shape ${fmt(shape)} has no strided form; use copy: true (the default)`,
    );
  }
  const owner = a.base ?? a;
  const data = heapArray(a._s, a.dtype);
  handedOut.set(data, { owner, dtype: a.dtype, buffer: data.buffer });
  const st = a.strides;
  return { data, shape, stride: st, strides: st.slice(), offset: a.offset, order: 'row-major', dtype: a.dtype };
}

