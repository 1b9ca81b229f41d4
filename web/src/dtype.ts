// Element types, their typed arrays, and the promotion rules of the elementwise ops.
import { DTYPE_NAMES, DTypeCode } from './boundary_tables.js';
import { fmt, toInt } from './errors.js';
import { type SigRef, bind } from './signature.js';

// The exported helpers are also called inside the library on hot paths: each checks its argument
// count by hand (no binding when it is right) and lets `bind` word the error when it is not.
const NUMBER_TO_FLOAT16: SigRef = { sig: '-: numberToFloat16(x: number) -> number' };
const FLOAT16_TO_NUMBER: SigRef = { sig: '-: float16ToNumber(bits: number) -> number' };
const ITEM_SIZE: SigRef = { sig: '-: itemSize(dtype: DType) -> number' };
const PROMOTE_TYPES: SigRef = { sig: 'numpy.promote_types: promoteTypes(type1: DType, type2: DType, /) -> DType' };
const RESULT_TYPE_WITH_SCALAR: SigRef = { sig: '-: resultTypeWithScalar(dtype: DType, scalar: Scalar | ComplexLike) -> DType' };

/** Element types. Codes match the C++ kernels' DType. */
export type DType =
  | 'float32'
  | 'float64'
  | 'int8'
  | 'uint8'
  | 'int16'
  | 'uint16'
  | 'int32'
  | 'uint32'
  | 'int64'
  | 'uint64'
  | 'bool'
  | 'float16'
  | 'complex64'
  | 'complex128';

/** The complex dtypes: interleaved (re, im) pairs of float32 (`complex64`) or float64 (`complex128`). */
export type ComplexDType = 'complex64' | 'complex128';

/**
 * How float16 elements come out of (and go into) typed arrays: a `Float16Array` where the runtime
 * has one (`typeof Float16Array === 'function'`: Chrome, Firefox, Safari, Node 24+, Deno, Bun),
 * else a `Uint16Array` holding the IEEE binary16 bits (Node 20 and 22): `toTypedArray()`,
 * `toNdarrayLike().data` and `fromTypedArray` use it; {@link float16ToNumber} and
 * {@link numberToFloat16} convert bits. Typed as `Uint16Array` (the same shape of object) so that
 * projects without the ES2025 lib compile.
 */
export type Float16Storage = Uint16Array;

/** The typed array that holds each dtype (bool is one byte, 0 or 1, in a Uint8Array). */
export interface TypedArrayOf {
  float32: Float32Array;
  float64: Float64Array;
  int8: Int8Array;
  uint8: Uint8Array;
  int16: Int16Array;
  uint16: Uint16Array;
  int32: Int32Array;
  uint32: Uint32Array;
  int64: BigInt64Array;
  uint64: BigUint64Array;
  bool: Uint8Array;
  float16: Float16Storage;
  /** interleaved (re, im): element i is [2 i, 2 i + 1] */
  complex64: Float32Array;
  /** interleaved (re, im): element i is [2 i, 2 i + 1] */
  complex128: Float64Array;
}

export type AnyTypedArray = TypedArrayOf[DType] | Uint8ClampedArray;

/**
 * What `toTypedArray()` gives for dtype `D`: a copy in its own `ArrayBuffer` (so `.buffer` can be
 * transferred to a worker), of the typed array that holds `D` (`Float32Array` for an
 * `NDArray<'float32'>`); for an array whose dtype the types do not know, any of them (narrow with
 * `instanceof`, or use `toArray()` for JS numbers).
 */
export type TypedArrayCopy<D extends DType = DType> = TypedArrayCopyOf[D];
/** {@link TypedArrayOf} with each typed array in its own `ArrayBuffer` (what `toTypedArray()` returns). */
export interface TypedArrayCopyOf {
  float32: Float32Array<ArrayBuffer>;
  float64: Float64Array<ArrayBuffer>;
  int8: Int8Array<ArrayBuffer>;
  uint8: Uint8Array<ArrayBuffer>;
  int16: Int16Array<ArrayBuffer>;
  uint16: Uint16Array<ArrayBuffer>;
  int32: Int32Array<ArrayBuffer>;
  uint32: Uint32Array<ArrayBuffer>;
  int64: BigInt64Array<ArrayBuffer>;
  uint64: BigUint64Array<ArrayBuffer>;
  bool: Uint8Array<ArrayBuffer>;
  float16: Uint16Array<ArrayBuffer>;
  complex64: Float32Array<ArrayBuffer>;
  complex128: Float64Array<ArrayBuffer>;
}

