// The reductions NumPy's ndarray has at its core: sum, max (amax), min (amin), mean and ptp over an
// axis set, with the `dtype`, `out`, `keepdims`, `initial` and `where` of NumPy's signatures; the
// shared machinery (reduction(): one kernel call for the plain forms, a composition for dtype /
// initial / where) that the other reductions in stats.ts and nan_functions.ts reuse.
import { ReduceMoreOp, ReduceOp } from './boundary_tables.js';
import { type Complex, type ComplexDType, type ComplexLike, type DType, type Scalar, checkDType, info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, forward, full, methodGroup, takeScalar, uses } from './ndarray.js';
import { canCastSameKind, copyInto } from './kernel_client.js';
import { axisSet } from './axes.js';
import { type ArrayInput, add, compute, div, maximum, minimum, mul, same, sqrt, sub, toBool, where as select } from './ops.js';
import { outArg } from './ufunc.js';
import { type SigRef, bind, unsupported } from './signature.js';
import { tidy } from './tidy.js';
import { hasTraced, recorder } from './traced.js';

/**
 * What a reduction returns, following its arguments `P` (the parameters `axis`, `out`, `keepdims`
 * as given): a JS value `S` (NumPy's scalar) for a full reduction without keepdims or out; an
 * NDArray with an axis, keepdims: true or out; either when the arguments' types do not tell (and
 * when P is not given: `Reduced` alone is `number | NDArray`). The options are read one by one (a
 * conditional on `{ axis?: ...; out?: ...; keepdims?: ... }` would fail TypeScript's weak-type
 * check for `{ initial: 0 }` and give the union).
 */
/**
 * The JS value of a 0-d result computed from `A`: a {@link Complex} when `A` is an NDArray of a
 * complex dtype TypeScript knows (`NDArray<'complex128'>`) or a JS list holding complex values, else
 * a number (an NDArray whose dtype is only known at run time is typed as real).
 */
export type NumberOf<A> = A extends NDArray<infer D>
  ? [D] extends [ComplexDType]
    ? Complex
    : number
  : true extends HasComplex<A>
    ? Complex
    : number;
/** `true` when the JS value `A` is or holds (in nested lists) a complex value ({@link NumberOf}). */
export type HasComplex<A> = A extends ComplexLike ? true : A extends readonly (infer E)[] ? HasComplex<E> : false;

export type Reduced<P = unknown, S = number> = unknown extends P
  ? S | NDArray
  : [
        'axis' extends keyof P ? P['axis'] : undefined,
        'out' extends keyof P ? P['out'] : undefined,
        'keepdims' extends keyof P ? P['keepdims'] : undefined,
      ] extends [null | undefined, null | undefined, false | undefined]
    ? S
    : ['axis' extends keyof P ? P['axis'] : undefined] extends [number | readonly number[]]
      ? NDArray
      : ['out' extends keyof P ? P['out'] : undefined] extends [NDArray | readonly [NDArray]]
        ? NDArray
        : ['keepdims' extends keyof P ? P['keepdims'] : undefined] extends [true]
          ? NDArray
          : S | NDArray;

/** The options object of the reductions (sum, max, min, mean, prod, any, all, ...), as NumPy's keywords. */
export interface ReduceOptions {
  /** The axis or axes to reduce (negative count from the end); null: all of them. */
  axis?: number | readonly number[] | null | undefined;
  /** Write the result into this array (same_kind cast) and return it. */
  out?: NDArray | readonly [NDArray] | null | undefined;
  /** Keep reduced dims as size 1 (the result is then an array, as with `out`). */
  keepdims?: boolean | undefined;
}
/** Reduction options under which the result is always an array: keepdims or out. */
export type ArrayResultOptions = { keepdims: true } | { out: NDArray };

/** @internal sumType: the dtype sum accumulates in. */
export function sumType(d: DType): DType {
  const I = info(d);
  if (I.kind === 'f' || I.kind === 'c') return d;
  if (I.kind === 'u') return 'uint64';
  return 'int64';
}
/** @internal */
export const meanType = (d: DType): DType => (d === 'float32' || d === 'float16' || d === 'complex64' || d === 'complex128' ? d : 'float64');

