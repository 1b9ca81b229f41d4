// NDArray: an owned element buffer in WASM memory plus a View. Only element buffers are owned
// resources: dispose() / [Symbol.dispose] free them, a FinalizationRegistry is the safety net, and
// views share (and keep alive) their base. Every view rule is a C++ call (view.ts / wire); the
// buffers live in storage.ts, kernel calls in kernel_client.ts, indexing in slicing.ts.
import { type Family, useFamily } from './families.js';
import { type AnyTypedArray, type ComplexDType, type DType, type Scalar, type TypedArrayCopy, Complex, checkDType, fromStored, info, storedValue, toStored } from './dtype.js';
import { StrideViewError, fmt, indexArgs, relabel, toInt } from './errors.js';
import { heapBuffer } from './runtime.js';
import { View, createView, ints, pairs } from './view.js';
import {
  type AxisSetOptions,
  flattenShape,
  flipFlags,
  knownKeys,
  moveaxisOrder,
  normAxis,
  normAxisList,
  reversedAxes,
  squeezeShape,
  unflattenShape,
  unsqueezeShape,
} from './axes.js';
import { type NestedArray, asArray, nestedArray, storedNumber } from './creation.js';
import { SingleOp } from './boundary_tables.js';
import { Kind, copyInto, kernelCopy, outOption, registerArrayClass, runKernel } from './kernel_client.js';
import { type SliceSpec, elementOffset, indexArray, maskSelect, paddingElements, sliceArray } from './slicing.js';
import { type Storage, adoptStorage, allocStorage, finalizer, heapArray, releaseStorage, track } from './storage.js';
import { toNdarrayLike, type NdarrayLike, type ToNdarrayLikeOptions } from './interop.js';
import { type AnyElem, type Elem, type NestedList, elementAt, itemOf, nestedList } from './scalar.js';
import { installArrayHooks } from './format.js';
import { type DiagonalOptions, diagonalView } from './diagonal_view.js';
import { checkCall, isOptionsObject } from './signature.js';

// Re-exported for the op modules that import these helpers from here (ops, math, stats, linalg,
// select, npy, explain); they live in the modules named.
export { Kind, type KIn, checkOut, gather, kernelCopy, outOption, runKernel, takeSecond } from './kernel_client.js';
export { type NestedArray, asArray, empty, full, storedNumber } from './creation.js';
export { A, R } from './slicing.js';
export { normAxes, normAxis, type AxisSetOptions } from './axes.js';
export { takeScalar } from './scalar.js';

/** Options of {@link NDArray.reshape}. */
export interface ReshapeOptions {
  /** 'C' (default): read and write the elements row-major; 'F': column-major; 'A': 'F' for an F-contiguous array. */
  order?: 'C' | 'F' | 'A' | undefined;
  /** false: fail instead of copying when no view fits; true: always copy. Default (null): copy only if needed. */
  copy?: boolean | null | undefined;
}

/** An n-dimensional array: an element buffer in WASM memory read through a View. */
export class NDArray<D extends DType = DType> {
  /** @internal */ _s: Storage;
  /** @internal */ _v: View;
  /** Element type. */
  readonly dtype: D;
  /** @internal */ readonly _owner: NDArray | null;
  /** @internal */ readonly _ro: boolean;
  /** @internal */ readonly _fill: number;
  /** @internal */ _disposed = false;
  /** @internal registered with the FinalizationRegistry (owners created outside tidy) */
  _fin = false;

  private constructor(s: Storage, v: View, dtype: DType, owner: NDArray | null, ro: boolean, fill: number) {
    this._s = s;
    this._v = v;
    this.dtype = dtype as D;
    this._owner = owner;
    this._ro = ro;
    this._fill = fill;
    track(this);
  }

  /** @internal The FinalizationRegistry as the safety net of an owner that no scope will dispose. */
  _guard(): void {
    if (finalizer !== null && !this._fin && this._owner === null && !this._disposed) {
      finalizer.register(this, this._s, this._s);
      this._fin = true;
    }
  }

  /** @internal A fresh owning array (uninitialised). */
  static _empty(op: string, shape: readonly number[], dtype: DType): NDArray {
    const v = createView(shape);
    const n = v.numel as number;
    const s = allocStorage(op, n, dtype);
    return new NDArray(s, v, dtype, null, false, 0);
  }

