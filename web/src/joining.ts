// Joining and tiling: concatenate, stack, split, vstack/hstack/dstack, tile and repeat. Each is
// built from views and kernel copies (no element loops in TypeScript); dtypes are promoted as for
// the elementwise ops.
import { promoteTypes } from './dtype.js';
import { StrideViewError, fmt, toInt, toInts, withOp } from './errors.js';
import { NDArray, A, R, asArray, checkOut, gather, kernelCopy, normAxes, outOption } from './ndarray.js';
import { type ArrayInput, type OutOptions, release } from './ops.js';
import { checkAxisOptions, oneAxis } from './axes.js';

/** Options of {@link concatenate}. */
export interface ConcatenateOptions extends OutOptions {
  /** The axis to join along (default 0; negative counts from the end); null: the arrays flattened first. */
  axis?: number | null;
}
/** Options of {@link stack} and {@link split}. */
export interface JoinAxisOptions {
  /** The axis (default 0; negative counts from the end). */
  axis?: number;
}
/** Options of {@link repeat}. */
export interface RepeatOptions {
  /** The axis to repeat along (negative counts from the end); omitted or null: the flattened array. */
  axis?: number | null;
}

/** The `axis` of a join's options (old forms refused); `dflt` when omitted, null only where allowed. */
function axisOf(op: string, options: unknown, position: string, example: string, dflt: number | null, nullable: boolean): number | null {
  checkAxisOptions(op, options, position, example);
  const v = options === undefined ? undefined : (options as { axis?: unknown }).axis;
  if (v === null && !nullable) throw new TypeError(`${op}: axis must be an integer, got null`);
  if (v === undefined) return dflt;
  return oneAxis(op, v);
}

// ------------------------------------------------------------------------------------ joining

function arrayList(op: string, arrays: unknown): { list: NDArray[]; temps: NDArray[] } {
  if (!Array.isArray(arrays)) throw new TypeError(`${op}: expected an array of arrays, got ${fmt(arrays)}`);
  if (arrays.length === 0) {
    throw new StrideViewError('invalid_argument', `${op}: need a non-empty array of arrays, got ${fmt(arrays)}`);
  }
  const temps: NDArray[] = [];
  try {
    const list = arrays.map((x) => {
      const a = asArray(op, x);
      if (a !== x) temps.push(a);
      return a;
    });
    return { list, temps };
  } catch (e) {
    release(temps);
    throw e;
  }
}

function concatList(op: string, list: NDArray[], axis: number, given?: unknown): NDArray {
  const nd = list[0]!.ndim;
  if (nd === 0) throw new StrideViewError('invalid_argument', `${op}: zero-dimensional arrays cannot be concatenated`);
  const ax = toInt(op, 'axis', axis);
  const a = ax < 0 ? ax + nd : ax;
  if (a < 0 || a >= nd) throw new StrideViewError('out_of_range', `${op}: axis ${ax} is out of bounds for array of dimension ${nd}`);
  const shape = list[0]!.shape;
  let dt = list[0]!.dtype;
  for (let k = 1; k < list.length; k++) {
    const s = list[k]!.shape;
    if (s.length !== nd) {
      throw new StrideViewError(
        'rank_mismatch',
        `${op}: all the input arrays must have the same number of dimensions, but the array at index 0 has ${nd} dimension(s) and the array at index ${k} has ${s.length}`,
      );
    }
    for (let i = 0; i < nd; i++) {
      if (i !== a && s[i] !== shape[i]) {
        throw new StrideViewError(
          'shape_mismatch',
          `${op}: all the input array dimensions except for the concatenation axis must match exactly, but along dimension ${i}, the array at index 0 has size ${shape[i]} and the array at index ${k} has size ${s[i]}`,
        );
      }
    }
    shape[a] = shape[a]! + s[a]!;
    dt = promoteTypes(dt, list[k]!.dtype);
  }
  let out: NDArray;
  if (given === undefined) {
    out = NDArray._empty(op, shape, dt);
  } else {
    out = checkOut(op, given, dt);
    if (out.ndim !== shape.length || out.shape.some((d, i) => d !== shape[i])) {
      throw new StrideViewError('shape_mismatch', `${op}: out has shape ${fmt(out.shape)} but the result has shape ${fmt(shape)}`);
    }
  }
  try {
    let off = 0;
    for (const x of list) {
      const n = x.shape[a]!;
      if (n > 0 && out.size > 0) {
        const bounds = shape.map((d, i) => (i === a ? ([off, off + n] as [number, number]) : ([0, d] as [number, number])));
        const part = out._derive(out.view.shrink(bounds));
        try {
          kernelCopy(part, x);
        } finally {
          part.dispose();
        }
      }
      off += n;
    }
  } catch (e) {
    if (given === undefined) out.dispose();
    throw e;
  }
  return out;
}

