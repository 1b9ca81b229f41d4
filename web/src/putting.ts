// Writing selected elements, as NumPy: put, putAlongAxis, place (in place, into an NDArray), copyto
// (one copy or where kernel), choose and select (where kernels) and extract (one masked gather).
// The engine has gathers but no scatter: put, putAlongAxis and place compute the target positions
// in TypeScript (one per index, as take and takeAlongAxis read their indices), get the values cast
// and laid out by one engine copy, then store them through the array's strides in WASM memory.
import { SingleOp } from './boundary_tables.js';
import { type AnyTypedArray, type DType, info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, normAxis, runKernel } from './ndarray.js';
import { gatherMask, kernelCopy } from './kernel_client.js';
import { type ArrayInput, equal, inputsDType, isScalar, maximum, minimum, notEqual, release } from './ops.js';
import { mod } from './integer_ops.js';
import { max, min, sum } from './reductions.js';
import { nonzero } from './search.js';
import { type TakeMode, resultInto } from './select.js';
import { Shape } from './shape.js';
import { heapArray } from './storage.js';
import { tidy } from './tidy.js';
import { type Casting, canCast, castingArg, maskedInto } from './ufunc.js';
import { type SigRef, bind } from './signature.js';
import { resultType } from './dtype_info.js';

/** The array a put-like op writes into: an NDArray, alive and writable. */
function target(op: string, name: string, a: unknown): NDArray {
  if (!(a instanceof NDArray)) throw new TypeError(`${op}: ${name} must be an NDArray (${op} writes into it), got ${fmt(a)}`);
  a._check(op);
  if (a.isReadOnly) {
    throw new StrideViewError('read_only', `${op}: ${name} is read-only (${a.mask ? 'a padded view' : 'a broadcast view'} of shape ${fmt(a.shape)}); pass a writable array`);
  }
  return a;
}

function modeArg(op: string, mode: unknown): TakeMode {
  if (mode !== 'raise' && mode !== 'wrap' && mode !== 'clip') throw new TypeError(`${op}: mode must be 'raise', 'wrap' or 'clip', got ${fmt(mode)}`);
  return mode;
}

/** Integer values of an index argument in C order, with its shape (an NDArray must have an integer dtype; JS numbers must be integers). */
function intValues(op: string, name: string, x: unknown): { values: number[]; shape: number[] } {
  const t = asArray(op, x, undefined, name);
  try {
    const k = info(t.dtype).kind;
    if (t === x && k !== 'i' && k !== 'u') throw new TypeError(`${op}: ${name} must be an integer array, got dtype ${t.dtype}`);
    const ta = t.toTypedArray() as ArrayLike<number | bigint>;
    const values = new Array<number>(ta.length);
    for (let i = 0; i < ta.length; i++) {
      const v = Number(ta[i]);
      if (!Number.isInteger(v)) throw new TypeError(`${op}: ${name} must be integers, got ${fmt(v)} at flat position ${i}`);
      values[i] = v;
    }
    return { values, shape: t.shape };
  } finally {
    if (t !== x) t.dispose();
  }
}

/** The values of `v` cast to dtype (NumPy's unsafe assignment cast), broadcast to shape when given, in C order. */
function valuesAs(op: string, name: string, v: unknown, dtype: DType, shape: number[] | null = null): AnyTypedArray {
  return tidy(() => {
    let x = asArray(op, v, undefined, name);
    if (shape !== null) x = x.broadcastTo(shape);
    return x._materialize(op, dtype).toTypedArray() as AnyTypedArray;
  });
}

/**
 * a.flat[pos[k]] = vals[k % vals.length] for each k (C-order flat positions, already in range): stored
 * through a's shape, strides and offset into its buffer.
 */
