// NumPy's own names for functions this package first named otherwise, beside those names: the
// ufuncs `subtract`, `multiply`, `divide` / `trueDivide`, `negative` and `absolute` (`sub`, `mul`,
// `div`, `neg`, `abs`), `amax` / `amin` (`max` / `min`) and `around` (`round`); and NumPy's
// `asarray`, `asanyarray`, `asfortranarray`, `shape`, `ndim` and `size`. Each has its own
// declaration, so that its errors name what the user called, and runs the one implementation.
import { type DType, type Scalar, checkDType } from './dtype.js';
import { relabel, relabelFrom } from './errors.js';
import { NDArray, asArray, normAxis } from './ndarray.js';
import { type ArrayInput, binaryCall, unaryCall } from './ops.js';
import { type Reduced, SPECS, reduction } from './reductions.js';
import { round } from './math.js';
import { onArray } from './manipulation.js';
import { orderedCopy } from './ndarray_methods.js';
import { isFContiguous, likeArg } from './creation.js';
import { type Casting, type Order, orderArg } from './ufunc.js';
import type { DTypeArg } from './creation.js';
import { type SigRef, bind } from './signature.js';

const SUBTRACT: SigRef = { sig: 'numpy.subtract: subtract(@ufunc2) -> NDArray' };
/** NumPy's name for {@link sub}: x1 - x2 with broadcasting (an error for bool operands). */
// @overloads SUBTRACT
export function subtract(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function subtract(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function subtract(...args: unknown[]): NDArray {
  return binaryCall(SUBTRACT, 'sub', 'any', args, 'subtract');
}

const MULTIPLY: SigRef = { sig: 'numpy.multiply: multiply(@ufunc2) -> NDArray' };
/** NumPy's name for {@link mul}: x1 * x2 with broadcasting (bool * bool is logical and). */
// @overloads MULTIPLY
export function multiply(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function multiply(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function multiply(...args: unknown[]): NDArray {
  return binaryCall(MULTIPLY, 'mul', 'any', args, 'multiply');
}

const DIVIDE: SigRef = { sig: 'numpy.divide: divide(@ufunc2) -> NDArray' };
/** NumPy's name for {@link div}: true division (integers and bools give float64). */
// @overloads DIVIDE
export function divide(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function divide(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function divide(...args: unknown[]): NDArray {
  return binaryCall(DIVIDE, 'div', 'float', args, 'divide');
}

const TRUE_DIVIDE: SigRef = { sig: 'numpy.true_divide: trueDivide(@ufunc2) -> NDArray' };
/** NumPy's true_divide, the ufunc of {@link divide} and {@link div}. */
// @overloads TRUE_DIVIDE
export function trueDivide(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function trueDivide(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function trueDivide(...args: unknown[]): NDArray {
  return binaryCall(TRUE_DIVIDE, 'div', 'float', args, 'trueDivide');
}

const NEGATIVE: SigRef = { sig: 'numpy.negative: negative(@ufunc1) -> NDArray' };
/** NumPy's name for {@link neg}: -x (an error for bool). */
// @overloads NEGATIVE
export function negative(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function negative(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function negative(...args: unknown[]): NDArray {
  return unaryCall(NEGATIVE, 'neg', 'any', args, 'negative');
}

const ABSOLUTE: SigRef = { sig: 'numpy.absolute: absolute(@ufunc1) -> NDArray' };
/** NumPy's name for {@link abs}: |x| (of a complex value: its modulus, real). */
// @overloads ABSOLUTE
export function absolute(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function absolute(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function absolute(...args: unknown[]): NDArray {
  return unaryCall(ABSOLUTE, 'abs', 'any', args, 'absolute');
}

const AMAX: SigRef = { sig: 'numpy.amax: amax(a: ArrayInput, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/** NumPy's amax, {@link max} by its other name. */
// @overloads AMAX
export function amax<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function amax<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function amax<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function amax<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function amax<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function amax<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function amax(...args: unknown[]): unknown {
  const [a, axis, out, keepdims, initial, where] = bind(AMAX, args);
  return reduction('amax', SPECS.max, a, axis, null, out, keepdims, initial, where);
}

const AMIN: SigRef = { sig: 'numpy.amin: amin(a: ArrayInput, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/** NumPy's amin, {@link min} by its other name. */
// @overloads AMIN
export function amin<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function amin<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function amin<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function amin<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function amin<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function amin<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function amin(...args: unknown[]): unknown {
  const [a, axis, out, keepdims, initial, where] = bind(AMIN, args);
  return reduction('amin', SPECS.min, a, axis, null, out, keepdims, initial, where);
}

const AROUND: SigRef = { sig: 'numpy.around: around(a: ArrayInput, decimals: number = 0, out: NDArray | null = null) -> NDArray' };
/** NumPy's around, {@link round} by its other name (the 'math' family). */
// @overloads AROUND
export function around(a: ArrayInput, options?: { decimals?: number | undefined; out?: NDArray | null | undefined }): NDArray;
export function around(a: ArrayInput, decimals?: number, options?: { out?: NDArray | null | undefined }): NDArray;
export function around(a: ArrayInput, decimals?: number, out?: NDArray | null): NDArray;
// @end
export function around(...args: unknown[]): NDArray {
  const [a, decimals, out] = bind(AROUND, args);
  try {
    return round(a as ArrayInput, decimals as number, out as NDArray | null);
  } catch (e) {
    throw relabelFrom('around', 'round', e);
  }
}

/**
 * The array `a` as asked: a view of it when it already has `dtype` and, for `order` 'C' / 'F', that
 * layout (NumPy returns the same object; a view shares the memory and is disposed on its own), else
 * a converted copy. A JS value becomes a new array.
 */
function asArrayAs(op: string, a: unknown, dtypeV: unknown, order: Order, like: unknown): NDArray {
  likeArg(op, like);
  const dtype: DType | null = dtypeV === null ? null : checkDType(op, dtypeV);
  return onArray(op, a, 'a', (x) => {
    const d = dtype ?? x.dtype;
    const fits = d === x.dtype && (order === 'C' ? x.isCContiguous : order === 'F' ? isFContiguous(x) : true);
    return fits ? x._derive(x.view) : orderedCopy(op, x, d, order);
  });
}

const ASARRAY: SigRef = { sig: 'numpy.asarray: asarray(a: ArrayInput, dtype: DType | null = null, order: Order | null = null, *, like: null = null) -> NDArray' };
/**
 * `a` as an array (NumPy asarray): an NDArray of `dtype` (and, for `order` 'C' / 'F', that layout)
 * comes back as a view of itself, anything else as a new array (JS values, another dtype: a copy).
 */
// @overloads ASARRAY
export function asarray(a: ArrayInput, options?: { dtype?: DType | null | undefined; order?: Order | null | undefined; like?: null | undefined }): NDArray;
export function asarray(a: ArrayInput, dtype?: DType | null, options?: { order?: Order | null | undefined; like?: null | undefined }): NDArray;
export function asarray(a: ArrayInput, dtype?: DType | null, order?: Order | null, options?: { like?: null | undefined }): NDArray;
// @end
export function asarray(...args: unknown[]): NDArray {
  const [a, dtype, order, like] = bind(ASARRAY, args);
  return asArrayAs('asarray', a, dtype, order === null ? 'K' : orderArg('asarray', order), like);
}

const ASANYARRAY: SigRef = { sig: 'numpy.asanyarray: asanyarray(a: ArrayInput, dtype: DType | null = null, order: Order | null = null, *, like: null = null) -> NDArray' };
/** NumPy asanyarray: {@link asarray} (strideview has no ndarray subclasses to pass through). */
// @overloads ASANYARRAY
export function asanyarray(a: ArrayInput, options?: { dtype?: DType | null | undefined; order?: Order | null | undefined; like?: null | undefined }): NDArray;
export function asanyarray(a: ArrayInput, dtype?: DType | null, options?: { order?: Order | null | undefined; like?: null | undefined }): NDArray;
export function asanyarray(a: ArrayInput, dtype?: DType | null, order?: Order | null, options?: { like?: null | undefined }): NDArray;
// @end
export function asanyarray(...args: unknown[]): NDArray {
  const [a, dtype, order, like] = bind(ASANYARRAY, args);
  return asArrayAs('asanyarray', a, dtype, order === null ? 'K' : orderArg('asanyarray', order), like);
}

const ASFORTRANARRAY: SigRef = { sig: 'numpy.asfortranarray: asfortranarray(a: ArrayInput, dtype: DType | null = null, *, like: null = null) -> NDArray' };
/** `a` in Fortran (column-major) order (NumPy asfortranarray): a view when it already is, else an F-ordered copy. */
// @overloads ASFORTRANARRAY
export function asfortranarray(a: ArrayInput, options?: { dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function asfortranarray(a: ArrayInput, dtype?: DType | null, options?: { like?: null | undefined }): NDArray;
// @end
export function asfortranarray(...args: unknown[]): NDArray {
  const [a, dtype, like] = bind(ASFORTRANARRAY, args);
  return asArrayAs('asfortranarray', a, dtype, 'F', like);
}

/** The input's NDArray (a temporary for a JS value, disposed after `fn`). */
function readArray<T>(op: string, a: unknown, fn: (x: NDArray) => T): T {
  let x: NDArray | null = null;
  try {
    x = asArray(op, a, undefined, 'a');
    return fn(x);
  } catch (e) {
    throw relabel(op, e);
  } finally {
    if (x !== null && x !== a) x.dispose();
  }
}

const SHAPE: SigRef = { sig: 'numpy.shape: shape(a: ArrayInput) -> number[]' };
/** The shape of `a` (NumPy shape: an array's, or that of the array a JS value would make). */
// @overloads SHAPE
export function shape(a: ArrayInput): number[];
// @end
export function shape(...args: unknown[]): number[] {
  const [a] = bind(SHAPE, args);
  return readArray('shape', a, (x) => x.shape.slice());
}

const NDIM: SigRef = { sig: 'numpy.ndim: ndim(a: ArrayInput) -> number' };
/** The number of dimensions of `a` (NumPy ndim). */
// @overloads NDIM
export function ndim(a: ArrayInput): number;
// @end
export function ndim(...args: unknown[]): number {
  const [a] = bind(NDIM, args);
  return readArray('ndim', a, (x) => x.ndim);
}

const SIZE: SigRef = { sig: 'numpy.size: size(a: ArrayInput, axis: number | null = null) -> number' };
/** The number of elements of `a`, or its length along `axis` (NumPy size). */
// @overloads SIZE
export function size(a: ArrayInput, options?: { axis?: number | null | undefined }): number;
export function size(a: ArrayInput, axis?: number | null): number;
// @end
export function size(...args: unknown[]): number {
  const [a, axis] = bind(SIZE, args);
  return readArray('size', a, (x) => (axis === null ? x.size : x.shape[normAxis('size', axis, x.ndim)]!));
}

