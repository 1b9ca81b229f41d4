// The engine's families: the parts of the engine an app fetches only when its code uses them.
//
// The SIMD build is two WebAssembly modules: the core (views and movement ops, copy and cast,
// elementwise arithmetic and comparisons, `where`, the reductions `sum` `max` `min` `mean`,
// gathers, what printing and `<stride-view>` need) and the families module (vector math, matmul,
// statistics/scans/sorting, random numbers, symbolic views), which shares the core's memory, so
// arrays pass between them with no copy (scripts/split-wasm.mjs; ARCHITECTURE.md "Core and
// families"). The scalar and threaded builds are one module each: every family is there at init.
//
// Which families an app needs follows from the functions it contains: each function that reaches a
// family's engine code names its module's registration (`const G = /* @__PURE__ *\/ family(...)` or
// ndarray.ts methodGroup) in its body, so a bundler that drops every such function drops the
// registration too, and init() loads the families module only when some registration ran.
// A family op called while its module is not loaded throws (needFamily) instead of reaching the
// engine: the core's calls into a family go through placeholders that must never run.
import {
  ARG_OPS, BINARY_OPS, REDUCE_OPS, Kind, Op, MATH_BINARY_OPS, MATH_OPS, MOMENT_OPS, PARTITION_OPS, REDUCE_MORE_OPS, SCAN_OPS, SORT_OPS, UNARY_OPS, UnaryOp,
} from './boundary_tables.js';
import { StrideViewError } from './errors.js';

/** The engine's families (see {@link load}). */
export type Family = 'math' | 'linalg' | 'stats' | 'random' | 'symbolic' | 'complex';
/** Every family, in the order {@link load} lists them. */
export const FAMILIES: readonly Family[] = ['math', 'linalg', 'stats', 'random', 'symbolic', 'complex'];

const used = new Set<Family>();
/** @internal Every family's engine code is in place (read on the per-call path: a live binding). */
export let familiesReady = false;

/** @internal Called at load by every file whose functions reach the family's engine code. */
export function useFamily(f: Family): void {
  used.add(f);
}

/**
 * @internal The family f, registered: `const G = /* @__PURE__ *\/ family('random')` in a module whose
 * functions name G (`needFamily(op, G)`), so that a bundler keeps the registration exactly when it
 * keeps one of them (ndarray.ts methodGroup does the same for functions with NumPy methods).
 */
export function family(f: Family): Family {
  useFamily(f);
  return f;
}

/** @internal The families this program's code uses (bundlers drop the files an app never imports). */
export function familiesUsed(): Family[] {
  return FAMILIES.filter((f) => used.has(f));
}

/** @internal Every family's engine code is in place (the families module, or a one-module build). */
export function setFamiliesReady(v: boolean): void {
  familiesReady = v;
}


/** The error a family op raises while its family is not loaded. */
export function notLoaded(op: string, f: Family): StrideViewError {
  return new StrideViewError(
    'not_loaded',
    `${op}: needs the engine's '${f}' family, which is not loaded: call \`await load('${f}')\` first ` +
      `(init() loads the families the app's code imports, unless it was called with { load: 'core' })`,
  );
}

/** @internal Throws unless the family's engine code is in place. */
export function needFamily(op: string, f: Family): void {
  if (!familiesReady) throw notLoaded(op, f);
}

/**
 * @internal Throws for a request of the 'symbolic' family while it is absent (wire.ts, for every
 * request but the core's: the Shape ops, view creation and requiredSpan on concrete views, slices,
 * kernel calls and gathers). No symbolic view exists then: Sym.variable needs the family.
 */
export function checkRequestFamily(op: number): void {
  if (op <= Op.ShapeToString || op === Op.ViewCreate || op === Op.ViewSlice || op === Op.KernelRun || op === Op.KernelGather) return;
  // (requiredSpan of a concrete view too: the only views before the family is loaded)
  if (op === Op.ViewRequiredSpan) return;
  throw notLoaded('request', op === Op.KernelFused ? 'math' : op === Op.KernelLinalg ? 'linalg' : op === Op.KernelFft ? 'complex' : 'symbolic'); // the caller relabels it with its own name
}

// The kernel kinds whose engine code is a family's (kernel_client.ts checks every kernel call).
const KIND_FAMILY: Partial<Record<Kind, Family>> = {
  [Kind.MathUnary]: 'math',
  [Kind.MathBinary]: 'math',
  [Kind.Clip]: 'math',
  [Kind.ReduceMore]: 'stats',
  [Kind.Moments]: 'stats',
  [Kind.Arg]: 'stats',
  [Kind.Scan]: 'stats',
  [Kind.Sort]: 'stats',
  [Kind.Topk]: 'stats',
  [Kind.Search]: 'stats',
  [Kind.Partition]: 'stats',
  [Kind.Matmul]: 'linalg',
};

const KIND_NAMES: Partial<Record<Kind, Record<string, number> | string>> = {
  [Kind.Unary]: UNARY_OPS,
  [Kind.MathUnary]: MATH_OPS,
  [Kind.MathBinary]: MATH_BINARY_OPS,
  [Kind.Clip]: 'clip',
  [Kind.ReduceMore]: REDUCE_MORE_OPS,
  [Kind.Moments]: MOMENT_OPS,
  [Kind.Arg]: ARG_OPS,
  [Kind.Scan]: SCAN_OPS,
  [Kind.Sort]: SORT_OPS,
  [Kind.Topk]: 'topk',
  [Kind.Search]: 'searchsorted',
  [Kind.Partition]: PARTITION_OPS,
  [Kind.Matmul]: 'matmul',
};

/**
 * @internal Throws when a kernel call needs a family that is not loaded (kernel_client.ts, before
 * every kernel call while the families are absent). Unary `exp` and `log` run on vector math.
 */
export function checkKernelFamily(kind: Kind, code: number, complex: boolean = false): void {
  const f = complex && kind !== Kind.Copy ? 'complex' : kind === Kind.Unary ? (code === UnaryOp.Exp || code === UnaryOp.Log ? 'math' : null) : KIND_FAMILY[kind] ?? null;
  if (f === null) return;
  const names: Record<string, number> | string | undefined =
    kind === Kind.Binary ? BINARY_OPS : kind === Kind.Reduce ? REDUCE_OPS : kind === Kind.Where ? 'where' : KIND_NAMES[kind];
  const op = typeof names === 'string' ? names : Object.keys(names ?? {}).find((k) => names![k] === code) ?? 'kernel';
  throw notLoaded(op, f);
}
