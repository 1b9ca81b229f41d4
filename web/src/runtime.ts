// Loading the WebAssembly module: init() and the handle every other module reaches it through.
// The request/response protocol over WASM memory lives in wire.ts.
import createStrideviewModule, { type RawModule } from '../../build/wasm/strideview.mjs';
import { StrideViewError, fmt } from './errors.js';
import { type SigRef, bind } from './signature.js';
import { FAMILIES, type Family, familiesReady, familiesUsed, setFamiliesReady } from './families.js';

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
  /**
   * Threads for the kernels. Omitted or `1`: the single-threaded builds (the default). A number
   * `n >= 2` (at most 16): the threaded build (`strideview-threads.wasm`, SIMD128, loaded on
   * demand with its own glue and worker script) with a pool of `n - 1` workers beside the calling
   * thread; it needs `SharedArrayBuffer`, i.e. Node or a cross-origin isolated page (COOP/COEP
   * headers), else init rejects. `'auto'`: the threaded build with
   * min(os.availableParallelism() / navigator.hardwareConcurrency, 8) threads where it can run
   * (Node; browsers when `crossOriginIsolated`, with WebAssembly SIMD), otherwise the
   * single-threaded build, silently. Results are bit-for-bit the same at any thread count.
   */
  threads?: 'auto' | number;
  /**
   * Which families of the engine init() loads with the core (see {@link load}): `'auto'` (the
   * default) the families the app's code imports (all of them when the package is used unbundled,
   * as in Node; a bundled app gets those its bundle contains), `'all'` every family, `'core'` none
   * (then `await load('math')` before a family op). Only the SIMD build is split; the scalar and
   * threaded builds hold every family whatever this says.
   */
  load?: 'auto' | 'all' | 'core';
  /** Where to fetch the families module from (default: `strideview-families.wasm` next to the package's module). */
  familiesUrl?: string | URL;
  /** The bytes of the families module (skips fetching). */
  familiesBinary?: ArrayBuffer | ArrayBufferView;
}

/** What {@link init} loaded: see {@link buildInfo}. */
export interface BuildInfo {
  /** True for the SIMD128 build, false for the scalar fallback. */
  readonly simd: boolean;
  /** The wasm file name of that build (`strideview.wasm` or `strideview-nosimd.wasm`). */
  readonly wasm: string;
  /** True when `simd` came from feature detection (no `simd` option was given). */
  readonly detected: boolean;
  /** Threads the kernels use: 1 for the single-threaded builds, else the threaded build's count. */
  readonly threads: number;
}

let raw: RawModule | null = null;
let loading: Promise<void> | null = null;
let info: BuildInfo | null = null;

// The smallest module that needs what the SIMD build uses, WebAssembly SIMD and bulk memory: one
// function `() -> v128` with a memory.fill (0xfc 0x0b) and an i8x16.splat (0xfd 0x0f). Engines
// without either fail to validate it (every engine with SIMD has bulk memory, but the build needs both).
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type section: func [] -> [v128]
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x05, 0x03, 0x01, 0x00, 0x00, // memory section: one memory, 0 pages
  0x0a, 0x11, 0x01, 0x0f, 0x00, // code section: one body of 15 bytes, no locals
  0x41, 0x00, 0x41, 0x00, 0x41, 0x00, 0xfc, 0x0b, 0x00, // memory.fill(0, 0, 0)
  0x41, 0x00, 0xfd, 0x0f, 0x0b, // i32.const 0, i8x16.splat, end
]);

