// Single elements as JS values (a number; a bigint for int64 / uint64; a boolean for bool), as
// NumPy gives scalars: the everyday path of get with a full index, and the 0-d results of
// reductions read and freed.
import { type AnyTypedArray, type DType, type Scalar, FLOAT16_NATIVE, halfToNumber, info } from './dtype.js';
import { heapBuffer } from './runtime.js';
import type { NDArray } from './ndarray.js';
import type { Storage } from './storage.js';

// Typed arrays over the whole WASM heap, one per element type, rebuilt when memory grows (the old
// buffer is then detached): reading one element costs an index, not a new typed array.
let heapBuf: ArrayBuffer | null = null;
let heapViews: Partial<Record<DType, AnyTypedArray>> = {};

/** @internal Element `off` (in elements) of a live storage as a JS value (bool as boolean). */
export function readElement(s: Storage, dtype: DType, off: number): Scalar {
  const b = heapBuffer();
  if (b !== heapBuf) {
    heapBuf = b;
    heapViews = {};
  }
  let h = heapViews[dtype];
  if (h === undefined) {
    const I = info(dtype);
    h = heapViews[dtype] = new I.ctor(b, 0, b.byteLength / I.size);
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
export function elementAt(a: NDArray, args: readonly unknown[]): Scalar | undefined {
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
  return off >= 0 && off < a._s.length ? readElement(a._s, a.dtype, off) : undefined;
}

/** @internal The one element of a 0-d, unpadded result as a JS value; disposes the array (a temporary). */
export function takeScalar(r: NDArray): Scalar {
  try {
    return readElement(r._s, r.dtype, r._v.offset);
  } finally {
    r.dispose();
  }
}
