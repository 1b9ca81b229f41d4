// NumPy's ndarray methods on NDArray. Each forwards to the one module-level function (`a.sum(...)` is
// `sum(a, ...)`: no second home), or, where NumPy's method differs from its function (reshape(*shape),
// transpose(*axes), sort in place, astype, copy, flatten, ravel, squeeze, swapaxes, diagonal, item,
// fill, tolist), has its own declaration here. The methods are typed on the class by declaration
// merging (the interface below; `// @overloads method NAME` regions are written by
// scripts/gen-signatures.mjs from the function's declaration, its array parameter dropped) and
// installed on NDArray.prototype by installMethods, which index.ts calls once at load (this module
// imports the op modules, which import ndarray.ts: defining the methods there would be a cycle).
import { type DType, type Scalar, checkDType, info } from './dtype.js';
import { StrideViewError, fmt, indexArgs, isArrayLike, relabel, toInt } from './errors.js';
import { NDArray, type ReshapeOptions, outOption } from './ndarray.js';
import { copyInto } from './kernel_client.js';
import { flattenShape, reversedAxes, squeezeShape } from './axes.js';
import { diagonalView } from './diagonal_view.js';
import { type Elem, type NestedList, nestedList, storedItem, itemOf } from './scalar.js';
import { type SigRef, bind, isOptionsObject, unsupported } from './signature.js';
import { type Casting, type Order, canCast, castingArg, orderArg } from './ufunc.js';
import type { ArrayInput } from './ops.js';
import type { DTypeArg } from './creation.js';
import { type Reduced, max, mean, min, ptp, sum } from './reductions.js';
import { all, any, argmax, argmin, cumprod, cumsum, prod, std, variance } from './stats.js';
import { type SortKind, type TakeMode, argsort, compress, sort, take } from './select.js';
import { clip, round } from './math.js';
import { repeat } from './joining.js';
import { type Searched, type Side, nonzero, searchsorted } from './search.js';
import { type MatmulResult, type Traced, dot, trace } from './linalg.js';


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
const NDARRAY_SORT: SigRef = { sig: 'numpy.ndarray.sort: NDArray.sort(axis: number = -1, kind: "quicksort" | "mergesort" | "heapsort" | "stable" | null = null, ' +
    'order: null = null) -> void' };
const NDARRAY_FILL: SigRef = { sig: 'numpy.ndarray.fill: NDArray.fill(value: Scalar, /) -> this' };

declare module './ndarray.js' {
  interface NDArray<D extends DType = DType> {
    /** The transposed view (axes reversed), NumPy's `a.T`. */
    readonly T: NDArray<D>;
    /** Bytes of the elements (size * itemsize; a view counts its own elements, not its base's). */
    readonly nbytes: number;