function scatter(a: NDArray, pos: readonly number[], vals: AnyTypedArray): void {
  const shape = a.shape;
  const strides = a.strides;
  const nd = shape.length;
  const heap = heapArray(a._s, a.dtype) as unknown as { [i: number]: number | bigint };
  const src = vals as unknown as { [i: number]: number | bigint };
  const lanes = info(a.dtype).lanes; // complex: (re, im) pairs
  const nv = vals.length / lanes;
  for (let k = 0; k < pos.length; k++) {
    let f = pos[k]!;
    let o = a.offset;
    for (let d = nd - 1; d >= 0; d--) {
      const n = shape[d]!;
      const i = f % n;
      f = (f - i) / n;
      o += i * strides[d]!;
    }
    if (lanes === 1) heap[o] = src[k % nv]!;
    else {
      const j = (k % nv) * lanes;
      heap[o * lanes] = src[j]!;
      heap[o * lanes + 1] = src[j + 1]!;
    }
  }
}

const PUT: SigRef = { sig: 'numpy.put: put(a: NDArray, ind: ArrayInput, v: ArrayInput, mode: TakeMode = "raise") -> void' };
/**
 * Writes `v` (cast to a's dtype, repeated if shorter) at the flat C-order positions `ind` of `a`,
 * in place (NumPy put). `mode` 'raise' (default: negative indices count from the end, one out of
 * range is an error and nothing is written), 'wrap' or 'clip', as {@link take}'s.
 */
// @overloads PUT
export function put(a: NDArray, ind: ArrayInput, v: ArrayInput, options?: { mode?: TakeMode | undefined }): void;
export function put(a: NDArray, ind: ArrayInput, v: ArrayInput, mode?: TakeMode): void;
// @end
export function put(...args: unknown[]): void {
  const op = 'put';
  const [aV, ind, v, modeV] = bind(PUT, args);
  try {
    const a = target(op, 'a', aV);
    const mode = modeArg(op, modeV);
    const { values } = intValues(op, 'ind', ind);
    const n = a.size;
    if (values.length > 0 && n === 0) throw new StrideViewError('out_of_range', `${op}: cannot replace elements of an empty array`);
    for (let i = 0; i < values.length; i++) {
      const x = values[i]!;
      if (mode === 'raise') {
        if (x < -n || x >= n) throw new StrideViewError('out_of_range', `${op}: index ${x} is out of bounds for axis 0 with size ${n}`);
        values[i] = x < 0 ? x + n : x;
      } else values[i] = mode === 'wrap' ? ((x % n) + n) % n : x < 0 ? 0 : x >= n ? n - 1 : x;
    }
    const vals = valuesAs(op, 'v', v, a.dtype);
    if (vals.length === 0 || values.length === 0) return;
    scatter(a, values, vals);
  } catch (e) {
    throw relabel(op, e);
  }
}

const PUT_ALONG_AXIS: SigRef = { sig: 'numpy.put_along_axis: putAlongAxis(arr: NDArray, indices: ArrayInput, values: ArrayInput, axis: number | null) -> void' };
/**
 * Writes `values` into `arr` in place at `indices` along `axis` (NumPy put_along_axis, the inverse
 * of {@link takeAlongAxis}): indices have arr's rank, the other dims broadcast, values broadcast to
 * the indices' shape. axis null: arr's flat positions, 1-d indices.
 */
