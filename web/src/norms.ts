// outer products and vector / matrix norms as NumPy (numpy.outer, numpy.linalg.norm), composed of
// elementwise kernels and reductions; the matrix norms 2, -2 and 'nuc' from the singular values
// (linalg_call.ts, the 'linalg' family).
import { info } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, asArray, normAxis } from './ndarray.js';
import { type ArrayInput, abs, mul, notEqual, sqrt } from './ops.js';
import { pow, square } from './math.js';
import { tidy } from './tidy.js';
import { boolOption, reduceAxes, reshaped, scalarOf } from './axis_reductions.js';
import { type SigRef, bind } from './signature.js';
import { outArg } from './ufunc.js';
import type { AxisResult } from './search.js';
import { svdImpl } from './linalg_call.js';

const OUTER: SigRef = { sig: 'numpy.outer: outer(a: ArrayInput, b: ArrayInput, out: NDArray | null = null) -> NDArray' };
/**
 * The outer product of the flattened a and b: out[i, j] = a[i] * b[j] (NumPy outer), one multiply
 * of two broadcast views; dtypes promote as in mul. `out` (positionally or by name): the result is
 * written into it (shape [a.size, b.size]; cast under 'same_kind', as NumPy's multiply.outer).
 */
// @overloads OUTER
export function outer(a: ArrayInput, b: ArrayInput, options?: { out?: NDArray | null | undefined }): NDArray;
export function outer(a: ArrayInput, b: ArrayInput, out?: NDArray | null): NDArray;
// @end
export function outer(...args: unknown[]): NDArray {
  const op = 'outer';
  const [a, b, outRaw] = bind(OUTER, args);
  try {
    const out = outRaw === null ? undefined : outArg(op, outRaw);
    const r = tidy(() => {
      const x = asArray(op, a, undefined, 'a').reshape([-1]);
      const y = asArray(op, b, undefined, 'b').reshape([-1]);
      const col = x.reshape([x.size, 1]);
      const row = y.reshape([1, y.size]);
      return out === undefined ? mul(col, row) : mul(col, row, out);
    });
    return r;
  } catch (e) {
    throw relabel(op, e);
  }
}

/** The order of a norm: a number (Infinity and -Infinity included), 'fro', 'nuc', or null for the default. */
export type NormOrder = number | 'fro' | 'nuc' | null;

/** @deprecated The options of norm's old call form (every parameter is NumPy's now: positional or by name). */
export interface NormOptions {
  /** The order. */
  ord?: NormOrder;
  /** One axis (a vector norm), two axes (a matrix norm) or null: the whole array (1-D: vector, 2-D: matrix). */
  axis?: number | readonly number[] | null;
  /** Keep the reduced dims as size 1. */
  keepdims?: boolean;
}

function vectorNorm(op: string, x: NDArray, ord: NormOrder, ax: number[], keepdims: boolean): NDArray {
  if (ord === null || ord === 2) return sqrt(reduceAxes(op, 'sum', square(x), ax, keepdims));
  if (typeof ord === 'string') throw new StrideViewError('invalid_argument', `${op}: invalid norm order ${fmt(ord)} for vectors`);
  if (ord === Infinity) return reduceAxes(op, 'max', abs(x), ax, keepdims);
  if (ord === -Infinity) return reduceAxes(op, 'min', abs(x), ax, keepdims);
  if (ord === 0) return reduceAxes(op, 'sum', notEqual(x, 0).astype(x.dtype), ax, keepdims);
  if (ord === 1) return reduceAxes(op, 'sum', abs(x), ax, keepdims);
  if (Number.isNaN(ord)) throw new StrideViewError('invalid_argument', `${op}: invalid norm order NaN for vectors`);
  // NumPy: sum(|x| ** ord) ** (1 / ord), the reciprocal stored in the result's dtype
  return pow(reduceAxes(op, 'sum', pow(abs(x), ord), ax, keepdims), 1 / ord);
}

function matrixNorm(op: string, x: NDArray, ord: NormOrder, rowAxis: number, colAxis: number, keepdims: boolean): NDArray {
  if (rowAxis === colAxis) throw new StrideViewError('invalid_argument', `${op}: duplicate axes given (${rowAxis} and ${colAxis})`);
  let r: NDArray;
  if (ord === 2 || ord === -2 || ord === 'nuc') {
    // NumPy: the largest / smallest singular value, or their sum, of each matrix (the two axes moved last)
    const s = svdImpl(op, x.moveaxis([rowAxis, colAxis], [-2, -1]), false, false)[0]!;
    r = reduceAxes(op, ord === 2 ? 'max' : ord === -2 ? 'min' : 'sum', s, [s.ndim - 1], false);
  } else if (ord === null || ord === 'fro') {
    r = sqrt(reduceAxes(op, 'sum', square(x), [rowAxis, colAxis], false));
  } else if (ord === 1 || ord === -1) {
    // the largest (smallest) column sum: sum over rows, then the extreme over the columns
    const sums = reduceAxes(op, 'sum', abs(x), [rowAxis], false);
    r = reduceAxes(op, ord === 1 ? 'max' : 'min', sums, [colAxis > rowAxis ? colAxis - 1 : colAxis], false);
  } else if (ord === Infinity || ord === -Infinity) {
    const sums = reduceAxes(op, 'sum', abs(x), [colAxis], false);
    r = reduceAxes(op, ord === Infinity ? 'max' : 'min', sums, [rowAxis > colAxis ? rowAxis - 1 : rowAxis], false);
  } else {
    throw new StrideViewError('invalid_argument', `${op}: invalid norm order ${fmt(ord)} for matrices (use null, 'fro', 'nuc', 1, -1, 2, -2, Infinity or -Infinity)`);
  }
  if (!keepdims) return r;
  const s = x.shape;
  s[rowAxis] = 1;
  s[colAxis] = 1;
  return reshaped(r, s);
}