    /**
     * Same elements in a new shape (-1 infers one dim), NumPy's `a.reshape(*shape, order='C')`:
     * `a.reshape(4, 3)`, `a.reshape([4, 3])`, `a.reshape(4, 3, { order: 'F' })`. A view when one
     * exists, else a copy; `{ copy: true }` always copies, `{ copy: false }` fails instead of copying.
     * order 'F' reads and writes the elements in column-major order; 'A' is 'F' for an F-contiguous
     * (and not C-contiguous) array, else 'C'.
     */
    // @overloads method NDARRAY_RESHAPE
    reshape(shape: number | readonly number[], options?: { order?: "C" | "F" | "A" | undefined; copy?: boolean | null | undefined }): NDArray<D>;
    // @end
    reshape(...shape: number[]): NDArray<D>;
    reshape(...args: [...shape: number[], options: ReshapeOptions]): NDArray<D>;
    /** Permutes the axes (reverses them by default): `a.transpose(1, 0, 2)` or `a.transpose([1, 0, 2])`. */
    // @overloads method NDARRAY_TRANSPOSE
    transpose(): NDArray<D>;
    transpose(axes?: readonly number[] | null): NDArray<D>;
    // @end
    transpose(...axes: number[]): NDArray<D>;
    /** Removes size-1 dims: those of `axis` (a number or an array; each must have size 1), or all of them. */
    // @overloads method NDARRAY_SQUEEZE
    squeeze(options?: { axis?: number | readonly number[] | null | undefined }): NDArray<D>;
    squeeze(axis?: number | readonly number[] | null): NDArray<D>;
    // @end
    /** Swaps two axes (a view). */
    // @overloads method NDARRAY_SWAPAXES
    swapaxes(axis1: number, axis2: number): NDArray<D>;
    // @end
    /** A 1-d copy of the elements in `order` ('C' rows first, 'F' columns first, 'A' / 'K' memory order): always a copy. */
    // @overloads method NDARRAY_FLATTEN
    flatten(options?: { order?: Order | undefined }): NDArray<D>;
    flatten(order?: Order): NDArray<D>;
    // @end
    /** The elements as a 1-d array in `order` (as {@link NDArray.flatten}): a view when one exists, else a copy. */
    // @overloads method NDARRAY_RAVEL
    ravel(options?: { order?: Order | undefined }): NDArray<D>;
    ravel(order?: Order): NDArray<D>;
    // @end
    /** Merges dims startDim..endDim (inclusive) into one, a view when possible (torch's flatten). */
    // @overloads method NDARRAY_FLATTEN_DIMS
    flattenDims(options?: { startDim?: number | undefined; endDim?: number | undefined }): NDArray<D>;
    flattenDims(startDim?: number, options?: { endDim?: number | undefined }): NDArray<D>;
    flattenDims(startDim?: number, endDim?: number): NDArray<D>;
    // @end
    /**
     * A copy that owns its buffer, in `order` ('C' default, 'F', 'A': F for an F-contiguous array, 'K':
     * the strides' order kept). `{ out }` (strideview's): the elements copied into out instead.
     */
    // @overloads method NDARRAY_COPY
    copy(options?: { order?: Order | undefined; out?: NDArray | null | undefined }): NDArray<D>;
    copy(order?: Order, options?: { out?: NDArray | null | undefined }): NDArray<D>;
    // @end
    /**
     * A copy converted to dtype (NumPy's astype): `order` of the result as in {@link NDArray.copy};
     * `casting` ('unsafe' default) checked from this dtype to dtype; `copy: false` returns this
     * array itself when no conversion and no reordering is needed; `subok` has no effect (no
     * subclasses). `{ out }` (strideview's): converted, then cast into out (casting='same_kind').
     */
    astype<T extends DType>(dtype: T): NDArray<T>;
    // @overloads method NDARRAY_ASTYPE
    astype(dtype: DTypeArg, options?: { order?: Order | undefined; casting?: Casting | undefined; subok?: boolean | undefined; copy?: boolean | undefined; out?: NDArray | null | undefined }): NDArray;
    astype(dtype: DTypeArg, order?: Order, options?: { casting?: Casting | undefined; subok?: boolean | undefined; copy?: boolean | undefined; out?: NDArray | null | undefined }): NDArray;
    astype(dtype: DTypeArg, order?: Order, casting?: Casting, options?: { subok?: boolean | undefined; copy?: boolean | undefined; out?: NDArray | null | undefined }): NDArray;
    astype(dtype: DTypeArg, order?: Order, casting?: Casting, subok?: boolean, options?: { copy?: boolean | undefined; out?: NDArray | null | undefined }): NDArray;
    astype(dtype: DTypeArg, order?: Order, casting?: Casting, subok?: boolean, copy?: boolean, options?: { out?: NDArray | null | undefined }): NDArray;
    // @end
    /** The diagonal of axes axis1, axis2 (0, 1) as a view, appended last (see the function {@link diagonal}). */
    // @overloads method NDARRAY_DIAGONAL
    diagonal(options?: { offset?: number | undefined; axis1?: number | undefined; axis2?: number | undefined }): NDArray<D>;
    diagonal(offset?: number, options?: { axis1?: number | undefined; axis2?: number | undefined }): NDArray<D>;
    diagonal(offset?: number, axis1?: number, options?: { axis2?: number | undefined }): NDArray<D>;
    diagonal(offset?: number, axis1?: number, axis2?: number): NDArray<D>;
    // @end
    /**
     * Sorts the elements in place along `axis` (default -1), as NumPy's `a.sort()`; returns undefined
     * (the function {@link sort} returns a sorted copy). Every kind gives the stable sort's result;
     * order (structured arrays) must be null.
     */
    // @overloads method NDARRAY_SORT
    sort(options?: { axis?: number | undefined; kind?: "quicksort" | "mergesort" | "heapsort" | "stable" | null | undefined; order?: null | undefined }): void;
    sort(axis?: number, options?: { kind?: "quicksort" | "mergesort" | "heapsort" | "stable" | null | undefined; order?: null | undefined }): void;
    sort(axis?: number, kind?: "quicksort" | "mergesort" | "heapsort" | "stable" | null, options?: { order?: null | undefined }): void;
    sort(axis?: number, kind?: "quicksort" | "mergesort" | "heapsort" | "stable" | null, order?: null): void;
    // @end
    /** Sets every element to value; returns this (NumPy's returns None). */
    // @overloads method NDARRAY_FILL
    fill(value: Scalar): this;
    // @end
    /**
     * One element as a JS value under the scalar rule (a number, int64 / uint64 included while exact,
     * else a RangeError; a boolean for bool): `a.item(i, j)`, `a.item([i, j])`, or `a.item()` for
     * an array of size 1; the indices as for {@link NDArray.get}.
     */
    item(this: NDArray<'bool'>, indices?: number | readonly number[]): boolean;
    item(this: NDArray<'bool'>, ...indices: number[]): boolean;
    item(indices?: number | readonly number[]): number;
    item(...indices: number[]): number;
    /** One element as a bigint (integer dtypes; every int64 / uint64 value exactly), indices as {@link NDArray.item}. */
    itemBigInt(indices?: number | readonly number[]): bigint;
    itemBigInt(...indices: number[]): bigint;
    /** Nested JS arrays of the elements by the scalar rule (a value for a 0-d array): NumPy's tolist, the same as toArray() (typed `any`). */
      tolist(): any;

