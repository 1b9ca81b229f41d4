// Joining and tiling: concatenate, stack, split, vstack/hstack/dstack, tile and repeat. Each is
// built from views and kernel copies (no element loops in TypeScript); dtypes are promoted as for
// the elementwise ops, or given (`dtype`, `out`) and checked under NumPy's `casting` rule. Each
// declares its NumPy signature (signature.ts).
import { type DType, checkDType, promoteTypes } from './dtype.js';
import { StrideViewError, fmt, toInt, toInts, withOp } from './errors.js';
import { NDArray, A, R, asArray, checkOut, forward, gather, kernelCopy, methodGroup, normAxes, uses } from './ndarray.js';
import { type ArrayInput, release } from './ops.js';
import { type Casting, canCast, castingArg } from './ufunc.js';
import { type SigRef, bind } from './signature.js';

/** Options of {@link concatenate} (NumPy's names). */
export interface ConcatenateOptions {
  /** The axis to join along (default 0; negative counts from the end); null: the arrays flattened first. */
  axis?: number | null;
  /** Write the result into this array (its shape must be the result's; the inputs are cast to its dtype under `casting`). */
  out?: NDArray | null;
  /** The result dtype (the inputs cast to it under `casting`); not with `out`. */
  dtype?: DType | null;
  /** NumPy's casting rule for the inputs' cast to the result (default 'same_kind'). */
  casting?: Casting;
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

/** How a join writes its result: into `out`, or in `dtype` (null: the inputs' promoted dtype), each input cast under `casting`. */
interface JoinTarget {
  out: unknown;
  dtype: unknown;
  casting: unknown;
}
const NO_TARGET: JoinTarget = { out: null, dtype: null, casting: 'same_kind' };

/** An integer axis (null refused: NumPy's join takes None only where it flattens). */
function intAxis(op: string, v: unknown): number {
  if (v === null) throw new TypeError(`${op}: axis must be an integer, got null`);
  return toInt(op, 'axis', v);
}

// ------------------------------------------------------------------------------------ joining

/** vstack's, hstack's and dstack's `tup`: a JS array (of arrays). */
function tupArg(op: string, tup: unknown): unknown {
  if (!Array.isArray(tup)) throw new TypeError(`${op}: tup must be an array of arrays, got ${fmt(tup)}`);
  return tup;
}

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

function concatList(op: string, list: NDArray[], axis: number, t: JoinTarget = NO_TARGET): NDArray {
  const casting = castingArg(op, t.casting);
  const given = t.out;
  if (given !== null && t.dtype !== null) {
    throw new TypeError(`${op}: out and dtype cannot both be given (NumPy's ${op} takes one of them), got dtype=${fmt(t.dtype)}`);
  }
  const want = t.dtype === null ? null : checkDType(op, t.dtype);
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
  if (given !== null && !(given instanceof NDArray)) throw new TypeError(`${op}: out must be an NDArray, got ${fmt(given)}`);
  const rdt: DType = given !== null ? (given as NDArray).dtype : (want ?? dt);
  for (const x of list) {
    if (!canCast(x.dtype, rdt, casting)) {
      throw new StrideViewError('type_error', `${op}: cannot cast array data from ${x.dtype} to ${rdt} according to the rule '${casting}'`);
    }
  }
  let out: NDArray;
  if (given === null) {
    out = NDArray._empty(op, shape, rdt);
  } else {
    out = checkOut(op, given, rdt);
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
    if (given === null) out.dispose();
    throw e;
  }
  return out;
}

function concatenateImpl(arrays: unknown, axisV: unknown, t: JoinTarget): NDArray {
  const op = 'concatenate';
  const axis = axisV === null ? null : toInt(op, 'axis', axisV);
  const { list, temps } = arrayList(op, arrays);
  try {
    if (axis === null) {
      // NumPy's axis=None: the arrays flattened (views where possible) and joined
      const flat = list.map((x) => {
        const f = x.reshape([-1]);
        if (f !== x) temps.push(f);
        return f;
      });
      return concatList(op, flat, 0, t);
    }
    return concatList(op, list, axis, t);
  } finally {
    release(temps);
  }
}

function stackImpl(arrays: unknown, axisV: unknown, t: JoinTarget): NDArray {
  const op = 'stack';
  const axis = intAxis(op, axisV);
  const { list, temps } = arrayList(op, arrays);
  try {
    const s0 = list[0]!.shape;
    list.forEach((x, k) => {
      const s = x.shape;
      if (s.length !== s0.length || s.some((d, i) => d !== s0[i])) {
        throw new StrideViewError('shape_mismatch', `${op}: all input arrays must have the same shape, but the array at index 0 has shape ${fmt(s0)} and the array at index ${k} has shape ${fmt(s)}`);
      }
    });
    const [ax] = normAxes(op, axis, s0.length + 1);
    const views = list.map((x) => x.unsqueeze(ax!));
    try {
      return concatList(op, views, ax!, t);
    } finally {
      release(views);
    }
  } finally {
    release(temps);
  }
}

function splitImpl(a: unknown, sections: unknown, axis: unknown): NDArray[] {
  const op = 'split';
  if (!(a instanceof NDArray)) throw new TypeError(`${op}: ary must be an NDArray (the parts are views of it), got ${fmt(a)}`);
  a._check(op);
  const [ax] = normAxes(op, intAxis(op, axis), a.ndim);
  const n = a.shape[ax!]!;
  let cuts: number[];
  if (typeof sections === 'number' || typeof sections === 'bigint') {
    const k = toInt(op, 'indicesOrSections', sections);
    if (k <= 0) throw new StrideViewError('invalid_argument', `${op}: number of sections must be larger than 0, got ${k}`);
    if (n % k !== 0) {
      throw new StrideViewError('shape_mismatch', `${op}: array split does not result in an equal division (size ${n} into ${k} sections)`);
    }
    cuts = Array.from({ length: k - 1 }, (_, i) => ((i + 1) * n) / k);
  } else {
    cuts = toInts(op, 'indicesOrSections', sections);
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

/** vstack (nd 2, axis 0), hstack (nd 1, axis 0 for 1-D, else 1), dstack (nd 3, axis 2). */
function stackAlong(op: string, arrays: unknown, nd: 1 | 2 | 3, t: JoinTarget): NDArray {
  const { list, temps } = arrayList(op, arrays);
  try {
    const l = list.map((x) => atLeast(op, x, nd));
    for (let i = 0; i < l.length; i++) if (l[i] !== list[i]) temps.push(l[i]!);
    return concatList(op, l, nd === 2 ? 0 : nd === 3 ? 2 : l[0]!.ndim === 1 ? 0 : 1, t);
  } finally {
    release(temps);
  }
}

function tileImpl(a: unknown, reps: unknown): NDArray {
  const op = 'tile';
  const x = asArray(op, a, undefined, 'A');
  try {
    let r = typeof reps === 'number' || typeof reps === 'bigint' ? [toInt(op, 'reps', reps)] : toInts(op, 'reps', reps as readonly number[]);
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

function repeatImpl(a: unknown, repeats: unknown, axis: unknown): NDArray {
  const op = 'repeat';
  const x0 = asArray(op, a, undefined, 'a');
  let x = x0;
  try {
    let ax: number;
    if (axis === null) {
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
      try {
        return out._setView(out.view.reshape(fin));
      } catch (e) {
        out.dispose(); // a size past 2^53-1 (reshape refuses it): nothing is left behind
        throw e;
      }
    }
    let reps = toInts(op, 'repeats', repeats as readonly number[]);
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

const CONCATENATE: SigRef = { sig: 'numpy.concatenate: concatenate(arrays: readonly ArrayInput[], /, axis: number | null = 0, out: NDArray | null = null, ' +
    '*, dtype: DType | null = null, casting: Casting = "same_kind") -> NDArray' };
/**
 * Joins arrays along an existing axis (NumPy concatenate): `concatenate([a, b])`,
 * `concatenate([a, b], 1)`, `concatenate([a, b], { axis: null })` (null: the arrays flattened
 * first), `concatenate([a, b], 0, o)` (into `out`), `concatenate([a, b], { dtype: 'float32' })`.
 * Dtypes are promoted, or given by `dtype` or out's dtype: each input is cast to it under `casting`
 * (default 'same_kind'), checked before anything is written.
 */
// @overloads CONCATENATE
export function concatenate(arrays: readonly ArrayInput[], options?: { axis?: number | null | undefined; out?: NDArray | null | undefined; dtype?: DType | null | undefined; casting?: Casting | undefined }): NDArray;
export function concatenate(arrays: readonly ArrayInput[], axis?: number | null, options?: { out?: NDArray | null | undefined; dtype?: DType | null | undefined; casting?: Casting | undefined }): NDArray;
export function concatenate(arrays: readonly ArrayInput[], axis?: number | null, out?: NDArray | null, options?: { dtype?: DType | null | undefined; casting?: Casting | undefined }): NDArray;
// @end
export function concatenate(...args: unknown[]): NDArray {
  const [arrays, axis, out, dtype, casting] = bind(CONCATENATE, args);
  return withOp('concatenate', () => concatenateImpl(arrays, axis, { out, dtype, casting }));
}

const STACK: SigRef = { sig: 'numpy.stack: stack(arrays: readonly ArrayInput[], axis: number = 0, out: NDArray | null = null, ' +
    '*, dtype: DType | null = null, casting: Casting = "same_kind") -> NDArray' };
/**
 * Joins arrays of equal shape along a new axis (NumPy stack): `stack([a, b])`, `stack([a, b], 1)`,
 * `stack([a, b], { axis: -1, dtype: 'float32' })`; `out`, `dtype` and `casting` as for {@link concatenate}.
 */
// @overloads STACK
export function stack(arrays: readonly ArrayInput[], options?: { axis?: number | undefined; out?: NDArray | null | undefined; dtype?: DType | null | undefined; casting?: Casting | undefined }): NDArray;
export function stack(arrays: readonly ArrayInput[], axis?: number, options?: { out?: NDArray | null | undefined; dtype?: DType | null | undefined; casting?: Casting | undefined }): NDArray;
export function stack(arrays: readonly ArrayInput[], axis?: number, out?: NDArray | null, options?: { dtype?: DType | null | undefined; casting?: Casting | undefined }): NDArray;
// @end
export function stack(...args: unknown[]): NDArray {
  const [arrays, axis, out, dtype, casting] = bind(STACK, args);
  return withOp('stack', () => stackImpl(arrays, axis, { out, dtype, casting }));
}

const SPLIT: SigRef = { sig: 'numpy.split: split(ary: NDArray, indicesOrSections: number | readonly number[], axis: number = 0) -> NDArray[]' };
/**
 * Views of consecutive parts along `axis` (default 0; NumPy split): `indicesOrSections` equal
 * parts, or split before each listed index: `split(a, 3)`, `split(a, [2, 5], 1)`.
 */
// @overloads SPLIT
export function split(ary: NDArray, indicesOrSections: number | readonly number[], options?: { axis?: number | undefined }): NDArray[];
export function split(ary: NDArray, indicesOrSections: number | readonly number[], axis?: number): NDArray[];
// @end
export function split(...args: unknown[]): NDArray[] {
  const [a, sections, axis] = bind(SPLIT, args);
  return withOp('split', () => splitImpl(a, sections, axis));
}

const VSTACK: SigRef = { sig: 'numpy.vstack: vstack(tup: readonly ArrayInput[], *, dtype: DType | null = null, casting: Casting = "same_kind") -> NDArray' };
/** Stacks rows (axis 0; 1-d arrays become rows; NumPy vstack): `vstack([a, b])`, `vstack([a, b], { dtype: 'float32' })`. */
// @overloads VSTACK
export function vstack(tup: readonly ArrayInput[], options?: { dtype?: DType | null | undefined; casting?: Casting | undefined }): NDArray;
// @end
export function vstack(...args: unknown[]): NDArray {
  const [tup, dtype, casting] = bind(VSTACK, args);
  return withOp('vstack', () => stackAlong('vstack', tupArg('vstack', tup), 2, { out: null, dtype, casting }));
}

const HSTACK: SigRef = { sig: 'numpy.hstack: hstack(tup: readonly ArrayInput[], *, dtype: DType | null = null, casting: Casting = "same_kind") -> NDArray' };
/** Stacks columns (axis 1; 1-d arrays are concatenated along axis 0; NumPy hstack). */
// @overloads HSTACK
export function hstack(tup: readonly ArrayInput[], options?: { dtype?: DType | null | undefined; casting?: Casting | undefined }): NDArray;
// @end
export function hstack(...args: unknown[]): NDArray {
  const [tup, dtype, casting] = bind(HSTACK, args);
  return withOp('hstack', () => stackAlong('hstack', tupArg('hstack', tup), 1, { out: null, dtype, casting }));
}

const DSTACK: SigRef = { sig: 'numpy.dstack: dstack(tup: readonly ArrayInput[]) -> NDArray' };
/** Stacks along the third axis (NumPy dstack; NumPy 1.24's has no dtype or casting). */
// @overloads DSTACK
export function dstack(tup: readonly ArrayInput[]): NDArray;
// @end
export function dstack(...args: unknown[]): NDArray {
  const [tup] = args.length === 1 ? args : bind(DSTACK, args);
  return withOp('dstack', () => stackAlong('dstack', tupArg('dstack', tup), 3, NO_TARGET));
}

const TILE: SigRef = { sig: 'numpy.tile: tile(A: ArrayInput, reps: number | readonly number[]) -> NDArray' };
/** Repeats the whole array reps times per axis (NumPy tile): `tile(a, 2)`, `tile(a, [2, 1])`. */
// @overloads TILE
export function tile(A: ArrayInput, reps: number | readonly number[]): NDArray;
// @end
export function tile(...args: unknown[]): NDArray {
  const [a, reps] = args.length === 2 ? args : bind(TILE, args);
  return withOp('tile', () => tileImpl(a, reps));
}

// NumPy's method of repeat, installed with it (ndarray.ts methodGroup).
const REPEATS = /* @__PURE__ */ methodGroup('none', () => ({ repeat: forward(repeat) }));

const REPEAT: SigRef = { sig: 'numpy.repeat: repeat(a: ArrayInput, repeats: number | readonly number[], axis: number | null = null) -> NDArray' };
/**
 * Repeats each element along `axis` (the flattened array when omitted or null; NumPy repeat),
 * repeats per element allowed: `repeat(a, 2)`, `repeat(a, [1, 2], 0)`, `repeat(a, 2, { axis: 1 })`.
 */
// @overloads REPEAT
export function repeat(a: ArrayInput, repeats: number | readonly number[], options?: { axis?: number | null | undefined }): NDArray;
export function repeat(a: ArrayInput, repeats: number | readonly number[], axis?: number | null): NDArray;
// @end
export function repeat(...args: unknown[]): NDArray {
  uses(REPEATS);
  const [a, repeats, axis] = bind(REPEAT, args);
  return withOp('repeat', () => repeatImpl(a, repeats, axis));
}

