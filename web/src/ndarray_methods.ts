// NumPy's ndarray methods on NDArray. Each forwards to the one module-level function (`a.sum(...)` is
// `sum(a, ...)`: no second home), or, where NumPy's method differs from its function (reshape(*shape),
// transpose(*axes), sort in place, astype, copy, flatten, ravel, squeeze, swapaxes, diagonal, item,
// fill, tolist), has its own declaration here. The methods are typed on the class by declaration
// merging (the interface in ndarray_method_types.ts; `// @overloads method NAME` regions are written by
// scripts/gen-signatures.mjs from the function's declaration, its array parameter dropped) and
// installed on NDArray.prototype by installMethods, which index.ts calls once at load (this module
// imports the op modules, which import ndarray.ts: defining the methods there would be a cycle).
import { type ComplexLike, type DType, type Scalar, checkDType, complexPart, info, isComplex, isComplexValue } from './dtype.js';
import { StrideViewError, fmt, indexArgs, isArrayLike, relabel, toInt, toInts } from './errors.js';
import { NDArray, defineMethods, outOption } from './ndarray.js';
import { copyInto } from './kernel_client.js';
import { flattenShape, reversedAxes, squeezeShape } from './axes.js';
import { diagonalView } from './diagonal_view.js';
import { type Elem, type NestedList, nestedList, storedItem, itemOf } from './scalar.js';
import { type SigRef, bind, isOptionsObject } from './signature.js';
import { type Casting, type Order, canCast, castingArg, orderArg } from './ufunc.js';
import { type DTypeArg, copyInLayout, isFContiguous, layoutOf, zeros } from './creation.js';
import { createView } from './view.js';
import type { Storage } from './storage.js';


const NDARRAY_RESHAPE: SigRef = { sig: 'numpy.ndarray.reshape: NDArray.reshape(shape: number | readonly number[], /, *, order: "C" | "F" | "A" = "C", ' +
    'copy: boolean | null = null) -> NDArray<D>' };
const NDARRAY_TRANSPOSE: SigRef = { sig: 'numpy.ndarray.transpose: NDArray.transpose(axes: readonly number[] | null = null, /) -> NDArray<D>' };
const NDARRAY_SQUEEZE: SigRef = { sig: 'numpy.ndarray.squeeze: NDArray.squeeze(axis: number | readonly number[] | null = null) -> NDArray<D>' };
const NDARRAY_SWAPAXES: SigRef = { sig: 'numpy.ndarray.swapaxes: NDArray.swapaxes(axis1: number, axis2: number, /) -> NDArray<D>' };
const NDARRAY_FLATTEN: SigRef = { sig: 'numpy.ndarray.flatten: NDArray.flatten(order: Order = "C") -> NDArray<D>' };
const NDARRAY_RAVEL: SigRef = { sig: 'numpy.ndarray.ravel: NDArray.ravel(order: Order = "C") -> NDArray<D>' };
const NDARRAY_FLATTEN_DIMS: SigRef = { sig: '-: NDArray.flattenDims(startDim: number = 0, endDim: number = -1) -> NDArray<D>' };
const NDARRAY_COPY: SigRef = { sig: 'numpy.ndarray.copy: NDArray.copy(order: Order = "C", *, out: NDArray | null = null) -> NDArray<D>' };
const NDARRAY_ASTYPE: SigRef = { sig: 'numpy.ndarray.astype: NDArray.astype(dtype: DTypeArg, order: Order = "K", casting: Casting = "unsafe", subok: boolean = true, ' +
    'copy: boolean = true, *, out: NDArray | null = null) -> NDArray' };
const NDARRAY_DIAGONAL: SigRef = { sig: 'numpy.ndarray.diagonal: NDArray.diagonal(offset: number = 0, axis1: number = 0, axis2: number = 1) -> NDArray<D>' };
const NDARRAY_FILL: SigRef = { sig: 'numpy.ndarray.fill: NDArray.fill(value: Scalar | ComplexLike, /) -> this' };


/** F-contiguous and not C-contiguous (NumPy's order 'A' then means 'F'). */
const isFOnly = (a: NDArray): boolean => !a.isCContiguous && a.ndim >= 2 && isFContiguous(a);

/** @internal A copy of a (cast to dtype) whose strides follow `order` (an owner; the layout rules are creation.ts's). */
export function orderedCopy(op: string, a: NDArray, dtype: DType, order: Order): NDArray {
  return copyInLayout(op, a, dtype, layoutOf(order, a, a.ndim));
}

