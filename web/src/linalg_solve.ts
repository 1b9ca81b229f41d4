// numpy.linalg's solves and LU-family functions over stacks of matrices: solve, inv, det, slogdet,
// cholesky, lstsq, pinv, matrixRank, matrixPower. Each is one engine request (linalg_call.ts) over
// the whole stack; shapes, dtypes and errors are NumPy 1.24's.
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray } from './ndarray.js';
import { eye } from './creation_ranges.js';
import { type ArrayInput, equal } from './ops.js';
import { scalarResult } from './reductions.js';
import { reshaped } from './axis_reductions.js';
import { all } from './stats.js';
import { matmul } from './linalg.js';
import { tidy } from './tidy.js';
import { type SigRef, bind, unsupported } from './signature.js';
import { LinalgOp } from './boundary_tables.js';
import {
  assertSquare, batchBroadcast, inDType, linalgArray, linalgDType, linalgRun, named, outArray, temp, withTemps,
} from './linalg_call.js';

/** What {@link slogdet} returns: `[sign, logabsdet]` (NumPy 1.24's tuple), also named as NumPy 2's result. */
export type SlogdetResult = [NDArray | number, NDArray | number] & { readonly sign: NDArray | number; readonly logabsdet: NDArray | number };
/** What {@link lstsq} returns: `[x, residuals, rank, s]`, also named. */
export type LstsqResult = [NDArray, NDArray, number, NDArray] & { readonly x: NDArray; readonly residuals: NDArray; readonly rank: number; readonly s: NDArray };

const EPS = { float32: 2 ** -23, float64: 2 ** -52 } as const;

const SOLVE: SigRef = { sig: 'numpy.linalg.solve: solve(a: ArrayInput, b: ArrayInput) -> NDArray' };
/**
 * The solution x of a x = b for a stack of square matrices `a` [..., M, M] (NumPy linalg.solve, LU
 * with partial pivoting as LAPACK's gesv). `b` is a stack of vectors [..., M] when its rank is a's
 * minus 1, else a stack of matrices [..., M, K] (NumPy 1.24's rule); the batch dims broadcast. The
 * result is float32 when both operands are, else float64 (integers and bool are read as float64;
 * float16 is refused, as NumPy); float32 is computed in float32 arithmetic, as NumPy's LAPACK
 * sgesv (so are `inv`, `det` and `slogdet`). A singular matrix throws StrideViewError
 * 'linalg_error' naming the first singular matrix of the batch.
 */
