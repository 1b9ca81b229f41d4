// The types of NumPy's ndarray methods on NDArray (ndarray_methods.ts installs them): a module
// augmentation of the class, so `a.sum(0)` and `a.reshape(4, 3)` type-check like the functions.
// The `// @overloads method NAME` regions are written by scripts/gen-signatures.mjs from each
// function's declaration (its array parameter dropped); build-web turns the augmentation into the
// plain interface that merges with the class in dist/index.d.ts. Types only: no run-time code.
import type { Complex, ComplexDType, ComplexLike, DType, Scalar } from './dtype.js';
import type { NDArray } from './ndarray.js';
import type { Elem, NestedList } from './scalar.js';
import type { Casting, Order } from './ufunc.js';
import type { ArrayInput } from './ops.js';
import type { DTypeArg } from './creation.js';
import type { Reduced } from './reductions.js';
import type { SortKind, TakeMode } from './select.js';
import type { Searched, Side } from './search.js';
import type { MatmulResult, Traced } from './linalg.js';

declare module './ndarray.js' {
  interface NDArray<D extends DType = DType> {
    /** The transposed view (axes reversed), NumPy's `a.T`. */
    readonly T: NDArray<D>;
    /** Bytes of the elements (size * itemsize; a view counts its own elements, not its base's). */
    readonly nbytes: number;
    /** NumPy's `a.real`: a complex array's real parts as a writable view (float32 / float64); a real array itself. */
    readonly real: NDArray;
    /** NumPy's `a.imag`: a complex array's imaginary parts as a writable view; zeros for a real array. */
    readonly imag: NDArray;

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
    fill(value: Scalar | ComplexLike): this;
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
    sum<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, options?: O): Reduced<O, Complex>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, Complex>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, Complex>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, Complex>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, Complex>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, Complex>;
    sum<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, Complex>;
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
    prod<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, options?: O): Reduced<O, Complex>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, Complex>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, Complex>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, Complex>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, Complex>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, Complex>;
    prod<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, Complex>;
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
    mean<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, options?: O): Reduced<O, Complex>;
    mean<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, Complex>;
    mean<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, Complex>;
    mean<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, Complex>;
    mean<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(this: NDArray<ComplexDType>, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, Complex>;
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
    // @overloads method VAR var
    var<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(options?: O): Reduced<O, number>;
    var<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
    var<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
    var<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    var<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
    var<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
    // @end
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
    /** The complex conjugate: {@link conj}(a, ...). */
    // @overloads method CONJ
    conj(options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
    conj(out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
    // @end
    /** The complex conjugate: {@link conjugate}(a, ...). */
    // @overloads method CONJUGATE
    conjugate(options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
    conjugate(out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
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
