// Reductions and scans: prod, any, all, variance / std, argmax / argmin, cumsum / cumprod. Each
// plain call is one kernel call reading strided, broadcast and padded views directly (dtype,
// initial and where go through reductions.ts's general form); `axis` omitted means the flattened
// array (C order) for the ops along one axis, as NumPy (a view when the array can be flattened
// without a copy, otherwise a copy first, as NumPy's ravel).
import { ArgOp, MomentOp, ScanOp } from './boundary_tables.js';
import { type ComplexDType, type DType, complexPart, info, isComplex } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, forward, methodGroup, normAxis } from './ndarray.js';
import { needFamily } from './families.js';
import { oneAxis } from './axes.js';
import { add, compute, sqrt } from './ops.js';
import { canCastSameKind } from './kernel_client.js';
import { full } from './creation.js';
import { partView } from './ndarray_methods.js';
import { outArg } from './ufunc.js';
import { type SigRef, bind } from './signature.js';
import { type ReduceSpec, SPECS, boolArg, dtypeParam, finish, meanType, reduction, scalarResult, sumType } from './reductions.js';
// the declarations' types (used by the generated overloads)
import type { ArrayInput } from './ops.js';
import type { Scalar } from './dtype.js';
import type { NumberOf, ReduceOptions, Reduced } from './reductions.js';

/** The options object of {@link variance} and {@link std} (NumPy's keywords). */
export interface MomentOptions extends ReduceOptions {
  /** Delta degrees of freedom: the divisor is N - ddof (default 0; 1 gives the sample variance). */
  ddof?: number | undefined;
}
/** The options object of the ops along one axis whose default is the flattened array. */
export interface AxisOptions {
  /** The axis (negative counts from the end); omitted or null: the flattened array. */
  axis?: number | null | undefined;
  /** Write the result into this array and return it. */
  out?: NDArray | readonly [NDArray] | null | undefined;
}
/** The options object of {@link argmax} / {@link argmin}. */
export interface ArgOptions extends AxisOptions {
  /** Keep the reduced axis (all axes when flattened) as size 1. */
  keepdims?: boolean | undefined;
}

// The 'stats' family of the engine (families.ts), and NumPy's methods of this file's functions.
const STATS = /* @__PURE__ */ methodGroup('stats', () => ({
  prod: forward(prod), std: forward(std), var: forward(variance), argmin: forward(argmin), argmax: forward(argmax),
  any: forward(any), all: forward(all), cumsum: forward(cumsum), cumprod: forward(cumprod),
}));

const PROD: SigRef = { sig: 'numpy.prod: prod(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], $N[a]>' };
/**
 * Product over `axis` (all by default; bool and signed integers multiply in int64, unsigned in
 * uint64, wrapping; floats in their dtype; `dtype`, `initial` and `where` as {@link sum}). Empty: 1.
 * A JS value as {@link sum}.
 */
// @overloads PROD
export function prod<TA extends ArrayInput, O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, options?: O): Reduced<O, NumberOf<TA>>;
export function prod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function prod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function prod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, NumberOf<TA>>;
export function prod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
export function prod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
export function prod<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, NumberOf<TA>>;
// @end
export function prod(...args: unknown[]): unknown {
  needFamily('prod', STATS);
  if (args.length === 1) return reduction('prod', SPECS.prod, args[0], null, null, null, false, undefined, true);
  const [a, axis, dtype, out, keepdims, initial, where] = bind(PROD, args);
  return reduction('prod', SPECS.prod, a, axis, dtype, out, keepdims, initial, where);
}

const ANY: SigRef = { sig: 'numpy.any: any(a: ArrayInput, axis: number | readonly number[] | null = null, out: NDArray | readonly [NDArray] | null = null, ' +
    'keepdims: boolean = false, *, where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], boolean>' };
/** True when any element over `axis` is nonzero (NaN counts as true; `where` masks elements out). Empty: false. A boolean as {@link sum}. */
// @overloads ANY
export function any<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, boolean>;
export function any<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, boolean>;
export function any<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, boolean>;
export function any<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, boolean>;
// @end
export function any(...args: unknown[]): unknown {
  needFamily('any', STATS);
  if (args.length === 1) return reduction('any', SPECS.any, args[0], null, null, null, false, undefined, true);
  const [a, axis, out, keepdims, where] = bind(ANY, args);
  return reduction('any', SPECS.any, a, axis, null, out, keepdims, undefined, where);
}

const ALL: SigRef = { sig: 'numpy.all: all(a: ArrayInput, axis: number | readonly number[] | null = null, out: NDArray | readonly [NDArray] | null = null, ' +
    'keepdims: boolean = false, *, where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], boolean>' };
