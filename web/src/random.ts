// Random numbers identical to NumPy's: numpy.random.default_rng(seed) (PCG64 seeded through
// SeedSequence, random_pcg64.ts) and the Generator methods, draw for draw. The distributions run in
// C++ (src/random, bindings/random.cpp), one call per method, writing straight into the result's
// buffer. A generator's state lives in JS: a Generator owns no WASM memory and needs no dispose().
import { type DType, type Scalar, checkDType, info } from './dtype.js';
import { StrideViewError, fmt, isArrayLike } from './errors.js';
import { checkShape } from './axes.js';
import { NDArrayClass, gather } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import { array } from './creation.js';
import type { ArrayInput } from './ops.js';
import { drawWithParams } from './random_params.js';
import { heapBuffer } from './runtime.js';
import { M32, PCG64, RESULT, exAddr, exF32, exF64, exU32, exchange, raw, readInt, withSeedOp } from './random_pcg64.js';

// sv_rng_fill's kinds (bindings/random.cpp).
const enum K {
  Random64 = 0,
  Random32 = 1,
  Uniform = 2,
  Normal = 3,
  StdNormal64 = 4,
  StdNormal32 = 5,
  Bounded = 6,
  ShuffleRaw = 7,
  ShuffleOrder = 8,
  ChoiceDistinct = 9,
  ChoiceP = 10,
  ChoicePDistinct = 11,
}

// ------------------------------------------------------------------------------ helpers

/** The `size` of a draw: a length, a shape, or nothing (null / undefined) for one scalar. */
export type RandomSize = number | readonly number[] | null | undefined;
type Size = RandomSize;

/** Size option -> shape (null: a scalar result). */
function sizeShape(op: string, size: Size): number[] | null {
  if (size === undefined || size === null) return null;
  return checkShape(op, size);
}
function numel(shape: readonly number[]): number {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

/** Plain writable C-contiguous memory that a fill can write straight into. */
function directAddress(a: NDArray): number | null {
  if (a._ro || a._v.mask || !a._v.isCContiguous) return null;
  const off = a._v.offset;
  if (typeof off !== 'number') return null;
  return a._s.ptr + off * info(a.dtype).size;
}

function checkNumber(op: string, what: string, v: unknown): number {
  if (typeof v !== 'number') throw new TypeError(`${op}: ${what} must be a number, got ${fmt(v)}`);
  return v;
}

const INT_RANGE: Partial<Record<DType, [bigint, bigint]>> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint64: [0n, (1n << 64n) - 1n],
  bool: [0n, 1n],
};

function toBigInt(op: string, what: string, v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new StrideViewError('invalid_argument', `${op}: cannot convert ${what} ${v} to an integer`);
    return BigInt(Math.trunc(v)); // NumPy: int(low), truncating
  }
  throw new TypeError(`${op}: ${what} must be a number or a bigint, got ${fmt(v)}`);
}

/** Options of {@link Generator.random} and {@link Generator.standardNormal}. */
export interface FloatDrawOptions {
  /** 'float64' (default) or 'float32' (NumPy's float32 streams: 32-bit draws). */
  dtype?: 'float64' | 'float32';
  /** Write the values into this array (its dtype must equal `dtype`; any strides). */
  out?: NDArray;
}

/** Options of {@link Generator.integers}. */
export interface IntegersOptions {
  /** Any integer dtype or 'bool' (default 'int64'). */
  dtype?: DType;
  /** Include `high` (NumPy's endpoint=True). Default false. */
  endpoint?: boolean;
}

/** Options of {@link Generator.choice}. */
export interface ChoiceOptions {
  /** Draw with replacement (default true). */
  replace?: boolean;
  /** Probabilities of the population's entries (1-D, summing to 1). */
  p?: readonly number[] | Float64Array | Float32Array | NDArray;
  /** Without replacement: shuffle the result (default true; false is faster and keeps NumPy's order). */
  shuffle?: boolean;
}