// @overloads PUT_ALONG_AXIS
export function putAlongAxis(arr: NDArray, indices: ArrayInput, values: ArrayInput, axis: number | null): void;
// @end
export function putAlongAxis(...args: unknown[]): void {
  const op = 'putAlongAxis';
  const [arrV, indices, values, axisV] = bind(PUT_ALONG_AXIS, args);
  try {
    const arr = target(op, 'arr', arrV);
    if (axisV !== null && typeof axisV !== 'number' && typeof axisV !== 'bigint') throw new TypeError(`${op}: axis must be an integer or null, got ${fmt(axisV)}`);
    const xs = axisV === null ? [arr.size] : arr.shape;
    const ax = axisV === null ? 0 : normAxis(op, axisV, arr.ndim);
    const { values: idx, shape: ish } = intValues(op, 'indices', indices);
    if (ish.length !== xs.length) {
      throw new StrideViewError('rank_mismatch', `${op}: indices and arr must have the same number of dimensions, got ${ish.length} and ${xs.length}`);
    }
    const nd = xs.length;
    const shape = ish.slice();
    for (let d = 0; d < nd; d++) {
      if (d === ax) continue;
      if (ish[d] !== xs[d] && ish[d] !== 1 && xs[d] !== 1) {
        throw new StrideViewError('shape_mismatch', `${op}: shapes ${fmt(xs)} (arr) and ${fmt(ish)} (indices) do not broadcast outside axis ${ax}`);
      }
      shape[d] = Math.max(ish[d]!, xs[d]!);
      if (ish[d] === 0 || xs[d] === 0) shape[d] = 0;
    }
    const n = xs[ax]!;
    for (let i = 0; i < idx.length; i++) {
      const x = idx[i]!;
      if (x < -n || x >= n) throw new StrideViewError('out_of_range', `${op}: index ${x} is out of bounds for axis ${ax} with size ${n}`);
      if (x < 0) idx[i] = x + n;
    }
    const total = shape.reduce((p, d) => p * d, 1);
    const vals = valuesAs(op, 'values', values, arr.dtype, shape);
    if (total === 0) return;
    const cs = new Array<number>(nd); // arr's C strides
    const ics = new Array<number>(nd); // indices' C strides
    for (let d = nd - 1, s = 1, si = 1; d >= 0; d--) {
      cs[d] = s;
      ics[d] = si;
      s *= xs[d]!;
      si *= ish[d]!;
    }
    const pos = new Array<number>(total);
    const r = new Array<number>(nd).fill(0);
    for (let k = 0; k < total; k++) {
      let p = 0;
      let at = 0;
      for (let d = 0; d < nd; d++) {
        const i = r[d]!;
        if (ish[d] !== 1) at += i * ics[d]!;
        if (d !== ax && xs[d] !== 1) p += i * cs[d]!;
      }
      pos[k] = p + idx[at]! * cs[ax]!;
      for (let d = nd - 1; d >= 0; d--) {
        if (++r[d]! < shape[d]!) break;
        r[d] = 0;
      }
    }
    scatter(arr, pos, vals);
  } catch (e) {
    throw relabel(op, e);
  }
}

const PLACE: SigRef = { sig: 'numpy.place: place(arr: NDArray, mask: ArrayInput, vals: ArrayInput) -> void' };
/**
 * Writes `vals` (cast to arr's dtype, repeated if shorter; an NDArray must cast under the 'safe'
 * rule, as NumPy's) at the positions where `mask` is true, in C order, in place (NumPy place; mask
 * has arr's size). Finding the positions is `nonzero` (the
 * 'stats' family).
 */
// @overloads PLACE
export function place(arr: NDArray, mask: ArrayInput, vals: ArrayInput): void;
// @end
export function place(...args: unknown[]): void {
  const op = 'place';
  const [arrV, maskV, valsV] = bind(PLACE, args);
  try {
    const arr = target(op, 'arr', arrV);
    const pos = tidy(() => {
      const m = asArray(op, maskV, undefined, 'mask');
      if (m.size !== arr.size) throw new StrideViewError('shape_mismatch', `${op}: mask and data must be the same size (mask ${m.size}, arr ${arr.size})`);
      const nzv = nonzero(m.reshape([-1]))[0]!.toTypedArray() as BigInt64Array;
      return Array.from(nzv, (v) => Number(v));
    });
    // NumPy reads an array of vals in arr's dtype under the 'safe' rule (nested JS values are converted)
    if (valsV instanceof NDArray && !canCast(valsV.dtype, arr.dtype, 'safe')) {
      throw new StrideViewError('type_error', `${op}: cannot cast vals from ${valsV.dtype} to ${arr.dtype} according to the rule 'safe'`);
    }
    const vals = valuesAs(op, 'vals', valsV, arr.dtype);
    if (pos.length === 0) return;
    if (vals.length === 0) throw new StrideViewError('invalid_argument', `${op}: cannot insert from an empty array (vals is empty, mask has ${pos.length} true elements)`);
    scatter(arr, pos, vals);
  } catch (e) {
    throw relabel(op, e);
  }
}