    /** Sum over axis: {@link sum}(a, ...). */
    // @overloads method SUM
    sum<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, number>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
    // @end
    /** Product over axis: {@link prod}(a, ...). */
    // @overloads method PROD
    prod<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, number>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
    // @end
    /** Mean over axis: {@link mean}(a, ...). */
    // @overloads method MEAN
    mean<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, number>;
    mean<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    mean<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
    mean<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    mean<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    // @end
    /** Standard deviation: {@link std}(a, ...). */
    // @overloads method STD
    std<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, number>;
    std<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    std<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
    std<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    std<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    std<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    // @end
    /** Variance (NumPy's `a.var()`): {@link variance}(a, ...). */
    // @overloads method VARIANCE var
    // @end
    var(...args: unknown[]): number | NDArray; // @fallback
    /** Minimum over axis: {@link min}(a, ...). */
    // @overloads method MIN
    min<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, number>;
    min<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    min<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    min<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    min<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    min<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
    // @end
    /** Maximum over axis: {@link max}(a, ...). */
    // @overloads method MAX
    max<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, number>;
    max<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    max<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    max<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    max<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    max<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
    // @end
    /** Peak to peak (max - min) over axis: {@link ptp}(a, ...). */
    // @overloads method PTP
    ptp<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(options?: O): Reduced<O, number>;
    ptp<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    ptp<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    ptp<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
    // @end
    /** Index of the minimum: {@link argmin}(a, ...). */
    // @overloads method ARGMIN
    argmin<O extends { axis?: number | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(options?: O): Reduced<O, number>;
    argmin<TAxis extends number | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    argmin<TAxis extends number | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    // @end
    /** Index of the maximum: {@link argmax}(a, ...). */
    // @overloads method ARGMAX
    argmax<O extends { axis?: number | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(options?: O): Reduced<O, number>;
    argmax<TAxis extends number | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    argmax<TAxis extends number | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    // @end
    /** Whether any element is true: {@link any}(a, ...). */
    // @overloads method ANY
    any<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, boolean>;
    any<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, boolean>;
    any<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, boolean>;
    any<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, boolean>;
    // @end
    /** Whether every element is true: {@link all}(a, ...). */
    // @overloads method ALL
    all<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, boolean>;
    all<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, boolean>;
    all<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, boolean>;
    all<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, boolean>;
    // @end
    /** Running sum: {@link cumsum}(a, ...). */
    // @overloads method CUMSUM
    cumsum(options?: { axis?: number | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
    cumsum(axis?: number | null, options?: { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
    cumsum(axis?: number | null, dtype?: DType | null, options?: { out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
    cumsum(axis?: number | null, dtype?: DType | null, out?: NDArray | readonly [NDArray] | null): NDArray;
    // @end
    /** Running product: {@link cumprod}(a, ...). */
    // @overloads method CUMPROD
    cumprod(options?: { axis?: number | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
    cumprod(axis?: number | null, options?: { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
    cumprod(axis?: number | null, dtype?: DType | null, options?: { out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
    cumprod(axis?: number | null, dtype?: DType | null, out?: NDArray | readonly [NDArray] | null): NDArray;
    // @end
    /** The indices that sort the array: {@link argsort}(a, ...). */
    // @overloads method ARGSORT
    argsort(options?: { axis?: number | null | undefined; kind?: SortKind | null | undefined; order?: null | undefined }): NDArray;
    argsort(axis?: number | null, options?: { kind?: SortKind | null | undefined; order?: null | undefined }): NDArray;
    argsort(axis?: number | null, kind?: SortKind | null, options?: { order?: null | undefined }): NDArray;
    argsort(axis?: number | null, kind?: SortKind | null, order?: null): NDArray;
    // @end
    /** Values limited to [min, max]: {@link clip}(a, ...). */
    // @overloads method CLIP
    clip(aMin: ArrayInput | null, aMax: ArrayInput | null, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
    clip(aMin: ArrayInput | null, aMax: ArrayInput | null, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
    // @end
    /** Rounded to decimals: {@link round}(a, ...). */
    // @overloads method ROUND
    round(options?: { decimals?: number | undefined; out?: NDArray | null | undefined }): NDArray;
    round(decimals?: number, options?: { out?: NDArray | null | undefined }): NDArray;
    round(decimals?: number, out?: NDArray | null): NDArray;
    // @end
    /** Elements at indices: {@link take}(a, ...). */
    // @overloads method TAKE
    take(indices: ArrayInput, options?: { axis?: number | null | undefined; out?: NDArray | null | undefined; mode?: TakeMode | undefined }): NDArray;
    take(indices: ArrayInput, axis?: number | null, options?: { out?: NDArray | null | undefined; mode?: TakeMode | undefined }): NDArray;
    take(indices: ArrayInput, axis?: number | null, out?: NDArray | null, options?: { mode?: TakeMode | undefined }): NDArray;
    take(indices: ArrayInput, axis?: number | null, out?: NDArray | null, mode?: TakeMode): NDArray;
    // @end
    /** Each element repeated: {@link repeat}(a, ...). */
    // @overloads method REPEAT
    repeat(repeats: number | readonly number[], options?: { axis?: number | null | undefined }): NDArray;
    repeat(repeats: number | readonly number[], axis?: number | null): NDArray;
    // @end
    /** The slices where condition is true: {@link compress}(condition, a, ...). */
    // @overloads method COMPRESS
    compress(condition: ArrayInput, options?: { axis?: number | null | undefined; out?: NDArray | null | undefined }): NDArray;
    compress(condition: ArrayInput, axis?: number | null, options?: { out?: NDArray | null | undefined }): NDArray;
    compress(condition: ArrayInput, axis?: number | null, out?: NDArray | null): NDArray;
    // @end
    /** The indices of the nonzero elements, one array per dim: {@link nonzero}(a). */
    // @overloads method NONZERO
    nonzero(): NDArray[];
    // @end
    /** Where v would be inserted to keep this sorted array sorted: {@link searchsorted}(a, v, ...). */
    // @overloads method SEARCHSORTED
    searchsorted<O extends { side?: Side | undefined; sorter?: ArrayInput | null | undefined } = {}>(v: ArrayInput, options?: O): Searched<O>;
    searchsorted<O extends { sorter?: ArrayInput | null | undefined } = {}>(v: ArrayInput, side?: Side, options?: O): Searched<O>;
    searchsorted(v: ArrayInput, side?: Side, sorter?: ArrayInput | null): Searched<{}>;
    // @end
    /** Sum along a diagonal: {@link trace}(a, ...). */
    // @overloads method TRACE
    trace<O extends { offset?: number | undefined; axis1?: number | undefined; axis2?: number | undefined; dtype?: DType | null | undefined; out?: NDArray | null | undefined } = {}>(options?: O): Traced<O>;
    trace<O extends { axis1?: number | undefined; axis2?: number | undefined; dtype?: DType | null | undefined; out?: NDArray | null | undefined } = {}>(offset?: number, options?: O): Traced<O>;
    trace<O extends { axis2?: number | undefined; dtype?: DType | null | undefined; out?: NDArray | null | undefined } = {}>(offset?: number, axis1?: number, options?: O): Traced<O>;
    trace<O extends { dtype?: DType | null | undefined; out?: NDArray | null | undefined } = {}>(offset?: number, axis1?: number, axis2?: number, options?: O): Traced<O>;
    trace<O extends { out?: NDArray | null | undefined } = {}>(offset?: number, axis1?: number, axis2?: number, dtype?: DType | null, options?: O): Traced<O>;
    trace<TOut extends NDArray | null | undefined = undefined>(offset?: number, axis1?: number, axis2?: number, dtype?: DType | null, out?: TOut): Traced<{ out: TOut } & {}>;
    // @end
    /** Dot product: {@link dot}(a, b, ...). */
    // @overloads method DOT
    dot<O extends { out?: NDArray | null | undefined } = {}>(b: ArrayInput, options?: O): MatmulResult<O>;
    dot<TOut extends NDArray | null | undefined = undefined>(b: ArrayInput, out?: TOut): MatmulResult<{ out: TOut } & {}>;
    // @end
  }
}

type AnyFn = (...args: unknown[]) => unknown;

/** bind, its errors named as the user called the method (`reshape:`, not the declaration's `NDArray.reshape:`). */
function bindMethod(ref: SigRef, op: string, args: ArrayLike<unknown>): unknown[] {
  try {
    return bind(ref, args);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    const t = new TypeError(e.message.split(`NDArray.${op}`).join(op));
    t.stack = e.stack;
    throw t;
  }
}

/** An array's layout: F-contiguous and not C-contiguous (NumPy's order 'A' then means 'F'). */
function isFOnly(a: NDArray): boolean {
  if (a.isCContiguous || a.ndim < 2 || a.mask !== null) return false;
  const s = a.strides;
  const shape = a.shape;
  let want = 1;
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] !== 1 && s[i] !== want) return false;
    want *= shape[i]!;
  }
  return true;
}

/** The axes from the largest |stride| to the smallest (stable): the memory order NumPy's 'K' keeps. */
function strideOrder(a: NDArray): number[] {
  const s = a.strides.map(Math.abs);
  return reversedAxes(a.ndim).reverse().sort((i, j) => s[j]! - s[i]!);
}

/** C, F or the permutation (result axis i is axis perm[i]) that `order` reads the elements in. */
function readOrder(a: NDArray, order: Order): 'C' | 'F' | number[] {
  if (order === 'C') return 'C';
  if (order === 'F') return 'F';
  if (order === 'A') return isFOnly(a) ? 'F' : 'C';
  return a.isCContiguous ? 'C' : isFOnly(a) ? 'F' : strideOrder(a);
}

/** A copy of a (cast to dtype) whose strides follow `order` (an owner). */
function orderedCopy(op: string, a: NDArray, dtype: DType, order: Order): NDArray {
  const o = readOrder(a, order);
  if (o === 'C') return a._materialize(op, dtype);
  const perm = o === 'F' ? reversedAxes(a.ndim) : o;
  const inv = new Array<number>(perm.length);
  perm.forEach((p, i) => (inv[p] = i));
  const t = a._transpose(op, perm);
  try {
    const c = t._materialize(op, dtype);
    return c._setView(c.view._permute(inv));
  } finally {
    t.dispose();
  }
}

/** The elements as 1-d in `order`: a view when one exists (copy null), or always a copy (copy true). */
function flatIn(op: string, a: NDArray, order: Order, copy: boolean | null): NDArray {
  const o = readOrder(a, order);
  if (o === 'C') return a._reshape(op, [a.size], copy);
  const t = a._transpose(op, o === 'F' ? null : o);
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
  if (dims.length <= 1 || (isArrayLike(dims[0]) && !integerAfter)) return bindMethod(NDARRAY_RESHAPE, 'reshape', args);
  const one = (d: unknown, i: number): number => (isArrayLike(d) ? bad('reshape', dims) : toInt('reshape', `shape[${i}]`, d));
  return bindMethod(NDARRAY_RESHAPE, 'reshape', [dims.map(one), ...opts]);
}

function bad(op: string, dims: unknown[]): never {
  throw new TypeError(
    `${op}: pass the shape as separate integers or as one array, not both: got (${dims.map((d) => fmt(d)).join(', ')}); ` +
      'the shape takes every positional argument, order and copy are keyword-only ({ order: ... })',
  );
}

function reshape(this: NDArray, ...args: unknown[]): NDArray {
  const op = 'reshape';
  this._check(op);
  if (args.length === 1 && Array.isArray(args[0])) return this._reshape(op, indexArgs(op, 'shape', args), null); // the hot form
  const [shape, order, copy] = reshapeArgs(args);
  const s = typeof shape === 'number' || typeof shape === 'bigint' ? [toInt(op, 'shape', shape)] : indexArgs(op, 'shape', [shape]);
  const o = orderArg(op, order, ['C', 'F', 'A']);
  if (copy !== null && typeof copy !== 'boolean') throw new TypeError(`${op}: copy must be a boolean or null, got ${fmt(copy)}`);
  if (o === 'C' || (o === 'A' && !isFOnly(this))) return this._reshape(op, s, copy);
  // F order: the reversed shape in C order of the transposed array, transposed back.
  const t = this._transpose(op, null);
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
  const [axes] = many ? [indexArgs('transpose', 'axes', args)] : bindMethod(NDARRAY_TRANSPOSE, 'transpose', args);
  if (axes !== null && !isArrayLike(axes)) {
    throw new TypeError(`transpose: axes must be integers, an array of integers or null, got ${fmt(axes)}`);
  }
  return this._transpose('transpose', axes as number[] | null);
}

function sortInPlace(this: NDArray, ...args: unknown[]): void {
  const op = 'sort';
  this._check(op);
  const [axis, kind, order] = bindMethod(NDARRAY_SORT, 'sort', args);
  if (axis === null) {
    throw new TypeError(`${op}: axis must be an integer (a.sort sorts in place along one axis; sort(a, { axis: null }) copies), got null`);
  }
  if (order !== null) unsupported(op, 'order', order, 'supported: null; strideview has no structured arrays');
  const s = (sort as unknown as AnyFn)(this, kind === null ? { axis } : { axis, kind }) as NDArray;
  try {
    this.assign(s);
  } catch (e) {
    throw relabel(op, e);
  } finally {
    s.dispose();
  }
}

function astype(this: NDArray, ...args: unknown[]): NDArray {
  const op = 'astype';
  this._check(op);
  const [dtype, order, casting, subok, copy, out] = bindMethod(NDARRAY_ASTYPE, 'astype', args);
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
  const [order, out] = bindMethod(NDARRAY_COPY, 'copy', args);
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
  const [order] = bindMethod(NDARRAY_FLATTEN, 'flatten', args);
  return flatIn('flatten', this, orderArg('flatten', order), true);
}

function ravel(this: NDArray, ...args: unknown[]): NDArray {
  this._check('ravel');
  const [order] = bindMethod(NDARRAY_RAVEL, 'ravel', args);
  return flatIn('ravel', this, orderArg('ravel', order), null);
}

function flattenDims(this: NDArray, ...args: unknown[]): NDArray {
  const op = 'flattenDims';
  this._check(op);
  const [startDim, endDim] = bindMethod(NDARRAY_FLATTEN_DIMS, 'flattenDims', args);
  const dims = { startDim: toInt(op, 'startDim', startDim), endDim: toInt(op, 'endDim', endDim) };
  return this._reshape(op, flattenShape(op, this.shape, dims), null);
}

function squeeze(this: NDArray, ...args: unknown[]): NDArray {
  this._check('squeeze');
  const [axis] = bindMethod(NDARRAY_SQUEEZE, 'squeeze', args);
  return this._reshape('squeeze', squeezeShape('squeeze', this.shape, { axis }), false);
}

function swapaxes(this: NDArray, ...args: unknown[]): NDArray {
  const [axis1, axis2] = bindMethod(NDARRAY_SWAPAXES, 'swapaxes', args);
  this._check('swapaxes');
  const n = this.ndim;
  const order = reversedAxes(n).reverse();
  const a = normAx('swapaxes', 'axis1', axis1, n);
  const b = normAx('swapaxes', 'axis2', axis2, n);
  order[a] = b;
  order[b] = a;
  return this._transpose('swapaxes', order);
}

function normAx(op: string, name: string, v: unknown, n: number): number {
  const k = toInt(op, name, v);
  if (k < -n || k >= n) throw new StrideViewError('out_of_range', `${op}: ${name} ${k} is out of bounds for an array of dimension ${n}`);
  return k < 0 ? k + n : k;
}

function diagonal(this: NDArray, ...args: unknown[]): NDArray {
  const op = 'diagonal';
  this._check(op);
  const [offset, axis1, axis2] = bindMethod(NDARRAY_DIAGONAL, 'diagonal', args);
  return this._derive(diagonalView(op, this.view, offset, { axis1: axis1 as number, axis2: axis2 as number }));
}

function fill(this: NDArray, ...args: unknown[]): NDArray {
  const [value] = bindMethod(NDARRAY_FILL, 'fill', args);
  if (!['number', 'bigint', 'boolean'].includes(typeof value) && !(value instanceof NDArray) && !isArrayLike(value)) {
    throw new TypeError(`fill: value must be a number, a bigint, a boolean or an array, got ${fmt(value)}`);
  }
  try {
    return this.assign(value as Scalar);
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

/** `a.f(...args)` is `f(a, ...args)`. */
const forward = (f: unknown) =>
  function (this: NDArray, ...args: unknown[]): unknown {
    return (f as AnyFn)(this, ...args);
  };

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
    sort: sortInPlace,
    fill,
    item,
    itemBigInt,
    tolist,
    sum: forward(sum),
    prod: forward(prod),
    mean: forward(mean),
    std: forward(std),
    var: forward(variance),
    min: forward(min),
    max: forward(max),
    ptp: forward(ptp),
    argmin: forward(argmin),
    argmax: forward(argmax),
    any: forward(any),
    all: forward(all),
    cumsum: forward(cumsum),
    cumprod: forward(cumprod),
    argsort: forward(argsort),
    clip: forward(clip),
    round: forward(round),
    take: forward(take),
    repeat: forward(repeat),
    compress: function (this: NDArray, condition: unknown, ...args: unknown[]): unknown {
      return (compress as unknown as AnyFn)(condition, this, ...args);
    },
    nonzero: forward(nonzero),
    searchsorted: forward(searchsorted),
    trace: forward(trace),
    dot: forward(dot),
  };
  for (const name of Object.keys(methods)) {
    Object.defineProperty(p, name, { value: methods[name], writable: true, configurable: true });
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
  });
}