  /** @internal A view over `s` (another dtype's reading of an owner's memory: complex.ts partView). */
  static _view(s: Storage, v: View, dtype: DType, owner: NDArray, ro: boolean, fill: number): NDArray {
    return new NDArray(s, v, dtype, owner, ro, fill);
  }

  /** @internal Takes ownership of storage the kernel call allocated (bindings/fast.cpp). */
  static _adopt(ptr: number, v: View, dtype: DType): NDArray {
    return new NDArray(adoptStorage(ptr, v.numel as number, dtype), v, dtype, null, false, 0);
  }

  /** @internal Throws when disposed. */
  _check(op: string): void {
    if (this._disposed || !this._s.live) {
      throw new StrideViewError(
        'disposed',
        `${op}: the array was disposed${this._disposed ? '' : ' (its base array was disposed)'}`,
      );
    }
  }

  /** @internal A view of the same buffer. */
  _derive(v: View, ro: boolean = this._ro, fill: number = this._fill): NDArray<D> {
    return new NDArray<D>(this._s, v, this.dtype, this._owner ?? this, ro, fill);
  }

  /** @internal A C-ordered copy (masked-out elements get the fill value), optionally cast. */
  _materialize(op: string, dtype: DType = this.dtype): NDArray<D> {
    try {
      return runKernel(Kind.Copy, SingleOp.Only, dtype, null, null, [this], this.dtype, this._fill) as NDArray<D>;
    } catch (e) {
      throw relabel(op, e);
    }
  }

  /** @internal Replaces the view of a freshly created owner (e.g. keepdims=false). */
  _setView(v: View): this {
    this._v = v;
    return this;
  }

  // ---------------------------------------------------------------- properties

  get shape(): number[] {
    return this._v._shape.slice() as number[];
  }
  /** Strides in elements. */
  get strides(): number[] {
    return this._v._strides.slice() as number[];
  }
  /** Offset of element [0,...,0] in elements from the start of the buffer. */
  get offset(): number {
    return this._v.offset;
  }
  get ndim(): number {
    return this._v._shape.length;
  }
  /** Number of elements. */
  get size(): number {
    return this._v.numel as number;
  }
  /** Bytes of one element. */
  get itemsize(): number {
    return info(this.dtype).size;
  }
  /** The View (shape, strides, offset, mask) over the buffer. */
  get view(): View {
    return this._v;
  }
  /** Valid region of a padded view, or null. */
  get mask(): View['mask'] {
    return this._v.mask;
  }
  get isCContiguous(): boolean {
    return this._v.isCContiguous;
  }
  /** The array owning the buffer when this is a view, else null. */
  get base(): NDArray | null {
    return this._owner;
  }
  /** Broadcast (stride-0) and padded views cannot be written. */
  get isReadOnly(): boolean {
    return this._ro;
  }
  /** The value masked-out (padded) elements read as. */
  get fillValue(): number {
    return this._fill;
  }
  get isDisposed(): boolean {
    return this._disposed || !this._s.live;
  }

  // ---------------------------------------------------------------- memory

  /**
   * Frees the buffer when this array owns it (its views become unusable); on a view, only this
   * handle becomes unusable. Idempotent.
   */
  dispose(): void {
    if (this._disposed) return;
    this._disposed = true;
    if (this._owner === null) {
      if (this._fin) finalizer!.unregister(this._s);
      releaseStorage(this._s);
    }
  }
  [Symbol.dispose](): void {
    this.dispose();
  }

  // ---------------------------------------------------------------- movement (views)

