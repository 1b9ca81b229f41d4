// Operations over NDArrays: elementwise with NumPy broadcasting, where and reductions (joining and
// tiling are in joining.ts). Each op is one kernel call (runKernel): shapes are broadcast, operands expanded and the
// result allocated by C++ inside it; dtypes are promoted by the table in dtype.ts.
import { BINARY_OPS, BinaryOp, REDUCE_OPS, SingleOp, UNARY_OPS, UnaryOp } from './boundary_tables.js';
import { type DType, type Scalar, complexPart, info, isComplexValue, promoteTypes, resultTypeWithScalar, scalarDType } from './dtype.js';
import { StrideViewError, fmt, isArrayLike, relabel } from './errors.js';
import {
  NDArray,
  type KIn,
  Kind,
  type NestedArray,
  asArray,
  checkOut,
  full,
  outOption,
  runKernel,
  storedNumber,
  takeScalar,
} from './ndarray.js';
import { axisSet, checkAxisOptions } from './axes.js';
import { hasTraced, recorder } from './traced.js';
import { type SigRef, bind } from './signature.js';
import { type Casting, type Loops, type Order, outArg, ufunc } from './ufunc.js';
import type { DTypeArg } from './creation.js';


/** What the operations accept: an NDArray, a scalar, or nested JS arrays. */
export type ArrayInput = NDArray | Scalar | NestedArray;

/** The `out` option: write the result into an existing array (see {@link add}). */
export interface OutOptions {
  /**
   * Write the result into this array (it may be a strided view: a transposed or sliced `out` is
   * written through its strides) and return it; nothing is allocated. Its shape must be the
   * result's shape (the operands broadcast to it); the result dtype is cast into out's dtype under
   * NumPy's casting='same_kind'. A read-only (broadcast or padded), disposed or wrongly shaped
   * `out`, or a forbidden cast, is a StrideViewError and leaves `out` unchanged. `out` may overlap
   * an input (`add(a, b, { out: a })`): the result is NumPy's.
   */
  out?: NDArray;
}

/** @internal */
interface Prepared {
  inputs: KIn[];
  temps: NDArray[];
  dtype: DType;
}

/** The parameter names of a kernel's inputs by their count, as NumPy's ufuncs and `where` name them. */
const UFUNC_NAMES: readonly (readonly string[] | undefined)[] = [undefined, ['x'], ['x1', 'x2'], ['condition', 'x', 'y']];

/** @internal Not an NDArray, or a C-contiguous one: the kernel's C-order result is NumPy's order 'K'. */
export function cOrScalar(x: unknown): boolean {
  return !(x instanceof NDArray) || x.ndim < 2 || x.isCContiguous;
}

/** @internal */
export function isScalar(x: unknown): x is Scalar {
  return typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean';
}

/** @internal */
export function release(temps: NDArray[]): void {
  for (let i = 0; i < temps.length; i++) temps[i]!.dispose();
}

/**
 * @internal The dtype an op's kernel runs in before `force` (NumPy promotion): `arrs[i]` is input i
 * as an array (anything with a dtype: an NDArray, or a traced value inside fuse()), or null for a
 * scalar (then `inputs[i]`, promoted by value).
 */
export function inputsDType(op: string, inputs: readonly unknown[], arrs: readonly ({ dtype: DType } | null)[]): DType {
  const n = inputs.length;
  let dt: DType | null = null;
  for (let i = 0; i < n; i++) {
    const a = arrs[i];
    if (a != null) dt = dt === null || dt === a.dtype ? a.dtype : promoteTypes(dt, a.dtype);
  }
  if (n > 2 && arrs.some((a) => a != null && info(a.dtype).kind === 'f')) {
    // NumPy's n-ary promotion starts from the highest category: the floats first, then each
    // integer with that (np.result_type(int16, uint16, float32) is float32, where pairwise
    // promotion in argument order would give float64).
    let f: DType | null = null;
    for (const a of arrs) if (a != null && info(a.dtype).kind === 'f') f = f === null ? a.dtype : promoteTypes(f, a.dtype);
    for (const a of arrs) if (a != null && info(a.dtype).kind !== 'f') f = promoteTypes(f!, a.dtype);
    dt = f;
  }
  if (dt === null) {
    for (let i = 0; i < n; i++) {
      const sd = scalarDType(inputs[i] as Scalar, op);
      dt = dt === null ? sd : promoteTypes(dt, sd);
    }
  } else {
    for (let i = 0; i < n; i++) if (arrs[i] == null) dt = resultTypeWithScalar(dt, inputs[i] as Scalar);
  }
  return dt!;
}

