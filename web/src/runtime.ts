// Loading the WebAssembly module: init() and the handle every other module reaches it through.
// The request/response protocol over WASM memory lives in wire.ts.
import createStrideviewModule, { type RawModule } from '../../build/wasm/strideview.mjs';
import { StrideViewError, fmt } from './errors.js';

/** Options of {@link init}. */
export interface InitOptions {
  /**
   * Where to fetch the wasm from (URL or, in Node, a file path or file: URL). It must be the build
   * that `simd` selects (`strideview.wasm` or `strideview-nosimd.wasm`).
   */
  wasmUrl?: string | URL;
  /** The bytes of the wasm (skips fetching); the build that `simd` selects, as for `wasmUrl`. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /**
   * Which build to load: `true` the SIMD128 build (`strideview.wasm`; an error on engines without
   * WebAssembly SIMD), `false` the scalar fallback (`strideview-nosimd.wasm`, same results, slower
   * kernels). Default: the SIMD build when the engine validates a SIMD module, else the fallback.
   */
  simd?: boolean;
}

/** What {@link init} loaded: see {@link buildInfo}. */
export interface BuildInfo {
  /** True for the SIMD128 build, false for the scalar fallback. */
  readonly simd: boolean;
  /** The wasm file name of that build (`strideview.wasm` or `strideview-nosimd.wasm`). */
  readonly wasm: string;
  /** True when `simd` came from feature detection (no `simd` option was given). */
  readonly detected: boolean;
}

let raw: RawModule | null = null;
let loading: Promise<void> | null = null;
let info: BuildInfo | null = null;

// The smallest module that needs WebAssembly SIMD: one function `() -> v128` whose body is
// `i32.const 0; i8x16.splat` (opcode 0xfd 0x0f). Engines without SIMD fail to validate it.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type section: func [] -> [v128]
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x0b, // code: i32.const 0, i8x16.splat, end
]);

/** True when this engine supports WebAssembly SIMD128 (validates a tiny SIMD module). */
export function simdSupported(): boolean {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}
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
 * Loads and instantiates the WebAssembly module: the SIMD128 build, or the scalar fallback on
 * engines without WebAssembly SIMD (or with `{ simd: false }`). Works in Node (ESM and CommonJS),
 * browsers, workers and bundlers (each wasm file is referenced as
 * `new URL('./strideview.wasm', import.meta.url)` / `new URL('./strideview-nosimd.wasm', ...)`).
 *
 * Idempotent: later calls return the same promise and ignore `wasmUrl` / `wasmBinary` (one
 * instance holds every array). A later call whose `simd` option asks for the other build than the
 * one chosen first returns a promise rejected with a StrideViewError (`invalid_argument`); the
 * loaded instance keeps working.
 */
export function init(options: InitOptions = {}): Promise<void> {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`init: options must be an object, got ${fmt(options)}`);
  }
  const want = options.simd;
  if (want !== undefined && typeof want !== 'boolean') {
    throw new TypeError(`init: simd must be true, false or undefined, got ${String(want)}`);
  }
  if (loading && info) {
    if (want !== undefined && want !== info.simd) {
      return Promise.reject(
        new StrideViewError(
          'invalid_argument',
          `init: the ${info.simd ? 'SIMD' : 'non-SIMD'} build is already ${raw ? 'loaded' : 'loading'}; ` +
            `init({ simd: ${want} }) cannot switch builds (it would drop every array). Call init() ` +
            'once, before creating arrays, with the option you want',
        ),
      );
    }
    return loading;
  }
  const simd = want ?? simdSupported();
  const wasm = simd ? 'strideview.wasm' : 'strideview-nosimd.wasm';
  const chosen: BuildInfo = Object.freeze({ simd, wasm, detected: want === undefined });
  if (simd && want === true && !simdSupported()) {
    return Promise.reject(
      new StrideViewError(
        'invalid_argument',
        'init: simd: true but this engine has no WebAssembly SIMD; omit simd (detection) or pass simd: false',
      ),
    );
  }
  info = chosen;
  loading = (async () => {
    let binary: Uint8Array;
    if (options.wasmBinary !== undefined) {
      if (!(options.wasmBinary instanceof ArrayBuffer) && !ArrayBuffer.isView(options.wasmBinary)) {
        throw new TypeError('init: wasmBinary must be an ArrayBuffer or a typed array');
      }
      binary = toBytes(options.wasmBinary);
    } else {
      // Two literal URLs (not one computed from `wasm`) so that bundlers see and copy both files.
      const url =
        options.wasmUrl ??
        (simd
          ? new URL('./strideview.wasm', import.meta.url)
          : new URL('./strideview-nosimd.wasm', import.meta.url));
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
    info = null;
  });
  return loading;
}

/**
 * Which build {@link init} chose (SIMD128 or the scalar fallback); null before init() was called.
 * Available as soon as init() has been called (the choice is made synchronously).
 */
export function buildInfo(): BuildInfo | null {
  return info;
}

/** True when the loaded (or loading) module is the SIMD128 build; false for the fallback or before init(). */
export function isSimd(): boolean {
  return info !== null && info.simd;
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