// ------------------------------------------------------------------------------ Generator

/**
 * NumPy's `numpy.random.Generator`: the same seed, methods, sizes and dtypes give NumPy's numbers
 * bit for bit. Made by {@link defaultRng}. Methods without `size` return a JS scalar (a bigint for
 * int64/uint64, a boolean for bool), with `size` (a number or a shape) a new NDArray.
 */
export class Generator {
  /** The bit generator (NumPy's `Generator.bit_generator`); its `state` can be read and restored. */
  readonly bitGenerator: PCG64;

  constructor(bitGenerator: PCG64) {
    if (!(bitGenerator instanceof PCG64)) throw new TypeError(`Generator: expected a PCG64, got ${fmt(bitGenerator)}`);
    this.bitGenerator = bitGenerator;
  }

  /** Runs one fill with this generator's state; returns sv_rng_fill's code. */
  private run(op: string, kind: K, out: number, n: number): void {
    const m = raw();
    exchange();
    exU32.set(this.bitGenerator._w, 0);
    const code = m._sv_rng_fill(kind, out, n);
    exchange(); // memory may have grown (choice's work arrays)
    this.bitGenerator._w.set(exU32.subarray(0, 10));
    if (code !== 0) throw new StrideViewError('out_of_memory', `${op}: out of memory for ${n} draws`);
  }

  /** A new array of `shape` filled by one call; out (checked) when given. */
  private fillArray(op: string, kind: K, dtype: DType, shape: number[] | null, out: NDArray | undefined): NDArray {
    let target: NDArray;
    if (out !== undefined) {
      if (!(out instanceof NDArrayClass)) throw new TypeError(`${op}: out must be an NDArray, got ${fmt(out)}`);
      out._check(`${op}: out`);
      if (out._ro) throw new StrideViewError('read_only', `${op}: out is read-only (shape ${fmt(out.shape)}); pass a writable array`);
      if (out.dtype !== dtype) throw new StrideViewError('type_error', `${op}: out has dtype ${out.dtype}, expected ${dtype}`);
      if (shape !== null && (shape.length !== out.ndim || shape.some((d, i) => d !== out.shape[i]))) {
        throw new StrideViewError('shape_mismatch', `${op}: size ${fmt(shape)} does not match out's shape ${fmt(out.shape)}`);
      }
      target = out;
    } else {
      target = NDArrayClass._empty(op, shape ?? [], dtype);
    }
    const n = target.size;
    const addr = directAddress(target);
    if (addr !== null) {
      try {
        if (n > 0) this.run(op, kind, addr, n);
      } catch (e) {
        if (target !== out) target.dispose();
        throw e;
      }
      return target;
    }
    const tmp = NDArrayClass._empty(op, target.shape, dtype);
    try {
      if (n > 0) this.run(op, kind, tmp._s.ptr, n);
      target.assign(tmp);
    } finally {
      tmp.dispose();
    }
    return target;
  }

  /** One scalar drawn into the exchange block's result slot. */
  private scalar(op: string, kind: K, dtype: DType): Scalar {
    this.run(op, kind, exAddr + RESULT, 1);
    exchange();
    switch (dtype) {
      case 'float64':
        return exF64[4]!;
      case 'float32':
        return exF32[0]!;
      default:
        return readInt(dtype);
    }
  }

  /**
   * Floats in [0, 1) (NumPy's `random`): 53-bit for float64, 24-bit for float32. No size: a number.
   */
  random(size?: Size, options: FloatDrawOptions = {}): number | NDArray {
    return this.floats('random', K.Random64, K.Random32, size, options);
  }

  /** Standard normal draws (NumPy's ziggurat, float64 and float32 variants). No size: a number. */
  standardNormal(size?: Size, options: FloatDrawOptions = {}): number | NDArray {
    return this.floats('standardNormal', K.StdNormal64, K.StdNormal32, size, options);
  }

