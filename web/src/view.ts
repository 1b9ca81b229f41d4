// View: an immutable value describing how to read a flat buffer as an n-d array. All rules live in
// C++ (src/view); this class only carries the result of one C++ call per operation.
import { FlatMode, Tok, ViewTag } from './boundary_tables.js';
import { StrideViewError, fmt, indexArgs, relabel, toInt, toInts, toPairs } from './errors.js';
import { type SigRef, bind, checkCall } from './signature.js';
import { Op, wire, type Wire } from './wire.js';
import { type Dim, type SymShape, putExpr, putShape, readExpr, toShape } from './sym.js';

/** Valid ranges per dim, half-open [start, end). */
export type Mask = readonly (readonly [number, number])[];

/** Options of {@link View.create}. Strides and offset are in elements. */
export interface ViewOptions {
  offset?: number;
  strides?: readonly number[] | null;
  mask?: readonly (readonly [number, number])[] | null;
}

// View.create's options are bound by name; the other methods call checkCall (sym.ts) only when
// their argument count is not their own (the metadata ops are hot: a right call pays one comparison).
const VIEW_CREATE: SigRef = { sig: '-: View.create(shape: SymShape, /, *, offset: number = 0, strides: readonly number[] | null = null, mask: Mask | null = null) -> View' };