/** @internal The elements as 1-d in `order`: a view when one exists (copy null), or always a copy (copy true). */
export function flatIn(op: string, a: NDArray, order: Order, copy: boolean | null): NDArray {
  const o = layoutOf(order, a, a.ndim);
  if (o === null) return a._reshape(op, [a.size], copy);
  const t = a._transpose(op, o);
  try {
    return t._reshape(op, [a.size], copy);
  } finally {
    t.dispose();
  }
}

/** reshape's varargs: the shape (numbers, or one array) and the trailing options, bound to NDARRAY_RESHAPE. */
function reshapeArgs(args: unknown[]): unknown[] {
  const last = args[args.length - 1];
  const opts = args.length > 1 && isOptionsObject(last) ? [last] : []; // a lone plain object: the binder reads it
  const dims = opts.length > 0 ? args.slice(0, -1) : args;
  // one shape argument (or none, or an array then no integer: `a.reshape([2, 3], 'F')`): the binder reads and words it
  const integerAfter = dims.length > 1 && (typeof dims[1] === 'number' || typeof dims[1] === 'bigint');
  if (dims.length <= 1 || (isArrayLike(dims[0]) && !integerAfter)) return bind(NDARRAY_RESHAPE, args);
  const one = (d: unknown, i: number): number => (isArrayLike(d) ? bad('reshape', dims) : toInt('reshape', `shape[${i}]`, d));
  return bind(NDARRAY_RESHAPE, [dims.map(one), ...opts]);
}

function bad(op: string, dims: unknown[]): never {
  throw new TypeError(
    `${op}: pass the shape as separate integers or as one array, not both: got (${dims.map((d) => fmt(d)).join(', ')}); ` +
      'the shape takes every positional argument, order and copy are keyword-only ({ order: ... })',
  );
}

function reshape(this: NDArray, shape0?: unknown): NDArray {
  const op = 'reshape';
  this._check(op);
  // the hot form a.reshape([4, 3]): no rest array, no binder (about 0.05 us a call)
  if (arguments.length === 1 && Array.isArray(shape0)) return this._reshape(op, toInts(op, 'shape', shape0), null);
  const [shape, order, copy] = reshapeArgs(Array.prototype.slice.call(arguments));
  const s = typeof shape === 'number' || typeof shape === 'bigint' ? [toInt(op, 'shape', shape)] : indexArgs(op, 'shape', [shape]);
  if (copy !== null && typeof copy !== 'boolean') throw new TypeError(`${op}: copy must be a boolean or null, got ${fmt(copy)}`);
  return reshapeIn(op, this, s, order, copy);
}

/** @internal reshape's body (the method's and numpy.reshape's): `order` 'C', 'F' or 'A'; a view when one exists (copy null). */
export function reshapeIn(op: string, a: NDArray, s: number[], order: unknown, copy: boolean | null): NDArray {
  const o = orderArg(op, order, ['C', 'F', 'A']);
  if (o === 'C' || (o === 'A' && !isFOnly(a))) return a._reshape(op, s, copy);
  // F order: the reversed shape in C order of the transposed array, transposed back.
  const t = a._transpose(op, null);
  try {
    const r = t._reshape(op, s.slice().reverse(), copy);
    return r._setView(r.view._permute(reversedAxes(s.length))); // r is a fresh handle (a view or a copy)
  } finally {
    t.dispose();
  }
}

function transpose(this: NDArray, ...args: unknown[]): NDArray {
  if (args.length === 0) return this._transpose('transpose', null); // the hot form
  // separate integers (a.transpose(1, 0)); else one array or null, read by the binder (a.transpose([1, 0], 7) is refused)
  const many = typeof args[0] === 'number' || typeof args[0] === 'bigint';
  const [axes] = many ? [indexArgs('transpose', 'axes', args)] : bind(NDARRAY_TRANSPOSE, args);
  if (axes !== null && !isArrayLike(axes)) {
    throw new TypeError(`transpose: axes must be integers, an array of integers or null, got ${fmt(axes)}`);
  }
  return this._transpose('transpose', axes as number[] | null);
}

function astype(this: NDArray, ...args: unknown[]): NDArray {
  const op = 'astype';
  this._check(op);
  const [dtype, order, casting, subok, copy, out] = bind(NDARRAY_ASTYPE, args);
  const d = checkDType(op, dtype);
  const o = orderArg(op, order);
  const c = castingArg(op, casting);
  if (typeof subok !== 'boolean') throw new TypeError(`${op}: subok must be a boolean, got ${fmt(subok)}`);
  if (typeof copy !== 'boolean') throw new TypeError(`${op}: copy must be a boolean, got ${fmt(copy)}`);
  if (!canCast(this.dtype, d, c)) {
    throw new StrideViewError('type_error', `${op}: cannot cast from ${this.dtype} to ${d} under casting='${c}'`);
  }
  if (out !== null) return copyInto(op, this, d, outOption(op, { out }));
  const laidOut = o === 'K' || o === 'A' || (o === 'C' ? this.isCContiguous : isFOnly(this) || this.ndim < 2);
  if (!copy && d === this.dtype && this.mask === null && laidOut) return this;
  return orderedCopy(op, this, d, o);
}

