// NumPy's dtype queries: resultType (promotion of arrays, dtypes and scalars, NumPy 1.24's
// value-based rule for scalars and 0-d arrays), canCast, finfo and iinfo (NumPy's fields as plain
// objects). No engine call: dtype.ts's promotion tables.
import { type DType, type Scalar, checkDType, info, promoteTypes, roundFloat16 } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray } from './ndarray.js';
import { canCast as canCastDType, castingArg } from './ufunc.js';
import { type SigRef, bind } from './signature.js';
// the declarations' types (used by the generated overloads)
import type { Casting } from './ufunc.js';

const isScalarValue = (v: unknown): v is Scalar => typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint';
const category = (d: DType): number => (d === 'bool' ? 0 : info(d).kind === 'f' ? 2 : 1);

/** NumPy's min_scalar_type of a value of kind `d`'s kind: the smallest dtype holding it. */
function minScalarType(d: DType, v: Scalar): DType {
  if (d === 'bool') return 'bool';
  const x = Number(v);
  if (info(d).kind === 'f') {
    if (!Number.isFinite(x) || Math.abs(x) <= 65504) return 'float16';
    return Math.abs(x) <= 3.4028234663852886e38 ? 'float32' : 'float64';
  }
  const b = typeof v === 'bigint' ? v : BigInt(Math.trunc(x));
  if (b >= 0n) return b < 256n ? 'uint8' : b < 65536n ? 'uint16' : b < 4294967296n ? 'uint32' : 'uint64';
  return b >= -128n ? 'int8' : b >= -32768n ? 'int16' : b >= -2147483648n ? 'int32' : 'int64';
}

/** NumPy's n-ary promotion: the floats first, then each other dtype into them (as ops.ts inputsDType). */
function nary(ds: readonly DType[]): DType {
  const fl = ds.filter((x) => info(x).kind === 'f');
  if (fl.length === 0) return ds.reduce((p, q) => promoteTypes(p, q));
  let f = fl.reduce((p, q) => promoteTypes(p, q));
  for (const x of ds) if (info(x).kind !== 'f') f = promoteTypes(f, x);
  return f;
}

/** minScalarType, a non-negative integer given the smallest signed dtype when `toward` is signed (NumPy's value-based rule). */
function minTypeFor(d: DType, v: Scalar, toward: DType): DType {
  const m = minScalarType(d, v);
  if (info(m).kind !== 'u' || info(toward).kind !== 'i') return m;
  const b = typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v)));
  return b < 128n ? 'int8' : b < 32768n ? 'int16' : b < 2147483648n ? 'int32' : b < 9223372036854775808n ? 'int64' : 'uint64';
}

/** A JS scalar's own dtype when no array is there (NumPy: Python int int64, float float64, bool bool). */
const scalarOwn = (v: Scalar): DType => (typeof v === 'boolean' ? 'bool' : typeof v === 'bigint' ? (v > 9223372036854775807n ? 'uint64' : 'int64') : Number.isInteger(v) ? 'int64' : 'float64');

const RESULT_TYPE: SigRef = { sig: 'numpy.result_type: resultType(...arraysAndDtypes: NDArray | DType | number | boolean | bigint) -> DType' };
/**
 * The dtype NumPy's promotion gives its arguments (NumPy 1.24's result_type): arrays and dtype names
 * by their dtypes; JS numbers, booleans, bigints and 0-d arrays by value when their kind (bool <
 * integer < float) is not above the arrays' (`resultType(int8Array, 1000)` is 'int16',
 * `resultType('float32', 1e10)` 'float32'), else by their own dtype (a JS integer int64, a
 * fraction float64).
 */