  /** @internal `reshape`'s body: a view when one exists (copy null), else a copy; copy true: always, false: never. */
  _reshape(op: string, s: number[], copy: boolean | null): NDArray<D> {
    if (copy !== true) {
      try {
        return this._derive(this._v._reshape(s));
      } catch (e) {
        if (!(e instanceof StrideViewError) || e.code !== 'not_expressible' || copy === false) throw relabel(op, e);
      }
    }
    const c = this._materialize(op);
    try {
      return c._setView(c._v._reshape(s));
    } catch (e) {
      c.dispose();
      throw relabel(op, e);
    }
  }
  /** @internal The axes permuted (reversed when axes is null), errors named op. */
  _transpose(op: string, axes: readonly number[] | null): NDArray<D> {
    this._check(op);
    const n = this._v._shape.length;
    try {
      return this._derive(this._v._permute(axes !== null ? normAxisList(op, axes, n) : reversedAxes(n)));
    } catch (e) {
      throw relabel(op, e); // the engine names its permute
    }
  }
  /** Reorders the axes: result axis i is input axis axes[i]. */
  permute(axes: readonly number[]): NDArray {
    if (arguments.length > 1) checkCall('permute', 'axes', arguments);
    this._check('permute');
    return this._derive(this._v._permute(normAxisList('permute', axes, this._v._shape.length)));
  }
  /** Reverses `axis` (NumPy's np.flip(m, axis): a number or an array, positionally or as `{ axis }`; all axes when omitted or null): a view with negative strides. */
  flip(axis?: number | readonly number[] | null): NDArray;
  flip(options: AxisSetOptions): NDArray;
  flip(options?: number | readonly number[] | null | AxisSetOptions): NDArray {
    if (arguments.length > 1) checkCall('flip', 'axis', arguments);
    this._check('flip');
    return this._derive(this._v._flip(flipFlags('flip', options, this.ndim)));
  }
  /** Inserts size-1 dims at the given positions of the result. */
  unsqueeze(axes: number | readonly number[]): NDArray {
    if (arguments.length > 1) checkCall('unsqueeze', 'axes', arguments);
    this._check('unsqueeze');
    return this._derive(this._v._reshape(unsqueezeShape('unsqueeze', this._v._shape as number[], axes)));
  }
  /** Splits dim `dim` into `sizes` (one -1 allowed). */
  unflatten(dim: number, sizes: readonly number[]): NDArray {
    if (arguments.length > 2) checkCall('unflatten', 'dim, sizes', arguments);
    this._check('unflatten');
    return this._reshape('unflatten', unflattenShape('unflatten', this._v._shape as number[], dim, sizes), null);
  }
  /** Moves axes to new positions (NumPy moveaxis). */
  moveaxis(source: number | readonly number[], destination: number | readonly number[]): NDArray {
    if (arguments.length > 2) checkCall('moveaxis', 'source, destination', arguments);
    this._check('moveaxis');
    return this._derive(this._v._permute(moveaxisOrder('moveaxis', source, destination, this.ndim)));
  }
  /** Broadcasts to shape (-1 keeps a dim): a read-only stride-0 view. */
  expand(shape: readonly number[]): NDArray {
    if (arguments.length > 1) checkCall('expand', 'shape', arguments);
    this._check('expand');
    const s = ints('expand', 'shape', shape);
    const sh = this._v._shape as number[];
    const lead = s.length - sh.length;
    const target = s.map((d, i) => {
      if (d !== -1) return d;
      if (i < lead) throw new StrideViewError('invalid_argument', `expand: -1 is not allowed for the new leading dim ${i} of ${fmt(s)}`);
      return sh[i - lead]!;
    });
    try {
      return this._derive(this._v._broadcastTo(target), true);
    } catch (e) {
      throw relabel('expand', e); // the engine names its broadcast_to / expand
    }
  }
  /** NumPy broadcast_to: a read-only stride-0 view. */
  broadcastTo(shape: readonly number[]): NDArray {
    if (arguments.length > 1) checkCall('broadcastTo', 'shape', arguments);
    this._check('broadcastTo');
    const s = ints('broadcastTo', 'shape', shape);
    try {
      return this._derive(this._v._broadcastTo(s), true);
    } catch (e) {
      throw relabel('broadcastTo', e); // the engine names its broadcast_to / expand
    }
  }
  /** Keeps [start, end) per dim (View.shrink). */
  shrink(bounds: readonly (readonly [number, number])[]): NDArray {
    if (arguments.length > 1) checkCall('shrink', 'bounds', arguments);
    this._check('shrink');
    return this._derive(this._v._shrink(pairs('shrink', 'bounds', bounds)));
  }
  /** A virtual padded view: masked-out elements read as `value` (read-only). */
  padView(padding: readonly (readonly [number, number])[], value: number = 0): NDArray {
    if (arguments.length > 2) checkCall('padView', 'padding, value', arguments);
    this._check('padView');
    return this._padded('padView', padding, value);
  }
  /** @internal The padded view of padView, its errors named `op`. */
  _padded(op: string, padding: readonly (readonly [number, number])[], value: number): NDArray {
    if (typeof value !== 'number') throw new TypeError(`${op}: value must be a number, got ${fmt(value)}`);
    const fill = Number(storedValue(op, this.dtype, value)); // what this dtype stores for value
    if (this._v._hasMask && !Object.is(fill, this._fill)) {
      throw new StrideViewError(
        'not_expressible',
        `${op}: this view is already padded with ${this._fill}; padding it with ${fmt(value)} needs a copy (call copy() or pad() first)`,
      );
    }
    const p = pairs(op, 'padding', padding);
    try {
      return this._derive(this._v._pad(p), true, fill);
    } catch (e) {
      throw relabel(op, e); // the engine names its pad
    }
  }
  /** A new array padded with `value` ((before, after) per dim); `{ out }` writes it into out. */
  pad(padding: readonly (readonly [number, number])[], value: number = 0, options?: { out?: NDArray }): NDArray {
    if (arguments.length > 3) checkCall('pad', 'padding, value, options', arguments);
    this._check('pad');
    if (typeof value !== 'number') throw new TypeError(`pad: value must be a number, got ${fmt(value)}`);
    const out = outOnly('pad', options);
    if (this._v._hasMask && !Object.is(Number(storedValue('pad', this.dtype, value)), this._fill)) {
      const c = this._materialize('pad'); // keep the inner padding's own fill, as np.pad twice
      try {
        return c.pad(padding, value, options);
      } finally {
        c.dispose();
      }
    }
    const v = this._padded('pad', padding, value);
    try {
      return out === undefined ? v._materialize('pad') : copyInto('pad', v, this.dtype, out);
    } finally {
      v.dispose();
    }
  }