function copy(this: NDArray, ...args: unknown[]): NDArray {
  const op = 'copy';
  this._check(op);
  const [order, out] = bind(NDARRAY_COPY, args);
  const o = orderArg(op, order);
  if (out !== null) return copyInto(op, this, this.dtype, outOption(op, { out }));
  return orderedCopy(op, this, this.dtype, o);
}

function flatten(this: NDArray, ...args: unknown[]): NDArray {
  this._check('flatten');
  const o = args[args.length - 1];
  if (isOptionsObject(o) && ('startDim' in o || 'endDim' in o)) {
    throw new TypeError(
      "flatten: startDim / endDim (torch's flatten, a view) are now a.flattenDims(startDim, endDim); " +
        "NumPy's flatten(order) always copies to 1-d",
    );
  }
  const [order] = bind(NDARRAY_FLATTEN, args);
  return flatIn('flatten', this, orderArg('flatten', order), true);
}

function ravel(this: NDArray, ...args: unknown[]): NDArray {
  this._check('ravel');
  const [order] = bind(NDARRAY_RAVEL, args);
  return flatIn('ravel', this, orderArg('ravel', order), null);
}

function flattenDims(this: NDArray, ...args: unknown[]): NDArray {
  const op = 'flattenDims';
  this._check(op);
  const [startDim, endDim] = bind(NDARRAY_FLATTEN_DIMS, args);
  const dims = { startDim: toInt(op, 'startDim', startDim), endDim: toInt(op, 'endDim', endDim) };
  return this._reshape(op, flattenShape(op, this.shape, dims), null);
}

function squeeze(this: NDArray, ...args: unknown[]): NDArray {
  this._check('squeeze');
  const [axis] = bind(NDARRAY_SQUEEZE, args);
  return squeezed('squeeze', this, axis);
}

/** @internal squeeze's body (the method's and numpy.squeeze's): a view. */
export function squeezed(op: string, a: NDArray, axis: unknown): NDArray {
  // NumPy accepts axis 0 / -1 (alone or in a list) for a 0-d array: nothing to remove
  if (a.ndim === 0 && [0, -1].includes((Array.isArray(axis) && axis.length === 1 ? axis[0] : axis) as number)) return a._derive(a.view);
  return a._reshape(op, squeezeShape(op, a.shape, { axis }), false);
}

function swapaxes(this: NDArray, ...args: unknown[]): NDArray {
  const [axis1, axis2] = bind(NDARRAY_SWAPAXES, args);
  this._check('swapaxes');
  return swapped('swapaxes', this, axis1, axis2);
}

/** @internal swapaxes's body (the method's and numpy.swapaxes's): a view. */
export function swapped(op: string, a: NDArray, axis1: unknown, axis2: unknown): NDArray {
  const n = a.ndim;
  const order = reversedAxes(n).reverse();
  const i = normAx(op, 'axis1', axis1, n);
  const j = normAx(op, 'axis2', axis2, n);
  order[i] = j;
  order[j] = i;
  return a._transpose(op, order);
}

function normAx(op: string, name: string, v: unknown, n: number): number {
  const k = toInt(op, name, v);
  if (k < -n || k >= n) throw new StrideViewError('out_of_range', `${op}: ${name} ${k} is out of bounds for an array of dimension ${n}`);
  return k < 0 ? k + n : k;
}

function diagonal(this: NDArray, ...args: unknown[]): NDArray {
  const op = 'diagonal';
  this._check(op);
  const [offset, axis1, axis2] = bind(NDARRAY_DIAGONAL, args);
  return this._derive(diagonalView(op, this.view, offset, { axis1: axis1 as number, axis2: axis2 as number }));
}

function fill(this: NDArray, ...args: unknown[]): NDArray {
  const [value] = bind(NDARRAY_FILL, args);
  if (!['number', 'bigint', 'boolean'].includes(typeof value) && !(value instanceof NDArray) && !isArrayLike(value) && !isComplexValue(value)) {
    throw new TypeError(`fill: value must be a number, a bigint, a boolean, a complex value or an array, got ${fmt(value)}`);
  }
  try {
    return this._assign('fill', value as Scalar);
  } catch (e) {
    throw relabel('fill', e);
  }
}

function item(this: NDArray, ...args: unknown[]): Elem {
  return itemOf(this, 'item', args);
}

