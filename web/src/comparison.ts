// Tolerant and whole-array comparison as NumPy: isclose, allclose, arrayEqual. Each is a few
// elementwise kernel calls with broadcasting and one reduction; nothing is compared in TypeScript.
import { type DType, info } from './dtype.js';
import { relabel } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { type ArrayInput, abs, add, equal, lessEqual, mul, sub, where } from './ops.js';
import { isfinite, isnan, logicalAnd, logicalOr } from './math.js';
import { tidy } from './tidy.js';
import { boolOption, numberOption, optionsOf, reduceAxes, scalarOf } from './axis_reductions.js';

/** Options of {@link isclose} and {@link allclose}. */
export interface IscloseOptions {
  /** Relative tolerance (default 1e-5), times |b|. */
  rtol?: number;
  /** Absolute tolerance (default 1e-8). */
  atol?: number;
  /** NaN equals NaN (default false). */
  equalNan?: boolean;
}

/** NumPy's dtype of `b` in isclose: result_type(b, 1.0) (floats stay, the rest become float64). */
const floatOf = (d: DType): DType => (info(d).kind === 'f' ? d : 'float64');

function iscloseImpl(op: string, a: ArrayInput, b: ArrayInput, options: IscloseOptions | undefined): NDArray {
  const o = optionsOf(op, options);
  const rtol = numberOption(op, 'rtol', o.rtol, 1e-5);
  const atol = numberOption(op, 'atol', o.atol, 1e-8);
  const equalNan = boolOption(op, 'equalNan', o.equalNan, false);
  return tidy(() => {
    const x = asArray(op, a);
    let y = asArray(op, b);
    const fy = floatOf(y.dtype);
    if (fy !== y.dtype) y = y.astype(fy);
    // |x - y| <= atol + rtol * |y| where both are finite, x == y elsewhere (inf equals inf of its sign)
    const within = lessEqual(abs(sub(x, y)), add(mul(abs(y), rtol), atol));
    const finite = logicalAnd(isfinite(x), isfinite(y));
    let r = where(finite, within, equal(x, y));
    if (equalNan) r = logicalOr(r, logicalAnd(isnan(x), isnan(y)));
    return r;
  });
}

/**
 * Elementwise `|a - b| <= atol + rtol * |b|` with broadcasting (NumPy isclose; not symmetric in a
 * and b): infinities are close only to themselves, NaN to nothing unless `equalNan`. `b` is taken
 * in a float dtype (integers as float64), so integer differences do not wrap. A bool array.
 */
export function isclose(a: ArrayInput, b: ArrayInput, options?: IscloseOptions): NDArray {
  try {
    return iscloseImpl('isclose', a, b, options);
  } catch (e) {
    throw relabel('isclose', e);
  }
}

/** True when every element pair is close by {@link isclose}'s rule (shapes broadcast); a boolean. */
export function allclose(a: ArrayInput, b: ArrayInput, options?: IscloseOptions): boolean {
  const op = 'allclose';
  try {
    return tidy(() => scalarOf(reduceAxes(op, 'all', iscloseImpl(op, a, b, options), null, false))) as boolean;
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * True when a and b have the same shape (no broadcasting) and equal elements (NumPy array_equal);
 * with `equalNan`, NaN equals NaN. Values compare after NumPy's promotion (1 equals 1.0). A boolean.
 */
export function arrayEqual(a: ArrayInput, b: ArrayInput, options?: { equalNan?: boolean }): boolean {
  const op = 'arrayEqual';
  try {
    const o = optionsOf(op, options);
    const equalNan = boolOption(op, 'equalNan', o.equalNan, false);
    return tidy(() => {
      const x = asArray(op, a);
      const y = asArray(op, b);
      if (x.ndim !== y.ndim || x.shape.some((d, i) => d !== y.shape[i])) return false;
      let eq = equal(x, y);
      if (equalNan) eq = logicalOr(eq, logicalAnd(isnan(x), isnan(y)));
      return scalarOf(reduceAxes(op, 'all', eq, null, false)) as boolean;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
