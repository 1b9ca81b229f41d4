// View: an immutable value describing how to read a flat buffer as an n-d array. All rules live in
// C++ (src/view); this class only carries the result of one C++ call per operation.
import { fmt, toInt, toInts, toPairs } from './errors.js';
import { Op, wire, type Wire } from './wire.js';
import { type Dim, type SymShape, putExpr, putShape, readExpr, toShape } from './sym.js';

/** Valid ranges per dim, half-open [start, end). */
export type Mask = readonly (readonly [number, number])[];

/** Options of {@link View.create}. Strides and offset are in elements. */
export interface ViewOptions {
  offset?: number;
  strides?: readonly number[];
  mask?: readonly (readonly [number, number])[];
}

/** An immutable strided view: shape, strides, offset and an optional mask (in elements). */
export class View {
  /** Dims: numbers, or symbolic expressions for symbolic views. */
  readonly shape: readonly Dim[];
  /** Strides in elements (symbolic for contiguous views over symbolic shapes). */
  readonly strides: readonly Dim[];
  readonly offset: number;
  /** Valid region per dim, or null when every element is valid. */
  readonly mask: Mask | null;
  /** Offset 0, no mask, and row-major strides. */
  readonly isCContiguous: boolean;
  /** Number of elements (symbolic for symbolic views). */
  readonly numel: Dim;
  /** @internal 1: flat with strides, 2: flat with default strides, 0: only by derivation. */
  readonly _mode: number;
  /** @internal */
  readonly _deriv: number[] | null;
  /** @internal keeps variables used by the derivation alive */
  readonly _parent: View | null;

  private constructor(
    shape: Dim[],
    strides: Dim[],
    offset: number,
    mask: Mask | null,
    contiguous: boolean,
    numel: Dim,
    mode: number,
    deriv: number[] | null,
    parent: View | null,
  ) {
    this.shape = Object.freeze(shape);
    this.strides = Object.freeze(strides);
    this.offset = offset;
    this.mask = mask;
    this.isCContiguous = contiguous;
    this.numel = numel;
    this._mode = mode;
    this._deriv = deriv;
    this._parent = parent;
  }

  /** @internal */
  static _make(
    shape: Dim[],
    strides: Dim[],
    offset: number,
    mask: Mask | null,
    contiguous: boolean,
    numel: Dim,
    mode: number,
    deriv: number[] | null,
    parent: View | null,
  ): View {
    return new View(shape, strides, offset, mask, contiguous, numel, mode, deriv, parent);
  }

  /** Creates a view (C-contiguous strides unless given). */
  static create(shape: SymShape, options: ViewOptions = {}): View {
    const op = 'View.create';
    const s = toShape(op, 'shape', shape);
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
    }
    const off = options.offset === undefined ? 0 : toInt(op, 'offset', options.offset);
    const st = options.strides === undefined ? null : toInts(op, 'strides', options.strides);
    const m = options.mask === undefined || options.mask === null ? null : toPairs(op, 'mask', options.mask);
    wire.begin().put(0);
    putShape(wire, s);
    wire.put(off);
    if (st) {
      wire.put(1);
      wire.putDims(st);
    } else {
      wire.put(0);
    }
    if (m) {
      wire.put(1);
      wire.put(m.length);
      for (const [a, b] of m) {
        wire.put(a);
        wire.put(b);
      }
    } else {
      wire.put(0);
    }
    const deriv = wire.sym ? wire.snapshot() : null;
    wire.call(Op.ViewCreate);
    return readView(wire, deriv, null);
  }

  get ndim(): number {
    return this.shape.length;
  }

  /** Size of one dim (symbolic for symbolic views). */
  dim(axis: number): Dim {
    const a = toInt('View.dim', 'axis', axis);
    wire.begin();
    putView(wire, this);
    wire.put(a);
    wire.call(Op.ViewDim);
    return readExpr(wire);
  }
  /** Concrete stride of one dim (an error while it depends on an unbound variable). */
  stride(axis: number): number {
    const a = toInt('View.stride', 'axis', axis);
    wire.begin();
    putView(wire, this);
    wire.put(a);
    return wire.call(Op.ViewStride).num();
  }
  /** Concrete strides, or null when a mask remains (or a stride is unbound). */
  stridesOpt(): number[] | null {
    wire.begin();
    putView(wire, this);
    wire.call(Op.ViewStridesOpt);
    return wire.bool() ? wire.dims() : null;
  }
  canGetStrides(): boolean {
    return this.stridesOpt() !== null;
  }
  /** Static shape and no remaining mask. */
  isMaterializable(): boolean {
    wire.begin();
    putView(wire, this);
    return wire.call(Op.ViewIsMaterializable).bool();
  }
  /** offset + sum(idx[i] * strides[i]) (no bounds check). */
  linearIndex(idx: readonly number[]): number {
    const i = toInts('View.linearIndex', 'idx', idx);
    wire.begin();
    putView(wire, this);
    wire.putDims(i);
    return wire.call(Op.ViewLinearIndex).num();
  }
  /** False when idx falls in the masked-out region (or has the wrong rank). */
  isValid(idx: readonly number[]): boolean {
    const i = toInts('View.isValid', 'idx', idx);
    wire.begin();
    putView(wire, this);
    wire.putDims(i);
    return wire.call(Op.ViewIsValid).bool();
  }
  /** [min, max] linear index over the valid elements; null for an empty view. */
  requiredSpan(): [number, number] | null {
    wire.begin();
    putView(wire, this);
    wire.call(Op.ViewRequiredSpan);
    const has = wire.bool();
    const lo = wire.num();
    const hi = wire.num();
    return has ? [lo, hi] : null;
  }
  /** Normalised form (drops a mask covering everything, canonicalises empty views). */
  simplify(): View {
    wire.begin();
    putView(wire, this);
    const deriv = wire.sym ? wire.snapshot() : null;
    wire.call(Op.ViewSimplify);
    return readView(wire, deriv, this);
  }

  /** Same elements in a new shape (-1 infers one dim); an error when no strided view fits. */
  reshape(shape: SymShape): View {
    const s = toShape('View.reshape', 'shape', shape);
    return derive(this, Op.ViewReshape, (w) => putShape(w, s));
  }
  /** Grows size-1 dims (stride 0). */
  expand(shape: SymShape): View {
    const s = toShape('View.expand', 'shape', shape);
    return derive(this, Op.ViewExpand, (w) => putShape(w, s));
  }
  /** NumPy broadcast_to: prepends size-1 dims, then expands. */
  broadcastTo(shape: SymShape): View {
    const s = toShape('View.broadcastTo', 'shape', shape);
    return derive(this, Op.ViewBroadcastTo, (w) => putShape(w, s));
  }
  permute(axes: readonly number[]): View {
    const a = toInts('View.permute', 'axes', axes);
    return derive(this, Op.ViewPermute, (w) => w.putDims(a));
  }
  /** Keeps [start, end) of each dim. */
  shrink(bounds: readonly (readonly [number, number])[]): View {
    const b = toPairs('View.shrink', 'bounds', bounds);
    return derive(this, Op.ViewShrink, (w) => putPairs(w, b));
  }
  /** Adds (before, after) virtual elements per dim (masked out). */
  pad(padding: readonly (readonly [number, number])[]): View {
    const p = toPairs('View.pad', 'padding', padding);
    return derive(this, Op.ViewPad, (w) => putPairs(w, p));
  }
  /** Reverses the dims whose flag is true. */
  flip(axesToFlip: readonly boolean[]): View {
    if (!Array.isArray(axesToFlip) || axesToFlip.some((x) => typeof x !== 'boolean')) {
      throw new TypeError(`View.flip: axesToFlip must be an array of booleans, got ${fmt(axesToFlip)}`);
    }
    return derive(this, Op.ViewFlip, (w) => w.putDims(axesToFlip.map((x) => (x ? 1 : 0))));
  }
  toString(): string {
    wire.begin();
    putView(wire, this);
    wire.call(Op.ViewToString);
    return wire.str();
  }
}

