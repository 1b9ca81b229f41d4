// NDArray: an owned element buffer in WASM memory plus a View. Only element buffers are owned
// resources: dispose() / [Symbol.dispose] free them, a FinalizationRegistry is the safety net, and
// views share (and keep alive) their base. Every view rule is a C++ call (view.ts / wire).
import {
  type AnyTypedArray,
  type DType,
  type Scalar,
  checkDType,
  dtypeOfTypedArray,
  fromStored,
  info,
  isBig,
  scalarDType,
  toStored,
} from './dtype.js';
import { StrideViewError, fmt, indexArgs, isArrayLike, relabel, toInt, toInts, toPairs } from './errors.js';
import { heapBuffer, rt } from './runtime.js';
import { Op, wire, type Wire } from './wire.js';
import { View, ints, pairs, putView, readView } from './view.js';
import { toNdarrayLike, type NdarrayLike, type ToNdarrayLikeOptions } from './interop.js';

// ------------------------------------------------------------------------------------ Symbol.dispose

if (typeof (Symbol as { dispose?: symbol }).dispose !== 'symbol') {
  Object.defineProperty(Symbol, 'dispose', { value: Symbol.for('nodejs.dispose'), configurable: true });
}

// ------------------------------------------------------------------------------------ storage

interface Storage {
  ptr: number;
  bytes: number;
  length: number; // in elements
  live: boolean;
}

let liveArrays = 0;
let liveBytes = 0;

function freePtr(p: number): void {
  rt()._sv_free_raw(p);
}

function releaseStorage(s: Storage): void {
  if (!s.live) return;
  s.live = false;
  freePtr(s.ptr);
  liveArrays--;
  liveBytes -= s.bytes;
}

const finalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<Storage>((s) => {
        try {
          releaseStorage(s);
        } catch {
          /* module gone */
        }
      })
    : null;

// ------------------------------------------------------------------------------------ scopes

// The innermost open tidy() scope: every NDArray created while it is open (owners and views) is
// listed here and disposed when the scope closes, unless returned or kept. Arrays created inside a
// scope skip the FinalizationRegistry (their disposal is certain); survivors are registered then.
let scope: NDArray[] | null = null;
const kept = new WeakSet<NDArray>();

// Owners created outside any scope reach the FinalizationRegistry at the end of the current task
// (a microtask), or when 4096 are waiting: one created and disposed in the same task, as in a loop
// of `op(...).dispose()`, never costs a registration (the registry's bookkeeping was a third of a
// small op's time). A dropped array is registered all the same before any GC could reclaim it
// (finalizers run only after the task anyway).
let young: NDArray[] = [];
let youngScheduled = false;
const schedule: (f: () => void) => void =
  typeof queueMicrotask === 'function' ? queueMicrotask : (f) => void Promise.resolve().then(f);

function flushYoung(): void {
  const list = young;
  young = [];
  youngScheduled = false;
  for (let i = 0; i < list.length; i++) list[i]!._guard();
}

function guardLater(a: NDArray): void {
  young.push(a);
  if (young.length >= 4096) flushYoung();
  else if (!youngScheduled) {
    youngScheduled = true;
    schedule(flushYoung);
  }
}

/** 0-d read-only arrays handed out for an index in the padding of a padded view. */
const paddingElements = new WeakSet<NDArray>();

function allocStorage(op: string, length: number, dtype: DType): Storage {
  const bytes = length * info(dtype).size;
  // wasm32: sv_alloc rounds up to 16 bytes in a 32-bit size_t, so 2^32 - 16 bytes is the most it can give.
  const ptr = bytes > 4294967280 ? 0 : rt()._sv_alloc_raw(bytes);
  if (ptr === 0) {
    throw new StrideViewError(
      'out_of_memory',
      `${op}: cannot allocate ${bytes} bytes for ${length} ${dtype} elements ` +
        `(WebAssembly memory is ${heapBuffer().byteLength} bytes, at most 4 GiB)`,
    );
  }
  liveArrays++;
  liveBytes += bytes;
  return { ptr, bytes, length, live: true };
}

/** Memory owned by the library: live element buffers, their bytes, and the WASM heap size. */
export interface MemoryStats {
  liveArrays: number;
  liveBytes: number;
  heapBytes: number;
}

/** Counters of live element buffers (arrays that own memory) and the WASM heap size. */
export function memoryStats(): MemoryStats {
  return { liveArrays, liveBytes, heapBytes: heapBuffer().byteLength };
}

/** @internal A typed array over the storage, rebuilt from (ptr, length, dtype) on every call. */
export function heapArray(s: Storage, dtype: DType): AnyTypedArray {
  return new (info(dtype).ctor)(heapBuffer(), s.ptr, s.length);
}

/** Nested JS arrays of elements. */
export type NestedArray = Scalar | NestedArray[];

// ------------------------------------------------------------------------------------ slice specs

/** One entry of {@link NDArray.slice}. */
export type SliceSpec =
  | { readonly kind: 'I'; readonly index: number }
  | { readonly kind: 'R'; readonly start: number | null; readonly stop: number | null; readonly step: number | null }
  | { readonly kind: 'L'; readonly indices: readonly number[] }
  | { readonly kind: 'A' }
  | { readonly kind: 'N' }
  | { readonly kind: 'E' };

// I, R and Rs return plain objects (readonly by type, not frozen: freezing would cost more than
// the slice itself); slice() re-checks their numbers, so a hand-made or mutated spec cannot reach
// C++ unchecked.

/** A single index (drops the axis; negative counts from the end). */
export function I(index: number): SliceSpec {
  return { kind: 'I', index: toInt('I', 'index', index) };
}
/** A half-open range [start, stop) (null or omitted = open end; clamps like NumPy). */
export function R(start?: number | null, stop?: number | null): SliceSpec {
  return Rs(start, stop, null);
}
function optInt(op: string, what: string, v: unknown): number | null {
  return v === undefined || v === null ? null : toInt(op, what, v);
}
/** A stepped range (NumPy start:stop:step; negative steps walk backwards; a strided view). */
export function Rs(start?: number | null, stop?: number | null, step?: number | null): SliceSpec {
  const st = optInt('Rs', 'step', step);
  if (st === 0) throw new StrideViewError('invalid_argument', 'Rs: step is 0 (a step must be non-zero)');
  return { kind: 'R', start: optInt('Rs', 'start', start), stop: optInt('Rs', 'stop', stop), step: st };
}
/** A list of indices: gathers (and copies) along the axis. */
export function L(indices: readonly number[]): SliceSpec {
  return Object.freeze({ kind: 'L', indices: Object.freeze(toInts('L', 'indices', indices)) });
}
/** All of the axis. */
export const A: SliceSpec = Object.freeze({ kind: 'A' });
/** A new axis of size 1 (NumPy None). */
export const N: SliceSpec = Object.freeze({ kind: 'N' });
/** As many A as needed (NumPy ...). */
export const E: SliceSpec = Object.freeze({ kind: 'E' });

function parseIntTok(op: string, tok: string, src: string): number {
  if (!/^[+-]?\d+$/.test(tok)) {
    throw new StrideViewError('invalid_argument', `${op}: cannot parse ${JSON.stringify(tok)} in ${JSON.stringify(src)}`);
  }
  return toInt(op, 'index', Number(tok));
}

/** @internal Parses "1:3, ::-1, None, 2, [0,2], ...". */
export function parseSlice(op: string, src: string): SliceSpec[] {
  if (src.trim() === '') return [];
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of src) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  parts.push(cur);
  return parts.map((raw) => {
    const t = raw.trim();
    if (t === '...') return E;
    if (t === 'None' || t === 'newaxis' || t === 'np.newaxis') return N;
    if (t.startsWith('[') && t.endsWith(']')) {
      const inner = t.slice(1, -1).trim();
      return L(inner === '' ? [] : inner.split(',').map((x) => parseIntTok(op, x.trim(), src)));
    }
    if (t.includes(':')) {
      const p = t.split(':').map((x) => x.trim());
      if (p.length > 3) {
        throw new StrideViewError('invalid_argument', `${op}: cannot parse ${JSON.stringify(t)} in ${JSON.stringify(src)}`);
      }
      const v = p.map((x) => (x === '' ? null : parseIntTok(op, x, src)));
      return Rs(v[0], v[1], v[2] ?? null);
    }
    return I(parseIntTok(op, t, src));
  });
}

