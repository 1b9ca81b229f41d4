// More NaN-aware functions as NumPy: nanprod, nancumsum, nancumprod (NaN replaced by the identity
// through `where`, then the ordinary kernel op), nanargmax / nanargmin (NaN replaced by -inf / +inf,
// an all-NaN slice an error), nanvar / nanstd (NumPy's own steps: the count, the mean and the
// squared deviations of the non-NaN elements, each a kernel reduction). Integer and bool inputs,
// which hold no NaN, go straight to the ordinary functions.
import { type DType, info, isComplex } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, full } from './ndarray.js';
import { div, greater, mul, sub, where as select } from './ops.js';
import { isnan, logicalAnd, logicalNot, logicalOr } from './math.js';
import { family, needFamily } from './families.js';
import { argmax, argmin, cumprod, cumsum, prod, std, variance } from './stats.js';
import { tidy } from './tidy.js';
import { axisSet, oneAxis } from './axes.js';
import { outArg } from './ufunc.js';
import { type SigRef, bind } from './signature.js';
import { SPECS, boolArg, dtypeParam, finish, reduceGeneral } from './reductions.js';
import { all as allOf, any as anyOf } from './stats.js';
import { sqrt } from './ops.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';
import type { Scalar } from './dtype.js';
import type { NumberOf, Reduced } from './reductions.js';

const STATS = /* @__PURE__ */ family('stats');

const isFloat = (d: DType): boolean => info(d).kind === 'f';
type Fn = (...a: unknown[]) => unknown;

/** x with its NaNs replaced by `v` (x itself for integer and bool dtypes). */
function replaceNan(x: NDArray, v: number): NDArray {
  return isFloat(x.dtype) ? select(isnan(x), full([], v, x.dtype), x) : x;
}

function nanCall(op: string, body: () => unknown): unknown {
  try {
    needFamily(op, STATS);
    return tidy(body);
  } catch (e) {
    throw relabel(op, e);
  }
}

const NANPROD: SigRef = { sig: 'numpy.nanprod: nanprod(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], $N[a]>' };
/** Product over `axis` treating NaN as one (NumPy nanprod; the parameters and dtypes of {@link prod}). An all-NaN slice gives 1. */
// @overloads NANPROD
export function nanprod<TA extends ArrayInput, O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, options?: O): Reduced<O, NumberOf<TA>>;
export function nanprod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function nanprod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function nanprod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, NumberOf<TA>>;
export function nanprod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
export function nanprod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
export function nanprod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, NumberOf<TA>>;
// @end
export function nanprod(...args: unknown[]): unknown {
  const op = 'nanprod';
  const [a, axis, dtype, out, keepdims, initial, where] = bind(NANPROD, args);
  return nanCall(op, () => (prod as Fn)(replaceNan(asArray(op, a), 1), axis, dtype, out, keepdims, initial, where));
}