/** A scalar element as JS sees it: number, bigint (int64/uint64) or boolean (bool). */
export type Scalar = number | bigint | boolean;

/**
 * A complex number as JS sees it: what an element of a complex array reads as (`a.get(0)`,
 * `a.tolist()`, a full reduction), and a value {@link array} and the ufuncs take (a plain
 * `{ re, im }` object works too). `String(z)` is NumPy's repr of the scalar: `(1+2j)`.
 */
export class Complex {
  readonly re: number;
  readonly im: number;
  constructor(re: number, im: number = 0) {
    this.re = re;
    this.im = im;
  }
  toString(): string {
    const t = complexText(this.re, this.im);
    return this.re === 0 && !Object.is(this.re, -0) ? t : `(${t})`;
  }
  toJSON(): { re: number; im: number } {
    return { re: this.re, im: this.im };
  }
}
Object.defineProperty(Complex, 'name', { value: 'Complex' }); // util.inspect's label, also in the minified bundle

const COMPLEX_FN: SigRef = { sig: '-: complex(re: number = 0, im: number = 0) -> Complex' };
/** A complex value: `complex(1, 2)` is 1+2j (Python's `complex(1, 2)`). */
// @overloads COMPLEX_FN
export function complex(options?: { re?: number | undefined; im?: number | undefined }): Complex;
export function complex(re?: number, options?: { im?: number | undefined }): Complex;
export function complex(re?: number, im?: number): Complex;
// @end
export function complex(...args: unknown[]): Complex {
  const [re, im] = args.length <= 2 && args.every((x) => typeof x === 'number') ? [args[0] ?? 0, args[1] ?? 0] : bind(COMPLEX_FN, args);
  if (typeof re !== 'number') throw new TypeError(`complex: re must be a number, got ${fmt(re)}`);
  if (typeof im !== 'number') throw new TypeError(`complex: im must be a number, got ${fmt(im)}`);
  return new Complex(re, im);
}

/** A complex value as the functions take it: a {@link Complex}, or any `{ re, im }` object of numbers. */
export interface ComplexLike {
  readonly re: number;
  readonly im: number;
}

/** @internal A JS value that is a complex number: a Complex or a plain { re, im } object of numbers. */
export function isComplexValue(v: unknown): v is ComplexLike {
  return typeof v === 'object' && v !== null && typeof (v as { re?: unknown }).re === 'number' &&
    typeof (v as { im?: unknown }).im === 'number';
}

/** @internal Python's repr of a float as a part of a complex repr: integers without '.0', 1e-05, 1e+16. */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [m, e] = x.toExponential().split('e') as [string, string];
  const exp = Number(e);
  if (exp < -4 || exp >= 16) return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(x); // JS's shortest digits; positional in this range, as Python's
}

/** @internal NumPy's text of a complex value without the parentheses: 1+2j, -0-1j, nan+infj; 2j alone. */
export function complexText(re: number, im: number): string {
  const i = pyFloat(Math.abs(im));
  const neg = im < 0 || Object.is(im, -0);
  if (re === 0 && !Object.is(re, -0)) return `${neg ? '-' : ''}${i}j`;
  return `${pyFloat(re)}${neg ? '-' : '+'}${i}j`;
}

/** All dtypes, in code order. */
export const DTYPES: readonly DType[] = Object.freeze([...DTYPE_NAMES]);
// DType and the generated names (src/core/boundary_tables.json) are the same set: a type error here otherwise.
type IsTrue<T extends true> = T;
type DTypesAreTheTable = IsTrue<[DType] extends [(typeof DTYPE_NAMES)[number]] ? ([(typeof DTYPE_NAMES)[number]] extends [DType] ? true : false) : false>;

interface Info {
  code: number;
  size: number;
  ctor: new (buf: ArrayBufferLike, byteOffset: number, length: number) => AnyTypedArray;
  kind: 'b' | 'i' | 'u' | 'f' | 'c';
  bits: number;
  /** typed-array slots per element: 2 for the complex dtypes (re, im), else 1 */
  lanes: number;
}

