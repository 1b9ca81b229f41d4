// fuse(fn): an elementwise chain, possibly ending in one reduction, traced once per combination of
// input dtypes and shapes, then run by the engine in one pass (src/kernels/fused.cpp; a final
// reduction reads the chain's values as they are computed: kernels::FusedValues): one request per
// call, no temporaries, the bits of the unfused calls. Tracing calls fn with traced values (traced.ts); each elementwise op that
// meets one records a step with the dtypes the unfused op would use (the same promotion code:
// inputsDType and each op's force / result rules), and casts where the unfused op would cast.
import { Kind, MathBinaryOp, Op } from './boundary_tables.js';
import { type DType, checkDType, info } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, takeScalar } from './ndarray.js';
import { NDArrayClass, checkOut, putOperand } from './kernel_client.js';
import { inputsDType, isScalar } from './ops.js';
import { full, storedNumber } from './creation.js';
import { type Recorder, TracedArray, setRecorder } from './traced.js';
import { family, needFamily } from './families.js';
import { readView } from './view.js';
import { type Jit, jit } from './fuse_jit.js';
import { wire } from './wire.js';
import { type SigRef, bind } from './signature.js';
import { closeScope, openScope } from './storage.js';

const MATH = /* @__PURE__ */ family('math');
const FUSE: SigRef = { sig: '-: fuse(fn: Function) -> FusedFunction' };

/** Options of a fused call. */
export interface FusedCallOptions {
  /**
   * Write the result into this array (any writable view, a transposed or strided one included)
   * and return it. Its shape must be the result's; the result is converted to its dtype by NumPy's
   * same_kind rule. It may overlap the inputs: the result is the unfused chain's.
   */
  out?: NDArray | null | undefined;
}

/**
 * A fused function (see {@link fuse}): called as `fn` would be, it returns what `fn` returns (`R`:
 * an NDArray, or a JS number for a chain ending in a full reduction), or `out` when given.
 */
export interface FusedFunction<R = NDArray> {
  /** Runs the chain over the inputs in one pass, writing into `out`; returns out. */
  (...args: [...inputs: NDArray[], options: { out: NDArray }]): NDArray;
  /** Runs the chain over `inputs` (NDArrays) in one pass. */
  (...args: (NDArray | FusedCallOptions)[]): R;
  /** The traced program for these inputs: its steps with their dtypes, and how each input is read. */
  explain(...inputs: NDArray[]): string;
  /** The function that was fused. */
  readonly fn: (...xs: NDArray[]) => R;
}

// The kinds a fused program runs (everything else is refused when traced).
const FUSABLE: ReadonlySet<number> = new Set([Kind.Copy, Kind.Binary, Kind.Unary, Kind.Where, Kind.MathUnary, Kind.MathBinary, Kind.Clip]);

/** One value of a trace: an input (a parameter or a captured array), a constant or a step. */
type Node =
  | { t: 'param'; index: number; dtype: DType; shape: number[] }
  | { t: 'array'; array: NDArray; dtype: DType; shape: number[] }
  | { t: 'const'; value: number; dtype: DType; shape: number[] }
  | { t: 'step'; op: string; kind: number; code: number; in: DType; dtype: DType; args: number[]; shape: number[] }
  | { t: 'reduce'; op: string; kind: number; code: number; bits: number; keepdims: boolean; in: DType; dtype: DType; args: number[]; shape: number[] };

/** A chain's final reduction: its kernel (Kind.Reduce or ReduceMore, the op), axes as bits, keepdims, result dtype and shape. */
interface Reduction {
  op: string;
  kind: number;
  code: number;
  bits: number;
  keepdims: boolean;
  dtype: DType;
  shape: number[];
}

/** A traced program for one combination of input dtypes and shapes, numbered as the engine reads it. */
interface Program {
  leaves: Node[]; // 'param' and 'array' nodes, in input order
  consts: { dtype: DType; value: number }[];
  steps: { op: string; kind: number; code: number; in: DType; out: DType; args: number[]; shape: number[]; powLeaf: number }[];
  result: number;
  /** The elementwise result's dtype and shape (what the reduction, if any, reads). */
  dtype: DType;
  shape: number[];
  reduce: Reduction | null;
  /** The request after the inputs (constants, steps, result), when no step depends on the call. */
  tail: number[] | null;
  /** The chain compiled (fuse_jit.ts): undefined until tried, null when it is not compiled. */
  jit: Jit | null | undefined;
}

