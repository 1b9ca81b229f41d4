// Products built on matmul and the elementwise kernels, as NumPy composes them: tensordot, inner,
// kron, cross, and numpy.linalg's multi_dot (the cheapest multiplication order of a chain).
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { type ArrayInput, mul, neg, sub } from './ops.js';
import { dot, matmul } from './linalg.js';
import { stack } from './joining.js';
import { scalarResult } from './reductions.js';
import { reshaped } from './axis_reductions.js';
import { tidy } from './tidy.js';
import { type SigRef, bind } from './signature.js';
import { outArg } from './ufunc.js';

const prod = (xs: readonly number[]): number => xs.reduce((p, q) => p * q, 1);

/** An axis of an array of rank `nd`, NumPy's negative counting; `what` names it in the error. */
function axisOf(op: string, what: string, v: unknown, nd: number): number {
  const k = toInt(op, what, v);
  const r = k < 0 ? k + nd : k;
  if (r < 0 || r >= nd) throw new StrideViewError('out_of_range', `${op}: ${what} ${k} is out of bounds for array of dimension ${nd}`);
  return r;
}

/** An int or a sequence of ints (tensordot's axes). */
function intList(op: string, what: string, v: unknown): number[] {
  if (typeof v === 'number') return [toInt(op, what, v)];
  if (Array.isArray(v)) return v.map((x, i) => toInt(op, `${what}[${i}]`, x));
  throw new TypeError(`${op}: ${what} must be an integer or a sequence of integers, got ${fmt(v)}`);
}

/** tensordot of two arrays over the axis lists (already checked to pair up). */
function tensordotImpl(op: string, a: NDArray, b: NDArray, axA: number[], axB: number[]): NDArray {
  const as = a.shape, bs = b.shape;
  if (axA.length !== axB.length) throw new StrideViewError('shape_mismatch', `${op}: shape-mismatch for sum (${axA.length} axes of a, ${axB.length} of b)`);
  const ax = axA.map((k) => axisOf(op, 'axes of a', k, a.ndim));
  const bx = axB.map((k) => axisOf(op, 'axes of b', k, b.ndim));
  for (let k = 0; k < ax.length; k++) {
    if (as[ax[k]!] !== bs[bx[k]!]) {
      throw new StrideViewError('shape_mismatch', `${op}: shape-mismatch for sum: a's axis ${ax[k]} has ${as[ax[k]!]} elements, b's axis ${bx[k]} has ${bs[bx[k]!]} (a: ${fmt(as)}, b: ${fmt(bs)})`);
    }
  }
  if (new Set(ax).size !== ax.length || new Set(bx).size !== bx.length) {
    throw new StrideViewError('invalid_argument', `${op}: repeated axis in axes ${fmt([axA, axB])}`);
  }
  const freeA = as.map((_, i) => i).filter((i) => !ax.includes(i));
  const freeB = bs.map((_, i) => i).filter((i) => !bx.includes(i));
  const n2 = prod(ax.map((i) => as[i]!));
  const at = a.transpose([...freeA, ...ax]).reshape([prod(freeA.map((i) => as[i]!)), n2]);
  const bt = b.transpose([...bx, ...freeB]).reshape([n2, prod(freeB.map((i) => bs[i]!))]);
  return reshaped(matmul(at, bt) as NDArray, [...freeA.map((i) => as[i]!), ...freeB.map((i) => bs[i]!)]);
}

const TENSORDOT: SigRef = { sig: 'numpy.tensordot: tensordot(a: ArrayInput, b: ArrayInput, axes: number | readonly [number | readonly number[], number | readonly number[]] = 2) -> NDArray' };
/**
 * The sum of products over the given axes (NumPy tensordot): `axes` N pairs a's last N axes with
 * b's first N; `[axesA, axesB]` names them (an int or a list each). The result's shape is a's free
 * axes then b's. Computed as NumPy does: both operands transposed and reshaped to matrices (a copy
 * only when the view cannot be reshaped), one {@link matmul}.
 */