// A number of spec i (an integer; a bigint converts), checked again at use.
function specInt(op: string, i: number, what: string, v: unknown): number {
  return Number.isSafeInteger(v) ? (v as number) : toInt(op, `spec ${i} ${what}`, v);
}

// Parsed slice strings (arrays of frozen specs, never mutated), so that a loop slicing with the
// same string parses it once. Bounded: cleared when full.
const sliceCache = new Map<string, readonly SliceSpec[]>();

function parseSliceCached(op: string, src: string): readonly SliceSpec[] {
  let list = sliceCache.get(src);
  if (list === undefined) {
    list = Object.freeze(parseSlice(op, src));
    if (sliceCache.size >= 256) sliceCache.clear();
    sliceCache.set(src, list);
  }
  return list;
}

function toSpec(op: string, s: unknown, i: number): SliceSpec {
  if (Number.isSafeInteger(s)) return { kind: 'I', index: s as number };
  if (typeof s === 'number' || typeof s === 'bigint') return I(toInt(op, `index ${i}`, s));
  if (s === null || s === undefined) return A;
  if (Array.isArray(s)) return L(s as number[]);
  if (typeof s === 'object' && typeof (s as { kind?: unknown }).kind === 'string') {
    // Hand-built spec objects are validated as I / Rs / L validate theirs (errors name the op).
    const o = s as { kind: string; index?: unknown; start?: unknown; stop?: unknown; step?: unknown; indices?: unknown };
    const k = o.kind;
    if (k === 'A' || k === 'N' || k === 'E') return s as SliceSpec;
    if (k === 'I') return { kind: 'I', index: toInt(op, `index ${i}`, o.index) };
    if (k === 'R') {
      const st = optInt(op, `spec ${i} step`, o.step);
      if (st === 0) throw new StrideViewError('invalid_argument', `${op}: step is 0 in spec ${i} (a step must be non-zero)`);
      return { kind: 'R', start: optInt(op, `spec ${i} start`, o.start), stop: optInt(op, `spec ${i} stop`, o.stop), step: st };
    }
    if (k === 'L') return { kind: 'L', indices: toInts(op, `spec ${i} indices`, o.indices) };
  }
  throw new TypeError(`${op}: spec ${i} must be I(i), R(..), Rs(..), L([..]), A, N, E, an integer or null; got ${fmt(s)}`);
}

// ------------------------------------------------------------------------------------ helpers

/** @internal One axis, negative counting from the end; out_of_range otherwise. */
export function normAxis(op: string, axis: unknown, ndim: number): number {
  const a = toInt(op, 'axis', axis);
  const r = a < 0 ? a + ndim : a;
  if (r < 0 || r >= ndim) {
    throw new StrideViewError('out_of_range', `${op}: axis ${a} is out of bounds for array of dimension ${ndim}`);
  }
  return r;
}

/** Integer axes, negative ones counted from the end (no repetition check: C++ permute has it). */
function normAxisList(op: string, axes: unknown, ndim: number): number[] {
  const a = ints(op, 'axes', axes);
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    out[i] = x < 0 && x >= -ndim ? x + ndim : x >= 0 && x < ndim ? x : normAxis(op, x, ndim);
  }
  return out;
}

/** @internal */
export function normAxes(op: string, axes: unknown, ndim: number): number[] {
  const list = typeof axes === 'number' || typeof axes === 'bigint' ? [axes] : axes;
  if (!Array.isArray(list)) throw new TypeError(`${op}: axes must be an integer or an array of integers, got ${fmt(axes)}`);
  const out = list.map((a) => normAxis(op, a, ndim));
  const seen = new Set<number>();
  for (const a of out) {
    if (seen.has(a)) throw new StrideViewError('invalid_argument', `${op}: axis ${a} is repeated in ${fmt(list)}`);
    seen.add(a);
  }
  return out;
}

function checkShape(op: string, shape: unknown): number[] {
  const s = typeof shape === 'number' || typeof shape === 'bigint' ? [toInt(op, 'shape', shape)] : toInts(op, 'shape', shape);
  for (const d of s) {
    if (d < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (shape ${fmt(s)})`);
  }
  return s;
}

/** @internal */
export function putOperand(w: Wire, a: NDArray): void {
  w.put(a._s.ptr);
  w.put(a._s.length);
  w.put(info(a.dtype).code);
  putView(w, a._v);
}

/** @internal Kernel kinds of a KernelRun request (bindings/fast.cpp). */
export const enum Kind {
  Copy = 0,
  Binary = 1,
  Unary = 2,
  Where = 3,
  Reduce = 4,
  MathUnary = 5,
  MathBinary = 6,
  Clip = 7,
  ReduceMore = 8,
  Moments = 9,
  Arg = 10,
  Scan = 11,
  Sort = 12,
  Topk = 13,
  Matmul = 14,
}

let second: NDArray | null = null;
/** @internal The second result of the last Topk kernel call (its int64 indices), taken once. */
export function takeSecond(): NDArray {
  const s = second!;
  second = null;
  return s;
}

/** @internal A kernel input: an array in the kernel's dtype, or a scalar already stored as that dtype. */
export type KIn = NDArray | number;

/**
 * @internal One kernel call, one crossing into WASM (bindings/fast.cpp kernel_run): the inputs are
 * broadcast, bounds-checked and run there, and the result is written into `out` (returned; a
 * result dtype other than out's is cast into it) or into new storage of dtype `rdt` allocated there
 * (shape: the inputs' broadcast shape, or `shape`). Scalars are numbers stored as `sdt`, the
 * kernel's input dtype. Extras by kind: copy x0 = fill; reduce / reduce-more / moments x0 = axes
 * bits, x1 = keepdims, x2 = ddof (moments); arg x0 = axis, x1 = keepdims; scan / sort x0 = axis;
 * topk x0 = k, x1 = axis (its indices: takeSecond()).
 */
export function runKernel(
  kind: Kind,
  code: number,
  rdt: DType,
  out: NDArray | null,
  shape: readonly number[] | null,
  inputs: readonly KIn[],
  sdt: DType,
  x0: number = 0,
  x1: number = 0,
  x2: number = 0,
): NDArray {
  const w = wire.begin();
  w.put(kind);
  w.put(code);
  if (out !== null) {
    w.put(1);
    w.put(info(rdt).code);
    putOperand(w, out);
  } else {
    w.put(0);
    w.put(info(rdt).code);
    if (shape !== null) {
      w.put(1);
      w.putDims(shape);
    } else {
      w.put(0);
    }
  }
  w.put(inputs.length);
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i]!;
    if (typeof x === 'number') {
      w.put(1);
      w.put(info(sdt).code);
      w.put(x);
    } else {
      w.put(0);
      putOperand(w, x);
    }
  }
  if (kind === Kind.Copy || kind === Kind.Scan || kind === Kind.Sort) {
    w.put(x0);
  } else if (kind === Kind.Reduce || kind === Kind.ReduceMore || kind === Kind.Moments || kind === Kind.Arg || kind === Kind.Topk) {
    w.put(x0);
    w.put(x1);
    if (kind === Kind.Moments) w.put(x2);
  }
  if (kind === Kind.Copy) {
    try {
      w.call(Op.KernelRun);
    } catch (e) {
      // C++ names every copy "assign"; the caller names its own op (full, astype, contiguous...)
      if (e instanceof StrideViewError && e.message.startsWith('assign: ')) {
        throw new StrideViewError(e.code, e.message.slice(8));
      }
      throw e;
    }
  } else {
    w.call(Op.KernelRun);
  }
  if (out !== null) return out;
  const ptr = w.num();
  const r = NDArray._adopt(ptr, readView(w, null, null), rdt);
  if (kind === Kind.Topk) {
    const p2 = w.num();
    second = NDArray._adopt(p2, readView(w, null, null), 'int64');
  }
  return r;
}

/** @internal dst[...] = cast(src) broadcast to dst's shape; masked-out src elements get src's fill. */
export function kernelCopy(dst: NDArray, src: NDArray): void {
  try {
    runKernel(Kind.Copy, 0, dst.dtype, dst, null, [src], src.dtype, src._fill);
  } catch (e) {
    throw relabel('assign', e);
  }
}

// NumPy's casting='same_kind': safe casts, and casts within a kind (bool < unsigned/signed int < float).
const KIND_RANK = { b: 0, u: 1, i: 1, f: 2 } as const;

/** @internal True when NumPy allows casting `from` into `to` under casting='same_kind'. */
export function canCastSameKind(from: DType, to: DType): boolean {
  if (from === to) return true;
  const a = info(from);
  const b = info(to);
  if (KIND_RANK[a.kind] < KIND_RANK[b.kind]) return true;
  if (KIND_RANK[a.kind] > KIND_RANK[b.kind]) return false;
  if (a.kind === 'b' || b.kind === 'b') return a.kind === b.kind;
  return a.kind === b.kind || (a.kind === 'u' && b.kind === 'i');
}

/**
 * @internal Checks an `out` argument: an NDArray, not disposed, writable, and a cast from the
 * result dtype `rdt` into it allowed under casting='same_kind' (the shape is checked in WASM).
 */
export function checkOut(op: string, out: unknown, rdt: DType): NDArray {
  if (!(out instanceof NDArray)) throw new TypeError(`${op}: out must be an NDArray, got ${fmt(out)}`);
  out._check(`${op}: out`);
  if (out._ro) {
    throw new StrideViewError(
      'read_only',
      `${op}: out is read-only (${out.mask ? 'a padded view' : 'a broadcast view'} of shape ${fmt(out.shape)} with strides ${fmt(out.strides)}); pass a writable array`,
    );
  }
  if (!canCastSameKind(rdt, out.dtype)) {
    throw new StrideViewError(
      'type_error',
      `${op}: cannot cast the result from ${rdt} to out's dtype ${out.dtype} with casting='same_kind'`,
    );
  }
  return out;
}