  // ---------------------------------------------------------------- indexing

  /**
   * NumPy basic slicing: I(i) R(start, stop) Rs(start, stop, step) A N E, or integers / null, or a
   * single string such as '1:3, ::-1, None, 2'. Ranges and steps give strided views; L([..])
   * gathers a copy (outer indexing per axis, as in Nx).
   */
  slice(...specs: (SliceSpec | number | null | string | readonly number[] | NDArray)[]): NDArray {
    const op = 'slice';
    this._check(op);
    if (specs.length > 0 && specs[0] instanceof NDArray) {
      if (specs.length !== 1) {
        throw new StrideViewError('invalid_argument', `${op}: a boolean mask must be the only index (got ${specs.length} indices)`);
      }
      return maskSelect(op, this, specs[0]);
    }
    try {
      return sliceArray(op, this, specs);
    } catch (e) {
      throw relabel(op, e); // spec constructors (Rs, L) name themselves
    }
  }
  /**
   * NumPy's `a[i, j]` with one index per dim: the element as a JS value (see the scalar rule in
   * scalar.ts: a number for every numeric dtype, int64 / uint64 included while exact, else a
   * RangeError; a boolean for bool, typed `boolean` on an `NDArray<'bool'>`; in a padded view's
   * padding the fill). Indices (one rule in get, item, itemBigInt, set): integers, `a.get(1, 2)`
   * (scijs `ndarray.get(i, j)`), or one array, `a.get([1, 2])`. Fewer indices than dims is a
   * `rank_mismatch` error (`a.slice(i)` gives the sub-array), as are more.
   */
  get(this: NDArray<'bool'>, indices: number | readonly number[]): boolean;
  get(this: NDArray<'bool'>, ...indices: number[]): boolean;
  get(this: NDArray<ComplexDType>, indices: number | readonly number[]): Complex;
  get(this: NDArray<ComplexDType>, ...indices: number[]): Complex;
  get(indices: number | readonly number[]): number;
  get(...indices: number[]): number;
  get(...args: (number | readonly number[])[]): AnyElem {
    if (args.length === this._v._shape.length) {
      const x = elementAt(this, args); // the everyday path: in-range integers, one per dim
      if (x !== undefined) return x;
    }
    const idx = indexArgs('get', 'indices', args);
    if (idx.length < this.ndim) {
      throw new StrideViewError(
        'rank_mismatch',
        `get: ${idx.length} ind${idx.length === 1 ? 'ex' : 'ices'} for an array of dimension ${this.ndim}: get reads one element ` +
          `(one index per dim); a.slice(${idx.join(', ')}) gives the sub-array`,
      );
    }
    let r: NDArray;
    try {
      this._check('slice');
      r = indexArray(this, idx);
    } catch (e) {
      throw relabel('get', e); // "get: slice: ..."
    }
    try {
      return itemOf(r, 'get', []); // a padding element, or an index the fast path left to the engine's checks
    } finally {
      r.dispose();
    }
  }
  /**
   * Writes value (scalar or array, broadcast) at the indexed sub-array; returns this. The value is
   * the last argument, the indices come before it by the rule of {@link NDArray.get}:
   * `a.set(i, j, value)` (scijs `ndarray.set(i, j, v)`) or `a.set([i, j], value)`.
   */
  set(indices: number | readonly number[], value: Scalar | NDArray | NestedArray): this;
  set(...indicesThenValue: [...number[], Scalar | NDArray | NestedArray]): this;
  set(...args: unknown[]): this {
    this._check('set');
    if (args.length < 2) {
      throw new TypeError(
        `set: expected indices and then a value, a.set(i, j, value) or a.set([i, j], value); got ${args.length} argument${args.length === 1 ? '' : 's'}` +
          (args.length === 1 ? ` (${fmt(args[0])})` : ''),
      );
    }
    const value = args[args.length - 1] as Scalar | NDArray | NestedArray;
    const indices = args.slice(0, -1) as number[];
    let v: NDArray | null = null;
    try {
      v = indexArray(this, indexArgs('set', 'indices', indices));
      v.assign(value);
    } catch (e) {
      throw relabel('set', e);
    } finally {
      v?.dispose(); // a view handle (or the temporary of a padding element)
    }
    return this;
  }
  /** Writes src (broadcast to this shape, cast to this dtype) into this view; returns this. */
  assign(src: Scalar | NDArray | NestedArray | AnyTypedArray): this {
    if (arguments.length > 1) checkCall('assign', 'value', arguments);
    return this._assign('assign', src);
  }
  /** @internal assign, its errors named `op` (fill forwards here: "fill: ...", never "fill: assign: ..."). */
  _assign(op: string, src: Scalar | NDArray | NestedArray | AnyTypedArray): this {
    this._check(op);
    if (this._ro) {
      throw new StrideViewError(
        'read_only',
        paddingElements.has(this)
          ? `${op}: the element is in the padding of a padded view (read-only; it reads the fill value)`
          : `${op}: the array is read-only (${this._v.mask ? 'a padded view' : 'a broadcast view'} of shape ${fmt(this.shape)} ` +
            `with strides ${fmt(this.strides)}); call copy() first`,
      );
    }
    if (src instanceof NDArray) {
      src._check(op);
      kernelCopy(this, src);
      return this;
    }
    if (typeof src === 'number' || typeof src === 'boolean' || typeof src === 'bigint') {
      const v = storedNumber(op, this.dtype, src);
      if (v !== null) {
        runKernel(Kind.Copy, SingleOp.Only, this.dtype, this, null, [v], this.dtype);
        return this;
      }
    }
    let t: NDArray;
    try {
      t = asArray(op, src, this.dtype);
    } catch (e) {
      throw relabel(op, e); // array() names itself
    }
    try {
      kernelCopy(this, t);
    } finally {
      t.dispose();
    }
    return this;
  }
  // ---------------------------------------------------------------- copies

