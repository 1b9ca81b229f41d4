// More creation as NumPy: geomspace, diag / diagflat, tri, indices and fromfunction. Values come
// from engine ops (logspace, arange, comparisons, copies through strided views), never element by
// element in TypeScript. Each declares its NumPy signature (signature.ts).
import { type DType, checkDType } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt, toInts } from './errors.js';
import { NDArray, asArray, kernelCopy, normAxis } from './ndarray.js';
import { arange, boolArg, likeArg, zeros } from './creation.js';
import { type ArrayInput, greaterEqual, mul } from './ops.js';
import { logspace } from './creation_ranges.js';
import { diagonalAt } from './diagonal_view.js';
import { checkShape } from './axes.js';
import { settle } from './manipulation.js';
import { tidy } from './tidy.js';
import { type SigRef, bind } from './signature.js';

function finite(op: string, name: string, v: unknown): number {
  if (typeof v !== 'number') throw new TypeError(`${op}: ${name} must be a number (array start and stop are not supported), got ${fmt(v)}`);
  return v;
}

const GEOMSPACE: SigRef = { sig: 'numpy.geomspace: geomspace(start: number, stop: number, num: number = 50, endpoint: boolean = true, ' +
    'dtype: DType | null = null, axis: number = 0) -> NDArray' };
/**
 * `num` samples evenly spaced on a log scale from `start` to `stop` (NumPy geomspace; default 50,
 * float64): `10 ** linspace(log10(start), log10(stop))` with the endpoints set exactly; two
 * negative ends give the negated sequence of their magnitudes. A zero end is an error.
 * `geomspace(1, 1000, 4)` is [1, 10, 100, 1000].
 */
