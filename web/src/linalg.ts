// Linear algebra: matmul (np.matmul), dot (np.dot), diagonal and trace. One kernel call for
// matmul: 1-D operands, batch broadcasting and the result's shape are handled in WASM; operands are
// read through their strides (transposed, sliced, flipped, broadcast and padded views are not copied).
import { SingleOp } from './boundary_tables.js';
import { type DType, checkDType } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, forward, kernelCopy, methodGroup, uses } from './ndarray.js';
import { needFamily } from './families.js';
import { type ArrayInput, compute, isScalar, mul, same } from './ops.js';
import { scalarResult, sum } from './reductions.js';
import { DIAGONAL, diagonalAt } from './diagonal_view.js';
import { empty, isFContiguous } from './creation.js';
import { type SigRef, bind, unsupported } from './signature.js';
import { type Casting, type Order, canCast, castingArg, orderArg, outArg } from './ufunc.js';
import { resultInto } from './select.js';


/**
 * What {@link matmul} and {@link dot} return for the arguments `P`: an NDArray (the operands' ranks
 * are not in the types, so an NDArray is assumed for NDArray operands: two 1-D operands give a JS
 * scalar at run time; `einsum('i,i', v, w)` is typed `number`), a number for two JS vectors.
 */
export type MatmulResult<P> = P extends { out: NDArray | readonly [NDArray] }
  ? NDArray
  : P extends { x1: readonly (number | bigint | boolean)[]; x2: readonly (number | bigint | boolean)[] }
    ? number
    : NDArray;


/** The new result `r` in F order (order='F'): r itself when it is, else an F-ordered copy (r freed). */
function fOrder(r: NDArray): NDArray {
  if (r.ndim < 2 || isFContiguous(r)) return r;
  const n = r.ndim;
  const rev = Array.from({ length: n }, (_, i) => n - 1 - i);
  const f = empty(r.shape.reverse(), r.dtype);
  const t = f._setView(f.view.permute(rev));
  try {
    kernelCopy(t, r);
  } finally {
    r.dispose();
  }
  return t;
}

/** The `dtype` argument (null: none). */
function dtypeOf(op: string, d: unknown): DType | undefined {
  return d === null || d === undefined ? undefined : checkDType(op, d);
}

/** The inputs' casts to `dt` under `casting` (NumPy's message); nested JS arrays are read as their own dtype. */
function checkInputCasts(op: string, inputs: readonly unknown[], dt: DType, casting: Casting): void {
  inputs.forEach((x, i) => {
    const d = x instanceof NDArray ? x.dtype : null;
    if (d !== null && !canCast(d, dt, casting)) {
      throw new StrideViewError('type_error', `${op}: cannot cast input ${i} from ${d} to dtype=${dt} with casting='${casting}'`);
    }
  });
}

// matmul: the 'linalg' family of the engine (families.ts); NumPy's method of dot (which calls it).
const LINALG = /* @__PURE__ */ methodGroup('linalg', () => ({ dot: forward(dot) }));
// NumPy's method of trace (core: a diagonal view and a sum), installed with it.
const TRACE_METHOD = /* @__PURE__ */ methodGroup('none', () => ({ trace: forward(trace) }));

const MATMUL: SigRef = { sig: 'numpy.matmul: matmul(x1: ArrayInput, x2: ArrayInput, /, out: NDArray | readonly [NDArray] | null = null, *, ' +
    'casting: Casting = "same_kind", order: Order = "K", dtype: DType | null = null, subok: boolean = true, ' +
    'axes: null = null, axis: null = null) -> MatmulResult<$P[out]>' };
/**
 * Matrix product with NumPy's matmul rules: 2-D operands multiply as matrices; a 1-D first operand
 * is a row vector and a 1-D second one a column vector (that dim is removed from the result);
 * higher ranks are stacks of matrices in the last two dims whose leading (batch) dims broadcast.
 * dtypes promote as in {@link add} (integers wrap, bool is or-of-ands). Scalars are an error (use
 * {@link mul}). NumPy's gufunc keywords: `out` (positional or by name; its shape must be the
 * result's; the result is cast into it under `casting`), `dtype` (the loop's dtype: the operands
 * are cast to it under `casting`, default 'same_kind'), `order` (the layout of a new result: 'F'
 * column-major, 'C' / 'A' / 'K' row-major, as NumPy's matmul gives), `subok` (true or false: no
 * subclasses here). `axes` / `axis` (other core axes) are refused: move the axes with `moveaxis`.
 * Two 1-D operands give their inner product as a JS value (a number; a bigint for int64 /
 * uint64, a boolean for bool), as NumPy gives a scalar; with `out`, the 0-d `out`.
 */
