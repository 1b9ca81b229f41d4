// NumPy's indexing routines on shapes and flat positions: unravelIndex, ravelMultiIndex,
// diagIndices, trilIndices, triuIndices, fillDiagonal, and broadcastShapes. Positions are computed
// in JS (exact integers up to 2^53) and come back as int64 arrays, as NumPy's intp ones (a JS
// number where NumPy returns a scalar); fillDiagonal writes through `put`.
import { info } from './dtype.js';
import { StrideViewError, fmt, relabel, relabelFrom, toInt, toInts } from './errors.js';
import { NDArray, asArray } from './ndarray.js';
import { type ArrayInput } from './ops.js';
import { array } from './creation.js';
import { put } from './putting.js';
import { orderArg } from './ufunc.js';
import { tidy } from './tidy.js';
import { type SigRef, bind } from './signature.js';

/** A shape argument: one dim or a list of dims, each >= 0. */
function dimsArg(op: string, name: string, v: unknown): number[] {
  const dims = typeof v === 'number' || typeof v === 'bigint' ? [toInt(op, name, v)] : toInts(op, name, v);
  for (const d of dims) if (d < 0) throw new StrideViewError('invalid_argument', `${op}: ${name} must hold dims >= 0, got ${fmt(v)}`);
  return dims;
}

/** A count: an integer >= 0. */
function countArg(op: string, name: string, v: unknown): number {
  const n = toInt(op, name, v);
  if (n < 0) throw new StrideViewError('invalid_argument', `${op}: ${name} must be >= 0, got ${n}`);
  return n;
}

/** Integer values: a JS integer (shape null), or an integer array's elements in C order with its shape. */
function intValues(op: string, name: string, v: unknown): { values: number[]; shape: number[] | null } {
  if (typeof v === 'number' || typeof v === 'bigint') return { values: [toInt(op, name, v)], shape: null };
  return tidy(() => {
    const x = asArray(op, v, undefined, name);
    const k = info(x.dtype).kind;
    // an integer array, or JS integers (a JS list reads as float64: its values must be integral)
    const js = !(v instanceof NDArray) && (k === 'f' || x.size === 0);
    if (k !== 'i' && k !== 'u' && !js) throw new TypeError(`${op}: ${name} must hold integers (NumPy: only int indices permitted), got an array of dtype ${x.dtype}`);
    const flat = x.size === 0 ? [] : (x.reshape([-1]).toArray() as number[]);
    if (js) for (const e of flat) toInt(op, `${name} elements`, e);
    return { values: flat, shape: x.shape.slice() };
  });
}

const int64 = (values: number[], shape: readonly number[]): NDArray => array(values, { dtype: 'int64', shape });

/**
 * What {@link unravelIndex} returns for the arguments `P`: one number per dim for a JS integer
 * `indices`, else one int64 array per dim.
 */
export type Unraveled<P> = P extends { indices: infer T } ? ([T] extends [number | bigint] ? number[] : NDArray[]) : NDArray[];

const UNRAVEL_INDEX: SigRef = { sig: 'numpy.unravel_index: unravelIndex(indices: ArrayInput, shape: number | readonly number[], order: "C" | "F" = "C") -> Unraveled<$P[indices!]>' };
/**
 * The multi-indices of flat positions into an array of `shape` (NumPy unravel_index): for each
 * dim, an int64 array of `indices`' shape (for a JS integer, one number per dim). `order` 'F'
 * counts the first dim fastest. A position outside [0, size) is an error, as NumPy's.
 */
// @overloads UNRAVEL_INDEX
export function unravelIndex<TIndices extends ArrayInput, O extends { order?: "C" | "F" | undefined } = {}>(indices: TIndices, shape: number | readonly number[], options?: O): Unraveled<{ indices: TIndices } & O>;
export function unravelIndex<TIndices extends ArrayInput>(indices: TIndices, shape: number | readonly number[], order?: "C" | "F"): Unraveled<{ indices: TIndices } & {}>;
// @end
export function unravelIndex(...args: unknown[]): number[] | NDArray[] {
  const op = 'unravelIndex';
  const [indices, shapeV, orderV] = bind(UNRAVEL_INDEX, args);
  try {
    const dims = dimsArg(op, 'shape', shapeV);
    const order = orderArg(op, orderV, ['C', 'F']);
    const { values, shape } = intValues(op, 'indices', indices);
    const size = dims.reduce((p, d) => p * d, 1);
    const out = dims.map(() => new Array<number>(values.length));
    const axes = dims.map((_, i) => (order === 'C' ? dims.length - 1 - i : i)); // fastest first
    values.forEach((v, j) => {
      if (v < 0 || v >= size) throw new StrideViewError('out_of_range', `${op}: index ${v} is out of bounds for array with size ${size}`);
      let rest = v;
      for (const ax of axes) {
        out[ax]![j] = rest % dims[ax]!;
        rest = Math.floor(rest / dims[ax]!);
      }
    });
    if (shape === null) return out.map((o) => o[0]!);
    return out.map((o) => int64(o, shape));
  } catch (e) {
    throw relabel(op, e);
  }
}