/** @internal The `out` option of an op's options object (undefined when absent). */
export function outOption(op: string, options: unknown): unknown {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  return (options as { out?: unknown }).out;
}

// ------------------------------------------------------------------------------------ tidy

/**
 * Runs `fn` and then disposes every NDArray created while it ran (results of ops, temporaries,
 * unnamed bases of chained calls such as `arange(n).reshape(s)`, and views), except the arrays
 * `fn` returns (also inside returned arrays and plain objects, with the bases they read) and those
 * passed to {@link keep}. Scopes nest: what an inner tidy returns belongs to the outer one. If `fn`
 * throws, everything it created is disposed and the error propagates. `fn` must be synchronous: a
 * function returning a promise is refused with a StrideViewError (arrays created after an `await`
 * could not be tracked).
 */
export function tidy<T>(fn: () => T): T {
  if (typeof fn !== 'function') throw new TypeError(`tidy: fn must be a function, got ${fmt(fn)}`);
  if ((fn as { constructor?: { name?: string } }).constructor?.name === 'AsyncFunction') {
    throw new StrideViewError('invalid_argument', 'tidy: fn is an async function; tidy() tracks synchronous code only (await the work outside tidy, or dispose() by hand)');
  }
  const outer = scope;
  const mine: NDArray[] = [];
  scope = mine;
  let result: T;
  try {
    result = fn();
  } catch (e) {
    scope = outer;
    for (let i = 0; i < mine.length; i++) mine[i]!.dispose();
    throw e;
  }
  scope = outer;
  if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') {
    for (let i = 0; i < mine.length; i++) mine[i]!.dispose();
    throw new StrideViewError('invalid_argument', 'tidy: fn returned a promise; tidy() tracks synchronous code only (arrays created after an await could not be tracked)');
  }
  const survivors = new Set<NDArray>();
  collect(result, survivors, 0);
  for (let i = 0; i < mine.length; i++) {
    const a = mine[i]!;
    if (survivors.has(a) || kept.has(a)) {
      if (a._disposed) continue;
      if (outer !== null && !kept.has(a)) outer.push(a);
      else a._guard();
    } else {
      a.dispose();
    }
  }
  return result;
}

// The arrays reachable from a tidy result (arrays, plain objects, Maps and Sets), with their bases.
function collect(x: unknown, into: Set<NDArray>, depth: number): void {
  if (x === null || typeof x !== 'object' || depth > 64) return;
  if (x instanceof NDArray) {
    into.add(x);
    if (x._owner !== null) into.add(x._owner);
    return;
  }
  if (Array.isArray(x)) {
    for (const y of x) collect(y, into, depth + 1);
  } else if (x instanceof Map) {
    for (const [k, v] of x) {
      collect(k, into, depth + 1);
      collect(v, into, depth + 1);
    }
  } else if (x instanceof Set) {
    for (const y of x) collect(y, into, depth + 1);
  } else if (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null) {
    for (const k of Object.keys(x)) collect((x as Record<string, unknown>)[k], into, depth + 1);
  }
}

/**
 * Exempts an array (and, for a view, the base it reads) from disposal by every enclosing
 * {@link tidy} scope; returns it. It is then yours to dispose (the FinalizationRegistry remains the
 * safety net).
 */
export function keep<T extends NDArray>(a: T): T {
  if (!(a instanceof NDArray)) throw new TypeError(`keep: expected an NDArray, got ${fmt(a)}`);
  a._check('keep');
  kept.add(a);
  if (a._owner !== null) kept.add(a._owner);
  return a;
}

// ------------------------------------------------------------------------------------ NDArray

/** Options of {@link NDArray.reshape}. */
export interface ReshapeOptions {
  /** false: fail instead of copying when no view fits; true: always copy. Default: copy only if needed. */
  copy?: boolean;
}

/** An n-dimensional array: an element buffer in WASM memory read through a View. */
export class NDArray {
  /** @internal */ _s: Storage;
  /** @internal */ _v: View;
  /** Element type. */
  readonly dtype: DType;
  /** @internal */ readonly _owner: NDArray | null;
  /** @internal */ readonly _ro: boolean;
  /** @internal */ readonly _fill: number;
  /** @internal */ _disposed = false;
  /** @internal registered with the FinalizationRegistry (owners created outside tidy) */
  _fin = false;

  private constructor(s: Storage, v: View, dtype: DType, owner: NDArray | null, ro: boolean, fill: number) {
    this._s = s;
    this._v = v;
    this.dtype = dtype;
    this._owner = owner;
    this._ro = ro;
    this._fill = fill;
    if (scope !== null) scope.push(this);
    else if (owner === null) guardLater(this);
  }

  /** @internal The FinalizationRegistry as the safety net of an owner that no scope will dispose. */
  _guard(): void {
    if (finalizer !== null && !this._fin && this._owner === null && !this._disposed) {
      finalizer.register(this, this._s, this._s);
      this._fin = true;
    }
  }

  /** @internal A fresh owning array (uninitialised). */
  static _empty(op: string, shape: readonly number[], dtype: DType): NDArray {
    const v = View.create(shape);
    const n = v.numel as number;
    const s = allocStorage(op, n, dtype);
    return new NDArray(s, v, dtype, null, false, 0);
  }

  /** @internal Takes ownership of storage the kernel call allocated (bindings/fast.cpp). */
  static _adopt(ptr: number, v: View, dtype: DType): NDArray {
    const n = v.numel as number;
    const bytes = n * info(dtype).size;
    liveArrays++;
    liveBytes += bytes;
    return new NDArray({ ptr, bytes, length: n, live: true }, v, dtype, null, false, 0);
  }

