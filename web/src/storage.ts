// Element buffers in WASM memory and their lifetime. An NDArray owns one Storage (its views share
// it); a buffer is freed by dispose(), by the tidy() scope that created it, or, as the safety net,
// by the FinalizationRegistry once the array that owned it was garbage-collected.
import { type AnyTypedArray, type DType, info } from './dtype.js';
import { StrideViewError } from './errors.js';
import { heapBuffer, rt } from './runtime.js';
import { type SigRef, bind } from './signature.js';

// Symbol.dispose (explicit resource management) where the runtime lacks it: NDArray defines
// [Symbol.dispose], and this module is evaluated before it.
if (typeof (Symbol as { dispose?: symbol }).dispose !== 'symbol') {
  Object.defineProperty(Symbol, 'dispose', { value: Symbol.for('nodejs.dispose'), configurable: true });
}

/** @internal One element buffer: its address, size, and whether it is still allocated. */
export interface Storage {
  ptr: number;
  bytes: number;
  length: number; // in elements
  live: boolean;
}

/** @internal What the lifetime bookkeeping needs of an array (NDArray implements it). */
export interface Owned {
  readonly _s: Storage;
  readonly _owner: Owned | null;
  _disposed: boolean;
  dispose(): void;
  /** Registers the array with the FinalizationRegistry (owners created outside any scope). */
  _guard(): void;
}

let liveArrays = 0;
let liveBytes = 0;

/** @internal Frees the buffer once (later calls do nothing). */
export function releaseStorage(s: Storage): void {
  if (!s.live) return;
  s.live = false;
  rt()._sv_free_raw(s.ptr);
  liveArrays--;
  liveBytes -= s.bytes;
}

/** @internal The safety net: frees the buffer of an owner that was collected without dispose(). */
export const finalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<Storage>((s) => {
        try {
          releaseStorage(s);
        } catch {
          /* module gone */
        }
      })
    : null;

/** @internal A new buffer for `length` elements of `dtype` (uninitialised); out_of_memory when none. */
export function allocStorage(op: string, length: number, dtype: DType): Storage {
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

/** @internal Takes ownership of a buffer a kernel call allocated in WASM (counted from now on). */
export function adoptStorage(ptr: number, length: number, dtype: DType): Storage {
  const bytes = length * info(dtype).size;
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

const MEMORY_STATS: SigRef = { sig: '-: memoryStats() -> MemoryStats' };
/** Counters of live element buffers (arrays that own memory) and the WASM heap size. */
export function memoryStats(): MemoryStats {
  if (arguments.length > 0) bind(MEMORY_STATS, arguments);
  return { liveArrays, liveBytes, heapBytes: heapBuffer().byteLength };
}

/** @internal A typed array over the storage, rebuilt from (ptr, length, dtype) on every call. */
export function heapArray(s: Storage, dtype: DType): AnyTypedArray {
  const I = info(dtype);
  return new I.ctor(heapBuffer(), s.ptr, s.length * I.lanes); // complex: (re, im) interleaved
}

// ------------------------------------------------------------------------------------ scopes

// The innermost open tidy() scope: every array created while it is open (owners and views) is
// listed here and disposed when the scope closes, unless returned or kept. Arrays created inside a
// scope skip the FinalizationRegistry (their disposal is certain); survivors are registered then.
let scope: Owned[] | null = null;

/** @internal Arrays exempted by keep() from disposal by every enclosing scope. */
export const kept = new WeakSet<Owned>();

/** @internal Opens a scope collecting the arrays created from now on; returns the enclosing one. */
export function openScope(mine: Owned[]): Owned[] | null {
  const outer = scope;
  scope = mine;
  return outer;
}

/** @internal Makes `outer` (what openScope returned) the innermost scope again. */
export function closeScope(outer: Owned[] | null): void {
  scope = outer;
}

// Owners created outside any scope reach the FinalizationRegistry at the end of the current task
// (a microtask), or when 4096 are waiting: one created and disposed in the same task, as in a loop
// of `op(...).dispose()`, never costs a registration (the registry's bookkeeping was a third of a
// small op's time). A dropped array is registered all the same before any GC could reclaim it
// (finalizers run only after the task anyway).
let young: Owned[] = [];
let youngScheduled = false;
const schedule: (f: () => void) => void =
  typeof queueMicrotask === 'function' ? queueMicrotask : (f) => void Promise.resolve().then(f);

function flushYoung(): void {
  const list = young;
  young = [];
  youngScheduled = false;
  for (let i = 0; i < list.length; i++) list[i]!._guard();
}

/**
 * @internal Called by every new array: listed in the open scope, or (an owner outside any scope)
 * handed to the FinalizationRegistry at the end of the task.
 */
export function track(a: Owned): void {
  if (scope !== null) scope.push(a);
  else guardLater(a);
}

/**
 * @internal An owner (a view needs no registration) handed to the FinalizationRegistry at the end
 * of the task: a new array outside any scope, or one leaving the outermost tidy() scope.
 */
export function guardLater(a: Owned): void {
  if (a._owner !== null) return;
  young.push(a);
  if (young.length >= 4096) flushYoung();
  else if (!youngScheduled) {
    youngScheduled = true;
    schedule(flushYoung);
  }
}
