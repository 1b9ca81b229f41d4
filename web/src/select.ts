// Selection: take, takeAlongAxis, compress (boolean masks), sort / argsort and topk.
// sort, argsort and topk are one kernel call along an axis, reading strided, broadcast and padded
// views directly; take / compress gather along an axis in WASM (one copy per selected slice);
// takeAlongAxis gathers elements by their offsets in the array's buffer.
import { SingleOp, SortOp } from './boundary_tables.js';
import { type DType, info } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, Kind, asArray, gather, normAxis, takeSecond } from './ndarray.js';
import { type ArrayInput, add, compute, same } from './ops.js';
import { arange, array, empty } from './creation.js';
import { checkAxisOptions, oneAxis } from './axes.js';
import { Shape } from './shape.js';

/** Integer index values with their shape (scalars: shape []). */
function indexValues(op: string, what: string, x: unknown): { values: number[]; shape: number[] } {
  if (typeof x === 'number' || typeof x === 'bigint') return { values: [toInt(op, what, x)], shape: [] };
  const t = asArray(op, x);
  try {
    // An NDArray must have an integer (or bool) dtype; nested JS numbers must be integers.
    if (info(t.dtype).kind === 'f' && t === x) {
      throw new TypeError(`${op}: ${what} must be integers, got an array of dtype ${t.dtype}`);
    }
    const ta = t.toTypedArray();
    const values = new Array<number>(ta.length);
    for (let i = 0; i < ta.length; i++) {
      const v = Number(ta[i]);
      if (!Number.isInteger(v)) throw new TypeError(`${op}: ${what} must be integers, got ${fmt(v)} at flat position ${i}`);
      values[i] = v;
    }
    return { values, shape: t.shape };
  } finally {
    if (t !== x) t.dispose();
  }
}

/** Wraps negative indices and checks bounds (NumPy's mode='raise'). */
function wrap(op: string, values: number[], n: number, axis: number): number[] {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const w = v < 0 ? v + n : v;
    if (w < 0 || w >= n) {
      throw new StrideViewError('out_of_range', `${op}: index ${v} is out of bounds for axis ${axis} with size ${n}`);
    }
    values[i] = w;
  }
  return values;
}

/** The array flattened in C order (a view when possible), or `x` itself. */
function flat(x: NDArray): NDArray {
  return x.ndim === 1 ? x : x.reshape([-1]);
}