const NANCUMSUM: SigRef = { sig: 'numpy.nancumsum: nancumsum(a: ArrayInput, axis: number | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null) -> NDArray' };
/** Running sum along `axis` treating NaN as zero (NumPy nancumsum; the rules of {@link cumsum}). */
// @overloads NANCUMSUM
export function nancumsum(a: ArrayInput, options?: { axis?: number | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function nancumsum(a: ArrayInput, axis?: number | null, options?: { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function nancumsum(a: ArrayInput, axis?: number | null, dtype?: DType | null, options?: { out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function nancumsum(a: ArrayInput, axis?: number | null, dtype?: DType | null, out?: NDArray | readonly [NDArray] | null): NDArray;
// @end
export function nancumsum(...args: unknown[]): NDArray {
  const op = 'nancumsum';
  const [a, axis, dtype, out] = bind(NANCUMSUM, args);
  return nanCall(op, () => (cumsum as Fn)(replaceNan(asArray(op, a), 0), axis, dtype, out)) as NDArray;
}
const NANCUMPROD: SigRef = { sig: 'numpy.nancumprod: nancumprod(a: ArrayInput, axis: number | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null) -> NDArray' };
/** Running product along `axis` treating NaN as one (NumPy nancumprod; the rules of {@link cumprod}). */
// @overloads NANCUMPROD
export function nancumprod(a: ArrayInput, options?: { axis?: number | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function nancumprod(a: ArrayInput, axis?: number | null, options?: { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function nancumprod(a: ArrayInput, axis?: number | null, dtype?: DType | null, options?: { out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function nancumprod(a: ArrayInput, axis?: number | null, dtype?: DType | null, out?: NDArray | readonly [NDArray] | null): NDArray;
// @end
export function nancumprod(...args: unknown[]): NDArray {
  const op = 'nancumprod';
  const [a, axis, dtype, out] = bind(NANCUMPROD, args);
  return nanCall(op, () => (cumprod as Fn)(replaceNan(asArray(op, a), 1), axis, dtype, out)) as NDArray;
}

function nanArg(op: string, max: boolean, b: unknown[]): unknown {
  const [a, axis, out, keepdims] = b;
  return nanCall(op, () => {
    const x = asArray(op, a);
    const f = (max ? argmax : argmin) as Fn;
    if (!isFloat(x.dtype)) return f(x, axis, out, { keepdims });
    const ax = oneAxis(op, axis);
    const m = isnan(x);
    const allNan = (allOf as Fn)(m, ax) as boolean | NDArray;
    if (allNan instanceof NDArray ? (anyOf as Fn)(allNan) : allNan) {
      throw new StrideViewError('invalid_argument', `${op}: All-NaN slice encountered (shape ${fmt(x.shape)}, axis ${fmt(axis)})`);
    }
    return f(select(m, full([], max ? -Infinity : Infinity, x.dtype), x), axis, out, { keepdims });
  });
}
const NANARGMAX: SigRef = { sig: 'numpy.nanargmax: nanargmax(a: ArrayInput, axis: number | null = null, out: NDArray | readonly [NDArray] | null = null, *, ' +
    'keepdims: boolean = false) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * Index of the largest element along `axis` ignoring NaN (NumPy nanargmax; int64, the first on
 * ties). A slice of NaNs only is an error ("All-NaN slice encountered"), as NumPy.
 */
// @overloads NANARGMAX
export function nanargmax<O extends { axis?: number | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function nanargmax<TAxis extends number | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanargmax<TAxis extends number | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
// @end
export function nanargmax(...args: unknown[]): unknown {
  return nanArg('nanargmax', true, bind(NANARGMAX, args));
}
const NANARGMIN: SigRef = { sig: 'numpy.nanargmin: nanargmin(a: ArrayInput, axis: number | null = null, out: NDArray | readonly [NDArray] | null = null, *, ' +
    'keepdims: boolean = false) -> Reduced<$P[axis, out, keepdims], number>' };
/** Index of the smallest element along `axis` ignoring NaN (rules of {@link nanargmax}). */
// @overloads NANARGMIN
export function nanargmin<O extends { axis?: number | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function nanargmin<TAxis extends number | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanargmin<TAxis extends number | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
// @end
export function nanargmin(...args: unknown[]): unknown {
  return nanArg('nanargmin', false, bind(NANARGMIN, args));
}

function nanMoment(op: string, isStd: boolean, b: unknown[]): unknown {
  const [a, axis, dtype, out, ddof, keepdims, where] = b;
  return nanCall(op, () => {
    if (typeof ddof !== 'number' || !Number.isFinite(ddof)) throw new TypeError(`${op}: ddof must be a finite number, got ${fmt(ddof)}`);
    const kd = boolArg(op, 'keepdims', keepdims);
    const o = outArg(op, out);
    let x = asArray(op, a);
    if (isComplex(x.dtype)) {
      // a complex element is NaN when either part is: the moments of the others (NumPy's _nanvar)
      let w = logicalNot(isnan(x));
      if (where !== true) w = logicalAnd(w, asArray(op, where, 'bool', 'where'));
      return ((isStd ? std : variance) as Fn)(x, axis, dtype, out, ddof, kd, { where: w });
    }
    if (!isFloat(x.dtype)) return ((isStd ? std : variance) as Fn)(x, axis, dtype, out, ddof, kd, { where });
    const d = dtypeParam(op, dtype);
    if (d !== null && !isFloat(d)) throw new StrideViewError('type_error', `${op}: the input is a float array, so dtype must be a float dtype (as NumPy), got ${fmt(d)}`);
    if (d !== null && d !== x.dtype) x = x.astype(d);
    const axes = axisSet(op, axis, x.ndim) ?? x.shape.map((_, i) => i);
    // NumPy's _nanvar: where-false elements count as NaN
    let m = isnan(x);
    if (where !== true) m = logicalOr(m, logicalNot(asArray(op, where, 'bool', 'where')));
    const keep = logicalNot(m);
    const cnt = reduceGeneral(op, SPECS.sum, keep, axes, 'int64', true, undefined, true, 0);
    const tot = reduceGeneral(op, SPECS.sum, select(m, full([], 0, x.dtype), x), axes, null, true, undefined, true, 0);
    const avg = div(tot, cnt).astype(x.dtype);
    const dev = select(m, full([], 0, x.dtype), sub(x, avg));
    const sq = reduceGeneral(op, SPECS.sum, mul(dev, dev), axes, null, kd, undefined, true, 0);
    const c = kd ? cnt : cnt.reshape(sq.shape);
    const dof = sub(c, ddof);
    // NumPy: dof <= 0 gives NaN (with a warning; this library does not warn)
    let v = select(greater(dof, 0), div(sq, dof).astype(x.dtype), full([], NaN, x.dtype));
    if (isStd) v = sqrt(v);
    return finish(op, v, kd, o);
  });
}

const NANVAR: SigRef = { sig: 'numpy.nanvar: nanvar(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, ddof: number = 0, keepdims: boolean = false, *, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * Variance over `axis` of the non-NaN elements (NumPy nanvar: its steps, the sums in the input's
 * float dtype; integers as {@link variance}). A slice with N - ddof <= 0 non-NaN elements gives
 * NaN (NumPy also warns; this library does not).
 */
// @overloads NANVAR
export function nanvar<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function nanvar<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanvar<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanvar<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanvar<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanvar<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
// @end
export function nanvar(...args: unknown[]): unknown {
  return nanMoment('nanvar', false, bind(NANVAR, args));
}
const NANSTD: SigRef = { sig: 'numpy.nanstd: nanstd(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, ddof: number = 0, keepdims: boolean = false, *, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/** Standard deviation of the non-NaN elements: sqrt({@link nanvar}). */
// @overloads NANSTD
export function nanstd<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function nanstd<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanstd<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function nanstd<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanstd<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function nanstd<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
// @end
export function nanstd(...args: unknown[]): unknown {
  return nanMoment('nanstd', true, bind(NANSTD, args));
}

