// The engine's numpy.linalg kernels (src/kernels/lapack.hpp, the 'linalg' family): one request per
// call (bindings/linalg_request.cpp) over a whole stack of matrices, outputs allocated here.
// Inputs keep their strides (transposed, sliced, broadcast and padded views are read in place, each
// matrix copied once into the kernel's column-major workspace); integer and bool inputs are read as
// float64 and float16 is refused, as NumPy's linalg (`_commonType`).
import { LinalgOp, Op } from './boundary_tables.js';
import type { DType } from './dtype.js';
import { StrideViewError, fmt } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { family, needFamily } from './families.js';
import { putOperand } from './kernel_client.js';
import { wire } from './wire.js';
import { tidy } from './tidy.js';


const LINALG = /* @__PURE__ */ family('linalg');

/** @internal float32 or float64: the dtypes the kernels compute in (float32 results are float32, as NumPy's). */
export type LinalgDType = 'float32' | 'float64';

/** @internal The dtype NumPy's linalg computes the inputs in: float32 when every one is float32, else float64. */
export function linalgDType(op: string, ...xs: readonly NDArray[]): LinalgDType {
  let single = true;
  for (const x of xs) {
    if (x.dtype === 'float16') throw new TypeError(`${op}: array type float16 is unsupported in linalg`);
    if (x.dtype === 'complex64' || x.dtype === 'complex128') {
      throw new TypeError(`${op}: complex matrices (${x.dtype}) are not supported by strideview's numpy.linalg yet; eig and eigvals return complex results of real matrices`);
    }
    if (x.dtype !== 'float32') single = false;
  }
  return single ? 'float32' : 'float64';
}

/** @internal An input as an NDArray (JS data read as NumPy would), rank checked: at least `minRank` dims. */
export function linalgArray(op: string, x: unknown, name: string, minRank: number = 2): NDArray {
  const a = asArray(op, x, undefined, name);
  if (a.ndim < minRank) {
    if (a !== x) a.dispose(); // made here from JS data: no scope may be open to dispose of it
    throw new StrideViewError(
      'linalg_error',
      `${op}: ${a.ndim}-dimensional array given. Array must be at least ${minRank === 2 ? 'two' : minRank}-dimensional`,
    );
  }
  return a;
}

/** @internal `a` in dtype `dt`: a itself, or a cast copy (integers, bool, float32 mixed with float64). */
export function inDType(a: NDArray, dt: DType): NDArray {
  return a.dtype === dt ? a : a.astype(dt);
}

/** @internal Throws NumPy's LinAlgError when the last two dims of `a` differ. */
export function assertSquare(op: string, a: NDArray): number {
  const s = a.shape;
  const m = s[s.length - 2]!, n = s[s.length - 1]!;
  if (m !== n) {
    throw new StrideViewError('linalg_error', `${op}: last 2 dimensions of the array must be square, got ${fmt(s.slice(-2))}`);
  }
  return n;
}

/** @internal The broadcast of two batch shapes (NumPy's gufunc loop dims), or an error naming both operands' shapes. */
export function batchBroadcast(op: string, a: readonly number[], b: readonly number[], sa: readonly number[], sb: readonly number[]): number[] {
  const n = Math.max(a.length, b.length);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const x = i < n - a.length ? 1 : a[i - (n - a.length)]!;
    const y = i < n - b.length ? 1 : b[i - (n - b.length)]!;
    if (x !== y && x !== 1 && y !== 1) {
      throw new StrideViewError(
        'shape_mismatch',
        `${op}: operands could not be broadcast together: batch dims ${fmt(a)} of ${fmt(sa)} and ${fmt(b)} of ${fmt(sb)}`,
      );
    }
    out[i] = x === 1 ? y : x;
  }
  return out;
}

/**
 * @internal One kernel request: `outs` in the op's order (null: not computed), allocated by the
 * caller. A numerical failure comes back as StrideViewError 'linalg_error' with NumPy's wording:
 * "inv: singular matrix (matrix 3 of the batch, U[2,2] == 0)".
 */