/** NumPy 1.24's min_scalar_type of a JS scalar (copyto's value-based cast check). */
function minScalarType(v: number | bigint | boolean): DType {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number' && !Number.isInteger(v)) {
    if (!(Math.abs(v) < Infinity) || Math.abs(v) < 65000) return 'float16';
    return Math.abs(v) < 3.4e38 ? 'float32' : 'float64';
  }
  const x = BigInt(v);
  const fits = (bits: bigint, signed: boolean): boolean => (signed ? x >= -(1n << (bits - 1n)) && x < 1n << (bits - 1n) : x >= 0n && x < 1n << bits);
  const signed = x < 0n;
  for (const b of [8n, 16n, 32n, 64n]) if (fits(b, signed)) return `${signed ? 'int' : 'uint'}${b}` as DType;
  return 'float64';
}

const COPYTO: SigRef = { sig: 'numpy.copyto: copyto(dst: NDArray, src: ArrayInput, casting: Casting = "same_kind", where: ArrayInput = true) -> void' };
/**
 * Copies `src` (broadcast to dst's shape) into `dst`, in place (NumPy copyto): each element cast
 * under `casting` (checked first; a JS scalar or a 0-d array by its value, as NumPy 1.24's), only where `where` is true.
 */
// @overloads COPYTO
export function copyto(dst: NDArray, src: ArrayInput, options?: { casting?: Casting | undefined; where?: ArrayInput | undefined }): void;
export function copyto(dst: NDArray, src: ArrayInput, casting?: Casting, options?: { where?: ArrayInput | undefined }): void;
export function copyto(dst: NDArray, src: ArrayInput, casting?: Casting, where?: ArrayInput): void;
// @end
export function copyto(...args: unknown[]): void {
  const op = 'copyto';
  const [dstV, srcV, castingV, where] = bind(COPYTO, args);
  let s: NDArray | null = null;
  try {
    const dst = target(op, 'dst', dstV);
    const casting = castingArg(op, castingV);
    if (typeof where !== 'boolean' && !(where instanceof NDArray) && !Array.isArray(where)) {
      throw new TypeError(`${op}: where must be a boolean, a boolean array or nested arrays of booleans, got ${fmt(where)}`);
    }
    s = asArray(op, srcV, undefined, 'src');
    // a JS scalar, or a 0-d array (NumPy 1.24's can_cast of a 0-d array), casts by its value
    const from = isScalar(srcV) ? minScalarType(srcV as number) : s.ndim === 0 ? minScalarType('iu'.includes(info(s.dtype).kind) ? s.itemBigInt() : (s.item() as number)) : null;
    // nested JS numbers: NumPy would read integers as int64 (strideview's default for JS numbers is float64)
    const jsInts = from === null && s !== srcV && s.dtype === 'float64' && tidy(() => sum(notEqual(mod(s!, 1), 0)) as number) === 0;
    const fd = from ?? (jsInts ? 'int64' : s.dtype);
    if (!canCast(fd, dst.dtype, casting)) {
      throw new StrideViewError('type_error', `${op}: cannot cast ${from !== null ? 'scalar' : 'array data'} from ${fd} to ${dst.dtype} according to the rule '${casting}'`);
    }
    if (where === true) kernelCopy(dst, s);
    else if (where !== false) maskedInto(op, dst, s, where);
  } catch (e) {
    throw relabel(op, e);
  } finally {
    if (s !== null && s !== srcV) s.dispose();
  }
}