/**
 * @internal The inputs of one kernel in one dtype (NumPy promotion; scalars value-based): arrays of another
 * dtype (or padded with a fill other than +0: the kernels read pad elements as +0) are materialized, scalars travel by value (stored as the
 * dtype), nested JS arrays become temporaries.
 */
export function prepare(op: string, inputs: readonly unknown[], force?: (d: DType) => DType, names?: readonly string[]): Prepared {
  const temps: NDArray[] = [];
  try {
    const n = inputs.length;
    const arrs = new Array<NDArray | null>(n);
    for (let i = 0; i < n; i++) {
      const x = inputs[i];
      let a: NDArray | null = null;
      if (x instanceof NDArray) {
        x._check(op);
        a = x;
      } else if (!isScalar(x) && !isComplexValue(x)) {
        if (!isArrayLike(x)) {
          const name = names?.[i] ?? UFUNC_NAMES[n]?.[i] ?? `input ${i}`;
          throw new TypeError(`${op}: ${name} must be an NDArray, a number, a bigint, a boolean, a complex value or nested arrays of them; got ${fmt(x)}`);
        }
        a = asArray(op, x);
        temps.push(a);
      }
      arrs[i] = a;
    }
    const dt = inputsDType(op, inputs, arrs);
    const d = force ? force(dt) : dt;
    const out = new Array<KIn>(n);
    for (let i = 0; i < n; i++) {
      const a = arrs[i]!;
      if (a === null) {
        const x = inputs[i] as Scalar;
        const v = storedNumber(op, d, x);
        if (v !== null) {
          out[i] = v;
        } else {
          const t = full([], x, d);
          temps.push(t);
          out[i] = t;
        }
      } else if (a.dtype !== d || (a._v._hasMask && !Object.is(a._fill, 0))) {
        const t = a._materialize(op, d);
        temps.push(t);
        out[i] = t;
      } else {
        out[i] = a;
      }
    }
    return { inputs: out, temps, dtype: d };
  } catch (e) {
    release(temps);
    throw e;
  }
}

/**
 * The common case without conversions: every input an NDArray of one dtype (unpadded, or padded
 * with 0) that `force` keeps, or such arrays and JS numbers that fit it (scalar dtypes never change
 * an array's float dtype; integers must be stored exactly). Returns that dtype, or null for
 * prepare().
 */
function direct(op: string, inputs: readonly unknown[], force: ((d: DType) => DType) | undefined): DType | null {
  let d: DType | null = null;
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i];
    if (x instanceof NDArray) {
      x._check(op);
      if ((d !== null && x.dtype !== d) || (x._v._hasMask && !Object.is(x._fill, 0))) return null;
      d = x.dtype;
    } else if (typeof x !== 'number') {
      return null;
    }
  }
  if (d === null || (force !== undefined && force(d) !== d)) return null;
  const I = info(d);
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i];
    const fc = I.kind === 'f' || I.kind === 'c';
    if (typeof x !== 'number' || (fc && (d === 'float64' || d === 'complex128' || (x > -128 && x < 256)))) continue;
    if (fc) {
      if (resultTypeWithScalar(d, x) !== d) return null; // float16 + 300 is float32, as NumPy
      continue;
    }
    if (I.kind === 'b' || !Number.isInteger(x) || x !== storedNumber(op, d, x)) return null; // value-based promotion
  }
  return d;
}

