// Tolerant and whole-array comparison as NumPy: isclose, allclose, arrayEqual. Each is a few
// elementwise kernel calls with broadcasting and one reduction; nothing is compared in TypeScript.
import { BinaryOp, UnaryOp } from './boundary_tables.js';
import { type DType, info } from './dtype.js';
import { fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray } from './ndarray.js';
import { type ArrayInput, same, toBool, where } from './ops.js';
import { computeAs, isfinite, isnan, logicalAnd, logicalOr } from './math.js';
import { tidy } from './tidy.js';
import { reduceAxes, scalarOf } from './axis_reductions.js';
import { type SigRef, bind } from './signature.js';

/** The options object of {@link isclose} and {@link allclose} (their parameters by name). */
export interface IscloseOptions {
  /** Relative tolerance (default 1e-5), times |b|. */
  rtol?: number | undefined;
  /** Absolute tolerance (default 1e-8). */
  atol?: number | undefined;
  /** NaN equals NaN (default false). */
  equalNan?: boolean | undefined;
}

/** NumPy's dtype of `b` in isclose: result_type(b, 1.0) (floats stay, the rest become float64). */
const floatOf = (d: DType): DType => (info(d).kind === 'f' || info(d).kind === 'c' ? d : 'float64');
/** abs's result dtype: a complex dtype's modulus is of its part dtype (NumPy's complex rule: |a - b| <= atol + rtol * |b|). */
const partType = (d: DType): DType => (d === 'complex64' ? 'float32' : d === 'complex128' ? 'float64' : d);

function num(op: string, name: string, v: unknown): number {
  if (typeof v !== 'number') throw new TypeError(`${op}: ${name} must be a number, got ${fmt(v)}`);
  return v;
}
function bool(op: string, name: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw new TypeError(`${op}: ${name} must be a boolean, got ${fmt(v)}`);
  return v;
}

function iscloseImpl(op: string, a: unknown, b: unknown, rtolArg: unknown, atolArg: unknown, equalNanArg: unknown): NDArray {
  const rtol = num(op, 'rtol', rtolArg);
  const atol = num(op, 'atol', atolArg);
  const equalNan = bool(op, 'equalNan', equalNanArg);
  const bin = (k: string, code: BinaryOp, p: unknown, q: unknown): NDArray => computeAs(op, k, Kind.Binary, code, [p, q], undefined, undefined, same);
  const cmp = (k: string, code: BinaryOp, p: unknown, q: unknown): NDArray => computeAs(op, k, Kind.Binary, code, [p, q], undefined, undefined, toBool);
  const abs = (p: NDArray): NDArray => computeAs(op, 'abs', Kind.Unary, UnaryOp.Abs, [p], undefined, undefined, partType);
  return tidy(() => {
    const x = asArray(op, a, undefined, 'a');
    let y = asArray(op, b, undefined, 'b');
    const fy = floatOf(y.dtype);
    if (fy !== y.dtype) y = y.astype(fy);
    // |x - y| <= atol + rtol * |y| where both are finite, x == y elsewhere (inf equals inf of its sign)
    const tol = bin('add', BinaryOp.Add, bin('mul', BinaryOp.Mul, abs(y), rtol), atol);
    const within = cmp('lessEqual', BinaryOp.LessEqual, abs(bin('sub', BinaryOp.Sub, x, y)), tol);
    const finite = logicalAnd(isfinite(x), isfinite(y));
    let r = where(finite, within, cmp('equal', BinaryOp.Equal, x, y));
    if (equalNan) r = logicalOr(r, logicalAnd(isnan(x), isnan(y)));
    return r;
  });
}

const ISCLOSE: SigRef = { sig: 'numpy.isclose: isclose(a: ArrayInput, b: ArrayInput, rtol: number = 1e-05, atol: number = 1e-08, equalNan: boolean = false) -> NDArray' };
/**
 * Elementwise `|a - b| <= atol + rtol * |b|` with broadcasting (NumPy isclose; not symmetric in a
 * and b): infinities are close only to themselves, NaN to nothing unless `equalNan`. `b` is taken
 * in a float dtype (integers as float64), so integer differences do not wrap. A bool array.
 * `isclose(a, b, 1e-3)`, `isclose(a, b, { atol: 1e-6, equalNan: true })`.
 */