  /**
   * This array when already C-contiguous (a view sharing the buffer), else a C-ordered copy. With
   * `{ out }` the elements are copied into out (see {@link add} for what out may be).
   */
  contiguous(options?: { out?: NDArray }): NDArray {
    if (arguments.length > 1) checkCall('contiguous', 'options', arguments);
    this._check('contiguous');
    const out = outOnly('contiguous', options);
    if (out !== undefined) return copyInto('contiguous', this, this.dtype, out);
    if (this._v.isCContiguous) return this._derive(this._v);
    return this._materialize('contiguous');
  }
  /**
   * A copy of the elements in C order, in its own ArrayBuffer (Uint8Array for bool, BigInt64Array for
   * int64...: {@link TypedArrayCopy}; `toArray()` gives JS numbers).
   */
  toTypedArray(): TypedArrayCopy<D> {
    const op = 'toTypedArray';
    this._check(op);
    const n = this.size;
    if (this._v.isCContiguous && n <= this._s.length) {
      const I = info(this.dtype);
      return new I.ctor(heapBuffer(), this._s.ptr, n * I.lanes).slice() as TypedArrayCopy<D>;
    }
    const c = this._materialize(op);
    try {
      return c.toTypedArray() as TypedArrayCopy<D>;
    } finally {
      c.dispose();
    }
  }
  /**
   * Describes this array for scijs `ndarray` / `@stdlib/ndarray`: `{ data, shape, stride, offset,
   * dtype }` (a C-ordered copy by default; see {@link toNdarrayLike} for `{ copy: false }`).
   */
  toNdarrayLike(options?: ToNdarrayLikeOptions): NdarrayLike {
    return toNdarrayLike(this, options);
  }
  /**
   * Nested JS arrays (a value for a 0-d array), NumPy's `tolist` (the same function): elements by the
   * scalar rule of {@link NDArray.get} (int64 / uint64 as numbers while exact, else a RangeError:
   * `toTypedArray()` gives them as bigints). Typed `any`, as NumPy's stubs type tolist (the nesting
   * depth is the rank, unknown to the types): `a.toArray()[0]` and `.map(...)` need no cast;
   * annotate with {@link NestedList} where a checked type helps.
   */
  toArray(): any {
    return nestedList(this, 'toArray');
  }
  /** Nested arrays for JSON.stringify: bool as booleans, 64-bit integers as numbers when exact (else an overflow error). */
  declare toJSON: () => NestedArray;
  /** Iterates the first axis as NumPy: views of the sub-arrays, or the elements of a 1-d array (a TypeError for 0-d). */
  // typed `any` as NumPy's stubs type __iter__: a row (NDArray) or, for a 1-d array, an element
  declare [Symbol.iterator]: () => IterableIterator<any>;
}

