// Elementwise math (NumPy's ufuncs): rounding, sign, powers, trigonometric and
// logarithmic functions, clip, logical ops and predicates. Each is one kernel call (runKernel)
// with NumPy broadcasting and `out`, reading strided, broadcast and padded views directly.
// The transcendental functions and pow run the engine's vector math library in the operand's own
// float dtype (SIMD128 lanes; the no-SIMD build gives the same results; float32 sinh, cosh, hypot,
// arctan2 and the inverse trigonometric and hyperbolic functions in float64 lanes), their float64
// forms (but sinh, cosh) the C library; the "max error" in each
// function's comment is the measured maximum against an extended-precision reference
// (docs/math-accuracy.md), special values are NumPy's.
import { BinaryOp, MATH_OPS, MathBinaryOp, MathOp, SingleOp } from './boundary_tables.js';
import { type DType, info, promoteTypes, resultTypeWithScalar, scalarDType } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, Kind, asArray } from './ndarray.js';
import {
  type ArrayInput,
  type OutOptions,
  compute,
  div,
  floatType,
  isScalar,
  less,
  maximum,
  minimum,
  mul,
  same,
  toBool,
} from './ops.js';
import { any, argmax } from './stats.js';
import { take } from './select.js';


/** The dtype NumPy's promotion gives `inputs` (scalars value-based, as the ops do). */
function resultDType(op: string, inputs: readonly unknown[]): DType {
  let dt: DType | null = null;
  for (const x of inputs) {
    let d: DType | null = null;
    if (x instanceof NDArray) {
      x._check(op);
      d = x.dtype;
    } else if (!isScalar(x)) {
      const t = asArray(op, x);
      d = t.dtype;
      t.dispose();
    }
    if (d !== null) dt = dt === null ? d : promoteTypes(dt, d);
  }
  if (dt === null) {
    for (const x of inputs) {
      const sd = scalarDType(x as never, op);
      dt = dt === null ? sd : promoteTypes(dt, sd);
    }
    return dt!;
  }
  for (const x of inputs) if (isScalar(x)) dt = resultTypeWithScalar(dt, x);
  return dt;
}

function sizeOf(op: string, x: unknown): number {
  const t = asArray(op, x);
  const n = t.size;
  if (t !== x) t.dispose();
  return n;
}

function float(name: keyof typeof MATH_OPS, a: ArrayInput, options: OutOptions | undefined): NDArray {
  return compute(name, Kind.MathUnary, MATH_OPS[name], [a], options, floatType, same);
}

