// NaN-aware reductions and predicates as NumPy: nansum, nanmean, nanmax, nanmin, isinf, isposinf,
// isneginf and nanToNum. NaNs are replaced through `where` (one kernel each), then the ordinary
// reductions (reductions.ts, with their dtype / initial / where) run; integer and bool inputs, which
// hold no NaN, go straight to them.
import { type DType, info, isComplex } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, full } from './ndarray.js';
import { div, equal, abs, notEqual, where as select } from './ops.js';
import { TracedArray } from './traced.js';
import { storedValue } from './dtype.js';
import { isnan, logicalNot, logicalOr } from './math.js';
import { partView } from './ndarray_methods.js';
import { tidy } from './tidy.js';
import { axisSet } from './axes.js';
import { outArg, ufunc } from './ufunc.js';
import { type SigRef, bind } from './signature.js';
import { SPECS, boolArg, dtypeParam, finish, initialParam, reduceGeneral, reduction, whereParam } from './reductions.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';
import type { Casting, Order } from './ufunc.js';
import type { Scalar } from './dtype.js';
import type { DTypeArg } from './creation.js';
import type { NumberOf, ReduceOptions, Reduced } from './reductions.js';

/** The options object of the nan-reductions (NumPy's keywords). */
export type NanReduceOptions = ReduceOptions;
/** The options object of {@link nanToNum} (NumPy's keywords). */
export interface NanToNumOptions {
  /** false: write into the input (which must be writable) and return it (default true: a copy). */
  copy?: boolean | undefined;
  /** Replaces NaN (default 0). */
  nan?: number | undefined;
  /** Replaces +inf (default null: the dtype's largest finite value). */
  posinf?: number | null | undefined;
  /** Replaces -inf (default null: the dtype's most negative finite value). */
  neginf?: number | null | undefined;
}

const isFloat = (d: DType): boolean => info(d).kind === 'f';

/** x with its NaNs replaced by `v` (x itself for integer and bool dtypes). */
function replaceNan(x: NDArray, v: number): NDArray {
  return isFloat(x.dtype) ? select(isnan(x), full([], v, x.dtype), x) : x;
}

/** Runs `body` on the input as an NDArray inside tidy, the parameters checked first; errors name `op`. */
function nanCall(op: string, a: unknown, out: unknown, keepdims: unknown, body: (x: NDArray, kd: boolean, o: NDArray | undefined) => unknown): unknown {
  try {
    const kd = boolArg(op, 'keepdims', keepdims);
    const o = outArg(op, out);
    return tidy(() => body(asArray(op, a), kd, o));
  } catch (e) {
    throw relabel(op, e);
  }
}

const NANSUM: SigRef = { sig: 'numpy.nansum: nansum(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], $N[a]>' };
/** Sum over `axis` treating NaN as zero (NumPy nansum; the parameters and dtypes of {@link sum}). An all-NaN slice sums to 0. */
// @overloads NANSUM
export function nansum<TA extends ArrayInput, O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, options?: O): Reduced<O, NumberOf<TA>>;
export function nansum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function nansum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function nansum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, NumberOf<TA>>;
export function nansum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
export function nansum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
export function nansum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, NumberOf<TA>>;
// @end
export function nansum(...args: unknown[]): unknown {
  const op = 'nansum';
  const [a, axis, dtype, out, keepdims, initial, where] = bind(NANSUM, args);
  return nanCall(op, a, null, false, (x) => reduction(op, SPECS.sum, replaceNan(x, 0), axis, dtype, out, keepdims, initial, where));
}

const NANMEAN: SigRef = { sig: 'numpy.nanmean: nanmean(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, *, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], $N[a]>' };
/**
 * Mean over `axis` of the non-NaN elements (NumPy nanmean; float32 stays float32, integer dtypes
 * give float64; for a float input `dtype` and `out` must be float dtypes, as NumPy). An all-NaN or
 * empty slice gives NaN; NumPy also warns (RuntimeWarning), this library does not.
 */