/** True when every element over `axis` is nonzero (`where` masks elements out). Empty: true. A boolean as {@link sum}. */
// @overloads ALL
export function all<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, boolean>;
export function all<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, boolean>;
export function all<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, boolean>;
export function all<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, boolean>;
// @end
export function all(...args: unknown[]): unknown {
  needFamily('all', STATS);
  if (args.length === 1) return reduction('all', SPECS.all, args[0], null, null, null, false, undefined, true);
  const [a, axis, out, keepdims, where] = bind(ALL, args);
  return reduction('all', SPECS.all, a, axis, null, out, keepdims, undefined, where);
}

const VAR_SPEC: ReduceSpec = { kind: Kind.Moments, code: MomentOp.Variance, natural: meanType, identity: 0, combine: null, moment: 'variance', unsafeOut: true };
const STD_SPEC: ReduceSpec = { kind: Kind.Moments, code: MomentOp.Std, natural: meanType, identity: 0, combine: null, moment: 'std' };

/**
 * var / std of a complex array: NumPy's mean(|x - mean(x)|^2), which is var(x.real) + var(x.imag)
 * (same axis, ddof and where), in the parts' float dtype; std its square root.
 */
function complexMoment(op: string, root: boolean, x: NDArray, axis: unknown, dtype: unknown, out: unknown, ddof: number, keepdims: unknown, where: unknown): unknown {
  const dt = dtypeParam(op, dtype);
  if (dt !== null && !isComplex(dt)) {
    throw new TypeError(`${op}: dtype ${dt} would drop the imaginary part of the ${x.dtype} input (NumPy warns and drops it): pass a complex dtype or none`);
  }
  const kd = boolArg(op, 'keepdims', keepdims);
  const o = outArg(op, out);
  const part = (i: 0 | 1): number | NDArray => {
    const p = partView(x, i, op);
    try {
      return reduction(op, VAR_SPEC, p, axis, dt === null ? null : complexPart(dt), null, kd, undefined, where, ddof) as number | NDArray;
    } finally {
      p.dispose();
    }
  };
  const re = part(0);
  let im: number | NDArray;
  try {
    im = part(1);
  } catch (e) {
    if (re instanceof NDArray) re.dispose();
    throw e;
  }
  const rdt = complexPart(dt ?? (x.dtype as ComplexDType));
  if (!(re instanceof NDArray) || !(im instanceof NDArray)) {
    const r32 = rdt === 'float32' ? Math.fround : (v: number) => v;
    let v = r32(Number(re) + Number(im));
    if (root) v = r32(Math.sqrt(v));
    return o === undefined ? v : finish(op, full([], v, rdt), kd, o, !root);
  }
  try {
    const s = add(re, im);
    if (root) sqrt(s, s);
    return finish(op, s, kd, o, !root);
  } finally {
    re.dispose();
    im.dispose();
  }
}