type TypedCtor = new (buf: ArrayBufferLike, byteOffset: number, length: number) => AnyTypedArray;
const F16_CTOR = (globalThis as { Float16Array?: TypedCtor }).Float16Array;
/** @internal True when float16 elements live in Float16Array values, false when in Uint16Array bits. */
export const FLOAT16_NATIVE = typeof F16_CTOR === 'function';

const INFO: Record<DType, Info> = {
  float32: { code: DTypeCode.Float32, size: 4, ctor: Float32Array, kind: 'f', bits: 32, lanes: 1 },
  float64: { code: DTypeCode.Float64, size: 8, ctor: Float64Array, kind: 'f', bits: 64, lanes: 1 },
  int8: { code: DTypeCode.Int8, size: 1, ctor: Int8Array, kind: 'i', bits: 8, lanes: 1 },
  uint8: { code: DTypeCode.Uint8, size: 1, ctor: Uint8Array, kind: 'u', bits: 8, lanes: 1 },
  int16: { code: DTypeCode.Int16, size: 2, ctor: Int16Array, kind: 'i', bits: 16, lanes: 1 },
  uint16: { code: DTypeCode.Uint16, size: 2, ctor: Uint16Array, kind: 'u', bits: 16, lanes: 1 },
  int32: { code: DTypeCode.Int32, size: 4, ctor: Int32Array, kind: 'i', bits: 32, lanes: 1 },
  uint32: { code: DTypeCode.Uint32, size: 4, ctor: Uint32Array, kind: 'u', bits: 32, lanes: 1 },
  int64: { code: DTypeCode.Int64, size: 8, ctor: BigInt64Array, kind: 'i', bits: 64, lanes: 1 },
  uint64: { code: DTypeCode.Uint64, size: 8, ctor: BigUint64Array, kind: 'u', bits: 64, lanes: 1 },
  bool: { code: DTypeCode.Bool, size: 1, ctor: Uint8Array, kind: 'b', bits: 8, lanes: 1 },
  float16: { code: DTypeCode.Float16, size: 2, ctor: FLOAT16_NATIVE ? F16_CTOR! : Uint16Array, kind: 'f', bits: 16, lanes: 1 },
  complex64: { code: DTypeCode.Complex64, size: 8, ctor: Float32Array, kind: 'c', bits: 64, lanes: 2 },
  complex128: { code: DTypeCode.Complex128, size: 16, ctor: Float64Array, kind: 'c', bits: 128, lanes: 2 },
};

/** @internal True for complex64 and complex128. */
export function isComplex(d: DType): d is ComplexDType {
  return d === 'complex64' || d === 'complex128';
}

/** @internal The dtype of one part of a complex dtype (float32 for complex64); d itself otherwise. */
export function complexPart(d: DType): DType {
  return d === 'complex64' ? 'float32' : d === 'complex128' ? 'float64' : d;
}

/** @internal The complex dtype whose parts hold d's values exactly enough (NumPy's promotion with complex64). */
export function complexOf(d: DType): ComplexDType {
  return promoteTypes(d, 'complex64') as ComplexDType;
}

// ------------------------------------------------------------------------------------ float16

const P24 = 2 ** -24;

/**
 * The IEEE binary16 bits nearest to x (round to nearest even, once: a double is not rounded through
 * float32 first), as NumPy's `np.float16(x)`: inf from 65520 on, NaN -> 0x7e00, -0 kept.
 */
export function numberToFloat16(x: number): number {
  if (arguments.length !== 1) bind(NUMBER_TO_FLOAT16, arguments);
  if (typeof x !== 'number') throw new TypeError(`numberToFloat16: x must be a number, got ${fmt(x)}`);
  return halfBits(x);
}

function halfBits(x: number): number {
  if (x !== x) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a >= 65520) return sign | 0x7c00;
  let e = -14;
  let u = a * 2 ** 24; // a subnormal half: in units of 2^-24 (exact scaling)
  if (a >= 2 ** -14) {
    e = Math.floor(Math.log2(a));
    if (2 ** e > a) e--;
    else if (2 ** (e + 1) <= a) e++;
    u = a * 2 ** (10 - e); // in [1024, 2048), exact
  }
  let r = Math.floor(u);
  const f = u - r;
  if (f > 0.5 || (f === 0.5 && (r & 1) === 1)) r++;
  // a normal half: exponent e + 15 and the 10 mantissa bits (a carry to 2048 moves up a binade)
  return sign | (a >= 2 ** -14 ? ((e + 15) << 10) + r - 1024 : r);
}