const CHOOSE: SigRef = { sig: 'numpy.choose: choose(a: ArrayInput, choices: readonly ArrayInput[] | NDArray, out: NDArray | null = null, mode: TakeMode = "raise") -> NDArray' };
/**
 * Element i of the result is element i of `choices[a[i]]` (NumPy choose; a and the choices
 * broadcast together; dtypes promoted): `mode` 'raise' (default: an entry of a outside [0, n) is an
 * error), 'wrap' (modulo n) or 'clip'. An NDArray as `choices` is the list of its rows. One where
 * kernel per choice.
 */
// @overloads CHOOSE
export function choose(a: ArrayInput, choices: readonly ArrayInput[] | NDArray, options?: { out?: NDArray | null | undefined; mode?: TakeMode | undefined }): NDArray;
export function choose(a: ArrayInput, choices: readonly ArrayInput[] | NDArray, out?: NDArray | null, options?: { mode?: TakeMode | undefined }): NDArray;
export function choose(a: ArrayInput, choices: readonly ArrayInput[] | NDArray, out?: NDArray | null, mode?: TakeMode): NDArray;
// @end
export function choose(...args: unknown[]): NDArray {
  const op = 'choose';
  const [aV, choicesV, out, modeV] = bind(CHOOSE, args);
  const temps: NDArray[] = [];
  try {
    const mode = modeArg(op, modeV);
    let list: unknown[];
    if (choicesV instanceof NDArray) {
      choicesV._check(op);
      if (choicesV.ndim === 0) throw new StrideViewError('rank_mismatch', `${op}: choices must be a list of arrays or an array of 1 or more dims, got a 0-d array`);
      list = Array.from({ length: choicesV.shape[0]! }, (_, i) => {
        const row = choicesV.slice(i);
        temps.push(row);
        return row;
      });
    } else if (Array.isArray(choicesV)) list = choicesV;
    else throw new TypeError(`${op}: choices must be an array of arrays or an NDArray, got ${fmt(choicesV)}`);
    const n = list.length;
    if (n === 0) throw new StrideViewError('invalid_argument', `${op}: choices is empty (a 0-length sequence)`);
    const arrs = list.map((c, i) => {
      if (isScalar(c)) return null;
      const x = asArray(op, c, undefined, `choices[${i}]`);
      if (x !== c) temps.push(x);
      return x;
    });
    const rdt = inputsDType(op, list, arrs);
    let a = asArray(op, aV, undefined, 'a');
    if (a !== aV) temps.push(a);
    const k = info(a.dtype).kind;
    if ((k === 'f' && a === aV) || k === 'c') throw new TypeError(`${op}: a must be an integer array, got dtype ${a.dtype}`);
    if (k !== 'i' && k !== 'u') {
      if (k === 'f' && tidy(() => sum(notEqual(mod(a, 1), 0)) as number) > 0) throw new TypeError(`${op}: a must hold integers`);
      a = a.astype('int64');
      temps.push(a);
    }
    let shape: number[] = a.shape;
    try {
      for (const x of arrs) if (x !== null) shape = Shape.broadcast(shape, x.shape);
    } catch {
      throw new StrideViewError('shape_mismatch', `${op}: shape mismatch: a ${fmt(a.shape)} and the choices ${arrs.map((x) => (x === null ? '[]' : fmt(x.shape))).join(', ')} cannot be broadcast to a single shape`);
    }
    if (a.size > 0) {
      if (mode === 'raise') {
        const lo = min(a) as number;
        const hi = max(a) as number;
        if (lo < 0 || hi >= n) throw new StrideViewError('out_of_range', `${op}: invalid entry in choice array (${lo < 0 ? lo : hi} for ${n} choices)`);
      } else if (mode === 'wrap') {
        a = mod(a, n);
        temps.push(a);
      } else {
        const c = maximum(a, 0);
        temps.push(c);
        a = minimum(c, n - 1);
        temps.push(a);
      }
    }
    const r = NDArray._empty(op, shape, rdt);
    try {
      const first = arrs[0] ?? null;
      if (first !== null) kernelCopy(r, first);
      else runKernel(Kind.Copy, SingleOp.Only, rdt, r, null, [Number(list[0])], rdt);
      for (let i = 1; i < n; i++) {
        const m = equal(a, i);
        try {
          const x = arrs[i];
          if (x === null) runKernel(Kind.Where, SingleOp.Only, rdt, r, null, [m, Number(list[i]), r], rdt);
          else maskedInto(op, r, x!, m);
        } finally {
          m.dispose();
        }
      }
    } catch (e) {
      r.dispose();
      throw e;
    }
    return resultInto(op, r, out, 'unsafe');
  } catch (e) {
    throw relabel(op, e);
  } finally {
    release(temps);
  }
}

