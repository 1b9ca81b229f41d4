// Array parameters of Generator.uniform and Generator.normal, as NumPy's Generator takes them: the
// parameters broadcast together (and to `size` when given), are checked as NumPy checks them, and
// one standard draw per output element (C order) is scaled: low + (high - low) * random() and
// loc + scale * standardNormal(), the same IEEE operations as NumPy's C loops, so the numbers are
// NumPy's bit for bit for the same seed.
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { type ArrayInput, add, mul, sub } from './ops.js';
import { Shape } from './shape.js';
import { takeScalar } from './scalar.js';

/** @internal Checks a parameter that must not be negative (NaN passes, -0 does not: NumPy's CONS_NON_NEGATIVE). */
function nonNegative(op: string, what: string, p: NDArray, finite: boolean): void {
  const v = p.size === 0 ? new Float64Array(0) : (p.toTypedArray() as Float64Array);
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (finite && !Number.isFinite(x)) throw new RangeError(`${op}: high - low range exceeds valid bounds (${x} at flat index ${i})`);
  }
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (x < 0 || Object.is(x, -0)) throw new StrideViewError('invalid_argument', `${op}: ${what} < 0 (${Object.is(x, -0) ? '-0' : x} at flat index ${i})`);
  }
}

/**
 * @internal uniform / normal with array parameters a, b (low/high or loc/scale): `draw(shape)` gives the
 * standard draws (random() or standardNormal()) of the result's shape.
 */
export function drawWithParams(op: 'uniform' | 'normal', a: ArrayInput, b: ArrayInput, size: readonly number[] | null, draw: (shape: number[]) => NDArray): number | NDArray {
  const temps: NDArray[] = [];
  const keep = (x: NDArray, src: unknown): NDArray => {
    if (x !== src) temps.push(x);
    return x;
  };
  try {
    const x = keep(asArray(op, a, 'float64'), a);
    const y = keep(asArray(op, b, 'float64'), b);
    const scale = op === 'uniform' ? keep(sub(y, x), null) : y;
    nonNegative(op, op === 'uniform' ? 'high - low' : 'scale', scale, op === 'uniform');
    const bshape = Shape.broadcast(x.shape, scale.shape);
    let shape = bshape;
    if (size !== null) {
      let both: number[] | null = null;
      try {
        both = Shape.broadcast(size as number[], bshape);
      } catch {
        both = null; // incompatible: the message below
      }
      if (both === null || both.length !== size.length || both.some((d, i) => d !== size[i])) {
        throw new StrideViewError('shape_mismatch', `${op}: size ${fmt(size)} is not compatible with the parameters' broadcast shape ${fmt(bshape)}`);
      }
      shape = size.slice();
    }
    const u = keep(draw(shape), null);
    const scaled = keep(mul(scale, u), null);
    const r = add(x, scaled);
    if (size === null && shape.length === 0) return takeScalar(r) as number; // 0-d parameters: a number, as NumPy
    return r;
  } catch (e) {
    throw relabel(op, e);
  } finally {
    for (const t of temps) t.dispose();
  }
}