/**
 * @internal The result of a reduction as the user gets it: the JS value of a 0-d result made
 * without keepdims or out (the temporary freed here), else the array. Typed loosely: each caller
 * declares its own return type (a `Reduced<...>`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function scalarResult(r: NDArray, keepdims: boolean, out: unknown): any {
  return r.ndim === 0 && !keepdims && (out === undefined || out === null) ? takeScalar(r) : r;
}

/** @internal A boolean parameter. */
export function boolArg(op: string, name: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw new TypeError(`${op}: ${name} must be a boolean, got ${fmt(v)}`);
  return v;
}

/** @internal The `dtype` parameter: a dtype name, or null for the op's default. */
export function dtypeParam(op: string, v: unknown): DType | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw new TypeError(`${op}: dtype must be a dtype name or null, got ${fmt(v)}`);
  return checkDType(op, v);
}

/** @internal The `where` parameter checked: true (no mask), false, or an array-like of booleans. */
export function whereParam(op: string, v: unknown): unknown {
  if (v instanceof NDArray) {
    v._check(op); // before its shape is read
    // NumPy casts where to bool with casting='safe': an integer or float array is refused (a JS list is converted)
    if (v.dtype !== 'bool') throw new TypeError(`${op}: where must be a bool array, got an array of dtype ${v.dtype}`);
    return v;
  }
  if (typeof v === 'boolean' || Array.isArray(v)) return v;
  throw new TypeError(`${op}: where must be a boolean, a boolean array or nested arrays of booleans, got ${fmt(v)}`);
}

