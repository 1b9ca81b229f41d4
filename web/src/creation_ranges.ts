// Creation by range and by example, as NumPy: linspace, logspace, eye, identity, the *Like
// functions and meshgrid. Values are computed by engine ops (arange, mul, add, pow, fill through a
// strided view), never element by element in TypeScript.
import { type DType, type Scalar, checkDType, info } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { arange, empty, full, zeros } from './creation.js';
import { add, div, mul, type ArrayInput } from './ops.js';
import { floor, pow } from './math.js';
import { tidy } from './tidy.js';
import { boolOption, optionsOf } from './axis_reductions.js';

function finiteNumber(op: string, name: string, v: unknown): number {
  if (typeof v !== 'number') throw new TypeError(`${op}: ${name} must be a number, got ${fmt(v)}`);
  return v;
}

function sampleCount(op: string, num: unknown): number {
  const n = toInt(op, 'num', num);
  if (n < 0) throw new StrideViewError('invalid_argument', `${op}: num must be >= 0, got ${n}`);
  return n;
}

/** Options of {@link linspace}. */
export interface LinspaceOptions {
  /** Include `stop` as the last sample (default true). */
  endpoint?: boolean;
  /** Also return the spacing: `[samples, step]` (default false). */
  retstep?: boolean;
  /** Result dtype (default float64; integer dtypes take the floor, as NumPy). */
  dtype?: DType;
}

/**
 * `num` evenly spaced samples from `start` to `stop` (NumPy linspace, default 50 samples): computed
 * in float64 as `arange(num) * step + start` with `step = (stop - start) / (num - 1)` (`/ num` without
 * the endpoint), the last sample set to `stop` exactly, then cast to `dtype`. With `retstep` the
 * result is `[samples, step]` (step NaN for a single sample with the endpoint).
 */
