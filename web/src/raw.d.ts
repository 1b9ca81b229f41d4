// Hand-written types of the Emscripten module (em++ 3.1.6 cannot emit them). bindings/embind.cpp
// is the source of truth.
declare module '*/strideview.mjs' {
  export interface RawModule {
    HEAPU8: Uint8Array;
    sv_scratch(n: number): number;
    sv_scratch_capacity(): number;
    /** plain wasm exports (Module._name): the per-op path */
    _sv_call_raw(op: number, inLen: number): number;
    _sv_alloc_raw(bytes: number): number;
    _sv_free_raw(ptr: number): void;
    sv_error(): string;
    sv_string(): string;
    sv_create_var(name: string, min: number, max: number): number;
    sv_drop_var(id: number): void;
    /** The wasm instance's exports (what the families module imports as "primary"). */
    asm: WebAssembly.Exports;
  }
  // The only Module options the glue reads (-sINCOMING_MODULE_JS_API in CMakeLists.txt).
  export interface ModuleOptions {
    wasmBinary?: ArrayBuffer | Uint8Array;
    print?: (s: string) => void;
    printErr?: (s: string) => void;
    /** Called when a placeholder of the families module runs (-sSPLIT_MODULE; see runtime.ts). */
    loadSplitModule?: (file: string, imports: WebAssembly.Imports, prop: string) => never;
  }
  const createStrideviewModule: (opts?: ModuleOptions) => Promise<RawModule>;
  export default createStrideviewModule;
}
