// numpy.linalg's decompositions over stacks of matrices: qr, eigh, eigvalsh, svd, and cond (from
// the singular values, or from norms of a and its inverse). One engine request each
// (linalg_call.ts); shapes, dtypes and errors are NumPy 1.24's.
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray } from './ndarray.js';
import { type ArrayInput, div, mul, notEqual, where } from './ops.js';
import { isnan } from './math.js';
import { any } from './stats.js';
import { scalarResult } from './reductions.js';
import { tidy } from './tidy.js';
import { type SigRef, bind, unsupported } from './signature.js';
import { LinalgOp } from './boundary_tables.js';
import { assertSquare, inDType, linalgArray, linalgDType, linalgRun, named, outArray, svdImpl } from './linalg_call.js';
import { type NormOrder, norm } from './norms.js';
import { inv } from './linalg_solve.js';

/** {@link qr}'s `mode`. */
export type QrMode = 'reduced' | 'complete' | 'r' | 'raw';
/** What {@link qr} returns for the arguments `P`: R alone for mode 'r', else `[Q, R]` (also `.Q`, `.R`). */
export type QrOut<P> = P extends { mode: 'r' } ? NDArray : QrResult;
/** `[Q, R]`, also named as NumPy 2's result. */
export type QrResult = [NDArray, NDArray] & { readonly Q: NDArray; readonly R: NDArray };
/** `[eigenvalues, eigenvectors]` of {@link eigh}, also named. */
export type EighResult = [NDArray, NDArray] & { readonly eigenvalues: NDArray; readonly eigenvectors: NDArray };
/** `[eigenvalues, eigenvectors]` of {@link eig}, also named (complex, or real when every eigenvalue is). */
export type EigResult = [NDArray, NDArray] & { readonly eigenvalues: NDArray; readonly eigenvectors: NDArray };
/** `[U, S, Vh]` of {@link svd}, also named. */
export type SvdResult = [NDArray, NDArray, NDArray] & { readonly U: NDArray; readonly S: NDArray; readonly Vh: NDArray };
/** What {@link svd} returns for the arguments `P`: S alone when computeUv is false, else `[U, S, Vh]`. */
export type SvdOut<P> = P extends { computeUv: false } ? NDArray : SvdResult;

const QR_MODES: Record<string, number> = { reduced: 0, complete: 1, r: 2 };

const QR: SigRef = { sig: 'numpy.linalg.qr: qr(a: ArrayInput, mode: QrMode = "reduced") -> QrOut<$P[mode]>' };
/**
 * The QR factorisation of each matrix of `a` [..., M, N] (NumPy linalg.qr: Householder reflections
 * as LAPACK's geqrf / orgqr, so R's diagonal has LAPACK's signs). With K = min(M, N): mode
 * 'reduced' gives `[Q, R]` with Q [..., M, K] and R [..., K, N]; 'complete' Q [..., M, M] and R
 * [..., M, N]; 'r' R alone [..., K, N]. The pair is also readable as `.Q` and `.R` (NumPy 2's
 * names). 'raw' (LAPACK's internal reflectors) and the deprecated 'full' / 'economic' are refused.
 */
// @overloads QR
export function qr<O extends { mode?: QrMode | undefined } = {}>(a: ArrayInput, options?: O): QrOut<O>;
export function qr<TMode extends QrMode | undefined = undefined>(a: ArrayInput, mode?: TMode): QrOut<{ mode: TMode } & {}>;
// @end
export function qr(...args: unknown[]): NDArray | QrResult {
  const op = 'qr';
  const [ain, mode] = bind(QR, args);
  try {
    if (typeof mode !== 'string') throw new TypeError(`${op}: mode must be a string, got ${fmt(mode)}`);
    const code = QR_MODES[mode];
    if (code === undefined) {
      if (mode === 'raw' || mode === 'full' || mode === 'economic') {
        unsupported(op, 'mode', mode, "supported: 'reduced', 'complete', 'r'; 'raw' returns LAPACK's internal reflectors, 'full' and 'economic' are deprecated in NumPy");
      }
      throw new StrideViewError('invalid_argument', `${op}: unrecognized mode ${fmt(mode)} (expected 'reduced', 'complete' or 'r')`);
    }
    const r = tidy(() => {
      const a0 = linalgArray(op, ain, 'a');
      const a = inDType(a0, linalgDType(op, a0));
      const s = a.shape;
      const batch = s.slice(0, -2);
      const m = s[s.length - 2]!, n = s[s.length - 1]!, k = Math.min(m, n);
      const q = code === 2 ? null : outArray(op, [...batch, m, code === 1 ? m : k], a.dtype);
      const rr = outArray(op, [...batch, code === 1 ? m : k, n], a.dtype);
      linalgRun(op, LinalgOp.Qr, code, [a], [q, rr]);
      return q === null ? rr : [q, rr];
    });
    return r instanceof NDArray ? r : named<QrResult>(r, ['Q', 'R']);
  } catch (e) {
    throw relabel(op, e);
  }
}