function broadcastShapes(op: string, shapes: readonly (readonly number[])[]): number[] {
  const n = Math.max(0, ...shapes.map((s) => s.length));
  const out = new Array<number>(n).fill(1);
  for (const s of shapes) {
    for (let i = 0; i < s.length; i++) {
      const j = n - s.length + i;
      const d = s[i]!;
      if (out[j] === 1) out[j] = d;
      else if (d !== 1 && d !== out[j]) {
        throw new StrideViewError('shape_mismatch', `${op}: operands could not be broadcast together with shapes ${shapes.map((x) => fmt(x)).join(' ')}`);
      }
    }
  }
  return out;
}

const numel = (s: readonly number[]): number => s.reduce((a, b) => a * b, 1);

/** Records one call of the traced function. */
class Trace implements Recorder {
  readonly nodes: Node[] = [];
  private readonly captured = new Map<NDArray, number>();

  param(index: number, a: NDArray): TracedArray {
    this.nodes.push({ t: 'param', index, dtype: a.dtype, shape: a.shape });
    return new TracedArray(this, this.nodes.length - 1, a.dtype, a.shape);
  }

  private push(n: Node): number {
    this.nodes.push(n);
    return this.nodes.length - 1;
  }

  /** The value of `x` as an operand of `op` in dtype `d` (a cast step when its dtype differs). */
  private operand(op: string, x: unknown, d: DType): number {
    let id: number;
    if (x instanceof TracedArray) {
      if (x._rec !== this) throw new StrideViewError('invalid_argument', `${op}: a traced value of another fused function`);
      id = x._id;
    } else if (x instanceof NDArray) {
      x._check(op);
      id = this.captured.get(x) ?? -1;
      if (id < 0) {
        id = this.push({ t: 'array', array: x, dtype: x.dtype, shape: x.shape });
        this.captured.set(x, id);
      }
    } else {
      const v = storedNumber(op, d, x as number);
      if (v === null) return this.operand(op, full([], x as number, d), d); // past 2^53: a 0-d array
      return this.push({ t: 'const', value: v, dtype: d, shape: [] });
    }
    const n = this.nodes[id]!;
    if (n.t === 'reduce') afterReduction(op, n.op);
    if (n.dtype === d) return id;
    return this.push({ t: 'step', op, kind: Kind.Copy, code: 0, in: n.dtype, dtype: d, args: [id], shape: n.shape });
  }

  private arrayOf(op: string, x: unknown): { dtype: DType } | null {
    if (x instanceof TracedArray || x instanceof NDArray) return x;
    if (isScalar(x)) return null;
    throw new TypeError(`${op}: an input must be a traced value, an NDArray or a scalar; got ${fmt(x)} (make nested arrays NDArrays outside the function)`);
  }

  private step(op: string, kind: number, code: number, d: DType, rdt: DType, args: number[]): TracedArray {
    const shape = broadcastShapes(op, args.map((a) => this.nodes[a]!.shape));
    const id = this.push({ t: 'step', op, kind, code, in: d, dtype: rdt, args, shape });
    return new TracedArray(this, id, rdt, shape);
  }

  op(op: string, kind: number, code: number, inputs: readonly unknown[], hasOut: boolean,
    force: ((d: DType) => DType) | undefined, result: (d: DType) => DType): TracedArray {
    if (!FUSABLE.has(kind)) throw new StrideViewError('invalid_argument', `${op}: cannot be fused: a fused program runs elementwise ops and at most one final sum, mean, max, min, prod, any or all`);
    if (hasOut) throw new StrideViewError('invalid_argument', `${op}: out inside a fused function; pass out to the fused call`);
    const arrs = inputs.map((x) => this.arrayOf(op, x));
    const dt = inputsDType(op, inputs, arrs);
    const d = force ? force(dt) : dt;
    const rdt = result(d);
    const args = inputs.map((x) => this.operand(op, x, d));
    return this.step(op, kind, code, d, rdt, args);
  }

