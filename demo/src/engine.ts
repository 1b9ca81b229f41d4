// The adapter: the ONLY module of the demo that talks to the strideview package. Everything the
// page shows comes out of here as plain numbers and texts (model.ts) computed by the WASM engine;
// the rest of the demo never sees an engine object and never re-implements a view rule.
import * as sv from 'strideview';
import { applyOp as applyStep, parseOps } from 'strideview/element';

import {
  type BaseSpec,
  type Cell,
  type OpSpec,
  type ShownError,
  type Snapshot,
  type VarSpec,
  MAX_BASE,
  MAX_BUFFER_CELLS,
  MAX_CELLS,
  MAX_COPY,
  MAX_DRAWN_RANK,
} from './model';
import { InputError, OpChainError, formatList, parseInts } from './parse';

type NDArray = sv.NDArray;
type View = sv.View;
type Var = sv.Var;

/** The thing the operations act on: an NDArray over real memory, or a bare (symbolic) View. */
export type Subject =
  | { kind: 'array'; arr: NDArray }
  | { kind: 'view'; view: View; base: View };

let ready: Promise<void> | null = null;
/** Why the 'math' family (which fuse needs) did not load, if it did not. */
let mathError: string | null = null;

/**
 * Loads the WASM engine once (the package finds its wasm next to the bundle and picks the build),
 * then the 'math' family the code panel's fused program needs, if init() left it out. A family that
 * fails to load leaves the rest of the demo working: the Fused tab says why.
 */
export function loadEngine(): Promise<void> {
  if (!ready) {
    ready = sv.init().then(async () => {
      if (sv.isLoaded('math')) return;
      try {
        await sv.load('math');
      } catch (e) {
        mathError = toShownError(e).message;
      }
    });
  }
  return ready;
}

// ---------------------------------------------------------------- errors

export function toShownError(e: unknown): ShownError {
  if (e instanceof sv.StrideViewError) return { code: String(e.code), message: e.message, engine: true };
  if (e instanceof InputError || e instanceof OpChainError) return { code: 'input', message: e.message, engine: false };
  // The package's own argument checks (TypeError, RangeError) and anything unforeseen.
  if (e instanceof Error) return { code: e.name, message: e.message, engine: false };
  return { code: 'unexpected', message: String(e), engine: false };
}

// ---------------------------------------------------------------- symbolic variables

const vars = new Map<string, { spec: VarSpec; v: Var }>();

/** The engine variable for a spec: reused while its bounds stay the same, bound as the spec says. */
function variable(spec: VarSpec): Var {
  let entry = vars.get(spec.name);
  if (!entry || entry.spec.min !== spec.min || entry.spec.max !== spec.max) {
    entry = { spec: { ...spec, value: null }, v: sv.Sym.variable(spec.name, spec.min, spec.max) };
    vars.set(spec.name, entry);
  }
  if (entry.spec.value !== spec.value) {
    if (spec.value === null) sv.Sym.unbind(entry.v);
    else sv.Sym.bind(entry.v, spec.value); // checks the bounds; throws StrideViewError
    entry.spec.value = spec.value;
  }
  return entry.v;
}

function symDims(dims: Array<number | string>, specs: VarSpec[]): sv.Dim[] {
  return dims.map((d) => {
    if (typeof d === 'number') return d;
    const spec = specs.find((s) => s.name === d);
    if (!spec) throw new InputError(`unknown variable "${d}": add it to the starting shape first`);
    return sv.Sym.dim(variable(spec));
  });
}

// ---------------------------------------------------------------- building

let nextBufferId = 1;
const bufferIds = new WeakMap<object, number>();
const bufferLabels = new WeakMap<object, string>();

function owner(a: NDArray): NDArray {
  return a.base ?? a;
}

function bufferId(a: NDArray, label: string): number {
  const o = owner(a);
  let id = bufferIds.get(o);
  if (id === undefined) {
    id = nextBufferId++;
    bufferIds.set(o, id);
    bufferLabels.set(o, label);
  }
  return id;
}

/** Buffer numbers restart at #1 for each new starting point. */
export function resetBufferIds(): void {
  nextBufferId = 1;
}