// @overloads SOLVE
export function solve(a: ArrayInput, b: ArrayInput): NDArray;
// @end
export function solve(...args: unknown[]): NDArray {
  const op = 'solve';
  const [ain, bin] = bind(SOLVE, args);
  try {
    return withTemps((tmp, res) => {
      const a0 = temp(tmp, ain, linalgArray(op, ain, 'a'));
      const b0 = temp(tmp, bin, linalgArray(op, bin, 'b', 1));
      const m = assertSquare(op, a0);
      const dt = linalgDType(op, a0, b0);
      const vec = b0.ndim === a0.ndim - 1;
      const core = vec ? 1 : 2;
      if (b0.ndim < core) {
        throw new StrideViewError('shape_mismatch', `${op}: b must be a vector [..., ${m}] (rank ${a0.ndim - 1}) or matrices [..., ${m}, K]; got shape ${fmt(b0.shape)}`);
      }
      const bs = b0.shape;
      const bm = bs[bs.length - core]!;
      if (bm !== m) {
        throw new StrideViewError('shape_mismatch', `${op}: b has ${bm} rows where a has ${m} (a: ${fmt(a0.shape)}, b: ${fmt(bs)})`);
      }
      const batch = batchBroadcast(op, a0.shape.slice(0, -2), bs.slice(0, bs.length - core), a0.shape, bs);
      const ac = temp(tmp, a0, inDType(a0, dt));
      const a = temp(tmp, ac, expandTo(ac, [...batch, m, m]));
      const bc = temp(tmp, b0, inDType(b0, dt));
      const b = temp(tmp, bc, expandTo(bc, [...batch, ...bs.slice(bs.length - core)]));
      const x = outArray(op, b.shape, dt);
      res.push(x);
      linalgRun(op, LinalgOp.Solve, 0, [a, b], [x]);
      return x;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** `x` broadcast to `shape` (x itself when it has that shape already: no view to make). */
function expandTo(x: NDArray, shape: readonly number[]): NDArray {
  const s = x.shape;
  return s.length === shape.length && s.every((d, i) => d === shape[i]) ? x : x.broadcastTo(shape);
}

/** A one-input, one-output request whose output has the input's shape minus `drop` trailing dims. */
function oneOut(op: string, code: LinalgOp, ain: unknown, drop: number, square: boolean, p0: number = 0): NDArray {
  return withTemps((tmp, res) => {
    const a0 = temp(tmp, ain, linalgArray(op, ain, 'a'));
    if (square) assertSquare(op, a0);
    const a = temp(tmp, a0, inDType(a0, linalgDType(op, a0)));
    const out = outArray(op, drop === 0 ? a.shape : a.shape.slice(0, -drop), a.dtype);
    res.push(out);
    linalgRun(op, code, p0, [a], [out]);
    return out;
  });
}

const INV: SigRef = { sig: 'numpy.linalg.inv: inv(a: ArrayInput) -> NDArray' };
/**
 * The inverse of each square matrix of `a` [..., M, M] (NumPy linalg.inv: LU with partial pivoting,
 * then a solve against the identity). dtypes as {@link solve}; a singular matrix throws
 * StrideViewError 'linalg_error'.
 */
// @overloads INV
export function inv(a: ArrayInput): NDArray;
// @end
export function inv(...args: unknown[]): NDArray {
  const op = 'inv';
  const [a] = bind(INV, args);
  try {
    return oneOut(op, LinalgOp.Inv, a, 0, true);
  } catch (e) {
    throw relabel(op, e);
  }
}

const DET: SigRef = { sig: 'numpy.linalg.det: det(a: ArrayInput) -> NDArray | number' };
/**
 * The determinant of each square matrix of `a` [..., M, M] (NumPy linalg.det: the product of U's
 * diagonal from an LU factorisation, formed in float64). A 2-D `a` gives a JS number; a stack gives
 * an NDArray of the batch shape. A singular matrix gives 0 (no error); a 0x0 matrix gives 1.
 */
// @overloads DET
export function det(a: ArrayInput): NDArray | number;
// @end
export function det(...args: unknown[]): NDArray | number {
  const op = 'det';
  const [a] = bind(DET, args);
  try {
    return scalarResult(oneOut(op, LinalgOp.Det, a, 2, true), false, undefined);
  } catch (e) {
    throw relabel(op, e);
  }
}

const SLOGDET: SigRef = { sig: 'numpy.linalg.slogdet: slogdet(a: ArrayInput) -> SlogdetResult' };
/**
 * The sign and the natural log of the absolute determinant of each square matrix of `a` (NumPy
 * linalg.slogdet): `[sign, logabsdet]`, also readable as `.sign` and `.logabsdet` (NumPy 2's
 * names). For a 2-D `a` both are JS numbers. A singular matrix gives sign 0 and logabsdet -Infinity.
 */
// @overloads SLOGDET
export function slogdet(a: ArrayInput): SlogdetResult;
// @end
export function slogdet(...args: unknown[]): SlogdetResult {
  const op = 'slogdet';
  const [ain] = bind(SLOGDET, args);
  try {
    const [s, l] = withTemps((tmp, res) => {
      const a0 = temp(tmp, ain, linalgArray(op, ain, 'a'));
      assertSquare(op, a0);
      const a = temp(tmp, a0, inDType(a0, linalgDType(op, a0)));
      const sign = outArray(op, a.shape.slice(0, -2), a.dtype);
      res.push(sign);
      const logabsdet = outArray(op, a.shape.slice(0, -2), a.dtype);
      res.push(logabsdet);
      linalgRun(op, LinalgOp.Slogdet, 0, [a], [sign, logabsdet]);
      return [sign, logabsdet];
    });
    return named<SlogdetResult>([scalarResult(s!, false, undefined), scalarResult(l!, false, undefined)], ['sign', 'logabsdet']);
  } catch (e) {
    throw relabel(op, e);
  }
}

const CHOLESKY: SigRef = { sig: 'numpy.linalg.cholesky: cholesky(a: ArrayInput) -> NDArray' };
/**
 * The lower Cholesky factor L of each symmetric positive-definite matrix of `a` (a = L L^T; NumPy
 * linalg.cholesky). Only a's lower triangle is read; L's strict upper triangle is 0. A matrix that
 * is not positive definite throws StrideViewError 'linalg_error' naming it.
 */
// @overloads CHOLESKY
export function cholesky(a: ArrayInput): NDArray;
// @end
export function cholesky(...args: unknown[]): NDArray {
  const op = 'cholesky';
  const [a] = bind(CHOLESKY, args);
  try {
    return oneOut(op, LinalgOp.Cholesky, a, 0, true);
  } catch (e) {
    throw relabel(op, e);
  }
}

/** A finite number, or null (the parameter's default). */
function tolParam(op: string, name: string, v: unknown): number | null {
  if (v === null) return null;
  if (typeof v !== 'number') {
    if (v instanceof NDArray || Array.isArray(v)) unsupported(op, name, v, 'supported: a number or null; one value for every matrix of the stack');
    throw new TypeError(`${op}: ${name} must be a number or null, got ${fmt(v)}`);
  }
  if (Number.isNaN(v)) throw new RangeError(`${op}: ${name} must not be NaN`);
  return v;
}

const LSTSQ: SigRef = { sig: 'numpy.linalg.lstsq: lstsq(a: ArrayInput, b: ArrayInput, rcond: number | null | "warn" = "warn") -> LstsqResult' };
/**
 * The least-squares solution of a x = b (NumPy linalg.lstsq, through the SVD as LAPACK's gelsd):
 * `[x, residuals, rank, s]`, also named `.x` `.residuals` `.rank` `.s`. `a` is [M, N]; `b` [M] or
 * [M, K] (2-D only, as NumPy 1.24). x minimises |b - a x| with the least norm; singular values
 * below `rcond` times the largest count as zero: `rcond` null is NumPy 2's default (machine
 * epsilon times max(M, N)), 'warn' (NumPy 1.24's default, without its FutureWarning) and any
 * negative value mean machine epsilon. residuals holds the squared residual norms per column of b
 * when rank == N < M, else it is empty; rank is a number; s holds the singular values.
 */
// @overloads LSTSQ
export function lstsq(a: ArrayInput, b: ArrayInput, options?: { rcond?: number | null | "warn" | undefined }): LstsqResult;
export function lstsq(a: ArrayInput, b: ArrayInput, rcond?: number | null | "warn"): LstsqResult;
// @end
export function lstsq(...args: unknown[]): LstsqResult {
  const op = 'lstsq';
  const [ain, bin, rcondIn] = bind(LSTSQ, args);
  try {
    const r = tidy(() => {
      const a0 = linalgArray(op, ain, 'a');
      const b0 = linalgArray(op, bin, 'b', 1);
      if (a0.ndim !== 2 || b0.ndim > 2) {
        const nd = a0.ndim !== 2 ? a0.ndim : b0.ndim;
        throw new StrideViewError('linalg_error', `${op}: ${nd}-dimensional array given. Array must be two-dimensional`);
      }
      const [m, n] = a0.shape as [number, number];
      if (b0.shape[0] !== m) {
        throw new StrideViewError('linalg_error', `${op}: incompatible dimensions: a has ${m} rows, b has ${b0.shape[0]} (a: ${fmt(a0.shape)}, b: ${fmt(b0.shape)})`);
      }
      const dt = linalgDType(op, a0, b0);
      let rcond: number;
      if (rcondIn === 'warn') rcond = EPS[dt];
      else {
        if (typeof rcondIn === 'string') throw new TypeError(`${op}: rcond must be a number, null or 'warn', got ${fmt(rcondIn)}`);
        const t = tolParam(op, 'rcond', rcondIn);
        rcond = t === null ? -1 : t < 0 ? EPS[dt] : t;
      }
      const a = inDType(a0, dt);
      const b = inDType(b0, dt);
      const k = b.ndim === 2 ? [b.shape[1]!] : [];
      const x = outArray(op, [n, ...k], dt);
      const res = outArray(op, k, dt);
      const rank = outArray(op, [], 'int64');
      const s = outArray(op, [Math.min(m, n)], dt);
      linalgRun(op, LinalgOp.Lstsq, rcond, [a, b], [x, res, rank, s]);
      const rk = Number(rank.item());
      // NumPy: the residuals when the solution is unique and over-determined ([1] for a vector b), else empty
      const residuals = rk === n && m > n ? (k.length ? res : reshaped(res, [1])) : outArray(op, [0], dt);
      return [x, residuals, rk, s] as const;
    });
    return named<LstsqResult>(r, ['x', 'residuals', 'rank', 's']);
  } catch (e) {
    throw relabel(op, e);
  }
}

const PINV: SigRef = { sig: 'numpy.linalg.pinv: pinv(a: ArrayInput, rcond: number = 1e-15, hermitian: boolean = false) -> NDArray' };
/**
 * The Moore-Penrose pseudo-inverse of each matrix of `a` [..., M, N] -> [..., N, M] (NumPy
 * linalg.pinv, through the SVD): singular values at most `rcond` times the largest are treated as
 * zero. `hermitian` (a promise that a is symmetric) is accepted and the general SVD used: the
 * result is the same matrix. As NumPy, `hermitian` requires square matrices.
 */
// @overloads PINV
export function pinv(a: ArrayInput, options?: { rcond?: number | undefined; hermitian?: boolean | undefined }): NDArray;
export function pinv(a: ArrayInput, rcond?: number, options?: { hermitian?: boolean | undefined }): NDArray;
export function pinv(a: ArrayInput, rcond?: number, hermitian?: boolean): NDArray;
// @end
export function pinv(...args: unknown[]): NDArray {
  const op = 'pinv';
  const [ain, rcondIn, herm] = bind(PINV, args);
  try {
    if (typeof herm !== 'boolean') throw new TypeError(`${op}: hermitian must be a boolean, got ${fmt(herm)}`);
    const rcond = tolParam(op, 'rcond', rcondIn);
    if (rcond === null) throw new TypeError(`${op}: rcond must be a number, got null`);
    if (rcond < 0) throw new RangeError(`${op}: rcond must be >= 0, got ${rcond}`);
    return tidy(() => {
      const a0 = linalgArray(op, ain, 'a');
      if (herm) assertSquare(op, a0);
      const a = inDType(a0, linalgDType(op, a0));
      const s = a.shape;
      const out = outArray(op, [...s.slice(0, -2), s[s.length - 1]!, s[s.length - 2]!], a.dtype);
      linalgRun(op, LinalgOp.Pinv, rcond, [a], [out]);
      return out;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

const MATRIX_RANK: SigRef = { sig: 'numpy.linalg.matrix_rank: matrixRank(A: ArrayInput, tol: number | null = null, hermitian: boolean = false) -> NDArray | number' };
/**
 * The rank of each matrix of `A` (shape [..., M, N]), the number of singular values above `tol` (NumPy
 * linalg.matrix_rank; default tol: the largest singular value times max(M, N) times the dtype's
 * epsilon). A 2-D `A` gives a JS number, a stack an int64 NDArray; a 0-d or 1-D `A` gives 1 unless
 * every element is 0, as NumPy. `hermitian` is accepted (the SVD gives the same rank; square
 * matrices only, as NumPy).
 */
// @overloads MATRIX_RANK
export function matrixRank(A: ArrayInput, options?: { tol?: number | null | undefined; hermitian?: boolean | undefined }): NDArray | number;
export function matrixRank(A: ArrayInput, tol?: number | null, options?: { hermitian?: boolean | undefined }): NDArray | number;
export function matrixRank(A: ArrayInput, tol?: number | null, hermitian?: boolean): NDArray | number;
// @end
export function matrixRank(...args: unknown[]): NDArray | number {
  const op = 'matrixRank';
  const [ain, tolIn, herm] = bind(MATRIX_RANK, args);
  try {
    if (typeof herm !== 'boolean') throw new TypeError(`${op}: hermitian must be a boolean, got ${fmt(herm)}`);
    const tol = tolParam(op, 'tol', tolIn);
    const r = tidy(() => {
      const a0 = linalgArray(op, ain, 'A', 0);
      if (a0.ndim < 2) return all(equal(a0, 0)) ? 0 : 1;
      if (herm) assertSquare(op, a0);
      const a = inDType(a0, linalgDType(op, a0));
      const out = outArray(op, a.shape.slice(0, -2), 'int64');
      linalgRun(op, LinalgOp.MatrixRank, tol === null ? -1 : Math.max(tol, 0), [a], [out]);
      return out;
    });
    return typeof r === 'number' ? r : (scalarResult(r, false, undefined) as NDArray | number);
  } catch (e) {
    throw relabel(op, e);
  }
}

const MATRIX_POWER: SigRef = { sig: 'numpy.linalg.matrix_power: matrixPower(a: ArrayInput, n: number) -> NDArray' };
/**
 * Each square matrix of `a` raised to the integer power `n` (NumPy linalg.matrix_power): repeated
 * squaring with {@link matmul} (integer matrices stay integer for n >= 0); n == 0 gives identities
 * of a's dtype; n < 0 inverts first ({@link inv}: float64 for integers, an error when singular).
 */
// @overloads MATRIX_POWER
export function matrixPower(a: ArrayInput, n: number): NDArray;
// @end
export function matrixPower(...args: unknown[]): NDArray {
  const op = 'matrixPower';
  const [ain, nIn] = bind(MATRIX_POWER, args);
  try {
    if (typeof nIn !== 'number' || !Number.isInteger(nIn)) {
      throw new TypeError(`${op}: n (the exponent) must be an integer, got ${fmt(nIn)}`);
    }
    const n = nIn;
    return tidy(() => {
      const a0 = linalgArray(op, ain, 'a');
      const m = assertSquare(op, a0);
      if (n === 0) {
        return outArray(op, a0.shape, a0.dtype).assign(eye(m, { dtype: a0.dtype }));
      }
      let x = n < 0 ? inv(a0) : a0;
      let e = Math.abs(n);
      if (m === 0 || e === 1) return x.copy();
      // binary powering: result = product of the squares x^(2^i) for the set bits of e
      let result: NDArray | null = null;
      for (;;) {
        if (e % 2 === 1) result = result === null ? x : matmul(result, x);
        e = Math.floor(e / 2);
        if (e === 0) break;
        x = matmul(x, x);
      }
      return result === a0 ? a0.copy() : result!;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