function withInput<T>(op: string, a: ArrayInput, fn: (x: NDArray) => T): T {
  try {
    const x = asArray(op, a);
    try {
      return fn(x);
    } finally {
      if (x !== a) x.dispose();
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

/** Options of the selections along one axis whose default is the flattened array ({@link take}, {@link compress}). */
export interface TakeOptions {
  /** The axis (negative counts from the end); omitted or null: the flattened array. */
  axis?: number | null;
}

/** The `axis` of a select op's options (old forms refused): null when omitted or null. */
function axisOf(op: string, options: unknown, position: string, example: string): number | null {
  checkAxisOptions(op, options, position, example);
  return options === undefined ? null : oneAxis(op, (options as { axis?: unknown }).axis);
}

/**
 * Elements at `indices` along `axis` (NumPy take; a new array): the result's shape is
 * a.shape[:axis] + indices.shape + a.shape[axis+1:]. Negative indices count from the end; an
 * index out of range is an error. No axis: indices into the flattened array.
 */
export function take(a: ArrayInput, indices: ArrayInput, options?: TakeOptions): NDArray {
  const op = 'take';
  return withInput(op, a, (x) => {
    const axis = axisOf(op, options, 'third', `take(a, indices, { axis: ${fmt(options)} })`);
    const { values, shape } = indexValues(op, 'indices', indices);
    const src = axis === undefined || axis === null ? flat(x) : x;
    try {
      const ax = axis === undefined || axis === null ? 0 : normAxis(op, axis, x.ndim);
      const s = src.shape;
      wrap(op, values, s[ax]!, ax);
      const g = gather(src, ax, values);
      return g._setView(g.view.reshape([...s.slice(0, ax), ...shape, ...s.slice(ax + 1)]));
    } finally {
      if (src !== x) src.dispose();
    }
  });
}

/** Options of {@link takeAlongAxis}, {@link topk}, {@link sort} and {@link argsort}. */
export interface SortOptions {
  /** The axis (negative counts from the end; default -1); null: the flattened array. */
  axis?: number | null;
}

/**
 * NumPy take_along_axis: `indices` has a's rank; out[..., j, ...] = a[..., indices[..., j, ...],
 * ...] along `axis` (default -1, the axis {@link argsort} sorts by default), the other dims
 * broadcast between a and indices. axis null: a flattened and 1-D indices. Typical use:
 * `takeAlongAxis(a, argsort(a, { axis }), { axis })`.
 */
export function takeAlongAxis(a: ArrayInput, indices: ArrayInput, options: SortOptions = {}): NDArray {
  const op = 'takeAlongAxis';
  return withInput(op, a, (x) => {
    checkAxisOptions(op, options, 'third', `takeAlongAxis(a, indices, { axis: ${fmt(options)} })`);
    const axis = options.axis === null ? null : (oneAxis(op, options.axis) ?? -1);
    if (axis === null) {
      const { shape } = indexValues(op, 'indices', indices);
      if (shape.length !== 1) {
        throw new StrideViewError('rank_mismatch', `${op}: with axis null, indices must be 1-D, got shape ${fmt(shape)}`);
      }
      return take(x, indices);
    }
    const ax = normAxis(op, axis, x.ndim);
    const { values, shape: ish } = indexValues(op, 'indices', indices);
    if (ish.length !== x.ndim) {
      throw new StrideViewError('rank_mismatch', `${op}: indices and a must have the same number of dimensions, got ${ish.length} and ${x.ndim}`);
    }
    const xs = x.shape;
    const others = (sh: readonly number[]): number[] => sh.filter((_, i) => i !== ax);
    let lead: number[]; // the dims other than axis, broadcast by the engine's rule
    try {
      lead = Shape.broadcast(others(xs), others(ish));
    } catch (e) {
      if (!(e instanceof StrideViewError)) throw e;
      throw new StrideViewError('shape_mismatch', `${op}: shapes ${fmt(xs)} (a) and ${fmt(ish)} (indices) do not broadcast outside axis ${ax}`);
    }
    wrap(op, values, xs[ax]!, ax);
    const m = ish[ax]!;
    const last = xs.length - 1;
    const shape = lead.slice();
    shape.splice(ax, 0, m);
    if (values.length === 0 || shape.includes(0)) return empty(shape, x.dtype);
    // With axis moved last and a copied in C order, out[r, j] = copy[row r of a (broadcast), indices[r, j]]:
    // the row starts are the copy's own positions at column 0 (a ramp read through its layout),
    // broadcast over the leading dims with the indices, added, and gathered in one call.
    const temps: NDArray[] = [];
    const t = <T extends NDArray>(a: T): T => {
      temps.push(a);
      return a;
    };
    try {
      const xc = t(t(x.moveaxis(ax, last)).contiguous());
      const xsh = xc.shape;
      const lead1 = [...lead, 1];
      const ramp = t(t(arange(0, xc.size, 1, 'float64')).reshape(xsh));
      const starts = t(t(ramp.shrink(xsh.map((d, i) => [0, i === last ? 1 : d] as [number, number]))).broadcastTo(lead1));
      const idx = t(t(t(array(values, { shape: ish, dtype: 'float64' })).moveaxis(ax, last)).broadcastTo([...lead, m]));
      const flatIdx = t(add(starts, idx)).toTypedArray() as Float64Array;
      const g = t(gather(t(xc.reshape([xc.size])), 0, Array.from(flatIdx)));
      return t(t(g.reshape([...lead, m])).moveaxis(last, ax)).copy();
    } finally {
      for (let i = temps.length - 1; i >= 0; i--) temps[i]!.dispose();
    }
  });
}

/** The positions where a 1-D condition is true (nonzero). */
function truePositions(op: string, condition: unknown): { pos: number[]; length: number } {
  const c = asArray(op, condition);
  try {
    if (c.ndim !== 1) throw new StrideViewError('rank_mismatch', `${op}: condition must be 1-D, got shape ${fmt(c.shape)}`);
    const ta = c.toTypedArray();
    const pos: number[] = [];
    // nonzero is true, NaN included (NumPy)
    for (let i = 0; i < ta.length; i++) if ((ta[i] as number) !== 0 && ta[i] !== 0n) pos.push(i);
    return { pos, length: ta.length };
  } finally {
    if (c !== condition) c.dispose();
  }
}

/**
 * The slices along `axis` where `condition` (1-D, nonzero = true) holds (NumPy compress; a new
 * array). A condition shorter than the axis selects from its first elements; a true entry beyond
 * the axis is an error. No axis: the flattened array.
 */
export function compress(condition: ArrayInput, a: ArrayInput, options?: TakeOptions): NDArray {
  const op = 'compress';
  return withInput(op, a, (x) => {
    const axis = axisOf(op, options, 'third', `compress(condition, a, { axis: ${fmt(options)} })`);
    const { pos } = truePositions(op, condition);
    const src = axis === undefined || axis === null ? flat(x) : x;
    try {
      const ax = axis === undefined || axis === null ? 0 : normAxis(op, axis, x.ndim);
      const n = src.shape[ax]!;
      if (pos.length > 0 && pos[pos.length - 1]! >= n) {
        throw new StrideViewError('out_of_range', `${op}: condition is true at index ${pos[pos.length - 1]}, out of bounds for axis ${ax} with size ${n}`);
      }
      return gather(src, ax, pos);
    } finally {
      if (src !== x) src.dispose();
    }
  });
}

function sortImpl(op: string, code: SortOp, a: ArrayInput, options: SortOptions): NDArray {
  return withInput(op, a, (x) => {
    checkAxisOptions(op, options, 'second');
    const axis = oneAxis(op, options.axis);
    const none = options.axis === null;
    const src = none ? flat(x) : x;
    try {
      const ax = none ? 0 : normAxis(op, axis ?? -1, x.ndim);
      const rdt = (d: DType): DType => (code === SortOp.Sort ? d : 'int64');
      return compute(op, Kind.Sort, code, [src], undefined, undefined, rdt, ax);
    } finally {
      if (src !== x) src.dispose();
    }
  });
}

/**
 * A sorted copy along `axis` (ascending, stable: equal elements keep their order). NaN sorts last,
 * -0 and +0 are equal; integers compare exactly.
 */
export function sort(a: ArrayInput, options: SortOptions = {}): NDArray {
  return sortImpl('sort', SortOp.Sort, a, options);
}
/** The int64 indices that sort `a` along `axis` (the order of {@link sort}, stable). */
export function argsort(a: ArrayInput, options: SortOptions = {}): NDArray {
  return sortImpl('argsort', SortOp.Argsort, a, options);
}

/** The result of {@link topk}. */
export interface TopK {
  /** The k largest elements along the axis, largest first (a's dtype). */
  values: NDArray;
  /** Their int64 indices along the axis. */
  indices: NDArray;
}

/**
 * The k largest elements along `{ axis }` (default -1), largest first; equal values by increasing
 * index; NaN counts as the largest (torch.topk). Both results have a's shape with the axis set to k
 * (0 <= k <= its size).
 */
export function topk(a: ArrayInput, k: number, options: SortOptions = {}): TopK {
  const op = 'topk';
  return withInput(op, a, (x) => {
    checkAxisOptions(op, options, 'third', `topk(a, k, { axis: ${fmt(options)} })`);
    if (options.axis === null) throw new TypeError(`${op}: axis must be an integer, got null (topk works along one axis)`);
    const kk = toInt(op, 'k', k);
    const ax = normAxis(op, oneAxis(op, options.axis) ?? -1, x.ndim);
    const n = x.shape[ax]!;
    if (kk < 0 || kk > n) {
      throw new StrideViewError('out_of_range', `${op}: k = ${kk} is out of range for axis ${ax} of size ${n} (0 <= k <= ${n})`);
    }
    const values = compute(op, Kind.Topk, SingleOp.Only, [x], undefined, undefined, same, kk, ax);
    return { values, indices: takeSecond() };
  });
}
