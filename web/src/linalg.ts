// Linear algebra: matmul (np.matmul) and dot (np.dot). One kernel call for matmul:
// 1-D operands, batch broadcasting and the result's shape are handled in WASM; operands are read
// through their strides (transposed, sliced, flipped, broadcast and padded views are not copied).
import { SingleOp } from './boundary_tables.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, checkOut, kernelCopy, outOption } from './ndarray.js';
import { type ArrayInput, type OutOptions, compute, isScalar, mul, same } from './ops.js';

/**
 * Matrix product with NumPy's matmul rules: 2-D operands multiply as matrices; a 1-D first operand
 * is a row vector and a 1-D second one a column vector (that dim is removed from the result);
 * higher ranks are stacks of matrices in the last two dims whose leading (batch) dims broadcast.
 * dtypes promote as in {@link add} (integers wrap, bool is or-of-ands). Scalars are an error (use
 * {@link mul}). `out` as for {@link add}: its shape must be the result's.
 */
export function matmul(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  const op = 'matmul';
  try {
    if (isScalar(a) || isScalar(b)) {
      throw new StrideViewError('rank_mismatch', `${op}: operands must have at least one dimension, got ${fmt(isScalar(a) ? a : b)} (use mul for scalars)`);
    }
    return compute(op, Kind.Matmul, SingleOp.Only, [a, b], options, undefined, same);
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * NumPy's dot: scalars (0-d) multiply elementwise; 1-D . 1-D is the inner product (0-d); N-D . 1-D
 * sums over the last axis of a; N-D . M-D (M >= 2) sums over a's last axis and b's second-to-last:
 * the result's shape is a.shape[:-1] + b.shape[:-2] + b.shape[-1:].
 */
export function dot(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  const op = 'dot';
  try {
    const x = asArray(op, a);
    try {
      const y = asArray(op, b);
      try {
        if (x.ndim === 0 || y.ndim === 0) return mul(x, y, options);
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
    const r = matmul(a2, b2);
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