function concatenateImpl(arrays: readonly ArrayInput[], options?: ConcatenateOptions): NDArray {
  const op = 'concatenate';
  const axis = axisOf(op, options, 'second', `concatenate(arrays, { axis: ${fmt(options)} })`, 0, true);
  const given = outOption(op, options);
  const { list, temps } = arrayList(op, arrays);
  try {
    if (axis === null) {
      // NumPy's axis=None: the arrays flattened (views where possible) and joined
      const flat = list.map((x) => {
        const f = x.reshape([-1]);
        if (f !== x) temps.push(f);
        return f;
      });
      return concatList(op, flat, 0, given);
    }
    return concatList(op, list, axis, given);
  } finally {
    release(temps);
  }
}

function stackImpl(arrays: readonly ArrayInput[], options?: JoinAxisOptions): NDArray {
  const op = 'stack';
  const axis = axisOf(op, options, 'second', `stack(arrays, { axis: ${fmt(options)} })`, 0, false)!;
  const { list, temps } = arrayList(op, arrays);
  try {
    const s0 = list[0]!.shape;
    list.forEach((x, k) => {
      const s = x.shape;
      if (s.length !== s0.length || s.some((d, i) => d !== s0[i])) {
        throw new StrideViewError('shape_mismatch', `${op}: all input arrays must have the same shape, but the array at index 0 has shape ${fmt(s0)} and the array at index ${k} has shape ${fmt(s)}`);
      }
    });
    const [ax] = normAxes(op, toInt(op, 'axis', axis), s0.length + 1);
    return concatList(op, list.map((x) => x.unsqueeze(ax!)), ax!);
  } finally {
    release(temps);
  }
}

function splitImpl(a: NDArray, sections: number | readonly number[], options?: JoinAxisOptions): NDArray[] {
  const op = 'split';
  const axis = axisOf(op, options, 'third', `split(a, sections, { axis: ${fmt(options)} })`, 0, false)!;
  if (!(a instanceof NDArray)) throw new TypeError(`${op}: expected an NDArray, got ${fmt(a)}`);
  a._check(op);
  const [ax] = normAxes(op, toInt(op, 'axis', axis), a.ndim);
  const n = a.shape[ax!]!;
  let cuts: number[];
  if (typeof sections === 'number' || typeof sections === 'bigint') {
    const k = toInt(op, 'sections', sections);
    if (k <= 0) throw new StrideViewError('invalid_argument', `${op}: number of sections must be larger than 0, got ${k}`);
    if (n % k !== 0) {
      throw new StrideViewError('shape_mismatch', `${op}: array split does not result in an equal division (size ${n} into ${k} sections)`);
    }
    cuts = Array.from({ length: k - 1 }, (_, i) => ((i + 1) * n) / k);
  } else {
    cuts = toInts(op, 'sections', sections);
  }
  const bounds = [0, ...cuts, n];
  const out: NDArray[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const specs = [...new Array(ax!).fill(A), R(bounds[i], bounds[i + 1])];
    out.push(a.slice(...specs));
  }
  return out;
}

function atLeast(op: string, a: NDArray, nd: 1 | 2 | 3): NDArray {
  const s = a.shape;
  if (s.length >= nd) return a;
  if (nd === 1) return a.reshape([1]);
  if (nd === 2) return a.reshape(s.length === 0 ? [1, 1] : [1, s[0]!]);
  if (s.length === 0) return a.reshape([1, 1, 1]);
  if (s.length === 1) return a.reshape([1, s[0]!, 1]);
  return a.reshape([s[0]!, s[1]!, 1]);
}

function vstackImpl(arrays: readonly ArrayInput[]): NDArray {
  const { list, temps } = arrayList('vstack', arrays);
  try {
    return concatList('vstack', list.map((x) => atLeast('vstack', x, 2)), 0);
  } finally {
    release(temps);
  }
}
function hstackImpl(arrays: readonly ArrayInput[]): NDArray {
  const { list, temps } = arrayList('hstack', arrays);
  try {
    const l = list.map((x) => atLeast('hstack', x, 1));
    return concatList('hstack', l, l[0]!.ndim === 1 ? 0 : 1);
  } finally {
    release(temps);
  }
}
function dstackImpl(arrays: readonly ArrayInput[]): NDArray {
  const { list, temps } = arrayList('dstack', arrays);
  try {
    return concatList('dstack', list.map((x) => atLeast('dstack', x, 3)), 2);
  } finally {
    release(temps);
  }
}

