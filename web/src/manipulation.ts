// NumPy's module-level forms of the movement ops (flip, reshape, transpose, swapaxes, moveaxis,
// expandDims, squeeze, broadcastTo, broadcastArrays, ravel, copy, ascontiguousarray) and the
// atleast*d functions. Each calls the code the NDArray method calls (ndarray.ts, ndarray_methods.ts:
// no second home) and returns a view wherever NumPy does. An input that is not an NDArray (nested JS
// arrays, a scalar) becomes a fresh array first; the result is then that array itself (its view
// replaced), so that disposing the result frees everything.
import { type DType, checkDType } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt, toInts } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { type ArrayInput } from './ops.js';
import { flatIn, orderedCopy, reshapeIn, squeezed, swapped } from './ndarray_methods.js';
import { unsqueezeShape } from './axes.js';
import { Shape } from './shape.js';
import { likeArg, subokArg } from './creation.js';
import { type Order, orderArg } from './ufunc.js';
import { type SigRef, bind } from './signature.js';

/**
 * @internal The result `v` of a view op on `x`, the array made of the user's input `a`: `v` itself
 * when `a` was an NDArray, else the fresh `x` carrying v's view (or v, an owner, with x freed).
 */
export function settle(x: NDArray, a: unknown, v: NDArray): NDArray {
  if (x === a || v === x) return v;
  if (v.base === null) {
    x.dispose();
    return v;
  }
  x._setView(v.view);
  (x as unknown as { _ro: boolean })._ro = v.isReadOnly; // a broadcast stays read-only, as NumPy's
  v.dispose();
  return x;
}

/** @internal Runs `fn` on the input as an array (a temporary for non-arrays), its errors named `op`. */
export function onArray(op: string, a: unknown, name: string, fn: (x: NDArray) => NDArray): NDArray {
  let x: NDArray | null = null;
  try {
    x = asArray(op, a, undefined, name);
    return settle(x, a, fn(x));
  } catch (e) {
    if (x !== null && x !== a) x.dispose();
    throw relabel(op, e);
  }
}

const FLIP: SigRef = { sig: 'numpy.flip: flip(m: ArrayInput, axis: number | readonly number[] | null = null) -> NDArray' };
/**
 * The elements in reversed order along `axis` (all axes when null; NumPy flip): a view with
 * negative strides, `a.flip(axis)`'s code. `flip(a)`, `flip(a, 0)`, `flip(a, [0, 2])`.
 */
// @overloads FLIP
export function flip(m: ArrayInput, options?: { axis?: number | readonly number[] | null | undefined }): NDArray;
export function flip(m: ArrayInput, axis?: number | readonly number[] | null): NDArray;
// @end
export function flip(...args: unknown[]): NDArray {
  const [m, axis] = bind(FLIP, args);
  if (axis !== null && typeof axis !== 'number' && typeof axis !== 'bigint' && !Array.isArray(axis)) {
    throw new TypeError(`flip: axis must be an integer, an array of integers or null, got ${fmt(axis)}`);
  }
  return onArray('flip', m, 'm', (x) => x.flip(axis as number | null));
}

const FLIPLR: SigRef = { sig: 'numpy.fliplr: fliplr(m: ArrayInput) -> NDArray' };
/** The columns reversed (axis 1; NumPy fliplr, an array of 2 or more dims): a view. */
// @overloads FLIPLR
export function fliplr(m: ArrayInput): NDArray;
// @end
export function fliplr(...args: unknown[]): NDArray {
  const [m] = bind(FLIPLR, args);
  return onArray('fliplr', m, 'm', (x) => {
    if (x.ndim < 2) throw new StrideViewError('rank_mismatch', `fliplr: the input must be >= 2-d, got shape ${fmt(x.shape)}`);
    return x.flip(1);
  });
}

const FLIPUD: SigRef = { sig: 'numpy.flipud: flipud(m: ArrayInput) -> NDArray' };
/** The rows reversed (axis 0; NumPy flipud, an array of 1 or more dims): a view. */
// @overloads FLIPUD
export function flipud(m: ArrayInput): NDArray;
// @end
export function flipud(...args: unknown[]): NDArray {
  const [m] = bind(FLIPUD, args);
  return onArray('flipud', m, 'm', (x) => {
    if (x.ndim < 1) throw new StrideViewError('rank_mismatch', `flipud: the input must be >= 1-d, got shape ${fmt(x.shape)}`);
    return x.flip(0);
  });
}

/** A shape argument: one integer or a list (one -1 allowed; the reshape rule checks the rest). */
function shapeArg(op: string, name: string, v: unknown): number[] {
  return typeof v === 'number' || typeof v === 'bigint' ? [toInt(op, name, v)] : toInts(op, name, v);
}