function putPairs(w: Wire, p: readonly (readonly [number, number])[]): void {
  w.put(p.length);
  for (const [a, b] of p) {
    w.put(a);
    w.put(b);
  }
}

/** @internal Writes a view in the wire's view encoding. */
export function putView(w: Wire, v: View): void {
  if (v._mode === 0) {
    w.sym = true;
    const d = v._deriv!;
    for (let i = 0; i < d.length; i++) w.put(d[i]!);
    return;
  }
  const n = v.shape.length;
  w.put(0);
  w.put(n);
  for (let i = 0; i < n; i++) putExpr(w, v.shape[i]!);
  w.put(v.offset);
  if (v._mode === 1) {
    w.put(1);
    w.put(n);
    for (let i = 0; i < n; i++) w.put(v.strides[i] as number);
  } else {
    w.put(0);
  }
  const m = v.mask;
  if (m) {
    w.put(1);
    w.put(n);
    for (let i = 0; i < n; i++) {
      w.put(m[i]![0]);
      w.put(m[i]![1]);
    }
  } else {
    w.put(0);
  }
}

/** @internal Reads a response view. */
export function readView(w: Wire, deriv: number[] | null, parent: View | null): View {
  const mode = w.num();
  const n = w.num();
  const shape = new Array<Dim>(n);
  const strides = new Array<Dim>(n);
  for (let i = 0; i < n; i++) shape[i] = readExpr(w);
  for (let i = 0; i < n; i++) strides[i] = readExpr(w);
  const offset = w.num();
  let mask: Mask | null = null;
  if (w.bool()) {
    const m: (readonly [number, number])[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const a = w.num();
      m[i] = Object.freeze([a, w.num()] as const);
    }
    mask = Object.freeze(m);
  }
  const contiguous = w.bool();
  const numel = readExpr(w);
  if (mode === 0 && deriv === null) {
    throw new Error('strideview: internal error: a derived view without its derivation');
  }
  return View._make(shape, strides, offset, mask, contiguous, numel, mode, mode === 0 ? deriv : null, mode === 0 ? parent : null);
}

/** @internal One movement op on C++: [1, view, op, args] decoded and replayed by read_view. */
export function derive(v: View, op: number, args: (w: Wire) => void): View {
  wire.begin().put(1);
  putView(wire, v);
  wire.put(op);
  args(wire);
  const deriv = wire.sym ? wire.snapshot() : null;
  wire.call(Op.ViewCreate);
  return readView(wire, deriv, v);
}

/** @internal True when every dim is a number. */
export function isStaticView(v: View): boolean {
  return v.shape.every((d) => typeof d === 'number');
}
