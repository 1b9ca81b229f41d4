// Complex arrays' own functions: NumPy's `real`, `imag` (writable strided views of the parts, as
// NumPy's `a.real` / `a.imag`), `conj` / `conjugate`, `angle`, `iscomplex`, `isreal`,
// `iscomplexobj`, `isrealobj`, `realIfClose`, `vdot` (the dot product that conjugates its first
// argument). The arithmetic, reductions and math of complex
// arrays are the ordinary ops (the engine's 'complex' family runs them); `abs` gives the modulus.
import { type Complex, type ComplexDType, type DType, info, isComplex } from './dtype.js';
import { StrideViewError, fmt, relabel } from './errors.js';
import { NDArray, asArray, forward, methodGroup } from './ndarray.js';
import { needFamily } from './families.js';
import { type ArrayInput, neg } from './ops.js';
import { arctan2 } from './math.js';
import { type SigRef, bind } from './signature.js';
import { type Casting, type Order, ufunc } from './ufunc.js';
import type { DTypeArg } from './creation.js';
import { partView } from './ndarray_methods.js';
import { zeros } from './creation.js';
import { abs, equal, lessEqual, mul, notEqual } from './ops.js';
import { all } from './stats.js';
import { checkOut, kernelCopy } from './kernel_client.js';
import { matmul } from './linalg.js';

const COMPLEX = /* @__PURE__ */ methodGroup('complex', () => ({ conj: forward(conj), conjugate: forward(conjugate) }));

const REAL: SigRef = { sig: 'numpy.real: real(val: ArrayInput) -> NDArray' };
/**
 * The real part (NumPy's `np.real`): for a complex array, a view of its real parts (float32 for
 * complex64, float64 for complex128) that writes through; any other array is returned as it is (an
 * NDArray) or made one (JS values).
 */
// @overloads REAL
export function real(val: ArrayInput): NDArray;
// @end
export function real(...args: unknown[]): NDArray {
  const [val] = args.length === 1 ? args : bind(REAL, args);
  const a = asArray('real', val, undefined, 'val');
  if (!isComplex(a.dtype)) return a;
  try {
    return partView(a, 0, 'real');
  } finally {
    if (a !== val) a.dispose();
  }
}

const IMAG: SigRef = { sig: 'numpy.imag: imag(val: ArrayInput) -> NDArray' };
/**
 * The imaginary part (NumPy's `np.imag`): for a complex array, a view of its imaginary parts that
 * writes through; for any other array, zeros of its shape and dtype (a new array, as NumPy's
 * read-only zeros).
 */
// @overloads IMAG
export function imag(val: ArrayInput): NDArray;
// @end
export function imag(...args: unknown[]): NDArray {
  const [val] = args.length === 1 ? args : bind(IMAG, args);
  const a = asArray('imag', val, undefined, 'val');
  try {
    if (!isComplex(a.dtype)) return zeros(a.shape, a.dtype);
    const v = partView(a, 1, 'imag');
    return a === val ? v : v.copy();
  } finally {
    if (a !== val) a.dispose();
  }
}

/** True when shape `a` broadcasts to `t` (NumPy's rule, right-aligned). */
function broadcastsTo(a: readonly number[], t: readonly number[]): boolean {
  if (a.length > t.length) return false;
  for (let i = 1; i <= a.length; i++) {
    const x = a[a.length - i]!;
    if (x !== 1 && x !== t[t.length - i]) return false;
  }
  return true;
}

function conjImpl(op: string, x: unknown, out: NDArray | undefined, dtype: DType | undefined): NDArray {
  const a = asArray(op, x, undefined, 'x');
  try {
    const rdt = dtype ?? a.dtype;
    if (isComplex(a.dtype) || isComplex(rdt)) needFamily(op, COMPLEX);
    let r: NDArray;
    if (out !== undefined) {
      r = checkOut(op, out, rdt); // disposed, read-only, same_kind casting
      if (!broadcastsTo(a.shape, r.shape)) {
        throw new StrideViewError('shape_mismatch', `${op}: out has shape ${fmt(r.shape)} but the operands broadcast to ${fmt(a.shape)}`);
      }
      kernelCopy(r, a);
    } else {
      r = a._materialize(op, rdt);
    }
    if (isComplex(a.dtype) && isComplex(r.dtype)) {
      const im = partView(r, 1, op); // the imaginary parts negated in place
      try {
        neg(im, im);
      } finally {
        im.dispose();
      }
    }
    return r;
  } catch (e) {
    throw relabel(op, e);
  } finally {
    if (a !== x) a.dispose();
  }
}