// @overloads NANMEAN
export function nanmean<TA extends ArrayInput, O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: TA, options?: O): Reduced<O, NumberOf<TA>>;
export function nanmean<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function nanmean<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function nanmean<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, NumberOf<TA>>;
export function nanmean<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
// @end
export function nanmean(...args: unknown[]): unknown {
  const op = 'nanmean';
  const [a, axis, dtype, out, keepdims, where] = bind(NANMEAN, args);
  return nanCall(op, a, out, keepdims, (x, kd, o) => {
    if (!isFloat(x.dtype)) return reduction(op, SPECS.mean, x, axis, dtype, out, kd, undefined, where);
    const d = dtypeParam(op, dtype);
    if (d !== null && !isFloat(d)) throw new StrideViewError('type_error', `${op}: the input is a float array, so dtype must be a float dtype (as NumPy), got ${fmt(d)}`);
    if (o !== undefined && !isFloat(o.dtype)) throw new StrideViewError('type_error', `${op}: the input is a float array, so out must have a float dtype (as NumPy), got ${o.dtype}`);
    const w = whereParam(op, where);
    const axes = axisSet(op, axis, x.ndim) ?? x.shape.map((_, i) => i);
    const count = reduceGeneral(op, SPECS.sum, logicalNot(isnan(x)), axes, null, kd, undefined, w, 0);
    const total = reduceGeneral(op, SPECS.sum, replaceNan(x, 0), axes, d, kd, undefined, w, 0);
    // NumPy divides the total (its dtype) by the count and keeps the total's dtype
    const avg = div(total, count);
    return finish(op, avg.dtype === total.dtype ? avg : avg._materialize(op, total.dtype), kd, o);
  });
}

function nanExtreme(op: string, which: 'max' | 'min', args: unknown[], ref: typeof NANMAX): unknown {
  const [a, axis, out, keepdims, initial, where] = bind(ref, args);
  return nanCall(op, a, out, keepdims, (x, kd, o) => {
    const init = initialParam(op, initial);
    const w = whereParam(op, where);
    const spec = SPECS[which];
    if (!isFloat(x.dtype)) return reduction(op, spec, x, axis, null, out, kd, init, w);
    const axes = axisSet(op, axis, x.ndim) ?? x.shape.map((_, i) => i);
    if (init === undefined && axes.some((i) => x.shape[i] === 0)) {
      // NumPy: an error whenever a reduced axis is empty, even when the result is empty too
      throw new StrideViewError('invalid_argument', `${op}: zero-size array to reduction operation ${op} which has no identity (shape ${fmt(x.shape)}, axis ${fmt(axis)})`);
    }
    // NumPy's fmax / fmin reduction: NaN loses to any number, an all-NaN slice gives NaN (initial, when given)
    const r = reduceGeneral(op, spec, replaceNan(x, which === 'max' ? -Infinity : Infinity), axes, null, kd, init, w, 0);
    // (into out with casting='unsafe', as NumPy's fmax / fmin reduction)
    if (init !== undefined) return finish(op, r, kd, o, true);
    const allNan = reduceGeneral(op, SPECS.all, isnan(x), axes, null, kd, undefined, w, 0);
    return finish(op, select(allNan, full([], NaN, x.dtype), r), kd, o, true);
  });
}