  /** @internal Throws when disposed. */
  _check(op: string): void {
    if (this._disposed || !this._s.live) {
      throw new StrideViewError(
        'disposed',
        `${op}: the array was disposed${this._disposed ? '' : ' (its base array was disposed)'}`,
      );
    }
  }

  /** @internal A view of the same buffer. */
  _derive(v: View, ro: boolean = this._ro, fill: number = this._fill): NDArray {
    return new NDArray(this._s, v, this.dtype, this._owner ?? this, ro, fill);
  }

  /** @internal A C-ordered copy (masked-out elements get the fill value), optionally cast. */
  _materialize(op: string, dtype: DType = this.dtype): NDArray {
    try {
      return runKernel(Kind.Copy, 0, dtype, null, null, [this], this.dtype, this._fill);
    } catch (e) {
      throw relabel(op, e);
    }
  }

  /** @internal Replaces the view of a freshly created owner (e.g. keepdims=false). */
  _setView(v: View): this {
    this._v = v;
    return this;
  }

  // ---------------------------------------------------------------- properties

  get shape(): number[] {
    return this._v._shape.slice() as number[];
  }
  /** Strides in elements. */
  get strides(): number[] {
    return this._v._strides.slice() as number[];
  }
  /** Offset of element [0,...,0] in elements from the start of the buffer. */
  get offset(): number {
    return this._v.offset;
  }
  get ndim(): number {
    return this._v._shape.length;
  }
  /** Number of elements. */
  get size(): number {
    return this._v.numel as number;
  }
  /** Bytes of one element. */
  get itemsize(): number {
    return info(this.dtype).size;
  }
  /** The View (shape, strides, offset, mask) over the buffer. */
  get view(): View {
    return this._v;
  }
  /** Valid region of a padded view, or null. */
  get mask(): View['mask'] {
    return this._v.mask;
  }
  get isCContiguous(): boolean {
    return this._v.isCContiguous;
  }
  /** The array owning the buffer when this is a view, else null. */
  get base(): NDArray | null {
    return this._owner;
  }
  /** Broadcast (stride-0) and padded views cannot be written. */
  get isReadOnly(): boolean {
    return this._ro;
  }
  /** The value masked-out (padded) elements read as. */
  get fillValue(): number {
    return this._fill;
  }
  get isDisposed(): boolean {
    return this._disposed || !this._s.live;
  }

  // ---------------------------------------------------------------- memory

  /**
   * Frees the buffer when this array owns it (its views become unusable); on a view, only this
   * handle becomes unusable. Idempotent.
   */
  dispose(): void {
    if (this._disposed) return;
    this._disposed = true;
    if (this._owner === null) {
      if (this._fin) finalizer!.unregister(this._s);
      releaseStorage(this._s);
    }
  }
  [Symbol.dispose](): void {
    this.dispose();
  }

  // ---------------------------------------------------------------- movement (views)

  /** Same elements in a new shape (-1 infers one dim): a view when one exists, else a copy. */
  reshape(shape: readonly number[] | number, options: ReshapeOptions = {}): NDArray {
    const op = 'reshape';
    this._check(op);
    const s = typeof shape === 'number' ? [toInt(op, 'shape', shape)] : ints(op, 'shape', shape);
    if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
    const copy = options.copy;
    if (copy !== undefined && typeof copy !== 'boolean') throw new TypeError(`${op}: copy must be a boolean, got ${fmt(copy)}`);
    if (copy === true) {
      const c = this._materialize(op);
      try {
        return c._setView(c._v.reshape(s));
      } catch (e) {
        c.dispose();
        throw e;
      }
    }
    try {
      return this._derive(this._v._reshape(s));
    } catch (e) {
      if (!(e instanceof StrideViewError) || e.code !== 'not_expressible' || copy === false) throw e;
    }
    const c = this._materialize(op);
    try {
      return c._setView(c._v.reshape(s));
    } catch (e) {
      c.dispose();
      throw e;
    }
  }