const CONJ: SigRef = { sig: 'numpy.conjugate: conj(@ufunc1) -> NDArray' };
/** The complex conjugate, elementwise (NumPy's `np.conj`): the imaginary parts negated; a copy of a real array. */
// @overloads CONJ
export function conj(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function conj(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function conj(...args: unknown[]): NDArray {
  if (args.length === 1) return conjImpl('conj', args[0], undefined, undefined);
  return ufunc(CONJ, args, 1, 'any', (x, o, d) => conjImpl('conj', x[0], o, d));
}

const CONJUGATE: SigRef = { sig: 'numpy.conjugate: conjugate(@ufunc1) -> NDArray' };
/** {@link conj}'s other name (NumPy's `np.conjugate`). */
// @overloads CONJUGATE
export function conjugate(x: ArrayInput, options?: { out?: NDArray | readonly [NDArray] | null | undefined; where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
export function conjugate(x: ArrayInput, out?: NDArray | readonly [NDArray] | null, options?: { where?: ArrayInput | undefined; casting?: Casting | undefined; order?: Order | undefined; dtype?: DTypeArg | null | undefined; subok?: boolean | undefined }): NDArray;
// @end
export function conjugate(...args: unknown[]): NDArray {
  if (args.length === 1) return conjImpl('conjugate', args[0], undefined, undefined);
  return ufunc(CONJUGATE, args, 1, 'any', (x, o, d) => conjImpl('conjugate', x[0], o, d));
}

const ANGLE: SigRef = { sig: 'numpy.angle: angle(z: ArrayInput, deg: boolean = false) -> NDArray' };
/**
 * The angle of each complex value, `arctan2(imag, real)` (radians in (-pi, pi]; degrees with
 * `deg`): float32 for complex64, float64 for complex128 and real inputs (0 or pi).
 */
// @overloads ANGLE
export function angle(z: ArrayInput, options?: { deg?: boolean | undefined }): NDArray;
export function angle(z: ArrayInput, deg?: boolean): NDArray;
// @end
export function angle(...args: unknown[]): NDArray {
  const [z, deg] = bind(ANGLE, args);
  if (typeof deg !== 'boolean') throw new TypeError(`angle: deg must be a boolean, got ${fmt(deg)}`);
  const a = asArray('angle', z, undefined, 'z');
  try {
    let r: NDArray;
    if (isComplex(a.dtype)) {
      const re = partView(a, 0, 'angle');
      const im = partView(a, 1, 'angle');
      try {
        r = arctan2(im, re);
      } finally {
        re.dispose();
        im.dispose();
      }
    } else {
      r = arctan2(0, info(a.dtype).kind === 'f' ? a : a.astype('float64'));
    }
    if (!deg) return r;
    try {
      return mul(r, 180 / Math.PI);
    } finally {
      r.dispose();
    }
  } catch (e) {
    throw relabel('angle', e);
  } finally {
    if (a !== z) a.dispose();
  }
}

const ISCOMPLEX: SigRef = { sig: 'numpy.iscomplex: iscomplex(x: ArrayInput) -> NDArray' };
/** Elementwise: true where the imaginary part is nonzero (false everywhere for a real array). */
// @overloads ISCOMPLEX
export function iscomplex(x: ArrayInput): NDArray;
// @end
export function iscomplex(...args: unknown[]): NDArray {
  const [x] = args.length === 1 ? args : bind(ISCOMPLEX, args);
  const a = asArray('iscomplex', x, undefined, 'x');
  try {
    if (!isComplex(a.dtype)) return zeros(a.shape, 'bool');
    const im = partView(a, 1, 'iscomplex');
    try {
      return notEqual(im, 0);
    } finally {
      im.dispose();
    }
  } finally {
    if (a !== x) a.dispose();
  }
}

const ISREAL: SigRef = { sig: 'numpy.isreal: isreal(x: ArrayInput) -> NDArray' };
/** Elementwise: true where the imaginary part is zero (true everywhere for a real array). */
// @overloads ISREAL
export function isreal(x: ArrayInput): NDArray;
// @end
export function isreal(...args: unknown[]): NDArray {
  const [x] = args.length === 1 ? args : bind(ISREAL, args);
  const a = asArray('isreal', x, undefined, 'x');
  try {
    if (!isComplex(a.dtype)) {
      const z = zeros(a.shape, 'bool');
      try {
        return equal(z, false);
      } finally {
        z.dispose();
      }
    }
    const im = partView(a, 1, 'isreal');
    try {
      return equal(im, 0);
    } finally {
      im.dispose();
    }
  } finally {
    if (a !== x) a.dispose();
  }
}

const ISCOMPLEXOBJ: SigRef = { sig: 'numpy.iscomplexobj: iscomplexobj(x: ArrayInput) -> x is NDArray<ComplexDType> | Exclude<ArrayInput, NDArray>' };
/**
 * True when x has a complex dtype (or, for JS values, holds a complex value). A type guard: after
 * `if (iscomplexobj(z))`, `sum(z)` is typed {@link Complex}.
 */
// @overloads ISCOMPLEXOBJ
export function iscomplexobj(x: ArrayInput): x is NDArray<ComplexDType> | Exclude<ArrayInput, NDArray>;
// @end
export function iscomplexobj(...args: unknown[]): boolean {
  const [x] = args.length === 1 ? args : bind(ISCOMPLEXOBJ, args);
  return complexObj('iscomplexobj', x);
}

/** The dtype test of iscomplexobj / isrealobj (errors name `op`). */
function complexObj(op: string, x: unknown): boolean {
  if (x instanceof NDArray) {
    x._check(op);
    return isComplex(x.dtype);
  }
  const a = asArray(op, x, undefined, 'x');
  try {
    return isComplex(a.dtype);
  } finally {
    a.dispose();
  }
}

const ISREALOBJ: SigRef = { sig: 'numpy.isrealobj: isrealobj(x: ArrayInput) -> boolean' };
/** True when x does not have a complex dtype. */
// @overloads ISREALOBJ
export function isrealobj(x: ArrayInput): boolean;
// @end
export function isrealobj(...args: unknown[]): boolean {
  const [x] = args.length === 1 ? args : bind(ISREALOBJ, args);
  return !complexObj('isrealobj', x);
}

const REAL_IF_CLOSE: SigRef = { sig: 'numpy.real_if_close: realIfClose(a: ArrayInput, tol: number = 100) -> NDArray' };
/**
 * The real parts (a copy) when every imaginary part is within `tol` machine epsilons of zero (`tol`
 * above 1), or within `tol` itself (`tol` at most 1); otherwise `a` unchanged.
 */
// @overloads REAL_IF_CLOSE
export function realIfClose(a: ArrayInput, options?: { tol?: number | undefined }): NDArray;
export function realIfClose(a: ArrayInput, tol?: number): NDArray;
// @end
export function realIfClose(...args: unknown[]): NDArray {
  const [x, tolV] = bind(REAL_IF_CLOSE, args);
  if (typeof tolV !== 'number' || Number.isNaN(tolV)) throw new TypeError(`realIfClose: tol must be a number, got ${fmt(tolV)}`);
  const a = asArray('realIfClose', x, undefined, 'a');
  if (!isComplex(a.dtype)) return a;
  const eps = a.dtype === 'complex64' ? 2 ** -23 : 2 ** -52;
  const tol = tolV > 1 ? tolV * eps : tolV;
  const im = partView(a, 1, 'realIfClose');
  try {
    const m = abs(im);
    let small: boolean;
    try {
      const le = lessEqual(m, tol); // NaN parts: false
      try {
        small = all(le);
      } finally {
        le.dispose();
      }
    } finally {
      m.dispose();
    }
    if (!small) return a;
    const re = partView(a, 0, 'realIfClose');
    try {
      return re.copy();
    } finally {
      re.dispose();
      if (a !== x) a.dispose();
    }
  } finally {
    im.dispose();
  }
}

const VDOT: SigRef = { sig: 'numpy.vdot: vdot(a: ArrayInput, b: ArrayInput, /) -> number | Complex' };
/**
 * The dot product of the flattened arrays with the first one conjugated (NumPy's `np.vdot`):
 * `sum(conj(a.ravel()) * b.ravel())`. Both must have the same number of elements (any shapes). A JS
 * value: a {@link Complex} for complex operands, a number otherwise (a boolean for bool ones).
 */
// @overloads VDOT
export function vdot(a: ArrayInput, b: ArrayInput): number | Complex;
// @end
export function vdot(...args: unknown[]): number | Complex {
  const op = 'vdot';
  const [a, b] = args.length === 2 ? args : bind(VDOT, args);
  const x = asArray(op, a, undefined, 'a');
  const temps: NDArray[] = [];
  try {
    const y = asArray(op, b, undefined, 'b');
    if (y !== b) temps.push(y);
    if (x.size !== y.size) {
      throw new StrideViewError('shape_mismatch', `${op}: a has ${x.size} elements (shape ${fmt(x.shape)}) and b has ${y.size} (shape ${fmt(y.shape)}): vdot flattens both and needs the same number`);
    }
    const xc = isComplex(x.dtype) ? conjImpl(op, x, undefined, undefined) : x.copy();
    temps.push(xc);
    const yc = y.copy();
    temps.push(yc);
    const xr = xc.reshape([x.size]);
    temps.push(xr);
    const yr = yc.reshape([y.size]);
    temps.push(yr);
    return matmul(xr, yr) as unknown as number | Complex;
  } catch (e) {
    throw relabel(op, e);
  } finally {
    for (const t of temps.reverse()) t.dispose();
    if (x !== a) x.dispose();
  }
}