  private floats(op: string, k64: K, k32: K, size: Size, options: FloatDrawOptions): number | NDArray {
    if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
    const dtype = options.dtype ?? 'float64';
    if (dtype !== 'float64' && dtype !== 'float32') {
      throw new StrideViewError('type_error', `${op}: unsupported dtype ${fmt(dtype)}; use 'float64' or 'float32'`);
    }
    const kind = dtype === 'float64' ? k64 : k32;
    const shape = sizeShape(op, size);
    if (shape === null && options.out === undefined) return this.scalar(op, kind, dtype) as number;
    return this.fillArray(op, kind, dtype, shape, options.out);
  }

  /**
   * Integers in [low, high) (or [low, high] with `endpoint: true`); `integers(high)` draws from
   * [0, high). NumPy's bounded generation (Lemire's method; 8- and 16-bit dtypes share 32-bit draws
   * within one call). Default dtype int64: scalars are bigints then.
   */
  integers(low: number | bigint, high?: number | bigint | null, size?: Size, options: IntegersOptions = {}): Scalar | NDArray {
    const op = 'integers';
    if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
    const dtype = checkDType(op, options.dtype ?? 'int64');
    const range = INT_RANGE[dtype];
    if (!range) throw new StrideViewError('type_error', `${op}: unsupported dtype ${dtype}; use an integer dtype or bool`);
    let lo: bigint;
    let hi: bigint;
    if (high === undefined || high === null) {
      lo = 0n;
      hi = toBigInt(op, 'high', low);
    } else {
      lo = toBigInt(op, 'low', low);
      hi = toBigInt(op, 'high', high);
    }
    const endpoint = options.endpoint === true;
    const shape = sizeShape(op, size);
    if (shape !== null && numel(shape) === 0) return NDArrayClass._empty(op, shape, dtype);
    const hiClosed = endpoint ? hi : hi - 1n;
    if (lo < range[0]) throw new StrideViewError('invalid_argument', `${op}: low ${lo} is out of bounds for ${dtype}`);
    if (hiClosed > range[1]) {
      throw new StrideViewError('invalid_argument', `${op}: high ${hi}${endpoint ? '' : ' (exclusive)'} is out of bounds for ${dtype}`);
    }
    if (lo > hiClosed) throw new StrideViewError('invalid_argument', `${op}: low ${lo} ${endpoint ? '>' : '>='} high ${hi}`);
    const rng = BigInt.asUintN(64, hiClosed - lo);
    const off = BigInt.asUintN(64, lo);
    const bytes = dtype === 'bool' ? 1 : info(dtype).size;
    exchange();
    exU32[10] = bytes;
    exU32[11] = dtype === 'bool' ? 1 : 0;
    exU32[12] = Number(off & M32);
    exU32[13] = Number(off >> 32n);
    exU32[14] = Number(rng & M32);
    exU32[15] = Number(rng >> 32n);
    if (shape === null) return this.scalar(op, K.Bounded, dtype);
    return this.fillArray(op, K.Bounded, dtype, shape, undefined);
  }

  /**
   * Floats in [low, high): low + (high - low) * random(). `low` and `high` may be arrays (or nested
   * JS arrays): they broadcast together and to `size`, one draw per element in C order, NumPy's
   * numbers for the same seed.
   */
  uniform(low: number | ArrayInput = 0, high: number | ArrayInput = 1, size?: Size): number | NDArray {
    const op = 'uniform';
    if (typeof low !== 'number' || typeof high !== 'number') {
      return drawWithParams(op, low, high, sizeShape(op, size), (s) => this.random(s) as NDArray);
    }
    const lo = checkNumber(op, 'low', low);
    const range = checkNumber(op, 'high', high) - lo;
    if (!Number.isFinite(range)) {
      throw new RangeError(`${op}: high - low range exceeds valid bounds (low ${lo}, high ${high})`);
    }
    if (range < 0) throw new StrideViewError('invalid_argument', `${op}: high - low < 0 (low ${lo}, high ${high})`);
    return this.withParams(op, K.Uniform, lo, range, size);
  }

