// The fused program of a float chain compiled to WebAssembly: one small module per program whose
// function runs the whole chain over a block with every value in SIMD128 registers (a load per
// input, the ops, a store), where the block evaluator (src/kernels/fused.cpp) runs each op's own
// loop over the block in turn. The engine calls it from one of its JIT slots (a function-table
// entry this file fills) as the program's single step, so the planner, strided and transposed
// inputs, `out` and the block's bookkeeping stay the engine's.
//
// Only the IEEE operations whose every element the kernels compute identically are compiled
// (add, sub, mul, div, maximum, minimum, neg, abs, sqrt, square of float32 or float64: each is
// one correctly rounded IEEE operation or a select, in the kernels' SIMD and scalar loops alike),
// so a compiled chain gives the bits of the unfused calls. Anything else runs in the evaluator.
// Not compiled: the scalar build (no SIMD128), the threaded build (each thread has its own function
// table), and modules over 4 KB (browsers refuse to compile those synchronously on the main thread).
import { BinaryOp, Kind, MathOp, Op, UnaryOp } from './boundary_tables.js';
import { type DType, info } from './dtype.js';
import { buildInfo, rt } from './runtime.js';
import { wire } from './wire.js';

/** A step of a program as fuse.ts records it. */
export interface JitStep {
  kind: number;
  code: number;
  in: DType;
  out: DType;
  args: number[];
}

/** The compiled form of a program: its slot and the request tail that runs it. */
export interface Jit {
  slot: number;
  tail: number[];
  alive: boolean;
}

/** A FusedStep kind: src/kernels/fused.hpp kJitStep. */
const JIT_STEP = 100;
const MAX_BYTES = 4000;

type OpKey = 'add' | 'sub' | 'mul' | 'div' | 'max' | 'min' | 'neg' | 'abs' | 'sqrt' | 'square';

function opOf(s: JitStep): OpKey | null {
  if ((s.in !== 'float32' && s.in !== 'float64') || s.out !== s.in) return null;
  if (s.kind === Kind.Binary) {
    switch (s.code) {
      case BinaryOp.Add: return 'add';
      case BinaryOp.Sub: return 'sub';
      case BinaryOp.Mul: return 'mul';
      case BinaryOp.Div: return 'div';
      case BinaryOp.Maximum: return 'max';
      case BinaryOp.Minimum: return 'min';
      default: return null;
    }
  }
  if (s.kind === Kind.Unary) {
    switch (s.code) {
      case UnaryOp.Neg: return 'neg';
      case UnaryOp.Abs: return 'abs';
      case UnaryOp.Sqrt: return 'sqrt';
      default: return null;
    }
  }
  if (s.kind === Kind.MathUnary && s.code === MathOp.Square) return 'square';
  return null;
}

// ---------------------------------------------------------------------------- encoding

function uleb(out: number[], v: number): void {
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v !== 0) b |= 0x80;
    out.push(b);
  } while (v !== 0);
}

function sleb(out: number[], v: number): void {
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return;
    }
    out.push(b | 0x80);
  }
}

function section(out: number[], id: number, body: number[]): void {
  out.push(id);
  uleb(out, body.length);
  out.push(...body);
}

function name(out: number[], s: string): void {
  uleb(out, s.length);
  for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i));
}

const simd = (out: number[], op: number): void => {
  out.push(0xfd);
  uleb(out, op);
};

// Opcodes (the WebAssembly 2.0 and SIMD128 specifications).
const I32 = 0x7f, I64 = 0x7e, F32 = 0x7d, F64 = 0x7c, V128 = 0x7b;
const LOCAL_GET = 0x20, LOCAL_SET = 0x21, I32_CONST = 0x41, I32_LOAD = 0x28;
const I32_ADD = 0x6a, I32_AND = 0x71, I32_MUL = 0x6c, I32_OR = 0x72, I32_GE_U = 0x4f, I32_WRAP = 0xa7;
const BLOCK = 0x02, LOOP = 0x03, BR = 0x0c, BR_IF = 0x0d, END = 0x0b, SELECT = 0x1b, VOID = 0x40;

// Per float type: scalar load/store/ops, SIMD ops (opcode numbers after 0xfd).
const T = {
  float32: {
    vt: F32, size: 4, load: 0x2a, store: 0x38, add: 0x92, sub: 0x93, mul: 0x94, div: 0x95, neg: 0x8c, abs: 0x8b, sqrt: 0x91, gt: 0x5e, lt: 0x5d, ne: 0x5c,
    v: { add: 0xe4, sub: 0xe5, mul: 0xe6, div: 0xe7, neg: 0xe1, abs: 0xe0, sqrt: 0xe3, gt: 0x44, lt: 0x43, ne: 0x42 },
  },
  float64: {
    vt: F64, size: 8, load: 0x2b, store: 0x39, add: 0xa0, sub: 0xa1, mul: 0xa2, div: 0xa3, neg: 0x9a, abs: 0x99, sqrt: 0x9f, gt: 0x64, lt: 0x63, ne: 0x62,
    v: { add: 0xf0, sub: 0xf1, mul: 0xf2, div: 0xf3, neg: 0xed, abs: 0xec, sqrt: 0xef, gt: 0x4a, lt: 0x49, ne: 0x48 },
  },
} as const;

