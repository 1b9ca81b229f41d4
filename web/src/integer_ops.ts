// NumPy's integer-flavoured ufuncs: remainder (mod), floor division, fmod, the bitwise ops and the
// shifts. Each is one kernel call (compute in ops.ts): NumPy broadcasting and promotion, `out`,
// strided, broadcast and padded operands read in place. Integer results wrap; x % 0 and x // 0 give
// 0 for integers (NumPy: 0 with a warning), floats follow IEEE (NaN, +-inf).
import { BinaryOp, UnaryOp } from './boundary_tables.js';
import { type DType, info } from './dtype.js';
import { StrideViewError } from './errors.js';
import { type NDArray, Kind } from './ndarray.js';
import { type ArrayInput, type OutOptions, compute, same } from './ops.js';

// NumPy computes these for bool operands in int8 (np.remainder(True, True) is int8 0).
const boolToInt8 = (d: DType): DType => (d === 'bool' ? 'int8' : d);

// The bitwise ops take integers and bool; the shifts integers (bool operands as int8).
function integerOnly(op: string, boolAs: 'bool' | 'int8'): (d: DType) => DType {
  return (d) => {
    if (info(d).kind === 'f') throw new StrideViewError('type_error', `${op}: ${d} is not an integer or bool dtype`);
    return d === 'bool' ? boolAs : d;
  };
}

function binaryOp(op: string, code: BinaryOp, force: (d: DType) => DType, a: ArrayInput, b: ArrayInput, options: OutOptions | undefined): NDArray {
  return compute(op, Kind.Binary, code, [a, b], options, force, same);
}

/**
 * The remainder of floor division, with the sign of `b` (NumPy `mod` / `remainder`, Python's `%`):
 * `mod(-7, 3)` is 2, `mod(7, -3)` is -2. Integers: `x % 0` is 0, and the result wraps (bool
 * operands compute in int8). Floats: NumPy's divmod rules (a zero result takes b's sign; `x % 0`
 * and `inf % y` are NaN). Broadcasting, dtype promotion and `out` as {@link add}.
 */
export function mod(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('mod', BinaryOp.Mod, boolToInt8, a, b, options);
}
/** NumPy's name for {@link mod} (errors say `remainder`). */
export function remainder(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('remainder', BinaryOp.Mod, boolToInt8, a, b, options);
}
/**
 * floor(a / b) in the operands' dtype (NumPy `floor_divide`, Python's `//`): integers floor
 * (`-7 // 2` is -4), `x // 0` is 0 and the minimum value // -1 wraps to itself; floats take
 * NumPy's divmod quotient (`x // 0` is +-inf or NaN). Unlike {@link div}, integers stay integers.
 */
export function floorDivide(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('floorDivide', BinaryOp.FloorDivide, boolToInt8, a, b, options);
}
/**
 * C's remainder, with the sign of `a` (NumPy `fmod`): `fmod(-7, 3)` is -1. Integers: `fmod(x, 0)`
 * is 0; floats: std::fmod (NaN for a zero divisor).
 */
export function fmod(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('fmod', BinaryOp.Fmod, boolToInt8, a, b, options);
}
/**
 * a & b elementwise (integers and bool; bool & bool is bool). Float operands (or integers that
 * promote to a float, as int64 with uint64) are a type_error: `bitwiseAnd: float32 is not an
 * integer or bool dtype`.
 */
export function bitwiseAnd(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('bitwiseAnd', BinaryOp.BitwiseAnd, integerOnly('bitwiseAnd', 'bool'), a, b, options);
}
/** a | b elementwise (integers and bool), as {@link bitwiseAnd}. */
export function bitwiseOr(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('bitwiseOr', BinaryOp.BitwiseOr, integerOnly('bitwiseOr', 'bool'), a, b, options);
}
/** a ^ b elementwise (integers and bool), as {@link bitwiseAnd}. */
export function bitwiseXor(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('bitwiseXor', BinaryOp.BitwiseXor, integerOnly('bitwiseXor', 'bool'), a, b, options);
}
/**
 * a << b elementwise (NumPy `left_shift`; integers, bool operands as int8). The result wraps in the
 * dtype; a count >= the bit width, or negative, gives 0 (NumPy's rule, not JS's count mod 32).
 */
export function leftShift(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('leftShift', BinaryOp.LeftShift, integerOnly('leftShift', 'int8'), a, b, options);
}
/**
 * a >> b elementwise (NumPy `right_shift`): arithmetic for signed dtypes; a count >= the bit
 * width, or negative, gives 0 (or -1 for a negative signed a).
 */
export function rightShift(a: ArrayInput, b: ArrayInput, options?: OutOptions): NDArray {
  return binaryOp('rightShift', BinaryOp.RightShift, integerOnly('rightShift', 'int8'), a, b, options);
}

function invertAs(op: string, a: ArrayInput, options: OutOptions | undefined): NDArray {
  return compute(op, Kind.Unary, UnaryOp.Invert, [a], options, integerOnly(op, 'bool'), same);
}
/** ~a elementwise (NumPy `invert`): the bits flipped for integers (~5 is -6), logical not for bool. */
export function invert(a: ArrayInput, options?: OutOptions): NDArray {
  return invertAs('invert', a, options);
}
/** NumPy's name for {@link invert} (errors say `bitwiseNot`). */
export function bitwiseNot(a: ArrayInput, options?: OutOptions): NDArray {
  return invertAs('bitwiseNot', a, options);
}