// @overloads GEOMSPACE
export function geomspace(start: number, stop: number, options?: { num?: number | undefined; endpoint?: boolean | undefined; dtype?: DType | null | undefined; axis?: number | undefined }): NDArray;
export function geomspace(start: number, stop: number, num?: number, options?: { endpoint?: boolean | undefined; dtype?: DType | null | undefined; axis?: number | undefined }): NDArray;
export function geomspace(start: number, stop: number, num?: number, endpoint?: boolean, options?: { dtype?: DType | null | undefined; axis?: number | undefined }): NDArray;
export function geomspace(start: number, stop: number, num?: number, endpoint?: boolean, dtype?: DType | null, options?: { axis?: number | undefined }): NDArray;
export function geomspace(start: number, stop: number, num?: number, endpoint?: boolean, dtype?: DType | null, axis?: number): NDArray;
// @end
export function geomspace(...args: unknown[]): NDArray {
  const op = 'geomspace';
  try {
    const [startV, stopV, numV, endpointV, dtypeV, axisV] = bind(GEOMSPACE, args);
    let a = finite(op, 'start', startV);
    let b = finite(op, 'stop', stopV);
    const num = toInt(op, 'num', numV);
    if (num < 0) throw new StrideViewError('invalid_argument', `${op}: num must be >= 0, got ${num}`);
    const endpoint = boolArg(op, 'endpoint', endpointV);
    const dtype = dtypeV === null ? 'float64' : checkDType(op, dtypeV);
    normAxis(op, toInt(op, 'axis', axisV), 1); // the samples' axis of a 1-D result: 0 or -1
    if (a === 0 || b === 0) throw new StrideViewError('invalid_argument', `${op}: a geometric sequence cannot include zero (start ${a}, stop ${b})`);
    const flip = a < 0 && b < 0; // NumPy: both negative -> the magnitudes' sequence, negated
    if (flip) {
      a = -a;
      b = -b;
    }
    return tidy(() => {
      let y = logspace(Math.log10(a), Math.log10(b), num, endpoint, 10);
      if (num > 0) y.set(0, a);
      if (num > 1 && endpoint) y.set(num - 1, b);
      if (flip) y = mul(y, -1);
      return dtype === 'float64' ? y : y.astype(dtype);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** The n x n zeros of v's dtype with the 1-d `v` on diagonal k (diag and diagflat of a vector). */
function diagMatrix(op: string, v: NDArray, k: number): NDArray {
  const n = v.size + Math.abs(k);
  const res = zeros([n, n], v.dtype);
  try {
    if (v.size > 0) {
      const d = res._derive(diagonalAt(op, res.view, k, 0, 1));
      try {
        kernelCopy(d, v);
      } finally {
        d.dispose();
      }
    }
    return res;
  } catch (e) {
    res.dispose();
    throw e;
  }
}

const DIAG: SigRef = { sig: 'numpy.diag: diag(v: ArrayInput, k: number = 0) -> NDArray' };
/**
 * NumPy diag: of a 1-d `v`, the square matrix with `v` on diagonal `k` (a new array); of a 2-d `v`,
 * its diagonal `k` as a read-only view (NumPy 1.24's diagonal view is read-only too).
 */
// @overloads DIAG
export function diag(v: ArrayInput, options?: { k?: number | undefined }): NDArray;
export function diag(v: ArrayInput, k?: number): NDArray;
// @end
export function diag(...args: unknown[]): NDArray {
  const op = 'diag';
  const [v, kV] = bind(DIAG, args);
  let x: NDArray | null = null;
  try {
    const k = toInt(op, 'k', kV);
    x = asArray(op, v, undefined, 'v');
    if (x.ndim === 1) {
      const r = diagMatrix(op, x, k);
      if (x !== v) x.dispose();
      return r;
    }
    if (x.ndim !== 2) throw new StrideViewError('rank_mismatch', `${op}: the input must be 1-d or 2-d, got shape ${fmt(x.shape)}`);
    const d = x._derive(diagonalAt(op, x.view, k, 0, 1), true);
    return settle(x, v, d);
  } catch (e) {
    if (x !== null && x !== v) x.dispose();
    throw relabel(op, e);
  }
}

const DIAGFLAT: SigRef = { sig: 'numpy.diagflat: diagflat(v: ArrayInput, k: number = 0) -> NDArray' };
/** The square matrix with the flattened input on diagonal `k` (NumPy diagflat; a new array). */
// @overloads DIAGFLAT
export function diagflat(v: ArrayInput, options?: { k?: number | undefined }): NDArray;
export function diagflat(v: ArrayInput, k?: number): NDArray;
// @end
export function diagflat(...args: unknown[]): NDArray {
  const op = 'diagflat';
  const [v, kV] = bind(DIAGFLAT, args);
  try {
    const k = toInt(op, 'k', kV);
    return tidy(() => diagMatrix(op, asArray(op, v, undefined, 'v').reshape([-1]), k));
  } catch (e) {
    throw relabel(op, e);
  }
}

const TRI: SigRef = { sig: 'numpy.tri: tri(N: number, M: number | null = null, k: number = 0, dtype: DType | null = "float64", *, like: null = null) -> NDArray' };
/**
 * The N x M array (M defaults to N) with ones at and below diagonal `k` and zeros elsewhere (NumPy
 * tri; default float64): one comparison of two ranges, `tri(3)`, `tri(3, 4, -1, 'int32')`.
 */
// @overloads TRI
export function tri(N: number, options?: { M?: number | null | undefined; k?: number | undefined; dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function tri(N: number, M?: number | null, options?: { k?: number | undefined; dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function tri(N: number, M?: number | null, k?: number, options?: { dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function tri(N: number, M?: number | null, k?: number, dtype?: DType | null, options?: { like?: null | undefined }): NDArray;
// @end
export function tri(...args: unknown[]): NDArray {
  const op = 'tri';
  try {
    const [nV, mV, kV, dtypeV, like] = bind(TRI, args);
    likeArg(op, like);
    const n = toInt(op, 'N', nV);
    const m = mV === null ? n : toInt(op, 'M', mV);
    const k = toInt(op, 'k', kV);
    const dtype = dtypeV === null ? 'float64' : checkDType(op, dtypeV);
    if (n < 0 || m < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (N ${n}, M ${m})`);
    return tidy(() => {
      // NumPy: greater_equal.outer(arange(N), arange(-k, M - k))
      const t = greaterEqual(arange(0, n, 1, 'float64').reshape([n, 1]), arange(-k, m - k, 1, 'float64').reshape([1, m]));
      return dtype === 'bool' ? t : t.astype(dtype);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** The index arrays of `dims` in dtype: dense (each of shape dims, a copy) or sparse (views of aranges). */
function indexArrays(op: string, dims: number[], dtype: DType, sparse: boolean): NDArray[] {
  const n = dims.length;
  const out: NDArray[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const s = dims.map((d, j) => (j === i ? d : 1));
      const r = arange(0, dims[i]!, 1, dtype === 'bool' ? 'int64' : dtype);
      const c = dtype === 'bool' ? r.astype('bool') : r;
      if (c !== r) r.dispose();
      c._setView(c.view.reshape(s));
      if (sparse) out.push(c);
      else {
        try {
          out.push(c.broadcastTo(dims)._materialize(op));
        } finally {
          c.dispose();
        }
      }
    }
    return out;
  } catch (e) {
    for (const x of out) x.dispose();
    throw e;
  }
}

const INDICES: SigRef = { sig: 'numpy.indices: indices(dimensions: readonly number[], dtype: DType = "int64", sparse: boolean = false) -> $P[sparse] extends { sparse: true } ? NDArray[] : NDArray' };
/**
 * The index grid of an array of shape `dimensions` (NumPy indices; default int64): one array of
 * shape [ndim, ...dimensions] where entry i holds each element's index along axis i; with
 * `sparse`, a list of arrays of shape 1 except along their own axis (broadcast them to use them).
 */
// @overloads INDICES
export function indices<O extends { dtype?: DType | undefined; sparse?: boolean | undefined } = {}>(dimensions: readonly number[], options?: O): O extends { sparse: true } ? NDArray[] : NDArray;
export function indices<O extends { sparse?: boolean | undefined } = {}>(dimensions: readonly number[], dtype?: DType, options?: O): O extends { sparse: true } ? NDArray[] : NDArray;
export function indices<TSparse extends boolean | undefined = undefined>(dimensions: readonly number[], dtype?: DType, sparse?: TSparse): { sparse: TSparse } & {} extends { sparse: true } ? NDArray[] : NDArray;
// @end
export function indices(...args: unknown[]): NDArray | NDArray[] {
  const op = 'indices';
  try {
    const [dimsV, dtypeV, sparseV] = bind(INDICES, args);
    const dims = toInts(op, 'dimensions', dimsV);
    for (const d of dims) if (d < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (dimensions ${fmt(dims)})`);
    const dtype = checkDType(op, dtypeV);
    const sparse = boolArg(op, 'sparse', sparseV);
    const parts = indexArrays(op, dims, dtype, sparse);
    if (sparse) return parts;
    const res = NDArray._empty(op, [dims.length, ...dims], dtype);
    try {
      parts.forEach((p, i) => {
        const row = res.slice(i);
        try {
          kernelCopy(row, p);
        } finally {
          row.dispose();
        }
      });
    } catch (e) {
      res.dispose();
      throw e;
    } finally {
      for (const p of parts) p.dispose();
    }
    return res;
  } catch (e) {
    throw relabel(op, e);
  }
}

/** The function {@link fromfunction} calls: the index arrays in, anything out. */
export type IndexFunction = (...indices: NDArray[]) => any;

// `fn` is NumPy's `function` (a word JS reserves); the result is typed `any` as NumPy's stubs type it (whatever fn returns)
const FROMFUNCTION: SigRef = { sig: 'numpy.fromfunction: fromfunction(fn: IndexFunction, shape: readonly number[], *, dtype: DType = "float64", like: null = null) -> any' };
/**
 * Calls `function` once with the index arrays of `shape` (NumPy fromfunction: `indices(shape,
 * dtype)` unpacked, default float64) and returns what it returns: `fromfunction((i, j) => add(i,
 * j), [2, 3])`. The arrays the function creates and does not return are freed (it runs in a
 * {@link tidy} scope), and so are the index arrays unless the result is one of them or a view of one.
 */
// @overloads FROMFUNCTION
export function fromfunction(fn: IndexFunction, shape: readonly number[], options?: { dtype?: DType | undefined; like?: null | undefined }): any;
// @end
export function fromfunction(...args: unknown[]): any {
  const op = 'fromfunction';
  let idx: NDArray[] = [];
  try {
    const [fn, shapeV, dtypeV, like] = bind(FROMFUNCTION, args);
    likeArg(op, like);
    if (typeof fn !== 'function') throw new TypeError(`${op}: fn must be a function (NumPy's function), got ${fmt(fn)}`);
    const dims = checkShape(op, shapeV);
    const dtype = checkDType(op, dtypeV);
    idx = indexArrays(op, dims, dtype, false);
    const ix = idx;
    const r: unknown = tidy(() => (fn as (...a: NDArray[]) => unknown)(...ix)); // the function's temporaries freed
    const keep = new Set<NDArray>();
    const mark = (x: unknown): void => {
      if (x instanceof NDArray) {
        keep.add(x);
        if (x.base !== null) keep.add(x.base);
      } else if (Array.isArray(x)) x.forEach(mark);
    };
    mark(r);
    for (const x of idx) if (!keep.has(x)) x.dispose();
    return r;
  } catch (e) {
    for (const x of idx) x.dispose();
    throw relabel(op, e);
  }
}