function moment(op: string, spec: ReduceSpec, b: unknown[]): unknown {
  needFamily(op, STATS);
  const [a, axis, dtype, out, ddof, keepdims, where] = b;
  try {
    if (typeof ddof !== 'number') throw new TypeError(`${op}: ddof must be a number, got ${fmt(ddof)}`);
    if (!Number.isFinite(ddof)) throw new StrideViewError('invalid_argument', `${op}: ddof must be a finite number, got ${fmt(ddof)}`);
    // a negative ddof (divisor N - ddof > N) is NumPy's too
    const x = asArray(op, a);
    try {
      if (isComplex(x.dtype)) return complexMoment(op, spec === STD_SPEC, x, axis, dtype, out, ddof, keepdims, where);
      return reduction(op, spec, x, axis, dtype, out, keepdims, undefined, where, ddof);
    } finally {
      if (x !== a) x.dispose();
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

const VAR: SigRef = { sig: 'numpy.var: variance(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, ddof: number = 0, keepdims: boolean = false, *, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * Variance over `axis` (all by default): mean((x - mean(x))^2) with divisor N - ddof, two-pass in
 * float64 (stable for large offsets) and rounded once: float32 and float16 keep their dtype, everything
 * else gives float64 (`dtype`: a float dtype for the result). `where` keeps the masked-in elements
 * only. N - ddof <= 0 gives inf or NaN, as NumPy. A number as {@link sum}. (NumPy's `var`: a reserved
 * word in JavaScript, so not an export name here.)
 */
// @overloads VAR
export function variance<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function variance<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function variance<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function variance<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function variance<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function variance<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
// @end
export function variance(...args: unknown[]): unknown {
  if (args.length === 1 && args[0] instanceof NDArray && !isComplex(args[0].dtype)) return reduction('variance', VAR_SPEC, args[0], null, null, null, false, undefined, true);
  return moment('variance', VAR_SPEC, bind(VAR, args));
}
// NumPy's np.var: `var` is a reserved word for a declaration, not for an export name (sv.var(a) with
// `import * as sv`; `import { var as v }`); its errors name variance. (Here, not only in index.ts,
// so that the one declaration file build-web writes carries it.)
export { variance as var };

const STD: SigRef = { sig: 'numpy.std: std(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, ddof: number = 0, keepdims: boolean = false, *, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/** Standard deviation: sqrt({@link variance}) with the same parameters and dtypes. */
// @overloads STD
export function std<O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function std<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function std<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function std<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { ddof?: number | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function std<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function std<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, dtype?: DType | null, out?: TOut, ddof?: number, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
// @end
export function std(...args: unknown[]): unknown {
  if (args.length === 1 && args[0] instanceof NDArray && !isComplex(args[0].dtype)) return reduction('std', STD_SPEC, args[0], null, null, null, false, undefined, true);
  return moment('std', STD_SPEC, bind(STD, args));
}

/** Runs `fn(x, axis)` on the array, or on its flattened form (axis 0) when no axis is given. */
function alongAxis<T>(op: string, a: unknown, axisArg: unknown, fn: (x: NDArray, axis: number, flat: boolean, orig: NDArray) => T): T {
  const axis = oneAxis(op, axisArg);
  const x = asArray(op, a);
  try {
    if (axis === null) {
      const f = x.reshape([-1]);
      try {
        return fn(f, 0, true, x);
      } finally {
        if (f !== x) f.dispose();
      }
    }
    return fn(x, normAxis(op, axis, x.ndim), false, x);
  } finally {
    if (x !== a) x.dispose();
  }
}

const int64 = (): DType => 'int64';

function arg(op: string, code: ArgOp, a: unknown, axis: unknown, out: unknown, keepdims: unknown): unknown {
  needFamily(op, STATS);
  try {
    const kd = boolArg(op, 'keepdims', keepdims);
    const o = outArg(op, out);
    return alongAxis(op, a, axis, (x, ax, flat, orig) => {
      if (x.shape[ax] === 0) {
        // NumPy: an error whenever the axis is empty, even when the result is empty too.
        throw new StrideViewError('invalid_argument', `${op}: attempt to get ${op} of an empty sequence (axis ${flat ? 'none' : ax} of shape ${fmt(orig.shape)})`);
      }
      if (!flat) return scalarResult(compute(op, Kind.Arg, code, [x], o === undefined ? undefined : { out: o }, undefined, int64, ax, kd ? 1 : 0), kd, o);
      // Flattened: a 0-d result, or all dims kept as 1 (NumPy's keepdims with axis=None).
      const ones = new Array<number>(kd ? orig.ndim : 0).fill(1);
      if (o !== undefined) {
        o._check(`${op}: out`);
        if (o.ndim !== ones.length || o.size !== 1) {
          throw new StrideViewError('shape_mismatch', `${op}: out has shape ${fmt(o.shape)} but the result has shape ${fmt(ones)}`);
        }
        const v = o.reshape([]);
        try {
          compute(op, Kind.Arg, code, [x], { out: v }, undefined, int64, 0, 0);
        } finally {
          if (v !== o) v.dispose();
        }
        return o;
      }
      const r = compute(op, Kind.Arg, code, [x], undefined, undefined, int64, 0, 0);
      return kd ? r._setView(r.view.reshape(ones)) : scalarResult(r, false, undefined);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const ARGMAX: SigRef = { sig: 'numpy.argmax: argmax(a: ArrayInput, axis: number | null = null, out: NDArray | readonly [NDArray] | null = null, *, ' +
    'keepdims: boolean = false) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * Index of the largest element along `axis` (int64, NumPy's argmax): the first occurrence on
 * ties, NaN counts as the largest (the first NaN wins). No axis: the index into the flattened
 * array, a JS number unless keepdims or out is given. An empty axis is an error.
 */
// @overloads ARGMAX
export function argmax<O extends { axis?: number | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function argmax<TAxis extends number | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function argmax<TAxis extends number | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
// @end
export function argmax(...args: unknown[]): unknown {
  if (args.length === 1) return arg('argmax', ArgOp.Argmax, args[0], null, null, false);
  const [a, axis, out, keepdims] = bind(ARGMAX, args);
  return arg('argmax', ArgOp.Argmax, a, axis, out, keepdims);
}

const ARGMIN: SigRef = { sig: 'numpy.argmin: argmin(a: ArrayInput, axis: number | null = null, out: NDArray | readonly [NDArray] | null = null, *, ' +
    'keepdims: boolean = false) -> Reduced<$P[axis, out, keepdims], number>' };
/** Index of the smallest element along `axis` (rules of {@link argmax}; NaN wins here too). */
// @overloads ARGMIN
export function argmin<O extends { axis?: number | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function argmin<TAxis extends number | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function argmin<TAxis extends number | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
// @end
export function argmin(...args: unknown[]): unknown {
  if (args.length === 1) return arg('argmin', ArgOp.Argmin, args[0], null, null, false);
  const [a, axis, out, keepdims] = bind(ARGMIN, args);
  return arg('argmin', ArgOp.Argmin, a, axis, out, keepdims);
}

function scan(op: string, code: ScanOp, a: unknown, axis: unknown, dtype: unknown, out: unknown): NDArray {
  needFamily(op, STATS);
  try {
    const o = outArg(op, out);
    const d = dtypeParam(op, dtype);
    return alongAxis(op, a, axis, (x, ax) => {
      // (NumPy's ufunc.accumulate casts into out with casting='unsafe': through a temporary when
      // only that reaches out's dtype)
      if (d === null && (o === undefined || canCastSameKind(sumType(x.dtype), o.dtype))) {
        return compute(op, Kind.Scan, code, [x], o === undefined ? undefined : { out: o }, undefined, sumType, ax);
      }
      if (d === null) return finish(op, compute(op, Kind.Scan, code, [x], undefined, undefined, sumType, ax), false, o, true) as NDArray;
      // the input cast to dtype (as NumPy, unsafe), the scan in its accumulation dtype, cast back to dtype
      const direct = info(d).kind === 'f' && (o === undefined || canCastSameKind(d, o.dtype));
      let r = compute(op, Kind.Scan, code, [x], direct && o !== undefined ? { out: o } : undefined, () => d, sumType, ax);
      if (direct && o !== undefined) return r;
      if (r.dtype !== d) {
        const c = r._materialize(op, d);
        r.dispose();
        r = c;
      }
      return finish(op, r, false, o, true) as NDArray;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const CUMSUM: SigRef = { sig: 'numpy.cumsum: cumsum(a: ArrayInput, axis: number | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null) -> NDArray' };
/**
 * Running sum along `axis` (no axis: over the flattened array, a 1-D result). dtypes as
 * {@link sum} (bool and integers accumulate in int64 / uint64, wrapping; floats in their dtype,
 * rounding at every step as NumPy; `dtype` casts the input to it and gives the result's dtype).
 */
// @overloads CUMSUM
export function cumsum(a: ArrayInput, options?: { axis?: number | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function cumsum(a: ArrayInput, axis?: number | null, options?: { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function cumsum(a: ArrayInput, axis?: number | null, dtype?: DType | null, options?: { out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function cumsum(a: ArrayInput, axis?: number | null, dtype?: DType | null, out?: NDArray | readonly [NDArray] | null): NDArray;
// @end
export function cumsum(...args: unknown[]): NDArray {
  if (args.length === 1) return scan('cumsum', ScanOp.Cumsum, args[0], null, null, null);
  const [a, axis, dtype, out] = bind(CUMSUM, args);
  return scan('cumsum', ScanOp.Cumsum, a, axis, dtype, out);
}

const CUMPROD: SigRef = { sig: 'numpy.cumprod: cumprod(a: ArrayInput, axis: number | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null) -> NDArray' };
/** Running product along `axis` (rules of {@link cumsum}). */
// @overloads CUMPROD
export function cumprod(a: ArrayInput, options?: { axis?: number | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function cumprod(a: ArrayInput, axis?: number | null, options?: { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function cumprod(a: ArrayInput, axis?: number | null, dtype?: DType | null, options?: { out?: NDArray | readonly [NDArray] | null | undefined }): NDArray;
export function cumprod(a: ArrayInput, axis?: number | null, dtype?: DType | null, out?: NDArray | readonly [NDArray] | null): NDArray;
// @end
export function cumprod(...args: unknown[]): NDArray {
  if (args.length === 1) return scan('cumprod', ScanOp.Cumprod, args[0], null, null, null);
  const [a, axis, dtype, out] = bind(CUMPROD, args);
  return scan('cumprod', ScanOp.Cumprod, a, axis, dtype, out);
}