/** The starting point: arange(numel) reshaped to a concrete shape, or a symbolic View. */
export function makeBase(spec: BaseSpec): Subject {
  if (spec.dims.every((d) => typeof d === 'number')) {
    const shape = spec.dims as number[];
    const n = sv.Shape.numel(shape);
    if (n > MAX_BASE) throw new InputError(`the demo starts from at most ${MAX_BASE} elements; [${shape.join(', ')}] has ${n}`);
    const arr = sv.arange(0, n, 1, 'int32').reshape(shape);
    bufferId(arr, `arange(${n})`);
    return { kind: 'array', arr };
  }
  const view = sv.View.create(symDims(spec.dims, spec.vars));
  return { kind: 'view', view, base: view };
}

/** Re-applies the bindings of `spec` to the engine's variables (binding is global in the engine). */
export function applyBindings(spec: BaseSpec): void {
  for (const v of spec.vars) variable(v);
}

/** Whether an op exists for this kind of subject (array-level ops need real memory). */
export function supports(kind: Subject['kind'], op: OpSpec['name']): boolean {
  if (kind === 'array') return true;
  return !['slice', 'squeeze', 'unsqueeze', 'contiguous'].includes(op);
}

/**
 * Applies one op through the engine, by the package's op-chain reader (`applyOp`, the same code as
 * <stride-view> and `applyOps`). Throws StrideViewError (engine), OpChainError (typing) or
 * InputError (the demo's own limits).
 */
export function applyOp(s: Subject, op: OpSpec, spec: BaseSpec): Subject {
  if (s.kind === 'array') {
    const a = s.arr;
    if ((op.name === 'contiguous' || op.name === 'reshape') && a.size > MAX_COPY) {
      throw new InputError(`${op.name}: the demo copies at most ${MAX_COPY} elements; this view has ${a.size}`);
    }
    const out = applyStep(a, op);
    if (owner(out) !== owner(a)) bufferId(out, `${op.name}() copy`);
    return { kind: 'array', arr: out };
  }
  if (!supports('view', op.name)) {
    throw new InputError(`${op.name} is an array operation; a symbolic view has no memory to slice or copy`);
  }
  const out = applyStep(s.view, op, { dim: (name) => symDims([name], spec.vars)[0]! });
  return { kind: 'view', view: out, base: s.base };
}

/** Whether the op made a new buffer (contiguous(), or a reshape that had to copy). */
export function newBuffer(before: Subject, after: Subject): boolean {
  return before.kind === 'array' && after.kind === 'array' && owner(before.arr) !== owner(after.arr);
}

/** Frees the memory of subjects no longer shown: their views, then the buffers no `kept` subject uses. */
export function release(subjects: Subject[], kept: Subject[] = []): void {
  const keep = new Set<NDArray>();
  for (const s of kept) if (s.kind === 'array') keep.add(owner(s.arr));
  const owners = new Set<NDArray>();
  for (const s of subjects) {
    if (s.kind !== 'array') continue;
    owners.add(owner(s.arr));
    if (!keep.has(s.arr)) s.arr.dispose();
  }
  for (const o of owners) if (!keep.has(o)) o.dispose();
}

/** The starting point as a call of the package, e.g. `arange(12).reshape(3, 4)`. */
export function baseCall(spec: BaseSpec): string {
  const dims = spec.dims.join(', ');
  if (!spec.dims.every((d) => typeof d === 'number')) return `View.create([${dims}])`;
  const n = sv.Shape.numel(spec.dims as number[]);
  return spec.dims.length === 1 ? `arange(${n})` : `arange(${n}).reshape(${dims})`;
}

// ---------------------------------------------------------------- reading a view

function cOrder(shape: number[], visit: (idx: number[]) => void): void {
  const n = shape.reduce((p, d) => p * d, 1);
  const idx = new Array<number>(shape.length).fill(0);
  for (let k = 0; k < n; k++) {
    visit(idx.slice());
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d]! < shape[d]!) break;
      idx[d] = 0;
    }
  }
}

function readMask(v: View): Array<[number, number]> | null {
  return v.mask ? v.mask.map(([b, e]) => [b, e] as [number, number]) : null;
}

/** The engine's evaluation of a possibly symbolic shape or strides; null while a variable is unbound. */
function concrete(dims: readonly sv.Dim[]): number[] | null {
  return sv.Sym.eval(dims);
}

/**
 * The engine's linear index of every cell in C order, in a few calls instead of one per cell (a
 * 64x64 view took ~4096 wire calls): the view's unmasked twin (View.create with its shape, strides
 * and offset; View.linearIndex ignores the mask too) placed over a buffer of its addresses, which the
 * engine's copy kernel reads back in C order. Null when the strides are not concrete.
 */