const NORM: SigRef = { sig: 'numpy.linalg.norm: norm(x: ArrayInput, ord: NormOrder = null, axis: number | readonly number[] | null = null, ' +
    'keepdims: boolean = false) -> AxisResult<$P[axis, keepdims], number>' };
/**
 * A vector or matrix norm (NumPy linalg.norm): `norm(x)` is the 2-norm of the flattened array;
 * `ord` selects the vector norm (null or 2, Infinity, -Infinity, 0 (count of nonzeros), 1, any p)
 * over one axis or the matrix norm (null or 'fro', 1, -1, Infinity, -Infinity, 2, -2, 'nuc') over two. Integer
 * and bool inputs are computed in float64, float32 stays float32. Without an axis and keepdims the
 * result is a JS number; with an axis (even one that leaves no dims) or keepdims an NDArray (the
 * result's type follows the arguments). Matrix norms 2, -2 (the largest and smallest singular
 * value) and 'nuc' (their sum) come from {@link svd}'s singular values.
 * `norm(x, 1, 0)` is `norm(x, { ord: 1, axis: 0 })`.
 */
// @overloads NORM
export function norm<O extends { ord?: NormOrder | undefined; axis?: number | readonly number[] | null | undefined; keepdims?: boolean | undefined } = {}>(x: ArrayInput, options?: O): AxisResult<O, number>;
export function norm<O extends { axis?: number | readonly number[] | null | undefined; keepdims?: boolean | undefined } = {}>(x: ArrayInput, ord?: NormOrder, options?: O): AxisResult<O, number>;
export function norm<TAxis extends number | readonly number[] | null | undefined = undefined, O extends { keepdims?: boolean | undefined } = {}>(x: ArrayInput, ord?: NormOrder, axis?: TAxis, options?: O): AxisResult<{ axis: TAxis } & O, number>;
export function norm<TAxis extends number | readonly number[] | null | undefined = undefined, TKeepdims extends boolean | undefined = undefined>(x: ArrayInput, ord?: NormOrder, axis?: TAxis, keepdims?: TKeepdims): AxisResult<{ axis: TAxis; keepdims: TKeepdims } & {}, number>;
// @end
export function norm(...args: unknown[]): NDArray | number {
  const op = 'norm';
  const [x, ordRaw, axis, kd] = bind(NORM, args);
  try {
    const order = ordRaw as NormOrder;
    if (order !== null && typeof order !== 'number' && order !== 'fro' && order !== 'nuc') {
      throw new TypeError(`${op}: ord must be a number, 'fro', 'nuc' or null, got ${fmt(order)}`);
    }
    const keepdims = boolOption(op, 'keepdims', kd, false);
    return tidy(() => {
      let a = asArray(op, x, undefined, 'x');
      if (info(a.dtype).kind === 'c') {
        // every vector norm, and every matrix norm but 2, -2 and 'nuc', reads the moduli only
        const matrix = (axis === null && order !== null && a.ndim === 2) || (Array.isArray(axis) && axis.length === 2);
        if (matrix && (order === 2 || order === -2 || order === 'nuc')) {
          throw new StrideViewError('type_error', `${op}: ord=${fmt(order)} of a complex matrix needs its singular values: complex matrices (${a.dtype}) are not supported by strideview's numpy.linalg yet`);
        }
        a = abs(a); // the part dtype, as NumPy's result
      } else if (info(a.dtype).kind !== 'f') a = a.astype('float64');
      const nd = a.ndim;
      let r: NDArray;
      if (axis === null) {
        if (order === null) {
          r = sqrt(reduceAxes(op, 'sum', square(a), null, keepdims));
        } else if (nd === 1) {
          r = vectorNorm(op, a, order, [0], keepdims);
        } else if (nd === 2) {
          r = matrixNorm(op, a, order, 0, 1, keepdims);
        } else {
          throw new StrideViewError('rank_mismatch', `${op}: ord=${fmt(order)} without axis needs a 1-D or 2-D array, got shape ${fmt(a.shape)}`);
        }
      } else {
        const axes = Array.isArray(axis) ? axis.map((v) => toInt(op, 'axis', v)) : [toInt(op, 'axis', axis)];
        if (axes.length === 1) {
          r = vectorNorm(op, a, order, [normAxis(op, axes[0], nd)], keepdims);
        } else if (axes.length === 2) {
          r = matrixNorm(op, a, order, normAxis(op, axes[0], nd), normAxis(op, axes[1], nd), keepdims);
        } else {
          throw new StrideViewError('invalid_argument', `${op}: axis must name 1 or 2 axes, got ${fmt(axis)}`);
        }
      }
      return axis === null && !keepdims ? (scalarOf(r) as number) : r;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
