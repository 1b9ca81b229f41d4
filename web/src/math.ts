// Elementwise math (NumPy's ufuncs): rounding, sign, powers, trigonometric and
// logarithmic functions, clip, logical ops and predicates. Each is one kernel call (runKernel)
// with NumPy broadcasting and `out`, reading strided, broadcast and padded views directly.
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

/** Largest integer <= x, elementwise (integers and bool: float32 up to 16 bits, else float64, as NumPy). */
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
/** Sine (radians; integers: float32 up to 16 bits, else float64). */
export function sin(a: ArrayInput, options?: OutOptions): NDArray {
  return float('sin', a, options);
}
/** Cosine (radians). */
export function cos(a: ArrayInput, options?: OutOptions): NDArray {
  return float('cos', a, options);
}
/** Tangent (radians). */
export function tan(a: ArrayInput, options?: OutOptions): NDArray {
  return float('tan', a, options);
}
/** Hyperbolic tangent. */
export function tanh(a: ArrayInput, options?: OutOptions): NDArray {
  return float('tanh', a, options);
}
/** 2 ** x. */
export function exp2(a: ArrayInput, options?: OutOptions): NDArray {
  return float('exp2', a, options);
}
/** Base-2 logarithm (NaN below 0, -inf at 0). */
export function log2(a: ArrayInput, options?: OutOptions): NDArray {
  return float('log2', a, options);
}
/** Base-10 logarithm. */
export function log10(a: ArrayInput, options?: OutOptions): NDArray {
  return float('log10', a, options);
}
/** log(1 + x), accurate for small x. */
export function log1p(a: ArrayInput, options?: OutOptions): NDArray {
  return float('log1p', a, options);
}
/** exp(x) - 1, accurate for small x. */
export function expm1(a: ArrayInput, options?: OutOptions): NDArray {
  return float('expm1', a, options);
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
        return dec > 0 ? div(y, f, outOnly(options)) : mul(y, f, outOnly(options));
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
 * a ** b with broadcasting: floats use the C library's pow; integers stay integers (wrapping in
 * the dtype, as NumPy) and a negative integer exponent is an error ("Integers to negative integer
 * powers are not allowed", as NumPy); bool gives int8.
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