function linearIndices(v: View, shape: number[]): number[] | null {
  const strides = concrete(v.strides);
  if (!strides || shape.length === 0) return null;
  const twin = sv.View.create(shape, { strides, offset: v.offset });
  const span = twin.requiredSpan();
  if (span === null) return null;
  const [lo, hi] = span;
  const addresses = new Float64Array(hi - lo + 1);
  for (let i = 0; i < addresses.length; i++) addresses[i] = lo + i;
  const a = sv.fromNdarrayLike({ data: addresses, shape, strides, offset: v.offset - lo });
  try {
    return Array.from(a.toTypedArray() as Float64Array);
  } finally {
    a.dispose();
  }
}

/**
 * The logical cells in C order. `valueAt(k, linear)` reads the value of valid cell k (null: no memory).
 */
function cellsOf(
  v: View,
  shape: number[] | null,
  valueAt: ((k: number, linear: number) => number | null) | null,
): Pick<Snapshot, 'cells' | 'cellsNote'> {
  if (!shape) return { cells: null, cellsNote: 'Bind the variable to see the elements.' };
  if (shape.length > MAX_DRAWN_RANK) {
    return { cells: null, cellsNote: `Rank ${shape.length}: only ranks 0-${MAX_DRAWN_RANK} are drawn.` };
  }
  const n = shape.reduce((p, d) => p * d, 1);
  if (n > MAX_CELLS) return { cells: null, cellsNote: `${n} elements: too many to draw (limit ${MAX_CELLS}).` };
  const cells: Cell[] = [];
  const masked = v.mask !== null; // without a mask the engine calls every index valid: no need to ask per cell
  const linears = linearIndices(v, shape);
  cOrder(shape, (idx) => {
    const linear = linears ? linears[cells.length]! : v.linearIndex(idx);
    const valid = masked ? v.isValid(idx) : true;
    const value = valid && valueAt ? valueAt(cells.length, linear) : null;
    cells.push({ idx, linear, valid, value });
  });
  return { cells, cellsNote: n === 0 ? 'Zero elements: this view is empty.' : null };
}

/** Values of an array's cells: memory[linear] when the buffer was read, else the engine's C-order copy. */
function valueReader(a: NDArray, memory: number[] | null): (k: number, linear: number) => number | null {
  if (memory) return (_k, linear) => memory[linear] ?? null;
  let flat: number[] | null = null;
  return (k) => {
    flat ??= Array.from(a.toTypedArray() as ArrayLike<number | bigint>, Number);
    return flat[k] ?? null;
  };
}

/** The shape as the engine gives it: concrete numbers, or the symbolic text while unbound. */
export function shapeText(s: Subject): string {
  if (s.kind === 'array') return formatList(s.arr.shape);
  const shape = concrete(s.view.shape);
  return shape ? formatList(shape) : sv.Sym.toString(s.view.shape);
}

/** Everything the page shows about a subject, asked from the engine. */
export function snapshot(s: Subject): Snapshot {
  if (s.kind === 'array') {
    const a = s.arr;
    const v = a.view;
    const o = owner(a);
    const memory = o.size <= MAX_BUFFER_CELLS ? Array.from(o.toTypedArray() as ArrayLike<number | bigint>, Number) : null;
    const shape = Array.from(a.shape, Number);
    const strides = Array.from(a.strides, Number);
    return {
      kind: 'array',
      shapeText: formatList(shape),
      shapeSym: null,
      shape,
      stridesText: formatList(strides),
      strides,
      offset: Number(a.offset),
      mask: readMask(v),
      contiguous: a.isCContiguous,
      numelText: String(a.size),
      numel: a.size,
      dtype: a.dtype,
      description: v.toString(),
      buffer: { id: bufferId(a, 'buffer'), label: bufferLabels.get(o) ?? 'buffer', length: o.size, values: memory },
      ...cellsOf(v, shape, valueReader(a, memory)),
    };
  }

  const v = s.view;
  const shape = concrete(v.shape);
  const strides = concrete(v.strides);
  const baseShape = concrete(s.base.shape);
  const baseNumel = baseShape ? sv.Shape.numel(baseShape) : null;
  const numel = sv.Sym.evalDim(v.numel);
  return {
    kind: 'view',
    shapeText: shape ? formatList(shape) : sv.Sym.toString(v.shape),
    shapeSym: sv.Sym.toString(v.shape),
    shape,
    stridesText: strides ? formatList(strides) : sv.Sym.toString(v.strides),
    strides,
    offset: v.offset,
    mask: readMask(v),
    contiguous: v.isCContiguous,
    numelText: numel === null ? sv.Sym.toString(v.numel) : String(numel),
    numel,
    dtype: null,
    description: v.toString(),
    buffer:
      baseNumel === null
        ? null
        : {
            id: 0,
            label: `addresses 0..${baseNumel - 1}`,
            length: baseNumel,
            values: baseNumel <= MAX_BUFFER_CELLS ? Array.from({ length: baseNumel }, (_, k) => k) : null,
          },
    ...cellsOf(v, shape, null),
  };
}