function itemBigInt(this: NDArray, ...args: unknown[]): bigint {
  const op = 'itemBigInt';
  this._check(op);
  const k = info(this.dtype).kind;
  if (k !== 'i' && k !== 'u') throw new TypeError(`${op}: reads integer dtypes, this array is ${this.dtype} (item() gives its elements)`);
  const x = storedItem(this, op, args);
  return typeof x === 'bigint' ? x : BigInt(x as number);
}

function tolist(this: NDArray): NestedList {
  return nestedList(this, 'tolist');
}

/** Method -> the function whose module installs it. */
const INSTALLED_ELSEWHERE: Record<string, string> = {
  sum: 'sum', mean: 'mean', min: 'min', max: 'max', ptp: 'ptp',
  prod: 'prod', std: 'std', var: 'variance', argmin: 'argmin', argmax: 'argmax', any: 'any', all: 'all',
  cumsum: 'cumsum', cumprod: 'cumprod', sort: 'sort', argsort: 'argsort', clip: 'clip', round: 'round',
  nonzero: 'nonzero', searchsorted: 'searchsorted', dot: 'dot', take: 'take', compress: 'compress', repeat: 'repeat',
  trace: 'trace', conj: 'conj', conjugate: 'conjugate',
};

function dropped(name: string, fn: string): () => never {
  const call = name === 'compress' ? 'compress(condition, a, ...)' : `${fn}(a, ...)`;
  return function (): never {
    throw new StrideViewError(
      'not_loaded',
      `${name}: a.${name}() is strideview's ${call}, which this bundle does not contain: the bundler dropped it ` +
        `because nothing in the app imports it. Import { ${fn} } from 'strideview' in the app (or call ${call})`,
    );
  };
}

/** Installs NumPy's ndarray methods and properties on the class (index.ts calls it once, at load). */
export function installMethods(cls: typeof NDArray): void {
  const p = cls.prototype as unknown as Record<string, unknown>;
  const methods: Record<string, unknown> = {
    reshape,
    transpose,
    squeeze,
    swapaxes,
    flatten,
    ravel,
    flattenDims,
    copy,
    astype,
    diagonal,
    fill,
    item,
    itemBigInt,
    tolist,
  };
  defineMethods(methods);
  // The methods installed with their functions' method groups (ndarray.ts methodGroup: stats.ts,
  // select.ts, math.ts, search.ts, linalg.ts, joining.ts, reductions.ts): where a bundler dropped
  // the group, this one says so.
  for (const [name, fn] of Object.entries(INSTALLED_ELSEWHERE)) {
    if (!Object.prototype.hasOwnProperty.call(p, name)) defineMethods({ [name]: dropped(name, fn) });
  }
  Object.defineProperties(p, {
    T: {
      get(this: NDArray) {
        return this._transpose('T', null);
      },
      configurable: true,
    },
    nbytes: {
      get(this: NDArray) {
        return this.size * this.itemsize;
      },
      configurable: true,
    },
    real: {
      // NumPy's a.real: the real parts of a complex array as a writable view; a real array itself
      get(this: NDArray) {
        return isComplex(this.dtype) ? partView(this, 0, 'real') : this;
      },
      configurable: true,
    },
    imag: {
      // NumPy's a.imag: the imaginary parts of a complex array as a writable view; zeros otherwise
      get(this: NDArray) {
        this._check('imag');
        return isComplex(this.dtype) ? partView(this, 1, 'imag') : zeros(this.shape, this.dtype);
      },
      configurable: true,
    },
  });
}

/** Storage of a complex array seen as its float parts: the same memory, twice the elements. */
function partStorage(s: Storage): Storage {
  return {
    ptr: s.ptr,
    bytes: s.bytes,
    length: s.length * 2,
    get live(): boolean {
      return s.live;
    },
    set live(v: boolean) {
      s.live = v;
    },
  };
}

/**
 * @internal One part of a complex array as a view of its float elements (part 0: real, 1: imaginary):
 * the strides doubled, the offset doubled plus the part. Writable when the array is.
 */
export function partView(a: NDArray, part: 0 | 1, op: string): NDArray {
  a._check(op);
  const v = a._v;
  const strides = v._strides;
  if (strides.some((s) => typeof s !== 'number') || v._shape.some((d) => typeof d !== 'number')) {
    throw new TypeError(`${op}: the parts of a symbolic complex view are not supported; bind its variables first`);
  }
  const pv = createView(v._shape as number[], {
    offset: 2 * v.offset + part,
    strides: (strides as number[]).map((s) => 2 * s),
    mask: v._maskRaw,
  });
  // (a padded complex view reads (fill, 0) in its padding: the real part's fill, and 0)
  return NDArray._view(partStorage(a._s), pv, complexPart(a.dtype), a._owner ?? a, a._ro, part === 0 ? a._fill : 0);
}