/** An immutable strided view: shape, strides, offset and an optional mask (in elements). */
export class View {
  /** @internal the shape array (frozen on first public access: freezing costs more than the op) */
  readonly _shape: Dim[];
  /** @internal */
  readonly _strides: Dim[];
  // The public layout is read through getters over private fields: NDArray.view hands this object
  // out and the array reads its layout from it, so nobody may reassign offset or mask.
  readonly #offset: number;
  readonly #mask: Mask | null;
  #maskFrozen = false;
  readonly #contiguous: boolean;
  readonly #numel: Dim;
  /** @internal how the view travels back to the engine (FlatMode). */
  readonly _mode: FlatMode;
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
    mode: FlatMode,
    deriv: number[] | null,
    parent: View | null,
  ) {
    this._shape = shape;
    this._strides = strides;
    this.#offset = offset;
    this.#mask = mask;
    this.#contiguous = contiguous;
    this.#numel = numel;
    this._mode = mode;
    this._deriv = deriv;
    this._parent = parent;
  }

  /** Offset of element [0, ..., 0] in the buffer, in elements. */
  get offset(): number {
    return this.#offset;
  }
  /** Valid region per dim (half-open, frozen), or null when every element is valid. */
  get mask(): Mask | null {
    const m = this.#mask;
    if (m !== null && !this.#maskFrozen) {
      // frozen on first public access: freezing costs more than the op that made the view
      for (let i = 0; i < m.length; i++) Object.freeze(m[i]);
      Object.freeze(m);
      this.#maskFrozen = true;
    }
    return m;
  }
  /** @internal True when a mask remains (no freezing). */
  get _hasMask(): boolean {
    return this.#mask !== null;
  }
  /** @internal The mask without freezing it (read-only by contract). */
  get _maskRaw(): Mask | null {
    return this.#mask;
  }
  /** Offset 0, no mask, and row-major strides. */
  get isCContiguous(): boolean {
    return this.#contiguous;
  }
  /** Number of elements (symbolic for symbolic views). */
  get numel(): Dim {
    return this.#numel;
  }

  /** @internal */
  static _make(
    shape: Dim[],
    strides: Dim[],
    offset: number,
    mask: Mask | null,
    contiguous: boolean,
    numel: Dim,
    mode: FlatMode,
    deriv: number[] | null,
    parent: View | null,
  ): View {
    return new View(shape, strides, offset, mask, contiguous, numel, mode, deriv, parent);
  }

  /**
   * Creates a view (C-contiguous strides unless given). Options by name: `offset` (default 0),
   * `strides` (in elements), `mask` (valid ranges per dim); see {@link ViewOptions}.
   */
  static create(shape: SymShape, options?: ViewOptions): View;
  static create(...args: unknown[]): View {
    const [shape, offset, strides, mask] = bind(VIEW_CREATE, args);
    try {
      return createView(shape as SymShape, { offset: offset as number, strides: strides as number[] | undefined, mask: mask as Mask | null });
    } catch (e) {
      throw relabel('View.create', e);
    }
  }

  /** Dims: numbers, or symbolic expressions for symbolic views (a frozen array). */
  get shape(): readonly Dim[] {
    const s = this._shape;
    return Object.isFrozen(s) ? s : Object.freeze(s);
  }
  /** Strides in elements (symbolic for contiguous views over symbolic shapes; a frozen array). */
  get strides(): readonly Dim[] {
    const s = this._strides;
    return Object.isFrozen(s) ? s : Object.freeze(s);
  }

  get ndim(): number {
    return this._shape.length;
  }

  /** Size of one dim (symbolic for symbolic views). */
  dim(axis: number): Dim {
    if (arguments.length !== 1) checkCall('View.dim', 'axis', arguments);
    const a = toInt('View.dim', 'axis', axis);
    try {
      wire.begin();
      putView(wire, this);
      wire.put(a);
      wire.call(Op.ViewDim);
      return readExpr(wire);
    } catch (e) {
      throw axisError('View.dim', a, this, e);
    }
  }
  /** Concrete stride of one dim (an error while it depends on an unbound variable). */
  stride(axis: number): number {
    if (arguments.length !== 1) checkCall('View.stride', 'axis', arguments);
    const a = toInt('View.stride', 'axis', axis);
    try {
      return ask(this, Op.ViewStride, () => wire.num(), [a]);
    } catch (e) {
      throw axisError('View.stride', a, this, e);
    }
  }
  /** Concrete strides, or null when a mask remains (or a stride is unbound). */
  stridesOpt(): number[] | null {
    if (arguments.length > 0) checkCall('View.stridesOpt', '', arguments);
    return askAs(this, 'View.stridesOpt', Op.ViewStridesOpt, () => (wire.bool() ? wire.dims() : null));
  }
  canGetStrides(): boolean {
    if (arguments.length > 0) checkCall('View.canGetStrides', '', arguments);
    try {
      return this.stridesOpt() !== null;
    } catch (e) {
      throw relabel('View.canGetStrides', e);
    }
  }
  /** Static shape and no remaining mask. */
  isMaterializable(): boolean {
    if (arguments.length > 0) checkCall('View.isMaterializable', '', arguments);
    return askAs(this, 'View.isMaterializable', Op.ViewIsMaterializable, () => wire.bool());
  }
  /**
   * offset + sum(idx[i] * strides[i]) (no bounds check). The index: one array (`linearIndex([1, 2])`)
   * or separate integers (`linearIndex(1, 2)`), the rule of NDArray.get.
   */
  linearIndex(idx: readonly number[]): number;
  linearIndex(...idx: number[]): number;
  linearIndex(...args: unknown[]): number {
    const i = indexArgs('View.linearIndex', 'idx', args);
    return askAs(this, 'View.linearIndex', Op.ViewLinearIndex, () => wire.num(), i, true);
  }
  /** False when idx falls in the masked-out region (or has the wrong rank); idx as for linearIndex. */
  isValid(idx: readonly number[]): boolean;
  isValid(...idx: number[]): boolean;
  isValid(...args: unknown[]): boolean {
    const i = indexArgs('View.isValid', 'idx', args);
    return askAs(this, 'View.isValid', Op.ViewIsValid, () => wire.bool(), i, true);
  }
  /** [min, max] linear index over the valid elements; null for an empty view. */
  requiredSpan(): [number, number] | null {
    if (arguments.length > 0) checkCall('View.requiredSpan', '', arguments);
    return askAs(this, 'View.requiredSpan', Op.ViewRequiredSpan, (): [number, number] | null => {
      const has = wire.bool();
      const lo = wire.num();
      const hi = wire.num();
      return has ? [lo, hi] : null;
    });
  }
  /** Normalised form (drops a mask covering everything, canonicalises empty views). */
  simplify(): View {
    if (arguments.length > 0) checkCall('View.simplify', '', arguments);
    try {
      wire.begin();
      putView(wire, this);
      const deriv = wire.sym ? wire.snapshot() : null;
      wire.call(Op.ViewSimplify);
      return readView(wire, deriv, this);
    } catch (e) {
      throw relabel('View.simplify', e);
    }
  }

  /** Same elements in a new shape (-1 infers one dim); an error when no strided view fits. */
  reshape(shape: SymShape): View {
    if (arguments.length !== 1) checkCall('View.reshape', 'shape', arguments);
    return derive(this, 'View.reshape', Op.ViewReshape, toShape('View.reshape', 'shape', shape), putShape);
  }
  /** @internal reshape to integers already checked (C++ checks the rest). */
  _reshape(shape: readonly number[]): View {
    startDerive(this, Op.ViewReshape).putShape(shape);
    return endDerive(this);
  }
  /** @internal broadcastTo integers already checked. */
  _broadcastTo(shape: readonly number[]): View {
    startDerive(this, Op.ViewBroadcastTo).putShape(shape);
    return endDerive(this);
  }
  /** @internal pad with pairs already checked. */
  _pad(padding: readonly (readonly [number, number])[]): View {
    putPairs(startDerive(this, Op.ViewPad), padding);
    return endDerive(this);
  }
  /** @internal flip with one 0/1 flag per dim. */
  _flip(flags: readonly number[]): View {
    startDerive(this, Op.ViewFlip).putDims(flags);
    return endDerive(this);
  }
  /** Grows size-1 dims (stride 0). */
  expand(shape: SymShape): View {
    if (arguments.length !== 1) checkCall('View.expand', 'shape', arguments);
    return derive(this, 'View.expand', Op.ViewExpand, toShape('View.expand', 'shape', shape), putShape);
  }
  /** NumPy broadcast_to: prepends size-1 dims, then expands. */
  broadcastTo(shape: SymShape): View {
    if (arguments.length !== 1) checkCall('View.broadcastTo', 'shape', arguments);
    return derive(this, 'View.broadcastTo', Op.ViewBroadcastTo, toShape('View.broadcastTo', 'shape', shape), putShape);
  }
  /** Reorders the dims: result dim i is dim axes[i]. */
  permute(axes: readonly number[]): View {
    if (arguments.length !== 1) checkCall('View.permute', 'axes', arguments);
    return derive(this, 'View.permute', Op.ViewPermute, ints('View.permute', 'axes', axes), putDims);
  }
  /** @internal permute with axes already checked to be integers (C++ checks the rest). */
  _permute(axes: readonly number[]): View {
    startDerive(this, Op.ViewPermute).putDims(axes);
    return endDerive(this);
  }
  /** Keeps [start, end) of each dim. */
  shrink(bounds: readonly (readonly [number, number])[]): View {
    if (arguments.length !== 1) checkCall('View.shrink', 'bounds', arguments);
    return derive(this, 'View.shrink', Op.ViewShrink, pairs('View.shrink', 'bounds', bounds), putPairs);
  }
  /** @internal shrink with bounds already checked to be integer pairs. */
  _shrink(bounds: readonly (readonly [number, number])[]): View {
    putPairs(startDerive(this, Op.ViewShrink), bounds);
    return endDerive(this);
  }
  /** Adds (before, after) virtual elements per dim (masked out). */
  pad(padding: readonly (readonly [number, number])[]): View {
    if (arguments.length !== 1) checkCall('View.pad', 'padding', arguments);
    return derive(this, 'View.pad', Op.ViewPad, pairs('View.pad', 'padding', padding), putPairs);
  }
  /** Reverses the dims whose flag is true. */
  flip(axesToFlip: readonly boolean[]): View {
    if (arguments.length !== 1) checkCall('View.flip', 'axesToFlip', arguments);
    if (!Array.isArray(axesToFlip) || axesToFlip.some((x) => typeof x !== 'boolean')) {
      throw new TypeError(`View.flip: axesToFlip must be an array of booleans, got ${fmt(axesToFlip)}`);
    }
    try {
      return this._flip(axesToFlip.map((x) => (x ? 1 : 0)));
    } catch (e) {
      throw relabel('View.flip', e);
    }
  }
  toString(): string {
    if (arguments.length > 0) checkCall('View.toString', '', arguments);
    return askAs(this, 'View.toString', Op.ViewToString, () => wire.str());
  }
}

