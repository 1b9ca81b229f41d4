// Loading the WebAssembly module and the wire protocol (bindings/wire.hpp): requests are written as
// float64 numbers into a scratch area in WASM memory, one sv_call per operation, the response is
// read back from the same area. Typed arrays over WASM memory are never kept across calls that may
// grow memory: `scratch()` and `heapBuffer()` re-check the buffer identity every time.
import createStrideviewModule, { type RawModule } from '../../build/wasm/strideview.mjs';
import { StrideViewError, codeName } from './errors.js';

/** Options of {@link init}. */
export interface InitOptions {
  /** Where to fetch `strideview.wasm` from (URL or, in Node, a file path or file: URL). */
  wasmUrl?: string | URL;
  /** The bytes of `strideview.wasm` (skips fetching). */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
}

let raw: RawModule | null = null;
let loading: Promise<void> | null = null;

const isNode =
  typeof process === 'object' &&
  process !== null &&
  typeof process.versions === 'object' &&
  typeof process.versions.node === 'string';

// Hidden from bundlers: only ever evaluated under Node.
async function nodeImport<T>(name: string): Promise<T> {
  return (await import(/* webpackIgnore: true */ /* @vite-ignore */ name)) as T;
}

async function readWasm(url: string | URL): Promise<ArrayBuffer | Uint8Array> {
  const href = url instanceof URL ? url.href : url;
  if (isNode && !/^(https?|data|blob):/i.test(href)) {
    const fs = await nodeImport<{ readFile(p: string | URL): Promise<Uint8Array> }>('node:fs/promises');
    return fs.readFile(/^file:/i.test(href) ? new URL(href) : href);
  }
  const res = await fetch(href);
  if (!res.ok) {
    throw new StrideViewError('invalid_argument', `init: fetching ${href} failed with HTTP ${res.status}`);
  }
  return res.arrayBuffer();
}