/** The value of IEEE binary16 bits (an integer 0 ... 65535; exact), as `Float16Array` would read them. */
export function float16ToNumber(bits: number): number {
  if (arguments.length !== 1) bind(FLOAT16_TO_NUMBER, arguments);
  const b = toInt('float16ToNumber', 'bits', bits);
  if (b < 0 || b > 0xffff) throw new RangeError(`float16ToNumber: bits must be in [0, 65535], got ${b}`);
  return halfValue(b);
}

function halfValue(bits: number): number {
  const e = (bits >> 10) & 0x1f;
  const m = bits & 0x3ff;
  const s = bits & 0x8000 ? -1 : 1;
  if (e === 0) return s * m * P24;
  if (e === 31) return m === 0 ? s * Infinity : NaN;
  return s * (1024 + m) * 2 ** (e - 25);
}

/** @internal x rounded to the nearest float16 value (a number). */
export function roundFloat16(x: number): number {
  return halfValue(halfBits(x));
}

/** @internal float16ToNumber without the argument check (stored bits). */
export const halfToNumber = halfValue;
/** @internal numberToFloat16 without the argument check (a number). */
export const numberToHalf = halfBits;

/** @internal */
export function info(d: DType): Info {
  return INFO[d];
}

/** @internal */
export function checkDType(op: string, d: unknown, name?: string): DType {
  if (typeof d === 'string' && Object.prototype.hasOwnProperty.call(INFO, d)) return d as DType;
  throw new TypeError(`${op}: unknown dtype ${fmt(d)}${name === undefined ? '' : ` for ${name}`}; expected one of ${DTYPES.join(', ')}`);
}

/** Size of one element in bytes. */
export function itemSize(d: DType): number {
  if (arguments.length !== 1) bind(ITEM_SIZE, arguments);
  return checkDType('itemSize', d) && INFO[d].size;
}

/** @internal The dtype that a typed array holds. */
export function dtypeOfTypedArray(ta: unknown): DType | null {
  if (ta instanceof Float32Array) return 'float32';
  if (ta instanceof Float64Array) return 'float64';
  if (ta instanceof Int8Array) return 'int8';
  if (ta instanceof Uint8Array || ta instanceof Uint8ClampedArray) return 'uint8';
  if (ta instanceof Int16Array) return 'int16';
  if (ta instanceof Uint16Array) return 'uint16';
  if (ta instanceof Int32Array) return 'int32';
  if (ta instanceof Uint32Array) return 'uint32';
  if (ta instanceof BigInt64Array) return 'int64';
  if (ta instanceof BigUint64Array) return 'uint64';
  if (FLOAT16_NATIVE && ta instanceof F16_CTOR!) return 'float16';
  return null;
}

/** @internal */
export function isBig(d: DType): boolean {
  return d === 'int64' || d === 'uint64';
}

/** @internal Converts a JS value into what a typed array of dtype d stores. */
export function toStored(op: string, d: DType, v: unknown): number | bigint {
  // The kernels' conversions (src/kernels/dtype.hpp): float -> integer truncates toward zero and
  // saturates (NaN -> 0); integer -> integer wraps; anything -> bool is x != 0.
  const I = INFO[d];
  if (I.kind === 'c') {
    // the real value a complex element's real part stores (the imaginary part is 0); a complex value
    // is written by its callers as a pair
    if (typeof v === 'number') return v;
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (typeof v === 'bigint') return Number(v);
    if (isComplexValue(v) && v.im === 0 && !Object.is(v.im, -0)) return v.re;
  } else if (isBig(d)) {
    if (typeof v === 'boolean') return v ? 1n : 0n;
    const bits = BigInt(I.bits);
    if (typeof v === 'bigint') return I.kind === 'u' ? BigInt.asUintN(64, v) : BigInt.asIntN(64, v);
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return 0n;
      const lo = I.kind === 'u' ? 0n : -(1n << (bits - 1n));
      const hi = I.kind === 'u' ? (1n << bits) - 1n : (1n << (bits - 1n)) - 1n;
      if (v === Infinity) return hi;
      if (v === -Infinity) return lo;
      const x = BigInt(Math.trunc(v));
      return x < lo ? lo : x > hi ? hi : x;
    }
  } else if (d === 'bool') {
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (typeof v === 'number') return v !== 0 ? 1 : 0; // NaN -> true, like the kernels
    if (typeof v === 'bigint') return v !== 0n ? 1 : 0;
  } else if (I.kind !== 'f') {
    if (typeof v === 'boolean') return v ? 1 : 0;
    const lo = I.kind === 'u' ? 0 : -(2 ** (I.bits - 1));
    const hi = I.kind === 'u' ? 2 ** I.bits - 1 : 2 ** (I.bits - 1) - 1;
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return 0;
      const x = Math.trunc(v);
      return x < lo ? lo : x > hi ? hi : x;
    }
    if (typeof v === 'bigint') {
      return Number(I.kind === 'u' ? BigInt.asUintN(I.bits, v) : BigInt.asIntN(I.bits, v));
    }
  } else {
    const x = typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'bigint' ? Number(v) : null;
    if (x !== null) {
      // float16: the value rounded once (Float16Array) or its bits (Uint16Array)
      if (d === 'float16') return FLOAT16_NATIVE ? roundFloat16(x) : halfBits(x);
      return x;
    }
  }
  throw new TypeError(`${op}: cannot store ${fmt(v)} in an array of dtype ${d}`);
}

