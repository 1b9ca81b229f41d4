// What every Generator method shares (random.ts, random_continuous.ts, random_discrete.ts): the
// call into WebAssembly with the generator's state, the result array (new, or `out`), and NumPy's
// handling of distribution parameters: each parameter a scalar or an array (nested JS arrays and
// NDArrays), checked as NumPy checks it before anything is drawn, broadcast together and to `size`,
// then one draw per output element in C order with that element's parameters.
import { type DType, type Scalar, info } from './dtype.js';
import { StrideViewError, fmt, isArrayLike, relabel } from './errors.js';
import { NDArrayClass } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import { asArray } from './creation.js';
import { Shape } from './shape.js';
import { directAddress, intScalar, numel, sizeArg } from './random_params.js';
import { PCG64, RESULT, exAddr, exF32, exF64, exU32, exchange, raw, readInt } from './random_pcg64.js';

/** @internal sv_rng_fill's kinds (bindings/random.cpp, enum Kind). */
export const enum K {
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

/** @internal sv_rng_dist's kinds (bindings/random.cpp, enum Dist). */
export const enum D {
  Exponential = 0,
  Gamma,
  Beta,
  Chisquare,
  F,
  NoncentralChisquare,
  NoncentralF,
  StandardT,
  StandardCauchy,
  Lognormal,
  Laplace,
  Logistic,
  Gumbel,
  Weibull,
  Rayleigh,
  Pareto,
  Power,
  Vonmises,
  Wald,
  Triangular,
  StdExp,
  StdExpInv,
  StdGamma,
  StdExpF = 23,
  StdExpInvF,
  StdGammaF,
  Poisson = 26,
  Binomial,
  NegativeBinomial,
  Geometric,
  Hypergeometric,
  Logseries,
  Zipf,
  Multinomial = 33,
  MvhgCount,
  MvhgMarginals,
  Dirichlet,
}

interface DistRaw {
  _sv_rng_fill(kind: number, out: number, n: number): number;
  _sv_rng_dist(kind: number, out: number, n: number): number;
}

/**
 * NumPy's parameter constraints (numpy/random/_common.pyx): what each value must satisfy, and
 * NumPy's message when it does not (NaN passes where NumPy lets it through).
 */
export const enum Cons {
  None,
  NonNegative, // not < 0 (-0 counts as negative; NaN passes)
  Positive, // > 0 (NaN passes)
  PositiveNotNan, // > 0, not NaN
  Bounded01, // in [0, 1]
  BoundedGt01, // in (0, 1]
  BoundedLt01, // in [0, 1)
  Gt1, // > 1
  Poisson, // in [0, POISSON_LAM_MAX]
}

/** NumPy's largest Poisson mean (POISSON_LAM_MAX: int64 max less 10 standard deviations). */
export const POISSON_LAM_MAX = 9.223372006484771e18;

/** @internal Whether x breaks constraint c; NumPy's message for it. */
function broken(c: Cons, name: string, x: number): string | null {
  switch (c) {
    case Cons.NonNegative:
      return !Number.isNaN(x) && (x < 0 || Object.is(x, -0)) ? `${name} < 0` : null;
    case Cons.Positive:
      return x <= 0 ? `${name} <= 0` : null;
    case Cons.PositiveNotNan:
      return Number.isNaN(x) ? `${name} must not be NaN` : x <= 0 ? `${name} <= 0` : null;
    case Cons.Bounded01:
      return x >= 0 && x <= 1 ? null : `${name} < 0, ${name} > 1 or ${name} is NaN`;
    case Cons.BoundedGt01:
      return x > 0 && x <= 1 ? null : `${name} <= 0, ${name} > 1 or ${name} is NaN`;
    case Cons.BoundedLt01:
      return x >= 0 && x < 1 ? null : `${name} < 0, ${name} >= 1 or ${name} is NaN`;
    case Cons.Gt1:
      return x > 1 ? null : `${name} <= 1 or ${name} is NaN`;
    case Cons.Poisson:
      return !(x >= 0) ? `${name} < 0 or ${name} is NaN` : x > POISSON_LAM_MAX ? `${name} value too large` : null;
    default:
      return null;
  }
}

/** One parameter of a distribution: its name, NumPy's constraint, and whether it is an integer (int64 in NumPy). */
export interface ParamSpec {
  name: string;
  cons: Cons;
  int?: boolean;
}

/** @internal A parameter after conversion: a number, or a float64 array (owned when `own`). */
export interface Param {
  spec: ParamSpec;
  value: number;
  arr: NDArray | null;
  own: boolean;
}

const INT_MAX_EXACT = 9007199254740991;

/** @internal Converts one parameter (a number, bigint, boolean, nested JS array or NDArray). */
export function param(op: string, spec: ParamSpec, v: unknown): Param {
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') {
    const x = Number(v);
    if (spec.int) {
      if (!Number.isInteger(x)) throw new TypeError(`${op}: ${spec.name} must be an integer, got ${fmt(v)}`);
      if (Math.abs(x) > INT_MAX_EXACT || (typeof v === 'bigint' && BigInt(x) !== v)) {
        throw new RangeError(`${op}: ${spec.name} ${fmt(v)} is beyond 2^53 - 1, the largest count supported`);
      }
    }
    return { spec, value: x, arr: null, own: false };
  }
  if (v instanceof NDArrayClass || isArrayLike(v)) {
    const given = v instanceof NDArrayClass ? v : null;
    if (given) given._check(op);
    const src = given ?? asArray(op, v, undefined, spec.name);
    try {
      const kind = info(src.dtype).kind;
      if (kind === 'c') throw new TypeError(`${op}: ${spec.name} must be real, got an array of dtype ${src.dtype}`);
      // an NDArray of floats is refused (NumPy: no safe cast to int64); JS numbers must be integers
      if (spec.int && kind === 'f' && given) {
        throw new TypeError(`${op}: ${spec.name} must hold integers, got an array of dtype ${src.dtype} (NumPy: cannot cast safely to int64)`);
      }
      const arr = src.astype('float64');
      if (src !== given) src.dispose();
      if (spec.int) {
        const ta = arr.size === 0 ? new Float64Array(0) : (arr.toTypedArray() as Float64Array);
        for (let i = 0; i < ta.length; i++) {
          const x = ta[i]!;
          if (Number.isInteger(x) && Math.abs(x) <= INT_MAX_EXACT) continue;
          arr.dispose();
          if (!Number.isInteger(x)) throw new TypeError(`${op}: ${spec.name} must hold integers, got ${x} at flat index ${i}`);
          throw new RangeError(`${op}: ${spec.name} ${x} (flat index ${i}) is beyond 2^53 - 1, the largest count supported`);
        }
      }
      return { spec, value: NaN, arr, own: true };
    } catch (e) {
      if (src !== given && !src._disposed) src.dispose();
      throw e;
    }
  }
  throw new TypeError(`${op}: ${spec.name} must be a number or an array of numbers, got ${fmt(v)}`);
}

