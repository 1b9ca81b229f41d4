// Random numbers identical to NumPy's: numpy.random.default_rng(seed) (PCG64 seeded through
// SeedSequence, random_pcg64.ts) and the Generator methods, draw for draw. The distributions run in
// C++ (src/random, bindings/random.cpp), one call per method, writing straight into the result's
// buffer. A generator's state lives in JS: a Generator owns no WASM memory and needs no dispose().
// Each method is declared once (NumPy 1.24's parameters, `sig` below) and binds its arguments with
// Python's rules: `rng.random(3, 'float32')`, `rng.random({ size: 3, dtype: 'float32' })`.
import { type DType, type Scalar, checkDType, info } from './dtype.js';
import { StrideViewError, fmt, toInt } from './errors.js';
import { normAxis } from './axes.js';
import { NDArrayClass, gather } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import { asArray } from './creation.js';
import { copyto } from './putting.js';
import type { ArrayInput } from './ops.js';
import {
  INT_RANGE,
  type Drawn,
  type FloatDType,
  type IntegerDType,
  type IntegersDrawn,
  type ParamDrawn,
  type RandomSize,
  type Seed,
  boolArg,
  checkNumber,
  directAddress,
  drawWithParams,
  floatDType,
  intBound,
  intScalar,
  numel,
  outArray,
  probabilities,
  sizeArg,
} from './random_params.js';
import { heapBuffer } from './runtime.js';
import { M32, PCG64, RESULT, exAddr, exF32, exF64, exU32, exchange, raw, readInt, withSeedOp } from './random_pcg64.js';
import { type SigRef, bind, isOptionsObject, unsupported } from './signature.js';
import { K } from './random_base.js';
import type { SeedSequence } from './random_seed.js';
import { DiscreteDraws } from './random_discrete.js';


// The declarations (NumPy 1.24's signatures; numpy.random.Generator's methods have no `self` here:
// gen-signatures' `member` form writes them as class members). Made at the first call, not at
// load: a top-level call would stay in every application's bundle (the minified dist/index.mjs
// keeps no /* @__PURE__ */ annotations), with the texts.
function declare() {
  const DEFAULT_RNG: SigRef = { sig: 'numpy.random.default_rng: defaultRng(seed: Seed | SeedSequence | Generator | PCG64 | null = null) -> Generator' };
  const GENERATOR: SigRef = { sig: 'numpy.random.Generator: Generator(bitGenerator: PCG64) -> Generator' };
  const RANDOM: SigRef = { sig: 'numpy.random.Generator.random: Generator.random(size: RandomSize = null, dtype: FloatDType | null = "float64", ' +
      'out: NDArray | null = null) -> Drawn<$P[size, out], number>' };
  const STANDARD_NORMAL: SigRef = { sig: 'numpy.random.Generator.standard_normal: Generator.standardNormal(size: RandomSize = null, ' +
      'dtype: FloatDType | null = "float64", out: NDArray | null = null) -> Drawn<$P[size, out], number>' };
  const INTEGERS: SigRef = { sig: 'numpy.random.Generator.integers: Generator.integers(low: number | bigint, high: number | bigint | null = null, ' +
      'size: RandomSize = null, dtype: IntegerDType = "int64", endpoint: boolean = false) -> IntegersDrawn<$P[size, dtype]>' };
  const UNIFORM: SigRef = { sig: 'numpy.random.Generator.uniform: Generator.uniform(low: ArrayInput = 0, high: ArrayInput = 1, size: RandomSize = null) ' +
      '-> ParamDrawn<$P[low, high, size], "low", "high">' };
  const NORMAL: SigRef = { sig: 'numpy.random.Generator.normal: Generator.normal(loc: ArrayInput = 0, scale: ArrayInput = 1, size: RandomSize = null) ' +
      '-> ParamDrawn<$P[loc, scale, size], "loc", "scale">' };
  const CHOICE: SigRef = { sig: 'numpy.random.Generator.choice: Generator.choice(a: ArrayInput, size: RandomSize = null, ' +
      'replace: boolean = true, p: readonly number[] | Float64Array | Float32Array | NDArray | null = null, ' +
      'axis: number = 0, shuffle: boolean = true) -> Drawn<$P[size], number>' };
  const PERMUTATION: SigRef = { sig: 'numpy.random.Generator.permutation: Generator.permutation(x: ArrayInput, axis: number = 0) -> NDArray' };
  const SHUFFLE: SigRef = { sig: 'numpy.random.Generator.shuffle: Generator.shuffle(x: NDArray | unknown[], axis: number = 0) -> void' };
  const PERMUTED: SigRef = { sig: 'numpy.random.Generator.permuted: Generator.permuted(x: ArrayInput, *, axis: number | null = null, out: NDArray | null = null) -> NDArray' };
  const BYTES: SigRef = { sig: 'numpy.random.Generator.bytes: Generator.bytes(length: number) -> Uint8Array' };
  return { DEFAULT_RNG, GENERATOR, RANDOM, STANDARD_NORMAL, INTEGERS, UNIFORM, NORMAL, CHOICE, PERMUTATION, SHUFFLE, PERMUTED, BYTES };
}
let declared: ReturnType<typeof declare> | undefined;
const D = (): ReturnType<typeof declare> => (declared ??= declare());