function tileImpl(a: ArrayInput, reps: number | readonly number[]): NDArray {
  const op = 'tile';
  const x = asArray(op, a);
  try {
    let r = typeof reps === 'number' || typeof reps === 'bigint' ? [toInt(op, 'reps', reps)] : toInts(op, 'reps', reps);
    for (const v of r) if (v < 0) throw new StrideViewError('invalid_argument', `${op}: reps must be non-negative, got ${fmt(r)}`);
    let s = x.shape;
    const nd = Math.max(r.length, s.length);
    r = [...new Array(nd - r.length).fill(1), ...r];
    s = [...new Array(nd - s.length).fill(1), ...s];
    const inter = s.flatMap((d) => [1, d]);
    const big = s.flatMap((d, i) => [r[i]!, d]);
    const v = x.reshape(inter).broadcastTo(big);
    const out = v._materialize(op);
    return out._setView(out.view.reshape(s.map((d, i) => d * r[i]!)));
  } finally {
    if (x !== a) x.dispose();
  }
}

function repeatImpl(a: ArrayInput, repeats: number | readonly number[], options?: RepeatOptions): NDArray {
  const op = 'repeat';
  const axis = axisOf(op, options, 'third', `repeat(a, repeats, { axis: ${fmt(options)} })`, null, true);
  const x0 = asArray(op, a);
  let x = x0;
  try {
    let ax: number;
    if (axis === undefined || axis === null) {
      x = x0.reshape([-1]);
      ax = 0;
    } else {
      [ax] = normAxes(op, toInt(op, 'axis', axis), x0.ndim) as [number];
    }
    const s = x.shape;
    const n = s[ax]!;
    if (typeof repeats === 'number' || typeof repeats === 'bigint') {
      const k = toInt(op, 'repeats', repeats);
      if (k < 0) throw new StrideViewError('invalid_argument', `${op}: repeats must be non-negative, got ${k}`);
      const ins = [...s.slice(0, ax + 1), 1, ...s.slice(ax + 1)];
      const big = [...s.slice(0, ax + 1), k, ...s.slice(ax + 1)];
      const out = x.reshape(ins).broadcastTo(big)._materialize(op);
      const fin = s.slice();
      fin[ax] = n * k;
      return out._setView(out.view.reshape(fin));
    }
    let reps = toInts(op, 'repeats', repeats);
    if (reps.length === 1) reps = new Array<number>(n).fill(reps[0]!);
    if (reps.length !== n) {
      throw new StrideViewError('shape_mismatch', `${op}: ${reps.length} repeats for an axis of size ${n}`);
    }
    const idx: number[] = [];
    reps.forEach((k, i) => {
      if (k < 0) throw new StrideViewError('invalid_argument', `${op}: repeats must be non-negative, got ${k} at ${i}`);
      for (let j = 0; j < k; j++) idx.push(i);
    });
    return gather(x, ax, idx);
  } finally {
    if (x !== x0 && x.base === null) x.dispose();
    if (x0 !== a) x0.dispose();
  }
}

// ------------------------------------------------------------------------------------ public joins
// Every error names the op the user called, also when an inner step (a reshape, a slice, an
// allocation) raised it.

/**
 * Joins arrays along an existing axis, `{ axis }` (default 0; null: the arrays flattened first, as
 * NumPy's axis=None); dtypes promoted; `out` as for {@link add}.
 */
export function concatenate(arrays: readonly ArrayInput[], options?: ConcatenateOptions): NDArray {
  return withOp('concatenate', () => concatenateImpl(arrays, options));
}
/** Joins arrays of equal shape along a new axis, `{ axis }` (default 0). */
export function stack(arrays: readonly ArrayInput[], options?: JoinAxisOptions): NDArray {
  return withOp('stack', () => stackImpl(arrays, options));
}
/** Views of consecutive parts along `{ axis }` (default 0): `sections` equal parts, or split before each listed index. */
export function split(a: NDArray, sections: number | readonly number[], options?: JoinAxisOptions): NDArray[] {
  return withOp('split', () => splitImpl(a, sections, options));
}
/** Stacks rows (axis 0; 1-d arrays become rows). */
export function vstack(arrays: readonly ArrayInput[]): NDArray {
  return withOp('vstack', () => vstackImpl(arrays));
}
/** Stacks columns (axis 1; 1-d arrays are concatenated along axis 0). */
export function hstack(arrays: readonly ArrayInput[]): NDArray {
  return withOp('hstack', () => hstackImpl(arrays));
}
/** Stacks along the third axis. */
export function dstack(arrays: readonly ArrayInput[]): NDArray {
  return withOp('dstack', () => dstackImpl(arrays));
}
/** Repeats the whole array reps times per axis (NumPy tile). */
export function tile(a: ArrayInput, reps: number | readonly number[]): NDArray {
  return withOp('tile', () => tileImpl(a, reps));
}
/** Repeats each element along `{ axis }` (the flattened array when omitted or null); repeats per element allowed. */
export function repeat(a: ArrayInput, repeats: number | readonly number[], options?: RepeatOptions): NDArray {
  return withOp('repeat', () => repeatImpl(a, repeats, options));
}
