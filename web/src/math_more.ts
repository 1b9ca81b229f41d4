// More of NumPy's elementwise math whose results are exact or correctly rounded: cbrt, signbit,
// spacing, copysign, nextafter, fmax, fmin, ldexp, gcd, lcm (one MathUnary / MathBinary kernel
// call each: the 'math' family), and fabs, positive, reciprocal, fix (one existing kernel each).
// Every ufunc takes the ufunc keywords (ufunc.ts) and reads strided, broadcast and padded views in
// place. float16 values compute in float32 and round once (spacing and nextafter step in binary16).
import { BinaryOp, MathBinaryOp, MathOp, SingleOp, UnaryOp } from './boundary_tables.js';
import { type DType, info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, full } from './ndarray.js';
import { family, needFamily } from './families.js';
import { type ArrayInput, compute, floatType, isScalar, same, toBool, where } from './ops.js';
import { call, computeAs, float2Type, noLoop, outOpt, resultDType } from './math.js';
import { checkOutShape } from './math_composed.js';
import { partView } from './ndarray_methods.js';
import { type SigRef, bind } from './signature.js';
import { type Casting, type Order, outArg } from './ufunc.js';
import type { DTypeArg } from './creation.js';

const MATH = /* @__PURE__ */ family('math');

/** One float unary kernel: integers and bool compute in NumPy's float loop (floatType). */
function float1(ref: SigRef, op: string, code: (d: DType) => MathOp, result: (d: DType) => DType, args: unknown[]): NDArray {
  needFamily(op, MATH);
  return call(ref, 1, 'float', args, (x, o, d) => {
    const dt = d ?? floatType(resultDType(op, x));
    return compute(op, Kind.MathUnary, code(dt), x, outOpt(o), () => dt, result);
  });
}

/** One float binary kernel in NumPy's loop dtype for two float operands (float2Type). */
function float2(ref: SigRef, op: string, code: (d: DType) => MathBinaryOp, args: unknown[]): NDArray {
  needFamily(op, MATH);
  return call(ref, 2, 'float', args, (x, o, d) => {
    const dt = d ?? float2Type(op, x[0], x[1]);
    return compute(op, Kind.MathBinary, code(dt), x, outOpt(o), () => dt, same);
  });
}

const CBRT: SigRef = { sig: 'numpy.cbrt: cbrt(@ufunc1) -> NDArray' };
/**
 * Cube root, elementwise, negative values included (`cbrt(-8)` is -2); bool and 8-bit integers give
 * float16, 16-bit float32, else float64. The C library's cbrt: within 1 ulp (measured against
 * NumPy: identical on the tested values, at most 1 ulp apart).
 */