function toBytes(b: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (b instanceof ArrayBuffer) return new Uint8Array(b);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * Loads and instantiates the WebAssembly module. Idempotent: later calls return the same promise.
 * Works in Node (ESM and CommonJS), browsers, workers and bundlers (the wasm file is referenced as
 * `new URL('./strideview.wasm', import.meta.url)`).
 */
export function init(options: InitOptions = {}): Promise<void> {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`init: options must be an object, got ${String(options)}`);
  }
  if (loading) return loading;
  loading = (async () => {
    let binary: Uint8Array;
    if (options.wasmBinary !== undefined) {
      if (!(options.wasmBinary instanceof ArrayBuffer) && !ArrayBuffer.isView(options.wasmBinary)) {
        throw new TypeError('init: wasmBinary must be an ArrayBuffer or a typed array');
      }
      binary = toBytes(options.wasmBinary);
    } else {
      const url = options.wasmUrl ?? new URL('./strideview.wasm', import.meta.url);
      binary = toBytes(await readWasm(url));
    }
    const m = await createStrideviewModule({
      wasmBinary: binary,
      print: () => {},
      printErr: () => {},
    });
    raw = m;
    scratchPtr = m.sv_scratch(1 << 14);
    scratchCap = m.sv_scratch_capacity();
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** True once {@link init} has finished. */
export function isInitialized(): boolean {
  return raw !== null;
}

/** @internal */
export function rt(): RawModule {
  if (raw === null) {
    throw new StrideViewError('not_initialized', 'strideview: call `await init()` before using the library');
  }
  return raw;
}

// ------------------------------------------------------------------------------------ memory

/** @internal The current WASM memory (changes identity when memory grows). */
export function heapBuffer(): ArrayBuffer {
  return rt().HEAPU8.buffer as ArrayBuffer;
}

// ------------------------------------------------------------------------------------ scratch

let scratchPtr = 0;
let scratchCap = 0;
let f64: Float64Array = new Float64Array(0);

function scratch(): Float64Array {
  const buf = rt().HEAPU8.buffer;
  if (f64.buffer !== buf || f64.byteOffset !== scratchPtr || f64.length !== scratchCap) {
    f64 = new Float64Array(buf, scratchPtr, scratchCap);
  }
  return f64;
}

/** @internal Request writer / response reader over the scratch area. */
export class Wire {
  pos = 0;
  sym = false; // the request mentions a symbolic dim or a derived view
  private s: Float64Array = f64;

  begin(): this {
    this.pos = 0;
    this.sym = false;
    this.s = scratch();
    return this;
  }
  put(x: number): void {
    if (this.pos >= this.s.length) this.grow();
    this.s[this.pos++] = x;
  }
  putDims(d: readonly number[]): void {
    this.put(d.length);
    for (let i = 0; i < d.length; i++) this.put(d[i]!);
  }
  private grow(): void {
    const r = rt();
    const p = r.sv_scratch(Math.max(1 << 14, scratchCap * 2));
    if (p === 0) throw new StrideViewError('out_of_memory', 'strideview: out of memory for the request');
    scratchPtr = p;
    scratchCap = r.sv_scratch_capacity();
    this.s = scratch();
  }
  /** The request written so far (used as the derivation of a symbolic view). */
  snapshot(): number[] {
    return Array.from(this.s.subarray(0, this.pos));
  }
  /** Runs op; throws StrideViewError on a C++ error; positions the reader at the response. */
  call(op: number): this {
    const r = rt();
    const st = r.sv_call(op, this.pos);
    if ((st & 255) !== 0) {
      throw new StrideViewError(codeName(st & 255), r.sv_error());
    }
    if (st & 256) {
      scratchPtr = r.sv_scratch(0);
      scratchCap = r.sv_scratch_capacity();
    }
    this.s = scratch();
    this.pos = 0;
    return this;
  }
  num(): number {
    return this.s[this.pos++]!;
  }
  bool(): boolean {
    return this.s[this.pos++] !== 0;
  }
  dims(): number[] {
    const n = this.s[this.pos++]!;
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = this.s[this.pos++]!;
    return out;
  }
  opt(): number | null {
    const has = this.s[this.pos++] !== 0;
    const v = this.s[this.pos++]!;
    return has ? v : null;
  }
  str(): string {
    return rt().sv_string();
  }
}

/** @internal The single request/response channel. */
export const wire = new Wire();

/** @internal Op codes: keep in sync with bindings/wire.hpp. */
export const enum Op {
  ShapeNumel = 1,
  ShapeCStrides = 2,
  ShapeRavel = 3,
  ShapeUnravel = 4,
  ShapeResolveNegOne = 5,
  ShapeBroadcast = 6,
  ShapeBroadcastIndex = 7,
  ShapeToString = 8,
  SymBind = 20,
  SymUnbind = 21,
  SymValue = 22,
  SymEval = 23,
  SymEvalDim = 24,
  SymPartialEval = 25,
  SymIsFullyBound = 26,
  SymNumel = 27,
  SymResolveReshape = 28,
  SymSubstitute = 29,
  SymVars = 30,
  SymIsStatic = 31,
  SymToString = 32,
  SymEqual = 33,
  SymDimToString = 34,
  SymDimEqual = 35,
  SymVarInfo = 36,
  ViewCreate = 40,
  ViewReshape = 41,
  ViewExpand = 42,
  ViewPermute = 43,
  ViewShrink = 44,
  ViewPad = 45,
  ViewFlip = 46,
  ViewBroadcastTo = 47,
  ViewSlice = 48,
  ViewLinearIndex = 49,
  ViewIsValid = 50,
  ViewStridesOpt = 51,
  ViewIsMaterializable = 52,
  ViewToString = 53,
  ViewDim = 54,
  ViewStride = 55,
  ViewRequiredSpan = 56,
  ViewSimplify = 57,
  KernelCopy = 80,
  KernelBinary = 81,
  KernelUnary = 82,
  KernelWhere = 83,
  KernelReduce = 84,
  KernelGather = 85,
}