function uplo(op: string, v: unknown): number {
  if (typeof v !== 'string') throw new TypeError(`${op}: UPLO must be 'L' or 'U', got ${fmt(v)}`);
  const u = v.toUpperCase();
  if (u !== 'L' && u !== 'U') throw new StrideViewError('invalid_argument', `${op}: UPLO argument must be 'L' or 'U', got ${fmt(v)}`);
  return u === 'L' ? 1 : 0;
}

/** eigh / eigvalsh: w and (vectors) v. */
function eighImpl(op: string, ain: unknown, lower: number, vectors: boolean): NDArray[] {
  return tidy(() => {
    const a0 = linalgArray(op, ain, 'a');
    const n = assertSquare(op, a0);
    const a = inDType(a0, linalgDType(op, a0));
    const batch = a.shape.slice(0, -2);
    const w = outArray(op, [...batch, n], a.dtype);
    const v = vectors ? outArray(op, [...batch, n, n], a.dtype) : null;
    linalgRun(op, LinalgOp.Eigh, lower, [a], [w, v]);
    return v === null ? [w] : [w, v];
  });
}

const EIGH: SigRef = { sig: 'numpy.linalg.eigh: eigh(a: ArrayInput, UPLO: "L" | "U" = "L") -> EighResult' };
/**
 * The eigenvalues (ascending) and orthonormal eigenvectors (columns) of each symmetric matrix of
 * `a` [..., M, M] (NumPy linalg.eigh): `[w, v]`, also `.eigenvalues` / `.eigenvectors`. Only the
 * lower triangle is read (`UPLO` 'U': the upper one). Householder tridiagonalisation, then implicit
 * QL with Wilkinson shifts; eigenvectors are unique up to sign (and within repeated eigenvalues).
 */
// @overloads EIGH
export function eigh(a: ArrayInput, options?: { UPLO?: "L" | "U" | undefined }): EighResult;
export function eigh(a: ArrayInput, UPLO?: "L" | "U"): EighResult;
// @end
export function eigh(...args: unknown[]): EighResult {
  const op = 'eigh';
  const [a, u] = bind(EIGH, args);
  try {
    return named<EighResult>(eighImpl(op, a, uplo(op, u), true), ['eigenvalues', 'eigenvectors']);
  } catch (e) {
    throw relabel(op, e);
  }
}