const EXTRACT: SigRef = { sig: 'numpy.extract: extract(condition: ArrayInput, arr: ArrayInput) -> NDArray' };
/**
 * The elements of `arr` (flattened) where `condition` (flattened) is nonzero (NumPy extract: a new
 * 1-d array): one masked gather.
 */
// @overloads EXTRACT
export function extract(condition: ArrayInput, arr: ArrayInput): NDArray;
// @end
export function extract(...args: unknown[]): NDArray {
  const op = 'extract';
  const [condition, arrV] = bind(EXTRACT, args);
  try {
    return tidy(() => {
      const c = notEqual(asArray(op, condition, undefined, 'condition').reshape([-1]), 0);
      const x = asArray(op, arrV, undefined, 'arr').reshape([-1]);
      const n = x.size;
      if (c.size > n) {
        const tail = c.slice(`${n}:`);
        if ((sum(tail) as number) > 0) {
          const t = tail.toTypedArray() as Uint8Array;
          throw new StrideViewError('out_of_range', `${op}: index ${n + t.indexOf(1)} is out of bounds for axis 0 with size ${n}`);
        }
      }
      const m = c.size > n ? c.slice(`:${n}`) : c;
      const src = c.size < n ? x.slice(`:${c.size}`) : x;
      return gatherMask(src, m);
    });
  } catch (e) {
    throw relabel(op, e);
  }
}


/** A list argument as NumPy iterates it: a JS array, or an NDArray's slices along its first axis. */
function listOf(op: string, name: string, v: unknown, temps: NDArray[]): unknown[] {
  if (Array.isArray(v)) return v;
  if (v instanceof NDArray) {
    v._check(op);
    if (v.ndim === 0) throw new TypeError(`${op}: ${name} must be a list of arrays or an array of 1 or more dims, got a 0-d array`);
    return Array.from({ length: v.shape[0]! }, (_, i) => {
      const row = v.slice(i);
      temps.push(row);
      return row;
    });
  }
  throw new TypeError(`${op}: ${name} must be a list of arrays or an NDArray, got ${fmt(v)}`);
}

/** NumPy broadcast_arrays' shape of `shapes`, or its error naming the first pair that does not broadcast. */
function broadcastAll(op: string, what: string, shapes: readonly number[][]): number[] {
  let sh: number[] = shapes[0] ?? [];
  for (let i = 1; i < shapes.length; i++) {
    try {
      sh = Shape.broadcast(sh, shapes[i]!);
    } catch {
      const j = shapes.findIndex((s) => {
        try {
          Shape.broadcast(s, shapes[i]!);
          return false;
        } catch {
          return true;
        }
      });
      throw new StrideViewError('shape_mismatch', `${op}: shape mismatch: ${what} cannot be broadcast to a single shape; mismatch is between ${what}[${j}] with shape ${fmt(shapes[j]!)} and ${what}[${i}] with shape ${fmt(shapes[i]!)}`);
    }
  }
  return sh;
}

