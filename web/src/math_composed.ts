// NumPy's elementwise functions composed of existing kernels: deg2rad / radians, rad2deg /
// degrees (one multiply, NumPy's constant), heaviside, logaddexp, logaddexp2, sinc, and the
// two-output ufuncs divmod, modf, frexp (one kernel per output). Each ufunc takes the ufunc
// keywords (ufunc.ts; a two-output ufunc takes out1 and out2). float16 computes in float32 and
// rounds once, as NumPy's float16 loops.
import { BinaryOp, MathOp, SingleOp, UnaryOp } from './boundary_tables.js';
import { type DType, info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind } from './ndarray.js';
import { family, needFamily } from './families.js';
import { type ArrayInput, compute, floatType, same, toBool, where } from './ops.js';
import { full } from './ndarray.js';
import { exp } from './exp_log.js';
import { call, computeAs, float2Type, outOpt, resultDType } from './math.js';
import { checkOut } from './kernel_client.js';
import { type SigRef, bind } from './signature.js';
import { type Casting, type Loops, type Order, type UfuncRun, ufuncBound } from './ufunc.js';
import type { DTypeArg } from './creation.js';

const MATH = /* @__PURE__ */ family('math');

/** The dtype float16 work runs in (float32, rounded once at the end), else dt itself. */
const work = (dt: DType): DType => (dt === 'float16' ? 'float32' : dt);

/** @internal out checked against the result's shape (the engine's words for a kernel's out). */
export function checkOutShape(op: string, out: NDArray | undefined, shape: readonly number[], dt: DType): void {
  if (out === undefined) return;
  checkOut(op, out, dt); // alive, writable, the cast (the kernels' order)
  if (out.ndim !== shape.length || out.shape.some((n, i) => n !== shape[i])) {
    throw new StrideViewError('shape_mismatch', `${op}: out has shape ${fmt(out.shape)} but the operands broadcast to ${fmt(shape)}`);
  }
}

/** r (dtype w) as the op's result in dtype dt: into out when given, else r itself or its cast. */
function finish(op: string, r: NDArray, dt: DType, out: NDArray | undefined): NDArray {
  if (out === undefined && r.dtype === dt) return r;
  try {
    checkOutShape(op, out, r.shape, dt);
  } catch (e) {
    r.dispose();
    throw e;
  }
  try {
    return computeAs(op, 'copy', Kind.Copy, SingleOp.Only, [r], outOpt(out), undefined, () => dt);
  } finally {
    r.dispose();
  }
}

/** dt, refused when complex: the functions NumPy has no complex loop for. */
function realOnly(op: string, dt: DType): DType {
  if (info(dt).kind === 'c') throw new StrideViewError('type_error', `${op}: not supported for ${dt} (NumPy has no complex loop for it)`);
  return dt;
}

/** Runs `steps` (temporaries pushed on `t` freed afterwards, the returned array kept). */
function temps(op: string, steps: (t: NDArray[]) => NDArray): NDArray {
  const t: NDArray[] = [];
  try {
    return steps(t);
  } catch (e) {
    throw relabel(op, e);
  } finally {
    for (const x of t) x.dispose();
  }
}

const bin = (op: string, code: BinaryOp, a: unknown, b: unknown, w: DType): NDArray =>
  computeAs(op, BIN_NAMES[code] ?? 'binary', Kind.Binary, code, [a, b], undefined, () => w, code >= BinaryOp.Equal && code <= BinaryOp.GreaterEqual ? toBool : same);
const BIN_NAMES: Partial<Record<BinaryOp, string>> = {
  [BinaryOp.Add]: 'add', [BinaryOp.Sub]: 'sub', [BinaryOp.Mul]: 'mul', [BinaryOp.Div]: 'div', [BinaryOp.Maximum]: 'maximum', [BinaryOp.Equal]: 'equal',
};
const math1 = (op: string, code: MathOp, a: unknown, w: DType): NDArray => compute(op, Kind.MathUnary, code, [a], undefined, () => w, same);

// NumPy's constants: float64 pi / 180 and 180 / pi, float32 (float) NPY_PIf / 180.0f and 180.0f / NPY_PIf
const PI32 = Math.fround(Math.PI);
const scale = (toRad: boolean, w: DType): number =>
  w === 'float64' ? (toRad ? Math.PI / 180 : 180 / Math.PI) : Math.fround(toRad ? PI32 / 180 : 180 / PI32);