/** @internal View.create without the relabel (errors name the engine's "create"; callers name their op). */
export function createView(shape: SymShape, options: ViewOptions = {}): View {
  const op = 'View.create';
  const s = toShape(op, 'shape', shape);
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  }
  const off = options.offset === undefined ? 0 : toInt(op, 'offset', options.offset);
  const st = options.strides === undefined || options.strides === null ? null : toInts(op, 'strides', options.strides);
  const m = options.mask === undefined || options.mask === null ? null : toPairs(op, 'mask', options.mask);
  wire.begin().put(ViewTag.Flat);
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

/**
 * An axis error of View.dim / View.stride on the cold path: the binding reports the axis after
 * adding the rank, so an out-of-range message is rebuilt with the axis the caller passed.
 */
function axisError(op: string, axis: number, v: View, e: unknown): unknown {
  if (e instanceof StrideViewError && e.code === 'out_of_range' && (axis < -v.ndim || axis >= v.ndim)) {
    return new StrideViewError('out_of_range', `${op}: axis ${axis} is out of range for a view of rank ${v.ndim}`);
  }
  return relabel(op, e);
}

/** One movement op of a public call, its argument already checked: engine errors named `op`. */
function derive<T>(v: View, op: string, code: number, arg: T, put: (w: Wire, arg: T) => void): View {
  try {
    put(startDerive(v, code), arg);
    return endDerive(v);
  } catch (e) {
    throw relabel(op, e);
  }
}

