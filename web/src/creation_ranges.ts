// Creation by range and by example, as NumPy: linspace, logspace, eye, identity, the *Like
// functions and meshgrid. Values are computed by engine ops (arange, mul, add, pow, fill through a
// strided view), never element by element in TypeScript. Each declares its NumPy signature
// (signature.ts); the memory order of eye and the *Like functions is creation.ts's (layoutOf).
import { type DType, type Scalar, checkDType, info } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, asArray, normAxis } from './ndarray.js';
import { arange, boolArg, fillImpl, inLayout, layoutOf, likeArg, orderOf, subokArg, zeros } from './creation.js';
import { add, div, mul, sub, type ArrayInput } from './ops.js';
import { mod } from './integer_ops.js';
import { pow } from './math.js';
import { tidy } from './tidy.js';
import { checkShape } from './axes.js';
import { type SigRef, bind } from './signature.js';
import type { Order } from './ufunc.js';

function finiteNumber(op: string, name: string, v: unknown): number {
  if (typeof v !== 'number') {
    throw new TypeError(`${op}: ${name} must be a number (array start and stop are not supported), got ${fmt(v)}`);
  }
  return v;
}

function sampleCount(op: string, num: unknown): number {
  const n = toInt(op, 'num', num);
  if (n < 0) throw new StrideViewError('invalid_argument', `${op}: num must be >= 0, got ${n}`);
  return n;
}

/** Options of {@link linspace}. */
export interface LinspaceOptions {
  num?: number;
  /** Include `stop` as the last sample (default true). */
  endpoint?: boolean;
  /** Also return the spacing: `[samples, step]` (default false). */
  retstep?: boolean;
  /** Result dtype (default float64; integer dtypes take the floor, as NumPy). */
  dtype?: DType | null;
  /** The axis of the samples: 0 or -1 (start and stop are scalars: the result is 1-D). */
  axis?: number;
}

function linspaceImpl(op: string, start: unknown, stop: unknown, num: unknown, endpointV: unknown, retstepV: unknown, dtypeV: unknown, axis: unknown): [NDArray, number] {
  const a = finiteNumber(op, 'start', start);
  const b = finiteNumber(op, 'stop', stop);
  const n = sampleCount(op, num);
  const endpoint = boolArg(op, 'endpoint', endpointV);
  boolArg(op, 'retstep', retstepV);
  const dtype = dtypeV === null ? 'float64' : checkDType(op, dtypeV);
  normAxis(op, toInt(op, 'axis', axis), 1); // the samples' axis of a 1-D result: 0 or -1
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
    // NumPy floors for an integer dtype: y - mod(y, 1) is floor(y) exactly (mod is exact), with the
    // core's kernels (floor is vector math: a linspace would bring in the families module)
    if (info(dtype).kind === 'i' || info(dtype).kind === 'u') y = sub(y, mod(y, 1));
    return dtype === 'float64' ? y : y.astype(dtype);
  });
  return [samples, step];
}

const LINSPACE: SigRef = { sig: 'numpy.linspace: linspace(start: number, stop: number, num: number = 50, endpoint: boolean = true, retstep: boolean = false, ' +
    'dtype: DType | null = null, axis: number = 0) -> $P[retstep] extends { retstep: true } ? [NDArray, number] : NDArray' };
/**
 * `num` evenly spaced samples from `start` to `stop` (NumPy linspace, default 50 samples): computed
 * in float64 as `arange(num) * step + start` with `step = (stop - start) / (num - 1)` (`/ num` without
 * the endpoint), the last sample set to `stop` exactly, then cast to `dtype`. With `retstep` the
 * result is `[samples, step]` (step NaN for a single sample with the endpoint):
 * `linspace(0, 1, 5)`, `linspace(0, 1, 5, false)`, `linspace(0, 1, { num: 5, retstep: true })`.
 */