// @overloads MATMUL
export function matmul<O extends { out?: NDArray | readonly [NDArray] | null | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DType | null | undefined; subok?: boolean | undefined; axes?: null | undefined; axis?: null | undefined } = {}>(x1: ArrayInput, x2: ArrayInput, options?: O): MatmulResult<O>;
export function matmul<TOut extends NDArray | readonly [NDArray] | null | undefined = undefined, O extends { casting?: Casting | undefined; order?: Order | undefined; dtype?: DType | null | undefined; subok?: boolean | undefined; axes?: null | undefined; axis?: null | undefined } = {}>(x1: ArrayInput, x2: ArrayInput, out?: TOut, options?: O): MatmulResult<{ out: TOut } & O>;
// @end
export function matmul(...args: unknown[]): NDArray | number {
  const op = 'matmul';
  needFamily(op, LINALG);
  // the hot call, two operands and nothing else, skips the binding
  const b = args.length === 2 ? [args[0], args[1], null, 'same_kind', 'K', null, true, null, null] : bind(MATMUL, args);
  const [x1, x2, outRaw, castRaw, orderRaw, dtypeRaw, subok, axes, axis] = b;
  try {
    const core = 'supported: null, the last two axes of each operand; move other axes there with moveaxis';
    if (axes !== null) unsupported(op, 'axes', axes, core);
    if (axis !== null) unsupported(op, 'axis', axis, core);
    if (typeof subok !== 'boolean') throw new TypeError(`${op}: subok must be a boolean, got ${fmt(subok)}`);
    const casting = castingArg(op, castRaw);
    const order: Order = orderArg(op, orderRaw);
    const out = outArg(op, outRaw);
    const dt = dtypeOf(op, dtypeRaw);
    if (isScalar(x1) || isScalar(x2)) {
      const got = fmt(isScalar(x1) ? x1 : x2);
      throw new StrideViewError('rank_mismatch', `${op}: operands must have at least one dimension, got ${got} (use mul for scalars)`);
    }
    if (dt !== undefined) checkInputCasts(op, [x1, x2], dt, casting);
    const force = dt === undefined ? undefined : (): DType => dt;
    if (out !== undefined && casting === 'same_kind') return compute(op, Kind.Matmul, SingleOp.Only, [x1, x2], { out }, force, same);
    const r = compute(op, Kind.Matmul, SingleOp.Only, [x1, x2], undefined, force, same);
    if (out !== undefined) return resultInto(op, r, out, casting);
    return scalarResult(order === 'F' ? fOrder(r) : r, false, undefined) as NDArray | number;
  } catch (e) {
    throw relabel(op, e);
  }
}

const DOT: SigRef = { sig: 'numpy.dot: dot(a: ArrayInput, b: ArrayInput, out: NDArray | null = null) -> MatmulResult<$P[out]>' };
/**
 * NumPy's dot: scalars (0-d) multiply elementwise; 1-D . 1-D is the inner product (0-d); N-D . 1-D
 * sums over the last axis of a; N-D . M-D (M >= 2) sums over a's last axis and b's second-to-last:
 * the result's shape is a.shape[:-1] + b.shape[:-2] + b.shape[-1:]. A 0-d result (1-D . 1-D, or two
 * 0-d operands) is a JS value as in {@link matmul}, unless `out` is given (positionally or by name:
 * the result is written into it, cast under 'same_kind'; its shape must be the result's).
 */