// ------------------------------------------------------------------------------ Generator

/**
 * NumPy's `numpy.random.Generator`: the same seed, methods, sizes and dtypes give NumPy's numbers
 * bit for bit. Made by {@link defaultRng} (or `new Generator(bitGenerator)`). Each method takes
 * NumPy's parameters in NumPy's order, positionally or by name in one trailing options object.
 * Without `size` (and `out`) a method returns a JS scalar (a number; a boolean for dtype bool),
 * with `size` (a length or a shape) a new NDArray.
 */
export class Generator extends DiscreteDraws {
  /** `new Generator(bitGenerator)`: NumPy's `Generator(bit_generator)`. */
  constructor(bitGenerator: PCG64);
  constructor(...args: unknown[]) {
    const [bg] = bind(D().GENERATOR, args);
    if (!(bg instanceof PCG64)) throw new TypeError(`Generator: bitGenerator must be a PCG64, got ${fmt(bg)}`);
    super(bg);
  }

  /**
   * Floats in [0, 1) (NumPy's `random(size=None, dtype=np.float64, out=None)`): 53-bit for float64,
   * 24-bit for float32 (`dtype` 'float64' or 'float32'). Without `size` and `out` a number; `out`
   * (of that dtype, shaped as `size` when both are given) is filled and returned.
   */
  // @overloads member RANDOM
  random<O extends { size?: RandomSize | undefined; dtype?: FloatDType | null | undefined; out?: NDArray | null | undefined } = {}>(options?: O): Drawn<O, number>;
  random<TSize extends RandomSize | undefined = undefined, O extends { dtype?: FloatDType | null | undefined; out?: NDArray | null | undefined } = {}>(size?: TSize, options?: O): Drawn<{ size: TSize } & O, number>;
  random<TSize extends RandomSize | undefined = undefined, O extends { out?: NDArray | null | undefined } = {}>(size?: TSize, dtype?: FloatDType | null, options?: O): Drawn<{ size: TSize } & O, number>;
  random<TSize extends RandomSize | undefined = undefined, TOut extends NDArray | null | undefined = undefined>(size?: TSize, dtype?: FloatDType | null, out?: TOut): Drawn<{ size: TSize; out: TOut } & {}, number>;
  // @end
  random(...args: unknown[]): number | NDArray {
    const [size, dtype, out] = bind(D().RANDOM, args);
    return this.floats('Generator.random', K.Random64, K.Random32, size, dtype, out);
  }