const SIMD_SUPPORTED: SigRef = { sig: '-: simdSupported() -> boolean' };
/** True when this engine supports WebAssembly SIMD128 (and bulk memory, which the SIMD build also uses). */
export function simdSupported(): boolean {
  if (arguments.length > 0) bind(SIMD_SUPPORTED, arguments);
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

// Hidden from bundlers: Node built-ins, and the threaded build's glue (never bundled: it starts
// workers from its own URL).
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

// ------------------------------------------------------------------------------------ threads

/** The most threads `init({ threads: n })` accepts, and the cap of `'auto'`. */
const MAX_THREADS = 16;
const AUTO_THREADS_CAP = 8;
// File names of the threaded build next to the bundle (variables, not literal URLs: bundlers must
// not copy or rewrite them for users of the single-threaded build).
const THREADS_GLUE = './strideview-threads.mjs';
const THREADS_WASM = './strideview-threads.wasm';

/** True when this engine can run the threaded build (SharedArrayBuffer and WebAssembly SIMD). */
export function threadsSupported(): boolean {
  if (typeof SharedArrayBuffer !== 'function' || !simdSupported()) return false;
  if (isNode) return true;
  return (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

async function autoThreads(): Promise<number> {
  let n = 0;
  if (isNode) {
    const os = await nodeImport<{ availableParallelism?: () => number; cpus(): unknown[] }>('node:os');
    n = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  } else {
    n = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
  }
  return Math.max(1, Math.min(AUTO_THREADS_CAP, Math.floor(n) || 1));
}

interface ThreadsModule extends RawModule {
  _sv_parallel_set_threads(n: number): number;
  svUnrefWorkers(): void;
  wasmMemory: WebAssembly.Memory;
}

async function loadThreaded(threads: number, binary: Uint8Array | null, url: string | URL | undefined): Promise<RawModule> {
  // Not `new URL('...', import.meta.url)`: webpack treats that form as an asset reference and
  // warns on a non-literal name.
  const here = import.meta.url;
  const glue = new URL(THREADS_GLUE, here);
  const bytes = binary ?? toBytes(await readWasm(url ?? new URL(THREADS_WASM, here)));
  const create = (await nodeImport<{ default: (o: object) => Promise<ThreadsModule> }>(glue.href)).default;
  const m = await create({ wasmBinary: bytes, svPoolSize: threads - 1, print: () => {}, printErr: () => {} });
  m._sv_parallel_set_threads(threads);
  m.svUnrefWorkers();
  // Module.HEAPU8 stays the glue's plain property: the glue replaces it when this thread grows
  // the memory, and the kernels' pool has it replaced after a parallel job during which a pool
  // thread grew it (src/parallel/pool.cpp, bindings/threads_lib.js). A getter that checked the
  // memory's length on every access cost 0.05-0.2 us per op (two to four accesses per op).
  return m;
}

function checkThreadsOption(t: unknown): void {
  if (t === undefined || t === 'auto') return;
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 1 || t > MAX_THREADS) {
    throw new TypeError(`init: threads must be 'auto' or an integer from 1 to ${MAX_THREADS}, got ${fmt(t)}`);
  }
}

const INIT: SigRef = { sig: '-: init(*, wasmUrl: string | URL = undefined, wasmBinary: ArrayBuffer | ArrayBufferView = undefined, ' +
    'simd: boolean = undefined, threads: "auto" | number = undefined, load: "auto" | "all" | "core" = "auto", ' +
    'familiesUrl: string | URL = undefined, familiesBinary: ArrayBuffer | ArrayBufferView = undefined) -> Promise<void>' };
/**
 * Loads and instantiates the WebAssembly module: the SIMD128 build, or the scalar fallback on
 * engines without WebAssembly SIMD (or with `{ simd: false }`). Works in Node (ESM and CommonJS),
 * browsers, workers and bundlers (each wasm file is referenced as
 * `new URL('./strideview.wasm', import.meta.url)` / `new URL('./strideview-nosimd.wasm', ...)`).
 *
 * The SIMD build is the core (`strideview.wasm`) and the families module
 * (`strideview-families.wasm`: vector math, matmul, statistics and sorting, random numbers,
 * symbolic views); init() loads the families with the core when the app's code uses one (option
 * `load`; see {@link load}).
 *
 * Idempotent: later calls return the same promise and ignore `wasmUrl` / `wasmBinary` (one
 * instance holds every array) but load the families the program uses (or, with `load: 'all'`, every
 * family) when the first call did not (a `<stride-view>` loads the core only). A later call whose `simd`
 * option asks for the other build than the one chosen first returns a promise rejected with a
 * StrideViewError (`invalid_argument`); the loaded instance keeps working.
 */
// @overloads INIT
export function init(options?: { wasmUrl?: string | URL | undefined; wasmBinary?: ArrayBuffer | ArrayBufferView | undefined; simd?: boolean | undefined; threads?: "auto" | number | undefined; load?: "auto" | "all" | "core" | undefined; familiesUrl?: string | URL | undefined; familiesBinary?: ArrayBuffer | ArrayBufferView | undefined }): Promise<void>;
// @end
export function init(...args: unknown[]): Promise<void> {
  const [wasmUrl, wasmBinary, simdArg, threadsArg, loadArg, familiesUrl, familiesBinary] = bind(INIT, args);
  if (loadArg !== 'auto' && loadArg !== 'all' && loadArg !== 'core') {
    throw new TypeError(`init: load must be 'auto', 'all' or 'core', got ${fmt(loadArg)}`);
  }
  if (familiesUrl !== undefined && typeof familiesUrl !== 'string' && !(typeof URL === 'function' && familiesUrl instanceof URL)) {
    throw new TypeError(`init: familiesUrl must be a string or a URL, got ${fmt(familiesUrl)}`);
  }
  if (familiesBinary !== undefined && !(familiesBinary instanceof ArrayBuffer) && !ArrayBuffer.isView(familiesBinary)) {
    throw new TypeError(`init: familiesBinary must be an ArrayBuffer or a typed array, got ${fmt(familiesBinary)}`);
  }
  if (wasmUrl !== undefined && typeof wasmUrl !== 'string' && !(typeof URL === 'function' && wasmUrl instanceof URL)) {
    throw new TypeError(`init: wasmUrl must be a string or a URL, got ${fmt(wasmUrl)}`);
  }
  if (wasmBinary !== undefined && !(wasmBinary instanceof ArrayBuffer) && !ArrayBuffer.isView(wasmBinary)) {
    throw new TypeError(`init: wasmBinary must be an ArrayBuffer or a typed array, got ${fmt(wasmBinary)}`);
  }
  const options = { wasmUrl, wasmBinary } as InitOptions;
  const want = simdArg as boolean | undefined;
  if (want !== undefined && typeof want !== 'boolean') {
    throw new TypeError(`init: simd must be true, false or undefined, got ${fmt(want)}`);
  }
  const wantThreads = threadsArg as InitOptions['threads'];
  checkThreadsOption(wantThreads);
  if (loading && info) {
    if (wantThreads !== undefined) {
      // 'auto' resolves asynchronously: compare once the first init has settled.
      const first = loading;
      return first.then(async () => {
        const cur = info as BuildInfo;
        const asked = wantThreads === 'auto' ? (threadsSupported() && cur.simd !== false ? await autoThreads() : 1) : wantThreads;
        if (asked !== cur.threads) {
          throw new StrideViewError(
            'invalid_argument',
            `init: the engine is already loaded with ${cur.threads} thread${cur.threads === 1 ? '' : 's'}; ` +
              `init({ threads: ${fmt(wantThreads)} }) asks for ${asked} and cannot switch builds (it would drop every array). ` +
              'Call init() once, before creating arrays, with the option you want',
          );
        }
      });
    }
    if (want === undefined || want === info.simd) {
      if (familiesUrl !== undefined || familiesBinary !== undefined) familiesSource = { url: familiesUrl as string | URL | undefined, binary: familiesBinary as ArrayBuffer | ArrayBufferView | undefined };
      // A later init() asks again: the families its program uses (the first one may have been a
      // <stride-view>'s, core only), or all of them.
      const more = loadArg === 'all' ? firstLoad !== 'all' : loadArg === 'auto' && firstLoad === 'core' && familiesUsed().length > 0;
      if (more) return loading.then(() => loadFamilies('init'));
    }
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
  // Threads: an explicit count >= 2 needs the threaded build (SIMD, SharedArrayBuffer); 'auto'
  // takes it where it runs and falls back silently.
  const threaded = wantThreads === 'auto' ? simd && threadsSupported() : wantThreads !== undefined && wantThreads >= 2;
  if (threaded && wantThreads !== 'auto') {
    if (!simd) {
      return Promise.reject(
        new StrideViewError('invalid_argument', `init: threads: ${wantThreads} needs the SIMD build; the threaded build has no scalar fallback (omit simd: false)`),
      );
    }
    if (!threadsSupported()) {
      return Promise.reject(
        new StrideViewError(
          'invalid_argument',
          `init: threads: ${wantThreads} needs SharedArrayBuffer and WebAssembly SIMD (here: SharedArrayBuffer ` +
            `${typeof SharedArrayBuffer === 'function' ? 'present' : 'missing'}, crossOriginIsolated ` +
            `${String((globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true)}, SIMD ${simdSupported() ? 'yes' : 'no'}): ` +
            "Node, or a page served with 'Cross-Origin-Opener-Policy: same-origin' and " +
            "'Cross-Origin-Embedder-Policy: require-corp' in an engine that then provides SharedArrayBuffer; " +
            "pass threads: 'auto' to fall back to one thread",
        ),
      );
    }
  }
  const wasm = threaded ? 'strideview-threads.wasm' : simd ? 'strideview.wasm' : 'strideview-nosimd.wasm';
  const fixedThreads = threaded ? (wantThreads === 'auto' ? 0 : (wantThreads as number)) : 1;
  const chosen: BuildInfo = Object.freeze({ simd, wasm, detected: want === undefined, threads: fixedThreads });
  if (simd && want === true && !simdSupported()) {
    return Promise.reject(
      new StrideViewError(
        'invalid_argument',
        'init: simd: true but this engine has no WebAssembly SIMD; omit simd (detection) or pass simd: false',
      ),
    );
  }
  info = chosen;
  firstLoad = loadArg as 'auto' | 'all' | 'core';
  familiesSource = { url: familiesUrl as string | URL | undefined, binary: familiesBinary as ArrayBuffer | ArrayBufferView | undefined };
  loading = (async () => {
    if (threaded) {
      const n = fixedThreads || (await autoThreads());
      let bin: Uint8Array | null = null;
      if (options.wasmBinary !== undefined) {
        if (!(options.wasmBinary instanceof ArrayBuffer) && !ArrayBuffer.isView(options.wasmBinary)) {
          throw new TypeError('init: wasmBinary must be an ArrayBuffer or a typed array');
        }
        bin = toBytes(options.wasmBinary);
      }
      let m: RawModule | null = null;
      try {
        m = await loadThreaded(n, bin, options.wasmUrl);
      } catch (e) {
        // 'auto' takes the threaded build where it loads: an app whose bundler did not copy its
        // files (the glue, its worker and its wasm next to the package's module) gets the
        // single-threaded build, silently. A thread count asked for says why it cannot have it.
        if (wantThreads !== 'auto') {
          throw new StrideViewError(
            'invalid_argument',
            `init: threads: ${n}: the threaded build (${THREADS_GLUE.slice(2)} and ${THREADS_WASM.slice(2)} next to ` +
              `${import.meta.url}) did not load: ${e instanceof Error ? e.message : String(e)}. Bundlers do not copy ` +
              "these files; serve the package's dist/ as it is, or pass threads: 'auto' to fall back to one thread",
          );
        }
      }
      if (m) {
        info = Object.freeze({ ...chosen, threads: n });
        raw = m;
        setFamiliesReady(true); // one module: every family is there
        return;
      }
      info = Object.freeze({ ...chosen, wasm: 'strideview.wasm', threads: 1 });
    }
    // The SIMD build is split: fetch the families alongside the core when they will be loaded.
    const families = loadArg === 'all' || (loadArg === 'auto' && familiesUsed().length > 0);
    if (simd && families && !familiesReady) {
      familiesFetch = fetchFamilies('init');
      familiesFetch.catch(() => {}); // reported by loadFamilies, which awaits it
    }
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
      loadSplitModule: placeholderCalled,
    });
    raw = m;
    // The SIMD build's core imports its placeholders for the families; the scalar build is whole.
    setFamiliesReady(!importsPlaceholders(binary));
    if (loadArg === 'all' || (loadArg === 'auto' && familiesUsed().length > 0)) await loadFamilies('init');
  })();
  loading.catch(() => {
    loading = null;
    info = null;
    raw = null;
  });
  return loading;
}

// ------------------------------------------------------------------------------------ families

let familiesSource: { url: string | URL | undefined; binary: ArrayBuffer | ArrayBufferView | undefined } = { url: undefined, binary: undefined };
let familiesLoading: Promise<void> | null = null;
let firstLoad: 'auto' | 'all' | 'core' = 'auto';
let familiesFetch: Promise<WebAssembly.Module> | null = null;

/** True when the module imports from "placeholder" (a core split from its families module). */
function importsPlaceholders(bytes: Uint8Array): boolean {
  // The import section comes first after the type section; its module names are plain UTF-8.
  const needle = [0x0b, 0x70, 0x6c, 0x61, 0x63, 0x65, 0x68, 0x6f, 0x6c, 0x64, 0x65, 0x72]; // "\x0bplaceholder"
  const end = Math.min(bytes.length, 1 << 20);
  outer: for (let i = 8; i + needle.length <= end; i++) {
    for (let k = 0; k < needle.length; k++) if (bytes[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

// The core's calls into a family go through placeholders until the families module is in place;
// the package checks every family op before it reaches the engine (families.ts), so a placeholder
// that runs is a bug in that check: it says so (instead of Emscripten's synchronous load, which a
// browser's main thread refuses).
function placeholderCalled(_file: string, _imports: WebAssembly.Imports, prop: string): never {
  throw new StrideViewError(
    'not_loaded',
    `strideview: internal error: the engine reached code of a family that is not loaded (placeholder ${prop}); ` +
      "call `await load()` before this op, and please report the op",
  );
}

/**
 * Fetches and compiles the families module (no imports needed for that): started with the core's
 * fetch when init() knows it will load the families, so that both downloads share the link.
 */
function fetchFamilies(op: string): Promise<WebAssembly.Module> {
  const src = familiesSource;
  // A literal URL, so that bundlers see and copy the file.
  const url = src.url ?? new URL('./strideview-families.wasm', import.meta.url);
  return (async () => {
    let bytes: Uint8Array | ArrayBuffer;
    try {
      bytes = src.binary !== undefined ? toBytes(src.binary) : await readWasm(url);
    } catch (e) {
      throw new StrideViewError(
        'invalid_argument',
        `${op}: the engine's families module (${String(url)}) did not load: ${e instanceof Error ? e.message : String(e)}. ` +
          'It is strideview-families.wasm next to the package\'s module; a bundler that does not copy it needs init({ familiesUrl })',
      );
    }
    return WebAssembly.compile(bytes as BufferSource);
  })();
}

/** Fetches and instantiates the families module into the running core (once). */
function loadFamilies(op: string): Promise<void> {
  if (familiesReady) return Promise.resolve();
  if (familiesLoading) return familiesLoading;
  const m = raw as RawModule;
  familiesLoading = (async () => {
    const src = familiesSource;
    const module = await (familiesFetch ?? fetchFamilies(op));
    try {
      // Its active element segment fills the core's placeholder slots of the function table.
      await WebAssembly.instantiate(module, { primary: m.asm });
    } catch (e) {
      throw new StrideViewError(
        'invalid_argument',
        `${op}: the families module (${src.binary !== undefined ? 'familiesBinary' : String(src.url ?? 'strideview-families.wasm next to the package')}) ` +
          `did not instantiate with this core: ${e instanceof Error ? e.message : String(e)}. It must come from the same build as strideview.wasm`,
      );
    }
    setFamiliesReady(true);
  })();
  familiesLoading.catch(() => {
    familiesLoading = null;
    familiesFetch = null; // a later load() fetches again
  });
  return familiesLoading;
}

const LOAD: SigRef = { sig: '-: load(...families: Family) -> Promise<void>' };
/**
 * Loads families of the engine after {@link init}: `await load('math')`, `await load('linalg',
 * 'stats')`, or `await load()` for every family. The SIMD build's families are one module today
 * (`strideview-families.wasm`, fetched once): loading one family loads them all. Resolves at once
 * when they are loaded, and with the scalar or threaded build (one module each). Families:
 * `'math'` (vector math: `sin` ... `exp`, `log`, `power`, `clip`, rounding), `'linalg'` (`matmul`,
 * `dot`, `einsum`, `norm`), `'stats'` (`prod` `any` `all`, `argmax`, `var` / `std`, `cumsum`,
 * `sort`, `topk`, and what uses them), `'random'` (`defaultRng`), `'symbolic'` (symbolic dims and
 * views, `explainReshape`, `View` queries), `'complex'` (every op on complex64 / complex128 arrays
 * but copies and casts, and `numpy.fft`).
 */
// @overloads LOAD
export function load(...families: Family[]): Promise<void>;
// @end
export function load(...args: unknown[]): Promise<void> {
  const [families] = bind(LOAD, args) as [unknown[]];
  for (const f of families) {
    if (!FAMILIES.includes(f as Family)) {
      throw new TypeError(`load: unknown family ${fmt(f)}; the families are ${FAMILIES.map((x) => `'${x}'`).join(', ')}`);
    }
  }
  if (!loading) {
    return Promise.reject(new StrideViewError('not_initialized', 'load: call `await init()` first (load adds families to the loaded core)'));
  }
  return loading.then(() => loadFamilies('load'));
}

const IS_LOADED: SigRef = { sig: '-: isLoaded(family: Family) -> boolean' };
/** True when the family's engine code is in place (see {@link load}); false before init(). */
// @overloads IS_LOADED
export function isLoaded(family: Family): boolean;
// @end
export function isLoaded(...args: unknown[]): boolean {
  const [f] = bind(IS_LOADED, args);
  if (!FAMILIES.includes(f as Family)) {
    throw new TypeError(`isLoaded: unknown family ${fmt(f)}; the families are ${FAMILIES.map((x) => `'${x}'`).join(', ')}`);
  }
  return raw !== null && familiesReady;
}

const BUILD_INFO: SigRef = { sig: '-: buildInfo() -> BuildInfo | null' };
const IS_SIMD: SigRef = { sig: '-: isSimd() -> boolean' };
const IS_INITIALIZED: SigRef = { sig: '-: isInitialized() -> boolean' };
/**
 * Which build {@link init} chose (SIMD128 or the scalar fallback; threads); null before init() was
 * called. Available as soon as init() has been called (the choice is made synchronously), except
 * `threads` with `threads: 'auto'`, which is 0 until init() has resolved.
 */
export function buildInfo(): BuildInfo | null {
  if (arguments.length > 0) bind(BUILD_INFO, arguments);
  return info;
}

/** True when the loaded (or loading) module is the SIMD128 build; false for the fallback or before init(). */
export function isSimd(): boolean {
  if (arguments.length > 0) bind(IS_SIMD, arguments);
  return info !== null && info.simd;
}

/** True once {@link init} has finished. */
export function isInitialized(): boolean {
  if (arguments.length > 0) bind(IS_INITIALIZED, arguments);
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