// @overloads RESULT_TYPE
export function resultType(...arraysAndDtypes: (NDArray | DType | number | boolean | bigint)[]): DType;
// @end
export function resultType(...args: unknown[]): DType {
  const op = 'resultType';
  const [list] = bind(RESULT_TYPE, args);
  try {
    const items = list as unknown[];
    if (items.length === 0) throw new StrideViewError('invalid_argument', `${op}: at least one array or dtype is required`);
    const arrays: DType[] = [];
    const scalars: { d: DType; v: Scalar; js: boolean }[] = [];
    items.forEach((x, i) => {
      if (x instanceof NDArray) {
        x._check(op);
        if (x.ndim === 0) scalars.push({ d: x.dtype, v: x.item() as Scalar, js: false });
        else arrays.push(x.dtype);
      } else if (typeof x === 'string') arrays.push(checkDType(op, x, `arraysAndDtypes[${i}]`));
      else if (isScalarValue(x)) scalars.push({ d: scalarOwn(x), v: x, js: true });
      else throw new TypeError(`${op}: arraysAndDtypes[${i}] must be an NDArray, a dtype name or a scalar, got ${fmt(x)}`);
    });
    if (arrays.length === 0) return nary(scalars.map((s) => s.d));
    const d = nary(arrays);
    const catS = Math.max(...scalars.map((s) => category(s.d)), -1);
    // scalars of a higher kind than the arrays' count by their dtypes, else by their values
    return nary([...arrays, ...scalars.map((s) => (catS > category(d) ? s.d : minTypeFor(s.d, s.v, d)))]);
  } catch (e) {
    throw relabel(op, e);
  }
}

const CAN_CAST: SigRef = { sig: 'numpy.can_cast: canCast(from_: NDArray | DType | number | boolean | bigint, to: DType, casting: Casting = "safe") -> boolean' };
/**
 * Whether a cast from `from_` to `to` is allowed under `casting` ('no', 'equiv', 'safe' (default),
 * 'same_kind', 'unsafe'), as NumPy 1.24's can_cast: a dtype name or an array by its dtype; a JS
 * scalar or a 0-d array by its value when `to` is of the same or a higher kind (`canCast(100,
 * 'int8')` is true, `canCast(1000, 'int8')` false). With 'no' / 'equiv', a JS scalar casts when its
 * value's smallest dtype is of `to`'s kind and casts safely, a 0-d array by its dtype: NumPy's
 * value-based rules for these two castings have exceptions this rule does not follow (NumPy:
 * `can_cast(3, 'uint64', 'no')` false; a 0-d int32 array of 100 to int8 with 'equiv' true).
 */
// @overloads CAN_CAST
export function canCast(from_: NDArray | DType | number | boolean | bigint, to: DType, options?: { casting?: Casting | undefined }): boolean;
export function canCast(from_: NDArray | DType | number | boolean | bigint, to: DType, casting?: Casting): boolean;
// @end
export function canCast(...args: unknown[]): boolean {
  const op = 'canCast';
  const [from, to, casting] = bind(CAN_CAST, args);
  try {
    const t = checkDType(op, to, 'to');
    const c = castingArg(op, casting);
    let d: DType;
    if (from instanceof NDArray) {
      from._check(op);
      d = from.ndim === 0 && category(from.dtype) <= category(t) && c !== 'no' && c !== 'equiv' ? minTypeFor(from.dtype, from.item() as Scalar, t) : from.dtype;
    } else if (typeof from === 'string') d = checkDType(op, from, 'from_');
    else if (isScalarValue(from)) {
      const own = scalarOwn(from);
      if (c === 'no' || c === 'equiv') {
        // NumPy: a Python scalar casts with 'no' / 'equiv' when its value's smallest dtype is of the
        // target's kind and casts to it safely (-300 to int16: true; 3 to float32: false)
        const m = minTypeFor(own, from, t);
        return info(m).kind === info(t).kind && canCastDType(m, t, 'safe');
      }
      d = category(own) <= category(t) ? minTypeFor(own, from, t) : own;
    } else throw new TypeError(`${op}: from_ must be an NDArray, a dtype name or a scalar, got ${fmt(from)}`);
    return canCastDType(d, t, c);
  } catch (e) {
    throw relabel(op, e);
  }
}