function putDims(w: Wire, d: readonly number[]): void {
  w.putDims(d);
}

function putPairs(w: Wire, p: readonly (readonly [number, number])[]): void {
  w.put(p.length);
  for (let i = 0; i < p.length; i++) {
    const q = p[i]!;
    w.put(q[0]);
    w.put(q[1]);
  }
}

/**
 * @internal The array itself when it is an array of safe integers (nothing to convert), else
 * toInts (which converts bigints or throws the error naming op and what).
 */
export function ints(op: string, what: string, v: unknown): readonly number[] {
  if (Array.isArray(v)) {
    let ok = true;
    for (let i = 0; i < v.length && ok; i++) ok = Number.isSafeInteger(v[i]);
    if (ok) return v as number[];
  }
  return toInts(op, what, v);
}

/** @internal As {@link ints}, for an array of [a, b] integer pairs (else toPairs). */
export function pairs(op: string, what: string, v: unknown): readonly (readonly [number, number])[] {
  if (Array.isArray(v)) {
    let ok = true;
    for (let i = 0; i < v.length && ok; i++) {
      const p: unknown = v[i];
      ok = Array.isArray(p) && p.length === 2 && Number.isSafeInteger(p[0]) && Number.isSafeInteger(p[1]);
    }
    if (ok) return v as [number, number][];
  }
  return toPairs(op, what, v);
}

/**
 * One question about a view: the request [view, args] (a dim list when `dims`, else plain numbers),
 * the answer read by `read`. Errors propagate as thrown: see {@link askAs}.
 */
function ask<T>(v: View, op: number, read: () => T, args: readonly number[] = [], dims = false): T {
  wire.begin();
  putView(wire, v);
  if (dims) wire.putDims(args);
  else for (const x of args) wire.put(x);
  wire.call(op);
  return read();
}

/** {@link ask}, with an error relabelled as the public method `what`. */
function askAs<T>(v: View, what: string, op: number, read: () => T, args: readonly number[] = [], dims = false): T {
  try {
    return ask(v, op, read, args, dims);
  } catch (e) {
    throw relabel(what, e);
  }
}

