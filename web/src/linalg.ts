// Linear algebra: matmul (np.matmul) and dot (np.dot). One kernel call for matmul:
// 1-D operands, batch broadcasting and the result's shape are handled in WASM; operands are read
// through their strides (transposed, sliced, flipped, broadcast and padded views are not copied).
import { SingleOp } from './boundary_tables.js';
import type { DType } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, checkOut, kernelCopy, outOption } from './ndarray.js';
import { type ArrayInput, type OutOptions, compute, isScalar, mul, same } from './ops.js';
import { type Reduced, scalarResult, sum } from './reductions.js';
import { type DiagonalOptions, diagonalView } from './diagonal_view.js';

/**
 * Matrix product with NumPy's matmul rules: 2-D operands multiply as matrices; a 1-D first operand
 * is a row vector and a 1-D second one a column vector (that dim is removed from the result);
 * higher ranks are stacks of matrices in the last two dims whose leading (batch) dims broadcast.
 * dtypes promote as in {@link add} (integers wrap, bool is or-of-ands). Scalars are an error (use
 * {@link mul}). `out` as for {@link add}: its shape must be the result's. Two 1-D operands give their
 * inner product as a JS value (a number; a bigint for int64 / uint64, a boolean for bool), as
 * NumPy gives a scalar; with `out`, the 0-d `out`.
 */
export function matmul(a: ArrayInput, b: ArrayInput, options: OutOptions & { out: NDArray }): NDArray;
export function matmul(a: ArrayInput, b: ArrayInput, options?: OutOptions): Reduced;
export function matmul(a: ArrayInput, b: ArrayInput, options?: OutOptions): Reduced {
  const op = 'matmul';
  try {
    if (isScalar(a) || isScalar(b)) {
      throw new StrideViewError('rank_mismatch', `${op}: operands must have at least one dimension, got ${fmt(isScalar(a) ? a : b)} (use mul for scalars)`);
    }
    return scalarResult(compute(op, Kind.Matmul, SingleOp.Only, [a, b], options, undefined, same), false, options?.out);
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * NumPy's dot: scalars (0-d) multiply elementwise; 1-D . 1-D is the inner product (0-d); N-D . 1-D
 * sums over the last axis of a; N-D . M-D (M >= 2) sums over a's last axis and b's second-to-last:
 * the result's shape is a.shape[:-1] + b.shape[:-2] + b.shape[-1:]. A 0-d result (1-D . 1-D, or two
 * 0-d operands) is a JS value as in {@link matmul}, unless `out` is given.
 */
export function dot(a: ArrayInput, b: ArrayInput, options: OutOptions & { out: NDArray }): NDArray;
export function dot(a: ArrayInput, b: ArrayInput, options?: OutOptions): Reduced;
export function dot(a: ArrayInput, b: ArrayInput, options?: OutOptions): Reduced {
  const op = 'dot';
  try {
    const x = asArray(op, a);
    try {
      const y = asArray(op, b);
      try {
        if (x.ndim === 0 || y.ndim === 0) return scalarResult(mul(x, y, options), false, options?.out);
        if (y.ndim <= 2) return matmul(x, y, options);
        return dotND(op, x, y, outOption(op, options));
      } finally {
        if (y !== b) y.dispose();
      }
    } finally {
      if (x !== a) x.dispose();
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

function dotND(op: string, x: NDArray, y: NDArray, out: unknown): NDArray {
  const k = x.shape[x.ndim - 1]!;
  const yk = y.shape[y.ndim - 2]!;
  if (k !== yk) {
    throw new StrideViewError('shape_mismatch', `${op}: shapes ${fmt(x.shape)} and ${fmt(y.shape)} are not aligned: ${k} (dim ${x.ndim - 1}) != ${yk} (dim ${y.ndim - 2})`);
  }
  const shape = [...x.shape.slice(0, -1), ...y.shape.slice(0, -2), y.shape[y.ndim - 1]!];
  const prod = (s: number[]): number => s.reduce((p, d) => p * d, 1);
  const a2 = x.reshape([prod(x.shape.slice(0, -1)), k]);
  const t = y.moveaxis(-2, 0);
  const b2 = t.reshape([k, prod(t.shape.slice(1))]);
  try {
    const r = matmul(a2, b2) as NDArray; // 2-D operands: an array
    r._setView(r.view.reshape(shape));
    if (out === undefined) return r;
    try {
      const o = checkOut(op, out, r.dtype);
      if (o.ndim !== shape.length || o.shape.some((d, i) => d !== shape[i])) {
        throw new StrideViewError('shape_mismatch', `${op}: out has shape ${fmt(o.shape)} but the result has shape ${fmt(shape)}`);
      }
      kernelCopy(o, r);
      return o;
    } finally {
      r.dispose();
    }
  } finally {
    if (a2 !== x) a2.dispose();
    if (b2 !== t) b2.dispose();
    t.dispose();
  }
}

/**
 * The diagonal of `a` over `{ axis1, axis2 }` (default 0 and 1) as a view, no copy (NumPy
 * `diagonal`): both axes are removed and the diagonal is appended as the last axis, its stride the
 * sum of theirs. `offset` > 0 starts above the main diagonal (`a[i, i + offset]`), < 0 below; an
 * offset beyond the matrix gives an empty axis. A padded array keeps its padding (an element is
 * padding where either of its two indices is). Unlike NumPy's read-only diagonal, the view is
 * writable when `a` is: `diagonal(m).fill(0)` clears m's diagonal (NumPy needs fill_diagonal).
 */
export function diagonal(a: NDArray, offset: number = 0, options?: DiagonalOptions): NDArray {
  const op = 'diagonal';
  if (!(a instanceof NDArray)) throw new TypeError(`${op}: a must be an NDArray (a view needs a buffer), got ${fmt(a)}`);
  return a.diagonal(offset, options);
}

/** Options of {@link trace}. */
export interface TraceOptions extends DiagonalOptions {
  /** The dtype to sum in (NumPy's dtype=): default int64 for bool and signed ints, uint64 for unsigned, the float's own. */
  dtype?: DType;
}

/**
 * The sum of the diagonal (NumPy `trace`): {@link diagonal} with `offset` and `{ axis1, axis2 }`,
 * summed along it. A 2-D input gives a JS value (number, or bigint for 64-bit integers); more dims
 * give an array of the other axes. The diagonal is read in place.
 */
export function trace(a: ArrayInput, offset: number = 0, options?: TraceOptions): Reduced {
  const op = 'trace';
  try {
    const x = asArray(op, a);
    let d: NDArray | null = null;
    let src: NDArray | null = null;
    try {
      d = x._derive(diagonalView(op, x._v, offset, options));
      const dt = options?.dtype;
      src = dt === undefined || dt === d.dtype ? d : d.astype(dt);
      const r = sum(src, { axis: -1, keepdims: true });
      r._setView(r.view.reshape(r.shape.slice(0, -1)));
      if (dt !== undefined && r.dtype !== dt) {
        try {
          return scalarResult(r.astype(dt), false, undefined);
        } finally {
          r.dispose();
        }
      }
      return scalarResult(r, false, undefined);
    } finally {
      if (src !== null && src !== d) src.dispose();
      if (d !== null) d.dispose();
      if (x !== a) x.dispose();
    }
  } catch (e) {
    throw relabel(op, e);
  }
}
