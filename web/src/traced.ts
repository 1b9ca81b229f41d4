// The values a fused function is traced with (fuse.ts): each stands for an array of a known dtype
// and shape inside `fuse(fn)`. The elementwise ops record themselves when one of their inputs is
// traced (compute() in ops.ts, where(), the ufunc keywords in ufunc.ts) through the recorder that
// fuse.ts installs while it traces; every other function refuses a traced value by name.
import type { DType } from './dtype.js';

/** @internal What records an elementwise op applied to traced values (set by fuse.ts while it traces). */
export interface Recorder {
  /** One kernel op as compute() would run it: its kind, code, inputs, `force` and `result` dtype rules. */
  op(op: string, kind: number, code: number, inputs: readonly unknown[], hasOut: boolean,
    force: ((d: DType) => DType) | undefined, result: (d: DType) => DType): TracedArray;
  /** where(condition, x, y). */
  where(condition: unknown, x: unknown, y: unknown): TracedArray;
  /** A cast (astype). */
  cast(x: TracedArray, dtype: DType): TracedArray;
  /**
   * A final reduction (reduction() in reductions.ts, its arguments checked): the kernel's kind and
   * code, the axes as bits, keepdims, the dtype the input is cast to first (null: none) and the
   * op's result dtype rule.
   */
  reduce(op: string, kind: number, code: number, x: unknown, bits: number, keepdims: boolean, dtype: DType | null,
    natural: (d: DType) => DType): TracedArray;
}

/** @internal The recorder of the function being traced, or null outside fuse(). */
export let recorder: Recorder | null = null;

/** @internal Sets the recorder (fuse.ts); returns the previous one. */
export function setRecorder(r: Recorder | null): Recorder | null {
  const prev = recorder;
  recorder = r;
  return prev;
}

/**
 * A value inside a fused function: an array of a known dtype and shape whose elements do not exist
 * yet. Pass it to the package's elementwise functions (`add`, `mul`, `where`, `exp`, `clip`, ...)
 * as you would an NDArray; any other use is an error that names the function.
 */
export class TracedArray {
  /** @internal */ readonly _traced = true;
  /** @internal */ readonly _rec: Recorder;
  /** @internal The value's number in its trace. */ readonly _id: number;
  /** The dtype the unfused ops would give this value. */
  readonly dtype: DType;
  /** The shape the unfused ops would give this value. */
  readonly shape: number[];

  /** @internal */
  constructor(rec: Recorder, id: number, dtype: DType, shape: number[]) {
    this._rec = rec;
    this._id = id;
    this.dtype = dtype;
    this.shape = shape;
  }

  /** Number of dims. */
  get ndim(): number {
    return this.shape.length;
  }

  /** Number of elements. */
  get size(): number {
    let n = 1;
    for (const d of this.shape) n *= d;
    return n;
  }

  /** The value cast to `dtype` (NumPy's astype: float to integer truncates, integers wrap). */
  astype(dtype: DType): TracedArray {
    return this._rec.cast(this, dtype);
  }

  toString(): string {
    return `a traced value of dtype ${this.dtype} and shape [${this.shape.join(',')}] (inside fuse())`;
  }
}

/**
 * @internal True when one of `xs` is a traced value (by its marker, so that the ops that ask,
 * present in every bundle, do not keep the class in bundles without fuse()).
 */
export function hasTraced(xs: readonly unknown[]): boolean {
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (typeof x === 'object' && x !== null && (x as { _traced?: unknown })._traced === true) return true;
  }
  return false;
}
