// The adapter: the ONLY module of the demo that talks to the strideview package. Everything the
// page shows comes out of here as plain numbers and texts (model.ts) computed by the WASM engine;
// the rest of the demo never sees an engine object and never re-implements a view rule.
import * as sv from 'strideview';

import {
  type BaseSpec,
  type Cell,
  type OpSpec,
  type ShownError,
  type Snapshot,
  type VarSpec,
  MAX_CELLS,
  MAX_DRAWN_RANK,
} from './model';
import { InputError, formatList, parseDims, parseInts, parsePairs } from './parse';

type NDArray = ReturnType<typeof sv.arange>;
type View = NDArray['view'];
type Var = ReturnType<typeof sv.Sym.variable>;

/** The thing the operations act on: an NDArray over real memory, or a bare (symbolic) View. */
export type Subject =
  | { kind: 'array'; arr: NDArray }
  | { kind: 'view'; view: View; base: View };

/** Set by the demo build (demo/build.mjs): the wasm file copied next to the bundle, if any. */
declare const __SV_WASM_FILE__: string;

let ready: Promise<void> | null = null;

/** Loads the WASM engine once. */
export function loadEngine(): Promise<void> {
  if (!ready) {
    const file = typeof __SV_WASM_FILE__ === 'string' ? __SV_WASM_FILE__ : '';
    ready = (file ? sv.init({ wasmUrl: new URL(file, document.baseURI).href }) : sv.init()).then(
      () => undefined,
    );
  }
  return ready;
}

// ---------------------------------------------------------------- errors

export function toShownError(e: unknown): ShownError {
  if (e instanceof sv.StrideViewError) return { code: String(e.code), message: e.message, engine: true };
  if (e instanceof InputError) return { code: 'input', message: e.message, engine: false };
  const message = e instanceof Error ? e.message : String(e);
  return { code: 'unexpected', message, engine: false };
}

// ---------------------------------------------------------------- symbolic variables

const vars = new Map<string, { spec: VarSpec; v: Var }>();

/** The engine variable for a spec: reused while its bounds stay the same, bound as the spec says. */
function variable(spec: VarSpec): Var {
  let entry = vars.get(spec.name);
  const stale =
    !entry ||
    entry.spec.min !== spec.min ||
    entry.spec.max !== spec.max ||
    (entry.spec.value !== null && spec.value === null);
  if (stale) {
    // A fresh variable (fresh id) is the only way back to "unbound" through the public API.
    entry = { spec: { ...spec, value: null }, v: sv.Sym.variable(spec.name, spec.min, spec.max) };
    vars.set(spec.name, entry);
  }
  const e = entry!;
  if (spec.value !== null && e.spec.value !== spec.value) {
    sv.Sym.bind(e.v, spec.value);
    e.spec.value = spec.value;
  }
  return e.v;
}