/** @internal Converts a stored element into the JS value handed out. */
export function fromStored(d: DType, v: number | bigint): Scalar {
  if (d === 'bool') return v !== 0;
  if (d === 'float16' && !FLOAT16_NATIVE) return halfValue(v as number);
  return v;
}

/** @internal The value dtype d holds for v (toStored's conversion, float16 as its value, never bits). */
export function storedValue(op: string, d: DType, v: unknown): number | bigint {
  const x = toStored(op, d, v);
  return d === 'float16' && !FLOAT16_NATIVE ? halfValue(x as number) : x;
}

// ------------------------------------------------------------------------------------ promotion

const SIGNED: readonly DType[] = ['int8', 'int16', 'int32', 'int64'];
const UNSIGNED: readonly DType[] = ['uint8', 'uint16', 'uint32', 'uint64'];

function signedFor(bits: number): DType | null {
  return SIGNED.find((d) => INFO[d].bits >= bits) ?? null;
}

/**
 * The result dtype of combining two arrays (NumPy's table): bool < integers < floats; a signed and
 * an unsigned integer promote to a signed integer wide enough for both (int64 + uint64 -> float64);
 * float16 with an 8-bit integer -> float16, with a 16-bit one -> float32; float32 with a 32- or
 * 64-bit integer -> float64; two floats -> the wider.
 */
export function promoteTypes(a: DType, b: DType): DType {
  if (arguments.length !== 2) bind(PROMOTE_TYPES, arguments);
  checkDType('promoteTypes', a, 'type1');
  checkDType('promoteTypes', b, 'type2');
  if (a === b) return a;
  const A = INFO[a];
  const B = INFO[b];
  if (A.kind === 'b') return b;
  if (B.kind === 'b') return a;
  if (A.kind === 'c' || B.kind === 'c') {
    // complex64 holds float16, float32 and the integers up to 16 bits; anything wider needs complex128
    const o = A.kind === 'c' ? B : A;
    if (A.bits === 128 || B.bits === 128) return 'complex128';
    if (o.kind === 'c') return 'complex64';
    return (o.kind === 'f' && o.bits <= 32) || o.bits <= 16 ? 'complex64' : 'complex128';
  }
  if (A.kind === 'f' || B.kind === 'f') {
    const f = A.kind === 'f' ? A : B;
    const o = A.kind === 'f' ? B : A;
    if (o.kind === 'f') return A.bits > B.bits ? a : b; // the wider float
    if (f.bits === 64) return 'float64';
    if (f.bits === 16 && o.bits <= 8) return 'float16'; // float16 holds every 8-bit integer
    return o.bits <= 16 ? 'float32' : 'float64';
  }
  if (A.kind === B.kind) return A.bits >= B.bits ? a : b;
  const s = A.kind === 'i' ? A : B;
  const u = A.kind === 'u' ? A : B;
  if (s.bits > u.bits) return A.kind === 'i' ? a : b;
  return signedFor(u.bits * 2) ?? 'float64';
}