// @overloads TENSORDOT
export function tensordot(a: ArrayInput, b: ArrayInput, options?: { axes?: number | readonly [number | readonly number[], number | readonly number[]] | undefined }): NDArray;
export function tensordot(a: ArrayInput, b: ArrayInput, axes?: number | readonly [number | readonly number[], number | readonly number[]]): NDArray;
// @end
export function tensordot(...args: unknown[]): NDArray {
  const op = 'tensordot';
  const [ain, bin, axes] = bind(TENSORDOT, args);
  try {
    return tidy(() => {
      const a = asArray(op, ain, undefined, 'a');
      const b = asArray(op, bin, undefined, 'b');
      let axA: number[], axB: number[];
      if (typeof axes === 'number') {
        const n = toInt(op, 'axes', axes);
        axA = n > 0 ? Array.from({ length: n }, (_, i) => i - n) : [];
        axB = n > 0 ? Array.from({ length: n }, (_, i) => i) : [];
        if (n > a.ndim || n > b.ndim) {
          throw new StrideViewError('shape_mismatch', `${op}: shape-mismatch for sum: axes=${n} but a has ${a.ndim} dims and b ${b.ndim}`);
        }
      } else if (Array.isArray(axes) && axes.length === 2) {
        axA = intList(op, 'axes[0]', axes[0]);
        axB = intList(op, 'axes[1]', axes[1]);
      } else {
        throw new TypeError(`${op}: axes must be an integer or a pair [axesA, axesB], got ${fmt(axes)}`);
      }
      return tensordotImpl(op, a, b, axA, axB);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const INNER: SigRef = { sig: 'numpy.inner: inner(a: ArrayInput, b: ArrayInput, /) -> NDArray | number' };
/**
 * The inner product over the last axes (NumPy inner): result shape a.shape[:-1] + b.shape[:-1];
 * two 1-D arrays give a JS scalar; a scalar operand multiplies. The last dims must match.
 */
// @overloads INNER
export function inner(a: ArrayInput, b: ArrayInput): NDArray | number;
// @end
export function inner(...args: unknown[]): NDArray | number {
  const op = 'inner';
  const [ain, bin] = bind(INNER, args);
  try {
    const r = tidy(() => {
      const a = asArray(op, ain, undefined, 'a');
      const b = asArray(op, bin, undefined, 'b');
      if (a.ndim === 0 || b.ndim === 0) return mul(a, b);
      const na = a.shape[a.ndim - 1]!, nb = b.shape[b.ndim - 1]!;
      if (na !== nb) {
        throw new StrideViewError('shape_mismatch', `${op}: shapes ${fmt(a.shape)} and ${fmt(b.shape)} not aligned: ${na} (dim ${a.ndim - 1}) != ${nb} (dim ${b.ndim - 1})`);
      }
      return tensordotImpl(op, a, b, [-1], [-1]);
    });
    return scalarResult(r, false, undefined) as NDArray | number;
  } catch (e) {
    throw relabel(op, e);
  }
}

const KRON: SigRef = { sig: 'numpy.kron: kron(a: ArrayInput, b: ArrayInput) -> NDArray' };
/**
 * The Kronecker product (NumPy kron): blocks of b scaled by each element of a. The ranks are
 * matched by prepending 1s; the result's shape is the product of the shapes. One multiply of two
 * broadcast views, then a reshape (a view of the product).
 */
// @overloads KRON
export function kron(a: ArrayInput, b: ArrayInput): NDArray;
// @end
export function kron(...args: unknown[]): NDArray {
  const op = 'kron';
  const [ain, bin] = bind(KRON, args);
  try {
    return tidy(() => {
      const a = asArray(op, ain, undefined, 'a');
      const b = asArray(op, bin, undefined, 'b');
      if (a.ndim === 0 || b.ndim === 0) return mul(a, b);
      const nd = Math.max(a.ndim, b.ndim);
      const as = [...Array<number>(nd - a.ndim).fill(1), ...a.shape];
      const bs = [...Array<number>(nd - b.ndim).fill(1), ...b.shape];
      const a2 = a.reshape(as.flatMap((d) => [d, 1]));
      const b2 = b.reshape(bs.flatMap((d) => [1, d]));
      return reshaped(mul(a2, b2), as.map((d, i) => d * bs[i]!));
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const CROSS: SigRef = { sig: 'numpy.cross: cross(a: ArrayInput, b: ArrayInput, axisa: number = -1, axisb: number = -1, axisc: number = -1, ' +
    'axis: number | null = null) -> NDArray' };
/**
 * The cross product of vectors of 2 or 3 components (NumPy cross), broadcast over the other dims:
 * the vectors lie along `axisa` of a and `axisb` of b (default the last), and along `axisc` of the
 * result; `axis` sets all three. Two 2-component vectors give the z component alone (no vector
 * axis); a 2-component vector is otherwise read as having z = 0. dtypes promote as {@link mul}.
 */
// @overloads CROSS
export function cross(a: ArrayInput, b: ArrayInput, options?: { axisa?: number | undefined; axisb?: number | undefined; axisc?: number | undefined; axis?: number | null | undefined }): NDArray;
export function cross(a: ArrayInput, b: ArrayInput, axisa?: number, options?: { axisb?: number | undefined; axisc?: number | undefined; axis?: number | null | undefined }): NDArray;
export function cross(a: ArrayInput, b: ArrayInput, axisa?: number, axisb?: number, options?: { axisc?: number | undefined; axis?: number | null | undefined }): NDArray;
export function cross(a: ArrayInput, b: ArrayInput, axisa?: number, axisb?: number, axisc?: number, options?: { axis?: number | null | undefined }): NDArray;
export function cross(a: ArrayInput, b: ArrayInput, axisa?: number, axisb?: number, axisc?: number, axis?: number | null): NDArray;
// @end
export function cross(...args: unknown[]): NDArray {
  const op = 'cross';
  const [ain, bin, axa, axb, axc, axis] = bind(CROSS, args);
  try {
    return tidy(() => {
      let [pa, pb, pc] = [axa, axb, axc];
      let [na_, nb_, nc_] = ['axisa', 'axisb', 'axisc'];
      if (axis !== null) {
        pa = pb = pc = axis;
        na_ = nb_ = nc_ = 'axis';
      }
      const a0 = asArray(op, ain, undefined, 'a');
      const b0 = asArray(op, bin, undefined, 'b');
      if (a0.ndim === 0 || b0.ndim === 0) throw new StrideViewError('out_of_range', `${op}: the operands must have at least one dim (a: ${fmt(a0.shape)}, b: ${fmt(b0.shape)})`);
      const a = a0.moveaxis(axisOf(op, na_, pa, a0.ndim), -1);
      const b = b0.moveaxis(axisOf(op, nb_, pb, b0.ndim), -1);
      const na = a.shape[a.ndim - 1]!, nb = b.shape[b.ndim - 1]!;
      if ((na !== 2 && na !== 3) || (nb !== 2 && nb !== 3)) {
        throw new StrideViewError('shape_mismatch', `${op}: incompatible dimensions for cross product (dimension must be 2 or 3; got ${na} and ${nb})`);
      }
      const ca = (i: number): NDArray => a.slice(`..., ${i}`);
      const cb = (i: number): NDArray => b.slice(`..., ${i}`);
      const z = sub(mul(ca(0), cb(1)), mul(ca(1), cb(0)));
      if (na === 2 && nb === 2) return z;
      // a 2-component vector has z = 0: its products with it drop out (NumPy's cases)
      const x = na === 3 && nb === 3 ? sub(mul(ca(1), cb(2)), mul(ca(2), cb(1))) : na === 3 ? neg(mul(ca(2), cb(1))) : mul(ca(1), cb(2));
      const y = na === 3 && nb === 3 ? sub(mul(ca(2), cb(0)), mul(ca(0), cb(2))) : na === 3 ? mul(ca(2), cb(0)) : neg(mul(ca(0), cb(2)));
      const cp = stack([x, y, z], -1);
      const c = axisOf(op, nc_, pc, cp.ndim);
      // the vector axis moved to axisc: a permuted view of the new array, which stays its owner
      const perm = [...Array(cp.ndim - 1).keys()];
      perm.splice(c, 0, cp.ndim - 1);
      return c === cp.ndim - 1 ? cp : cp._setView(cp.view.permute(perm));
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const MULTI_DOT: SigRef = { sig: 'numpy.linalg.multi_dot: multiDot(arrays: readonly ArrayInput[], *, out: NDArray | null = null) -> NDArray | number' };
/**
 * The product of a chain of matrices in the cheapest order (NumPy linalg.multi_dot: the classic
 * dynamic program over the shapes; three matrices by the direct cost comparison). The first array
 * may be 1-D (a row vector) and the last 1-D (a column vector): the result then loses that dim,
 * and with both it is a JS scalar. The others must be 2-D. `out` receives the last product.
 */
// @overloads MULTI_DOT
export function multiDot(arrays: readonly ArrayInput[], options?: { out?: NDArray | null | undefined }): NDArray | number;
// @end
export function multiDot(...args: unknown[]): NDArray | number {
  const op = 'multiDot';
  const [list, outRaw] = bind(MULTI_DOT, args);
  try {
    if (!Array.isArray(list)) throw new TypeError(`${op}: arrays must be a list of arrays, got ${fmt(list)}`);
    const n = list.length;
    if (n < 2) {
      tidy(() => list.forEach((x, i) => asArray(op, x, undefined, `arrays[${i}]`))); // a bad element first, as every op reads its arguments
      throw new StrideViewError('invalid_argument', `${op}: expecting at least two arrays, got ${n}: ${fmt(list)}`);
    }
    const out = outRaw === null ? undefined : outArg(op, outRaw);
    if (n === 2) return out === undefined ? dot(list[0] as ArrayInput, list[1] as ArrayInput) : dot(list[0] as ArrayInput, list[1] as ArrayInput, out);
    const r = tidy(() => {
      const xs = list.map((x, i) => asArray(op, x, undefined, `arrays[${i}]`));
      const first1 = xs[0]!.ndim === 1, last1 = xs[n - 1]!.ndim === 1;
      if (first1) xs[0] = xs[0]!.reshape([1, -1]);
      if (last1) xs[n - 1] = xs[n - 1]!.reshape([-1, 1]);
      xs.forEach((x, i) => {
        if (x.ndim !== 2) throw new StrideViewError('linalg_error', `${op}: ${x.ndim}-dimensional array given (arrays[${i}]). Array must be two-dimensional`);
      });
      for (let i = 0; i + 1 < n; i++) {
        if (xs[i]!.shape[1] !== xs[i + 1]!.shape[0]) {
          throw new StrideViewError('shape_mismatch', `${op}: shapes ${fmt(xs[i]!.shape)} (arrays[${i}]) and ${fmt(xs[i + 1]!.shape)} (arrays[${i + 1}]) not aligned`);
        }
      }
      const mm = (x: NDArray, y: NDArray, o?: NDArray): NDArray => (o === undefined ? matmul(x, y) : matmul(x, y, o)) as NDArray;
      const order = chainOrder(xs.map((x) => x.shape[0]!).concat([xs[n - 1]!.shape[1]!]));
      const build = (i: number, j: number, o?: NDArray): NDArray =>
        i === j ? xs[i]! : mm(build(i, order[i]![j]!), build(order[i]![j]! + 1, j), o);
      const res = build(0, n - 1, out);
      // a new result stays the owner of its buffer; a view of the caller's out, as NumPy's ravel
      const shape = first1 && last1 ? [] : first1 || last1 ? [-1] : null;
      if (shape !== null) return out === undefined ? reshaped(res, shape.length ? [res.size] : []) : res.reshape(shape);
      return res;
    });
    return resultOf(r, out);
  } catch (e) {
    throw relabel(op, e);
  }
}

function resultOf(r: NDArray, out: NDArray | undefined): NDArray | number {
  return out === undefined ? (scalarResult(r, false, undefined) as NDArray | number) : r;
}

/** The split points of the cheapest parenthesisation of matrices with dims p[0] x p[1], p[1] x p[2], ... */
function chainOrder(p: readonly number[]): number[][] {
  const n = p.length - 1;
  const cost = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const split = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let len = 1; len < n; len++) {
    for (let i = 0; i + len < n; i++) {
      const j = i + len;
      cost[i]![j] = Infinity;
      for (let k = i; k < j; k++) {
        const c = cost[i]![k]! + cost[k + 1]![j]! + p[i]! * p[k + 1]! * p[j + 1]!;
        if (c < cost[i]![j]!) {
          cost[i]![j] = c;
          split[i]![j] = k;
        }
      }
    }
  }
  return split;
}