/** @internal Writes a view in the wire's view encoding. */
export function putView(w: Wire, v: View): void {
  if (v._mode === FlatMode.Derivation) {
    w.sym = true;
    const d = v._deriv!;
    for (let i = 0; i < d.length; i++) w.put(d[i]!);
    return;
  }
  const shape = v._shape;
  const n = shape.length;
  const m = v._maskRaw;
  // A C-contiguous view of constant dims travels without its strides (they are the canonical
  // ones, which C++ computes instead of reading and checking them); putViewTail (symbolic dims)
  // always sends them.
  const strided = v._mode === FlatMode.Strided && !v.isCContiguous;
  // Constant dims: 7 + 5n numbers at most (2n for the dims, n strides, 2n mask bounds).
  const s = w.reserve(7 + 5 * n);
  let p = w.pos;
  s[p++] = ViewTag.Flat;
  s[p++] = n;
  for (let i = 0; i < n; i++) {
    const d = shape[i]!;
    if (typeof d !== 'number') {
      // a symbolic dim: the expression through put (any length)
      w.pos = p;
      putViewTail(w, v, i);
      return;
    }
    s[p++] = Tok.Const;
    s[p++] = d;
  }
  s[p++] = v.offset;
  if (strided) {
    const strides = v._strides;
    s[p++] = 1;
    s[p++] = n;
    for (let i = 0; i < n; i++) s[p++] = strides[i] as number;
  } else {
    s[p++] = 0;
  }
  if (m) {
    s[p++] = 1;
    s[p++] = n;
    for (let i = 0; i < n; i++) {
      s[p++] = m[i]![0];
      s[p++] = m[i]![1];
    }
  } else {
    s[p++] = 0;
  }
  w.pos = p;
}

// putView from dim `from` on (a symbolic dim there), each number through put.
function putViewTail(w: Wire, v: View, from: number): void {
  const shape = v._shape;
  const n = shape.length;
  for (let i = from; i < n; i++) {
    const d = shape[i]!;
    if (typeof d === 'number') {
      w.put(Tok.Const);
      w.put(d);
    } else {
      putExpr(w, d);
    }
  }
  w.put(v.offset);
  if (v._mode === FlatMode.Strided) {
    const strides = v._strides;
    w.put(1);
    w.put(n);
    for (let i = 0; i < n; i++) w.put(strides[i] as number);
  } else {
    w.put(0);
  }
  const m = v._maskRaw;
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

/**
 * Reads `n` dims from `w.s` at `p` into a new array (numbers inline; a symbolic dim through
 * readExpr, which moves `w.pos`). Returns the position after them in `w.pos`.
 */
function readDims(w: Wire, s: Float64Array, p: number, n: number): Dim[] {
  const out = new Array<Dim>(n);
  for (let i = 0; i < n; i++) {
    if (s[p] === Tok.Const) {
      out[i] = s[p + 1]!;
      p += 2;
    } else {
      w.pos = p;
      out[i] = readExpr(w);
      p = w.pos;
    }
  }
  w.pos = p;
  return out;
}

/**
 * @internal Reads a response view. The reader works on a local cursor (one `w.pos` store per
 * part, not one per number): every movement op and slice reads one of these.
 */
export function readView(w: Wire, deriv: number[] | null, parent: View | null): View {
  const s = w.s;
  const mode = s[w.pos]!;
  const n = s[w.pos + 1]!;
  const shape = readDims(w, s, w.pos + 2, n);
  const strides = readDims(w, s, w.pos, n);
  let p = w.pos;
  const offset = s[p++]!;
  let mask: Mask | null = null;
  if (s[p++] !== 0) {
    const m: (readonly [number, number])[] = new Array(n);
    for (let i = 0; i < n; i++) {
      m[i] = [s[p]!, s[p + 1]!];
      p += 2;
    }
    mask = m;
  }
  const contiguous = s[p++] !== 0;
  let numel: Dim;
  if (s[p] === Tok.Const) {
    numel = s[p + 1]!;
    w.pos = p + 2;
  } else {
    w.pos = p;
    numel = readExpr(w);
  }
  if (mode === FlatMode.Derivation && deriv === null) {
    throw new Error('strideview: internal error: a derived view without its derivation');
  }
  return View._make(shape, strides, offset, mask, contiguous, numel, mode, mode === FlatMode.Derivation ? deriv : null, mode === FlatMode.Derivation ? parent : null);
}

/** @internal Starts one movement op on C++: [1, view, op, args] decoded and replayed by read_view. */
export function startDerive(v: View, op: number): Wire {
  wire.begin().put(ViewTag.Derived);
  putView(wire, v);
  wire.put(op);
  return wire;
}

/** @internal Runs the op started by {@link startDerive} once its arguments are written. */
export function endDerive(v: View): View {
  const deriv = wire.sym ? wire.snapshot() : null;
  wire.call(Op.ViewCreate);
  return readView(wire, deriv, v);
}

/** @internal True when every dim is a number. */
export function isStaticView(v: View): boolean {
  return v._shape.every((d) => typeof d === 'number');
}