/** @internal Checks a parameter as NumPy does (a scalar, or every element of an array). */
export function checkParam(op: string, p: Param): void {
  if (p.spec.cons === Cons.None) return;
  if (p.arr === null) {
    const m = broken(p.spec.cons, p.spec.name, p.value);
    if (m) throw new StrideViewError('invalid_argument', `${op}: ${m} (${p.spec.name} ${fmtNum(p.value)})`);
    return;
  }
  const ta = p.arr.size === 0 ? new Float64Array(0) : (p.arr.toTypedArray() as Float64Array);
  for (let i = 0; i < ta.length; i++) {
    const m = broken(p.spec.cons, p.spec.name, ta[i]!);
    if (m) throw new StrideViewError('invalid_argument', `${op}: ${m} (${fmtNum(ta[i]!)} at flat index ${i})`);
  }
}

const fmtNum = (x: number): string => (Object.is(x, -0) ? '-0' : String(x));

/** @internal The values of a parameter, for the extra checks of a few methods: a scalar or the array's elements. */
export function values(p: Param): Float64Array {
  if (p.arr === null) return Float64Array.of(p.value);
  return p.arr.size === 0 ? new Float64Array(0) : (p.arr.toTypedArray() as Float64Array);
}

/**
 * @internal The parameters' values over their broadcast shape, in C order (a scalar stays one
 * value: read them with {@link at}), for the checks that pair elements (triangular's order, ...).
 */
export function broadcastValues(op: string, ps: readonly Param[]): Float64Array[] {
  const shape = drawShape(op, ps, null);
  return ps.map((q) => {
    if (q.arr === null) return Float64Array.of(q.value);
    const b = q.arr.broadcastTo(shape);
    try {
      return values({ ...q, arr: b });
    } finally {
      b.dispose();
    }
  });
}

/** @internal Element i of broadcastValues' array (a single value serves every i). */
export const at = (v: Float64Array, i: number): number => v[v.length === 1 ? 0 : i]!;

/** @internal Releases the converted parameters. */
export function release(ps: readonly Param[]): void {
  for (const p of ps) if (p.own && p.arr && !p.arr._disposed) p.arr.dispose();
}

/**
 * @internal The shape of the draws: `size` when given (the parameters must broadcast to it), else
 * the parameters' broadcast shape.
 */
export function drawShape(op: string, ps: readonly Param[], size: number[] | null): number[] {
  let b: number[] = [];
  for (const p of ps) {
    if (p.arr === null) continue;
    try {
      b = Shape.broadcast(b, p.arr.shape);
    } catch {
      throw new StrideViewError('shape_mismatch', `${op}: the parameters cannot be broadcast together (${ps.filter((q) => q.arr).map((q) => `${q.spec.name} ${fmt(q.arr!.shape)}`).join(', ')})`);
    }
  }
  if (size === null) return b;
  let both: number[] | null;
  try {
    both = Shape.broadcast(size, b);
  } catch {
    both = null;
  }
  if (both === null || both.length !== size.length || both.some((d, i) => d !== size[i])) {
    throw new StrideViewError('shape_mismatch', `${op}: size ${fmt(size)} is not compatible with the parameters' broadcast shape ${fmt(b)}`);
  }
  return size.slice();
}