const RESHAPE: SigRef = { sig: 'numpy.reshape: reshape(a: ArrayInput, newshape: number | readonly number[], order: "C" | "F" | "A" = "C") -> NDArray' };
/**
 * The elements in a new shape (NumPy reshape; one dim may be -1): a view when the strides allow
 * one, else a copy, as `a.reshape(...)`. `order` 'F' reads and writes the elements column-major,
 * 'A' as 'F' for an F-contiguous array. `reshape(a, [3, -1])`, `reshape(a, 6, 'F')`.
 */
// @overloads RESHAPE
export function reshape(a: ArrayInput, newshape: number | readonly number[], options?: { order?: "C" | "F" | "A" | undefined }): NDArray;
export function reshape(a: ArrayInput, newshape: number | readonly number[], order?: "C" | "F" | "A"): NDArray;
// @end
export function reshape(...args: unknown[]): NDArray {
  const op = 'reshape';
  const [a, newshape, order] = bind(RESHAPE, args);
  return onArray(op, a, 'a', (x) => reshapeIn(op, x, shapeArg(op, 'newshape', newshape), order, null));
}

const TRANSPOSE: SigRef = { sig: 'numpy.transpose: transpose(a: ArrayInput, axes: readonly number[] | null = null) -> NDArray' };
/** The axes permuted (reversed when `axes` is null; NumPy transpose): a view. `transpose(a)`, `transpose(a, [1, 0, 2])`. */
// @overloads TRANSPOSE
export function transpose(a: ArrayInput, options?: { axes?: readonly number[] | null | undefined }): NDArray;
export function transpose(a: ArrayInput, axes?: readonly number[] | null): NDArray;
// @end
export function transpose(...args: unknown[]): NDArray {
  const [a, axes] = bind(TRANSPOSE, args);
  return onArray('transpose', a, 'a', (x) => {
    if (axes !== null && !Array.isArray(axes)) throw new TypeError(`transpose: axes must be an array of integers or null, got ${fmt(axes)}`);
    return x._transpose('transpose', axes as number[] | null);
  });
}

const SWAPAXES: SigRef = { sig: 'numpy.swapaxes: swapaxes(a: ArrayInput, axis1: number, axis2: number) -> NDArray' };
/** Two axes interchanged (NumPy swapaxes): a view. */
// @overloads SWAPAXES
export function swapaxes(a: ArrayInput, axis1: number, axis2: number): NDArray;
// @end
export function swapaxes(...args: unknown[]): NDArray {
  const [a, axis1, axis2] = bind(SWAPAXES, args);
  return onArray('swapaxes', a, 'a', (x) => swapped('swapaxes', x, axis1, axis2));
}

const MOVEAXIS: SigRef = { sig: 'numpy.moveaxis: moveaxis(a: ArrayInput, source: number | readonly number[], destination: number | readonly number[]) -> NDArray' };
/** Axes moved to new positions, the others keeping their order (NumPy moveaxis): a view. `moveaxis(a, 0, -1)`, `moveaxis(a, [0, 1], [-1, -2])`. */
// @overloads MOVEAXIS
export function moveaxis(a: ArrayInput, source: number | readonly number[], destination: number | readonly number[]): NDArray;
// @end
export function moveaxis(...args: unknown[]): NDArray {
  const [a, source, destination] = bind(MOVEAXIS, args);
  for (const [name, v] of [['source', source], ['destination', destination]] as const) {
    if (typeof v !== 'number' && typeof v !== 'bigint' && !Array.isArray(v)) throw new TypeError(`moveaxis: ${name} must be an integer or an array of integers, got ${fmt(v)}`);
  }
  return onArray('moveaxis', a, 'a', (x) => x.moveaxis(source as number, destination as number));
}

const EXPAND_DIMS: SigRef = { sig: 'numpy.expand_dims: expandDims(a: ArrayInput, axis: number | readonly number[]) -> NDArray' };
/** Size-1 axes inserted at the positions `axis` of the result (NumPy expand_dims): a view. `expandDims(a, 0)`, `expandDims(a, [0, -1])`. */
// @overloads EXPAND_DIMS
export function expandDims(a: ArrayInput, axis: number | readonly number[]): NDArray;
// @end
export function expandDims(...args: unknown[]): NDArray {
  const op = 'expandDims';
  const [a, axis] = bind(EXPAND_DIMS, args);
  return onArray(op, a, 'a', (x) => x._reshape(op, unsqueezeShape(op, x.shape, axis), false));
}

