// exp and log: NumPy's basic unary ufuncs computed by vector math, the 'math' family of the engine
// (families.ts); the other unary ops of the core are in ops.ts.
import { type ArrayInput, cOrScalar, unary, unaryCall } from './ops.js';
import type { SigRef } from './signature.js';
import type { Casting, Order } from './ufunc.js';
import type { DTypeArg } from './creation.js';
import { family, needFamily } from './families.js';
import type { NDArray } from './ndarray.js';

const MATH = /* @__PURE__ */ family('math');

const EXP: SigRef = { sig: 'numpy.exp: exp(@ufunc1) -> NDArray' };
/** e ** x (bool and 8-bit integers: float16, 16-bit: float32, else float64). Max error 0.95 ulp (float32), 0.98 ulp (float64); overflow gives inf, underflow 0 (subnormal results rounded once). */
// @overloads EXP
export function exp(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function exp(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function exp(x?: unknown, x2?: unknown, x3?: unknown): NDArray {
  needFamily('exp', MATH);
  if (x !== undefined && x2 === undefined && x3 === undefined && arguments.length <= 3 && cOrScalar(x)) return unary('exp', x, undefined, undefined);
  return unaryCall(EXP, 'exp', 'float', Array.prototype.slice.call(arguments));
}
const LOG: SigRef = { sig: 'numpy.log: log(@ufunc1) -> NDArray' };
/** Natural logarithm (NaN below 0, -inf at 0). Max error 0.81 ulp (float32), 0.83 ulp (float64). */
// @overloads LOG
export function log(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function log(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function log(x?: unknown, x2?: unknown, x3?: unknown): NDArray {
  needFamily('log', MATH);
  if (x !== undefined && x2 === undefined && x3 === undefined && arguments.length <= 3 && cOrScalar(x)) return unary('log', x, undefined, undefined);
  return unaryCall(LOG, 'log', 'float', Array.prototype.slice.call(arguments));
}