/**
 * The module's bytes for `steps` over `nin` inputs (values 0..nin-1, then the constants, then one
 * per step; `consts` their values), result value `result`; null when a step is not compiled.
 */
export function compileChain(dt: DType, nin: number, consts: readonly number[], steps: readonly JitStep[], result: number): Uint8Array | null {
  if (dt !== 'float32' && dt !== 'float64') return null;
  const ops: OpKey[] = [];
  for (const s of steps) {
    const o = opOf(s);
    if (o === null || s.in !== dt) return null;
    ops.push(o);
  }
  const t = T[dt];
  const nc = consts.length;
  const nv = nin + nc + steps.length;
  // locals: params 0 op, 1 out, 2 in, 3 n; i32: 4 i, 5 vend, 6 end, 7 vend4, 8.. input pointers;
  // then nv v128 (vector path) and nv scalars (tail)
  const P_OUT = 1, P_IN = 2, P_N = 3, L_I = 4, L_VEND = 5, L_END = 6, L_VEND4 = 7, L_PTR = 8;
  const V0 = L_PTR + nin, S0 = V0 + nv;
  const body: number[] = [];
  const locals: number[] = [];
  uleb(locals, 3);
  uleb(locals, 4 + nin);
  locals.push(I32);
  uleb(locals, nv);
  locals.push(V128);
  uleb(locals, nv);
  locals.push(t.vt);
  const get = (l: number): void => {
    body.push(LOCAL_GET);
    uleb(body, l);
  };
  const set = (l: number): void => {
    body.push(LOCAL_SET);
    uleb(body, l);
  };
  const i32c = (v: number): void => {
    body.push(I32_CONST);
    sleb(body, v);
  };
  // input pointers; the byte counts (whole vectors, all)
  for (let k = 0; k < nin; k++) {
    get(P_IN);
    body.push(I32_LOAD, 2);
    uleb(body, 4 * k);
    set(L_PTR + k);
  }
  get(P_N);
  body.push(I32_WRAP);
  i32c(t.size);
  body.push(I32_MUL);
  set(L_END);
  get(L_END);
  i32c(-16);
  body.push(I32_AND);
  set(L_VEND);
  get(L_END);
  i32c(-64);
  body.push(I32_AND);
  set(L_VEND4);
  i32c(0);
  set(L_I);
  const constBytes = (v: number): number[] => {
    const b = new Uint8Array(t.size);
    if (t.size === 4) new DataView(b.buffer).setFloat32(0, v, true);
    else new DataView(b.buffer).setFloat64(0, v, true);
    return Array.from(b);
  };
  // three loops: four vectors a pass (independent chains for the core to overlap), one vector, one element
  for (const [vector, unroll] of [[true, 4], [true, 1], [false, 1]] as const) {
    const base = vector ? V0 : S0;
    body.push(BLOCK, VOID, LOOP, VOID);
    get(L_I);
    get(vector ? (unroll === 4 ? L_VEND4 : L_VEND) : L_END);
    body.push(I32_GE_U, BR_IF, 1);
    for (let u = 0; u < unroll; u++) {
    // inputs, then constants
    for (let k = 0; k < nin; k++) {
      get(L_PTR + k);
      get(L_I);
      body.push(I32_ADD);
      if (vector) {
        simd(body, 0x00); // v128.load (offset: the vector's place in the pass)
        body.push(0);
        uleb(body, 16 * u);
      } else {
        body.push(t.load, 0, 0);
      }
      set(base + k);
    }
    for (let j = 0; j < nc; j++) {
      const bytes = constBytes(consts[j]!);
      if (vector) {
        simd(body, 0x0c); // v128.const
        for (let r = 0; r < 16 / t.size; r++) body.push(...bytes);
      } else {
        body.push(t.size === 4 ? 0x43 : 0x44, ...bytes);
      }
      set(base + nin + j);
    }
    steps.forEach((s, si) => {
      const a = base + s.args[0]!;
      const b = s.args.length > 1 ? base + s.args[1]! : -1;
      const op = ops[si]!;
      const emit = (k: 'add' | 'sub' | 'mul' | 'div' | 'neg' | 'abs' | 'sqrt' | 'gt' | 'lt' | 'ne'): void => {
        if (vector) simd(body, t.v[k]);
        else body.push(t[k]);
      };
      if (op === 'max' || op === 'min') {
        // the kernels' maximum / minimum: (a > b || a != a) ? a : b (a < b for minimum)
        get(a);
        get(b);
        get(a);
        get(b);
        emit(op === 'max' ? 'gt' : 'lt');
        get(a);
        get(a);
        emit('ne');
        if (vector) {
          simd(body, 0x50); // v128.or
          simd(body, 0x52); // v128.bitselect
        } else {
          body.push(I32_OR, SELECT);
        }
      } else if (op === 'square') {
        get(a);
        get(a);
        emit('mul');
      } else {
        get(a);
        if (b >= 0) get(b);
        emit(op);
      }
      set(base + nin + nc + si);
    });
    get(P_OUT);
    get(L_I);
    body.push(I32_ADD);
    get(base + result);
    if (vector) {
      simd(body, 0x0b); // v128.store
      body.push(0);
      uleb(body, 16 * u);
    } else {
      body.push(t.store, 0, 0);
    }
    }
    get(L_I);
    i32c(vector ? 16 * unroll : t.size);
    body.push(I32_ADD);
    set(L_I);
    body.push(BR, 0, END, END);
  }
  body.push(END);
  const code: number[] = [];
  uleb(code, 1);
  uleb(code, locals.length + body.length);
  code.push(...locals, ...body);
  const m: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  section(m, 1, [1, 0x60, 4, I32, I32, I32, I64, 0]); // (i32 op, i32 out, i32 in, i64 n) -> ()
  const imp: number[] = [1];
  name(imp, 'e');
  name(imp, 'm');
  imp.push(0x02, 0x00, 0x00); // memory, no maximum, at least 0 pages
  section(m, 2, imp);
  section(m, 3, [1, 0]);
  const exp: number[] = [1];
  name(exp, 'f');
  exp.push(0x00, 0);
  section(m, 7, exp);
  section(m, 10, code);
  if (m.length > MAX_BYTES) return null;
  return new Uint8Array(m);
}