/** A ravelMultiIndex mode: 'raise' (out of range is an error), 'wrap' (modulo the dim), 'clip'. */
export type RavelMode = 'raise' | 'wrap' | 'clip';

/** What {@link ravelMultiIndex} returns for the arguments `P`: a number for JS integers, else an int64 array. */
export type Raveled<P> = P extends { multiIndex: infer T } ? ([T] extends [readonly (number | bigint)[]] ? number : NDArray) : NDArray;

const RAVEL_MULTI_INDEX: SigRef = { sig: 'numpy.ravel_multi_index: ravelMultiIndex(multiIndex: readonly ArrayInput[], dims: number | readonly number[], ' +
    'mode: RavelMode | readonly RavelMode[] = "raise", order: "C" | "F" = "C") -> Raveled<$P[multiIndex!]>' };
/**
 * The flat positions of multi-indices into an array of shape `dims` (NumPy ravel_multi_index):
 * `multiIndex` holds one integer array per dim (broadcast together), the result an int64 array of
 * their shape (a number when each is a JS integer). `mode` per dim or for all: 'raise', 'wrap' or
 * 'clip'.
 */
// @overloads RAVEL_MULTI_INDEX
export function ravelMultiIndex<TMultiIndex extends readonly ArrayInput[], O extends { mode?: RavelMode | readonly RavelMode[] | undefined; order?: "C" | "F" | undefined } = {}>(multiIndex: TMultiIndex, dims: number | readonly number[], options?: O): Raveled<{ multiIndex: TMultiIndex } & O>;
export function ravelMultiIndex<TMultiIndex extends readonly ArrayInput[], O extends { order?: "C" | "F" | undefined } = {}>(multiIndex: TMultiIndex, dims: number | readonly number[], mode?: RavelMode | readonly RavelMode[], options?: O): Raveled<{ multiIndex: TMultiIndex } & O>;
export function ravelMultiIndex<TMultiIndex extends readonly ArrayInput[]>(multiIndex: TMultiIndex, dims: number | readonly number[], mode?: RavelMode | readonly RavelMode[], order?: "C" | "F"): Raveled<{ multiIndex: TMultiIndex } & {}>;
// @end
export function ravelMultiIndex(...args: unknown[]): number | NDArray {
  const op = 'ravelMultiIndex';
  const [mi, dimsV, modeV, orderV] = bind(RAVEL_MULTI_INDEX, args);
  try {
    const dims = dimsArg(op, 'dims', dimsV);
    const order = orderArg(op, orderV, ['C', 'F']);
    if (!Array.isArray(mi)) throw new TypeError(`${op}: multiIndex must be a list of integer arrays (one per dim), got ${fmt(mi)}`);
    if (mi.length !== dims.length) {
      throw new StrideViewError('invalid_argument', `${op}: parameter multiIndex must be a sequence of length ${dims.length}, got ${mi.length}`);
    }
    const modes = (Array.isArray(modeV) ? modeV : dims.map(() => modeV)) as unknown[];
    if (modes.length !== dims.length) throw new StrideViewError('invalid_argument', `${op}: mode must name one mode or ${dims.length}, got ${fmt(modeV)}`);
    for (const m of modes) if (m !== 'raise' && m !== 'wrap' && m !== 'clip') throw new TypeError(`${op}: mode must be 'raise', 'wrap' or 'clip', got ${fmt(m)}`);
    const cols = mi.map((v, i) => intValues(op, `multiIndex[${i}]`, v));
    const scalar = cols.every((c) => c.shape === null);
    // broadcast the index arrays (NumPy's rules: align right, dims of 1 stretch)
    const shapes = cols.map((c) => c.shape ?? []);
    const nd = Math.max(...shapes.map((s) => s.length));
    const shape: number[] = [];
    for (let k = 0; k < nd; k++) {
      let d = 1;
      for (const s of shapes) {
        const sd = s[s.length - nd + k] ?? 1;
        if (sd !== 1 && d !== 1 && sd !== d) throw new StrideViewError('shape_mismatch', `${op}: the index arrays do not broadcast: shapes ${shapes.map((x) => fmt(x)).join(', ')}`);
        if (sd !== 1) d = sd;
      }
      shape.push(d);
    }
    const n = shape.reduce((p, d) => p * d, 1);
    const stride = new Array<number>(dims.length);
    let acc = 1;
    for (let i = 0; i < dims.length; i++) {
      const ax = order === 'C' ? dims.length - 1 - i : i;
      stride[ax] = acc;
      acc *= dims[ax]!;
    }
    const out = new Array<number>(n);
    const pos = new Array<number>(nd).fill(0);
    for (let j = 0; j < n; j++) {
      let flat = 0;
      cols.forEach((c, i) => {
        const s = shapes[i]!;
        let off = 0;
        for (let k = 0; k < s.length; k++) off = off * s[k]! + (s[k] === 1 ? 0 : pos[nd - s.length + k]!);
        let v = c.values[off]!;
        const d = dims[i]!;
        if (v < 0 || v >= d) {
          if (modes[i] === 'raise') throw new StrideViewError('out_of_range', `${op}: invalid entry ${v} in coordinates array ${i} for a dim of size ${d}`);
          v = modes[i] === 'wrap' ? (d === 0 ? 0 : ((v % d) + d) % d) : Math.min(Math.max(v, 0), Math.max(d - 1, 0));
        }
        flat += v * stride[i]!;
      });
      out[j] = flat;
      for (let k = nd - 1; k >= 0 && ++pos[k]! === shape[k]; k--) pos[k] = 0;
    }
    return scalar ? out[0]! : int64(out, shape);
  } catch (e) {
    throw relabel(op, e);
  }
}