function symDims(dims: Array<number | string>, specs: VarSpec[]): Array<number | ReturnType<typeof sv.Sym.dim>> {
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
  return (a.base as NDArray | null) ?? a;
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

/** The starting point: arange(numel) reshaped to a concrete shape, or a symbolic View. */
export function makeBase(spec: BaseSpec): Subject {
  if (spec.dims.every((d) => typeof d === 'number')) {
    const shape = spec.dims as number[];
    const n = sv.Shape.numel(shape);
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

function axesToFlags(axes: number[], ndim: number): boolean[] {
  const flags = new Array<boolean>(ndim).fill(false);
  for (const a of axes) flags[a < 0 ? a + ndim : a] = true;
  return flags;
}

/** Whether an op exists for this kind of subject (array-level ops need real memory). */
export function supports(kind: Subject['kind'], op: OpSpec['name']): boolean {
  if (kind === 'array') return true;
  return !['slice', 'squeeze', 'unsqueeze', 'contiguous'].includes(op);
}

/** Applies one op through the engine. Throws StrideViewError (engine) or InputError (typing). */
export function applyOp(s: Subject, op: OpSpec, spec: BaseSpec): Subject {
  const what = op.name;
  if (s.kind === 'array') {
    const a = s.arr;
    let out: NDArray;
    switch (op.name) {
      case 'reshape':
        out = a.reshape(parseInts(op.arg, what), op.noCopy ? { copy: false } : undefined);
        break;
      case 'transpose':
        out = op.arg.trim() ? a.transpose(parseInts(op.arg, what)) : a.transpose();
        break;
      case 'permute':
        out = a.permute(parseInts(op.arg, what));
        break;
      case 'slice':
        out = a.slice(op.arg);
        break;
      case 'flip':
        out = op.arg.trim() ? a.flip(parseInts(op.arg, what)) : a.flip();
        break;
      case 'expand':
        out = a.expand(parseInts(op.arg, what));
        break;
      case 'pad':
        out = a.padView(parsePairs(op.arg, what));
        break;
      case 'shrink':
        out = a.shrink(parsePairs(op.arg, what));
        break;
      case 'squeeze':
        out = op.arg.trim() ? a.squeeze(parseInts(op.arg, what)) : a.squeeze();
        break;
      case 'unsqueeze':
        out = a.unsqueeze(parseInts(op.arg, what));
        break;
      case 'contiguous':
        out = a.contiguous();
        break;
    }
    if (owner(out) !== owner(a)) bufferId(out, `${op.name}() copy`);
    return { kind: 'array', arr: out };
  }

  const v = s.view;
  let out: View;
  switch (op.name) {
    case 'reshape':
      out = v.reshape(symDims(parseDims(op.arg, what), spec.vars));
      break;
    case 'transpose': {
      const axes = op.arg.trim()
        ? parseInts(op.arg, what)
        : Array.from({ length: v.ndim }, (_, i) => v.ndim - 1 - i);
      out = v.permute(axes);
      break;
    }
    case 'permute':
      out = v.permute(parseInts(op.arg, what));
      break;
    case 'flip':
      out = v.flip(
        op.arg.trim() ? axesToFlags(parseInts(op.arg, what), v.ndim) : new Array<boolean>(v.ndim).fill(true),
      );
      break;
    case 'expand':
      out = v.expand(symDims(parseDims(op.arg, what), spec.vars));
      break;
    case 'pad':
      out = v.pad(parsePairs(op.arg, what));
      break;
    case 'shrink':
      out = v.shrink(parsePairs(op.arg, what));
      break;
    default:
      throw new InputError(`${op.name} is an array operation; a symbolic view has no memory to slice or copy`);
  }
  return { kind: 'view', view: out, base: s.base };
}

/** Whether the op made a new buffer (contiguous(), or a reshape that had to copy). */
export function newBuffer(before: Subject, after: Subject): boolean {
  return before.kind === 'array' && after.kind === 'array' && owner(before.arr) !== owner(after.arr);
}

/** Frees the memory of subjects no longer shown (views keep their base alive in the engine). */
export function release(subjects: Subject[]): void {
  for (const s of subjects) if (s.kind === 'array') s.arr.dispose();
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
  const m = v.mask as ReadonlyArray<readonly [number, number]> | null | undefined;
  return m ? m.map(([b, e]) => [Number(b), Number(e)] as [number, number]) : null;
}

function concreteShape(v: View): number[] | null {
  try {
    const s = sv.Sym.eval(v.shape as never);
    return s ? Array.from(s, Number) : null;
  } catch {
    return null;
  }
}

function cellsOf(v: View, shape: number[] | null, memory: number[] | null): Pick<Snapshot, 'cells' | 'cellsNote'> {
  if (!shape) return { cells: null, cellsNote: 'Bind the variable to see the elements.' };
  if (shape.length > MAX_DRAWN_RANK) {
    return { cells: null, cellsNote: `Rank ${shape.length}: only ranks 0-${MAX_DRAWN_RANK} are drawn.` };
  }
  const n = shape.reduce((p, d) => p * d, 1);
  if (n > MAX_CELLS) return { cells: null, cellsNote: `${n} elements: too many to draw (limit ${MAX_CELLS}).` };
  const cells: Cell[] = [];
  cOrder(shape, (idx) => {
    const linear = Number(v.linearIndex(idx));
    const valid = v.isValid(idx);
    const value = valid && memory ? (memory[linear] ?? null) : null;
    cells.push({ idx, linear, valid, value });
  });
  return { cells, cellsNote: n === 0 ? 'Zero elements: this view is empty.' : null };
}

/** Everything the page shows about a subject, asked from the engine. */
export function snapshot(s: Subject): Snapshot {
  if (s.kind === 'array') {
    const a = s.arr;
    const v = a.view;
    const o = owner(a);
    const memory = Array.from(o.toTypedArray() as ArrayLike<number | bigint>, Number);
    const shape = Array.from(a.shape, Number);
    const strides = Array.from(a.strides, Number);
    return {
      kind: 'array',
      shapeText: formatList(shape),
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
      buffer: { id: bufferId(a, 'buffer'), label: bufferLabels.get(o) ?? 'buffer', values: memory },
      ...cellsOf(v, shape, memory),
    };
  }

  const v = s.view;
  const shape = concreteShape(v);
  let strides: number[] | null = null;
  try {
    strides = Array.from(v.strides as ArrayLike<number>, Number);
  } catch {
    strides = null;
  }
  const baseShape = concreteShape(s.base);
  const baseNumel = baseShape ? baseShape.reduce((p, d) => p * d, 1) : null;
  const numel = shape ? shape.reduce((p, d) => p * d, 1) : null;
  return {
    kind: 'view',
    shapeText: sv.Sym.toString(v.shape as never),
    shape,
    stridesText: strides ? formatList(strides) : 'depends on an unbound variable',
    strides,
    offset: Number(v.offset),
    mask: readMask(v),
    contiguous: v.isCContiguous,
    numelText: numel === null ? sv.Sym.toString([v.numel as never]) : String(numel),
    numel,
    dtype: null,
    description: v.toString(),
    buffer:
      baseNumel === null
        ? null
        : { id: 0, label: `addresses 0..${baseNumel - 1}`, values: Array.from({ length: baseNumel }, (_, k) => k) },
    ...cellsOf(v, shape, null),
  };
}