// ---------------------------------------------------------------------------- the slots

let slotIndex: number[] | null = null; // function-table index of each slot
let owners: (Jit | null)[] = [];
let next = 0;
let failed = false;

/** Whether this build runs compiled chains. */
function available(): boolean {
  if (failed) return false;
  // the SIMD build without threads (the threaded build never compiles, at any thread count, so
  // that a program runs the same code at 1 and N threads there)
  const b = buildInfo();
  return b !== null && b.simd && b.wasm === 'strideview.wasm';
}

function table(): { table: WebAssembly.Table; memory: WebAssembly.Memory } | null {
  const exports = rt().asm as Record<string, unknown>;
  let tb: WebAssembly.Table | null = null;
  let mem: WebAssembly.Memory | null = null;
  for (const k in exports) {
    const v = exports[k];
    if (v instanceof WebAssembly.Table) tb = v;
    else if (v instanceof WebAssembly.Memory) mem = v;
  }
  return tb !== null && mem !== null ? { table: tb, memory: mem } : null;
}

/**
 * Compiles a program's steps (all of them, or none: null) into a slot and returns the request tail
 * that runs it: no constants, one JIT step over the `nin` inputs, its value the result.
 */
export function jit(dt: DType, nin: number, consts: readonly { value: number }[], steps: readonly JitStep[], result: number): Jit | null {
  if (!available() || steps.length === 0 || nin === 0) return null;
  const bytes = compileChain(dt, nin, consts.map((c) => c.value), steps, result);
  if (bytes === null) return null;
  try {
    const tm = table();
    if (tm === null) throw new Error('no table');
    if (slotIndex === null) {
      const w = wire.begin();
      w.put(2);
      w.call(Op.KernelFused);
      const n = w.num();
      slotIndex = [];
      for (let k = 0; k < n; k++) slotIndex.push(w.num());
      owners = new Array<Jit | null>(n).fill(null);
    }
    const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes as BufferSource), { e: { m: tm.memory } });
    const slot = next;
    next = (next + 1) % slotIndex.length;
    const old = owners[slot];
    if (old) old.alive = false; // its program runs in the evaluator from now on
    tm.table.set(slotIndex[slot]!, inst.exports.f as never);
    const tail = [0, 1, JIT_STEP, slot, codeOf(dt), codeOf(dt), nin];
    for (let k = 0; k < nin; k++) tail.push(k);
    tail.push(0, nin);
    const j: Jit = { slot, tail, alive: true };
    owners[slot] = j;
    return j;
  } catch {
    failed = true; // this engine cannot: the evaluator runs every program
    return null;
  }
}

const codeOf = (d: DType): number => info(d).code;