const DIAG_INDICES: SigRef = { sig: 'numpy.diag_indices: diagIndices(n: number, ndim: number = 2) -> NDArray[]' };
/** The indices of the main diagonal of an n x ... x n array (NumPy diag_indices): `ndim` int64 copies of 0 .. n-1. */
// @overloads DIAG_INDICES
export function diagIndices(n: number, options?: { ndim?: number | undefined }): NDArray[];
export function diagIndices(n: number, ndim?: number): NDArray[];
// @end
export function diagIndices(...args: unknown[]): NDArray[] {
  const op = 'diagIndices';
  const [nV, ndimV] = bind(DIAG_INDICES, args);
  try {
    const n = countArg(op, 'n', nV);
    const nd = toInt(op, 'ndim', ndimV);
    if (nd < 0) throw new StrideViewError('invalid_argument', `${op}: ndim must be >= 0, got ${nd}`);
    const idx = Array.from({ length: n }, (_, i) => i);
    return Array.from({ length: nd }, () => int64(idx, [n]));
  } catch (e) {
    throw relabel(op, e);
  }
}

/** The (row, column) pairs of an n x m array with column - row <= k (lower) or >= k (upper), in C order. */
function triangle(op: string, args: unknown[], ref: SigRef, lower: boolean): [NDArray, NDArray] {
  const [nV, kV, mV] = bind(ref, args);
  try {
    const n = countArg(op, 'n', nV);
    const k = toInt(op, 'k', kV);
    const m = mV === null ? n : countArg(op, 'm', mV);
    const rows: number[] = [];
    const cols: number[] = [];
    for (let i = 0; i < n; i++) {
      const lo = lower ? 0 : Math.max(0, i + k);
      const hi = lower ? Math.min(m, i + k + 1) : m;
      for (let j = lo; j < hi; j++) {
        rows.push(i);
        cols.push(j);
      }
    }
    return [int64(rows, [rows.length]), int64(cols, [cols.length])];
  } catch (e) {
    throw relabel(op, e);
  }
}

const TRIL_INDICES: SigRef = { sig: 'numpy.tril_indices: trilIndices(n: number, k: number = 0, m: number | null = null) -> [NDArray, NDArray]' };
/** The row and column indices of the lower triangle of an n x m array (NumPy tril_indices; `k` shifts the diagonal). */
// @overloads TRIL_INDICES
export function trilIndices(n: number, options?: { k?: number | undefined; m?: number | null | undefined }): [NDArray, NDArray];
export function trilIndices(n: number, k?: number, options?: { m?: number | null | undefined }): [NDArray, NDArray];
export function trilIndices(n: number, k?: number, m?: number | null): [NDArray, NDArray];
// @end
export function trilIndices(...args: unknown[]): [NDArray, NDArray] {
  return triangle('trilIndices', args, TRIL_INDICES, true);
}

