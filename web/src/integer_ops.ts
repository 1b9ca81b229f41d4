// NumPy's integer-flavoured ufuncs: remainder (mod), floor division, fmod, the bitwise ops and the
// shifts. Each is one kernel call (compute in ops.ts) with the ufunc keywords (ufunc.ts: out
// positional or by name, where, casting, order, dtype, subok): NumPy broadcasting and promotion,
// strided, broadcast and padded operands read in place. Integer results wrap; x % 0 and x // 0 give
// 0 for integers (NumPy: 0 with a warning), floats follow IEEE (NaN, +-inf).
import { BinaryOp, UnaryOp } from './boundary_tables.js';
import { type DType, info } from './dtype.js';
import { StrideViewError } from './errors.js';
import { type NDArray, Kind } from './ndarray.js';
import { type ArrayInput, same } from './ops.js';
import { call, computeAs, noLoop, outOpt } from './math.js';
import { type SigRef } from './signature.js';
import type { Casting, Order } from './ufunc.js';
import type { DTypeArg } from './creation.js';

// NumPy computes these for bool operands in int8 (np.remainder(True, True) is int8 0).
const boolToInt8 = (d: DType): DType => (d === 'bool' ? 'int8' : d);

// The bitwise ops take integers and bool; the shifts integers (bool operands as int8).
function integerOnly(op: string, boolAs: 'bool' | 'int8'): (d: DType) => DType {
  return (d) => {
    if (info(d).kind === 'f') throw new StrideViewError('type_error', `${op}: ${d} is not an integer or bool dtype`);
    return d === 'bool' ? boolAs : d;
  };
}

/**
 * One binary op through call(): `force` picks the computing dtype without a `dtype` argument; with
 * one, that dtype ('any': numeric dtypes, 'int': integer and bool, 'shift': integer dtypes).
 */
function binaryOp(ref: SigRef, op: string, code: BinaryOp, force: (d: DType) => DType, loops: 'any' | 'int' | 'shift', args: unknown[]): NDArray {
  return call(ref, 2, loops === 'any' ? 'any' : 'int', args, (x, o, d) => {
    if (d === 'bool' && loops !== 'int') noLoop(op, d, loops === 'any' ? 'numeric dtypes' : 'integer dtypes');
    // remainder runs mod's kernel
    return computeAs(op, 'mod', Kind.Binary, code, x, outOpt(o), d === undefined ? force : () => d, same);
  });
}

const MOD: SigRef = { sig: 'numpy.mod: mod(@ufunc2) -> NDArray' };
/**
 * The remainder of floor division, with the sign of `x2` (NumPy `mod` / `remainder`, Python's `%`):
 * `mod(-7, 3)` is 2, `mod(7, -3)` is -2. Integers: `x % 0` is 0, and the result wraps (bool
 * operands compute in int8). Floats: NumPy's divmod rules (a zero result takes x2's sign; `x % 0`
 * and `inf % y` are NaN). Broadcasting, dtype promotion and the ufunc keywords as {@link add}.
 */