  /** Normal draws: loc + scale * standardNormal(); `loc` and `scale` may be arrays, as in {@link uniform}. */
  normal(loc: number | ArrayInput = 0, scale: number | ArrayInput = 1, size?: Size): number | NDArray {
    const op = 'normal';
    if (typeof loc !== 'number' || typeof scale !== 'number') {
      return drawWithParams(op, loc, scale, sizeShape(op, size), (s) => this.standardNormal(s) as NDArray);
    }
    const l = checkNumber(op, 'loc', loc);
    const s = checkNumber(op, 'scale', scale);
    if (s < 0 || Object.is(s, -0)) throw new StrideViewError('invalid_argument', `${op}: scale < 0 (scale ${Object.is(s, -0) ? '-0' : s})`);
    return this.withParams(op, K.Normal, l, s, size);
  }

  private withParams(op: string, kind: K, a: number, b: number, size: Size): number | NDArray {
    const shape = sizeShape(op, size);
    exchange();
    exF64[0] = a;
    exF64[1] = b;
    if (shape === null) return this.scalar(op, kind, 'float64') as number;
    return this.fillArray(op, kind, 'float64', shape, undefined);
  }

  /** A new int64 array: arange(n) shuffled, or (an array) its rows (axis 0) in shuffled order. */
  permutation(x: number | bigint | NDArray | readonly unknown[]): NDArray {
    const op = 'permutation';
    if (typeof x === 'number' || typeof x === 'bigint') {
      const n = Number(toBigInt(op, 'x', x));
      if (n < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (x ${fmt(x)})`);
      const r = NDArrayClass._empty(op, [n], 'int64');
      try {
        this.run(op, K.ShuffleOrder, r._s.ptr, n);
      } catch (e) {
        r.dispose();
        throw e;
      }
      return r;
    }
    const a = x instanceof NDArrayClass ? x : array(x as never);
    try {
      a._check(op);
      if (a.ndim < 1) throw new StrideViewError('invalid_argument', `${op}: x must be an integer or an array of at least 1 dimension (got a 0-d array)`);
      const order = this.order(op, a.shape[0]!);
      return gather(a, 0, order, op);
    } finally {
      if (a !== x) a.dispose();
    }
  }

  /** shuffle()'s order of n items: out[k] = the old index of the item now at k. */
  private order(op: string, n: number): number[] {
    const tmp = NDArrayClass._empty(op, [n], 'int64');
    try {
      if (n > 0) this.run(op, K.ShuffleOrder, tmp._s.ptr, n);
      return Array.from(tmp.toTypedArray() as BigInt64Array, Number);
    } finally {
      tmp.dispose();
    }
  }

  /**
   * Shuffles in place along the first axis (NumPy's Generator.shuffle): an NDArray (any strides;
   * 1-d views are shuffled in their own memory) or a JS array. Returns undefined, as NumPy.
   */
  shuffle(x: NDArray | unknown[]): void {
    const op = 'shuffle';
    if (Array.isArray(x)) {
      const order = this.order(op, x.length);
      const copy = x.slice();
      for (let k = 0; k < order.length; k++) x[k] = copy[order[k]!];
      return;
    }
    if (!(x instanceof NDArrayClass)) throw new TypeError(`${op}: expected an NDArray or a JS array, got ${fmt(x)}`);
    x._check(op);
    if (x.ndim < 1) throw new StrideViewError('invalid_argument', `${op}: cannot shuffle a 0-d array`);
    if (x._ro) throw new StrideViewError('read_only', `${op}: the array is read-only (shape ${fmt(x.shape)}, strides ${fmt(x.strides)})`);
    const n = x.shape[0]!;
    if (x.size === 0) return;
    const off = x._v.offset;
    if (x.ndim === 1 && !x._v.mask && typeof off === 'number') {
      const size = info(x.dtype).size;
      exchange();
      exF64[0] = size;
      exF64[1] = x.strides[0]! * size;
      this.run(op, K.ShuffleRaw, x._s.ptr + off * size, n);
      return;
    }
    const order = this.order(op, n);
    const g = gather(x, 0, order, op);
    try {
      x.assign(g);
    } finally {
      g.dispose();
    }
  }

  /**
   * Draws from `a` (an integer n: arange(n); an array: its entries along axis 0), with or without
   * replacement, optionally with probabilities `p` (NumPy's Generator.choice). No size: one entry
   * (a bigint when `a` is an integer, NumPy's int64).
   */
  choice(a: number | bigint | NDArray | readonly unknown[], size?: Size, options: ChoiceOptions = {}): Scalar | NDArray {
    const op = 'choice';
    if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
    const replace = options.replace ?? true;
    const shuffle = options.shuffle ?? true;
    const shape = sizeShape(op, size);
    const count = shape === null ? 1 : numel(shape);
    let src: NDArray | null = null;
    let pop: number;
    if (typeof a === 'number' || typeof a === 'bigint') {
      pop = Number(toBigInt(op, 'a', a));
      if (pop <= 0 && count !== 0) {
        throw new StrideViewError('invalid_argument', `${op}: a must be a positive integer unless no samples are taken (a ${fmt(a)})`);
      }
    } else {
      src = a instanceof NDArrayClass ? a : array(a as never);
      src._check(op);
      if (src.ndim === 0) {
        if (src !== a) src.dispose();
        throw new StrideViewError('invalid_argument', `${op}: a must be an integer or an array of at least 1 dimension`);
      }
      pop = src.shape[0]!;
      if (pop === 0 && count !== 0) {
        if (src !== a) src.dispose();
        throw new StrideViewError('invalid_argument', `${op}: a cannot be empty unless no samples are taken`);
      }
    }
    const ownsSrc = src !== null && src !== a;
    try {
      const p = options.p === undefined || options.p === null ? null : probabilities(op, options.p, pop);
      if (!replace) {
        if (count > pop) {
          throw new StrideViewError('invalid_argument', `${op}: cannot take a larger sample (${count}) than the population (${pop}) when replace is false`);
        }
        if (p !== null) {
          let nz = 0;
          for (let i = 0; i < p.length; i++) if (p[i]! > 0) nz++;
          if (nz < count) throw new StrideViewError('invalid_argument', `${op}: fewer non-zero entries in p (${nz}) than size (${count})`);
        }
      }
      const idx = NDArrayClass._empty(op, shape ?? [], 'int64');
      let idxIsResult = false;
      try {
        if (count > 0) this.drawIndices(op, idx, count, pop, replace, shuffle, p);
        if (src === null) {
          if (shape === null) return (idx.toTypedArray() as BigInt64Array)[0]!;
          idxIsResult = true;
          return idx;
        }
        const values = Array.from(idx.toTypedArray() as BigInt64Array, Number);
        const g = gather(src, 0, values, op);
        const rest = src.shape.slice(1);
        const out = g._setView(g.view.reshape([...(shape ?? []), ...rest]));
        if (shape === null && rest.length === 0) {
          try {
            return out.item();
          } finally {
            out.dispose();
          }
        }
        return out;
      } finally {
        if (!idxIsResult) idx.dispose();
      }
    } finally {
      if (ownsSrc) src!.dispose();
    }
  }

  private drawIndices(
    op: string,
    idx: NDArray,
    count: number,
    pop: number,
    replace: boolean,
    shuffle: boolean,
    p: Float64Array | null,
  ): void {
    if (p === null) {
      if (replace) {
        // NumPy: integers(0, pop, size, dtype=int64)
        const rng = BigInt(pop - 1);
        exchange();
        exU32[10] = 8;
        exU32[11] = 0;
        exU32[12] = 0;
        exU32[13] = 0;
        exU32[14] = Number(rng & M32);
        exU32[15] = Number(rng >> 32n);
        this.run(op, K.Bounded, idx._s.ptr, count);
      } else {
        exchange();
        exF64[0] = pop;
        exF64[1] = shuffle ? 1 : 0;
        this.run(op, K.ChoiceDistinct, idx._s.ptr, count);
      }
      return;
    }
    const m = raw();
    const pp = m._sv_alloc_raw(p.length * 8);
    if (pp === 0) throw new StrideViewError('out_of_memory', `${op}: cannot allocate ${p.length * 8} bytes for p`);
    try {
      new Float64Array(heapBuffer(), pp, p.length).set(p);
      exchange();
      exF64[0] = pp;
      exF64[1] = pop;
      this.run(op, replace ? K.ChoiceP : K.ChoicePDistinct, idx._s.ptr, count);
    } finally {
      m._sv_free_raw(pp);
    }
  }
}


// NumPy's p checks: 1-d, one entry per population item, no NaN, non-negative, Kahan sum within
// sqrt(eps) of 1 (sqrt of float32's eps for float32 arrays).
function probabilities(op: string, p: unknown, pop: number): Float64Array {
  let values: Float64Array;
  let atol = Math.sqrt(2.220446049250313e-16);
  if (p instanceof NDArrayClass) {
    p._check(op);
    if (p.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: p must be 1-dimensional (got shape ${fmt(p.shape)})`);
    if (p.dtype === 'float32') atol = Math.max(atol, Math.sqrt(1.1920928955078125e-7));
    values = Float64Array.from(p.toTypedArray() as ArrayLike<number | bigint>, Number);
  } else if (isArrayLike(p)) {
    const arr = p as ArrayLike<unknown>;
    if (p instanceof Float32Array) atol = Math.max(atol, Math.sqrt(1.1920928955078125e-7));
    values = new Float64Array(arr.length);
    for (let i = 0; i < arr.length; i++) {
      const v = arr[i];
      if (typeof v !== 'number') throw new TypeError(`${op}: p must hold numbers, got ${fmt(v)} at ${i}`);
      values[i] = v;
    }
  } else {
    throw new TypeError(`${op}: p must be an array of numbers, got ${fmt(p)}`);
  }
  if (values.length !== pop) throw new StrideViewError('shape_mismatch', `${op}: a and p must have the same size (${pop} and ${values.length})`);
  let sum = values[0] ?? 0;
  let c = 0;
  for (let i = 1; i < values.length; i++) {
    const y = values[i]! - c;
    const t = sum + y;
    c = t - sum - y;
    sum = t;
  }
  if (Number.isNaN(sum)) throw new StrideViewError('invalid_argument', `${op}: probabilities contain NaN`);
  for (let i = 0; i < values.length; i++) {
    if (values[i]! < 0) throw new StrideViewError('invalid_argument', `${op}: probabilities are not non-negative (p[${i}] = ${values[i]})`);
  }
  if (Math.abs(sum - 1) > atol) throw new StrideViewError('invalid_argument', `${op}: probabilities do not sum to 1 (sum ${sum})`);
  return values;
}

/**
 * A random number generator equal to `numpy.random.default_rng(seed)`: PCG64 seeded through
 * SeedSequence. `seed`: a non-negative integer (number or bigint, any size), an array of them, a
 * {@link Generator} (returned as is) or a {@link PCG64}; none: fresh entropy from
 * `crypto.getRandomValues` (128 bits, as NumPy draws from the OS).
 */
export function defaultRng(seed?: number | bigint | readonly (number | bigint)[] | NDArray | Generator | PCG64 | null): Generator {
  if (seed instanceof Generator) return seed;
  if (seed instanceof PCG64) return new Generator(seed);
  return new Generator(withSeedOp('defaultRng', () => new PCG64(seed as number | bigint | readonly (number | bigint)[] | NDArray | null)));
}
