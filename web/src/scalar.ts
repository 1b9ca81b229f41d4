// Single elements as JS values, as NumPy gives scalars: the everyday path of get with a full index,
// item / itemBigInt, tolist, and the 0-d results of reductions read and freed.
//
// The scalar rule: every element read out of an array is a JS number (a boolean for bool), int64
// and uint64 included, when the value converts exactly (BigInt(Number(v)) === v: every integer up
// to 2^53, and beyond it those a double holds); any other 64-bit value is a RangeError naming the
// op, the value and the way out (itemBigInt, toTypedArray). So `sum(arange(4)) + 1` is 7.
import { type AnyTypedArray, type DType, type Scalar, Complex, FLOAT16_NATIVE, fromStored, halfToNumber, info, isBig, toStored } from './dtype.js';
import { StrideViewError, fmt, indexArgs, relabel } from './errors.js';
import { heapBuffer } from './runtime.js';
import type { NDArray } from './ndarray.js';
import { type Storage, heapArray } from './storage.js';
import { elementOffset } from './slicing.js';

/** A scalar read out of an array: a number, or a boolean for bool elements (never a bigint). */
export type Elem = number | boolean;
/** An element of any array: an {@link Elem}, or a {@link Complex} for complex64 / complex128. */
export type AnyElem = Elem | Complex;

/**
 * @internal A 64-bit integer as the JS number equal to it, or a RangeError naming `op` (when given),
 * the value and `wayOut`: how to read it as a bigint instead.
 */
export function exactNumber(op: string | null, dtype: DType, v: bigint, wayOut: string): number {
  const n = Number(v);
  if (BigInt(n) === v) return n;
  throw new RangeError(
    `${op === null ? '' : `${op}: `}the ${dtype} value ${v} is not exactly a JS number (the nearest double is ${n}); ` +
      `read it as a bigint: ${wayOut}`,
  );
}

/** @internal A stored value as a JS value under the scalar rule (bigints converted exactly or refused). */
export function jsValue(op: string | null, dtype: DType, v: number | bigint | boolean, wayOut: string): Elem {
  return typeof v === 'bigint' ? exactNumber(op, dtype, v, wayOut) : v;
}

const LIST_WAY_OUT = 'a.toTypedArray() (a BigInt64Array / BigUint64Array), or a.itemBigInt(...index)';
const ITEM_WAY_OUT = 'a.itemBigInt(...index), or a.toTypedArray() (a BigInt64Array / BigUint64Array)';

// Typed arrays over the whole WASM heap, one per element type, rebuilt when memory grows (the old
// buffer is then detached): reading one element costs an index, not a new typed array.
let heapBuf: ArrayBuffer | null = null;
let heapViews: Partial<Record<DType, AnyTypedArray>> = {};

/**
 * @internal Element `off` (in elements) of a live storage as stored (bool as boolean, 64-bit ints as
 * bigint, complex as a Complex).
 */
export function readElement(s: Storage, dtype: DType, off: number): Scalar | Complex {
  const b = heapBuffer();
  if (b !== heapBuf) {
    heapBuf = b;
    heapViews = {};
  }
  let h = heapViews[dtype];
  if (h === undefined) {
    const I = info(dtype);
    h = heapViews[dtype] = new I.ctor(b, 0, (b.byteLength / I.size) * I.lanes);
  }
  if (dtype === 'complex64' || dtype === 'complex128') {
    const i = s.ptr / h.BYTES_PER_ELEMENT + 2 * off;
    return new Complex(h[i] as number, h[i + 1] as number);
  }
  const x = h[s.ptr / h.BYTES_PER_ELEMENT + off]!;
  if (dtype === 'bool') return x !== 0;
  return dtype === 'float16' && !FLOAT16_NATIVE ? halfToNumber(x as number) : x; // bits -> value
}

/**
 * @internal The element at separate integer indices, one per dim, of an unpadded live array, or
 * undefined when the indices are anything else (the caller's general path then checks them): the
 * element's position computed here from the strides, no engine call, nothing allocated.
 */
export function elementAt(a: NDArray, args: readonly unknown[]): AnyElem | undefined {
  const v = a._v;
  const sh = v._shape;
  const n = sh.length;
  if (args.length !== n || n === 0 || v._hasMask || a._disposed || !a._s.live) return undefined;
  const st = v._strides;
  let off = v.offset;
  for (let i = 0; i < n; i++) {
    const x = args[i];
    const d = sh[i];
    const t = st[i];
    if (typeof x !== 'number' || typeof d !== 'number' || typeof t !== 'number' || !Number.isInteger(x)) return undefined;
    const k = x < 0 ? x + d : x;
    if (k < 0 || k >= d) return undefined;
    off += k * t;
  }
  if (off < 0 || off >= a._s.length) return undefined;
  const x = readElement(a._s, a.dtype, off);
  return typeof x === 'bigint' ? exactNumber('get', a.dtype, x, ITEM_WAY_OUT) : x;
}