// @overloads CBRT
export function cbrt(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function cbrt(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function cbrt(...args: unknown[]): NDArray {
  return float1(CBRT, 'cbrt', () => MathOp.Cbrt, same, args);
}
const SIGNBIT: SigRef = { sig: 'numpy.signbit: signbit(@ufunc1) -> NDArray' };
/** True where the sign bit is set (-0.0 and negative NaN included); bool result. */
// @overloads SIGNBIT
export function signbit(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function signbit(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function signbit(...args: unknown[]): NDArray {
  const op = 'signbit';
  needFamily(op, MATH);
  return call(SIGNBIT, 1, 'bool', args, (x, o) => compute(op, Kind.MathUnary, MathOp.Signbit, x, outOpt(o), floatType, toBool));
}
const SPACING: SigRef = { sig: 'numpy.spacing: spacing(@ufunc1) -> NDArray' };
/**
 * The distance from x to the next float of its dtype away from zero (toward +inf for +-0):
 * `spacing(1)` is 2.22e-16 (float64 epsilon), `spacing(-1)` is -2.22e-16; NaN for +-inf and NaN.
 * Exact (float16 steps in binary16, as NumPy).
 */
// @overloads SPACING
export function spacing(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function spacing(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function spacing(...args: unknown[]): NDArray {
  return float1(SPACING, 'spacing', (d) => (d === 'float16' ? MathOp.SpacingHalf : MathOp.Spacing), same, args);
}
const COPYSIGN: SigRef = { sig: 'numpy.copysign: copysign(@ufunc2) -> NDArray' };
/** |x1| with the sign bit of x2, elementwise with broadcasting (float loops: integers as {@link arctan2}). Exact. */
// @overloads COPYSIGN
export function copysign(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function copysign(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function copysign(...args: unknown[]): NDArray {
  return float2(COPYSIGN, 'copysign', () => MathBinaryOp.Copysign, args);
}
const NEXTAFTER: SigRef = { sig: 'numpy.nextafter: nextafter(@ufunc2) -> NDArray' };
/** The next float of the dtype after x1 toward x2 (x2 itself when equal; NaN if either is NaN). Exact. */
// @overloads NEXTAFTER
export function nextafter(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function nextafter(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function nextafter(...args: unknown[]): NDArray {
  return float2(NEXTAFTER, 'nextafter', (d) => (d === 'float16' ? MathBinaryOp.NextafterHalf : MathBinaryOp.Nextafter), args);
}

function fminmax(ref: SigRef, op: 'fmax' | 'fmin', args: unknown[]): NDArray {
  needFamily(op, MATH);
  return call(ref, 2, 'any', args, (x, o, d) => {
    const dt = d ?? resultDType(op, x);
    if (info(dt).kind !== 'f') {
      // no NaN: NumPy's fmax / fmin are maximum / minimum
      const code = op === 'fmax' ? BinaryOp.Maximum : BinaryOp.Minimum;
      return computeAs(op, op === 'fmax' ? 'maximum' : 'minimum', Kind.Binary, code, x, outOpt(o), () => dt, same);
    }
    return compute(op, Kind.MathBinary, op === 'fmax' ? MathBinaryOp.Fmax : MathBinaryOp.Fmin, x, outOpt(o), () => dt, same);
  });
}
const FMAX: SigRef = { sig: 'numpy.fmax: fmax(@ufunc2) -> NDArray' };
/**
 * The larger of x1 and x2, elementwise with broadcasting, ignoring NaN: a NaN gives the other
 * operand (NaN only when both are); dtypes promote as {@link add}. Equal operands give x2 (so
 * `fmax(-0, 0)` is 0 and `fmax(0, -0)` is -0, as NumPy).
 */
// @overloads FMAX
export function fmax(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function fmax(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function fmax(...args: unknown[]): NDArray {
  return fminmax(FMAX, 'fmax', args);
}
const FMIN: SigRef = { sig: 'numpy.fmin: fmin(@ufunc2) -> NDArray' };
/** The smaller of x1 and x2, ignoring NaN (see {@link fmax}). */
// @overloads FMIN
export function fmin(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function fmin(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function fmin(...args: unknown[]): NDArray {
  return fminmax(FMIN, 'fmin', args);
}

const LDEXP: SigRef = { sig: 'numpy.ldexp: ldexp(@ufunc2) -> NDArray' };
/**
 * x1 * 2 ** x2, elementwise with broadcasting; x2 must be integers (bool, int8 .. int64, uint8 ..
 * uint32; floats and uint64 are a TypeError, as NumPy). The result has x1's float dtype (integers
 * as {@link cbrt}); exact, or correctly rounded when it falls into the subnormals.
 */
// @overloads LDEXP
export function ldexp(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function ldexp(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function ldexp(...args: unknown[]): NDArray {
  const op = 'ldexp';
  needFamily(op, MATH);
  return call(LDEXP, 2, 'float', args, (x, o, d) => {
    if (d !== undefined) noLoop(op, d, 'its own loops: a float x1 and an integer x2; dtype would make both float');
    const named = (v: unknown, name: string): DType => {
      try {
        return resultDType(op, [v]);
      } catch (err) {
        throw err instanceof TypeError ? new TypeError(err.message.replace(`${op}: x must`, `${op}: ${name} must`)) : err;
      }
    };
    const x1 = named(x[0], 'x1');
    const e = isScalar(x[1]) ? null : named(x[1], 'x2');
    if (isScalar(x[1]) ? !Number.isInteger(Number(x[1])) : info(e!).kind === 'f' || e === 'uint64') {
      throw new StrideViewError('type_error', `${op}: x2 must hold integers (bool, int8..int64, uint8..uint32), got ${e === null ? fmt(x[1]) : e}`);
    }
    const dt = d ?? floatType(x1);
    return compute(op, Kind.MathBinary, MathBinaryOp.Ldexp, x, outOpt(o), () => dt, same);
  });
}

function gcdLcm(ref: SigRef, op: 'gcd' | 'lcm', args: unknown[]): NDArray {
  needFamily(op, MATH);
  return call(ref, 2, 'int', args, (x, o, d) => {
    const dt = d ?? resultDType(op, x);
    if (info(dt).kind === 'f') throw new StrideViewError('type_error', `${op}: x1 and x2 must be integers or bool, got dtype ${dt}`);
    if (dt === 'bool') noLoop(op, dt, 'integer dtypes');
    const code = op === 'gcd' ? MathBinaryOp.Gcd : MathBinaryOp.Lcm;
    return compute(op, Kind.MathBinary, code, x, outOpt(o), () => dt, same);
  });
}
const GCD: SigRef = { sig: 'numpy.gcd: gcd(@ufunc2) -> NDArray' };
/**
 * The greatest common divisor of |x1| and |x2|, elementwise with broadcasting (integers; bool
 * is a TypeError, as NumPy; `gcd(0, 0)` is 0). Results wrap into the dtype (gcd(int8 -128, 0) is -128).
 */
// @overloads GCD
export function gcd(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function gcd(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function gcd(...args: unknown[]): NDArray {
  return gcdLcm(GCD, 'gcd', args);
}
const LCM: SigRef = { sig: 'numpy.lcm: lcm(@ufunc2) -> NDArray' };
/** The least common multiple of |x1| and |x2| (0 when either is 0), wrapping in the dtype as NumPy. */
// @overloads LCM
export function lcm(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function lcm(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function lcm(...args: unknown[]): NDArray {
  return gcdLcm(LCM, 'lcm', args);
}

const FABS: SigRef = { sig: 'numpy.fabs: fabs(@ufunc1) -> NDArray' };
/** |x| in a float dtype (NumPy's fabs: integers become floats as {@link cbrt}, unlike {@link abs}). Exact. */
// @overloads FABS
export function fabs(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function fabs(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function fabs(...args: unknown[]): NDArray {
  const op = 'fabs';
  return call(FABS, 1, 'float', args, (x, o, d) => {
    if (info(resultDType(op, x)).kind === 'c') throw new StrideViewError('type_error', `${op}: not supported for ${resultDType(op, x)} (NumPy has no complex loop for it; abs gives the modulus)`);
    return computeAs(op, 'abs', Kind.Unary, UnaryOp.Abs, x, outOpt(o), d === undefined ? floatType : () => d, same);
  });
}
const POSITIVE: SigRef = { sig: 'numpy.positive: positive(@ufunc1) -> NDArray' };
/** +x: a copy of x in its dtype (bool is a TypeError, as NumPy). */
// @overloads POSITIVE
export function positive(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function positive(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function positive(...args: unknown[]): NDArray {
  const op = 'positive';
  return call(POSITIVE, 1, 'any', args, (x, o, d) => {
    const dt = d ?? resultDType(op, x);
    if (dt === 'bool') throw new StrideViewError('type_error', `${op}: no loop for bool (NumPy has no positive for bool); cast with astype first`);
    if (x[0] instanceof NDArray) checkOutShape(op, o, x[0].shape, dt);
    return computeAs(op, 'copy', Kind.Copy, SingleOp.Only, x, outOpt(o), () => dt, same);
  });
}
const RECIPROCAL: SigRef = { sig: 'numpy.reciprocal: reciprocal(@ufunc1) -> NDArray' };
/**
 * 1 / x in x's dtype: floats correctly rounded (one division); integers truncate as NumPy's
 * (1 for 1, -1 for -1, 0 otherwise; bool computes in int8). `reciprocal(0)` of an integer gives
 * NumPy's value: the smallest int32 / int64, 0 for the other integer dtypes.
 */
// @overloads RECIPROCAL
export function reciprocal(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function reciprocal(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function reciprocal(...args: unknown[]): NDArray {
  const op = 'reciprocal';
  return call(RECIPROCAL, 1, 'any', args, (x, o, d) => {
    const r = d ?? resultDType(op, x);
    const dt = r === 'bool' ? 'int8' : r;
    if (info(dt).kind === 'f' || info(dt).kind === 'c') return computeAs(op, 'div', Kind.Binary, BinaryOp.Div, [1, x[0]], outOpt(o), () => dt, same);
    // integers: trunc(1 / x) (-1, 0 or 1) in float64, cast back; x == 0 gives NumPy's (x86) value:
    // the smallest int32 / int64, 0 for the other integer dtypes
    const zero = dt === 'int32' ? -(2 ** 31) : dt === 'int64' ? -(2 ** 63) : 0;
    const t: NDArray[] = [];
    try {
      const q = computeAs(op, 'div', Kind.Binary, BinaryOp.Div, [1, x[0]], undefined, () => 'float64', same);
      t.push(q);
      const z = computeAs(op, 'equal', Kind.Binary, BinaryOp.Equal, [x[0], 0], undefined, () => dt, toBool);
      t.push(z);
      const zv = full([], zero, dt);
      t.push(zv);
      const qi = q.astype(dt);
      t.push(qi);
      const r = where(z, zv, qi);
      t.push(r);
      return computeAs(op, 'copy', Kind.Copy, SingleOp.Only, [r], outOpt(o), undefined, () => dt);
    } finally {
      for (const v of t) v.dispose();
    }
  });
}

const RINT: SigRef = { sig: 'numpy.rint: rint(@ufunc1) -> NDArray' };
/**
 * Rounds to the nearest integer, halves to even (NumPy's rint: `round` with NumPy's float loop, so
 * integers and bool become floats as for {@link floor}: 8-bit float16, 16-bit float32, else
 * float64); complex values round both parts.
 */
// @overloads RINT
export function rint(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function rint(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function rint(...args: unknown[]): NDArray {
  const op = 'rint';
  needFamily(op, MATH);
  return call(RINT, 1, 'float', args, (x, o, d) => {
    const dt = d ?? floatType(resultDType(op, x));
    if (info(dt).kind !== 'c') return compute(op, Kind.MathUnary, MathOp.Round, x, outOpt(o), () => dt, same);
    // complex: a copy in the result dtype, each part rounded in place (NumPy rounds both parts)
    const r = compute(op, Kind.Copy, SingleOp.Only, x, outOpt(o), () => dt, same);
    for (const part of [0, 1] as const) {
      const p = partView(r, part, op);
      compute(op, Kind.MathUnary, MathOp.Round, [p], { out: p }, undefined, same);
      p.dispose();
    }
    return r;
  });
}

const FIX: SigRef = { sig: 'numpy.fix: fix(x: ArrayInput, out: NDArray | null = null) -> NDArray' };
/** Rounds toward zero (NumPy's fix: {@link trunc}, with its dtypes: integers and bool become floats). */
// @overloads FIX
export function fix(x: ArrayInput, options?: { out?: NDArray | null | undefined }): NDArray;
export function fix(x: ArrayInput, out?: NDArray | null): NDArray;
// @end
export function fix(...args: unknown[]): NDArray {
  const op = 'fix';
  const [x, outArgument] = bind(FIX, args);
  try {
    needFamily(op, MATH);
    return compute(op, Kind.MathUnary, MathOp.Trunc, [x], outOpt(outArg(op, outArgument)), floatType, same);
  } catch (e) {
    throw relabel(op, e);
  }
}