const EIGVALSH: SigRef = { sig: 'numpy.linalg.eigvalsh: eigvalsh(a: ArrayInput, UPLO: "L" | "U" = "L") -> NDArray' };
/** The eigenvalues (ascending) of each symmetric matrix of `a` (NumPy linalg.eigvalsh): {@link eigh}'s w, bit for bit. */
// @overloads EIGVALSH
export function eigvalsh(a: ArrayInput, options?: { UPLO?: "L" | "U" | undefined }): NDArray;
export function eigvalsh(a: ArrayInput, UPLO?: "L" | "U"): NDArray;
// @end
export function eigvalsh(...args: unknown[]): NDArray {
  const op = 'eigvalsh';
  const [a, u] = bind(EIGVALSH, args);
  try {
    return eighImpl(op, a, uplo(op, u), false)[0]!;
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * eig / eigvals: the engine writes complex results; as NumPy, they become real (float64, or float32
 * for float32 input) when every eigenvalue of the whole stack has imaginary part 0.
 */
function eigImpl(op: string, ain: unknown, vectors: boolean): NDArray[] {
  return tidy(() => {
    const a0 = linalgArray(op, ain, 'a');
    const n = assertSquare(op, a0);
    const a = inDType(a0, linalgDType(op, a0));
    const batch = a.shape.slice(0, -2);
    const cdt = a.dtype === 'float32' ? 'complex64' : 'complex128';
    const w = outArray(op, [...batch, n], cdt);
    const v = vectors ? outArray(op, [...batch, n, n], cdt) : null;
    linalgRun(op, LinalgOp.Eig, 0, [a], [w, v]);
    const out = v === null ? [w] : [w, v];
    if (any(notEqual(w.imag, 0))) return out;
    return out.map((x) => x.real.copy()); // every eigenvalue real: the real parts
  });
}

const EIG: SigRef = { sig: 'numpy.linalg.eig: eig(a: ArrayInput) -> EigResult' };
/**
 * The eigenvalues and right eigenvectors (columns, unit 2-norm, the largest component real) of each
 * square matrix of `a` [..., M, M] (NumPy linalg.eig): `[w, v]`, also `.eigenvalues` /
 * `.eigenvectors`. Complex (complex128; complex64 for float32 input) unless every eigenvalue is real,
 * then float64 (float32), as NumPy. Balancing, Hessenberg reduction and Francis double-shift QR to
 * the real Schur form, then back substitution; the order of the eigenvalues is the Schur form's.
 */
// @overloads EIG
export function eig(a: ArrayInput): EigResult;
// @end
export function eig(...args: unknown[]): EigResult {
  const op = 'eig';
  const [a] = bind(EIG, args);
  try {
    return named<EigResult>(eigImpl(op, a, true), ['eigenvalues', 'eigenvectors']);
  } catch (e) {
    throw relabel(op, e);
  }
}

const EIGVALS: SigRef = { sig: 'numpy.linalg.eigvals: eigvals(a: ArrayInput) -> NDArray' };
/** The eigenvalues of each square matrix of `a` (NumPy linalg.eigvals): {@link eig}'s w, bit for bit. */
// @overloads EIGVALS
export function eigvals(a: ArrayInput): NDArray;
// @end
export function eigvals(...args: unknown[]): NDArray {
  const op = 'eigvals';
  const [a] = bind(EIGVALS, args);
  try {
    return eigImpl(op, a, false)[0]!;
  } catch (e) {
    throw relabel(op, e);
  }
}

const SVD: SigRef = { sig: 'numpy.linalg.svd: svd(a: ArrayInput, fullMatrices: boolean = true, computeUv: boolean = true, ' +
    'hermitian: boolean = false) -> SvdOut<$P[computeUv]>' };
/**
 * The singular value decomposition a = U diag(S) Vh of each matrix of `a` [..., M, N] (NumPy
 * linalg.svd): `[U, S, Vh]` (also `.U` `.S` `.Vh`), S descending, K = min(M, N). `fullMatrices`
 * (default) gives U [..., M, M] and Vh [..., N, N], else U [..., M, K] and Vh [..., K, N];
 * `computeUv` false gives S alone. One-sided Jacobi rotations: singular values to high relative
 * accuracy. `hermitian` (square matrices only, as NumPy) is accepted and the general SVD computed
 * (a valid decomposition; NumPy's eigh-based one may differ in the signs of singular vectors, as
 * any two SVDs may).
 */
// @overloads SVD
export function svd<O extends { fullMatrices?: boolean | undefined; computeUv?: boolean | undefined; hermitian?: boolean | undefined } = {}>(a: ArrayInput, options?: O): SvdOut<O>;
export function svd<O extends { computeUv?: boolean | undefined; hermitian?: boolean | undefined } = {}>(a: ArrayInput, fullMatrices?: boolean, options?: O): SvdOut<O>;
export function svd<TComputeUv extends boolean | undefined = undefined, O extends { hermitian?: boolean | undefined } = {}>(a: ArrayInput, fullMatrices?: boolean, computeUv?: TComputeUv, options?: O): SvdOut<{ computeUv: TComputeUv } & O>;
export function svd<TComputeUv extends boolean | undefined = undefined>(a: ArrayInput, fullMatrices?: boolean, computeUv?: TComputeUv, hermitian?: boolean): SvdOut<{ computeUv: TComputeUv } & {}>;
// @end
export function svd(...args: unknown[]): NDArray | SvdResult {
  const op = 'svd';
  const [ain, full, uv, herm] = bind(SVD, args);
  try {
    for (const [k, v] of [['fullMatrices', full], ['computeUv', uv], ['hermitian', herm]] as const) {
      if (typeof v !== 'boolean') throw new TypeError(`${op}: ${k} must be a boolean, got ${fmt(v)}`);
    }
    if (herm) assertSquare(op, linalgArray(op, ain, 'a'));
    const r = svdImpl(op, ain, full as boolean, uv as boolean);
    return r.length === 1 ? r[0]! : named<SvdResult>(r, ['U', 'S', 'Vh']);
  } catch (e) {
    throw relabel(op, e);
  }
}

const COND: SigRef = { sig: 'numpy.linalg.cond: cond(x: ArrayInput, p: NormOrder = null) -> NDArray | number' };
/**
 * The condition number of each matrix of `x` (NumPy linalg.cond). `p` null, 2 or -2: the ratio of
 * the largest to the smallest singular value (-2: its inverse), any matrix shape; 1, -1, Infinity,
 * -Infinity, 'fro', 'nuc': norm(x, p) * norm(inv(x), p) over square matrices, where a singular
 * matrix gives Infinity (as NumPy; a matrix holding NaN gives NaN). A 2-D `x` gives a JS number.
 */
// @overloads COND
export function cond(x: ArrayInput, options?: { p?: NormOrder | undefined }): NDArray | number;
export function cond(x: ArrayInput, p?: NormOrder): NDArray | number;
// @end
export function cond(...args: unknown[]): NDArray | number {
  const op = 'cond';
  const [xin, p] = bind(COND, args);
  try {
    const r = tidy(() => {
      const x = linalgArray(op, xin, 'x');
      const sh = x.shape;
      if (sh[sh.length - 1] === 0 || sh[sh.length - 2] === 0) {
        throw new StrideViewError('linalg_error', `${op}: cond is not defined on empty arrays (shape ${fmt(sh)})`);
      }
      let c: NDArray;
      if (p === null || p === 2 || p === -2) {
        const s = svdImpl(op, x, false, false)[0]!;
        const k = s.shape[s.ndim - 1]!;
        const hi = s.slice('..., 0'), lo = s.slice(`..., ${k - 1}`);
        c = p === -2 ? div(lo, hi) : div(hi, lo);
      } else {
        if (p !== 1 && p !== -1 && p !== Infinity && p !== -Infinity && p !== 'fro' && p !== 'nuc') {
          const msg = `${op}: p must be null, 1, -1, 2, -2, Infinity, -Infinity, 'fro' or 'nuc', got ${fmt(p)}`;
          throw typeof p === 'number' ? new StrideViewError('invalid_argument', msg) : new TypeError(msg);
        }
        assertSquare(op, x);
        const xi = invOrNaN(op, x);
        c = mul(norm(x, p, [-2, -1]), norm(xi, p, [-2, -1]));
      }
      // NaN from a failed inversion or 0/0 means Infinity, unless x itself held a NaN
      const bad = isnan(c);
      if (any(bad)) c = where(bad, where(any(isnan(x), [-2, -1]), NaN, Infinity), c).astype(c.dtype);
      return c;
    });
    return scalarResult(r, false, undefined) as NDArray | number;
  } catch (e) {
    throw relabel(op, e);
  }
}

/** inv(x) with NaN matrices where a matrix of the stack is singular (NumPy's cond inverts with errors ignored). */
function invOrNaN(op: string, x: NDArray): NDArray {
  try {
    return inv(x);
  } catch (e) {
    if (!(e instanceof StrideViewError) || e.code !== 'linalg_error') throw e;
  }
  const sh = x.shape;
  const batch = sh.slice(0, -2);
  const nb = batch.reduce((p, q) => p * q, 1);
  const flat = x.reshape([nb, sh[sh.length - 2]!, sh[sh.length - 1]!]);
  const out = outArray(op, flat.shape, x.dtype === 'float32' ? 'float32' : 'float64');
  for (let i = 0; i < nb; i++) {
    let m: NDArray | number;
    try {
      m = inv(flat.slice(i));
    } catch (e) {
      if (!(e instanceof StrideViewError) || e.code !== 'linalg_error') throw e;
      m = NaN;
    }
    out.slice(i).assign(m);
  }
  return out.reshape(sh);
}