// @overloads DOT
export function dot<O extends { out?: NDArray | null | undefined } = {}>(a: ArrayInput, b: ArrayInput, options?: O): MatmulResult<O>;
export function dot<TOut extends NDArray | null | undefined = undefined>(a: ArrayInput, b: ArrayInput, out?: TOut): MatmulResult<{ out: TOut } & {}>;
// @end
export function dot(...args: unknown[]): NDArray | number {
  const op = 'dot';
  const [a, b, outRaw] = args.length === 2 ? [args[0], args[1], null] : bind(DOT, args);
  try {
    const o = outRaw === null ? undefined : outArg(op, outRaw);
    const x = asArray(op, a);
    try {
      const y = asArray(op, b, undefined, 'b');
      try {
        if (x.ndim === 0 || y.ndim === 0) {
          const r = o === undefined ? mul(x, y) : mul(x, y, o);
          return scalarResult(r, false, o) as NDArray | number;
        }
        if (y.ndim <= 2) return o === undefined ? matmul(x, y) : matmul(x, y, o);
        return dotND(op, x, y, o);
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

function dotND(op: string, x: NDArray, y: NDArray, out: NDArray | undefined): NDArray {
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
    return resultInto(op, r, out, 'same_kind');
  } finally {
    if (a2 !== x) a2.dispose();
    if (b2 !== t) b2.dispose();
    t.dispose();
  }
}

/**
 * The diagonal of `a` over `axis1` and `axis2` (default 0 and 1) as a view, no copy (NumPy
 * `diagonal`): both axes are removed and the diagonal is appended as the last axis, its stride the
 * sum of theirs. `offset` > 0 starts above the main diagonal (`a[i, i + offset]`), < 0 below; an
 * offset beyond the matrix gives an empty axis. A padded array keeps its padding (an element is
 * padding where either of its two indices is). Unlike NumPy's read-only diagonal, the view is
 * writable when `a` is: `diagonal(m).fill(0)` clears m's diagonal (NumPy needs fill_diagonal). A
 * nested JS array is made an array first (the result is then a view of that new array).
 * `diagonal(a, 1, 1, 0)` is `diagonal(a, 1, { axis1: 1, axis2: 0 })`.
 */
// @overloads DIAGONAL
export function diagonal(a: ArrayInput, options?: { offset?: number | undefined; axis1?: number | undefined; axis2?: number | undefined }): NDArray;
export function diagonal(a: ArrayInput, offset?: number, options?: { axis1?: number | undefined; axis2?: number | undefined }): NDArray;
export function diagonal(a: ArrayInput, offset?: number, axis1?: number, options?: { axis2?: number | undefined }): NDArray;
export function diagonal(a: ArrayInput, offset?: number, axis1?: number, axis2?: number): NDArray;
// @end
export function diagonal(...args: unknown[]): NDArray {
  const op = 'diagonal';
  const [a, offset, axis1, axis2] = bind(DIAGONAL, args);
  try {
    if (a instanceof NDArray) {
      a._check(op);
      return a._derive(diagonalAt(op, a._v, offset, axis1, axis2));
    }
    const t = asArray(op, a); // a new array: it holds the view itself
    try {
      return t._setView(diagonalAt(op, t._v, offset, axis1, axis2));
    } catch (e) {
      t.dispose();
      throw e;
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

/** @deprecated The options of trace's old call form (every parameter is NumPy's now: positional or by name). */
export interface TraceOptions {
  axis1?: number;
  axis2?: number;
  dtype?: DType;
}

/**
 * What {@link trace} returns for the arguments `P`: the given `out`, else a number (the trace of a
 * matrix; a stack of matrices, rank > 2, gives an NDArray at run time: the rank is not in the types).
 */
export type Traced<P> = P extends { out: NDArray } ? NDArray : number;

const TRACE: SigRef = { sig: 'numpy.trace: trace(a: ArrayInput, offset: number = 0, axis1: number = 0, axis2: number = 1, ' +
    'dtype: DType | null = null, out: NDArray | null = null) -> Traced<$P[out]>' };
/**
 * The sum of the diagonal (NumPy `trace`): {@link diagonal} with `offset`, `axis1`, `axis2`,
 * summed along it, in `dtype` (default: int64 for bool and signed ints, uint64 for unsigned, the
 * float's own; the elements are cast to it first, as NumPy's). A 2-D input gives a JS value (a
 * number; a bigint for 64-bit integers); more dims give an array of the other axes. `out`: the
 * result is written into it (its shape must be the result's; any dtype, as NumPy's) and returned.
 * The diagonal is read in place.
 */
// @overloads TRACE
export function trace<O extends { offset?: number | undefined; axis1?: number | undefined; axis2?: number | undefined; dtype?: DType | null | undefined; out?: NDArray | null | undefined } = {}>(a: ArrayInput, options?: O): Traced<O>;
export function trace<O extends { axis1?: number | undefined; axis2?: number | undefined; dtype?: DType | null | undefined; out?: NDArray | null | undefined } = {}>(a: ArrayInput, offset?: number, options?: O): Traced<O>;
export function trace<O extends { axis2?: number | undefined; dtype?: DType | null | undefined; out?: NDArray | null | undefined } = {}>(a: ArrayInput, offset?: number, axis1?: number, options?: O): Traced<O>;
export function trace<O extends { dtype?: DType | null | undefined; out?: NDArray | null | undefined } = {}>(a: ArrayInput, offset?: number, axis1?: number, axis2?: number, options?: O): Traced<O>;
export function trace<O extends { out?: NDArray | null | undefined } = {}>(a: ArrayInput, offset?: number, axis1?: number, axis2?: number, dtype?: DType | null, options?: O): Traced<O>;
export function trace<TOut extends NDArray | null | undefined = undefined>(a: ArrayInput, offset?: number, axis1?: number, axis2?: number, dtype?: DType | null, out?: TOut): Traced<{ out: TOut } & {}>;
// @end
export function trace(...args: unknown[]): NDArray | number {
  const op = 'trace';
  uses(TRACE_METHOD);
  const [a, offset, axis1, axis2, dtypeRaw, outRaw] = bind(TRACE, args);
  try {
    const dt = dtypeOf(op, dtypeRaw);
    const out = outRaw === null ? undefined : outArg(op, outRaw);
    const x = asArray(op, a);
    let d: NDArray | null = null;
    let src: NDArray | null = null;
    try {
      d = x._derive(diagonalAt(op, x._v, offset, axis1, axis2));
      src = dt === undefined || dt === d.dtype ? d : d.astype(dt);
      let r = sum(src, { axis: -1, keepdims: true });
      r._setView(r.view.reshape(r.shape.slice(0, -1)));
      if (dt !== undefined && r.dtype !== dt) {
        const c = r.astype(dt);
        r.dispose();
        r = c;
      }
      if (out !== undefined) return resultInto(op, r, out, 'unsafe');
      return scalarResult(r, false, undefined) as NDArray | number;
    } finally {
      if (src !== null && src !== d) src.dispose();
      if (d !== null) d.dispose();
      if (x !== a) x.dispose();
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