const NANMAX: SigRef = { sig: 'numpy.nanmax: nanmax(a: ArrayInput, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * Maximum over `axis` ignoring NaN (NumPy nanmax; `initial` and `where` as {@link max}). An all-NaN
 * slice gives NaN (NumPy also warns with a RuntimeWarning; this library does not warn); an empty
 * reduction without `initial` is an error, as max.
 */
// @overloads NANMAX
export function nanmax<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function nanmax<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanmax<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanmax<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function nanmax<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function nanmax<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function nanmax(...args: unknown[]): unknown {
  return nanExtreme('nanmax', 'max', args, NANMAX);
}

const NANMIN: SigRef = { sig: 'numpy.nanmin: nanmin(a: ArrayInput, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/** Minimum over `axis` ignoring NaN (NumPy nanmin; the rules of {@link nanmax}). */
// @overloads NANMIN
export function nanmin<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function nanmin<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanmin<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanmin<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function nanmin<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function nanmin<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function nanmin(...args: unknown[]): unknown {
  return nanExtreme('nanmin', 'min', args, NANMIN);
}

/** The test on float input; integers and bool are never infinite (a false array, or `out` filled with false). */
function infTest(op: string, a: unknown, out: NDArray | undefined, test: (x: NDArray, o: NDArray | undefined) => NDArray): NDArray {
  if (a instanceof TracedArray) {
    // inside fuse(): the same comparisons, recorded (integers: x != x, false everywhere)
    if (out !== undefined) throw new StrideViewError('invalid_argument', `${op}: out inside a fused function; pass out to the fused call`);
    return isFloat(a.dtype) ? test(a as never, undefined) : notEqual(a as never, a as never);
  }
  try {
    return tidy(() => {
      const x = asArray(op, a, undefined, 'x');
      if (isFloat(x.dtype)) return test(x, out);
      if (isComplex(x.dtype)) {
        // NumPy: isinf is true where either part is infinite; isposinf / isneginf refuse complex values
        if (op !== 'isinf') throw new StrideViewError('type_error', `${op}: not supported for complex values (${x.dtype}): the sign of an infinity is ambiguous; test real(x) or imag(x)`);
        const r = logicalOr(test(partView(x, 0, op), undefined), test(partView(x, 1, op), undefined));
        return out !== undefined ? (finish(op, r, true, out) as NDArray) : r;
      }
      const f = full(x.shape, false, 'bool');
      return out !== undefined ? (finish(op, f, true, out) as NDArray) : f;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

// (a traced value compares with the number: the same float dtype, no array to keep alive)
const inf = (x: NDArray, sign: number): NDArray | number => (x instanceof TracedArray ? sign * Infinity : full([], sign * Infinity, x.dtype));
const isinfOf = (x: unknown, o: NDArray | undefined): NDArray =>
  infTest('isinf', x, o, (v, oo) => (oo === undefined ? equal(abs(v), inf(v, 1)) : equal(abs(v), inf(v, 1), oo)));

const ISINF: SigRef = { sig: 'numpy.isinf: isinf(@ufunc1) -> NDArray' };
/** True where x is +inf or -inf (NumPy's ufunc isinf, with its keywords; integers and bool: false). A bool array. */
// @overloads ISINF
export function isinf(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function isinf(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function isinf(...args: unknown[]): NDArray {
  if (args.length === 1) return isinfOf(args[0], undefined);
  return ufunc(ISINF, args, 1, 'bool', (x, o) => isinfOf(x[0], o));
}

const ISPOSINF: SigRef = { sig: 'numpy.isposinf: isposinf(x: ArrayInput, out: NDArray | readonly [NDArray] | null = null) -> NDArray' };
/** True where x is +inf (NumPy isposinf). */
// @overloads ISPOSINF
export function isposinf(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function isposinf(x: ArrayInput, out?: NDArray | readonly [NDArray] | null): NDArray;
// @end
export function isposinf(...args: unknown[]): NDArray {
  const op = 'isposinf';
  const [x, out] = bind(ISPOSINF, args);
  const o = outArg(op, out);
  return infTest(op, x, o, (v, oo) => (oo === undefined ? equal(v, inf(v, 1)) : equal(v, inf(v, 1), oo)));
}

const ISNEGINF: SigRef = { sig: 'numpy.isneginf: isneginf(x: ArrayInput, out: NDArray | readonly [NDArray] | null = null) -> NDArray' };
/** True where x is -inf (NumPy isneginf). */
// @overloads ISNEGINF
export function isneginf(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function isneginf(x: ArrayInput, out?: NDArray | readonly [NDArray] | null): NDArray;
// @end
export function isneginf(...args: unknown[]): NDArray {
  const op = 'isneginf';
  const [x, out] = bind(ISNEGINF, args);
  const o = outArg(op, out);
  return infTest(op, x, o, (v, oo) => (oo === undefined ? equal(v, inf(v, -1)) : equal(v, inf(v, -1), oo)));
}

const FLOAT_MAX: Partial<Record<DType, number>> = { float16: 65504, float32: 3.4028234663852886e38, float64: Number.MAX_VALUE };

function numberParam(op: string, name: string, v: unknown, dflt: number): number {
  if (v === null && name !== 'nan') return dflt;
  if (typeof v !== 'number') throw new TypeError(`${op}: ${name} must be a number${name === 'nan' ? '' : ' or null'}, got ${fmt(v)}`);
  return v;
}

const NAN_TO_NUM: SigRef = { sig: 'numpy.nan_to_num: nanToNum(x: ArrayInput, copy: boolean = true, nan: number = 0, posinf: number | null = null, ' +
    'neginf: number | null = null) -> NDArray' };
/**
 * NaN, +inf and -inf replaced by finite numbers (NumPy nan_to_num): 0, and the dtype's largest and
 * most negative finite values unless given (stored in the array's dtype: a replacement too large
 * for float32 becomes inf there, as NumPy). `copy: false` writes into the input (which must be a
 * writable NDArray) and returns it. Integer and bool inputs are returned as copies.
 */
// @overloads NAN_TO_NUM
export function nanToNum(x: ArrayInput, options?: { copy?: boolean | undefined; nan?: number | undefined; posinf?: number | null | undefined; neginf?: number | null | undefined }): NDArray;
export function nanToNum(x: ArrayInput, copy?: boolean, options?: { nan?: number | undefined; posinf?: number | null | undefined; neginf?: number | null | undefined }): NDArray;
export function nanToNum(x: ArrayInput, copy?: boolean, nan?: number, options?: { posinf?: number | null | undefined; neginf?: number | null | undefined }): NDArray;
export function nanToNum(x: ArrayInput, copy?: boolean, nan?: number, posinf?: number | null, options?: { neginf?: number | null | undefined }): NDArray;
export function nanToNum(x: ArrayInput, copy?: boolean, nan?: number, posinf?: number | null, neginf?: number | null): NDArray;
// @end
export function nanToNum(...args: unknown[]): NDArray {
  const op = 'nanToNum';
  const [a, copyArg, nanArg, posArg, negArg] = bind(NAN_TO_NUM, args);
  try {
    const copy = boolArg(op, 'copy', copyArg);
    const nanValue = numberParam(op, 'nan', nanArg, 0);
    const posV = posArg === null ? null : numberParam(op, 'posinf', posArg, 0);
    const negV = negArg === null ? null : numberParam(op, 'neginf', negArg, 0);
    if (a instanceof TracedArray) {
      // inside fuse(): the same selections, recorded; the replacements as numbers stored in the
      // dtype (so that they keep it, as the unfused 0-d arrays do)
      const d = a.dtype;
      if (!copy) throw new StrideViewError('invalid_argument', `${op}: copy false inside a fused function (a fused function writes only its result)`);
      if (!isFloat(d)) return a as never;
      const st = (v: number): number => Number(storedValue(op, d, v));
      const big = FLOAT_MAX[d]!;
      const pick = (c: NDArray, v: number, y: unknown): NDArray => {
        const r = select(c, v, y as NDArray) as unknown as TracedArray;
        return (r.dtype === d ? r : r.astype(d)) as never; // a number never widens the values' dtype
      };
      const t = a as never as NDArray;
      const r = pick(equal(t, -Infinity), st(negV ?? -big), t);
      return pick(isnan(t), st(nanValue), pick(equal(t, Infinity), st(posV ?? big), r));
    }
    return tidy(() => {
      const x = asArray(op, a, undefined, 'x');
      const d = x.dtype;
      if (!copy && x.isReadOnly) {
        throw new StrideViewError('read_only', `${op}: copy is false but the input is read-only (a broadcast or padded view of shape ${fmt(x.shape)} with strides ${fmt(x.strides)}); pass a writable array or copy: true`);
      }
      if (!isFloat(d)) return copy ? x.copy() : x;
      const big = FLOAT_MAX[d]!;
      const nanV = full([], nanValue, d);
      const pos = full([], posV ?? big, d);
      const neg = full([], negV ?? -big, d);
      // the masks come from the input, so that a replacement is never replaced again
      let r = select(equal(x, full([], -Infinity, d)), neg, x);
      r = select(equal(x, full([], Infinity, d)), pos, r);
      return copy || x !== a ? select(isnan(x), nanV, r) : select(isnan(x), nanV, r, { out: x });
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