  /** Permutes the axes (reverses them by default). */
  transpose(axes?: readonly number[]): NDArray {
    this._check('transpose');
    const n = this._v._shape.length;
    if (axes !== undefined) return this._derive(this._v._permute(normAxisList('transpose', axes, n)));
    const a = new Array<number>(n);
    for (let i = 0; i < n; i++) a[i] = n - 1 - i;
    return this._derive(this._v._permute(a));
  }
  /** Reorders the axes: result axis i is input axis axes[i]. */
  permute(axes: readonly number[]): NDArray {
    this._check('permute');
    return this._derive(this._v._permute(normAxisList('permute', axes, this._v._shape.length)));
  }
  /** Reverses the given axes (all by default): a strided view with negative strides. */
  flip(axes?: number | readonly number[]): NDArray {
    this._check('flip');
    const n = this.ndim;
    const flags = new Array<number>(n).fill(axes === undefined ? 1 : 0);
    if (axes !== undefined) {
      if (typeof axes === 'number' && Number.isSafeInteger(axes) && axes >= -n && axes < n) flags[axes < 0 ? axes + n : axes] = 1;
      else for (const a of normAxes('flip', axes, n)) flags[a] = 1;
    }
    return this._derive(this._v._flip(flags));
  }
  /** Removes size-1 dims (all, or the given ones, which must have size 1). */
  squeeze(axes?: number | readonly number[]): NDArray {
    this._check('squeeze');
    const sh = this._v._shape as number[];
    let drop: number[];
    if (axes === undefined) {
      const kept: number[] = [];
      for (let i = 0; i < sh.length; i++) if (sh[i] !== 1) kept.push(sh[i]!);
      return this._derive(this._v._reshape(kept));
    } else {
      drop = normAxes('squeeze', axes, sh.length);
      for (const a of drop) {
        if (sh[a] !== 1) {
          throw new StrideViewError(
            'invalid_argument',
            `squeeze: cannot select an axis to squeeze out which has size not equal to one (axis ${a} has size ${sh[a]})`,
          );
        }
      }
    }
    return this._derive(this._v._reshape(sh.filter((_, i) => !drop.includes(i))));
  }
  /** Inserts size-1 dims at the given positions of the result. */
  unsqueeze(axes: number | readonly number[]): NDArray {
    this._check('unsqueeze');
    const sh = this._v._shape as number[];
    const n = sh.length;
    if (typeof axes === 'number' && Number.isSafeInteger(axes) && axes >= -n - 1 && axes <= n) {
      const at = axes < 0 ? axes + n + 1 : axes;
      const out = new Array<number>(n + 1);
      for (let i = 0, j = 0; i <= n; i++) out[i] = i === at ? 1 : sh[j++]!;
      return this._derive(this._v._reshape(out));
    }
    const k = typeof axes === 'number' || typeof axes === 'bigint' ? 1 : Array.isArray(axes) ? axes.length : 0;
    const pos = normAxes('unsqueeze', axes, n + k);
    const out: number[] = [];
    let j = 0;
    for (let i = 0; i < n + pos.length; i++) out.push(pos.includes(i) ? 1 : sh[j++]!);
    return this._derive(this._v._reshape(out));
  }
  /** Merges dims startDim..endDim (inclusive) into one (a view when possible). */
  flatten(options: { startDim?: number; endDim?: number } = {}): NDArray {
    this._check('flatten');
    if (options === null || typeof options !== 'object') throw new TypeError(`flatten: options must be an object, got ${fmt(options)}`);
    const sh = this.shape;
    if (sh.length === 0) return this.reshape([1]);
    const s = normAxis('flatten', options.startDim ?? 0, sh.length);
    const e = normAxis('flatten', options.endDim ?? -1, sh.length);
    if (s > e) throw new StrideViewError('invalid_argument', `flatten: startDim ${s} is after endDim ${e}`);
    const merged = sh.slice(s, e + 1).reduce((p, d) => p * d, 1);
    return this.reshape([...sh.slice(0, s), merged, ...sh.slice(e + 1)]);
  }
  /** Splits dim `dim` into `sizes` (one -1 allowed). */
  unflatten(dim: number, sizes: readonly number[]): NDArray {
    this._check('unflatten');
    const sh = this.shape;
    const d = normAxis('unflatten', dim, sh.length);
    const sz = toInts('unflatten', 'sizes', sizes);
    if (sz.some((x) => x < -1) || sz.filter((x) => x === -1).length > 1) {
      throw new StrideViewError('invalid_argument', `unflatten: sizes ${fmt(sz)} may hold non-negative sizes and at most one -1`);
    }
    const inner = sz.filter((x) => x !== -1).reduce((p, x) => p * x, 1);
    const resolved = sz.map((x) => (x === -1 ? (inner === 0 ? 0 : Math.floor(sh[d]! / inner)) : x));
    if (resolved.reduce((p, x) => p * x, 1) !== sh[d]) {
      throw new StrideViewError('shape_mismatch', `unflatten: sizes ${fmt(sz)} do not multiply to the size ${sh[d]} of dim ${d}`);
    }
    return this.reshape([...sh.slice(0, d), ...resolved, ...sh.slice(d + 1)]);
  }
  /** Moves axes to new positions (NumPy moveaxis). */
  moveaxis(source: number | readonly number[], destination: number | readonly number[]): NDArray {
    this._check('moveaxis');
    const n = this.ndim;
    const src = normAxes('moveaxis', source, n);
    const dst = normAxes('moveaxis', destination, n);
    if (src.length !== dst.length) {
      throw new StrideViewError('invalid_argument', `moveaxis: source ${fmt(source)} and destination ${fmt(destination)} must have the same number of elements`);
    }
    const order = Array.from({ length: n }, (_, i) => i).filter((i) => !src.includes(i));
    const pairs = dst.map((d, i) => [d, src[i]!] as const).sort((x, y) => x[0] - y[0]);
    for (const [d, s] of pairs) order.splice(d, 0, s);
    return this._derive(this._v.permute(order));
  }
  /** Swaps two axes. */
  swapaxes(axis1: number, axis2: number): NDArray {
    this._check('swapaxes');
    const n = this.ndim;
    const a = normAxis('swapaxes', axis1, n);
    const b = normAxis('swapaxes', axis2, n);
    const order = Array.from({ length: n }, (_, i) => i);
    order[a] = b;
    order[b] = a;
    return this._derive(this._v.permute(order));
  }
  /** Broadcasts to shape (-1 keeps a dim): a read-only stride-0 view. */
  expand(shape: readonly number[]): NDArray {
    this._check('expand');
    const s = ints('expand', 'shape', shape);
    const sh = this._v._shape as number[];
    const lead = s.length - sh.length;
    const target = s.map((d, i) => {
      if (d !== -1) return d;
      if (i < lead) throw new StrideViewError('invalid_argument', `expand: -1 is not allowed for the new leading dim ${i} of ${fmt(s)}`);
      return sh[i - lead]!;
    });
    return this._derive(this._v._broadcastTo(target), true);
  }
  /** NumPy broadcast_to: a read-only stride-0 view. */
  broadcastTo(shape: readonly number[]): NDArray {
    this._check('broadcastTo');
    return this._derive(this._v._broadcastTo(ints('broadcastTo', 'shape', shape)), true);
  }
  /** Keeps [start, end) per dim (View.shrink). */
  shrink(bounds: readonly (readonly [number, number])[]): NDArray {
    this._check('shrink');
    return this._derive(this._v._shrink(pairs('shrink', 'bounds', bounds)));
  }
  /** A virtual padded view: masked-out elements read as `value` (read-only). */
  padView(padding: readonly (readonly [number, number])[], value: number = 0): NDArray {
    this._check('padView');
    if (typeof value !== 'number') throw new TypeError(`padView: value must be a number, got ${fmt(value)}`);
    const fill = Number(toStored('padView', this.dtype, value)); // what this dtype stores for value
    if (this._v._hasMask && !Object.is(fill, this._fill)) {
      throw new StrideViewError(
        'not_expressible',
        `padView: this view is already padded with ${this._fill}; padding it with ${fmt(value)} needs a copy (call copy() or pad() first)`,
      );
    }
    return this._derive(this._v._pad(pairs('padView', 'padding', padding)), true, fill);
  }
  /** A new array padded with `value` ((before, after) per dim); `{ out }` writes it into out. */
  pad(padding: readonly (readonly [number, number])[], value: number = 0, options?: { out?: NDArray }): NDArray {
    this._check('pad');
    if (typeof value !== 'number') throw new TypeError(`pad: value must be a number, got ${fmt(value)}`);
    const out = outOption('pad', options);
    if (this._v._hasMask && !Object.is(Number(toStored('pad', this.dtype, value)), this._fill)) {
      const c = this._materialize('pad'); // keep the inner padding's own fill, as np.pad twice
      try {
        return c.pad(padding, value, options);
      } finally {
        c.dispose();
      }
    }
    const v = this.padView(padding, value);
    try {
      return out === undefined ? v._materialize('pad') : v._into('pad', this.dtype, out);
    } finally {
      v.dispose();
    }
  }

  // ---------------------------------------------------------------- indexing

