// Elementwise math (NumPy's ufuncs): rounding, sign, powers, trigonometric and logarithmic
// functions, clip, logical ops and predicates. Each is one kernel call (runKernel) with NumPy
// broadcasting and the ufunc keywords (ufunc.ts: out positional or by name, where, casting, order,
// dtype, subok), reading strided, broadcast and padded views directly. The transcendental functions
// and pow run the engine's vector math library in the operand's own float dtype (SIMD128 lanes; the
// no-SIMD build gives the same results; float32 sinh, cosh, hypot, arctan2 and the inverse
// trigonometric and hyperbolic functions in float64 lanes), their float64 forms (but sinh, cosh) the C
// library; "max error": measured against an extended-precision reference (docs/math-accuracy.md).
import { BinaryOp, MATH_OPS, MathBinaryOp, MathOp, SingleOp } from './boundary_tables.js';
import { type DType, info, isComplexValue, promoteTypes, resultTypeWithScalar, scalarDType } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, Kind, asArray, forward, methodGroup } from './ndarray.js';
import { needFamily } from './families.js';
import { type ArrayInput, type OutOptions, cOrScalar, compute, floatType, inputsDType, isScalar, same, toBool } from './ops.js';
import { any, argmax } from './stats.js';
import { take } from './select.js';
import { type SigRef, bind } from './signature.js';
import { type Casting, type Loops, type Order, type UfuncRun, outArg, ufunc } from './ufunc.js';
import type { DTypeArg } from './creation.js';
import { TracedArray, hasTraced } from './traced.js';
import { partView } from './ndarray_methods.js';
import { complexTruth } from './truthiness.js';

/** @internal The dtype NumPy's promotion gives `inputs` (scalars value-based, as the ops do). */
export function resultDType(op: string, inputs: readonly unknown[]): DType {
  const arrs = inputs.map((x, i) => {
    if (x instanceof NDArray) return (x._check(op), x);
    if (x instanceof TracedArray || isScalar(x) || isComplexValue(x)) return x instanceof TracedArray ? x : null;
    const t = asArray(op, x, undefined, inputs.length === 1 ? 'x' : `x${i + 1}`);
    t.dispose();
    return { dtype: t.dtype };
  });
  return inputsDType(op, inputs, arrs);
}

/** @internal `{ out }` for compute, or undefined. */
export const outOpt = (out: NDArray | undefined): OutOptions | undefined => (out === undefined ? undefined : { out });

/** @internal NumPy's "no loop" refusal of a `dtype` the op has no loop for. */
export function noLoop(op: string, dtype: DType, has: string): never {
  throw new StrideViewError('type_error', `${op}: no loop for dtype=${fmt(dtype)} (${op} computes in ${has})`);
}

/**
 * @internal compute() for `op` through a kernel that C++ names `kernel` (its messages start
 * "kernel: "): the messages name `op` alone ("square: out has shape ...", not "square: mul: ...").
 */
export function computeAs(op: string, kernel: string, kind: Kind, code: number, inputs: readonly unknown[], options: OutOptions | undefined,
  force: ((d: DType) => DType) | undefined, result: (d: DType) => DType, names?: readonly string[]): NDArray {
  try {
    return compute(op, kind, code, inputs, options, force, result, 0, 0, 0, names);
  } catch (e) {
    const p = `${op}: ${kernel}: `;
    if (e instanceof StrideViewError && e.message.startsWith(p)) throw new StrideViewError(e.code, `${op}: ${e.message.slice(p.length)}`);
    throw e;
  }
}

/** @internal A ufunc's call: the bare call (nin array arguments, nothing else) straight to `run`, the rest through ufunc(). */
export function call(ref: SigRef, nin: number, loops: Loops, args: unknown[], run: UfuncRun): NDArray {
  if (args.length === nin && args.every(cOrScalar)) return run(args, undefined, undefined);
  return ufunc(ref, args, nin, loops, run);
}