  where(condition: unknown, x: unknown, y: unknown): TracedArray {
    const op = 'where';
    const c = this.arrayOf(op, condition) === null ? this.push({ t: 'const', value: (condition as number) != 0 ? 1 : 0, dtype: 'bool', shape: [] }) : this.operand(op, condition, 'bool');
    const inputs = [x, y];
    const d = inputsDType(op, inputs, inputs.map((v) => this.arrayOf(op, v)));
    return this.step(op, Kind.Where, 0, d, d, [c, this.operand(op, x, d), this.operand(op, y, d)]);
  }

  cast(x: TracedArray, dtype: DType): TracedArray {
    const d = checkDType('astype', dtype);
    const n = this.nodes[x._id]!;
    if (n.t === 'reduce') afterReduction('astype', n.op);
    if (d === x.dtype) return x;
    const id = this.push({ t: 'step', op: 'astype', kind: Kind.Copy, code: 0, in: x.dtype, dtype: d, args: [x._id], shape: n.shape });
    return new TracedArray(this, id, d, n.shape);
  }

  reduce(op: string, kind: number, code: number, x: unknown, bits: number, keepdims: boolean, dtype: DType | null,
    natural: (d: DType) => DType): TracedArray {
    const t = x as TracedArray;
    const id = this.operand(op, t, dtype ?? t.dtype);
    const n = this.nodes[id]!;
    const shape: number[] = [];
    n.shape.forEach((len, i) => {
      if (Math.floor(bits / 2 ** i) % 2 === 0) shape.push(len);
      else if (keepdims) shape.push(1);
    });
    const rdt = natural(n.dtype);
    const rid = this.push({ t: 'reduce', op, kind, code, bits, keepdims, in: n.dtype, dtype: rdt, args: [id], shape });
    return new TracedArray(this, rid, rdt, shape);
  }

  /** The program that computes `r`: the values it needs, numbered inputs, constants, steps. */
  program(r: TracedArray): Program {
    const last = this.nodes[r._id]!;
    let reduce: Reduction | null = null;
    if (last.t === 'reduce') {
      reduce = { op: last.op, kind: last.kind, code: last.code, bits: last.bits, keepdims: last.keepdims, dtype: last.dtype, shape: last.shape };
      r = { _id: last.args[0]!, dtype: last.in, shape: this.nodes[last.args[0]!]!.shape } as TracedArray;
    }
    const need = new Array<boolean>(this.nodes.length).fill(false);
    const mark = (i: number): void => {
      if (need[i]) return;
      need[i] = true;
      const n = this.nodes[i]!;
      if (n.t === 'step') n.args.forEach(mark);
    };
    mark(r._id);
    const num = new Array<number>(this.nodes.length).fill(-1);
    const leaves: Node[] = [];
    // parameters in argument order, then captured arrays
    const params = this.nodes.map((n, i) => [n, i] as const).filter(([n, i]) => need[i] && n.t === 'param');
    params.sort((a, b) => (a[0] as { index: number }).index - (b[0] as { index: number }).index);
    for (const [n, i] of params) num[i] = leaves.push(n) - 1;
    this.nodes.forEach((n, i) => {
      if (need[i] && n.t === 'array') num[i] = leaves.push(n) - 1;
    });
    if (leaves.length > 7) throw new StrideViewError('invalid_argument', `fuse: a fused program reads at most 7 arrays, this one reads ${leaves.length}`);
    const consts: Program['consts'] = [];
    this.nodes.forEach((n, i) => {
      if (need[i] && n.t === 'const') num[i] = leaves.length + consts.push({ dtype: n.dtype, value: n.value }) - 1;
    });
    const steps: Program['steps'] = [];
    const base = leaves.length + consts.length;
    this.nodes.forEach((n, i) => {
      if (!need[i] || n.t !== 'step') return;
      const args = n.args.map((a) => num[a]!);
      // pow's exponent read as one value: the unfused kernel's fast path (kernels/math.cpp). A
      // constant or a one-element value always; an input array when its layout is (at call time).
      let powLeaf = -1;
      if (n.kind === Kind.MathBinary && n.code === MathBinaryOp.Pow) {
        const e = this.nodes[n.args[1]!]!;
        powLeaf = e.t === 'const' || numel(e.shape) === 1 ? -2 : e.t === 'param' || e.t === 'array' ? args[1]! : -1;
      }
      num[i] = base + steps.push({ op: n.op, kind: n.kind, code: n.code, in: n.in, out: n.dtype, args, shape: n.shape, powLeaf }) - 1;
    });
    const p: Program = { leaves, consts, steps, result: num[r._id]!, dtype: r.dtype, shape: r.shape, reduce, tail: null, jit: undefined };
    if (steps.every((s) => s.powLeaf < 0)) p.tail = encodeTail(p, []);
    return p;
  }
}