const TRIU_INDICES: SigRef = { sig: 'numpy.triu_indices: triuIndices(n: number, k: number = 0, m: number | null = null) -> [NDArray, NDArray]' };
/** The row and column indices of the upper triangle of an n x m array (NumPy triu_indices). */
// @overloads TRIU_INDICES
export function triuIndices(n: number, options?: { k?: number | undefined; m?: number | null | undefined }): [NDArray, NDArray];
export function triuIndices(n: number, k?: number, options?: { m?: number | null | undefined }): [NDArray, NDArray];
export function triuIndices(n: number, k?: number, m?: number | null): [NDArray, NDArray];
// @end
export function triuIndices(...args: unknown[]): [NDArray, NDArray] {
  return triangle('triuIndices', args, TRIU_INDICES, false);
}

const FILL_DIAGONAL: SigRef = { sig: 'numpy.fill_diagonal: fillDiagonal(a: NDArray, val: ArrayInput, wrap: boolean = false) -> void' };
/**
 * Writes `val` on the main diagonal of `a`, in place (NumPy fill_diagonal: `a.flat[::step] = val`,
 * `val`'s elements repeated along the diagonal). 2-D: the diagonal of each leading square block
 * when `wrap` (tall matrices), else of the first only; more dims: all of equal length.
 */
// @overloads FILL_DIAGONAL
export function fillDiagonal(a: NDArray, val: ArrayInput, options?: { wrap?: boolean | undefined }): void;
export function fillDiagonal(a: NDArray, val: ArrayInput, wrap?: boolean): void;
// @end
export function fillDiagonal(...args: unknown[]): void {
  const op = 'fillDiagonal';
  const [a, val, wrap] = bind(FILL_DIAGONAL, args);
  try {
    if (!(a instanceof NDArray)) throw new TypeError(`${op}: a must be an NDArray (it is written in place), got ${fmt(a)}`);
    if (typeof wrap !== 'boolean') throw new TypeError(`${op}: wrap must be a boolean, got ${fmt(wrap)}`);
    a._check(op);
    const s = a.shape;
    if (s.length < 2) throw new StrideViewError('rank_mismatch', `${op}: array must be at least 2-d, got shape ${fmt(s)}`);
    let step: number;
    let end = a.size;
    if (s.length === 2) {
      step = s[1]! + 1;
      if (!wrap) end = Math.min(end, s[1]! * s[1]!);
    } else {
      if (s.some((d) => d !== s[0])) throw new StrideViewError('shape_mismatch', `${op}: all dimensions of input must be of equal length, got shape ${fmt(s)}`);
      step = 1;
      let p = 1;
      for (let i = 0; i < s.length - 1; i++) step += (p *= s[i]!);
    }
    const positions: number[] = [];
    for (let i = 0; i < end; i += step) positions.push(i);
    const v = asArray(op, val, undefined, 'val'); // (checked here: its errors name val)
    try {
      if (positions.length > 0) put(a, positions, v);
    } finally {
      if (v !== val) v.dispose();
    }
  } catch (e) {
    throw relabelFrom(op, 'put', e);
  }
}

const BROADCAST_SHAPES: SigRef = { sig: 'numpy.broadcast_shapes: broadcastShapes(...args: number | readonly number[]) -> number[]' };
/** The shape that arrays of the given shapes broadcast to (NumPy broadcast_shapes; no shape: []). */
// @overloads BROADCAST_SHAPES
export function broadcastShapes(...args: (number | readonly number[])[]): number[];
// @end
export function broadcastShapes(...args: unknown[]): number[] {
  const op = 'broadcastShapes';
  const [list] = bind(BROADCAST_SHAPES, args);
  try {
    const shapes = (list as unknown[]).map((v, i) => dimsArg(op, `args[${i}]`, v));
    const nd = Math.max(0, ...shapes.map((s) => s.length));
    const out: number[] = [];
    for (let k = 0; k < nd; k++) {
      let d = 1;
      let from = -1;
      shapes.forEach((s, i) => {
        const sd = s[s.length - nd + k] ?? 1;
        if (sd === 1) return;
        if (d !== 1 && sd !== d) {
          throw new StrideViewError('shape_mismatch', `${op}: shape mismatch: args[${from}] with shape ${fmt(shapes[from])} and args[${i}] with shape ${fmt(s)} do not broadcast`);
        }
        d = sd;
        from = i;
      });
      out.push(d);
    }
    return out;
  } catch (e) {
    throw relabel(op, e);
  }
}