/** Largest integer <= x, elementwise (bool and 8-bit integers: float16, 16-bit: float32, else float64, as NumPy). */
export function floor(a: ArrayInput, options?: OutOptions): NDArray {
  return float('floor', a, options);
}
/** Smallest integer >= x (dtypes as {@link floor}). */
export function ceil(a: ArrayInput, options?: OutOptions): NDArray {
  return float('ceil', a, options);
}
/** x rounded toward zero (dtypes as {@link floor}). */
export function trunc(a: ArrayInput, options?: OutOptions): NDArray {
  return float('trunc', a, options);
}
/** Sine (radians; bool and 8-bit integers: float16, 16-bit: float32, else float64). Max error 0.84 ulp (float32), 1.00 ulp (float64); large arguments fully reduced. */
export function sin(a: ArrayInput, options?: OutOptions): NDArray {
  return float('sin', a, options);
}
/** Cosine (radians). Max error 0.85 ulp (float32), 0.99 ulp (float64). */
export function cos(a: ArrayInput, options?: OutOptions): NDArray {
  return float('cos', a, options);
}
/** Tangent (radians). Max error 1.27 ulp (float32), 1.02 ulp (float64). */
export function tan(a: ArrayInput, options?: OutOptions): NDArray {
  return float('tan', a, options);
}
/** Hyperbolic tangent. Max error 1.41 ulp (float32), 1.53 ulp (float64). */
export function tanh(a: ArrayInput, options?: OutOptions): NDArray {
  return float('tanh', a, options);
}
/** 2 ** x. Max error 1.38 ulp (float32), 1.19 ulp (float64). */
export function exp2(a: ArrayInput, options?: OutOptions): NDArray {
  return float('exp2', a, options);
}
/** Base-2 logarithm (NaN below 0, -inf at 0). Max error 0.87 ulp (float32), 0.84 ulp (float64). */
export function log2(a: ArrayInput, options?: OutOptions): NDArray {
  return float('log2', a, options);
}
/** Base-10 logarithm. Max error 0.82 ulp (float32), 0.81 ulp (float64). */
export function log10(a: ArrayInput, options?: OutOptions): NDArray {
  return float('log10', a, options);
}
/** log(1 + x), accurate for small x. Max error 0.83 ulp (float32), 0.82 ulp (float64). */
export function log1p(a: ArrayInput, options?: OutOptions): NDArray {
  return float('log1p', a, options);
}
/** exp(x) - 1, accurate for small x. Max error 1.30 ulp (float32), 1.17 ulp (float64). */
export function expm1(a: ArrayInput, options?: OutOptions): NDArray {
  return float('expm1', a, options);
}
/** Hyperbolic sine (bool and 8-bit integers: float16, 16-bit: float32, else float64). Max error 0.50 ulp (float32), 1.61 ulp (float64); overflows to +-inf only past the float's range. */
export function sinh(a: ArrayInput, options?: OutOptions): NDArray {
  return float('sinh', a, options);
}
/** Hyperbolic cosine. Max error 0.50 ulp (float32), 1.26 ulp (float64). */
export function cosh(a: ArrayInput, options?: OutOptions): NDArray {
  return float('cosh', a, options);
}
/** Inverse sine in [-pi/2, pi/2] (NaN outside [-1, 1]). Max error 0.50 ulp (float32, computed in float64 lanes), 0.83 ulp (float64). */
export function arcsin(a: ArrayInput, options?: OutOptions): NDArray {
  return float('arcsin', a, options);
}
/** Inverse cosine in [0, pi] (NaN outside [-1, 1]). Max error 0.50 ulp (float32, computed in float64 lanes), 0.89 ulp (float64). */
export function arccos(a: ArrayInput, options?: OutOptions): NDArray {
  return float('arccos', a, options);
}
/** Inverse tangent in [-pi/2, pi/2]. Max error 0.50 ulp (float32, computed in float64 lanes), 0.81 ulp (float64). */
export function arctan(a: ArrayInput, options?: OutOptions): NDArray {
  return float('arctan', a, options);
}
/** Inverse hyperbolic sine. Max error 0.50 ulp (float32, computed in float64 lanes), 1.58 ulp (float64). */
export function arcsinh(a: ArrayInput, options?: OutOptions): NDArray {
  return float('arcsinh', a, options);
}
/** Inverse hyperbolic cosine (NaN below 1). Max error 0.50 ulp (float32, computed in float64 lanes), 1.99 ulp (float64). */
export function arccosh(a: ArrayInput, options?: OutOptions): NDArray {
  return float('arccosh', a, options);
}
/** Inverse hyperbolic tangent (+-inf at +-1, NaN beyond). Max error 0.50 ulp (float32, computed in float64 lanes), 1.54 ulp (float64). */
export function arctanh(a: ArrayInput, options?: OutOptions): NDArray {
  return float('arctanh', a, options);
}

/**
 * x * x, keeping integer dtypes (they wrap); bool gives int8 (NumPy). Runs as the SIMD multiply
 * of x by itself (for floats the same bits as NumPy's square: one correctly rounded product).
 */
export function square(a: ArrayInput, options?: OutOptions): NDArray {
  const op = 'square';
  try {
    const t = isScalar(a) || !(a instanceof NDArray) || a.dtype === 'bool' ? (d: DType): DType => (d === 'bool' ? 'int8' : d) : undefined;
    return compute(op, Kind.Binary, BinaryOp.Mul, [a, a], options, t, same);
  } catch (e) {
    throw relabel(op, e);
  }
}