/** Refuses a use of a reduction's result inside the fused function. */
function afterReduction(op: string, red: string): never {
  throw new StrideViewError('invalid_argument', `${op}: the result of ${red} inside a fused function can only be returned (a reduction ends the chain); apply ${op} to the fused call's result`);
}

/** A broadcast scalar as the pow kernel sees it: every dim longer than 1 at stride 0, no mask. */
function uniformArray(a: NDArray): boolean {
  if (a._v._hasMask) return false;
  const sh = a.shape;
  const st = a.strides;
  for (let d = 0; d < sh.length; d++) {
    if (sh[d] === 0) return false;
    if (sh[d]! > 1 && st[d] !== 0) return false;
  }
  return true;
}

function traceProgram(fn: (...xs: NDArray[]) => unknown, inputs: readonly NDArray[]): Program {
  const t = new Trace();
  const xs = inputs.map((a, i) => t.param(i, a));
  const prev = setRecorder(t);
  // Arrays fn creates while traced (constants it computes, captured there) belong to the program,
  // not to an enclosing tidy(): they are read by every later call.
  const outer = openScope(null as never);
  let r: unknown;
  try {
    r = fn(...(xs as unknown as NDArray[]));
  } catch (e) {
    // a function that is not elementwise met a traced value: its own TypeError, as the refusal
    if (e instanceof TypeError && e.message.includes('(inside fuse())')) throw new StrideViewError('invalid_argument', e.message);
    throw e;
  } finally {
    closeScope(outer);
    setRecorder(prev);
  }
  if (!(r instanceof TracedArray) || r._rec !== t) {
    throw new TypeError(`fuse: the function must return a value computed from its arguments by elementwise ops (and at most one final reduction), got ${fmt(r)}`);
  }
  return t.program(r);
}

function splitArgs(args: readonly unknown[]): { inputs: NDArray[]; out: NDArray | undefined } {
  let n = args.length;
  let out: NDArray | undefined;
  const last = args[n - 1];
  const proto = last !== null && typeof last === 'object' ? Object.getPrototypeOf(last) : undefined;
  if (n > 0 && (proto === Object.prototype || proto === null)) {
    n--;
    for (const k of Object.keys(last as object)) {
      if (k !== 'out') throw new TypeError(`fuse: unknown option ${fmt(k)} of a fused call (it takes out)`);
    }
    const o = (last as FusedCallOptions).out;
    if (o !== null && o !== undefined) {
      if (!(o instanceof NDArray)) throw new TypeError(`fuse: out must be an NDArray, got ${fmt(o)}`);
      out = o;
    }
  }
  const inputs: NDArray[] = [];
  for (let i = 0; i < n; i++) {
    const a = args[i];
    if (!(a instanceof NDArray)) throw new TypeError(`fuse: input ${i} must be an NDArray, got ${fmt(a)}`);
    a._check('fuse');
    inputs.push(a);
  }
  return { inputs, out };
}

