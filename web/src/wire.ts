// The wire protocol (bindings/wire.hpp): requests are written as float64 numbers into a scratch
// area in WASM memory, one sv_call per operation, the response is read back from the same area.
// Typed arrays over WASM memory are never kept across calls that may grow memory: `scratch()`
// re-checks the buffer identity every time.
import { checkRequestFamily, familiesReady } from './families.js';
import { CallStatus, Tok } from './boundary_tables.js';
import { StrideViewError, codeName } from './errors.js';
import { rt } from './runtime.js';

// ------------------------------------------------------------------------------------ scratch

let scratchPtr = 0;
let scratchCap = 0;
// The scratch area as float64s; length 0 until it is made, and again once it is stale: memory
// growth detaches the old buffer (its typed arrays then read length 0), and moved() drops it when
// sv_scratch reallocated the area. A shared memory (the threaded build) is not detached on growth,
// and an array over it still addresses the same bytes. So one length check tells whether f64 is
// usable, without a lookup on the Emscripten module.
let f64: Float64Array = new Float64Array(0);

function scratch(): Float64Array {
  if (f64.length !== 0) return f64;
  const r = rt();
  if (scratchCap === 0) {
    scratchPtr = r.sv_scratch(1 << 14);
    scratchCap = r.sv_scratch_capacity();
  }
  f64 = new Float64Array(r.HEAPU8.buffer, scratchPtr, scratchCap);
  return f64;
}

// The scratch area moved (sv_scratch reallocated it): rebuild f64 on next use.
function moved(ptr: number, cap: number): void {
  scratchPtr = ptr;
  scratchCap = cap;
  f64 = new Float64Array(0);
}

// The raw wasm export of sv_call (bindings/embind.cpp): one plain call per op. Emscripten's first
// call replaces Module._sv_call_raw by the wasm export itself, so it is looked up once after that.
type CallFn = (op: number, inLen: number) => number;
let callFn: CallFn | null = null;

function callRaw(op: number, inLen: number): number {
  if (callFn !== null) return callFn(op, inLen);
  const r = rt();
  const st = r._sv_call_raw(op, inLen);
  callFn = r._sv_call_raw;
  return st;
}

/** @internal Request writer / response reader over the scratch area. */
export class Wire {
  pos = 0;
  sym = false; // the request mentions a symbolic dim or a derived view
  /** @internal the scratch area (view.ts reads responses from it directly) */
  s: Float64Array = f64;

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
  /** Room for k more numbers: the caller then writes them to `s` from `pos` (one check, not k). */
  reserve(k: number): Float64Array {
    while (this.pos + k > this.s.length) this.grow();
    return this.s;
  }
  /** Numbers already encoded (a cached request tail). */
  putAll(xs: readonly number[]): void {
    const n = xs.length;
    const s = this.reserve(n);
    let p = this.pos;
    for (let i = 0; i < n; i++) s[p++] = xs[i]!;
    this.pos = p;
  }
  putDims(d: readonly number[]): void {
    this.put(d.length);
    for (let i = 0; i < d.length; i++) this.put(d[i]!);
  }
  /** A concrete shape in the symbolic shape encoding (rank, then CONST v per dim). */
  putShape(d: readonly number[]): void {
    this.put(d.length);
    for (let i = 0; i < d.length; i++) {
      this.put(Tok.Const);
      this.put(d[i]!);
    }
  }
  private grow(): void {
    const r = rt();
    const p = r.sv_scratch(Math.max(1 << 14, scratchCap * 2));
    if (p === 0) throw new StrideViewError('out_of_memory', 'strideview: out of memory for the request');
    moved(p, r.sv_scratch_capacity());
    this.s = scratch();
  }
  /** The request written so far (used as the derivation of a symbolic view). */
  snapshot(): number[] {
    return Array.from(this.s.subarray(0, this.pos));
  }
  /** Runs op; throws StrideViewError on a C++ error; positions the reader at the response. */
  call(op: number): this {
    if (!familiesReady) checkRequestFamily(op);
    const st = callRaw(op, this.pos);
    if (st !== 0) {
      const r = rt();
      if ((st & CallStatus.CodeMask) !== 0) {
        throw new StrideViewError(codeName(st & CallStatus.CodeMask), r.sv_error());
      }
      moved(r.sv_scratch(0), r.sv_scratch_capacity());
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

/** @internal Op codes (generated from src/core/boundary_tables.json, as C++'s sv::wire::Op). */
export { Op } from './boundary_tables.js';