/** -1, 0 or 1 by the sign of x (floats: -0, +0 and NaN map to themselves; integers keep their dtype; bool is an error, as NumPy). */
export function sign(a: ArrayInput, options?: OutOptions): NDArray {
  const op = 'sign';
  try {
    if (resultDType(op, [a]) === 'bool') {
      throw new StrideViewError('type_error', `${op}: bool input is not supported (NumPy has no sign for bool); cast with astype('int8') first`);
    }
    return compute(op, Kind.MathUnary, MathOp.Sign, [a], options, undefined, same);
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of {@link round}. */
export interface RoundOptions extends OutOptions {
  /** Decimal places (an integer; negative rounds to tens, hundreds...). Default 0. */
  decimals?: number;
}

/**
 * Rounds half to even (NumPy's round / around): `round([0.5, 1.5, 2.5])` is [0, 2, 2]. With
 * `decimals` d != 0 it is rint(x * 10^d) / 10^d as NumPy computes it (so 2.675 with d = 2 gives
 * 2.67 or 2.68 as the binary value falls). Integers keep their dtype (unchanged for d >= 0); bool
 * gives float32.
 */
export function round(a: ArrayInput, options?: RoundOptions): NDArray {
  const op = 'round';
  try {
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
    }
    const dec = options?.decimals === undefined ? 0 : toInt(op, 'decimals', options.decimals);
    const d = resultDType(op, [a]);
    const k = info(d).kind;
    if (dec === 0 || (dec > 0 && (k === 'i' || k === 'u'))) {
      if (k === 'f' || k === 'b') return compute(op, Kind.MathUnary, MathOp.Round, [a], options, floatType, same);
      return compute(op, Kind.Copy, SingleOp.Only, [a], options, undefined, same);
    }
    // NumPy: y = x * 10^d (d > 0) or x / 10^-d (d < 0), rint, then undo in the same way.
    const f = 10 ** Math.abs(dec);
    if (!Number.isFinite(f)) throw new StrideViewError('out_of_range', `${op}: decimals ${dec} is out of range (|decimals| <= 308)`);
    const work: DType = k === 'f' ? d : k === 'b' ? 'float32' : 'float64';
    const x = a instanceof NDArray && a.dtype === work ? a : asArray(op, a, work);
    try {
      const y = dec > 0 ? mul(x, f) : div(x, f);
      try {
        compute(op, Kind.MathUnary, MathOp.Round, [y], { out: y }, undefined, same);
        if (k === 'i' || k === 'u') {
          // Back to the integer dtype through int64 (exact), so that values past the dtype's range
          // wrap as NumPy's cast does (uint8 255 at decimals -1: 260 -> 4), never saturate.
          const z = mul(y, f);
          const zi = z._materialize(op, 'int64');
          z.dispose();
          try {
            return compute(op, Kind.Copy, SingleOp.Only, [zi], outOnly(options), undefined, () => d);
          } finally {
            zi.dispose();
          }
        }
        const r = dec > 0 ? div(y, f, outOnly(options)) : mul(y, f, outOnly(options));
        if (k !== 'b' || options?.out !== undefined) return r;
        try {
          return r.astype(floatType(d)); // bool: float16, as for decimals 0 (values 0 and 1 are exact)
        } finally {
          r.dispose();
        }
      } finally {
        y.dispose();
      }
    } finally {
      if (x !== a) x.dispose();
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

function outOnly(o: OutOptions | undefined): OutOptions | undefined {
  return o === undefined || o.out === undefined ? undefined : { out: o.out };
}

/**
 * a ** b with broadcasting, NumPy's special values (a negative base with a non-integer exponent
 * gives NaN, 0 ** negative gives inf). float32: computed in float64 lanes and rounded once (max
 * error 0.501 ulp); float64: a table-based log and exp in double-double (max error 0.52 ulp). One
 * scalar exponent takes fast paths: 2 is {@link square}, 0.5 a square root, -1 a division, 3, 4,
 * -2, -3, -4 products within 1.45 ulp (float32: 0.501). Integers stay integers (wrapping in the dtype, as NumPy) and a negative integer
 * exponent is an error ("Integers to negative integer powers are not allowed", as NumPy); bool
 * gives int8.
 */
export function pow(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  const op = 'pow';
  try {
    const d = resultDType(op, [a, b]);
    const k = info(d).kind;
    if (k === 'i' || k === 'b') {
      // NumPy: "Integers to negative integer powers are not allowed"; name the first one.
      let bad: string | null = null;
      // Only exponents that reach an element of the result count (an empty base: none do).
      const emptyBase = a instanceof NDArray ? a.size === 0 : !isScalar(a) && sizeOf(op, a) === 0;
      if (emptyBase) {
        // nothing to check
      } else if (isScalar(b)) {
        if (Number(b) < 0) bad = `exponent ${fmt(b)}`;
      } else {
        const bd = resultDType(op, [b]);
        if (info(bd).kind === 'i' || info(bd).kind === 'f') {
          const m = less(b, 0);
          try {
            if (any(m)) {
              const i = Number(argmax(m));
              const v = take(b, [i]);
              bad = `exponent ${fmt(v.item())} at flat index ${i} of the exponents`;
              v.dispose();
            }
          } finally {
            m.dispose();
          }
        }
      }
      if (bad !== null) {
        throw new StrideViewError('invalid_argument', `${op}: integers to negative integer powers are not allowed: ${bad} (result dtype ${d}); use a float base or exponent`);
      }
    }
    if (b === 2 && k === 'f') return square(a, options); // x ** 2: exactly x * x (one rounding), the SIMD multiply
    return compute(op, Kind.MathBinary, MathBinaryOp.Pow, [a, b], options, d === 'bool' ? () => 'int8' : undefined, same);
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * The float dtype of a binary float function (NumPy's loop choice: the smallest float type every
 * operand casts to safely): float operands promote as usual; with integer and bool operands only,
 * each array operand's own float type counts (int16 and uint16 give float32, not float64 through
 * int32), and a JS scalar counts through the promoted integer dtype (value-based).
 */
function float2Type(op: string, a: ArrayInput, b: ArrayInput): DType {
  const d = resultDType(op, [a, b]);
  if (info(d).kind === 'f') return d;
  let f: DType | null = null;
  for (const x of [a, b]) {
    const t = isScalar(x) ? floatType(d) : floatType(resultDType(op, [x]));
    f = f === null ? t : promoteTypes(f, t);
  }
  return f!;
}

function float2(name: 'arctan2' | 'hypot', a: ArrayInput, b: ArrayInput, options: OutOptions | undefined): NDArray {
  try {
    const dt = float2Type(name, a, b);
    return compute(name, Kind.MathBinary, name === 'hypot' ? MathBinaryOp.Hypot : MathBinaryOp.Arctan2, [a, b], options, () => dt, same);
  } catch (e) {
    throw relabel(name, e);
  }
}

/**
 * The angle of the point (x2, x1) in radians, in [-pi, pi], with the signs of both choosing the
 * quadrant (NumPy's arctan2(x1, x2): `arctan2(y, x)`), broadcasting; C99's special values
 * (arctan2(+-0, -0) = +-pi, arctan2(+-inf, +-inf) = +-pi/4 or +-3pi/4). dtypes promote as in
 * {@link add}, then integers and bool become float16 (8 bits), float32 (16 bits) or float64. Max error 0.50 ulp
 * (float32, computed in float64 lanes), 1.24 ulp (float64).
 */
export function arctan2(x1: ArrayInput, x2: ArrayInput, options?: OutOptions): NDArray {
  return float2('arctan2', x1, x2, options);
}
/**
 * sqrt(x1 ** 2 + x2 ** 2) elementwise with broadcasting, without intermediate overflow or
 * underflow; an infinite operand gives +inf even next to NaN (C99, NumPy). dtypes as
 * {@link arctan2}. Max error 0.50 ulp (float32, computed in float64 lanes), 0.94 ulp (float64).
 */
export function hypot(x1: ArrayInput, x2: ArrayInput, options?: OutOptions): NDArray {
  return float2('hypot', x1, x2, options);
}

/**
 * min(max(a, lo), hi) elementwise with broadcasting (NumPy clip); lo or hi may be null (not both).
 * dtypes promote as in {@link add}; NaN in a, lo or hi gives NaN; lo > hi gives hi.
 */
export function clip(a: ArrayInput, lo: ArrayInput | null | undefined, hi: ArrayInput | null | undefined, options?: OutOptions): NDArray {
  const op = 'clip';
  try {
    const noLo = lo === null || lo === undefined;
    const noHi = hi === null || hi === undefined;
    if (noLo && noHi) throw new StrideViewError('invalid_argument', `${op}: one of lo and hi must be given (both are ${fmt(lo)})`);
    if (noLo) return minimum(a, hi!, options);
    if (noHi) return maximum(a, lo!, options);
    return compute(op, Kind.Clip, SingleOp.Only, [a, lo, hi], options, undefined, same);
  } catch (e) {
    throw relabel(op, e);
  }
}

/** x != 0 and y != 0, elementwise (any dtypes; NaN counts as true); bool result. */
export function logicalAnd(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return compute('logicalAnd', Kind.MathBinary, MathBinaryOp.LogicalAnd, [a, b], options, undefined, toBool);
}
/** x != 0 or y != 0, elementwise; bool result. */
export function logicalOr(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return compute('logicalOr', Kind.MathBinary, MathBinaryOp.LogicalOr, [a, b], options, undefined, toBool);
}
/** (x != 0) != (y != 0), elementwise; bool result. */
export function logicalXor(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return compute('logicalXor', Kind.MathBinary, MathBinaryOp.LogicalXor, [a, b], options, undefined, toBool);
}
/** x == 0, elementwise (any dtype); bool result. */
export function logicalNot(a: ArrayInput, options?: OutOptions): NDArray {
  return compute('logicalNot', Kind.MathUnary, MathOp.LogicalNot, [a], options, undefined, toBool);
}
/** True where x is NaN (integers and bool: false). */
export function isnan(a: ArrayInput, options?: OutOptions): NDArray {
  return compute('isnan', Kind.MathUnary, MathOp.Isnan, [a], options, undefined, toBool);
}
/** True where x is neither infinite nor NaN (integers and bool: true). */
export function isfinite(a: ArrayInput, options?: OutOptions): NDArray {
  return compute('isfinite', Kind.MathUnary, MathOp.Isfinite, [a], options, undefined, toBool);
}