function angle(ref: SigRef, op: string, toRad: boolean, args: unknown[]): NDArray {
  return call(ref, 1, 'float', args, (x, o, d) => {
    const dt = d ?? floatType(realOnly(op, resultDType(op, x)));
    const w = work(dt);
    return finish(op, computeAs(op, 'mul', Kind.Binary, BinaryOp.Mul, [x[0], scale(toRad, w)], w === dt ? outOpt(o) : undefined, () => w, same), dt, w === dt ? undefined : o);
  });
}

const DEG2RAD: SigRef = { sig: 'numpy.deg2rad: deg2rad(@ufunc1) -> NDArray' };
/** Degrees to radians: x * (pi / 180), one correctly rounded multiply as NumPy (integers as {@link cbrt}). */
// @overloads DEG2RAD
export function deg2rad(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function deg2rad(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function deg2rad(...args: unknown[]): NDArray {
  return angle(DEG2RAD, 'deg2rad', true, args);
}
const RADIANS: SigRef = { sig: 'numpy.radians: radians(@ufunc1) -> NDArray' };
/** NumPy's other name for {@link deg2rad}. */
// @overloads RADIANS
export function radians(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function radians(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function radians(...args: unknown[]): NDArray {
  return angle(RADIANS, 'radians', true, args);
}
const RAD2DEG: SigRef = { sig: 'numpy.rad2deg: rad2deg(@ufunc1) -> NDArray' };
/** Radians to degrees: x * (180 / pi), one correctly rounded multiply as NumPy. */
// @overloads RAD2DEG
export function rad2deg(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function rad2deg(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function rad2deg(...args: unknown[]): NDArray {
  return angle(RAD2DEG, 'rad2deg', false, args);
}
const DEGREES: SigRef = { sig: 'numpy.degrees: degrees(@ufunc1) -> NDArray' };
/** NumPy's other name for {@link rad2deg}. */
// @overloads DEGREES
export function degrees(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function degrees(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function degrees(...args: unknown[]): NDArray {
  return angle(DEGREES, 'degrees', false, args);
}

const HEAVISIDE: SigRef = { sig: 'numpy.heaviside: heaviside(@ufunc2) -> NDArray' };
/**
 * The Heaviside step: 0 where x1 < 0, x2 where x1 == 0, 1 where x1 > 0, NaN where x1 is NaN
 * (broadcasting; float dtypes as {@link arctan2}). Exact. Five kernel calls.
 */
// @overloads HEAVISIDE
export function heaviside(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function heaviside(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function heaviside(...args: unknown[]): NDArray {
  const op = 'heaviside';
  needFamily(op, MATH);
  return call(HEAVISIDE, 2, 'float', args, (x, o, d) => temps(op, (t) => {
    const dt = d ?? float2Type(op, x[0], x[1]);
    realOnly(op, resultDType(op, x));
    const s = math1(op, MathOp.Sign, x[0], dt);
    t.push(s);
    const s1 = bin(op, BinaryOp.Add, s, 1, dt);
    t.push(s1);
    const h = bin(op, BinaryOp.Mul, s1, 0.5, dt); // (sign + 1) / 2: 0, 1, NaN (and 0.5 at zeros, replaced)
    t.push(h);
    const z = bin(op, BinaryOp.Equal, x[0], 0, dt);
    t.push(z);
    const r = where(z, x[1] as ArrayInput, h);
    return finish(op, r, dt, o);
  }));
}

function logaddexpRun(op: string, base2: boolean, x: readonly unknown[], o: NDArray | undefined, d: DType | undefined): NDArray {
  return temps(op, (t) => {
    const dt = d ?? float2Type(op, x[0], x[1]);
    const w = work(dt);
    const p = (a: NDArray): NDArray => (t.push(a), a);
    // NumPy: x == y gives x + log(2) (1 for base 2: equal infinities); else max + log1p(exp(-|x - y|))
    const m = p(bin(op, BinaryOp.Maximum, x[0], x[1], w));
    const dd = p(bin(op, BinaryOp.Sub, x[0], x[1], w));
    const a = p(computeAs(op, 'abs', Kind.Unary, UnaryOp.Abs, [dd], undefined, () => w, same));
    const na = p(bin(op, BinaryOp.Mul, a, -1, w));
    const e = p(base2 ? math1(op, MathOp.Exp2, na, w) : exp(na));
    let l = p(math1(op, MathOp.Log1p, e, w));
    if (base2) l = p(bin(op, BinaryOp.Mul, l, Math.LOG2E, w));
    const r = p(bin(op, BinaryOp.Add, m, l, w));
    const eq = p(bin(op, BinaryOp.Equal, x[0], x[1], w));
    const same2 = p(bin(op, BinaryOp.Add, x[0], base2 ? 1 : Math.LN2, w));
    return finish(op, where(eq, same2, r), dt, o);
  });
}
const LOGADDEXP: SigRef = { sig: 'numpy.logaddexp: logaddexp(@ufunc2) -> NDArray' };
/**
 * log(exp(x1) + exp(x2)) without overflow: max + log1p(exp(-|x1 - x2|)) as NumPy computes it
 * (x1 == x2 gives x1 + log 2, so equal infinities stay infinite); float dtypes as {@link arctan2}.
 * Within 3 ulp of NumPy (its exp and log1p against the engine's, each within 1.2 ulp). Ten kernel calls.
 */
// @overloads LOGADDEXP
export function logaddexp(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function logaddexp(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function logaddexp(...args: unknown[]): NDArray {
  needFamily('logaddexp', MATH);
  return call(LOGADDEXP, 2, 'float', args, (x, o, d) => logaddexpRun('logaddexp', false, x, o, d));
}
const LOGADDEXP2: SigRef = { sig: 'numpy.logaddexp2: logaddexp2(@ufunc2) -> NDArray' };
/** log2(2 ** x1 + 2 ** x2) without overflow (as {@link logaddexp}, base 2; within 3 ulp of NumPy). */
// @overloads LOGADDEXP2
export function logaddexp2(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function logaddexp2(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function logaddexp2(...args: unknown[]): NDArray {
  needFamily('logaddexp2', MATH);
  return call(LOGADDEXP2, 2, 'float', args, (x, o, d) => logaddexpRun('logaddexp2', true, x, o, d));
}

const SINC: SigRef = { sig: 'numpy.sinc: sinc(x: ArrayInput) -> NDArray' };
/**
 * The normalized sinc, sin(pi x) / (pi x), 1 at 0: NumPy's own steps (x == 0 replaced by 1e-20,
 * then pi * x, sin, divide), in x's float dtype (integers and bool: float64; float16 gives NaN at
 * 0 as NumPy, 1e-20 being 0 there). Within 1 ulp of NumPy (the engine's sin).
 */
// @overloads SINC
export function sinc(x: ArrayInput): NDArray;
// @end
export function sinc(...args: unknown[]): NDArray {
  const op = 'sinc';
  const [x] = bind(SINC, args);
  needFamily(op, MATH);
  return temps(op, (t) => {
    const xd = resultDType(op, [x]);
    const dt = info(xd).kind === 'f' || info(xd).kind === 'c' ? xd : 'float64';
    const z = bin(op, BinaryOp.Equal, x, 0, xd === 'bool' ? 'int8' : xd);
    t.push(z);
    const tiny = full([], 1e-20, dt);
    t.push(tiny);
    const y0 = where(z, tiny, x as ArrayInput);
    t.push(y0);
    const y = y0.dtype === dt ? y0 : y0.astype(dt);
    if (y !== y0) t.push(y);
    const py = bin(op, BinaryOp.Mul, y, Math.PI, dt);
    t.push(py);
    const s = math1(op, MathOp.Sin, py, dt);
    t.push(s);
    return bin(op, BinaryOp.Div, s, py, dt);
  });
}

/** A two-output ufunc: the arguments bound once, each output through the ufunc keywords. */
function twoOut(ref: SigRef, nin: number, loops: Loops, args: unknown[], run1: UfuncRun, run2: UfuncRun): [NDArray, NDArray] {
  const b = bind(ref, args);
  const op = ref.p!.op;
  for (const k of [0, 1]) {
    const v = b[nin + k];
    if (v !== null && v !== undefined && !(v instanceof NDArray)) throw new TypeError(`${op}: out${k + 1} must be an NDArray or null, got ${fmt(v)}`);
  }
  const ins = b.slice(0, nin);
  const kw = b.slice(nin + 2);
  const first = ufuncBound(op, [...ins, b[nin], ...kw], nin, loops, run1);
  try {
    return [first, ufuncBound(op, [...ins, b[nin + 1], ...kw], nin, loops, run2)];
  } catch (e) {
    if (first !== b[nin]) first.dispose();
    throw e;
  }
}

const DIVMOD: SigRef = { sig: 'numpy.divmod: divmod(x1: ArrayInput, x2: ArrayInput, /, out1: NDArray | null = null, out2: NDArray | null = null, *, ' +
    'where: ArrayInput = true, casting: Casting = "same_kind", order: Order = "K", dtype: DTypeArg | null = null, subok: boolean = true) -> [NDArray, NDArray]' };
/**
 * `[floorDivide(x1, x2), mod(x1, x2)]` (NumPy's divmod: the quotient and remainder of one
 * division, in the operands' dtype; bool computes in int8). out1 / out2 receive them.
 */
// @overloads DIVMOD
export function divmod(x1: ArrayInput, x2: ArrayInput, options?: { out1?: NDArray | null | undefined; out2?: NDArray | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
export function divmod(x1: ArrayInput, x2: ArrayInput, out1?: NDArray | null, options?: { out2?: NDArray | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
export function divmod(x1: ArrayInput, x2: ArrayInput, out1?: NDArray | null, out2?: NDArray | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
// @end
export function divmod(...args: unknown[]): [NDArray, NDArray] {
  const op = 'divmod';
  const force = (d: DType | undefined) => (d !== undefined ? () => d : (t: DType): DType => (t === 'bool' ? 'int8' : t));
  return twoOut(DIVMOD, 2, 'any', args,
    (x, o, d) => computeAs(op, 'floor_divide', Kind.Binary, BinaryOp.FloorDivide, x, outOpt(o), force(d), same),
    (x, o, d) => computeAs(op, 'mod', Kind.Binary, BinaryOp.Mod, x, outOpt(o), force(d), same));
}

const MODF: SigRef = { sig: 'numpy.modf: modf(x: ArrayInput, /, out1: NDArray | null = null, out2: NDArray | null = null, *, ' +
    'where: ArrayInput = true, casting: Casting = "same_kind", order: Order = "K", dtype: DTypeArg | null = null, subok: boolean = true) -> [NDArray, NDArray]' };
/**
 * `[fractional part, integral part]` of x, both with x's sign (`modf(-3.5)` is [-0.5, -3]; +-inf
 * gives [+-0, +-inf]); float dtypes as {@link cbrt}. Exact.
 */
// @overloads MODF
export function modf(x: ArrayInput, options?: { out1?: NDArray | null | undefined; out2?: NDArray | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
export function modf(x: ArrayInput, out1?: NDArray | null, options?: { out2?: NDArray | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
export function modf(x: ArrayInput, out1?: NDArray | null, out2?: NDArray | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
// @end
export function modf(...args: unknown[]): [NDArray, NDArray] {
  const op = 'modf';
  needFamily(op, MATH);
  const run = (code: MathOp): UfuncRun => (x, o, d) => compute(op, Kind.MathUnary, code, x, outOpt(o), d === undefined ? floatType : () => d, same);
  return twoOut(MODF, 1, 'float', args, run(MathOp.ModfFraction), run(MathOp.Trunc));
}

const FREXP: SigRef = { sig: 'numpy.frexp: frexp(x: ArrayInput, /, out1: NDArray | null = null, out2: NDArray | null = null, *, ' +
    'where: ArrayInput = true, casting: Casting = "same_kind", order: Order = "K", dtype: DTypeArg | null = null, subok: boolean = true) -> [NDArray, NDArray]' };
/**
 * `[mantissa, exponent]` with x = mantissa * 2 ** exponent, |mantissa| in [0.5, 1) (0 for 0; NaN and
 * +-inf give themselves and exponent 0); the mantissa in x's float dtype (as {@link cbrt}), the
 * exponent int32. Exact.
 */
// @overloads FREXP
export function frexp(x: ArrayInput, options?: { out1?: NDArray | null | undefined; out2?: NDArray | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
export function frexp(x: ArrayInput, out1?: NDArray | null, options?: { out2?: NDArray | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
export function frexp(x: ArrayInput, out1?: NDArray | null, out2?: NDArray | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): [NDArray, NDArray];
// @end
export function frexp(...args: unknown[]): [NDArray, NDArray] {
  const op = 'frexp';
  needFamily(op, MATH);
  const force = (d: DType | undefined) => {
    // NumPy: dtype names every output's dtype, and the exponent is int32: no loop
    if (d !== undefined) throw new StrideViewError('type_error', `${op}: no loop for dtype=${fmt(d)} (frexp gives a float mantissa and an int32 exponent)`);
    return floatType;
  };
  return twoOut(FREXP, 1, 'float', args,
    (x, o, d) => compute(op, Kind.MathUnary, MathOp.FrexpMantissa, x, outOpt(o), force(d), same),
    (x, o, d) => compute(op, Kind.MathUnary, MathOp.FrexpExponent, x, outOpt(o), force(d), () => 'int32'));
}