  /**
   * NumPy basic slicing: I(i) R(start, stop) Rs(start, stop, step) A N E, or integers / null, or a
   * single string such as '1:3, ::-1, None, 2'. Ranges and steps give strided views; L([..])
   * gathers a copy (outer indexing per axis, as in Nx).
   */
  slice(...specs: (SliceSpec | number | null | string | readonly number[] | NDArray)[]): NDArray {
    const op = 'slice';
    this._check(op);
    if (specs.length > 0 && specs[0] instanceof NDArray) {
      if (specs.length !== 1) {
        throw new StrideViewError('invalid_argument', `${op}: a boolean mask must be the only index (got ${specs.length} indices)`);
      }
      return this._maskSelect(op, specs[0]);
    }
    let list: readonly SliceSpec[];
    if (specs.length === 1 && typeof specs[0] === 'string') {
      list = parseSliceCached(op, specs[0]);
    } else {
      const l = new Array<SliceSpec>(specs.length);
      for (let i = 0; i < specs.length; i++) l[i] = toSpec(op, specs[i], i);
      list = l;
    }
    wire.begin();
    putView(wire, this._v);
    wire.put(list.length);
    let lists: (readonly number[])[] | null = null;
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      switch (s.kind) {
        case 'I':
          wire.put(0);
          wire.put(specInt(op, i, 'index', s.index));
          break;
        case 'R':
          wire.put(1);
          wire.put(s.start === null ? NaN : specInt(op, i, 'start', s.start));
          wire.put(s.stop === null ? NaN : specInt(op, i, 'stop', s.stop));
          wire.put(s.step === null ? NaN : specInt(op, i, 'step', s.step));
          break;
        case 'A':
          wire.put(3);
          break;
        case 'N':
          wire.put(4);
          break;
        case 'L':
          wire.put(5);
          (lists ??= []).push(s.indices);
          break;
        case 'E':
          wire.put(6);
          break;
      }
    }
    wire.call(Op.ViewSlice);
    return this._sliceResult(lists);
  }
  /**
   * @internal NumPy's a[mask] for a bool mask of a's leading shape: a new array of shape
   * [count, ...a.shape[mask.ndim:]], the selected elements in C order.
   */
  _maskSelect(op: string, m: NDArray): NDArray {
    m._check(op);
    if (m.dtype !== 'bool') {
      throw new TypeError(`${op}: an array index must be a bool mask, got dtype ${m.dtype}; use take() for integer indices`);
    }
    const k = m.ndim;
    const sh = this.shape;
    if (k > sh.length) {
      throw new StrideViewError('rank_mismatch', `${op}: too many indices: the mask has ${k} dimensions but the array has ${sh.length}`);
    }
    const ms = m.shape;
    for (let i = 0; i < k; i++) {
      if (ms[i] !== sh[i]) {
        throw new StrideViewError(
          'shape_mismatch',
          `${op}: boolean index did not match indexed array along dimension ${i}; dimension is ${sh[i]} but corresponding boolean dimension is ${ms[i]}`,
        );
      }
    }
    // One gather by the mask in WASM (it counts and allocates): no index list crosses over. The
    // kernels read padding as 0: a mask padded with true is materialized first.
    const mm = m._v._hasMask && m._fill !== 0 ? m._materialize(op) : m;
    const lead = ms.reduce((p, d) => p * d, 1);
    const rest = sh.slice(k);
    let src: NDArray | null = null;
    let flat: NDArray | null = null;
    try {
      src = k === 1 ? this : this.reshape([lead, ...rest]);
      flat = k === 1 ? mm : mm.reshape([lead]);
      return gatherMask(src, flat);
    } finally {
      if (src !== null && src !== this) src.dispose();
      if (flat !== null && flat !== mm) flat.dispose();
      if (mm !== m) mm.dispose();
    }
  }
  /** @internal a[i0, i1, ...] for integer indices: one ViewSlice request (errors name slice). */
  _index(op: string, idx: readonly number[]): NDArray {
    this._check(op);
    wire.begin();
    putView(wire, this._v);
    wire.put(idx.length);
    for (let i = 0; i < idx.length; i++) {
      wire.put(0);
      wire.put(idx[i]!);
    }
    wire.call(Op.ViewSlice);
    return this._sliceResult(null);
  }
  /** @internal Reads a ViewSlice response: the view, a padding element, or the gathered lists. */
  _sliceResult(lists: (readonly number[])[] | null): NDArray {
    const invalid = wire.bool();
    const nl = wire.num();
    const axes: number[] = [];
    for (let i = 0; i < nl; i++) axes.push(wire.num());
    const v = readView(wire, null, null);
    if (invalid) {
      // A padding element: a read-only 0-d array of the fill value (writes through it are errors).
      const t = full([], this._fill, this.dtype);
      (t as { _ro: boolean })._ro = true;
      paddingElements.add(t);
      return t;
    }
    let out = this._derive(v);
    if (lists === null) return out;
    for (let k = 0; k < lists.length; k++) {
      const g = gather(out, axes[k]!, lists[k]!, 'slice');
      if (out._owner === null) out.dispose();
      out = g;
    }
    return out;
  }
  /**
   * Indexes from the outermost dim inward: a view (NumPy `a[i]`, `a[i, j]`). Fewer indices than
   * dims give the sub-array, all of them a 0-d view of one element.
   *
   * Indices (the same rule in get, item and set): separate integers, `a.get(1, 2)` (as in scijs
   * `ndarray.get(i, j)` and NumPy `a.item(i, j)`), or one array, `a.get([1, 2])`. No argument is
   * ignored: an index array followed by more arguments throws a StrideViewError
   * (`invalid_argument`), more indices than dims a `rank_mismatch` / `out_of_range` error.
   */
  get(indices: number | readonly number[]): NDArray;
  get(...indices: number[]): NDArray;
  get(...args: (number | readonly number[])[]): NDArray {
    const op = 'get';
    const idx = indexArgs(op, 'indices', args);
    try {
      return this._index('slice', idx);
    } catch (e) {
      throw relabel(op, e); // "get: slice: ..."
    }
  }
  /**
   * One element as a JS value (bigint for int64/uint64, boolean for bool): `a.item(i, j)` or
   * `a.item([i, j])` with one index per dim (the rule of {@link NDArray.get}), or `a.item()` for an
   * array of size 1.
   */
  item(indices?: number | readonly number[]): Scalar;
  item(...indices: number[]): Scalar;
  item(...args: (number | readonly number[] | undefined)[]): Scalar {
    const op = 'item';
    this._check(op);
    let idx: number[];
    if (args.length === 0 || (args.length === 1 && args[0] === undefined)) {
      if (this.size !== 1) {
        throw new StrideViewError('invalid_argument', `item: can only convert an array of size 1 to a scalar (this one has shape ${fmt(this.shape)})`);
      }
      idx = new Array<number>(this.ndim).fill(0);
    } else {
      idx = indexArgs(op, 'indices', args);
      if (idx.length !== this.ndim) {
        throw new StrideViewError('rank_mismatch', `item: ${idx.length} indices for an array of dimension ${this.ndim}`);
      }
    }
    wire.begin();
    putView(wire, this._v);
    wire.put(idx.length);
    for (const i of idx) {
      wire.put(0);
      wire.put(i);
    }
    wire.call(Op.ViewSlice);
    const invalid = wire.bool();
    wire.num(); // no list axes
    const v = readView(wire, null, null);
    if (invalid) return fromStored(this.dtype, toStored(op, this.dtype, this._fill));
    const off = v.offset;
    if (off < 0 || off >= this._s.length) {
      throw new StrideViewError('out_of_bounds', `item: element at linear index ${off} is outside the buffer of ${this._s.length} elements`);
    }
    return fromStored(this.dtype, heapArray(this._s, this.dtype)[off]!);
  }
  /**
   * Writes value (scalar or array, broadcast) at the indexed sub-array; returns this. The value is
   * the last argument, the indices come before it by the rule of {@link NDArray.get}:
   * `a.set(i, j, value)` (scijs `ndarray.set(i, j, v)`) or `a.set([i, j], value)`.
   */
  set(indices: number | readonly number[], value: Scalar | NDArray | NestedArray): this;
  set(...indicesThenValue: [...number[], Scalar | NDArray | NestedArray]): this;
  set(...args: unknown[]): this {
    this._check('set');
    if (args.length < 2) {
      throw new TypeError(
        `set: expected indices and then a value, a.set(i, j, value) or a.set([i, j], value); got ${args.length} argument${args.length === 1 ? '' : 's'}` +
          (args.length === 1 ? ` (${fmt(args[0])})` : ''),
      );
    }
    const value = args[args.length - 1] as Scalar | NDArray | NestedArray;
    const indices = args.slice(0, -1) as number[];
    let v: NDArray | null = null;
    try {
      v = this.get(...indices);
      v.assign(value);
    } catch (e) {
      throw relabel('set', e);
    } finally {
      v?.dispose(); // a view handle (or the temporary of a padding element)
    }
    return this;
  }
  /** Writes src (broadcast to this shape, cast to this dtype) into this view; returns this. */
  assign(src: Scalar | NDArray | NestedArray | AnyTypedArray): this {
    const op = 'assign';
    this._check(op);
    if (this._ro) {
      throw new StrideViewError(
        'read_only',
        paddingElements.has(this)
          ? 'assign: the element is in the padding of a padded view (read-only; it reads the fill value)'
          : `assign: the array is read-only (${this._v.mask ? 'a padded view' : 'a broadcast view'} of shape ${fmt(this.shape)} ` +
            `with strides ${fmt(this.strides)}); call copy() first`,
      );
    }
    if (src instanceof NDArray) {
      src._check(op);
      kernelCopy(this, src);
      return this;
    }
    if (typeof src === 'number' || typeof src === 'boolean' || typeof src === 'bigint') {
      const v = storedNumber(op, this.dtype, src);
      if (v !== null) {
        runKernel(Kind.Copy, 0, this.dtype, this, null, [v], this.dtype);
        return this;
      }
    }
    const t = asArray(op, src, this.dtype);
    try {
      kernelCopy(this, t);
    } finally {
      t.dispose();
    }
    return this;
  }
  /** Sets every element; returns this. */
  fill(value: Scalar): this {
    try {
      return this.assign(value);
    } catch (e) {
      throw relabel('fill', e);
    }
  }

  // ---------------------------------------------------------------- copies

  /**
   * This array when already C-contiguous (a view sharing the buffer), else a C-ordered copy. With
   * `{ out }` the elements are copied into out (see {@link add} for what out may be).
   */
  contiguous(options?: { out?: NDArray }): NDArray {
    this._check('contiguous');
    const out = outOption('contiguous', options);
    if (out !== undefined) return this._into('contiguous', this.dtype, out);
    if (this._v.isCContiguous) return this._derive(this._v);
    return this._materialize('contiguous');
  }
  /** A C-ordered copy that owns its buffer (or, with `{ out }`, the elements copied into out). */
  copy(options?: { out?: NDArray }): NDArray {
    this._check('copy');
    const out = outOption('copy', options);
    if (out !== undefined) return this._into('copy', this.dtype, out);
    return this._materialize('copy');
  }
  /**
   * A copy converted to dtype. With `{ out }`: converted to dtype, then cast into out
   * (casting='same_kind' from dtype to out's dtype).
   */
  astype(dtype: DType, options?: { out?: NDArray }): NDArray {
    this._check('astype');
    const d = checkDType('astype', dtype);
    const out = outOption('astype', options);
    if (out !== undefined) return this._into('astype', d, out);
    return this._materialize('astype', d);
  }
  /** @internal The elements converted to dtype, then written into out (checked first). */
  _into(op: string, dtype: DType, out: unknown): NDArray {
    try {
      const o = checkOut(op, out, dtype);
      if (o.ndim !== this.ndim || o.shape.some((d, i) => d !== this._v._shape[i])) {
        throw new StrideViewError('shape_mismatch', `${op}: out has shape ${fmt(o.shape)} but the result has shape ${fmt(this.shape)}`);
      }
      return runKernel(Kind.Copy, 0, dtype, o, null, [this], this.dtype, this._fill);
    } catch (e) {
      throw relabel(op, e);
    }
  }
  /** A copy of the elements in C order (Uint8Array for bool, BigInt64Array for int64...). */
  toTypedArray(): AnyTypedArray {
    const op = 'toTypedArray';
    this._check(op);
    const n = this.size;
    if (this._v.isCContiguous && n <= this._s.length) {
      const I = info(this.dtype);
      return new I.ctor(heapBuffer(), this._s.ptr, n).slice();
    }
    const c = this._materialize(op);
    try {
      return c.toTypedArray();
    } finally {
      c.dispose();
    }
  }
  /** Nested JS arrays (a scalar for a 0-d array). */
  /**
   * Describes this array for scijs `ndarray` / `@stdlib/ndarray`: `{ data, shape, stride, offset,
   * dtype }` (a C-ordered copy by default; see {@link toNdarrayLike} for `{ copy: false }`).
   */
  toNdarrayLike(options?: ToNdarrayLikeOptions): NdarrayLike {
    return toNdarrayLike(this, options);
  }
  toArray(): NestedArray {
    let flat: ReturnType<NDArray['toTypedArray']>;
    try {
      flat = this.toTypedArray();
    } catch (e) {
      throw relabel('toArray', e);
    }
    const sh = this.shape;
    const d = this.dtype;
    let k = 0;
    const build = (axis: number): NestedArray => {
      if (axis === sh.length) return fromStored(d, flat[k++]!);
      const out: NestedArray[] = new Array(sh[axis]!);
      for (let i = 0; i < sh[axis]!; i++) out[i] = build(axis + 1);
      return out;
    };
    return build(0);
  }
  toString(): string {
    if (this.isDisposed) return `NDArray(disposed)`;
    const body = this.size <= 1000 ? JSON.stringify(this.toArray(), (_, v) => (typeof v === 'bigint' ? `${v}n` : v)) : '...';
    return `NDArray(${body}, dtype=${this.dtype}, shape=${fmt(this.shape)})`;
  }
}