/**
 * The state and the draws every method shares. Not made directly: {@link Generator} (made by
 * `defaultRng`) is the class users see; its methods are spread over three files by topic.
 */
export class GeneratorBase {
  /** The bit generator (NumPy's `Generator.bit_generator`); its `state` can be read and restored. */
  readonly bitGenerator: PCG64;

  /** @internal */
  constructor(bitGenerator: PCG64) {
    this.bitGenerator = bitGenerator;
  }

  /** @internal Runs one fill (sv_rng_fill, or sv_rng_dist when dist) with this generator's state. */
  _run(op: string, kind: number, out: number, n: number, dist = false): void {
    const m = raw() as unknown as DistRaw;
    exchange();
    exU32.set(this.bitGenerator._w, 0);
    const code = dist ? m._sv_rng_dist(kind, out, n) : m._sv_rng_fill(kind, out, n);
    exchange(); // memory may have grown (choice's work arrays)
    this.bitGenerator._w.set(exU32.subarray(0, 10));
    if (code === 1) throw new StrideViewError('out_of_memory', `${op}: out of memory for ${n} draws`);
    if (code !== 0) throw new StrideViewError('invalid_argument', `${op}: unknown draw kind ${kind}`);
  }

  /** @internal A new array of `shape` filled by one call; `out` (checked) when given. */
  _fillArray(op: string, kind: number, dtype: DType, shape: number[] | null, out: NDArray | undefined, dist = false): NDArray {
    let target: NDArray;
    if (out !== undefined) {
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
        if (n > 0) this._run(op, kind, addr, n, dist);
      } catch (e) {
        if (target !== out) target.dispose();
        throw e;
      }
      return target;
    }
    // Any other strides (NumPy refuses them): the values in C order, written through the view.
    const tmp = NDArrayClass._empty(op, target.shape, dtype);
    try {
      if (n > 0) this._run(op, kind, tmp._s.ptr, n, dist);
      target.assign(tmp);
    } finally {
      tmp.dispose();
    }
    return target;
  }

  /** @internal One scalar drawn into the exchange block's result slot. */
  _scalar(op: string, kind: number, dtype: DType, dist = false): Scalar {
    this._run(op, kind, exAddr + RESULT, 1, dist);
    exchange();
    switch (dtype) {
      case 'float64':
        return exF64[4]!;
      case 'float32':
        return exF32[0]!;
      default:
        return intScalar(readInt(dtype));
    }
  }

  /**
   * @internal One distribution with NumPy's parameter handling (`cont` / `disc` of _common.pyx):
   * scalars without `size` (and `out`) give one number; otherwise an array of the broadcast shape
   * (or `out`), each draw with its element's parameters. `check` runs a method's own extra checks
   * on the converted parameters (after NumPy's constraints).
   */
  _dist(
    op: string,
    kind: D,
    dtype: 'float64' | 'float32' | 'int64',
    specs: readonly ParamSpec[],
    args: readonly unknown[],
    size: unknown,
    check?: (ps: Param[]) => void,
    out?: NDArray,
  ): number | NDArray {
    const ps: Param[] = [];
    const full: NDArray[] = [];
    try {
      // the types of every argument first (NumPy's conversions), then the values
      for (let i = 0; i < specs.length; i++) ps.push(param(op, specs[i]!, args[i]));
      let shape = sizeArg(op, size);
      for (const p of ps) checkParam(op, p);
      check?.(ps);
      if (out !== undefined) {
        out._check(`${op}: out`);
        if (shape !== null && (shape.length !== out.ndim || shape.some((d, i) => d !== out.shape[i]))) {
          throw new StrideViewError('shape_mismatch', `${op}: size ${fmt(shape)} does not match out's shape ${fmt(out.shape)}`);
        }
        shape = out.shape.slice();
      }
      if (ps.every((p) => p.arr === null || p.arr.ndim === 0)) {
        exchange();
        ps.forEach((p, k) => {
          exU32[10 + k] = 0;
          exF64[k] = p.arr === null ? p.value : (p.arr.item() as number);
        });
        if (shape === null) return this._scalar(op, kind, dtype, true) as number;
        return this._fillArray(op, kind, dtype, shape, out, true);
      }
      const to = drawShape(op, ps, shape);
      // each array parameter as one float64 value per draw (C order)
      for (const p of ps) if (p.arr) full.push(p.arr.broadcastTo(to).copy());
      exchange();
      let j = 0;
      ps.forEach((p, k) => {
        exU32[10 + k] = p.arr === null ? 0 : 1;
        exF64[k] = p.arr === null ? p.value : directAddress(full[j++]!)!;
      });
      return this._fillArray(op, kind, dtype, to, out, true);
    } catch (e) {
      throw relabel(op, e);
    } finally {
      for (const f of full) f.dispose();
      release(ps);
    }
  }
}