/** Constants, steps and result as the request carries them (`arrays`: the leaves' arrays of the call). */
function encodeTail(p: Program, arrays: readonly NDArray[]): number[] {
  const t: number[] = [p.consts.length];
  for (const c of p.consts) t.push(info(c.dtype).code, c.value);
  t.push(p.steps.length);
  for (const s of p.steps) {
    t.push(s.kind, s.code, info(s.in).code, info(s.out).code, s.args.length, ...s.args);
    const leaf = s.powLeaf >= 0 ? arrays[s.powLeaf]! : null;
    // (a float16 exponent is widened into a contiguous copy first: one value only when it has one element)
    t.push(s.powLeaf === -2 || (leaf !== null && leaf.dtype === s.in && s.in !== 'float16' && !(leaf._v._hasMask && !Object.is(leaf._fill, 0)) && uniformArray(leaf)) ? 1 : 0);
  }
  t.push(p.result);
  return t;
}

function run(p: Program, inputs: readonly NDArray[], out: NDArray | undefined): unknown {
  if (p.jit === undefined) p.jit = jit(p.dtype, p.leaves.length, p.consts, p.steps, p.result);
  const red = p.reduce;
  const rdt = red === null ? p.dtype : red.dtype;
  const w = wire.begin();
  if (out !== undefined) {
    checkOut('fuse', out, rdt);
    w.put(1);
    w.put(info(rdt).code);
    putOperand(w, out);
  } else {
    w.put(0);
    w.put(info(rdt).code);
    w.put(0); // the result's shape: the inputs' broadcast shape, which the engine computes
  }
  const leaves = p.leaves;
  w.put(leaves.length);
  const arrays: NDArray[] = p.tail === null ? [] : (undefined as never);
  for (let i = 0; i < leaves.length; i++) {
    const l = leaves[i]!;
    const a = l.t === 'param' ? inputs[l.index]! : (l as { array: NDArray }).array;
    if (l.t === 'array') a._check('fuse');
    if (p.tail === null) arrays.push(a);
    putOperand(w, a);
    w.put(a._v._hasMask ? a._fill : 0);
  }
  w.putAll(p.jit?.alive ? p.jit.tail : p.tail ?? encodeTail(p, arrays));
  if (red === null) {
    w.put(-1);
  } else {
    w.put(red.kind);
    w.put(red.code);
    w.put(red.bits);
    w.put(red.keepdims ? 1 : 0);
    w.put(info(red.dtype).code);
  }
  w.call(Op.KernelFused);
  if (out !== undefined) return out;
  const ptr = w.num();
  const r = NDArrayClass._adopt(ptr, readView(w, null, null), rdt);
  // a full reduction without keepdims: a JS value, as the unfused reduction gives
  return red !== null && r.ndim === 0 && !red.keepdims ? takeScalar(r) : r;
}

// How an input is read, in words (explain).
function reading(a: NDArray, shape: readonly number[]): string {
  const sh = a.shape;
  const st = a.strides;
  const parts: string[] = [];
  const lead = shape.length - sh.length;
  const bdims: number[] = [];
  for (let d = 0; d < shape.length; d++) {
    const k = d - lead;
    if (k < 0 || (sh[k] === 1 && shape[d] !== 1) || (st[k] === 0 && shape[d]! > 1)) bdims.push(d);
  }
  if (bdims.length > 0) parts.push(`broadcast along dim${bdims.length > 1 ? 's' : ''} ${bdims.join(', ')} (stride 0)`);
  if (a._v._hasMask) parts.push(`padded (masked-out elements read ${a._fill})`);
  const last = sh.length > 0 ? st[sh.length - 1]! : 1;
  if (a.isCContiguous) parts.push('contiguous rows, read in place');
  else if (sh.length >= 2 && last !== 1 && st.some((s, i) => s === 1 && i < sh.length - 1 && sh[i]! >= 4)) parts.push('transposed: read through staged tiles');
  else if (last === 0 || last === 1) parts.push('rows read in place');
  else parts.push(`strided rows (step ${last}), gathered per block`);
  return parts.join('; ');
}