// @overloads MOD
export function mod(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function mod(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function mod(...args: unknown[]): NDArray {
  return binaryOp(MOD, 'mod', BinaryOp.Mod, boolToInt8, 'any', args);
}
const REMAINDER: SigRef = { sig: 'numpy.remainder: remainder(@ufunc2) -> NDArray' };
/** NumPy's name for {@link mod} (errors say `remainder`). */
// @overloads REMAINDER
export function remainder(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function remainder(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function remainder(...args: unknown[]): NDArray {
  return binaryOp(REMAINDER, 'remainder', BinaryOp.Mod, boolToInt8, 'any', args);
}
const FLOOR_DIVIDE: SigRef = { sig: 'numpy.floor_divide: floorDivide(@ufunc2) -> NDArray' };
/**
 * floor(x1 / x2) in the operands' dtype (NumPy `floor_divide`, Python's `//`): integers floor
 * (`-7 // 2` is -4), `x // 0` is 0 and the minimum value // -1 wraps to itself; floats take
 * NumPy's divmod quotient (`x // 0` is +-inf or NaN). Unlike {@link div}, integers stay integers.
 */
// @overloads FLOOR_DIVIDE
export function floorDivide(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function floorDivide(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function floorDivide(...args: unknown[]): NDArray {
  return binaryOp(FLOOR_DIVIDE, 'floorDivide', BinaryOp.FloorDivide, boolToInt8, 'any', args);
}
const FMOD: SigRef = { sig: 'numpy.fmod: fmod(@ufunc2) -> NDArray' };
/**
 * C's remainder, with the sign of `x1` (NumPy `fmod`): `fmod(-7, 3)` is -1. Integers: `fmod(x, 0)`
 * is 0; floats: std::fmod (NaN for a zero divisor).
 */
// @overloads FMOD
export function fmod(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function fmod(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function fmod(...args: unknown[]): NDArray {
  return binaryOp(FMOD, 'fmod', BinaryOp.Fmod, boolToInt8, 'any', args);
}
const BITWISE_AND: SigRef = { sig: 'numpy.bitwise_and: bitwiseAnd(@ufunc2) -> NDArray' };
/**
 * x1 & x2 elementwise (integers and bool; bool & bool is bool). Float operands (or integers that
 * promote to a float, as int64 with uint64) are a type_error: `bitwiseAnd: float32 is not an
 * integer or bool dtype`.
 */
// @overloads BITWISE_AND
export function bitwiseAnd(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function bitwiseAnd(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function bitwiseAnd(...args: unknown[]): NDArray {
  return binaryOp(BITWISE_AND, 'bitwiseAnd', BinaryOp.BitwiseAnd, integerOnly('bitwiseAnd', 'bool'), 'int', args);
}
const BITWISE_OR: SigRef = { sig: 'numpy.bitwise_or: bitwiseOr(@ufunc2) -> NDArray' };
/** x1 | x2 elementwise (integers and bool), as {@link bitwiseAnd}. */
// @overloads BITWISE_OR
export function bitwiseOr(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function bitwiseOr(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function bitwiseOr(...args: unknown[]): NDArray {
  return binaryOp(BITWISE_OR, 'bitwiseOr', BinaryOp.BitwiseOr, integerOnly('bitwiseOr', 'bool'), 'int', args);
}
const BITWISE_XOR: SigRef = { sig: 'numpy.bitwise_xor: bitwiseXor(@ufunc2) -> NDArray' };
/** x1 ^ x2 elementwise (integers and bool), as {@link bitwiseAnd}. */
// @overloads BITWISE_XOR
export function bitwiseXor(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function bitwiseXor(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function bitwiseXor(...args: unknown[]): NDArray {
  return binaryOp(BITWISE_XOR, 'bitwiseXor', BinaryOp.BitwiseXor, integerOnly('bitwiseXor', 'bool'), 'int', args);
}
const LEFT_SHIFT: SigRef = { sig: 'numpy.left_shift: leftShift(@ufunc2) -> NDArray' };
/**
 * x1 << x2 elementwise (NumPy `left_shift`; integers, bool operands as int8). The result wraps in the
 * dtype; a count >= the bit width, or negative, gives 0 (NumPy's rule, not JS's count mod 32).
 */
// @overloads LEFT_SHIFT
export function leftShift(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function leftShift(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function leftShift(...args: unknown[]): NDArray {
  return binaryOp(LEFT_SHIFT, 'leftShift', BinaryOp.LeftShift, integerOnly('leftShift', 'int8'), 'shift', args);
}
const RIGHT_SHIFT: SigRef = { sig: 'numpy.right_shift: rightShift(@ufunc2) -> NDArray' };
/**
 * x1 >> x2 elementwise (NumPy `right_shift`): arithmetic for signed dtypes; a count >= the bit
 * width, or negative, gives 0 (or -1 for a negative signed x1).
 */
// @overloads RIGHT_SHIFT
export function rightShift(x1: ArrayInput, x2: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function rightShift(x1: ArrayInput, x2: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function rightShift(...args: unknown[]): NDArray {
  return binaryOp(RIGHT_SHIFT, 'rightShift', BinaryOp.RightShift, integerOnly('rightShift', 'int8'), 'shift', args);
}

function invertCall(ref: SigRef, op: string, args: unknown[]): NDArray {
  const force = integerOnly(op, 'bool');
  return call(ref, 1, 'int', args, (x, o, d) => computeAs(op, 'invert', Kind.Unary, UnaryOp.Invert, x, outOpt(o), d === undefined ? force : () => d, same));
}
const INVERT: SigRef = { sig: 'numpy.invert: invert(@ufunc1) -> NDArray' };
/** ~x elementwise (NumPy `invert`): the bits flipped for integers (~5 is -6), logical not for bool. */
// @overloads INVERT
export function invert(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function invert(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function invert(...args: unknown[]): NDArray {
  return invertCall(INVERT, 'invert', args);
}
const BITWISE_NOT: SigRef = { sig: 'numpy.bitwise_not: bitwiseNot(@ufunc1) -> NDArray' };
/** NumPy's name for {@link invert} (errors say `bitwiseNot`). */
// @overloads BITWISE_NOT
export function bitwiseNot(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function bitwiseNot(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function bitwiseNot(...args: unknown[]): NDArray {
  return invertCall(BITWISE_NOT, 'bitwiseNot', args);
}