export function linspace(start: number, stop: number, num?: number, options?: LinspaceOptions & { retstep?: false }): NDArray;
export function linspace(start: number, stop: number, num: number, options: LinspaceOptions & { retstep: true }): [NDArray, number];
export function linspace(start: number, stop: number, num: number = 50, options?: LinspaceOptions): NDArray | [NDArray, number] {
  const op = 'linspace';
  try {
    const o = optionsOf(op, options);
    const a = finiteNumber(op, 'start', start);
    const b = finiteNumber(op, 'stop', stop);
    const n = sampleCount(op, num);
    const endpoint = boolOption(op, 'endpoint', o.endpoint, true);
    const retstep = boolOption(op, 'retstep', o.retstep, false);
    const dtype = o.dtype === undefined ? 'float64' : checkDType(op, o.dtype);
    const d = endpoint ? n - 1 : n;
    const delta = b - a;
    let step = NaN;
    const samples = tidy(() => {
      let y = arange(0, n, 1, 'float64');
      if (d > 0) {
        step = delta / d;
        // NumPy: a zero step (delta tiny against d) divides first, so that subnormal steps are not lost
        y = step === 0 ? mul(div(y, d), delta) : mul(y, step);
      } else {
        y = mul(y, delta);
      }
      y = add(y, a);
      if (endpoint && n > 1) y.set(n - 1, b);
      if (info(dtype).kind === 'i' || info(dtype).kind === 'u') y = floor(y);
      return dtype === 'float64' ? y : y.astype(dtype);
    });
    return retstep ? [samples, step] : samples;
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of {@link logspace}. */
export interface LogspaceOptions {
  endpoint?: boolean;
  /** The base of the powers (default 10). */
  base?: number;
  dtype?: DType;
}

/** `base ** linspace(start, stop, num)` (NumPy logspace; default 50 samples, base 10, float64). */
export function logspace(start: number, stop: number, num: number = 50, options?: LogspaceOptions): NDArray {
  const op = 'logspace';
  try {
    const o = optionsOf(op, options);
    const base = o.base === undefined ? 10 : finiteNumber(op, 'base', o.base);
    const dtype = o.dtype === undefined ? 'float64' : checkDType(op, o.dtype);
    return tidy(() => {
      const y = linspace(start, stop, num, { endpoint: o.endpoint ?? true });
      const p = pow(base, y);
      return dtype === 'float64' ? p : p.astype(dtype);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of {@link eye}. */
export interface EyeOptions {
  /** The diagonal: 0 the main one, > 0 above it, < 0 below it. */
  k?: number;
  /** Default float64. */
  dtype?: DType;
}

/**
 * An n x m array (m defaults to n) of zeros with ones on diagonal `k` (NumPy eye). The ones are
 * written through a strided view of the zeros (stride m + 1), one engine fill.
 */
export function eye(n: number, m?: number | null, options?: EyeOptions): NDArray {
  const op = 'eye';
  try {
    const o = optionsOf(op, options);
    const rows = toInt(op, 'n', n);
    const cols = m === undefined || m === null ? rows : toInt(op, 'm', m);
    const k = o.k === undefined ? 0 : toInt(op, 'k', o.k);
    const dtype = o.dtype === undefined ? 'float64' : checkDType(op, o.dtype);
    if (rows < 0 || cols < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (shape [${rows},${cols}])`);
    const z = zeros([rows, cols], dtype);
    // the diagonal starts at (0, k) or (-k, 0); its length is limited by both sides
    const r0 = k >= 0 ? 0 : -k;
    const c0 = k >= 0 ? k : 0;
    const len = Math.max(0, Math.min(rows - r0, cols - c0));
    if (len > 0) {
      const first = r0 * cols + c0;
      const flat = z.reshape([rows * cols]);
      const diag = flat.slice(`${first}:${first + (len - 1) * (cols + 1) + 1}:${cols + 1}`);
      diag.fill(1);
      diag.dispose();
      flat.dispose();
    }
    return z;
  } catch (e) {
    throw relabel(op, e);
  }
}

/** The n x n identity matrix (NumPy identity; default float64). */
export function identity(n: number, options?: { dtype?: DType }): NDArray {
  const op = 'identity';
  try {
    const o = optionsOf(op, options);
    return eye(n, n, { dtype: o.dtype ?? 'float64' });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of the *Like functions: another dtype or shape than the prototype's. */
export interface LikeOptions {
  dtype?: DType;
  shape?: readonly number[] | number;
}

function likeOf(op: string, a: ArrayInput, options: LikeOptions | undefined): { shape: readonly number[] | number; dtype: DType } {
  const o = optionsOf(op, options);
  let shape: readonly number[] | number;
  let dtype: DType;
  if (a instanceof NDArray) {
    a._check(op);
    shape = a.shape;
    dtype = a.dtype;
  } else {
    const t = asArray(op, a);
    shape = t.shape;
    dtype = t.dtype;
    t.dispose();
  }
  return { shape: o.shape ?? shape, dtype: o.dtype === undefined ? dtype : checkDType(op, o.dtype) };
}

/** A C-ordered array of zeros with a's shape and dtype (NumPy zeros_like; options override either). */
export function zerosLike(a: ArrayInput, options?: LikeOptions): NDArray {
  try {
    const { shape, dtype } = likeOf('zerosLike', a, options);
    return full(shape, 0, dtype);
  } catch (e) {
    throw relabel('zerosLike', e);
  }
}
/** Ones with a's shape and dtype (NumPy ones_like). */
export function onesLike(a: ArrayInput, options?: LikeOptions): NDArray {
  try {
    const { shape, dtype } = likeOf('onesLike', a, options);
    return full(shape, 1, dtype);
  } catch (e) {
    throw relabel('onesLike', e);
  }
}
/** `value` (cast to the dtype, as NumPy's unsafe cast: floats truncate into integers) with a's shape and dtype (NumPy full_like). */
export function fullLike(a: ArrayInput, value: Scalar, options?: LikeOptions): NDArray {
  try {
    const { shape, dtype } = likeOf('fullLike', a, options);
    return full(shape, value, dtype);
  } catch (e) {
    throw relabel('fullLike', e);
  }
}
/** An uninitialised array with a's shape and dtype (NumPy empty_like). */
export function emptyLike(a: ArrayInput, options?: LikeOptions): NDArray {
  try {
    const { shape, dtype } = likeOf('emptyLike', a, options);
    return empty(shape, dtype);
  } catch (e) {
    throw relabel('emptyLike', e);
  }
}

/** Options of {@link meshgrid}. */
export interface MeshgridOptions {
  /** 'xy' (default: Cartesian, the first two outputs' axes swapped) or 'ij' (matrix indexing). */
  indexing?: 'xy' | 'ij';
  /** Outputs of shape 1 except along their own axis (reshaped views of the inputs; default false). */
  sparse?: boolean;
  /** false: the outputs are views (broadcast, read-only, or sparse reshapes) of the inputs; default true: copies. */
  copy?: boolean;
}

/**
 * Coordinate arrays from 1-D coordinate vectors (NumPy meshgrid; inputs of other ranks are
 * flattened). With `{ copy: false }` no element is copied: each output is a broadcast (read-only,
 * stride 0) view of its input. Options go last: `meshgrid(x, y, { indexing: 'ij' })`.
 */
export function meshgrid(...args: (ArrayInput | MeshgridOptions)[]): NDArray[] {
  const op = 'meshgrid';
  try {
    let o: MeshgridOptions = {};
    const last = args[args.length - 1];
    if (args.length > 0 && last !== null && typeof last === 'object' && !(last instanceof NDArray) && !Array.isArray(last)) {
      o = last as MeshgridOptions;
      args = args.slice(0, -1);
    }
    const indexing = o.indexing ?? 'xy';
    if (indexing !== 'xy' && indexing !== 'ij') {
      throw new StrideViewError('invalid_argument', `${op}: indexing must be 'xy' or 'ij', got ${fmt(indexing)}`);
    }
    const sparse = boolOption(op, 'sparse', o.sparse, false);
    const copy = boolOption(op, 'copy', o.copy, true);
    const nd = args.length;
    return tidy(() => {
      const flat = args.map((x) => asArray(op, x).reshape([-1]));
      const shapes = flat.map((f, i) => {
        const s = new Array<number>(nd).fill(1);
        s[i] = f.size;
        return s;
      });
      if (indexing === 'xy' && nd > 1) {
        shapes[0]![0] = 1;
        shapes[0]![1] = flat[0]!.size;
        shapes[1]![0] = flat[1]!.size;
        shapes[1]![1] = 1;
      }
      let out = flat.map((f, i) => f.reshape(shapes[i]!));
      if (!sparse) {
        const whole = flat.map((f) => f.size);
        if (indexing === 'xy' && nd > 1) [whole[0], whole[1]] = [whole[1]!, whole[0]!];
        out = out.map((x) => x.broadcastTo(whole));
      }
      return copy ? out.map((x) => x.copy()) : out;
    });
  } catch (e) {
    throw relabel(op, e);
  }
}
