// Hand-written types of the Emscripten module (em++ 3.1.6 cannot emit them). bindings/embind.cpp
// is the source of truth.
declare module '*/strideview.mjs' {
  export interface RawModule {
    HEAPU8: Uint8Array;
    /** plain wasm exports (Module._name) */
    _sv_call_raw(op: number, inLen: number): number;
    _sv_alloc_raw(bytes: number): number;
    _sv_free_raw(ptr: number): void;
    _sv_scratch_raw(n: number): number;
    _sv_scratch_capacity_raw(): number;
    _sv_text_raw(which: number): number;
    _sv_text_len_raw(which: number): number;
    _sv_create_var_raw(name: number, len: number, min: number, max: number): number;
    _sv_drop_var_raw(id: number): void;
    /** added by web/src/runtime.ts over the raw exports (strings as UTF-8 in WASM memory) */
    sv_scratch(n: number): number;
    sv_scratch_capacity(): number;
    sv_error(): string;
    sv_string(): string;
    sv_create_var(name: string, min: number, max: number): number;
    sv_drop_var(id: number): void;
  }
  // The only Module options the glue reads (-sINCOMING_MODULE_JS_API in CMakeLists.txt).
  export interface ModuleOptions {
    wasmBinary?: ArrayBuffer | Uint8Array;
    print?: (s: string) => void;
    printErr?: (s: string) => void;
  }
  const createStrideviewModule: (opts?: ModuleOptions) => Promise<RawModule>;
  export default createStrideviewModule;
}