function explainProgram(p: Program, inputs: readonly NDArray[]): string {
  const lines: string[] = [];
  const name = (v: number): string => (v < p.leaves.length ? `in${v}` : v < p.leaves.length + p.consts.length ? `c${v - p.leaves.length}` : `t${v - p.leaves.length - p.consts.length}`);
  lines.push(`fused program: ${p.steps.length} step${p.steps.length === 1 ? '' : 's'} in one pass over ${fmt(p.shape)} (blocks of up to 1024 elements in L1; one engine call)`);
  p.leaves.forEach((l, i) => {
    const a = l.t === 'param' ? inputs[l.index]! : (l as { array: NDArray }).array;
    const what = l.t === 'param' ? `argument ${l.index}` : 'captured array';
    lines.push(`  in${i} = ${what}: ${a.dtype} ${fmt(a.shape)} strides ${fmt(a.strides)} offset ${a.offset}: ${reading(a, p.shape)}`);
  });
  p.consts.forEach((c, i) => lines.push(`  c${i} = ${c.value} (${c.dtype})`));
  const base = p.leaves.length + p.consts.length;
  p.steps.forEach((s, i) => {
    const what = s.kind === Kind.Copy ? `cast(${name(s.args[0]!)}) ${s.in} -> ${s.out}` : `${s.op}(${s.args.map(name).join(', ')}) in ${s.in}${s.out !== s.in ? ` -> ${s.out}` : ''}`;
    lines.push(`  t${i} = ${what}  ${fmt(s.shape)}${s.out === 'float16' && s.kind !== Kind.Copy ? ' (computed in float32, rounded to float16 as the unfused op)' : ''}`);
  });
  const red = p.reduce;
  if (red === null) {
    lines.push(`  result = ${name(p.result)}: ${p.dtype} ${fmt(p.shape)}${p.result < base ? ' (copied)' : ''}`);
  } else {
    const axes = p.shape.map((_, i) => i).filter((i) => Math.floor(red.bits / 2 ** i) % 2 === 1);
    lines.push(`  result = ${red.op}(${name(p.result)}) over ${axes.length === p.shape.length ? 'every axis' : `axis ${axes.join(', ')}`}${red.keepdims ? ' (keepdims)' : ''}: ${red.dtype} ${fmt(red.shape)}`);
    lines.push(`    reduced as the values are computed, block by block, in the order the unfused ${red.op} reads a stored array (its bits); no array of ${fmt(p.shape)} is made`);
  }
  if (p.jit === undefined) p.jit = jit(p.dtype, p.leaves.length, p.consts, p.steps, p.result);
  lines.push(p.jit?.alive
    ? 'each block runs one compiled SIMD128 loop: every value stays in registers (a load per input, a store per result)'
    : "each block runs every step's own kernel loop in turn, its values in L1 registers of the block");
  return lines.join('\n');
}

let guarded = false;
/**
 * Every NDArray property a traced value lacks (reductions, movement ops, `.T`, element access ...)
 * throws on access with the property's name: only elementwise functions can be fused. Installed on
 * the first fuse(), when NumPy's methods are on the class.
 */
function guardMethods(): void {
  if (guarded) return;
  guarded = true;
  const own = new Set(Object.getOwnPropertyNames(TracedArray.prototype));
  for (const k of Object.getOwnPropertyNames(NDArray.prototype)) {
    if (own.has(k) || k.startsWith('_')) continue;
    Object.defineProperty(TracedArray.prototype, k, {
      configurable: true,
      get(): never {
        throw new StrideViewError('invalid_argument', `fuse: .${k} of a traced value: only elementwise functions (add, mul, where, exp, clip, astype ...) can be fused; compute ${k} outside the fused function`);
      },
    });
  }
}

