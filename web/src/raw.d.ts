// Hand-written types of the Emscripten module (em++ 3.1.6 cannot emit them). bindings/embind.cpp
// is the source of truth.
declare module '*/strideview.mjs' {
  export interface RawModule {
    HEAPU8: Uint8Array;
    sv_scratch(n: number): number;
    sv_scratch_capacity(): number;
    sv_call(op: number, inLen: number): number;
    sv_error(): string;
    sv_string(): string;
    sv_create_var(name: string, min: number, max: number): number;
    sv_drop_var(id: number): void;
    sv_alloc(bytes: number): number;
    sv_free(ptr: number): void;
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
