// Loading the WebAssembly module: init() and the handle every other module reaches it through.
// The request/response protocol over WASM memory lives in wire.ts.
import createStrideviewModule, { type RawModule } from '../../build/wasm/strideview.mjs';
import { StrideViewError } from './errors.js';

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