function fitsInt(d: DType, v: number | bigint): boolean {
  const I = INFO[d];
  if (typeof v === 'number') {
    // v is an integer; the bounds are powers of two, exact as doubles
    return I.kind === 'u' ? v >= 0 && v < 2 ** I.bits : v >= -(2 ** (I.bits - 1)) && v < 2 ** (I.bits - 1);
  }
  const x = BigInt(v);
  if (I.kind === 'u') return x >= 0n && x < 1n << BigInt(I.bits);
  return x >= -(1n << BigInt(I.bits - 1)) && x < 1n << BigInt(I.bits - 1);
}

/** @internal The smallest integer dtype of the given signedness holding a value. */
function minIntType(v: number | bigint, signed: boolean): DType {
  const order: DType[] = signed || v < 0 ? ['int8', 'int16', 'int32', 'int64'] : ['uint8', 'uint16', 'uint32', 'uint64'];
  for (const d of order) if (fitsInt(d, v)) return d;
  return 'float64';
}

/** @internal The smallest float dtype NumPy 1.24 gives a float value (np.min_scalar_type). */
function minFloatType(v: number): DType {
  if (!(Math.abs(v) < Infinity) || (v > -65000 && v < 65000)) return 'float16'; // NaN and inf too
  return v > -3.4e38 && v < 3.4e38 ? 'float32' : 'float64';
}

/**
 * The dtype of `array op scalar` (NumPy 1.x value-based casting): a scalar of a lower or equal kind
 * (bool < int < float) counts by its value (the smallest dtype holding it, NumPy's
 * min_scalar_type), so it keeps the array's dtype when it fits: an integer that does not fit widens
 * an integer type, and float16 + 300 or float32 + 70000 widen the float (a 16- or 32-bit integer
 * value); a float scalar with a float array widens only beyond +-65000 (float16) or +-3.4e38
 * (float32). A float scalar with an integer or bool array gives float64; an integer scalar with a
 * bool array gives int32 (JS's integer default).
 */
export function resultTypeWithScalar(d: DType, s: Scalar | ComplexLike): DType {
  if (arguments.length !== 2) bind(RESULT_TYPE_WITH_SCALAR, arguments);
  checkDType('resultTypeWithScalar', d);
  const K = INFO[d].kind;
  if (isComplexValue(s)) {
    // a complex scalar: complex128 with integers, bool and float64; complex64 with float16 / float32 /
    // complex64 while both parts fit float32 (NumPy 1.24's value-based casting)
    if (K !== 'f' && K !== 'c') return 'complex128';
    const big = (x: number): boolean => Math.abs(x) >= 3.4e38 && Number.isFinite(x);
    return promoteTypes(d, big(s.re) || big(s.im) ? 'complex128' : 'complex64');
  }
  if (typeof s !== 'number' && typeof s !== 'bigint' && typeof s !== 'boolean') {
    throw new TypeError(`resultTypeWithScalar: scalar must be a number, bigint, boolean or complex, got ${fmt(s)}`);
  }
  if (typeof s === 'boolean') return d;

  if (typeof s === 'number' && !Number.isInteger(s)) {
    return K === 'f' || K === 'c' ? promoteTypes(d, minFloatType(s)) : 'float64';
  }
  if (K === 'f' || K === 'c') return d === 'float64' || d === 'complex128' ? d : promoteTypes(d, minIntType(s, false));
  if (K === 'b') {
    if (typeof s === 'bigint') return fitsInt('int64', s) ? 'int64' : 'uint64';
    return fitsInt('int32', s) ? 'int32' : 'float64';
  }
  if (fitsInt(d, s)) return d;
  return promoteTypes(d, minIntType(s, K === 'i'));
}

/** @internal The dtype of a lone scalar. */
export function scalarDType(s: Scalar | ComplexLike, op: string = 'scalarDType'): DType {
  if (typeof s === 'boolean') return 'bool';
  if (isComplexValue(s)) return 'complex128';
  if (typeof s === 'bigint') {
    if (fitsInt('int64', s)) return 'int64';
    if (fitsInt('uint64', s)) return 'uint64';
    // no dtype holds it: never wrap silently (an explicit dtype casts, like astype)
    throw new RangeError(`${op}: ${fmt(s)} does not fit in int64 or uint64; pass an explicit dtype to cast it`);
  }
  return 'float64';
}