registerArrayClass(NDArray);
installArrayHooks(NDArray); // toString (NumPy's repr), util.inspect, toJSON, iteration, toStringTag: web/src/format.ts

/** The `{ out }` options of pad and contiguous: another key is refused in the binder's words (the closest name), never ignored. */
function outOnly(op: string, options: unknown): unknown {
  if (isOptionsObject(options)) knownKeys(op, options, ['out']);
  return outOption(op, options);
}

/**
 * @internal Installs NumPy's ndarray methods on the class. The methods of functions a bundle may
 * drop (the families' and a few more) are installed by the module that defines the function, when
 * it loads, so that the method's code goes with the function; ndarray_methods.ts installs the rest,
 * and for the dropped ones a method that says how to keep them.
 */
export function defineMethods(methods: Record<string, unknown>): void {
  const p = NDArray.prototype as unknown as Record<string, unknown>;
  for (const name of Object.keys(methods)) {
    Object.defineProperty(p, name, { value: methods[name], writable: true, configurable: true });
  }
}

/**
 * @internal A group of NumPy's ndarray methods and the engine family its functions need ('none': the core),
 * made once, at load, by `const G = /* @__PURE__ *\/ methodGroup(...)` in the functions' module:
 * registers the family (init() loads it; families.ts) and installs the methods. Every function of
 * the group names G in its body (`needFamily(op, G)`, or `uses(G)`), so a bundler keeps the group
 * exactly when it keeps one of them; where it keeps none, the program neither asks for the family
 * nor carries the methods' functions (ndarray_methods.ts then installs methods that say so).
 */
export function methodGroup<F extends Family | 'none'>(f: F, methods: () => Record<string, unknown>): F {
  if (f !== 'none') useFamily(f);
  defineMethods(methods());
  return f;
}

/**
 * @internal Names a method group in a function that needs no family (see {@link methodGroup}). Not
 * an empty function: esbuild drops calls to those, and with them the only reference to the group.
 */
export function uses(group: Family | 'none'): void {
  if (group === undefined) throw new Error('strideview: internal error: a method group used before its module loaded');
}

/** @internal `a.f(...args)` is `f(a, ...args)`. */
export const forward = (f: unknown) =>
  function (this: NDArray, ...args: unknown[]): unknown {
    return (f as (...a: unknown[]) => unknown)(this, ...args);
  };