/** NumPy's finfo fields (camelCase), the float values as JS numbers holding the dtype's values. */
export interface FInfo {
  bits: number;
  eps: number;
  epsneg: number;
  max: number;
  min: number;
  tiny: number;
  smallestNormal: number;
  smallestSubnormal: number;
  resolution: number;
  precision: number;
  iexp: number;
  machep: number;
  maxexp: number;
  minexp: number;
  negep: number;
  nexp: number;
  nmant: number;
  dtype: DType;
}
/** NumPy's iinfo fields: min and max as numbers (bigints for int64 and uint64). */
export interface IInfo {
  bits: number;
  min: number | bigint;
  max: number | bigint;
  dtype: DType;
  kind: 'i' | 'u';
}

const FLOATS: Record<string, readonly [number, number, number, number, number]> = {
  // nmant, nexp, minexp, maxexp, precision
  float16: [10, 5, -14, 16, 3],
  float32: [23, 8, -126, 128, 6],
  float64: [52, 11, -1022, 1024, 15],
};

/** The dtype of a finfo / iinfo argument: a dtype name, an array, or a JS number (float64 / int64). */
function typeOf(op: string, name: string, v: unknown): DType {
  if (v instanceof NDArray) return (v._check(op), v.dtype);
  if (typeof v === 'number') return Number.isInteger(v) && op === 'iinfo' ? 'int64' : 'float64';
  return checkDType(op, v, name);
}

const FINFO: SigRef = { sig: 'numpy.finfo: finfo(dtype: DType | NDArray | number) -> FInfo' };
/** Machine limits of a float dtype (NumPy finfo): `finfo('float32').eps` is 2^-23. An integer dtype is an error, as NumPy. */
// @overloads FINFO
export function finfo(dtype: DType | NDArray | number): FInfo;
// @end
export function finfo(...args: unknown[]): FInfo {
  const op = 'finfo';
  const [dt] = bind(FINFO, args);
  try {
    const d = typeOf(op, 'dtype', dt);
    const f = FLOATS[d];
    if (f === undefined) throw new StrideViewError('invalid_argument', `${op}: data type ${d} not inexact`);
    const [nmant, nexp, minexp, maxexp, precision] = f;
    const round = d === 'float16' ? roundFloat16 : d === 'float32' ? Math.fround : (x: number) => x;
    const max = (2 - 2 ** -nmant) * 2 ** (maxexp - 1);
    return {
      bits: nexp + nmant + 1,
      eps: 2 ** -nmant,
      epsneg: 2 ** (-nmant - 1),
      max,
      min: -max,
      tiny: 2 ** minexp,
      smallestNormal: 2 ** minexp,
      smallestSubnormal: 2 ** (minexp - nmant),
      resolution: round(10 ** -precision),
      precision,
      iexp: nexp,
      machep: -nmant,
      maxexp,
      minexp,
      negep: -nmant - 1,
      nexp,
      nmant,
      dtype: d,
    };
  } catch (e) {
    throw relabel(op, e);
  }
}

const IINFO: SigRef = { sig: 'numpy.iinfo: iinfo(intType: DType | NDArray | number) -> IInfo' };
/** Limits of an integer dtype (NumPy iinfo): `iinfo('int8')` is { bits: 8, min: -128, max: 127, ... }. Floats and bool are errors, as NumPy. */
// @overloads IINFO
export function iinfo(intType: DType | NDArray | number): IInfo;
// @end
export function iinfo(...args: unknown[]): IInfo {
  const op = 'iinfo';
  const [t] = bind(IINFO, args);
  try {
    const d = typeOf(op, 'intType', t);
    const k = info(d).kind;
    if (k !== 'i' && k !== 'u') throw new StrideViewError('invalid_argument', `${op}: invalid integer data type ${fmt(d)}`);
    const bits = info(d).bits;
    const big = bits === 64;
    const lo = k === 'u' ? 0n : -(2n ** BigInt(bits - 1));
    const hi = k === 'u' ? 2n ** BigInt(bits) - 1n : 2n ** BigInt(bits - 1) - 1n;
    return { bits, min: big ? lo : Number(lo), max: big ? hi : Number(hi), dtype: d, kind: k };
  } catch (e) {
    throw relabel(op, e);
  }
}