/**
 * @internal The one element of a 0-d, unpadded result as a JS value under the scalar rule; disposes
 * the array (a temporary). A 64-bit result beyond exact numbers is a RangeError naming `op` (or, without
 * it, prefixed by the caller's relabel) and the way out: keep the result an array and read it as a bigint.
 */
export function takeScalar(r: NDArray, op: string | null = null): Elem {
  // (a complex result reads as a Complex: the complex ops' declarations type it)
  try {
    const x = readElement(r._s, r.dtype, r._v.offset);
    return typeof x === 'bigint' ? exactNumber(op, r.dtype, x, 'keep the result an array ({ keepdims: true }) and call .itemBigInt()') : (x as Elem);
  } finally {
    r.dispose();
  }
}

/**
 * @internal One element as stored (bool as boolean, a 64-bit integer as a bigint, a padding element
 * as the fill): `a.item(i, j)`, `a.item([i, j])`, or no index for an array of size 1. Errors name `op`.
 */
export function storedItem(a: NDArray, op: string, args: readonly unknown[]): Scalar | Complex {
  a._check(op);
  let idx: number[];
  if (args.length === 0 || (args.length === 1 && args[0] === undefined)) {
    if (a.size !== 1) {
      throw new StrideViewError(
        'invalid_argument',
        `${op}: can only convert an array of size 1 to a scalar (this one has shape ${fmt(a.shape)})`,
      );
    }
    idx = new Array<number>(a.ndim).fill(0);
  } else {
    idx = indexArgs(op, 'indices', args);
    if (idx.length !== a.ndim) {
      throw new StrideViewError('rank_mismatch', `${op}: ${idx.length} indices for an array of dimension ${a.ndim}`);
    }
  }
  let off: number | null;
  try {
    off = elementOffset(a._v, idx);
  } catch (e) {
    throw relabel(op, e); // the engine names its slice
  }
  const cx = a.dtype === 'complex64' || a.dtype === 'complex128';
  if (off === null) return cx ? new Complex(a._fill, 0) : fromStored(a.dtype, toStored(op, a.dtype, a._fill));
  if (off < 0 || off >= a._s.length) {
    throw new StrideViewError('out_of_bounds', `${op}: element at linear index ${off} is outside the buffer of ${a._s.length} elements`);
  }
  if (cx) return readElement(a._s, a.dtype, off);
  return fromStored(a.dtype, heapArray(a._s, a.dtype)[off]!);
}

/** @internal `a.item(...args)` under the scalar rule (errors named `op`). */
export function itemOf(a: NDArray, op: string, args: readonly unknown[]): Elem {
  const x = storedItem(a, op, args);
  return typeof x === 'bigint' ? exactNumber(op, a.dtype, x, ITEM_WAY_OUT) : (x as Elem); // (Complex for complex arrays)
}

/** A nested list of elements (`tolist`, `toArray`): an element for a 0-d array. */
export type NestedList<T = Elem> = T | NestedList<T>[];

/** @internal The elements as nested JS arrays under the scalar rule (a value for 0-d); errors name `op`. */
export function nestedList(a: NDArray, op: string): NestedList {
  let flat: AnyTypedArray;
  try {
    flat = a.toTypedArray();
  } catch (e) {
    throw relabel(op, e);
  }
  const shape = a.shape;
  const d = a.dtype;
  const big = isBig(d);
  const cx = d === 'complex64' || d === 'complex128';
  let k = 0;
  const build = (axis: number): NestedList => {
    if (axis === shape.length) {
      if (cx) {
        const z = new Complex(flat[2 * k] as number, flat[2 * k + 1] as number);
        k++;
        return z as unknown as Elem; // (NestedList<Complex> for complex arrays)
      }
      const v = fromStored(d, flat[k++]!);
      return big ? exactNumber(op, d, v as bigint, LIST_WAY_OUT) : (v as Elem);
    }
    const out: NestedList[] = new Array(shape[axis]!);
    for (let i = 0; i < shape[axis]!; i++) out[i] = build(axis + 1);
    return out;
  };
  return build(0);
}