  /**
   * Standard normal draws (NumPy's `standard_normal(size=None, dtype=np.float64, out=None)`: the
   * ziggurat, float64 and float32 variants). Without `size` and `out` a number.
   */
  // @overloads member STANDARD_NORMAL
  standardNormal<O extends { size?: RandomSize | undefined; dtype?: FloatDType | null | undefined; out?: NDArray | null | undefined } = {}>(options?: O): Drawn<O, number>;
  standardNormal<TSize extends RandomSize | undefined = undefined, O extends { dtype?: FloatDType | null | undefined; out?: NDArray | null | undefined } = {}>(size?: TSize, options?: O): Drawn<{ size: TSize } & O, number>;
  standardNormal<TSize extends RandomSize | undefined = undefined, O extends { out?: NDArray | null | undefined } = {}>(size?: TSize, dtype?: FloatDType | null, options?: O): Drawn<{ size: TSize } & O, number>;
  standardNormal<TSize extends RandomSize | undefined = undefined, TOut extends NDArray | null | undefined = undefined>(size?: TSize, dtype?: FloatDType | null, out?: TOut): Drawn<{ size: TSize; out: TOut } & {}, number>;
  // @end
  standardNormal(...args: unknown[]): number | NDArray {
    const [size, dtype, out] = bind(D().STANDARD_NORMAL, args);
    return this.floats('Generator.standardNormal', K.StdNormal64, K.StdNormal32, size, dtype, out);
  }

  private floats(op: string, k64: K, k32: K, size: unknown, dtype: unknown, out: unknown): number | NDArray {
    const d = floatDType(op, dtype);
    const shape = sizeArg(op, size);
    const o = outArray(op, out);
    const kind = d === 'float64' ? k64 : k32;
    if (shape === null && o === undefined) return this._scalar(op, kind, d) as number;
    return this._fillArray(op, kind, d, shape, o);
  }

  /**
   * Integers in [low, high) (or [low, high] with `endpoint: true`); `integers(high)` draws from
   * [0, high) (NumPy's `integers(low, high=None, size=None, dtype=np.int64, endpoint=False)`).
   * NumPy's bounded generation (Lemire's method; 8- and 16-bit dtypes share 32-bit draws within
   * one call). Without `size` a number (a boolean for dtype 'bool'). `low` and `high` are scalars
   * (NumPy's array bounds are refused).
   */
  // @overloads member INTEGERS
  integers<O extends { high?: number | bigint | null | undefined; size?: RandomSize | undefined; dtype?: IntegerDType | undefined; endpoint?: boolean | undefined } = {}>(low: number | bigint, options?: O): IntegersDrawn<O>;
  integers<O extends { size?: RandomSize | undefined; dtype?: IntegerDType | undefined; endpoint?: boolean | undefined } = {}>(low: number | bigint, high?: number | bigint | null, options?: O): IntegersDrawn<O>;
  integers<TSize extends RandomSize | undefined = undefined, O extends { dtype?: IntegerDType | undefined; endpoint?: boolean | undefined } = {}>(low: number | bigint, high?: number | bigint | null, size?: TSize, options?: O): IntegersDrawn<{ size: TSize } & O>;
  integers<TSize extends RandomSize | undefined = undefined, TDtype extends IntegerDType | undefined = undefined, O extends { endpoint?: boolean | undefined } = {}>(low: number | bigint, high?: number | bigint | null, size?: TSize, dtype?: TDtype, options?: O): IntegersDrawn<{ size: TSize; dtype: TDtype } & O>;
  integers<TSize extends RandomSize | undefined = undefined, TDtype extends IntegerDType | undefined = undefined>(low: number | bigint, high?: number | bigint | null, size?: TSize, dtype?: TDtype, endpoint?: boolean): IntegersDrawn<{ size: TSize; dtype: TDtype } & {}>;
  // @end
  integers(...args: unknown[]): Scalar | NDArray {
    const op = 'Generator.integers';
    const [low, high, size, dtypeArg, endpointArg] = bind(D().INTEGERS, args);
    const dtype = checkDType(op, dtypeArg);
    const range = INT_RANGE[dtype];
    if (!range) unsupported(op, 'dtype', dtype, 'supported: the integer dtypes and bool');
    const endpoint = boolArg(op, 'endpoint', endpointArg);
    let lo: bigint;
    let hi: bigint;
    if (high === null) {
      lo = 0n;
      hi = intBound(op, 'low', low);
    } else {
      lo = intBound(op, 'low', low);
      hi = intBound(op, 'high', high);
    }
    const shape = sizeArg(op, size);
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
    if (shape === null) return this._scalar(op, K.Bounded, dtype);
    return this._fillArray(op, K.Bounded, dtype, shape, undefined);
  }