// @overloads ISCLOSE
export function isclose(a: ArrayInput, b: ArrayInput, options?: { rtol?: number | undefined; atol?: number | undefined; equalNan?: boolean | undefined }): NDArray;
export function isclose(a: ArrayInput, b: ArrayInput, rtol?: number, options?: { atol?: number | undefined; equalNan?: boolean | undefined }): NDArray;
export function isclose(a: ArrayInput, b: ArrayInput, rtol?: number, atol?: number, options?: { equalNan?: boolean | undefined }): NDArray;
export function isclose(a: ArrayInput, b: ArrayInput, rtol?: number, atol?: number, equalNan?: boolean): NDArray;
// @end
export function isclose(...args: unknown[]): NDArray {
  const [a, b, rtol, atol, equalNan] = args.length === 2 ? [args[0], args[1], 1e-5, 1e-8, false] : bind(ISCLOSE, args);
  try {
    return iscloseImpl('isclose', a, b, rtol, atol, equalNan);
  } catch (e) {
    throw relabel('isclose', e);
  }
}

const ALLCLOSE: SigRef = { sig: 'numpy.allclose: allclose(a: ArrayInput, b: ArrayInput, rtol: number = 1e-05, atol: number = 1e-08, equalNan: boolean = false) -> boolean' };
/** True when every element pair is close by {@link isclose}'s rule (shapes broadcast); a boolean. */
// @overloads ALLCLOSE
export function allclose(a: ArrayInput, b: ArrayInput, options?: { rtol?: number | undefined; atol?: number | undefined; equalNan?: boolean | undefined }): boolean;
export function allclose(a: ArrayInput, b: ArrayInput, rtol?: number, options?: { atol?: number | undefined; equalNan?: boolean | undefined }): boolean;
export function allclose(a: ArrayInput, b: ArrayInput, rtol?: number, atol?: number, options?: { equalNan?: boolean | undefined }): boolean;
export function allclose(a: ArrayInput, b: ArrayInput, rtol?: number, atol?: number, equalNan?: boolean): boolean;
// @end
export function allclose(...args: unknown[]): boolean {
  const op = 'allclose';
  const [a, b, rtol, atol, equalNan] = args.length === 2 ? [args[0], args[1], 1e-5, 1e-8, false] : bind(ALLCLOSE, args);
  try {
    return tidy(() => scalarOf(reduceAxes(op, 'all', iscloseImpl(op, a, b, rtol, atol, equalNan), null, false))) as boolean;
  } catch (e) {
    throw relabel(op, e);
  }
}

const ARRAY_EQUAL: SigRef = { sig: 'numpy.array_equal: arrayEqual(a1: ArrayInput, a2: ArrayInput, equalNan: boolean = false) -> boolean' };
/**
 * True when a1 and a2 have the same shape (no broadcasting) and equal elements (NumPy array_equal);
 * with `equalNan`, NaN equals NaN. Values compare after NumPy's promotion (1 equals 1.0). A boolean.
 */
// @overloads ARRAY_EQUAL
export function arrayEqual(a1: ArrayInput, a2: ArrayInput, options?: { equalNan?: boolean | undefined }): boolean;
export function arrayEqual(a1: ArrayInput, a2: ArrayInput, equalNan?: boolean): boolean;
// @end
export function arrayEqual(...args: unknown[]): boolean {
  const op = 'arrayEqual';
  const [a, b, equalNanArg] = args.length === 2 ? [args[0], args[1], false] : bind(ARRAY_EQUAL, args);
  try {
    const equalNan = bool(op, 'equalNan', equalNanArg);
    return tidy(() => {
      const x = asArray(op, a, undefined, 'a1');
      const y = asArray(op, b, undefined, 'a2');
      if (x.ndim !== y.ndim || x.shape.some((d, i) => d !== y.shape[i])) return false;
      let eq = computeAs(op, 'equal', Kind.Binary, BinaryOp.Equal, [x, y], undefined, undefined, toBool);
      if (equalNan) eq = logicalOr(eq, logicalAnd(isnan(x), isnan(y)));
      return scalarOf(reduceAxes(op, 'all', eq, null, false)) as boolean;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