/** @internal Prepares the inputs, checks `out` and runs one kernel (errors name `op`). */
export function compute(
  op: string,
  kind: Kind,
  code: number,
  inputs: readonly unknown[],
  options: OutOptions | undefined,
  force: ((d: DType) => DType) | undefined,
  result: (d: DType) => DType,
  x0: number = 0,
  x1: number = 0,
  x2: number = 0,
  names?: readonly string[],
): NDArray {
  // inside fuse(): the op is recorded, not run (traced.ts)
  if (recorder !== null && hasTraced(inputs)) return recorder.op(op, kind, code, inputs, options?.out != null, force, result) as never;
  try {
    const o = outOption(op, options);
    const fast = direct(op, inputs, force);
    if (fast !== null) {
      const rdt = result(fast);
      const out = o === undefined ? null : checkOut(op, o, rdt);
      return runKernel(kind, code, rdt, out, null, inputs as KIn[], fast, x0, x1, x2);
    }
    const p = prepare(op, inputs, force, names);
    try {
      const rdt = result(p.dtype);
      const out = o === undefined ? null : checkOut(op, o, rdt);
      return runKernel(kind, code, rdt, out, null, p.inputs, p.dtype, x0, x1, x2);
    } finally {
      if (p.temps.length > 0) release(p.temps);
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

/** @internal */
export const same = (d: DType): DType => d;
/** @internal */
export const toBool = (): DType => 'bool';

const divType = (d: DType): DType => (info(d).kind === 'f' || info(d).kind === 'c' ? d : 'float64');

function binary(name: keyof typeof BINARY_OPS, a: unknown, b: unknown, out: NDArray | undefined, dtype: DType | undefined, label: string = name): NDArray {
  const code = BINARY_OPS[name];
  // the comparisons (equal .. greaterEqual) give bool
  const cmp = code >= BinaryOp.Equal && code <= BinaryOp.GreaterEqual;
  const force = dtype !== undefined && !cmp ? () => dtype : name === 'div' ? divType : undefined;
  return compute(label, Kind.Binary, code, [a, b], out === undefined ? undefined : { out }, force, cmp ? toBool : same);
}

/**
 * @internal A binary ufunc's call: `f(x1, x2)` straight to the kernel, anything more through the
 * ufunc keywords (ufunc.ts). `label`: the name the user called, when it is not the kernel op's
 * (NumPy's `subtract` for `sub`: numpy_names.ts).
 */
export function binaryCall(ref: SigRef, name: keyof typeof BINARY_OPS, loops: Loops, args: unknown[], label: string = name): NDArray {
  // the common call, straight to the kernel; an array input that is not C-contiguous goes through
  // ufunc() for order 'K' (an F-ordered input gives an F-ordered result, as NumPy)
  if (args.length === 2 && cOrScalar(args[0]) && cOrScalar(args[1])) return binary(name, args[0], args[1], undefined, undefined, label);
  return ufunc(ref, args, 2, loops, (x, o, d) => binary(name, x[0], x[1], o, d, label));
}

const ADD: SigRef = { sig: 'numpy.add: add(@ufunc2) -> NDArray' };
/** a + b with broadcasting (dtypes promoted NumPy-style; bool + bool is logical or). */
// @overloads ADD
export function add(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function add(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function add(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('add', x1, x2, undefined, undefined);
  return binaryCall(ADD, 'add', 'any', Array.prototype.slice.call(arguments));
}

const SUB: SigRef = { sig: 'numpy.subtract: sub(@ufunc2) -> NDArray' };
/** a - b (an error for bool operands). */
// @overloads SUB
export function sub(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function sub(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function sub(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('sub', x1, x2, undefined, undefined);
  return binaryCall(SUB, 'sub', 'any', Array.prototype.slice.call(arguments));
}

const MUL: SigRef = { sig: 'numpy.multiply: mul(@ufunc2) -> NDArray' };
/** a * b (bool * bool is logical and). */
// @overloads MUL
export function mul(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function mul(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function mul(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('mul', x1, x2, undefined, undefined);
  return binaryCall(MUL, 'mul', 'any', Array.prototype.slice.call(arguments));
}

const DIV: SigRef = { sig: 'numpy.true_divide: div(@ufunc2) -> NDArray' };
/** True division: integers and bools give float64. */
// @overloads DIV
export function div(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function div(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function div(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('div', x1, x2, undefined, undefined);
  return binaryCall(DIV, 'div', 'float', Array.prototype.slice.call(arguments));
}

const MAXIMUM: SigRef = { sig: 'numpy.maximum: maximum(@ufunc2) -> NDArray' };
/** Elementwise maximum (NaN propagates). */
// @overloads MAXIMUM
export function maximum(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function maximum(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function maximum(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('maximum', x1, x2, undefined, undefined);
  return binaryCall(MAXIMUM, 'maximum', 'any', Array.prototype.slice.call(arguments));
}

const MINIMUM: SigRef = { sig: 'numpy.minimum: minimum(@ufunc2) -> NDArray' };
/** Elementwise minimum (NaN propagates). */
// @overloads MINIMUM
export function minimum(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function minimum(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function minimum(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('minimum', x1, x2, undefined, undefined);
  return binaryCall(MINIMUM, 'minimum', 'any', Array.prototype.slice.call(arguments));
}

const EQUAL: SigRef = { sig: 'numpy.equal: equal(@ufunc2) -> NDArray' };
/** a == b (bool result). */
// @overloads EQUAL
export function equal(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function equal(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function equal(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('equal', x1, x2, undefined, undefined);
  return binaryCall(EQUAL, 'equal', 'bool', Array.prototype.slice.call(arguments));
}

const NOT_EQUAL: SigRef = { sig: 'numpy.not_equal: notEqual(@ufunc2) -> NDArray' };
/** a != b (bool result). */
// @overloads NOT_EQUAL
export function notEqual(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function notEqual(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function notEqual(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('notEqual', x1, x2, undefined, undefined);
  return binaryCall(NOT_EQUAL, 'notEqual', 'bool', Array.prototype.slice.call(arguments));
}

const LESS: SigRef = { sig: 'numpy.less: less(@ufunc2) -> NDArray' };
/** a < b (bool result). */
// @overloads LESS
export function less(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function less(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function less(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('less', x1, x2, undefined, undefined);
  return binaryCall(LESS, 'less', 'bool', Array.prototype.slice.call(arguments));
}

const LESS_EQUAL: SigRef = { sig: 'numpy.less_equal: lessEqual(@ufunc2) -> NDArray' };
/** a <= b (bool result). */
// @overloads LESS_EQUAL
export function lessEqual(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function lessEqual(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function lessEqual(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('lessEqual', x1, x2, undefined, undefined);
  return binaryCall(LESS_EQUAL, 'lessEqual', 'bool', Array.prototype.slice.call(arguments));
}

const GREATER: SigRef = { sig: 'numpy.greater: greater(@ufunc2) -> NDArray' };
/** a > b (bool result). */
// @overloads GREATER
export function greater(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function greater(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function greater(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('greater', x1, x2, undefined, undefined);
  return binaryCall(GREATER, 'greater', 'bool', Array.prototype.slice.call(arguments));
}

const GREATER_EQUAL: SigRef = { sig: 'numpy.greater_equal: greaterEqual(@ufunc2) -> NDArray' };
/** a >= b (bool result). */
// @overloads GREATER_EQUAL
export function greaterEqual(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function greaterEqual(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function greaterEqual(x1?: unknown, x2?: unknown, x3?: unknown, x4?: unknown): NDArray {
  // the bare call straight to the kernel (fixed parameters: a rest array costs about 0.04 us a call)
  if (x1 !== undefined && x2 !== undefined && x3 === undefined && x4 === undefined && arguments.length <= 4 && cOrScalar(x1) && cOrScalar(x2)) return binary('greaterEqual', x1, x2, undefined, undefined);
  return binaryCall(GREATER_EQUAL, 'greaterEqual', 'bool', Array.prototype.slice.call(arguments));
}

const WHERE: SigRef = { sig: 'numpy.where: where(condition: ArrayInput, x: ArrayInput, y: ArrayInput, /, *, out: NDArray | null = null) -> NDArray' };
/**
 * `condition ? x : y` elementwise, all three broadcast (condition is cast to bool: nonzero is
 * true). `out` (keyword-only) is strideview's: NumPy's `where` has none.
 */
// @overloads WHERE
export function where(condition: ArrayInput, x: ArrayInput, y: ArrayInput, options?: { out?: NDArray | null | undefined }): NDArray;
// @end
export function where(...args: unknown[]): NDArray {
  const op = 'where';
  const [cond, a, b, outArgument] = args.length === 3 ? [args[0], args[1], args[2], null] : bind(WHERE, args);
  if (recorder !== null && hasTraced([cond, a, b])) {
    if (outArgument != null) throw new StrideViewError('invalid_argument', 'where: out inside a fused function; pass out to the fused call');
    return recorder.where(cond, a, b) as never;
  }
  try {
    const o = outArg(op, outArgument);
    if (cond instanceof NDArray && cond.dtype === 'bool' && !(cond._v._hasMask && cond._fill !== 0)) {
      cond._check(op);
      const d = direct(op, [a, b], undefined);
      if (d !== null) {
        const out = o === undefined ? null : checkOut(op, o, d);
        return runKernel(Kind.Where, SingleOp.Only, d, out, null, [cond, a as KIn, b as KIn], d);
      }
    }
    const c = prepare(op, [cond], toBool, ['condition']);
    try {
      let k = c.inputs[0]!;
      if (typeof k === 'number') {
        k = full([], k !== 0, 'bool'); // scalars travel in the values' dtype: cond is an array
        c.temps.push(k);
      }
      const p = prepare(op, [a, b], undefined, ['x', 'y']);
      try {
        const out = o === undefined ? null : checkOut(op, o, p.dtype);
        return runKernel(Kind.Where, SingleOp.Only, p.dtype, out, null, [k, ...p.inputs], p.dtype);
      } finally {
        release(p.temps);
      }
    } finally {
      release(c.temps);
    }
  } catch (e) {
    throw relabel(op, e);
  }
}

/** @internal */
export const floatType = (d: DType): DType => {
  // NumPy's float loops: the smallest float that holds every value (bool and 8-bit ints: float16).
  const I = info(d);
  if (I.kind === 'f' || I.kind === 'c') return d;
  return I.bits <= 8 ? 'float16' : I.bits <= 16 ? 'float32' : 'float64';
};

/** @internal One unary kernel op (exp_log.ts has the vector-math ones). */
export function unary(name: keyof typeof UNARY_OPS, a: unknown, out: NDArray | undefined, dtype: DType | undefined, label: string = name): NDArray {
  const code = UNARY_OPS[name];
  // sqrt, exp, log compute in a float dtype
  const fl = code >= UnaryOp.Sqrt && code <= UnaryOp.Log;
  const force = dtype !== undefined ? () => dtype : fl ? floatType : undefined;
  // abs of a complex value is real (the part dtype: float32 for complex64)
  return compute(label, Kind.Unary, code, [a], out === undefined ? undefined : { out }, force, code === UnaryOp.Abs ? complexPart : same);
}

/** @internal A unary ufunc's call (`label` as binaryCall's). */
export function unaryCall(ref: SigRef, name: keyof typeof UNARY_OPS, loops: Loops, args: unknown[], label: string = name): NDArray {
  if (args.length === 1 && cOrScalar(args[0])) return unary(name, args[0], undefined, undefined, label);
  return ufunc(ref, args, 1, loops, (x, o, d) => unary(name, x[0], o, d, label));
}

const NEG: SigRef = { sig: 'numpy.negative: neg(@ufunc1) -> NDArray' };
/** -x (an error for bool). */
// @overloads NEG
export function neg(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function neg(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function neg(x?: unknown, x2?: unknown, x3?: unknown): NDArray {
  if (x !== undefined && x2 === undefined && x3 === undefined && arguments.length <= 3 && cOrScalar(x)) return unary('neg', x, undefined, undefined);
  return unaryCall(NEG, 'neg', 'any', Array.prototype.slice.call(arguments));
}
const ABS: SigRef = { sig: 'numpy.absolute: abs(@ufunc1) -> NDArray' };
/** |x|. */
// @overloads ABS
export function abs(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function abs(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function abs(x?: unknown, x2?: unknown, x3?: unknown): NDArray {
  if (x !== undefined && x2 === undefined && x3 === undefined && arguments.length <= 3 && cOrScalar(x)) return unary('abs', x, undefined, undefined);
  return unaryCall(ABS, 'abs', 'any', Array.prototype.slice.call(arguments));
}
const SQRT: SigRef = { sig: 'numpy.sqrt: sqrt(@ufunc1) -> NDArray' };
/** Square root (bool and 8-bit integers: float16, 16-bit: float32, else float64). */
// @overloads SQRT
export function sqrt(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function sqrt(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function sqrt(x?: unknown, x2?: unknown, x3?: unknown): NDArray {
  if (x !== undefined && x2 === undefined && x3 === undefined && arguments.length <= 3 && cOrScalar(x)) return unary('sqrt', x, undefined, undefined);
  return unaryCall(SQRT, 'sqrt', 'float', Array.prototype.slice.call(arguments));
}