// ---------------------------------------------------------------- reshape analysis

/** The engine's analysis of `reshape(shape)` on a view (the package's explainReshape), groups as axis lists. */
export interface ReshapeAnalysis {
  view: boolean;
  /** Input axes that hold the same elements, in C order, as these output axes. */
  groups: Array<{ input: number[]; output: number[] }>;
  blocking: null | { axes: [number, number]; strides: [number, number]; shapes: [number, number]; expected: number | null };
  /** Masked views: the group whose valid cells are not one box of the result. */
  maskBlocking: null | { input: number[]; output: number[] };
  text: string;
  /** The requested shape with -1 resolved. */
  target: number[];
  /** The same reshape after contiguous(): the strides it then gets (always a view). */
  afterContiguous: { strides: number[]; analysis: ReshapeCore } | null;
}

/** What the demo keeps of explainReshape's answer. */
export type ReshapeCore = Omit<ReshapeAnalysis, 'target' | 'afterContiguous'>;

type Range = readonly [number, number];

/** [first, last) -> the axes in it. */
const axes = ([a, b]: Range): number[] => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);

function plain(r: sv.ReshapeExplanation): ReshapeCore {
  return {
    view: r.view,
    groups: r.groups.map((g) => ({ input: axes(g.input), output: axes(g.output) })),
    blocking: r.blocking
      ? {
          axes: [r.blocking.axes[0], r.blocking.axes[1]],
          strides: [r.blocking.strides[0], r.blocking.strides[1]],
          shapes: [r.blocking.shapes[0], r.blocking.shapes[1]],
          expected: r.blocking.expected,
        }
      : null,
    maskBlocking: r.maskBlocking ? { input: axes(r.maskBlocking.input), output: axes(r.maskBlocking.output) } : null,
    text: r.text,
  };
}

/**
 * The engine's analysis of `reshape(arg)` on a concrete subject, plus what the same reshape does
 * after contiguous() (a C-contiguous view of the same shape). Null when the shape is symbolic or
 * the requested shape itself is wrong (the op's error says why).
 */