// ------------------------------------------------------------------------------------ gather

/** @internal Outer gather along one axis (a new array). */
export function gather(a: NDArray, axis: number, indices: readonly number[], op: string = 'take'): NDArray {
  const sh = a.shape;
  const n = sh[axis]!;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    if (i < -n || i >= n) {
      throw new StrideViewError('out_of_range', `${op}: index ${i} is out of bounds for axis ${axis} with size ${n}`);
    }
  }
  sh[axis] = indices.length;
  const out = NDArray._empty('take', sh, a.dtype);
  try {
    wire.begin();
    wire.put(0);
    putOperand(wire, out);
    putOperand(wire, a);
    wire.put(a._fill);
    wire.put(axis);
    wire.putDims(indices as number[]);
    wire.call(Op.KernelGather);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

/** @internal Gather along axis 0 where the bool `mask` (1-D, a's first dim) is true: one call, the result allocated in WASM. */
export function gatherMask(a: NDArray, mask: NDArray): NDArray {
  const w = wire.begin();
  w.put(1);
  putOperand(w, a);
  w.put(a._fill);
  w.put(0);
  w.put(-1);
  putOperand(w, mask);
  w.call(Op.KernelGather);
  const ptr = w.num();
  return NDArray._adopt(ptr, readView(w, null, null), a.dtype);
}

// ------------------------------------------------------------------------------------ creation

function writeFlat(a: NDArray, values: ArrayLike<unknown>, op: string): void {
  const d = a.dtype;
  const t = heapArray(a._s, d);
  if (isBig(d)) {
    const b = t as BigInt64Array | BigUint64Array;
    for (let i = 0; i < values.length; i++) b[i] = toStored(op, d, values[i]) as bigint;
  } else {
    const n = t as Exclude<AnyTypedArray, BigInt64Array | BigUint64Array>;
    for (let i = 0; i < values.length; i++) n[i] = toStored(op, d, values[i]) as number;
  }
}

function inferShape(op: string, data: unknown): { shape: number[]; flat: unknown[] } {
  const shape: number[] = [];
  let probe: unknown = data;
  while (Array.isArray(probe)) {
    shape.push(probe.length);
    if (probe.length === 0) break;
    probe = probe[0];
  }
  const flat: unknown[] = [];
  const walk = (x: unknown, depth: number, path: string): void => {
    if (depth === shape.length) {
      if (Array.isArray(x)) {
        throw new StrideViewError('shape_mismatch', `${op}: ragged nested sequence at ${path || 'top level'}: expected a scalar, got an array of length ${x.length}`);
      }
      if (typeof x !== 'number' && typeof x !== 'bigint' && typeof x !== 'boolean') {
        throw new TypeError(`${op}: elements must be numbers, bigints or booleans; got ${fmt(x)} at ${path || 'top level'}`);
      }
      flat.push(x);
      return;
    }
    if (!Array.isArray(x) || x.length !== shape[depth]) {
      throw new StrideViewError(
        'shape_mismatch',
        `${op}: ragged nested sequence at ${path || 'top level'}: expected length ${shape[depth]}, got ${Array.isArray(x) ? `length ${x.length}` : fmt(x)}`,
      );
    }
    for (let i = 0; i < x.length; i++) walk(x[i], depth + 1, `${path}[${i}]`);
  };
  walk(data, 0, '');
  return { shape, flat };
}

/** Options of {@link array}. */
export interface ArrayOptions {
  dtype?: DType;
  shape?: readonly number[];
}

function arrayImpl(data: NestedArray | AnyTypedArray | NDArray, options: ArrayOptions = {}): NDArray {
  const op = 'array';
  if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  const dtype = options.dtype === undefined ? undefined : checkDType(op, options.dtype);
  const shapeOpt = options.shape === undefined ? undefined : checkShape(op, options.shape);
  if (data instanceof NDArray) {
    data._check(op);
    const c = data._materialize(op, dtype ?? data.dtype);
    if (!shapeOpt) return c;
    try {
      return c._setView(c._v.reshape(shapeOpt));
    } catch (e) {
      c.dispose();
      throw e;
    }
  }
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
    const src = data as AnyTypedArray;
    const dt = dtypeOfTypedArray(src);
    if (!dt) throw new TypeError(`${op}: unsupported typed array ${fmt(data)}`);
    const out = fromTypedArray(src, shapeOpt ?? [src.length]);
    if (dtype === undefined || dtype === dt) return out;
    try {
      return out._materialize(op, dtype);
    } finally {
      out.dispose();
    }
  }
  const { shape, flat } = inferShape(op, data);
  let dt = dtype;
  if (dt === undefined) {
    if (flat.length > 0 && flat.every((x) => typeof x === 'boolean')) dt = 'bool';
    else if (flat.some((x) => typeof x === 'bigint')) {
      // int64, or uint64 when a bigint needs it; never a silent wrap (scalarDType throws a RangeError)
      const needsU64 = flat.some((x) => typeof x === 'bigint' && scalarDType(x, op) === 'uint64');
      if (needsU64 && flat.some((x) => (typeof x === 'bigint' ? x < 0n : (x as number) < 0))) {
        throw new RangeError(`${op}: no dtype holds both negative values and bigints >= 2^63; pass an explicit dtype`);
      }
      dt = needsU64 ? 'uint64' : 'int64';
    }
    else dt = 'float64';
  }
  const target = shapeOpt ?? shape;
  const out = NDArray._empty(op, target, dt);
  try {
    if (out.size !== flat.length) {
      throw new StrideViewError('shape_mismatch', `${op}: cannot give ${flat.length} elements the shape ${fmt(target)} (${out.size} elements)`);
    }
    writeFlat(out, flat, op);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}
/**
 * A new array from nested JS arrays, a scalar, a typed array or another NDArray (always copies).
 * Default dtype: the typed array's; for JS values bool if all are booleans, int64 if any is a
 * bigint, else float64.
 */
export function array(data: NestedArray | AnyTypedArray | NDArray, options?: ArrayOptions): NDArray {
  try {
    return arrayImpl(data, options);
  } catch (e) {
    throw relabel('array', e); // errors of inner steps name the function the user called
  }
}

/** @internal NDArray from anything array-like; dtype when converting JS data. */
export function asArray(op: string, x: unknown, dtype?: DType): NDArray {
  if (x instanceof NDArray) {
    x._check(op);
    return dtype === undefined || dtype === x.dtype ? x : x._materialize(op, dtype);
  }
  if (typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean') {
    return full([], x, dtype ?? scalarDType(x));
  }
  if (isArrayLike(x)) return array(x as NestedArray, dtype === undefined ? {} : { dtype });
  throw new TypeError(`${op}: expected an NDArray, a number, a bigint, a boolean or an array; got ${fmt(x)}`);
}

function fromTypedArrayImpl(ta: AnyTypedArray, shape?: readonly number[]): NDArray {
  const op = 'fromTypedArray';
  const dt = dtypeOfTypedArray(ta);
  if (!dt) throw new TypeError(`${op}: expected a typed array, got ${fmt(ta)}`);
  const s = shape === undefined ? [ta.length] : checkShape(op, shape);
  const out = NDArray._empty(op, s, dt);
  if (out.size !== ta.length) {
    out.dispose();
    throw new StrideViewError('shape_mismatch', `${op}: cannot give ${ta.length} elements the shape ${fmt(s)} (${out.size} elements)`);
  }
  (heapArray(out._s, dt) as Uint8Array).set(ta as Uint8Array);
  return out;
}
/** A new array copying a typed array's elements (dtype from its type; Uint8ClampedArray -> uint8). */
export function fromTypedArray(ta: AnyTypedArray, shape?: readonly number[]): NDArray {
  try {
    return fromTypedArrayImpl(ta, shape);
  } catch (e) {
    throw relabel('fromTypedArray', e); // errors of inner steps name the function the user called
  }
}

function emptyImpl(shape: readonly number[] | number, dtype: DType = 'float64'): NDArray {
  return NDArray._empty('empty', checkShape('empty', shape), checkDType('empty', dtype));
}
/** An uninitialised array (default dtype float64). */
export function empty(shape: readonly number[] | number, dtype?: DType): NDArray {
  try {
    return emptyImpl(shape, dtype);
  } catch (e) {
    throw relabel('empty', e); // errors of inner steps name the function the user called
  }
}

/**
 * @internal `v` as the number a kernel stores into dtype `d` (toStored's conversion and checks), or
 * null when only a bigint can carry it exactly (int64/uint64 beyond 2^53).
 */
export function storedNumber(op: string, d: DType, v: Scalar): number | null {
  const x = toStored(op, d, v);
  if (typeof x === 'number') return x;
  return x >= -9007199254740991n && x <= 9007199254740991n ? Number(x) : null;
}

function fullImpl(shape: readonly number[] | number, value: Scalar, dtype?: DType): NDArray {
  const op = 'full';
  const s = checkShape(op, shape);
  if (typeof value !== 'number' && typeof value !== 'bigint' && typeof value !== 'boolean') {
    throw new TypeError(`${op}: value must be a number, bigint or boolean, got ${fmt(value)}`);
  }
  const dt = dtype === undefined ? scalarDType(value) : checkDType(op, dtype);
  const v = storedNumber(op, dt, value);
  if (v !== null) return runKernel(Kind.Copy, 0, dt, null, s, [v], dt);
  const stored = toStored(op, dt, value);
  const out = NDArray._empty(op, s, dt);
  (heapArray(out._s, dt) as { fill(v: number | bigint): unknown }).fill(stored);
  return out;
}
/** An array filled with value (dtype default: float64 for numbers, int64 for bigints, bool for booleans). */
export function full(shape: readonly number[] | number, value: Scalar, dtype?: DType): NDArray {
  try {
    return fullImpl(shape, value, dtype);
  } catch (e) {
    throw relabel('full', e); // errors of inner steps name the function the user called
  }
}

export function zeros(shape: readonly number[] | number, dtype: DType = 'float64'): NDArray {
  try {
    return full(shape, 0, checkDType('zeros', dtype));
  } catch (e) {
    throw relabel('zeros', e);
  }
}

export function ones(shape: readonly number[] | number, dtype: DType = 'float64'): NDArray {
  try {
    return full(shape, 1, checkDType('ones', dtype));
  } catch (e) {
    throw relabel('ones', e);
  }
}

/**
 * Evenly spaced values in [start, stop) (NumPy arange). Default dtype: int32 when start, stop and
 * step are integers that fit, else float64.
 */
export function arange(start: number, stop?: number, step?: number, dtype?: DType): NDArray {
  const op = 'arange';
  let a = start;
  let b = stop;
  if (b === undefined || b === null) {
    b = a;
    a = 0;
  }
  const st = step === undefined || step === null ? 1 : step;
  for (const [n, v] of [['start', a], ['stop', b], ['step', st]] as const) {
    if (typeof v !== 'number') throw new TypeError(`${op}: ${n} must be a number, got ${fmt(v)}`);
    if (!Number.isFinite(v)) throw new RangeError(`${op}: ${n} must be finite, got ${v}`);
  }
  if (st === 0) throw new StrideViewError('invalid_argument', `${op}: step is 0`);
  const len = Math.max(0, Math.ceil((b - a) / st));
  if (!Number.isSafeInteger(len)) {
    throw new StrideViewError('overflow', `${op}: [${a}, ${b}) with step ${st} has ${len} elements, more than 2^53-1`);
  }
  let dt = dtype === undefined ? undefined : checkDType(op, dtype);
  if (dt === undefined) {
    const ints = Number.isInteger(a) && Number.isInteger(b) && Number.isInteger(st);
    const last = a + (len - 1) * st;
    dt = ints && Math.abs(a) <= 2147483647 && Math.abs(last) <= 2147483647 ? 'int32' : 'float64';
  }
  const out = NDArray._empty(op, [len], dt);
  const I = info(dt);
  const last = a + (len - 1) * st;
  if (I.kind === 'f' || (I.kind !== 'b' && !isBig(dt) && Number.isInteger(a) && Number.isInteger(st) &&
      toStored(op, dt, a) === a && toStored(op, dt, last) === last)) {
    // Every value is stored as computed (floats round like the typed array; integers fit).
    const t = heapArray(out._s, dt) as Float64Array;
    for (let i = 0; i < len; i++) t[i] = a + i * st;
    return out;
  }
  const vals = new Array<number>(len);
  for (let i = 0; i < len; i++) vals[i] = a + i * st;
  writeFlat(out, vals, op);
  return out;
}