export function linalgRun(op: string, code: LinalgOp, p0: number, inputs: readonly NDArray[], outs: readonly (NDArray | null)[]): void {
  needFamily(op, LINALG);
  const w = wire.begin();
  w.put(code);
  w.put(p0);
  w.put(0);
  w.put(inputs.length);
  for (const x of inputs) putOperand(w, x);
  w.put(outs.length);
  for (const o of outs) {
    if (o === null) {
      w.put(0);
    } else {
      w.put(1);
      putOperand(w, o);
    }
  }
  try {
    w.call(Op.KernelLinalg);
  } catch (e) {
    throw engineError(op, e);
  }
}

// The kernels' messages ("linalg: singular matrix (inv: matrix 0 of the batch, U[1,1] == 0)",
// "linalg inv: a has shape ...") reworded with the user's op first, as every other error.
function engineError(op: string, e: unknown): unknown {
  if (!(e instanceof StrideViewError)) return e;
  let m = e.message;
  const paren = m.match(/^linalg: (.*) \(([a-z_]+): (.*)\)$/);
  if (paren) m = `${paren[1]} (${paren[3]})`;
  else if (m.startsWith('linalg: ')) m = m.slice(8);
  else m = m.replace(/^linalg [a-z_]+: /, '');
  return new StrideViewError(e.code, `${op}: ${m}`);
}

/**
 * @internal Runs `fn` with two lists: `tmp` for its temporaries (arrays made from JS input, dtype
 * casts, broadcast views), disposed when fn returns or throws, and `res` for its results, disposed
 * only when it throws. Lighter than tidy() for the one-request ops: a result is returned as
 * created, so outside any scope it takes storage.ts's end-of-task path to the
 * FinalizationRegistry (never registered when disposed in the same task, as `det`'s 0-d result or
 * `solve(a, b).dispose()` in a loop), where tidy() registers every survivor at once; that
 * registration and its removal were about a third of a small solve's or det's time.
 */
export function withTemps<T>(fn: (tmp: NDArray[], res: NDArray[]) => T): T {
  const tmp: NDArray[] = [];
  const res: NDArray[] = [];
  try {
    return fn(tmp, res);
  } catch (e) {
    for (let i = 0; i < res.length; i++) res[i]!.dispose();
    throw e;
  } finally {
    for (let i = 0; i < tmp.length; i++) tmp[i]!.dispose();
  }
}

/** @internal `x`, listed in `tmp` for disposal when it is a new array or view (not `src` itself). */
export function temp(tmp: NDArray[], src: unknown, x: NDArray): NDArray {
  if (x !== src) tmp.push(x);
  return x;
}

/** @internal A new array for an output of the kernels. */
export function outArray(op: string, shape: readonly number[], dt: DType): NDArray {
  return NDArray._empty(op, shape, dt);
}

/**
 * @internal A tuple of results that also has NumPy 2's named fields (`const [q, r] = qr(a)` as
 * NumPy 1.24's tuple, or `qr(a).R` as NumPy 2's namedtuple); the names are not enumerable.
 */
export function named<T>(values: readonly unknown[], names: readonly string[]): T {
  const r = values.slice();
  names.forEach((k, i) => Object.defineProperty(r, k, { value: values[i], enumerable: false }));
  return r as T;
}

/** @internal [s] or [u, s, vh] of `a` (any array input). */
export function svdImpl(op: string, ain: unknown, full: boolean, uv: boolean): NDArray[] {
  return tidy(() => {
    const a0 = linalgArray(op, ain, 'a');
    const a = inDType(a0, linalgDType(op, a0));
    const sh = a.shape;
    const batch = sh.slice(0, -2);
    const m = sh[sh.length - 2]!, n = sh[sh.length - 1]!, k = Math.min(m, n);
    const s = outArray(op, [...batch, k], a.dtype);
    if (!uv) {
      linalgRun(op, LinalgOp.Svd, 0, [a], [s, null, null]);
      return [s];
    }
    const u = outArray(op, [...batch, m, full ? m : k], a.dtype);
    const vh = outArray(op, [...batch, full ? n : k, n], a.dtype);
    linalgRun(op, LinalgOp.Svd, full ? 1 : 0, [a], [s, u, vh]);
    return [u, s, vh];
  });
}