export function analyseReshape(s: Subject, arg: string): ReshapeAnalysis | null {
  const explain = sv.explainReshape;
  const v = s.kind === 'array' ? s.arr.view : s.view;
  const shape = concrete(v.shape);
  if (!shape || !concrete(v.strides)) return null;
  try {
    const answer = explain(s.kind === 'array' ? s.arr : s.view, parseInts(arg, 'reshape'));
    const target = concrete(answer.shape) ?? []; // -1 resolved by the engine
    const r = plain(answer);
    // contiguous() gives a C-order view of the same shape: ask the engine about that one.
    const fresh = explain(sv.View.create(shape), target);
    return {
      ...r,
      target,
      afterContiguous: { strides: fresh.strides ? [...fresh.strides] : [], analysis: plain(fresh) },
    };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- chains (practice mode)

/** The engine's view after a chain of ops from arange over `dims`: its numbers and cells. */
export interface ChainResult {
  shape: number[];
  strides: number[];
  offset: number;
  mask: Array<[number, number]> | null;
  /** linearIndex and isValid of every element in C order. */
  cells: Cell[];
}

/** Runs `ops` on arange(dims) through the engine and reads the result; frees what it made. */
export function runChain(dims: number[], ops: OpSpec[]): ChainResult {
  const spec: BaseSpec = { dims, vars: [] };
  const made: Subject[] = [makeBase(spec)];
  try {
    for (const op of ops) made.push(applyOp(made[made.length - 1]!, op, spec));
    const snap = snapshot(made[made.length - 1]!);
    return {
      shape: snap.shape ?? [],
      strides: snap.strides ?? [],
      offset: snap.offset,
      mask: snap.mask,
      cells: snap.cells ?? [],
    };
  } finally {
    release(made);
  }
}

/** The engine's linear index of `idx` in the view after the chain (throws for a bad index). */
export function addressAfter(dims: number[], ops: OpSpec[], idx: number[]): number {
  const spec: BaseSpec = { dims, vars: [] };
  const made: Subject[] = [makeBase(spec)];
  try {
    for (const op of ops) made.push(applyOp(made[made.length - 1]!, op, spec));
    const last = made[made.length - 1]!;
    const v = last.kind === 'array' ? last.arr.view : last.view;
    return v.linearIndex(idx);
  } finally {
    release(made);
  }
}

/** Whether `reshape(shape)` after the chain is a view, as the engine decides it (explainReshape). */
export function reshapeIsView(dims: number[], ops: OpSpec[], shape: number[]): { view: boolean; text: string } {
  const spec: BaseSpec = { dims, vars: [] };
  const made: Subject[] = [makeBase(spec)];
  try {
    for (const op of ops) made.push(applyOp(made[made.length - 1]!, op, spec));
    const last = made[made.length - 1]!;
    const r = sv.explainReshape(last.kind === 'array' ? last.arr : last.view, shape);
    return { view: r.view, text: r.text };
  } finally {
    release(made);
  }
}

// ---------------------------------------------------------------- the fused program (code panel)

/** The chain the code panel fuses, as the code shows it; `fusedChain` is the same function. */
export const FUSED_CALL = 'fuse((x) => add(mul(x, 2), 1))';
let fusedChain: sv.FusedFunction | null = null;

/**
 * An int32 array with the layout of a concrete View (shape, strides, offset and mask): its valid box
 * placed over a buffer of the addresses it reads (arange, zero-copy through fromNdarrayLike), then
 * padded where the view is masked. Made inside tidy(): freed with it.
 */
function arrayWithLayout(v: View, shape: number[], strides: number[]): NDArray {
  const mask = readMask(v);
  const first = mask ? mask.map(([b]) => b) : shape.map(() => 0);
  const box = shape.map((n, d) => (mask ? Math.max(0, mask[d]![1] - mask[d]![0]) : n));
  const offset = first.reduce((o, b, d) => o + b * strides[d]!, v.offset);
  const [lo, hi] = sv.View.create(box, { strides, offset }).requiredSpan() ?? [0, -1];
  const addresses = sv.arange(lo, hi + 1, 1, 'int32');
  const data = sv.toNdarrayLike(addresses, { copy: false }).data;
  const inner = sv.fromNdarrayLike({ data, shape: box, strides, offset: offset - lo });
  return mask ? inner.padView(first.map((b, d) => [b, shape[d]! - b - box[d]!] as [number, number])) : inner;
}

/**
 * What the engine says of `fuse((x) => add(mul(x, 2), 1))` over the subject: the text of
 * `f.explain(a)` (its steps with their dtypes, how it reads the input's layout, whether one compiled
 * loop runs it), or one line saying why there is none. A bare View has no memory: it is explained
 * over an int32 array of the same layout, while its shape is known.
 */
export function explainFused(s: Subject): string {
  if (!sv.isLoaded('math')) return `fuse needs the engine's 'math' family, which is not loaded${mathError ? `: ${mathError}` : ''}.`;
  fusedChain ??= sv.fuse((x) => sv.add(sv.mul(x, 2), 1));
  const f = fusedChain;
  try {
    if (s.kind === 'array') return f.explain(s.arr);
    const v = s.view;
    const shape = concrete(v.shape);
    const strides = concrete(v.strides);
    if (!shape || !strides) {
      return `No fused program yet: the shape ${sv.Sym.toString(v.shape)} has unbound variables, and fuse traces arrays of a known shape. Bind the variables to see it.`;
    }
    return sv.tidy(() => f.explain(arrayWithLayout(v, shape, strides)));
  } catch (e) {
    return `The engine did not fuse the chain over this view: ${toShownError(e).message}`;
  }
}

/** Bytes per element of the demo's arrays (int32), from the package. */
export function demoItemSize(): number {
  return sv.itemSize('int32');
}

/**
 * An op chain as text, in the package's op-chain syntax (the <stride-view> element's `ops`
 * attribute and the demo's URL): "transpose; slice ::-1, 1:3; flip 0", one op per `;` or line.
 */
export function parseOpChain(text: string): OpSpec[] {
  return parseOps(text).map((s) => (s.noCopy ? { name: s.name, arg: s.arg, noCopy: true } : { name: s.name, arg: s.arg }));
}