const SQUEEZE: SigRef = { sig: 'numpy.squeeze: squeeze(a: ArrayInput, axis: number | readonly number[] | null = null) -> NDArray' };
/** The size-1 axes removed (all, or those of `axis`, which must have size 1; NumPy squeeze): a view. */
// @overloads SQUEEZE
export function squeeze(a: ArrayInput, options?: { axis?: number | readonly number[] | null | undefined }): NDArray;
export function squeeze(a: ArrayInput, axis?: number | readonly number[] | null): NDArray;
// @end
export function squeeze(...args: unknown[]): NDArray {
  const [a, axis] = bind(SQUEEZE, args);
  return onArray('squeeze', a, 'a', (x) => squeezed('squeeze', x, axis));
}

const BROADCAST_TO: SigRef = { sig: 'numpy.broadcast_to: broadcastTo(array: ArrayInput, shape: number | readonly number[], subok: boolean = false) -> NDArray' };
/** The array broadcast to `shape` (NumPy broadcast_to): a read-only view with stride 0 along the broadcast axes. */
// @overloads BROADCAST_TO
export function broadcastTo(array: ArrayInput, shape: number | readonly number[], options?: { subok?: boolean | undefined }): NDArray;
export function broadcastTo(array: ArrayInput, shape: number | readonly number[], subok?: boolean): NDArray;
// @end
export function broadcastTo(...args: unknown[]): NDArray {
  const op = 'broadcastTo';
  const [array, shape, subok] = bind(BROADCAST_TO, args);
  subokArg(op, subok);
  return onArray(op, array, 'array', (x) => x.broadcastTo(shapeArg(op, 'shape', shape)));
}

const BROADCAST_ARRAYS: SigRef = { sig: 'numpy.broadcast_arrays: broadcastArrays(...args: ArrayInput, subok: boolean = false) -> NDArray[]' };
/**
 * The arrays broadcast against each other (NumPy broadcast_arrays): views, read-only where an axis
 * is broadcast (stride 0); an array already of the common shape gives a plain view of itself.
 */
// @overloads BROADCAST_ARRAYS
export function broadcastArrays(...args: ArrayInput[]): NDArray[];
export function broadcastArrays(...args: [...args: ArrayInput[], options: { subok?: boolean | undefined }]): NDArray[];
// @end
export function broadcastArrays(...args: unknown[]): NDArray[] {
  const op = 'broadcastArrays';
  const [list, subok] = bind(BROADCAST_ARRAYS, args);
  subokArg(op, subok);
  const inputs = list as unknown[];
  const xs: NDArray[] = [];
  const out: NDArray[] = [];
  try {
    inputs.forEach((a, i) => xs.push(asArray(op, a, undefined, `args[${i}]`)));
    let shape: number[] = [];
    try {
      for (const x of xs) shape = Shape.broadcast(shape, x.shape);
    } catch (e) {
      throw new StrideViewError('shape_mismatch', `${op}: shape mismatch: the arrays of shapes ${xs.map((x) => fmt(x.shape)).join(', ')} cannot be broadcast to a single shape`);
    }
    xs.forEach((x, i) => {
      const same = x.ndim === shape.length && x.shape.every((d, k) => d === shape[k]);
      out.push(settle(x, inputs[i], same ? x._derive(x.view) : x.broadcastTo(shape)));
    });
    return out;
  } catch (e) {
    for (const r of out) r.dispose();
    xs.forEach((x, i) => { if (x !== inputs[i] && !out.includes(x)) x.dispose(); });
    throw relabel(op, e);
  }
}

const RAVEL: SigRef = { sig: 'numpy.ravel: ravel(a: ArrayInput, order: Order = "C") -> NDArray' };
/** The elements as a 1-d array read in `order` (NumPy ravel): a view when one exists, else a copy (`a.ravel()`'s code). */
// @overloads RAVEL
export function ravel(a: ArrayInput, options?: { order?: Order | undefined }): NDArray;
export function ravel(a: ArrayInput, order?: Order): NDArray;
// @end
export function ravel(...args: unknown[]): NDArray {
  const op = 'ravel';
  const [a, order] = bind(RAVEL, args);
  return onArray(op, a, 'a', (x) => flatIn(op, x, orderArg(op, order), null));
}

const COPY: SigRef = { sig: 'numpy.copy: copy(a: ArrayInput, order: Order = "K", subok: boolean = false) -> NDArray' };
/** A copy (NumPy copy; `order` 'K', the default, keeps a's memory order of axes; 'C', 'F', 'A' as NumPy's). */
// @overloads COPY
export function copy(a: ArrayInput, options?: { order?: Order | undefined; subok?: boolean | undefined }): NDArray;
export function copy(a: ArrayInput, order?: Order, options?: { subok?: boolean | undefined }): NDArray;
export function copy(a: ArrayInput, order?: Order, subok?: boolean): NDArray;
// @end
export function copy(...args: unknown[]): NDArray {
  const op = 'copy';
  const [a, order, subok] = bind(COPY, args);
  subokArg(op, subok);
  return onArray(op, a, 'a', (x) => orderedCopy(op, x, x.dtype, orderArg(op, order)));
}