  /**
   * Floats in [low, high): low + (high - low) * random() (NumPy's `uniform(low=0.0, high=1.0,
   * size=None)`). `low` and `high` may be arrays (or nested JS arrays): they broadcast together and
   * to `size`, one draw per element in C order, NumPy's numbers for the same seed.
   */
  // @overloads member UNIFORM
  uniform<O extends { low?: ArrayInput | undefined; high?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "low", "high">;
  uniform<TLow extends ArrayInput | undefined = undefined, O extends { high?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(low?: TLow, options?: O): ParamDrawn<{ low: TLow } & O, "low", "high">;
  uniform<TLow extends ArrayInput | undefined = undefined, THigh extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(low?: TLow, high?: THigh, options?: O): ParamDrawn<{ low: TLow; high: THigh } & O, "low", "high">;
  uniform<TLow extends ArrayInput | undefined = undefined, THigh extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(low?: TLow, high?: THigh, size?: TSize): ParamDrawn<{ low: TLow; high: THigh; size: TSize } & {}, "low", "high">;
  // @end
  uniform(...args: unknown[]): number | NDArray {
    const op = 'Generator.uniform';
    const [low, high, size] = bind(D().UNIFORM, args);
    if (typeof low !== 'number' || typeof high !== 'number') {
      const shape = sizeArg(op, size);
      const draw = (s: number[]): NDArray => this._fillArray(op, K.Random64, 'float64', s, undefined);
      return drawWithParams(op, true, low as ArrayInput, high as ArrayInput, shape, draw);
    }
    const lo = checkNumber(op, 'low', low);
    const range = checkNumber(op, 'high', high) - lo;
    if (!Number.isFinite(range)) {
      throw new RangeError(`${op}: high - low range exceeds valid bounds (low ${lo}, high ${high})`);
    }
    if (range < 0) throw new StrideViewError('invalid_argument', `${op}: high - low < 0 (low ${lo}, high ${high})`);
    return this.withParams(op, K.Uniform, lo, range, size);
  }

  /**
   * Normal draws: loc + scale * standardNormal() (NumPy's `normal(loc=0.0, scale=1.0, size=None)`);
   * `loc` and `scale` may be arrays, as in {@link uniform}.
   */
  // @overloads member NORMAL
  normal<O extends { loc?: ArrayInput | undefined; scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "loc", "scale">;
  normal<TLoc extends ArrayInput | undefined = undefined, O extends { scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(loc?: TLoc, options?: O): ParamDrawn<{ loc: TLoc } & O, "loc", "scale">;
  normal<TLoc extends ArrayInput | undefined = undefined, TScale extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(loc?: TLoc, scale?: TScale, options?: O): ParamDrawn<{ loc: TLoc; scale: TScale } & O, "loc", "scale">;
  normal<TLoc extends ArrayInput | undefined = undefined, TScale extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(loc?: TLoc, scale?: TScale, size?: TSize): ParamDrawn<{ loc: TLoc; scale: TScale; size: TSize } & {}, "loc", "scale">;
  // @end
  normal(...args: unknown[]): number | NDArray {
    const op = 'Generator.normal';
    const [loc, scale, size] = bind(D().NORMAL, args);
    if (typeof loc !== 'number' || typeof scale !== 'number') {
      const shape = sizeArg(op, size);
      const draw = (s: number[]): NDArray => this._fillArray(op, K.StdNormal64, 'float64', s, undefined);
      return drawWithParams(op, false, loc as ArrayInput, scale as ArrayInput, shape, draw);
    }
    const s = checkNumber(op, 'scale', scale);
    if (s < 0 || Object.is(s, -0)) throw new StrideViewError('invalid_argument', `${op}: scale < 0 (scale ${Object.is(s, -0) ? '-0' : s})`);
    return this.withParams(op, K.Normal, loc, s, size);
  }

  private withParams(op: string, kind: K, a: number, b: number, size: unknown): number | NDArray {
    const shape = sizeArg(op, size);
    exchange();
    exF64[0] = a;
    exF64[1] = b;
    if (shape === null) return this._scalar(op, kind, 'float64') as number;
    return this._fillArray(op, kind, 'float64', shape, undefined);
  }

  /**
   * A shuffled copy (NumPy's `permutation(x, axis=0)`): an integer n gives arange(n) shuffled (int64;
   * `axis` is not used, as in NumPy), an array its slices along `axis` in shuffled order (the
   * draws of NumPy's index shuffle, so the same seed gives NumPy's order).
   */
  // @overloads member PERMUTATION
  permutation(x: ArrayInput, options?: { axis?: number | undefined }): NDArray;
  permutation(x: ArrayInput, axis?: number): NDArray;
  // @end
  permutation(...args: unknown[]): NDArray {
    const op = 'Generator.permutation';
    const [x, axis] = bind(D().PERMUTATION, args);
    if (typeof x === 'number' || typeof x === 'bigint') {
      toInt(op, 'axis', axis);
      const n = Math.max(0, toInt(op, 'x', x)); // np.arange(-3) is empty
      const r = NDArrayClass._empty(op, [n], 'int64');
      try {
        if (n > 0) this._run(op, K.ShuffleOrder, r._s.ptr, n);
      } catch (e) {
        r.dispose();
        throw e;
      }
      return r;
    }
    const a = asArray(op, x, undefined, 'x');
    try {
      a._check(op);
      const ax = normAxis(op, axis, a.ndim);
      return gather(a, ax, this.order(op, a.shape[ax]!), op);
    } finally {
      if (a !== x) a.dispose();
    }
  }

  /** shuffle()'s order of n items: out[k] = the old index of the item now at k. */
  private order(op: string, n: number): number[] {
    const tmp = NDArrayClass._empty(op, [n], 'int64');
    try {
      if (n > 0) this._run(op, K.ShuffleOrder, tmp._s.ptr, n);
      return Array.from(tmp.toTypedArray() as BigInt64Array, Number);
    } finally {
      tmp.dispose();
    }
  }

  /**
   * Shuffles in place along `axis` (NumPy's `shuffle(x, axis=0)`: the slices along the axis move,
   * their contents stay): an NDArray (any strides; 1-d views are shuffled in their own memory) or a
   * JS array (axis 0 only, as NumPy's sequences). Returns undefined, as NumPy.
   */
  // @overloads member SHUFFLE
  shuffle(x: NDArray | unknown[], options?: { axis?: number | undefined }): void;
  shuffle(x: NDArray | unknown[], axis?: number): void;
  // @end
  shuffle(...args: unknown[]): void {
    const op = 'Generator.shuffle';
    const [x, axis] = bind(D().SHUFFLE, args);
    if (Array.isArray(x)) {
      if (toInt(op, 'axis', axis) !== 0) unsupported(op, 'axis', axis, 'supported: 0 for a JS array; other axes of an NDArray');
      const order = this.order(op, x.length);
      const copy = x.slice();
      for (let k = 0; k < order.length; k++) x[k] = copy[order[k]!];
      return;
    }
    if (!(x instanceof NDArrayClass)) throw new TypeError(`${op}: x must be an NDArray or a JS array, got ${fmt(x)}`);
    x._check(op);
    if (x._ro) throw new StrideViewError('read_only', `${op}: the array is read-only (shape ${fmt(x.shape)}, strides ${fmt(x.strides)})`);
    if (x.ndim < 1) throw new StrideViewError('invalid_argument', `${op}: cannot shuffle a 0-d array`);
    const ax = normAxis(op, axis, x.ndim);
    if (x.size === 0) return;
    const n = x.shape[ax]!;
    const off = x._v.offset;
    if (x.ndim === 1 && !x._v.mask && typeof off === 'number') {
      const size = info(x.dtype).size;
      exchange();
      exF64[0] = size;
      exF64[1] = x.strides[0]! * size;
      this._run(op, K.ShuffleRaw, x._s.ptr + off * size, n);
      return;
    }
    const g = gather(x, ax, this.order(op, n), op);
    try {
      x.assign(g);
    } finally {
      g.dispose();
    }
  }

  /**
   * A copy of `x` with each slice along `axis` shuffled on its own (NumPy's `permuted(x, *,
   * axis=None, out=None)`; `axis` null shuffles all elements as one sequence, in memory order).
   * With `out` (same shape, writable) the result goes there and `out` is returned. Unlike
   * {@link shuffle}, the slices are mixed independently: the values of one row stay in that row.
   */
  // @overloads member PERMUTED
  permuted(x: ArrayInput, options?: { axis?: number | null | undefined; out?: NDArray | null | undefined }): NDArray;
  // @end
  permuted(...args: unknown[]): NDArray {
    const op = 'Generator.permuted';
    const [x, axis, outArg] = bind(D().PERMUTED, args);
    const src = asArray(op, x, undefined, 'x');
    try {
      src._check(op);
      let out: NDArray;
      if (outArg === null) {
        out = src.copy('K');
      } else {
        if (!(outArg instanceof NDArrayClass)) throw new TypeError(`${op}: out must be an NDArray or null, got ${fmt(outArg)}`);
        outArg._check(`${op}: out`);
        if (outArg._ro) throw new StrideViewError('read_only', `${op}: out is read-only (shape ${fmt(outArg.shape)}); pass a writable array`);
        if (outArg.ndim !== src.ndim || outArg.shape.some((d, i) => d !== src.shape[i])) {
          throw new StrideViewError('shape_mismatch', `${op}: out must have the same shape as x (${fmt(outArg.shape)} and ${fmt(src.shape)})`);
        }
        copyto(outArg, src, 'safe');
        out = outArg;
      }
      const size = info(out.dtype).size;
      const shuffleAt = (addr: number, n: number, stride: number): void => {
        exchange();
        exF64[0] = size;
        exF64[1] = stride * size;
        this._run(op, K.ShuffleRaw, addr, n);
      };
      if (axis === null) {
        if (out.size === 0) return out;
        const addr = out.ndim <= 1 && !out._v.mask && typeof out._v.offset === 'number' ? out._s.ptr + out._v.offset * size : null;
        if (out.ndim <= 1 && addr !== null) shuffleAt(addr, out.size, out.ndim === 0 ? 1 : out.strides[0]!);
        else if (directAddress(out) !== null) shuffleAt(directAddress(out)!, out.size, 1); // C or F order: memory order
        else {
          const tmp = out.copy('C');
          try {
            shuffleAt(tmp._s.ptr, tmp.size, 1);
            out.assign(tmp);
          } finally {
            tmp.dispose();
          }
        }
        return out;
      }
      const ax = normAxis(op, axis, out.ndim);
      if (out.size === 0) return out;
      if (out._v.mask || typeof out._v.offset !== 'number') {
        throw new StrideViewError('invalid_argument', `${op}: out must be a plain strided array (a padded or symbolic view cannot be written in place)`);
      }
      // each slice along ax, the others in C order (NumPy's iterator over all axes but ax)
      const shape = out.shape;
      const strides = out.strides;
      const idx = new Array<number>(shape.length).fill(0);
      const total = out.size / shape[ax]!;
      for (let c = 0; c < total; c++) {
        let off = out._v.offset;
        for (let d = 0; d < shape.length; d++) if (d !== ax) off += idx[d]! * strides[d]!;
        shuffleAt(out._s.ptr + off * size, shape[ax]!, strides[ax]!);
        for (let d = shape.length - 1; d >= 0; d--) {
          if (d === ax) continue;
          if (++idx[d]! < shape[d]!) break;
          idx[d] = 0;
        }
      }
      return out;
    } finally {
      if (src !== x) src.dispose();
    }
  }

  /**
   * `length` random bytes (NumPy's `bytes(length)`: the bytes of uint32 draws, little-endian, as
   * NumPy's `integers(0, 2**32, ..., dtype=np.uint32)`), as a Uint8Array.
   */
  // @overloads member BYTES
  bytes(length: number): Uint8Array;
  // @end
  bytes(...args: unknown[]): Uint8Array {
    const op = 'Generator.bytes';
    const [lengthArg] = bind(D().BYTES, args);
    const length = toInt(op, 'length', lengthArg);
    if (length < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (length ${length})`);
    const words = length === 0 ? 0 : Math.floor((length - 1) / 4) + 1;
    if (words === 0) return new Uint8Array(0);
    exchange();
    exU32[10] = 4;
    exU32[11] = 0;
    exU32[12] = exU32[13] = 0;
    exU32[14] = 0xffffffff;
    exU32[15] = 0;
    const r = this._fillArray(op, K.Bounded, 'uint32', [words], undefined);
    try {
      return new Uint8Array((r.toTypedArray() as Uint32Array).buffer.slice(0, length));
    } finally {
      r.dispose();
    }
  }

  /**
   * Draws from `a` (NumPy's `choice(a, size=None, replace=True, p=None, axis=0, shuffle=True)`): an
   * integer n draws from arange(n), an array its slices along `axis` (the result is
   * `take(a, indices, axis)`), with or without replacement, optionally with probabilities `p`.
   * Without `size`: one entry, a number (an NDArray when `a` has more than one dimension).
   */
  // @overloads member CHOICE
  choice<O extends { size?: RandomSize | undefined; replace?: boolean | undefined; p?: readonly number[] | Float64Array | Float32Array | NDArray | null | undefined; axis?: number | undefined; shuffle?: boolean | undefined } = {}>(a: ArrayInput, options?: O): Drawn<O, number>;
  choice<TSize extends RandomSize | undefined = undefined, O extends { replace?: boolean | undefined; p?: readonly number[] | Float64Array | Float32Array | NDArray | null | undefined; axis?: number | undefined; shuffle?: boolean | undefined } = {}>(a: ArrayInput, size?: TSize, options?: O): Drawn<{ size: TSize } & O, number>;
  choice<TSize extends RandomSize | undefined = undefined, O extends { p?: readonly number[] | Float64Array | Float32Array | NDArray | null | undefined; axis?: number | undefined; shuffle?: boolean | undefined } = {}>(a: ArrayInput, size?: TSize, replace?: boolean, options?: O): Drawn<{ size: TSize } & O, number>;
  choice<TSize extends RandomSize | undefined = undefined, O extends { axis?: number | undefined; shuffle?: boolean | undefined } = {}>(a: ArrayInput, size?: TSize, replace?: boolean, p?: readonly number[] | Float64Array | Float32Array | NDArray | null, options?: O): Drawn<{ size: TSize } & O, number>;
  choice<TSize extends RandomSize | undefined = undefined, O extends { shuffle?: boolean | undefined } = {}>(a: ArrayInput, size?: TSize, replace?: boolean, p?: readonly number[] | Float64Array | Float32Array | NDArray | null, axis?: number, options?: O): Drawn<{ size: TSize } & O, number>;
  choice<TSize extends RandomSize | undefined = undefined>(a: ArrayInput, size?: TSize, replace?: boolean, p?: readonly number[] | Float64Array | Float32Array | NDArray | null, axis?: number, shuffle?: boolean): Drawn<{ size: TSize } & {}, number>;
  // @end
  choice(...args: unknown[]): Scalar | NDArray {
    const op = 'Generator.choice';
    const [a, size, replaceArg, pArg, axis, shuffleArg] = bind(D().CHOICE, args);
    const replace = boolArg(op, 'replace', replaceArg);
    const shuffle = boolArg(op, 'shuffle', shuffleArg);
    const shape = sizeArg(op, size);
    const count = shape === null ? 1 : numel(shape);
    let src: NDArray | null = null;
    let pop: number;
    let ax = 0;
    if (typeof a === 'number' || typeof a === 'bigint') {
      toInt(op, 'axis', axis); // not used for an integer a, as in NumPy
      pop = toInt(op, 'a', a);
      if (pop <= 0 && count !== 0) {
        throw new StrideViewError('invalid_argument', `${op}: a must be a positive integer unless no samples are taken (a ${fmt(a)})`);
      }
    } else {
      src = asArray(op, a, undefined, 'a');
      try {
        src._check(op);
        if (src.ndim === 0) {
          throw new StrideViewError('invalid_argument', `${op}: a must be an integer or an array of at least 1 dimension`);
        }
        ax = normAxis(op, axis, src.ndim);
      } catch (e) {
        if (src !== a) src.dispose();
        throw e;
      }
      pop = src.shape[ax]!;
      if (pop === 0 && count !== 0) {
        if (src !== a) src.dispose();
        throw new StrideViewError('invalid_argument', `${op}: a cannot be empty unless no samples are taken`);
      }
    }
    const ownsSrc = src !== null && src !== a;
    try {
      const p = pArg === null ? null : probabilities(op, pArg, pop);
      if (!replace) {
        if (count > pop) {
          const msg = `${op}: cannot take a larger sample (${count}) than the population (${pop}) when replace is false`;
          throw new StrideViewError('invalid_argument', msg);
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
          if (shape === null) return intScalar((idx.toTypedArray() as BigInt64Array)[0]!);
          idxIsResult = true;
          return idx;
        }
        const values = Array.from(idx.toTypedArray() as BigInt64Array, Number);
        const g = gather(src, ax, values, op);
        const sh = src.shape;
        const out = g._setView(g.view.reshape([...sh.slice(0, ax), ...(shape ?? []), ...sh.slice(ax + 1)]));
        if (shape === null && sh.length === 1) {
          try {
            return intScalar(out.item());
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
        this._run(op, K.Bounded, idx._s.ptr, count);
      } else {
        exchange();
        exF64[0] = pop;
        exF64[1] = shuffle ? 1 : 0;
        this._run(op, K.ChoiceDistinct, idx._s.ptr, count);
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
      this._run(op, replace ? K.ChoiceP : K.ChoicePDistinct, idx._s.ptr, count);
    } finally {
      m._sv_free_raw(pp);
    }
  }
}

/**
 * A random number generator equal to `numpy.random.default_rng(seed=None)`: PCG64 seeded through
 * SeedSequence. `seed`: a non-negative integer (number or bigint, any size), an array of them, a
 * {@link Generator} (returned as is) or a {@link PCG64}; none (or null): fresh entropy from
 * `crypto.getRandomValues` (128 bits, as NumPy draws from the OS). `defaultRng(42)` and
 * `defaultRng({ seed: 42 })` are the same.
 */
// @overloads DEFAULT_RNG
export function defaultRng(options?: { seed?: Seed | SeedSequence | Generator | PCG64 | null | undefined }): Generator;
export function defaultRng(seed?: Seed | SeedSequence | Generator | PCG64 | null): Generator;
// @end
export function defaultRng(...args: unknown[]): Generator {
  const [seed] = bind(D().DEFAULT_RNG, args);
  if (seed instanceof Generator) return seed;
  if (seed instanceof PCG64) return new Generator(seed);
  if (isOptionsObject(seed)) throw new TypeError(`defaultRng: seed must be a non-negative integer or an array of them, got ${fmt(seed)}`);
  return new Generator(withSeedOp('defaultRng', () => new PCG64(seed as Seed | SeedSequence | null)));
}