const SELECT: SigRef = { sig: 'numpy.select: select(condlist: readonly ArrayInput[] | NDArray, choicelist: readonly ArrayInput[] | NDArray, default_: ArrayInput = 0) -> NDArray' };
/**
 * Element i of the result is element i of `choicelist[j]` for the first j whose condition
 * `condlist[j]` is true there, else of `default_` (NumPy select; `default` is a word JS reserves).
 * The conditions are bool arrays (or JS booleans); conditions, choices and the default broadcast
 * together; the dtype is NumPy's result_type of the choices, then of that and the default (JS
 * numbers and 0-d arrays by value). The default fills the result, then one where kernel per
 * choice, the last first.
 */
// @overloads SELECT
export function select(condlist: readonly ArrayInput[] | NDArray, choicelist: readonly ArrayInput[] | NDArray, options?: { default_?: ArrayInput | undefined }): NDArray;
export function select(condlist: readonly ArrayInput[] | NDArray, choicelist: readonly ArrayInput[] | NDArray, default_?: ArrayInput): NDArray;
// @end
export function select(...args: unknown[]): NDArray {
  const op = 'select';
  const [condV, choiceV, dflt] = bind(SELECT, args);
  const temps: NDArray[] = [];
  const arr = (x: unknown, name: string): NDArray => {
    const a = asArray(op, x, undefined, name);
    if (a !== x) temps.push(a);
    return a;
  };
  try {
    const conds = listOf(op, 'condlist', condV, temps);
    const choices = listOf(op, 'choicelist', choiceV, temps);
    if (conds.length !== choices.length) {
      throw new StrideViewError('invalid_argument', `${op}: list of cases must be same length as list of conditions (condlist has ${conds.length}, choicelist ${choices.length})`);
    }
    if (conds.length === 0) throw new StrideViewError('invalid_argument', `${op}: select with an empty condition list is not possible`);
    // JS scalars type as NumPy's Python scalars (an integer int64, a fraction float64, by value
    // beside arrays: resultType), then become 0-d arrays of the result dtype
    const typed = choices.map((c, i) => (isScalar(c) ? c : arr(c, `choicelist[${i}]`))) as Parameters<typeof resultType>;
    const d0 = resultType(...typed);
    const dfv = isScalar(dflt) ? dflt : arr(dflt, 'default_');
    const rdt = resultType(d0, dfv as NDArray);
    const zeroD = (v: unknown, name: string): NDArray => {
      const a = asArray(op, v, rdt, name);
      temps.push(a);
      return a;
    };
    const cs = typed.map((c, i) => (c instanceof NDArray ? c : zeroD(c, `choicelist[${i}]`)));
    const df = dfv instanceof NDArray ? dfv : zeroD(dfv, 'default_');
    const ms = conds.map((c, i) => arr(c, `condlist[${i}]`));
    const condShape = broadcastAll(op, 'condlist', ms.map((m) => m.shape));
    const choiceShape = broadcastAll(op, 'choicelist', [...cs, df].map((c) => c.shape));
    ms.forEach((m, i) => {
      if (m.dtype !== 'bool') throw new TypeError(`${op}: invalid entry ${i} in condlist: should be boolean ndarray, got dtype ${m.dtype}`);
    });
    const shape = choiceShape.length === 0 ? condShape : broadcastAll(op, 'the conditions and choices', [condShape, choiceShape]);
    const r = NDArray._empty(op, shape, rdt);
    try {
      kernelCopy(r, df);
      for (let i = cs.length - 1; i >= 0; i--) {
        let c = cs[i]!;
        // the where kernel reads a padded view's padding as +0
        if (c._v._hasMask && !Object.is(c._fill, 0)) {
          c = c._materialize(op, rdt);
          temps.push(c);
        }
        maskedInto(op, r, c, ms[i]!);
      }
    } catch (e) {
      r.dispose();
      throw e;
    }
    return r;
  } catch (e) {
    throw relabel(op, e);
  } finally {
    release(temps);
  }
}