/** @internal The `initial` parameter checked: undefined (not given) or a number, bigint or boolean. */
export function initialParam(op: string, v: unknown): Scalar | undefined {
  if (v === undefined || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return v;
  throw new TypeError(`${op}: initial must be a number, a bigint or a boolean, got ${fmt(v)}`);
}

/**
 * @internal A 0-d array holding `v` cast to `d` as NumPy casts a Python scalar into the
 * reduction's dtype (floats truncated, integers wrapped); NaN or an infinity into an integer dtype
 * is an error, as NumPy's.
 */
export function scalarAs(op: string, name: string, v: Scalar, d: DType): NDArray {
  const k = info(d).kind;
  if (typeof v === 'number' && !Number.isFinite(v) && k !== 'f') {
    throw new StrideViewError('invalid_argument', `${op}: cannot convert ${name}=${fmt(v)} to the integer dtype ${d}`);
  }
  const src: DType =
    typeof v === 'boolean' ? 'bool' : typeof v === 'bigint' ? (v < 0n ? 'int64' : 'uint64') : Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? 'int64' : 'float64';
  const t = full([], v, src);
  if (src === d) return t;
  const r = t._materialize(op, d);
  t.dispose();
  return r;
}

/** @internal The mask `where` as a bool NDArray broadcast to `shape` (it must broadcast to it, as NumPy). */
export function maskTo(op: string, where: unknown, shape: readonly number[]): NDArray {
  let m = where instanceof NDArray ? where : asArray(op, where);
  const ms = m.shape;
  const ok = ms.length <= shape.length && ms.every((d, i) => d === 1 || d === shape[shape.length - ms.length + i]);
  if (!ok) {
    throw new StrideViewError('shape_mismatch', `${op}: where of shape ${fmt(ms)} does not broadcast to the array's shape ${fmt(shape)}`);
  }
  if (m.dtype !== 'bool') m = m._materialize(op, 'bool');
  return m.broadcastTo(shape as number[]);
}

/** @internal What one reduction is: its kernel, its result dtype, and what masked-out elements become. */
export interface ReduceSpec {
  readonly kind: Kind;
  readonly code: number;
  readonly natural: (d: DType) => DType;
  /** The value a `where` mask puts in place of masked-out elements; null: the initial value (required). */
  readonly identity: number | boolean | null;
  /** How `initial` joins the result. */
  readonly combine: ((a: NDArray, b: NDArray) => NDArray) | null;
  /** The mean / variance / std: a masked form of its own. */
  readonly moment?: 'mean' | 'variance' | 'std';
  /**
   * The result is cast into `out` with casting='unsafe', as NumPy's ufunc.reduce (sum, prod, max,
   * min, any, all) and mean / var (their true_divide into out is 'unsafe'); otherwise 'same_kind'
   * (std: NumPy's sqrt into out).
   */
  readonly unsafeOut?: boolean;
}

const bitsOf = (axes: readonly number[], ndim: number, all: boolean): number => {
  if (all) return 2 ** ndim - 1;
  let b = 0;
  for (const a of axes) b += 2 ** a;
  return b;
};

/** A reduction of a traced value (inside fuse()): its plain form, and a dtype the input is cast to. */
function traced(op: string, spec: ReduceSpec, a: { ndim: number }, axis: unknown, d: DType | null, o: unknown, kd: boolean,
  init: unknown, w: unknown, x2: number): unknown {
  const refuse = (what: string): never => {
    throw new StrideViewError('invalid_argument', `${op}: ${what} of a reduction inside a fused function is not supported; reduce the fused result outside it`);
  };
  if (spec.kind !== Kind.Reduce && spec.kind !== Kind.ReduceMore) {
    throw new StrideViewError('invalid_argument', `${op}: cannot be fused: a fused program runs elementwise ops and at most one final sum, mean, max, min, prod, any or all`);
  }
  if (o !== undefined) refuse('out'); // (the fused call's own { out } receives the reduction)
  if (init !== undefined) refuse('initial');
  if (w !== true) refuse('where');
  if (x2 !== 0) refuse('ddof');
  if (d !== null && (spec.moment !== undefined || spec.natural(d) !== d)) refuse(`dtype ${fmt(d)}`);
  const axes = axisSet(op, axis, a.ndim);
  return recorder!.reduce(op, spec.kind, spec.code, a, bitsOf(axes ?? [], a.ndim, axes === null), kd, d, spec.natural);
}

/**
 * @internal One reduction as NumPy's: the values checked, then one kernel call (no dtype, initial or
 * where), or the composition of the general form; a JS value for a 0-d result without keepdims or
 * out. `x2`: the kernel's third extra (ddof of the moments).
 */
export function reduction(
  op: string,
  spec: ReduceSpec,
  a: unknown,
  axis: unknown,
  dtype: unknown,
  out: unknown,
  keepdims: unknown,
  initial: unknown,
  where: unknown,
  x2: number = 0,
): unknown {
  try {
    const kd = boolArg(op, 'keepdims', keepdims);
    const o = outArg(op, out);
    const d = dtypeParam(op, dtype);
    const init = initialParam(op, initial);
    const w = whereParam(op, where);
    // inside fuse(): the chain's final reduction, recorded (traced.ts)
    if (recorder !== null && hasTraced([a])) return traced(op, spec, a as { ndim: number }, axis, d, o, kd, init, w, x2);
    // (a negative ddof, x2 < 0, is the moments' general form too: the kernel takes ddof >= 0)
    if (d === null && init === undefined && w === true && x2 >= 0) {
      const x = a instanceof NDArray ? a : asArray(op, a);
      try {
        x._check(op);
        const axes = axisSet(op, axis, x.ndim);
        const bits = bitsOf(axes ?? [], x.ndim, axes === null);
        // out written by the kernel, unless only an unsafe cast reaches its dtype (then through a temporary)
        const into = o !== undefined && (!spec.unsafeOut || canCastSameKind(spec.natural(x.dtype), o.dtype));
        const r = compute(op, spec.kind, spec.code, [x], into ? { out: o } : undefined, undefined, spec.natural, bits, kd ? 1 : 0, x2);
        return into || o === undefined ? scalarResult(r, kd, o) : finish(op, r, kd, o, true);
      } finally {
        if (x !== a) x.dispose();
      }
    }
    return tidy(() => {
      const x = asArray(op, a);
      x._check(op);
      const axes = axisSet(op, axis, x.ndim) ?? x.shape.map((_, i) => i);
      // NumPy writes `initial` into out first: with an out of another kind, initial in out's dtype
      const cast = o !== undefined && init !== undefined && spec.unsafeOut === true && !canCastSameKind(d ?? spec.natural(x.dtype), o.dtype);
      const r = reduceGeneral(op, spec, x, axes, d, kd, cast ? (scalarAs(op, 'initial', init!, o!.dtype).item() as Scalar) : init, w, x2);
      return finish(op, r, kd, o, spec.unsafeOut);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * @internal The computed result `r` as the user gets it: written into `out` (cast under
 * 'same_kind', or 'unsafe' when `unsafe`), a JS value, or `r`.
 */
export function finish(op: string, r: NDArray, keepdims: boolean, out: NDArray | undefined, unsafe: boolean = false): unknown {
  if (out !== undefined) {
    try {
      return copyInto(op, r, r.dtype, out, unsafe);
    } finally {
      r.dispose();
    }
  }
  return scalarResult(r, keepdims, undefined);
}

/**
 * @internal The general reduction of `x` over `axes` (as an NDArray in NumPy's result dtype): the
 * input cast to `dtype`, masked-out elements replaced by the identity (or initial), `initial`
 * joined to the result.
 */
export function reduceGeneral(
  op: string,
  spec: ReduceSpec,
  x: NDArray,
  axes: readonly number[],
  d: DType | null,
  kd: boolean,
  init: Scalar | undefined,
  w: unknown,
  x2: number,
): NDArray {
  if (spec.moment !== undefined) return momentGeneral(op, spec.moment, x, axes, d, kd, w, x2);
  const bits = bitsOf(axes, x.ndim, false);
  let xin = d !== null && x.dtype !== d ? x._materialize(op, d) : x;
  const rdt = d ?? spec.natural(x.dtype);
  if (spec.identity === null && w !== true && init === undefined) {
    throw new StrideViewError('invalid_argument', `${op}: the reduction has no identity, so a where mask needs initial (NumPy's rule); pass { initial: ... }`);
  }
  if (w !== true) {
    const m = maskTo(op, w, x.shape);
    const fill = spec.identity === null ? scalarAs(op, 'initial', init!, xin.dtype) : full([], spec.identity, xin.dtype);
    xin = select(m, xin, fill);
  }
  let r: NDArray;
  if (spec.identity === null && init !== undefined && axes.some((ax) => x.shape[ax] === 0)) {
    const shape = x.shape.map((n, i) => (axes.includes(i) ? 1 : n)).filter((_, i) => kd || !axes.includes(i));
    r = full(shape, 0, rdt);
    r.assign(scalarAs(op, 'initial', init, rdt));
  } else {
    r = compute(op, spec.kind, spec.code, [xin], undefined, undefined, spec.natural, bits, kd ? 1 : 0, x2);
  }
  if (r.dtype !== rdt) r = r._materialize(op, rdt);
  if (init !== undefined && spec.combine !== null) {
    r = spec.combine(r, scalarAs(op, 'initial', init, rdt));
    if (r.dtype !== rdt) r = r._materialize(op, rdt);
  }
  return r;
}

/**
 * mean / variance / std with a dtype or a where mask, as NumPy's _methods: the kept elements summed
 * (in float64; an integer dtype sums in it and truncates the quotient), the count of kept elements,
 * then NumPy's result dtype. Reduced with keepdims, the dims dropped at the end.
 */
function momentGeneral(op: string, which: 'mean' | 'variance' | 'std', x: NDArray, axes: readonly number[], d: DType | null, kd: boolean, w: unknown, ddof: number): NDArray {
  const fl = d === null || info(d).kind === 'f';
  if (which !== 'mean' && !fl) unsupported(op, 'dtype', d, 'supported: a float dtype or null');
  const rdt = d ?? meanType(x.dtype);
  const bits = bitsOf(axes, x.ndim, false);
  const sumK = (v: NDArray): NDArray => compute(op, Kind.Reduce, ReduceOp.Sum, [v], undefined, undefined, sumType, bits, 1);
  const m = w === true ? null : maskTo(op, w, x.shape);
  const n = m === null ? full([], axes.reduce((p, ax) => p * x.shape[ax]!, 1), 'float64') : sumK(m)._materialize(op, 'float64');
  const xd = d !== null && x.dtype !== d ? x._materialize(op, d) : x;
  let r: NDArray;
  if (!fl) {
    r = div(sumK(m === null ? xd : select(m, xd, full([], 0, xd.dtype)))._materialize(op, d!), n);
  } else {
    const xf = xd.dtype === 'float64' ? xd : xd._materialize(op, 'float64');
    const zero = full([], 0, 'float64');
    const kept = m === null ? xf : select(m, xf, zero);
    const mu = div(sumK(kept), n);
    if (which === 'mean') {
      r = mu;
    } else {
      const dev = sub(xf, mu);
      const dm = m === null ? dev : select(m, dev, zero);
      const v = div(sumK(mul(dm, dm)), maximum(sub(n, ddof), zero));
      r = which === 'std' ? sqrt(v) : v;
    }
  }
  if (r.dtype !== rdt) r = r._materialize(op, rdt);
  // r is a fresh C-order owner: the reduced dims dropped in place (a view would leave its base behind)
  return kd ? r : r._setView(r.view.reshape(x.shape.filter((_, i) => !axes.includes(i))));
}

const SUM_SPEC: ReduceSpec = { kind: Kind.Reduce, code: ReduceOp.Sum, natural: sumType, identity: 0, combine: (a, b) => add(a, b), unsafeOut: true };
const MAX_SPEC: ReduceSpec = { kind: Kind.Reduce, code: ReduceOp.Max, natural: same, identity: null, combine: (a, b) => maximum(a, b), unsafeOut: true };
const MIN_SPEC: ReduceSpec = { kind: Kind.Reduce, code: ReduceOp.Min, natural: same, identity: null, combine: (a, b) => minimum(a, b), unsafeOut: true };
const MEAN_SPEC: ReduceSpec = { kind: Kind.Reduce, code: ReduceOp.Mean, natural: meanType, identity: 0, combine: null, moment: 'mean', unsafeOut: true };
/** @internal The specs the other reductions use. */
export const SPECS = {
  sum: SUM_SPEC,
  max: MAX_SPEC,
  min: MIN_SPEC,
  mean: MEAN_SPEC,
  prod: { kind: Kind.ReduceMore, code: ReduceMoreOp.Prod, natural: sumType, identity: 1, combine: (a, b) => mul(a, b), unsafeOut: true } as ReduceSpec,
  any: { kind: Kind.ReduceMore, code: ReduceMoreOp.Any, natural: toBool, identity: false, combine: null, unsafeOut: true } as ReduceSpec,
  all: { kind: Kind.ReduceMore, code: ReduceMoreOp.All, natural: toBool, identity: true, combine: null, unsafeOut: true } as ReduceSpec,
};

// NumPy's methods of these reductions (a.sum(), a.mean(), a.min(), a.max(), a.ptp()), installed with
// them (ndarray.ts methodGroup): an app that imports none of the five does not carry them.
const REDUCTIONS = /* @__PURE__ */ methodGroup('none', () => ({
  sum: forward(sum), mean: forward(mean), min: forward(min), max: forward(max), ptp: forward(ptp),
}));

const SUM: SigRef = { sig: 'numpy.sum: sum(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], $N[a]>' };
/**
 * Sum over `axis` (all by default; bool and signed ints accumulate in int64, unsigned in uint64,
 * floats in their type; `dtype` casts the input to it and sums there). `initial` is added to every
 * sum (an empty one gives it); `where` masks elements out. Over all axes without keepdims or out: a
 * JS number (see {@link Reduced}): `sum(a)`, `sum(a, 0)`, `sum(a, { axis: [0, 1], keepdims: true })`.
 */
// @overloads SUM
export function sum<TA extends ArrayInput, O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, options?: O): Reduced<O, NumberOf<TA>>;
export function sum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function sum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function sum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, NumberOf<TA>>;
export function sum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
export function sum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
export function sum<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, NumberOf<TA>>;
// @end
export function sum(...args: unknown[]): unknown {
  uses(REDUCTIONS);
  if (args.length === 1) return reduction('sum', SUM_SPEC, args[0], null, null, null, false, undefined, true);
  const [a, axis, dtype, out, keepdims, initial, where] = bind(SUM, args);
  return reduction('sum', SUM_SPEC, a, axis, dtype, out, keepdims, initial, where);
}

const MAX: SigRef = { sig: 'numpy.amax: max(a: ArrayInput, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * Maximum over `axis` (NumPy amax; NaN propagates). An empty reduction is an error unless `initial`
 * is given (then it is the result); `where` needs `initial`, as NumPy. A JS value as {@link sum}.
 */
// @overloads MAX
export function max<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function max<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function max<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function max<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function max<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function max<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function max(...args: unknown[]): unknown {
  uses(REDUCTIONS);
  if (args.length === 1) return reduction('max', MAX_SPEC, args[0], null, null, null, false, undefined, true);
  const [a, axis, out, keepdims, initial, where] = bind(MAX, args);
  return reduction('max', MAX_SPEC, a, axis, null, out, keepdims, initial, where);
}

const MIN: SigRef = { sig: 'numpy.amin: min(a: ArrayInput, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>' };
/** Minimum over `axis` (NumPy amin; the rules of {@link max}). */
// @overloads MIN
export function min<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function min<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function min<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function min<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { initial?: Scalar | undefined; where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function min<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, number>;
export function min<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims, initial?: Scalar, where?: ArrayInput): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function min(...args: unknown[]): unknown {
  uses(REDUCTIONS);
  if (args.length === 1) return reduction('min', MIN_SPEC, args[0], null, null, null, false, undefined, true);
  const [a, axis, out, keepdims, initial, where] = bind(MIN, args);
  return reduction('min', MIN_SPEC, a, axis, null, out, keepdims, initial, where);
}

const MEAN: SigRef = { sig: 'numpy.mean: mean(a: ArrayInput, axis: number | readonly number[] | null = null, dtype: DType | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false, *, ' +
    'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], $N[a]>' };
/**
 * Mean over `axis` (float64; float32 and float16 inputs keep their dtype, float16 summed in
 * float32; `dtype` gives the result's dtype, an integer one truncating as NumPy's). `where` averages
 * the kept elements only. An empty slice gives NaN. A JS number as {@link sum}.
 */
// @overloads MEAN
export function mean<TA extends ArrayInput, O extends { axis?: number | readonly number[] | null | undefined; dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: TA, options?: O): Reduced<O, NumberOf<TA>>;
export function mean<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { dtype?: DType | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function mean<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, options?: O): Reduced<{ axis: TAxis } & O, NumberOf<TA>>;
export function mean<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined; where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, NumberOf<TA>>;
export function mean<TA extends ArrayInput, TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined, O extends { where?: ArrayInput | undefined } = {}>(a: TA, axis?: TAxis, dtype?: DType | null, out?: TOut, keepdims?: TKeepdims, options?: O): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & O, NumberOf<TA>>;
// @end
export function mean(...args: unknown[]): unknown {
  uses(REDUCTIONS);
  if (args.length === 1) return reduction('mean', MEAN_SPEC, args[0], null, null, null, false, undefined, true);
  const [a, axis, dtype, out, keepdims, where] = bind(MEAN, args);
  return reduction('mean', MEAN_SPEC, a, axis, dtype, out, keepdims, undefined, where);
}

const PTP: SigRef = { sig: 'numpy.ptp: ptp(a: ArrayInput, axis: number | readonly number[] | null = null, ' +
    'out: NDArray | readonly [NDArray] | null = null, keepdims: boolean = false) -> Reduced<$P[axis, out, keepdims], number>' };
/**
 * Peak to peak: max - min over `axis` (NumPy ptp), in the input's dtype (integers wrap, as
 * NumPy's: ptp of int8 [-100, 100] is -56); bool is an error (no subtraction). A JS value as {@link sum}.
 */
// @overloads PTP
export function ptp<O extends { axis?: number | readonly number[] | null | undefined; out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, options?: O): Reduced<O, number>;
export function ptp<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { out?: NDArray | readonly [NDArray] | null | undefined; keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, options?: O): Reduced<{ axis: TAxis } & O, number>;
export function ptp<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(a: ArrayInput, axis?: TAxis, out?: TOut, options?: O): Reduced<{ axis: TAxis; out: TOut } & O, number>;
export function ptp<TAxis extends number | readonly number[] | null | undefined = undefined, TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(a: ArrayInput, axis?: TAxis, out?: TOut, keepdims?: TKeepdims): Reduced<{ axis: TAxis; out: TOut; keepdims: TKeepdims } & {}, number>;
// @end
export function ptp(...args: unknown[]): unknown {
  uses(REDUCTIONS);
  const op = 'ptp';
  const [a, axis, out, keepdims] = bind(PTP, args);
  try {
    const kd = boolArg(op, 'keepdims', keepdims);
    const o = outArg(op, out);
    return tidy(() => {
      const x = asArray(op, a);
      if (x.dtype === 'bool') throw new StrideViewError('type_error', `${op}: bool input has no subtraction (NumPy refuses it too); cast to a numeric dtype first`);
      const hi = reduction(op, MAX_SPEC, x, axis, null, null, true, undefined, true) as NDArray;
      const lo = reduction(op, MIN_SPEC, x, axis, null, null, true, undefined, true) as NDArray;
      let r = sub(hi, lo);
      if (!kd) {
        const axes = axisSet(op, axis, x.ndim);
        r = r._setView(r.view.reshape(axes === null ? [] : x.shape.filter((_, i) => !axes.includes(i))));
      }
      return finish(op, r, kd, o);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