/**
 * Fuses an elementwise chain into one pass: `fuse(fn)` returns a function that, called with arrays,
 * gives `fn`'s result computed by the engine in a single traversal, with no temporaries and one
 * call into WebAssembly (numexpr's design, in the engine).
 *
 * ```js
 * const norm = fuse((x, m, s, g, b) => add(mul(div(sub(x, m), s), g), b));
 * const y = norm(x, mean, std, gamma, beta);        // a new array
 * norm(x, mean, std, gamma, beta, { out: y });      // into y
 * console.log(norm.explain(x, mean, std, gamma, beta));
 * ```
 *
 * `fn` is traced once per combination of its inputs' dtypes and shapes: it is called with traced
 * values that stand for the arrays, and every elementwise function it applies (arithmetic,
 * comparisons, logical and integer ops, `where`, `clip`, `maximum` / `minimum`, the math functions,
 * `astype`, JS numbers as constants; arrays it closes over become inputs) is recorded with the
 * broadcasting and dtypes the unfused call would use. The fused result is bit for bit the unfused
 * chain's, float16 rounding included.
 *
 * The chain may end in one reduction: `sum`, `mean`, `max`, `min`, `prod`, `any` or `all` with
 * `axis`, `keepdims` and (sum, prod) a `dtype` the values are cast to. The values are then reduced
 * as they are computed, block by block, without the chain's array ever existing, in the order the
 * unfused reduction reads a stored array, so the result has its bits too; a full reduction returns a
 * JS value, as the unfused one does:
 *
 * ```js
 * const mse = fuse((a, b) => mean(square(sub(a, b))));
 * mse(pred, target);                                  // a number, one pass, no temporary
 * ```
 *
 * Anything else inside `fn` (other reductions, a use of a reduction's result, matmul, sorting,
 * indexing, reshapes, `out` or `where` keywords) is an error naming the function. Inputs may be any
 * views (strided, broadcast, transposed, padded): they are read in place. At most 7 arrays per
 * program. Needs the engine's 'math' family.
 */
export function fuse<R = NDArray>(fn: (...xs: NDArray[]) => R): FusedFunction<R> {
  if (arguments.length !== 1) bind(FUSE, arguments); // a second argument is refused (never ignored)
  if (typeof fn !== 'function') throw new TypeError(`fuse: fn must be a function, got ${fmt(fn)}`);
  guardMethods();
  const cache = new Map<string, Program>();
  // The last call's inputs (dtype and shape each) and program: a repeated call compares numbers.
  let lastDtypes: DType[] = [];
  let lastShapes: (readonly unknown[])[] = [];
  let lastProgram: Program | null = null;
  const same = (inputs: readonly NDArray[]): boolean => {
    if (inputs.length !== lastDtypes.length) return false;
    for (let i = 0; i < inputs.length; i++) {
      const a = inputs[i]!;
      if (a.dtype !== lastDtypes[i]) return false;
      const s = a._v._shape;
      const t = lastShapes[i]!;
      if (s !== t) {
        if (s.length !== t.length) return false;
        for (let d = 0; d < s.length; d++) if (s[d] !== t[d]) return false;
      }
    }
    return true;
  };
  const programFor = (inputs: readonly NDArray[]): Program => {
    if (lastProgram !== null && same(inputs)) return lastProgram;
    const p = lookup(inputs);
    lastDtypes = inputs.map((a) => a.dtype);
    lastShapes = inputs.map((a) => a._v._shape);
    lastProgram = p;
    return p;
  };
  const lookup = (inputs: readonly NDArray[]): Program => {
    let key = '';
    for (const a of inputs) key += `${a.dtype}[${a.shape.join(',')}]`;
    let p = cache.get(key);
    if (p === undefined) {
      p = traceProgram(fn, inputs);
      if (cache.size >= 64) cache.delete(cache.keys().next().value as string);
      cache.set(key, p);
    }
    return p;
  };
  const f = ((...args: unknown[]): unknown => {
    needFamily('fuse', MATH);
    try {
      const { inputs, out } = splitArgs(args);
      return run(programFor(inputs), inputs, out);
    } catch (e) {
      throw relabel('fuse', e);
    }
  }) as FusedFunction<R>;
  Object.defineProperty(f, 'fn', { value: fn });
  Object.defineProperty(f, 'explain', {
    value: (...inputs: unknown[]): string => {
      try {
        const { inputs: xs, out } = splitArgs(inputs);
        if (out !== undefined) throw new TypeError('fuse: explain takes the inputs only');
        return explainProgram(programFor(xs), xs);
      } catch (e) {
        throw relabel('fuse', e);
      }
    },
  });
  return f;
}