// @overloads LINSPACE
export function linspace<O extends { num?: number | undefined; endpoint?: boolean | undefined; retstep?: boolean | undefined; dtype?: DType | null | undefined; axis?: number | undefined } = {}>(start: number, stop: number, options?: O): O extends { retstep: true } ? [NDArray, number] : NDArray;
export function linspace<O extends { endpoint?: boolean | undefined; retstep?: boolean | undefined; dtype?: DType | null | undefined; axis?: number | undefined } = {}>(start: number, stop: number, num?: number, options?: O): O extends { retstep: true } ? [NDArray, number] : NDArray;
export function linspace<O extends { retstep?: boolean | undefined; dtype?: DType | null | undefined; axis?: number | undefined } = {}>(start: number, stop: number, num?: number, endpoint?: boolean, options?: O): O extends { retstep: true } ? [NDArray, number] : NDArray;
export function linspace<TRetstep extends boolean | undefined = undefined, O extends { dtype?: DType | null | undefined; axis?: number | undefined } = {}>(start: number, stop: number, num?: number, endpoint?: boolean, retstep?: TRetstep, options?: O): { retstep: TRetstep } & O extends { retstep: true } ? [NDArray, number] : NDArray;
export function linspace<TRetstep extends boolean | undefined = undefined, O extends { axis?: number | undefined } = {}>(start: number, stop: number, num?: number, endpoint?: boolean, retstep?: TRetstep, dtype?: DType | null, options?: O): { retstep: TRetstep } & O extends { retstep: true } ? [NDArray, number] : NDArray;
export function linspace<TRetstep extends boolean | undefined = undefined>(start: number, stop: number, num?: number, endpoint?: boolean, retstep?: TRetstep, dtype?: DType | null, axis?: number): { retstep: TRetstep } & {} extends { retstep: true } ? [NDArray, number] : NDArray;
// @end
export function linspace(...args: unknown[]): NDArray | [NDArray, number] {
  const op = 'linspace';
  try {
    const [start, stop, num, endpoint, retstep, dtype, axis] = bind(LINSPACE, args);
    const r = linspaceImpl(op, start, stop, num, endpoint, retstep, dtype, axis);
    return retstep === true ? r : r[0];
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of {@link logspace}. */
export interface LogspaceOptions {
  num?: number;
  endpoint?: boolean;
  /** The base of the powers (default 10). */
  base?: number;
  dtype?: DType | null;
  axis?: number;
}

const LOGSPACE: SigRef = { sig: 'numpy.logspace: logspace(start: number, stop: number, num: number = 50, endpoint: boolean = true, base: number = 10, ' +
    'dtype: DType | null = null, axis: number = 0) -> NDArray' };
/** `base ** linspace(start, stop, num)` (NumPy logspace; default 50 samples, base 10, float64). */
// @overloads LOGSPACE
export function logspace(start: number, stop: number, options?: { num?: number | undefined; endpoint?: boolean | undefined; base?: number | undefined; dtype?: DType | null | undefined; axis?: number | undefined }): NDArray;
export function logspace(start: number, stop: number, num?: number, options?: { endpoint?: boolean | undefined; base?: number | undefined; dtype?: DType | null | undefined; axis?: number | undefined }): NDArray;
export function logspace(start: number, stop: number, num?: number, endpoint?: boolean, options?: { base?: number | undefined; dtype?: DType | null | undefined; axis?: number | undefined }): NDArray;
export function logspace(start: number, stop: number, num?: number, endpoint?: boolean, base?: number, options?: { dtype?: DType | null | undefined; axis?: number | undefined }): NDArray;
export function logspace(start: number, stop: number, num?: number, endpoint?: boolean, base?: number, dtype?: DType | null, options?: { axis?: number | undefined }): NDArray;
export function logspace(start: number, stop: number, num?: number, endpoint?: boolean, base?: number, dtype?: DType | null, axis?: number): NDArray;
// @end
export function logspace(...args: unknown[]): NDArray {
  const op = 'logspace';
  try {
    const [start, stop, num, endpoint, baseV, dtypeV, axis] = bind(LOGSPACE, args);
    const base = finiteNumber(op, 'base', baseV);
    const dtype = dtypeV === null ? 'float64' : checkDType(op, dtypeV);
    return tidy(() => {
      const y = linspaceImpl(op, start, stop, num, endpoint, false, null, axis)[0];
      const p = pow(base, y);
      return dtype === 'float64' ? p : p.astype(dtype);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of {@link eye}. */
export interface EyeOptions {
  M?: number | null;
  /** The diagonal: 0 the main one, > 0 above it, < 0 below it. */
  k?: number;
  /** Default float64. */
  dtype?: DType | null;
  order?: 'C' | 'F';
  like?: null;
}

/** The C-ordered rows x cols eye with ones on diagonal k: one fill through a strided view. */
function eyeC(op: string, rows: number, cols: number, k: number, dtype: DType): NDArray {
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
}

const EYE: SigRef = { sig: 'numpy.eye: eye(N: number, M: number | null = null, k: number = 0, dtype: DType | null = "float64", order: "C" | "F" = "C", ' +
    '*, like: null = null) -> NDArray' };
/**
 * An N x M array (M defaults to N) of zeros with ones on diagonal `k` (NumPy eye): `eye(3)`,
 * `eye(3, 4, 1)`, `eye(3, { k: 1, dtype: 'int32' })`, `eye(3, { order: 'F' })`. The ones are
 * written through a strided view of the zeros (stride M + 1), one engine fill.
 */
// @overloads EYE
export function eye(N: number, options?: { M?: number | null | undefined; k?: number | undefined; dtype?: DType | null | undefined; order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function eye(N: number, M?: number | null, options?: { k?: number | undefined; dtype?: DType | null | undefined; order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function eye(N: number, M?: number | null, k?: number, options?: { dtype?: DType | null | undefined; order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function eye(N: number, M?: number | null, k?: number, dtype?: DType | null, options?: { order?: "C" | "F" | undefined; like?: null | undefined }): NDArray;
export function eye(N: number, M?: number | null, k?: number, dtype?: DType | null, order?: "C" | "F", options?: { like?: null | undefined }): NDArray;
// @end
export function eye(...args: unknown[]): NDArray {
  const op = 'eye';
  try {
    const [n, m, kV, dtypeV, orderV, like] = bind(EYE, args);
    const rows = toInt(op, 'N', n);
    const cols = m === null ? rows : toInt(op, 'M', m);
    const k = toInt(op, 'k', kV);
    const dtype = dtypeV === null ? 'float64' : checkDType(op, dtypeV);
    const order = orderOf(op, orderV, ['C', 'F']);
    likeArg(op, like);
    if (rows < 0 || cols < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (shape [${rows},${cols}])`);
    if (order === 'C') return eyeC(op, rows, cols, k, dtype);
    // F order: the transposed buffer is the C-ordered eye(M, N, -k)
    return inLayout([rows, cols], [1, 0], () => eyeC(op, cols, rows, -k, dtype));
  } catch (e) {
    throw relabel(op, e);
  }
}

const IDENTITY: SigRef = { sig: 'numpy.identity: identity(n: number, dtype: DType | null = null, *, like: null = null) -> NDArray' };
/** The n x n identity matrix (NumPy identity; default float64): `identity(3, 'int32')`. */
// @overloads IDENTITY
export function identity(n: number, options?: { dtype?: DType | null | undefined; like?: null | undefined }): NDArray;
export function identity(n: number, dtype?: DType | null, options?: { like?: null | undefined }): NDArray;
// @end
export function identity(...args: unknown[]): NDArray {
  const op = 'identity';
  try {
    const [n, dtype, like] = bind(IDENTITY, args);
    likeArg(op, like);
    const rows = toInt(op, 'n', n);
    if (rows < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (shape [${rows},${rows}])`);
    return eyeC(op, rows, rows, 0, dtype === null ? 'float64' : checkDType(op, dtype));
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of the *Like functions: another dtype, memory order or shape than the prototype's. */
export interface LikeOptions {
  dtype?: DType | null;
  /** 'K' (default): the prototype's memory order; 'A': F when it is F-contiguous; 'C'; 'F'. */
  order?: Order;
  subok?: boolean;
  shape?: readonly number[] | number | null;
}

/** The shape, dtype and layout of a *Like result (the prototype's unless given). */
function likeOf(op: string, a: unknown, dtypeV: unknown, orderV: unknown, subok: unknown, shapeV: unknown): [number[], DType, number[] | null] {
  const order = orderOf(op, orderV, ['K', 'A', 'C', 'F']);
  subokArg(op, subok);
  const proto = asArray(op, a, undefined, op === 'emptyLike' ? 'prototype' : 'a');
  try {
    const shape = shapeV === null ? proto.shape : checkShape(op, shapeV);
    const dtype = dtypeV === null ? proto.dtype : checkDType(op, dtypeV);
    return [shape, dtype, layoutOf(order, proto, shape.length)];
  } finally {
    if (proto !== a) proto.dispose();
  }
}

const ZEROS_LIKE: SigRef = { sig: 'numpy.zeros_like: zerosLike(a: ArrayInput, dtype: DType | null = null, order: Order = "K", subok: boolean = true, ' +
    'shape: readonly number[] | number | null = null) -> NDArray' };
/**
 * Zeros with a's shape, dtype and memory order (NumPy zeros_like; each may be given: `zerosLike(a,
 * 'int32')`, `zerosLike(a, { order: 'F', shape: [2, 5] })`). Order 'K' (default) keeps a's axis
 * order in memory (its strides' order), 'A' gives F order when a is F-contiguous.
 */
// @overloads ZEROS_LIKE
export function zerosLike(a: ArrayInput, options?: { dtype?: DType | null | undefined; order?: Order | undefined; subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function zerosLike(a: ArrayInput, dtype?: DType | null, options?: { order?: Order | undefined; subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function zerosLike(a: ArrayInput, dtype?: DType | null, order?: Order, options?: { subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function zerosLike(a: ArrayInput, dtype?: DType | null, order?: Order, subok?: boolean, options?: { shape?: readonly number[] | number | null | undefined }): NDArray;
export function zerosLike(a: ArrayInput, dtype?: DType | null, order?: Order, subok?: boolean, shape?: readonly number[] | number | null): NDArray;
// @end
export function zerosLike(...args: unknown[]): NDArray {
  try {
    const [a, dtype, order, subok, shape] = bind(ZEROS_LIKE, args);
    const [s, d, perm] = likeOf('zerosLike', a, dtype, order, subok, shape);
    return inLayout(s, perm, (t) => zeros(t, d));
  } catch (e) {
    throw relabel('zerosLike', e);
  }
}

const ONES_LIKE: SigRef = { sig: 'numpy.ones_like: onesLike(a: ArrayInput, dtype: DType | null = null, order: Order = "K", subok: boolean = true, ' +
    'shape: readonly number[] | number | null = null) -> NDArray' };
/** Ones with a's shape, dtype and memory order (NumPy ones_like; see {@link zerosLike}). */
// @overloads ONES_LIKE
export function onesLike(a: ArrayInput, options?: { dtype?: DType | null | undefined; order?: Order | undefined; subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function onesLike(a: ArrayInput, dtype?: DType | null, options?: { order?: Order | undefined; subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function onesLike(a: ArrayInput, dtype?: DType | null, order?: Order, options?: { subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function onesLike(a: ArrayInput, dtype?: DType | null, order?: Order, subok?: boolean, options?: { shape?: readonly number[] | number | null | undefined }): NDArray;
export function onesLike(a: ArrayInput, dtype?: DType | null, order?: Order, subok?: boolean, shape?: readonly number[] | number | null): NDArray;
// @end
export function onesLike(...args: unknown[]): NDArray {
  try {
    const [a, dtype, order, subok, shape] = bind(ONES_LIKE, args);
    const [s, d, perm] = likeOf('onesLike', a, dtype, order, subok, shape);
    return fillImpl('onesLike', s, 1, d, perm);
  } catch (e) {
    throw relabel('onesLike', e);
  }
}

const FULL_LIKE: SigRef = { sig: 'numpy.full_like: fullLike(a: ArrayInput, fillValue: Scalar | ArrayInput, dtype: DType | null = null, order: Order = "K", ' +
    'subok: boolean = true, shape: readonly number[] | number | null = null) -> NDArray' };
/**
 * `fillValue` (a scalar, or an array broadcast to the shape; cast to the dtype as NumPy's unsafe
 * cast: floats truncate into integers) with a's shape, dtype and memory order (NumPy full_like).
 */
// @overloads FULL_LIKE
export function fullLike(a: ArrayInput, fillValue: Scalar | ArrayInput, options?: { dtype?: DType | null | undefined; order?: Order | undefined; subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function fullLike(a: ArrayInput, fillValue: Scalar | ArrayInput, dtype?: DType | null, options?: { order?: Order | undefined; subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function fullLike(a: ArrayInput, fillValue: Scalar | ArrayInput, dtype?: DType | null, order?: Order, options?: { subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function fullLike(a: ArrayInput, fillValue: Scalar | ArrayInput, dtype?: DType | null, order?: Order, subok?: boolean, options?: { shape?: readonly number[] | number | null | undefined }): NDArray;
export function fullLike(a: ArrayInput, fillValue: Scalar | ArrayInput, dtype?: DType | null, order?: Order, subok?: boolean, shape?: readonly number[] | number | null): NDArray;
// @end
export function fullLike(...args: unknown[]): NDArray {
  try {
    const [a, value, dtype, order, subok, shape] = bind(FULL_LIKE, args);
    const [s, d, perm] = likeOf('fullLike', a, dtype, order, subok, shape);
    return fillImpl('fullLike', s, value as Scalar, d, perm);
  } catch (e) {
    throw relabel('fullLike', e);
  }
}

const EMPTY_LIKE: SigRef = { sig: 'numpy.empty_like: emptyLike(prototype: ArrayInput, dtype: DType | null = null, order: Order = "K", subok: boolean = true, ' +
    'shape: readonly number[] | number | null = null) -> NDArray' };
/** An uninitialised array with the prototype's shape, dtype and memory order (NumPy empty_like; see {@link zerosLike}). */
// @overloads EMPTY_LIKE
export function emptyLike(prototype: ArrayInput, options?: { dtype?: DType | null | undefined; order?: Order | undefined; subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function emptyLike(prototype: ArrayInput, dtype?: DType | null, options?: { order?: Order | undefined; subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function emptyLike(prototype: ArrayInput, dtype?: DType | null, order?: Order, options?: { subok?: boolean | undefined; shape?: readonly number[] | number | null | undefined }): NDArray;
export function emptyLike(prototype: ArrayInput, dtype?: DType | null, order?: Order, subok?: boolean, options?: { shape?: readonly number[] | number | null | undefined }): NDArray;
export function emptyLike(prototype: ArrayInput, dtype?: DType | null, order?: Order, subok?: boolean, shape?: readonly number[] | number | null): NDArray;
// @end
export function emptyLike(...args: unknown[]): NDArray {
  try {
    const [a, dtype, order, subok, shape] = bind(EMPTY_LIKE, args);
    const [s, d, perm] = likeOf('emptyLike', a, dtype, order, subok, shape);
    return inLayout(s, perm, (t) => NDArray._empty('emptyLike', t, d));
  } catch (e) {
    throw relabel('emptyLike', e);
  }
}

/** Options of {@link meshgrid} (NumPy's keyword-only parameters after `*xi`). */
export interface MeshgridOptions {
  /** false: the outputs are views (broadcast, read-only, or sparse reshapes) of the inputs; default true: copies. */
  copy?: boolean;
  /** Outputs of shape 1 except along their own axis (reshaped views of the inputs; default false). */
  sparse?: boolean;
  /** 'xy' (default: Cartesian, the first two outputs' axes swapped) or 'ij' (matrix indexing). */
  indexing?: 'xy' | 'ij';
}

// NumPy's `meshgrid(*xi, copy=True, sparse=False, indexing='xy')`: the arrays are the positional
// arguments (any number), the keywords come by name in one trailing options object.
const MESHGRID: SigRef = { sig: 'numpy.meshgrid: meshgrid(...xi: ArrayInput, copy: boolean = true, sparse: boolean = false, ' +
    'indexing: "xy" | "ij" = "xy") -> NDArray[]' };
/**
 * Coordinate arrays from 1-D coordinate vectors (NumPy meshgrid; inputs of other ranks are
 * flattened): the vectors are the positional arguments, the options come last in one object:
 * `meshgrid(x, y)`, `meshgrid(x, y, z, { indexing: 'ij', sparse: true })`. With `{ copy: false }` no
 * element is copied: each output is a broadcast (read-only, stride 0) view of its input.
 */
// @overloads MESHGRID
export function meshgrid(...xi: ArrayInput[]): NDArray[];
export function meshgrid(...args: [...xi: ArrayInput[], options: { copy?: boolean | undefined; sparse?: boolean | undefined; indexing?: "xy" | "ij" | undefined }]): NDArray[];
// @end
export function meshgrid(...args: unknown[]): NDArray[] {
  const op = 'meshgrid';
  try {
    const [xiV, copyV, sparseV, indexing] = bind(MESHGRID, args);
    const xs = xiV as unknown[];
    if (indexing !== 'xy' && indexing !== 'ij') {
      throw new StrideViewError('invalid_argument', `${op}: indexing must be 'xy' or 'ij', got ${fmt(indexing)}`);
    }
    const sparse = boolArg(op, 'sparse', sparseV);
    const copy = boolArg(op, 'copy', copyV);
    const nd = xs.length;
    return tidy(() => {
      const flat = xs.map((x, i) => asArray(op, x, undefined, `xi[${i}]`).reshape([-1]));
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