// Vector math, clip and rounding: the 'math' family of the engine (families.ts), and NumPy's methods.
const MATH = /* @__PURE__ */ methodGroup('math', () => ({ clip: forward(clip), round: forward(round) }));

function float(ref: SigRef, name: keyof typeof MATH_OPS, args: unknown[]): NDArray {
  needFamily(name, MATH);
  return call(ref, 1, 'float', args, (x, o, d) =>
    compute(name, Kind.MathUnary, MATH_OPS[name], x, outOpt(o), d === undefined ? floatType : () => d, same),
  );
}

const FLOOR: SigRef = { sig: 'numpy.floor: floor(@ufunc1) -> NDArray' };
/** Largest integer <= x, elementwise (bool and 8-bit integers: float16, 16-bit: float32, else float64, as NumPy). */
// @overloads FLOOR
export function floor(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function floor(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function floor(...args: unknown[]): NDArray {
  return float(FLOOR, 'floor', args);
}
const CEIL: SigRef = { sig: 'numpy.ceil: ceil(@ufunc1) -> NDArray' };
/** Smallest integer >= x (dtypes as {@link floor}). */
// @overloads CEIL
export function ceil(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function ceil(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function ceil(...args: unknown[]): NDArray {
  return float(CEIL, 'ceil', args);
}
const TRUNC: SigRef = { sig: 'numpy.trunc: trunc(@ufunc1) -> NDArray' };
/** x rounded toward zero (dtypes as {@link floor}). */
// @overloads TRUNC
export function trunc(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function trunc(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function trunc(...args: unknown[]): NDArray {
  return float(TRUNC, 'trunc', args);
}
const SIN: SigRef = { sig: 'numpy.sin: sin(@ufunc1) -> NDArray' };
/** Sine (radians; bool and 8-bit integers: float16, 16-bit: float32, else float64). Max error 0.84 ulp (float32), 1.00 ulp (float64); large arguments fully reduced. */
// @overloads SIN
export function sin(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function sin(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function sin(...args: unknown[]): NDArray {
  return float(SIN, 'sin', args);
}
const COS: SigRef = { sig: 'numpy.cos: cos(@ufunc1) -> NDArray' };
/** Cosine (radians). Max error 0.85 ulp (float32), 0.99 ulp (float64). */
// @overloads COS
export function cos(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function cos(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function cos(...args: unknown[]): NDArray {
  return float(COS, 'cos', args);
}
const TAN: SigRef = { sig: 'numpy.tan: tan(@ufunc1) -> NDArray' };
/** Tangent (radians). Max error 1.27 ulp (float32), 1.02 ulp (float64). */
// @overloads TAN
export function tan(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function tan(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function tan(...args: unknown[]): NDArray {
  return float(TAN, 'tan', args);
}
const TANH: SigRef = { sig: 'numpy.tanh: tanh(@ufunc1) -> NDArray' };
/** Hyperbolic tangent. Max error 1.41 ulp (float32), 1.53 ulp (float64). */
// @overloads TANH
export function tanh(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function tanh(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function tanh(...args: unknown[]): NDArray {
  return float(TANH, 'tanh', args);
}
const EXP2: SigRef = { sig: 'numpy.exp2: exp2(@ufunc1) -> NDArray' };
/** 2 ** x. Max error 1.38 ulp (float32), 1.19 ulp (float64). */
// @overloads EXP2
export function exp2(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function exp2(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function exp2(...args: unknown[]): NDArray {
  return float(EXP2, 'exp2', args);
}
const LOG2: SigRef = { sig: 'numpy.log2: log2(@ufunc1) -> NDArray' };
/** Base-2 logarithm (NaN below 0, -inf at 0). Max error 0.87 ulp (float32), 0.84 ulp (float64). */
// @overloads LOG2
export function log2(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function log2(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function log2(...args: unknown[]): NDArray {
  return float(LOG2, 'log2', args);
}
const LOG10: SigRef = { sig: 'numpy.log10: log10(@ufunc1) -> NDArray' };
/** Base-10 logarithm. Max error 0.82 ulp (float32), 0.81 ulp (float64). */
// @overloads LOG10
export function log10(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function log10(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function log10(...args: unknown[]): NDArray {
  return float(LOG10, 'log10', args);
}
const LOG1P: SigRef = { sig: 'numpy.log1p: log1p(@ufunc1) -> NDArray' };
/** log(1 + x), accurate for small x. Max error 0.83 ulp (float32), 0.82 ulp (float64). */
// @overloads LOG1P
export function log1p(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function log1p(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function log1p(...args: unknown[]): NDArray {
  return float(LOG1P, 'log1p', args);
}
const EXPM1: SigRef = { sig: 'numpy.expm1: expm1(@ufunc1) -> NDArray' };
/** exp(x) - 1, accurate for small x. Max error 1.30 ulp (float32), 1.17 ulp (float64). */
// @overloads EXPM1
export function expm1(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function expm1(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function expm1(...args: unknown[]): NDArray {
  return float(EXPM1, 'expm1', args);
}
const SINH: SigRef = { sig: 'numpy.sinh: sinh(@ufunc1) -> NDArray' };
/** Hyperbolic sine (bool and 8-bit integers: float16, 16-bit: float32, else float64). Max error 0.50 ulp (float32), 1.61 ulp (float64); overflows to +-inf only past the float's range. */
// @overloads SINH
export function sinh(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function sinh(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function sinh(...args: unknown[]): NDArray {
  return float(SINH, 'sinh', args);
}
const COSH: SigRef = { sig: 'numpy.cosh: cosh(@ufunc1) -> NDArray' };
/** Hyperbolic cosine. Max error 0.50 ulp (float32), 1.26 ulp (float64). */
// @overloads COSH
export function cosh(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function cosh(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function cosh(...args: unknown[]): NDArray {
  return float(COSH, 'cosh', args);
}
const ARCSIN: SigRef = { sig: 'numpy.arcsin: arcsin(@ufunc1) -> NDArray' };
/** Inverse sine in [-pi/2, pi/2] (NaN outside [-1, 1]). Max error 0.50 ulp (float32, computed in float64 lanes), 0.83 ulp (float64). */
// @overloads ARCSIN
export function arcsin(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function arcsin(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function arcsin(...args: unknown[]): NDArray {
  return float(ARCSIN, 'arcsin', args);
}
const ARCCOS: SigRef = { sig: 'numpy.arccos: arccos(@ufunc1) -> NDArray' };
/** Inverse cosine in [0, pi] (NaN outside [-1, 1]). Max error 0.50 ulp (float32, computed in float64 lanes), 0.89 ulp (float64). */
// @overloads ARCCOS
export function arccos(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function arccos(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function arccos(...args: unknown[]): NDArray {
  return float(ARCCOS, 'arccos', args);
}
const ARCTAN: SigRef = { sig: 'numpy.arctan: arctan(@ufunc1) -> NDArray' };
/** Inverse tangent in [-pi/2, pi/2]. Max error 0.50 ulp (float32, computed in float64 lanes), 0.81 ulp (float64). */
// @overloads ARCTAN
export function arctan(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function arctan(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function arctan(...args: unknown[]): NDArray {
  return float(ARCTAN, 'arctan', args);
}
const ARCSINH: SigRef = { sig: 'numpy.arcsinh: arcsinh(@ufunc1) -> NDArray' };
/** Inverse hyperbolic sine. Max error 0.50 ulp (float32, computed in float64 lanes), 1.58 ulp (float64). */
// @overloads ARCSINH
export function arcsinh(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function arcsinh(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function arcsinh(...args: unknown[]): NDArray {
  return float(ARCSINH, 'arcsinh', args);
}
const ARCCOSH: SigRef = { sig: 'numpy.arccosh: arccosh(@ufunc1) -> NDArray' };
/** Inverse hyperbolic cosine (NaN below 1). Max error 0.50 ulp (float32, computed in float64 lanes), 1.99 ulp (float64). */
// @overloads ARCCOSH
export function arccosh(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function arccosh(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function arccosh(...args: unknown[]): NDArray {
  return float(ARCCOSH, 'arccosh', args);
}
const ARCTANH: SigRef = { sig: 'numpy.arctanh: arctanh(@ufunc1) -> NDArray' };
/** Inverse hyperbolic tangent (+-inf at +-1, NaN beyond). Max error 0.50 ulp (float32, computed in float64 lanes), 1.54 ulp (float64). */
// @overloads ARCTANH
export function arctanh(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function arctanh(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function arctanh(...args: unknown[]): NDArray {
  return float(ARCTANH, 'arctanh', args);
}
const squareType = (d: DType): DType => (d === 'bool' ? 'int8' : d);
function squareRun(op: string, a: unknown, out: NDArray | undefined, dtype: DType | undefined): NDArray {
  if (dtype === 'bool') noLoop(op, dtype, 'numeric dtypes');
  return computeAs(op, 'mul', Kind.Binary, BinaryOp.Mul, [a, a], outOpt(out), dtype === undefined ? squareType : () => dtype, same, ['x', 'x']);
}
const SQUARE: SigRef = { sig: 'numpy.square: square(@ufunc1) -> NDArray' };
/**
 * x * x, keeping integer dtypes (they wrap); bool gives int8 (NumPy). Runs as the SIMD multiply
 * of x by itself (for floats the same bits as NumPy's square: one correctly rounded product).
 */
// @overloads SQUARE
export function square(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function square(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function square(...args: unknown[]): NDArray {
  return call(SQUARE, 1, 'any', args, (x, o, d) => squareRun('square', x[0], o, d));
}

const SIGN: SigRef = { sig: 'numpy.sign: sign(@ufunc1) -> NDArray' };
/**
 * -1, 0 or 1 by the sign of x (floats: -0, +0 and NaN map to themselves; integers keep their
 * dtype; bool is an error, as NumPy: give a numeric `dtype`, e.g. `sign(b, { dtype: 'int8' })`).
 */
// @overloads SIGN
export function sign(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function sign(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function sign(...args: unknown[]): NDArray {
  const op = 'sign';
  needFamily(op, MATH);
  return call(SIGN, 1, 'any', args, (x, o, d) => {
    if (d === 'bool') noLoop(op, d, 'numeric dtypes');
    if (d === undefined && resultDType(op, x) === 'bool') {
      throw new StrideViewError('type_error', `${op}: bool input is not supported (NumPy has no sign for bool); give dtype='int8' or cast with astype('int8')`);
    }
    return compute(op, Kind.MathUnary, MathOp.Sign, x, outOpt(o), d === undefined ? undefined : () => d, same);
  });
}

/** The options object of {@link round} (its parameters by name). */
export type RoundOptions = { decimals?: number | undefined; out?: NDArray | null | undefined };
const ROUND: SigRef = { sig: 'numpy.round: round(a: ArrayInput, decimals: number = 0, out: NDArray | null = null) -> NDArray' };
/**
 * Rounds half to even (NumPy's round / around): `round([0.5, 1.5, 2.5])` is [0, 2, 2]. With
 * `decimals` d != 0 (`round(a, 1)`, `round(a, { decimals: 1 })`) it is rint(x * 10^d) / 10^d as
 * NumPy computes it (so 2.675 with d = 2 gives 2.67 or 2.68 as the binary value falls). Integers
 * keep their dtype (unchanged for d >= 0); bool gives float16. `out` receives the result (cast
 * same_kind).
 */
// @overloads ROUND
export function round(a: ArrayInput, options?: { decimals?: number | undefined; out?: NDArray | null | undefined }): NDArray;
export function round(a: ArrayInput, decimals?: number, options?: { out?: NDArray | null | undefined }): NDArray;
export function round(a: ArrayInput, decimals?: number, out?: NDArray | null): NDArray;
// @end
export function round(...args: unknown[]): NDArray {
  const op = 'round';
  needFamily(op, MATH);
  const [a, decimals, outArgument] = args.length === 1 ? [args[0], 0, null] : bind(ROUND, args);
  try {
    const dec = toInt(op, 'decimals', decimals);
    const options = outOpt(outArg(op, outArgument));
    const d = resultDType(op, [a]);
    const k = info(d).kind;
    if (k === 'c') { // NumPy rounds the real and the imaginary parts: a copy, each part rounded in place
      const r = compute(op, Kind.Copy, SingleOp.Only, [a], options, undefined, same);
      return [partView(r, 0, op), partView(r, 1, op)].reduce((acc, p) => (round(p, dec, p), p.dispose(), acc), r);
    }
    if (dec === 0 || (dec > 0 && (k === 'i' || k === 'u'))) {
      if (k === 'f' || k === 'b') return compute(op, Kind.MathUnary, MathOp.Round, [a], options, floatType, same);
      return compute(op, Kind.Copy, SingleOp.Only, [a], options, undefined, same);
    }
    // NumPy: y = x * 10^d (d > 0) or x / 10^-d (d < 0), rint, then undo in the same way.
    const f = 10 ** Math.abs(dec);
    if (!Number.isFinite(f)) throw new StrideViewError('out_of_range', `${op}: decimals ${dec} is out of range (|decimals| <= 308)`);
    const work: DType = k === 'f' ? d : k === 'b' ? 'float32' : 'float64';
    const mul = (p: unknown, q: unknown, o?: OutOptions): NDArray => computeAs(op, 'mul', Kind.Binary, BinaryOp.Mul, [p, q], o, undefined, same);
    const div = (p: unknown, q: unknown, o?: OutOptions): NDArray => computeAs(op, 'div', Kind.Binary, BinaryOp.Div, [p, q], o, undefined, same);
    if (a instanceof TracedArray) { // inside fuse(): the same ops, recorded
      if (k !== 'f') throw new StrideViewError('invalid_argument', `${op}: decimals other than 0 of a ${d} value cannot be fused`);
      const yr = compute(op, Kind.MathUnary, MathOp.Round, [dec > 0 ? mul(a, f) : div(a, f)], undefined, undefined, same);
      return dec > 0 ? div(yr, f, options) : mul(yr, f, options);
    }
    const x = a instanceof NDArray && a.dtype === work ? a : asArray(op, a, work, 'a');
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
            return compute(op, Kind.Copy, SingleOp.Only, [zi], options, undefined, () => d);
          } finally {
            zi.dispose();
          }
        }
        const r = dec > 0 ? div(y, f, options) : mul(y, f, options);
        if (k !== 'b' || options !== undefined) return r;
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

function powRun(op: string, a: unknown, b: unknown, out: NDArray | undefined, dtype: DType | undefined): NDArray {
  if (dtype === 'bool') noLoop(op, dtype, 'numeric dtypes');
  const d = dtype ?? resultDType(op, [a, b]);
  const k = info(d).kind;
  if ((k === 'i' || k === 'b') && !hasTraced([a, b])) {
    // NumPy: "Integers to negative integer powers are not allowed"; name the first one (inside
    // fuse() the engine reports the first it meets).
    let bad: string | null = null;
    // Only exponents that reach an element of the result count (an empty base: none do).
    const t = a instanceof NDArray || isScalar(a) ? null : asArray(op, a, undefined, 'x1');
    const emptyBase = a instanceof NDArray ? a.size === 0 : t !== null && t.size === 0;
    t?.dispose();
    if (emptyBase) {
      // nothing to check
    } else if (isScalar(b)) {
      if (Number(b) < 0) bad = `exponent ${fmt(b)}`;
    } else {
      const bd = resultDType(op, [b]);
      if (info(bd).kind === 'i' || info(bd).kind === 'f') {
        const m = computeAs(op, 'less', Kind.Binary, BinaryOp.Less, [b, 0], undefined, undefined, toBool);
        try {
          if (any(m)) {
            const i = Number(argmax(m));
            const v = take(b as ArrayInput, [i]);
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
  if (b === 2 && k === 'f') return squareRun(op, a, out, dtype); // x ** 2: exactly x * x (one rounding), the SIMD multiply
  const force = dtype !== undefined ? () => dtype : d === 'bool' ? () => 'int8' as DType : undefined;
  needFamily(op, MATH);
  return computeAs(op, 'pow', Kind.MathBinary, MathBinaryOp.Pow, [a, b], outOpt(out), force, same);
}
function powCall(ref: SigRef, op: string, args: unknown[]): NDArray {
  return call(ref, 2, 'any', args, (x, o, d) => {
    try {
      return powRun(op, x[0], x[1], o, d);
    } catch (e) {
      throw relabel(op, e);
    }
  });
}

const POW: SigRef = { sig: 'numpy.power: pow(@ufunc2) -> NDArray' };
/**
 * x1 ** x2 with broadcasting (NumPy's power; {@link power} is the same function under NumPy's
 * name), NumPy's special values (a negative base with a non-integer exponent gives NaN, 0 **
 * negative gives inf). float32: computed in float64 lanes and rounded once (max error 0.501 ulp);
 * float64: a table-based log and exp in double-double (max error 0.52 ulp). One scalar exponent
 * takes fast paths: 2 is {@link square}, 0.5 a square root, -1 a division, 3, 4, -2, -3, -4
 * products within 1.45 ulp (float32: 0.501). Integers stay integers (wrapping in the dtype, as
 * NumPy) and a negative integer exponent is an error ("Integers to negative integer powers are not
 * allowed", as NumPy; `dtype: 'float64'` computes in floats); bool gives int8.
 */
// @overloads POW
export function pow(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function pow(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function pow(...args: unknown[]): NDArray {
  return powCall(POW, 'pow', args);
}
const POWER: SigRef = { sig: 'numpy.power: power(@ufunc2) -> NDArray' };
/** NumPy's name for {@link pow} (the same function; errors say `power`). */
// @overloads POWER
export function power(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function power(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function power(...args: unknown[]): NDArray {
  return powCall(POWER, 'power', args);
}

/**
 * @internal The float dtype of a binary float function (NumPy's loop choice: the smallest float type every
 * operand casts to safely): float operands promote as usual; with integer and bool operands only,
 * each array operand's own float type counts (int16 and uint16 give float32, not float64 through
 * int32), and a JS scalar by its value's smallest dtype (-3: int8, so float16; 300: float32), or by its
 * own dtype (int64: float64) when its kind is above every array's (an integer next to bool arrays).
 */
export function float2Type(op: string, a: unknown, b: unknown): DType {
  const d = resultDType(op, [a, b]);
  if (info(d).kind === 'f' || (isScalar(a) && isScalar(b))) return floatType(d);
  const arrKind = Math.max(...[a, b].map((x) => (isScalar(x) ? -1 : resultDType(op, [x]) === 'bool' ? 0 : 1)));
  let f: DType | null = null;
  for (const x of [a, b]) {
    const v = Number(x);
    const small = (): DType => (v >= 0 ? (v < 256 ? 'uint8' : v < 65536 ? 'uint16' : 'uint32') : v >= -128 ? 'int8' : v >= -32768 ? 'int16' : 'int32');
    const t = !isScalar(x) ? floatType(resultDType(op, [x])) : typeof x === 'boolean' ? 'float16' : arrKind < 1 || Math.abs(v) >= 2 ** 31 ? 'float64' : floatType(small());
    f = f === null ? t : promoteTypes(f, t);
  }
  return f!;
}

function float2(ref: SigRef, name: 'arctan2' | 'hypot', args: unknown[]): NDArray {
  const code = name === 'hypot' ? MathBinaryOp.Hypot : MathBinaryOp.Arctan2;
  needFamily(name, MATH);
  return call(ref, 2, 'float', args, (x, o, d) => {
    try {
      const dt = d ?? float2Type(name, x[0], x[1]);
      return compute(name, Kind.MathBinary, code, x, outOpt(o), () => dt, same);
    } catch (e) {
      throw relabel(name, e);
    }
  });
}

const ARCTAN2: SigRef = { sig: 'numpy.arctan2: arctan2(@ufunc2) -> NDArray' };
/**
 * The angle of the point (x2, x1) in radians, in [-pi, pi], with the signs of both choosing the
 * quadrant (NumPy's arctan2(x1, x2): `arctan2(y, x)`), broadcasting; C99's special values
 * (arctan2(+-0, -0) = +-pi, arctan2(+-inf, +-inf) = +-pi/4 or +-3pi/4). dtypes promote as in
 * {@link add}, then integers and bool become float16 (8 bits), float32 (16 bits) or float64. Max error 0.50 ulp
 * (float32, computed in float64 lanes), 1.24 ulp (float64).
 */
// @overloads ARCTAN2
export function arctan2(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function arctan2(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function arctan2(...args: unknown[]): NDArray {
  return float2(ARCTAN2, 'arctan2', args);
}
const HYPOT: SigRef = { sig: 'numpy.hypot: hypot(@ufunc2) -> NDArray' };
/**
 * sqrt(x1 ** 2 + x2 ** 2) elementwise with broadcasting, without intermediate overflow or
 * underflow; an infinite operand gives +inf even next to NaN (C99, NumPy). dtypes as
 * {@link arctan2}. Max error 0.50 ulp (float32, computed in float64 lanes), 0.94 ulp (float64).
 */
// @overloads HYPOT
export function hypot(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function hypot(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function hypot(...args: unknown[]): NDArray {
  return float2(HYPOT, 'hypot', args);
}

const CLIP: SigRef = { sig: 'numpy.clip: clip(a: ArrayInput, aMin: ArrayInput | null, aMax: ArrayInput | null, out: NDArray | readonly [NDArray] | null = null, ' +
    '*, where: ArrayInput = true, casting: Casting = "same_kind", order: Order = "K", dtype: DTypeArg | null = null, subok: boolean = true) -> NDArray' };
/**
 * min(max(a, aMin), aMax) elementwise with broadcasting (NumPy clip); aMin or aMax may be null
 * (not both). dtypes promote as in {@link add}; NaN in a, aMin or aMax gives NaN; aMin > aMax
 * gives aMax. The ufunc keywords (where, casting, order, dtype, subok) as {@link add}.
 */
// @overloads CLIP
export function clip(a: ArrayInput, aMin: ArrayInput | null, aMax: ArrayInput | null, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function clip(a: ArrayInput, aMin: ArrayInput | null, aMax: ArrayInput | null, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function clip(...args: unknown[]): NDArray {
  const op = 'clip';
  needFamily(op, MATH);
  const run: UfuncRun = (x, o, d) => {
    const [a, lo, hi] = x;
    const noLo = lo === null || lo === undefined;
    const noHi = hi === null || hi === undefined;
    if (noLo && noHi) throw new StrideViewError('invalid_argument', `${op}: one of aMin and aMax must be given (both are ${fmt(lo)})`);
    const force = d === undefined ? undefined : () => d;
    if (noLo) return computeAs(op, 'minimum', Kind.Binary, BinaryOp.Minimum, [a, hi], outOpt(o), force, same, ['a', 'aMax']);
    if (noHi) return computeAs(op, 'maximum', Kind.Binary, BinaryOp.Maximum, [a, lo], outOpt(o), force, same, ['a', 'aMin']);
    return compute(op, Kind.Clip, SingleOp.Only, x, outOpt(o), force, same, 0, 0, 0, ['a', 'aMin', 'aMax']);
  };
  if (args.length === 3 && args[1] !== undefined && args[2] !== undefined) return run(args, undefined, undefined);
  return ufunc(CLIP, args, 3, 'any', run);
}

const pred1 = (ref: SigRef, name: keyof typeof MATH_OPS, args: unknown[]): NDArray => (needFamily(name, MATH),
  call(ref, 1, 'bool', args, (x, o) => compute(name, Kind.MathUnary, MATH_OPS[name], x, outOpt(o), undefined, toBool)));
const logical2 = (ref: SigRef, name: 'logicalAnd' | 'logicalOr' | 'logicalXor', code: MathBinaryOp, args: unknown[]): NDArray => (needFamily(name, MATH),
  call(ref, 2, 'bool', args, (x, o) => complexTruth(x, (t) => compute(name, Kind.MathBinary, code, t, outOpt(o), undefined, toBool))));

const LOGICAL_AND: SigRef = { sig: 'numpy.logical_and: logicalAnd(@ufunc2) -> NDArray' };
/** x1 != 0 and x2 != 0, elementwise (any dtypes; NaN counts as true); bool result. */
// @overloads LOGICAL_AND
export function logicalAnd(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function logicalAnd(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function logicalAnd(...args: unknown[]): NDArray {
  return logical2(LOGICAL_AND, 'logicalAnd', MathBinaryOp.LogicalAnd, args);
}
const LOGICAL_OR: SigRef = { sig: 'numpy.logical_or: logicalOr(@ufunc2) -> NDArray' };
/** x1 != 0 or x2 != 0, elementwise; bool result. */
// @overloads LOGICAL_OR
export function logicalOr(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function logicalOr(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function logicalOr(...args: unknown[]): NDArray {
  return logical2(LOGICAL_OR, 'logicalOr', MathBinaryOp.LogicalOr, args);
}
const LOGICAL_XOR: SigRef = { sig: 'numpy.logical_xor: logicalXor(@ufunc2) -> NDArray' };
/** (x1 != 0) != (x2 != 0), elementwise; bool result. */
// @overloads LOGICAL_XOR
export function logicalXor(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function logicalXor(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function logicalXor(...args: unknown[]): NDArray {
  return logical2(LOGICAL_XOR, 'logicalXor', MathBinaryOp.LogicalXor, args);
}
const LOGICAL_NOT: SigRef = { sig: 'numpy.logical_not: logicalNot(@ufunc1) -> NDArray' };
/** x == 0, elementwise (any dtype); bool result. */
// @overloads LOGICAL_NOT
export function logicalNot(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function logicalNot(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function logicalNot(...args: unknown[]): NDArray {
  return pred1(LOGICAL_NOT, 'logicalNot', args);
}
const ISNAN: SigRef = { sig: 'numpy.isnan: isnan(@ufunc1) -> NDArray' };
/** True where x is NaN (integers and bool: false). */
// @overloads ISNAN
export function isnan(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function isnan(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function isnan(...args: unknown[]): NDArray {
  return pred1(ISNAN, 'isnan', args);
}
const ISFINITE: SigRef = { sig: 'numpy.isfinite: isfinite(@ufunc1) -> NDArray' };
/** True where x is neither infinite nor NaN (integers and bool: true). */
// @overloads ISFINITE
export function isfinite(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function isfinite(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function isfinite(...args: unknown[]): NDArray {
  return pred1(ISFINITE, 'isfinite', args);
}