const ASCONTIGUOUSARRAY: SigRef = { sig: 'numpy.ascontiguousarray: ascontiguousarray(a: ArrayInput, dtype: DType | null = null, *, like: null = null) -> NDArray' };
/**
 * The array in C order with at least one dim (NumPy ascontiguousarray): a view of `a` when it is
 * already C-contiguous (and of `dtype`), else a C-ordered copy (cast to `dtype`).
 */
// @overloads ASCONTIGUOUSARRAY
export function ascontiguousarray(a: ArrayInput, options?: { dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function ascontiguousarray(a: ArrayInput, dtype?: DType | null, options?: { like?: null | undefined }): NDArray;
// @end
export function ascontiguousarray(...args: unknown[]): NDArray {
  const op = 'ascontiguousarray';
  const [a, dtypeV, like] = bind(ASCONTIGUOUSARRAY, args);
  likeArg(op, like);
  const dtype: DType | null = dtypeV === null ? null : checkDType(op, dtypeV);
  return onArray(op, a, 'a', (x) => {
    const d = dtype ?? x.dtype;
    const y = x.ndim === 0 ? x._reshape(op, [1], false) : x;
    try {
      if (y.isCContiguous && y.mask === null && d === y.dtype) return y === x ? x._derive(x.view) : y;
      return orderedCopy(op, y, d, 'C');
    } finally {
      if (y !== x && !(y.isCContiguous && y.mask === null && d === y.dtype)) y.dispose();
    }
  });
}

/** atleast1d/2d/3d: the array with its dims padded as NumPy's atleast_Nd (views). */
function atLeastView(op: string, a: unknown, i: number, nd: 1 | 2 | 3): NDArray {
  return onArray(op, a, `arys[${i}]`, (x) => {
    const s = x.shape;
    if (s.length >= nd) return x._derive(x.view);
    let t: number[];
    if (nd === 1) t = [1];
    else if (nd === 2) t = s.length === 0 ? [1, 1] : [1, s[0]!];
    else t = s.length === 0 ? [1, 1, 1] : s.length === 1 ? [1, s[0]!, 1] : [s[0]!, s[1]!, 1];
    return x._reshape(op, t, false);
  });
}

function atLeastAll(op: string, list: unknown[], nd: 1 | 2 | 3): NDArray | NDArray[] {
  const out: NDArray[] = [];
  try {
    list.forEach((a, i) => out.push(atLeastView(op, a, i, nd)));
  } catch (e) {
    for (const r of out) r.dispose();
    throw e;
  }
  return out.length === 1 ? out[0]! : out;
}

const ATLEAST_1D: SigRef = { sig: 'numpy.atleast_1d: atleast1d(...arys: ArrayInput) -> NDArray | NDArray[]' };
/**
 * Each input with at least 1 dim (NumPy atleast_1d): a view (a 0-d array becomes shape [1]). One
 * input gives one array, several a list.
 */
export function atleast1d(arys: ArrayInput): NDArray;
// @overloads ATLEAST_1D
export function atleast1d(...arys: ArrayInput[]): NDArray | NDArray[];
// @end
export function atleast1d(...args: unknown[]): NDArray | NDArray[] {
  const [arys] = bind(ATLEAST_1D, args);
  return atLeastAll('atleast1d', arys as unknown[], 1);
}

const ATLEAST_2D: SigRef = { sig: 'numpy.atleast_2d: atleast2d(...arys: ArrayInput) -> NDArray | NDArray[]' };
/** Each input with at least 2 dims (NumPy atleast_2d: shape [n] becomes [1, n]): views; one input gives one array, several a list. */
export function atleast2d(arys: ArrayInput): NDArray;
// @overloads ATLEAST_2D
export function atleast2d(...arys: ArrayInput[]): NDArray | NDArray[];
// @end
export function atleast2d(...args: unknown[]): NDArray | NDArray[] {
  const [arys] = bind(ATLEAST_2D, args);
  return atLeastAll('atleast2d', arys as unknown[], 2);
}

const ATLEAST_3D: SigRef = { sig: 'numpy.atleast_3d: atleast3d(...arys: ArrayInput) -> NDArray | NDArray[]' };
/**
 * Each input with at least 3 dims (NumPy atleast_3d: [n] becomes [1, n, 1], [m, n] becomes
 * [m, n, 1]): views; one input gives one array, several a list.
 */
export function atleast3d(arys: ArrayInput): NDArray;
// @overloads ATLEAST_3D
export function atleast3d(...arys: ArrayInput[]): NDArray | NDArray[];
// @end
export function atleast3d(...args: unknown[]): NDArray | NDArray[] {
  const [arys] = bind(ATLEAST_3D, args);
  return atLeastAll('atleast3d', arys as unknown[], 3);
}
