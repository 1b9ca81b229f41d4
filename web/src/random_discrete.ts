// Generator's discrete and multivariate distributions (NumPy 1.24's Generator methods of the same
// names): the draws run in C++ (src/random/discrete.cpp, continuous.cpp for dirichlet) in NumPy's
// order, so the same seed gives NumPy's numbers; multivariateNormal composes standardNormal with
// numpy.linalg's factorisations, as NumPy does.
import type { NDArray } from './ndarray.js';
import type { ArrayInput } from './ops.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { info } from './dtype.js';
import { NDArrayClass } from './kernel_client.js';
import { asArray } from './creation.js';
import { Shape } from './shape.js';
import { type ParamDrawn, type RandomSize, directAddress, numel, sizeArg } from './random_params.js';
import { Cons, D, K, POISSON_LAM_MAX, type Param, type ParamSpec, at, broadcastValues, checkParam, param } from './random_base.js';
import { ContinuousDraws } from './random_continuous.js';
import { exF64, exU32, exchange } from './random_pcg64.js';
import { heapBuffer } from './runtime.js';
import { fromTypedArray } from './creation.js';
import { add } from './ops.js';
import { matmul } from './linalg.js';
import { cholesky } from './linalg_solve.js';
import { eigh, svd } from './linalg_decomp.js';
import { type SigRef, bind, unsupported } from './signature.js';

// NumPy 1.24's signatures (see random.ts: made at the first call, not at load).
function declare() {
  const RNG_POISSON: SigRef = { sig: 'numpy.random.Generator.poisson: Generator.poisson(lam: ArrayInput = 1, size: RandomSize = null) -> ParamDrawn<$P[lam, size], "lam">' };
  const RNG_BINOMIAL: SigRef = { sig: 'numpy.random.Generator.binomial: Generator.binomial(n: ArrayInput, p: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[n!, p!, size], "n", "p">' };
  const RNG_NEGATIVE_BINOMIAL: SigRef = { sig: 'numpy.random.Generator.negative_binomial: Generator.negativeBinomial(n: ArrayInput, p: ArrayInput, ' +
      'size: RandomSize = null) -> ParamDrawn<$P[n!, p!, size], "n", "p">' };
  const RNG_GEOMETRIC: SigRef = { sig: 'numpy.random.Generator.geometric: Generator.geometric(p: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[p!, size], "p">' };
  const RNG_HYPERGEOMETRIC: SigRef = { sig: 'numpy.random.Generator.hypergeometric: Generator.hypergeometric(ngood: ArrayInput, nbad: ArrayInput, ' +
      'nsample: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[ngood!, nbad!, nsample!, size], "ngood", "nbad", "nsample">' };
  const RNG_LOGSERIES: SigRef = { sig: 'numpy.random.Generator.logseries: Generator.logseries(p: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[p!, size], "p">' };
  const RNG_ZIPF: SigRef = { sig: 'numpy.random.Generator.zipf: Generator.zipf(a: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[a!, size], "a">' };
  const RNG_MULTINOMIAL: SigRef = { sig: 'numpy.random.Generator.multinomial: Generator.multinomial(n: ArrayInput, pvals: ArrayInput, size: RandomSize = null) -> NDArray' };
  const RNG_MVHG: SigRef = { sig: 'numpy.random.Generator.multivariate_hypergeometric: Generator.multivariateHypergeometric(colors: ArrayInput, ' +
      'nsample: number, size: RandomSize = null, method: "marginals" | "count" = "marginals") -> NDArray' };
  const RNG_DIRICHLET: SigRef = { sig: 'numpy.random.Generator.dirichlet: Generator.dirichlet(alpha: ArrayInput, size: RandomSize = null) -> NDArray' };
  const RNG_MVN: SigRef = { sig: 'numpy.random.Generator.multivariate_normal: Generator.multivariateNormal(mean: ArrayInput, cov: ArrayInput, ' +
      'size: RandomSize = null, checkValid: "warn" | "raise" | "ignore" = "warn", tol: number = 1e-8, *, method: "svd" | "eigh" | "cholesky" = "svd") -> NDArray' };
  return { RNG_POISSON, RNG_BINOMIAL, RNG_NEGATIVE_BINOMIAL, RNG_GEOMETRIC, RNG_HYPERGEOMETRIC, RNG_LOGSERIES, RNG_ZIPF, RNG_MULTINOMIAL, RNG_MVHG, RNG_DIRICHLET, RNG_MVN };
}
let declared: ReturnType<typeof declare> | undefined;
const S = (): ReturnType<typeof declare> => (declared ??= declare());

const p = (name: string, cons: Cons, int = false): ParamSpec => ({ name, cons, int });
const HYPERGEOM_MAX = 1e9;
const INT64_MAX = 9223372036854775807n;

/** A 1-d float64 (or int64) copy of a vector argument, C-contiguous; the caller disposes it. */
function vector(op: string, name: string, v: unknown, dtype: 'float64' | 'int64'): NDArray {
  const a = asArray(op, v, undefined, name);
  try {
    if (info(a.dtype).kind === 'c') throw new TypeError(`${op}: ${name} must be real, got an array of dtype ${a.dtype}`);
    return a.astype(dtype);
  } finally {
    if (a !== v) a.dispose();
  }
}

/** The extra shape of a vector draw: `size` then the vector's length (NumPy: size + (k,)). */
function vectorShape(op: string, size: unknown, k: number): number[] {
  const s = sizeArg(op, size);
  return s === null ? [k] : [...s, k];
}

/** The discrete and multivariate distributions of {@link Generator} (the class users see: made by `defaultRng`). */
export class DiscreteDraws extends ContinuousDraws {
  /** Poisson draws of mean `lam` (NumPy's `poisson(lam=1.0, size=None)`; int64). */
  // @overloads member RNG_POISSON
  poisson<O extends { lam?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "lam">;
  poisson<TLam extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(lam?: TLam, options?: O): ParamDrawn<{ lam: TLam } & O, "lam">;
  poisson<TLam extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(lam?: TLam, size?: TSize): ParamDrawn<{ lam: TLam; size: TSize } & {}, "lam">;
  // @end
  poisson(...args: unknown[]): number | NDArray {
    const [lam, size] = bind(S().RNG_POISSON, args);
    return this._dist('Generator.poisson', D.Poisson, 'int64', [p('lam', Cons.Poisson)], [lam], size);
  }

  /** Binomial draws: successes in `n` trials of probability `p` (NumPy's `binomial(n, p, size=None)`; int64). */
  // @overloads member RNG_BINOMIAL
  binomial<TN extends ArrayInput, TP extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(n: TN, p: TP, options?: O): ParamDrawn<{ n: TN; p: TP } & O, "n", "p">;
  binomial<TN extends ArrayInput, TP extends ArrayInput, TSize extends RandomSize | undefined = undefined>(n: TN, p: TP, size?: TSize): ParamDrawn<{ n: TN; p: TP; size: TSize } & {}, "n", "p">;
  // @end
  binomial(...args: unknown[]): number | NDArray {
    const [n, pr, size] = bind(S().RNG_BINOMIAL, args);
    return this._dist('Generator.binomial', D.Binomial, 'int64', [p('n', Cons.NonNegative, true), p('p', Cons.Bounded01)], [n, pr], size);
  }

  /**
   * Negative binomial draws: failures before the `n`-th success of probability `p` (NumPy's
   * `negative_binomial(n, p, size=None)`; `n` may be fractional; int64).
   */
  // @overloads member RNG_NEGATIVE_BINOMIAL
  negativeBinomial<TN extends ArrayInput, TP extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(n: TN, p: TP, options?: O): ParamDrawn<{ n: TN; p: TP } & O, "n", "p">;
  negativeBinomial<TN extends ArrayInput, TP extends ArrayInput, TSize extends RandomSize | undefined = undefined>(n: TN, p: TP, size?: TSize): ParamDrawn<{ n: TN; p: TP; size: TSize } & {}, "n", "p">;
  // @end
  negativeBinomial(...args: unknown[]): number | NDArray {
    const op = 'Generator.negativeBinomial';
    const [n, pr, size] = bind(S().RNG_NEGATIVE_BINOMIAL, args);
    const check = (ps: Param[]): void => {
      const [nv, pv] = broadcastValues(op, ps) as [Float64Array, Float64Array];
      const len = Math.max(nv.length, pv.length);
      for (let i = 0; i < len; i++) {
        if (((1 - at(pv, i)) / at(pv, i)) * (at(nv, i) + 10 * Math.sqrt(at(nv, i))) > POISSON_LAM_MAX) {
          throw new StrideViewError('invalid_argument', `${op}: n too large or p too small (n ${at(nv, i)}, p ${at(pv, i)}): the Poisson mean could pass ${POISSON_LAM_MAX}`);
        }
      }
    };
    return this._dist(op, D.NegativeBinomial, 'int64', [p('n', Cons.PositiveNotNan), p('p', Cons.BoundedGt01)], [n, pr], size, check);
  }

  /** Geometric draws: trials to the first success of probability `p` (NumPy's `geometric(p, size=None)`; int64). */
  // @overloads member RNG_GEOMETRIC
  geometric<TP extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(p: TP, options?: O): ParamDrawn<{ p: TP } & O, "p">;
  geometric<TP extends ArrayInput, TSize extends RandomSize | undefined = undefined>(p: TP, size?: TSize): ParamDrawn<{ p: TP; size: TSize } & {}, "p">;
  // @end
  geometric(...args: unknown[]): number | NDArray {
    const [pr, size] = bind(S().RNG_GEOMETRIC, args);
    return this._dist('Generator.geometric', D.Geometric, 'int64', [p('p', Cons.BoundedGt01)], [pr], size);
  }

  /**
   * Hypergeometric draws: good items among `nsample` drawn without replacement from `ngood` good
   * and `nbad` bad ones (NumPy's `hypergeometric(ngood, nbad, nsample, size=None)`; int64;
   * ngood and nbad below 10^9).
   */
  // @overloads member RNG_HYPERGEOMETRIC
  hypergeometric<TNgood extends ArrayInput, TNbad extends ArrayInput, TNsample extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(ngood: TNgood, nbad: TNbad, nsample: TNsample, options?: O): ParamDrawn<{ ngood: TNgood; nbad: TNbad; nsample: TNsample } & O, "ngood", "nbad", "nsample">;
  hypergeometric<TNgood extends ArrayInput, TNbad extends ArrayInput, TNsample extends ArrayInput, TSize extends RandomSize | undefined = undefined>(ngood: TNgood, nbad: TNbad, nsample: TNsample, size?: TSize): ParamDrawn<{ ngood: TNgood; nbad: TNbad; nsample: TNsample; size: TSize } & {}, "ngood", "nbad", "nsample">;
  // @end
  hypergeometric(...args: unknown[]): number | NDArray {
    const op = 'Generator.hypergeometric';
    const [ngood, nbad, nsample, size] = bind(S().RNG_HYPERGEOMETRIC, args);
    const specs = [p('ngood', Cons.NonNegative, true), p('nbad', Cons.NonNegative, true), p('nsample', Cons.NonNegative, true)];
    const check = (ps: Param[]): void => {
      const [g, b, s] = broadcastValues(op, ps) as [Float64Array, Float64Array, Float64Array];
      const n = Math.max(g.length, b.length, s.length);
      for (let i = 0; i < n; i++) {
        if (at(g, i) >= HYPERGEOM_MAX || at(b, i) >= HYPERGEOM_MAX) {
          throw new StrideViewError('invalid_argument', `${op}: both ngood and nbad must be less than 1000000000 (ngood ${at(g, i)}, nbad ${at(b, i)})`);
        }
      }
      for (let i = 0; i < n; i++) {
        if (at(g, i) + at(b, i) < at(s, i)) {
          throw new StrideViewError('invalid_argument', `${op}: ngood + nbad < nsample (ngood ${at(g, i)}, nbad ${at(b, i)}, nsample ${at(s, i)})`);
        }
      }
    };
    return this._dist(op, D.Hypergeometric, 'int64', specs, [ngood, nbad, nsample], size, check);
  }

  /** Logarithmic series draws (NumPy's `logseries(p, size=None)`; 0 <= p < 1; int64). */
  // @overloads member RNG_LOGSERIES
  logseries<TP extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(p: TP, options?: O): ParamDrawn<{ p: TP } & O, "p">;
  logseries<TP extends ArrayInput, TSize extends RandomSize | undefined = undefined>(p: TP, size?: TSize): ParamDrawn<{ p: TP; size: TSize } & {}, "p">;
  // @end
  logseries(...args: unknown[]): number | NDArray {
    const [pr, size] = bind(S().RNG_LOGSERIES, args);
    return this._dist('Generator.logseries', D.Logseries, 'int64', [p('p', Cons.BoundedLt01)], [pr], size);
  }

  /** Zipf draws of exponent `a` > 1 (NumPy's `zipf(a, size=None)`; int64). */
  // @overloads member RNG_ZIPF
  zipf<TA extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(a: TA, options?: O): ParamDrawn<{ a: TA } & O, "a">;
  zipf<TA extends ArrayInput, TSize extends RandomSize | undefined = undefined>(a: TA, size?: TSize): ParamDrawn<{ a: TA; size: TSize } & {}, "a">;
  // @end
  zipf(...args: unknown[]): number | NDArray {
    const [a, size] = bind(S().RNG_ZIPF, args);
    return this._dist('Generator.zipf', D.Zipf, 'int64', [p('a', Cons.Gt1)], [a], size);
  }

  /**
   * @internal num vectors of k entries drawn into out by one call (the vector kinds of
   * bindings/random.cpp): params[i] = [a value, or an address with 1]; out is disposed on an error.
   */
  private _drawVectors(op: string, kind: D, out: NDArray, num: number, k: number, params: readonly (readonly [number, number])[]): NDArray {
    try {
      if (num > 0) {
        exchange();
        for (let i = 0; i < 3; i++) {
          exF64[i] = params[i]?.[0] ?? 0;
          exU32[10 + i] = params[i]?.[1] ?? 0;
        }
        exU32[13] = k;
        this._run(op, kind, out._s.ptr, num, true);
      }
    } catch (e) {
      out.dispose();
      throw e;
    }
    return out;
  }

  /**
   * Multinomial draws: counts of each of k outcomes in `n` trials (NumPy's `multinomial(n, pvals,
   * size=None)`; int64, shape size + [k]). `pvals` may have more dimensions (its last is the k
   * outcomes) and broadcasts with `n`; the last entry takes whatever probability the others leave.
   */
  // @overloads member RNG_MULTINOMIAL
  multinomial(n: ArrayInput, pvals: ArrayInput, options?: { size?: RandomSize | undefined }): NDArray;
  multinomial(n: ArrayInput, pvals: ArrayInput, size?: RandomSize): NDArray;
  // @end
  multinomial(...args: unknown[]): NDArray {
    const op = 'Generator.multinomial';
    const [n, pvals, sizeArgV] = bind(S().RNG_MULTINOMIAL, args);
    const temps: NDArray[] = [];
    try {
      const pa = vector(op, 'pvals', pvals, 'float64');
      temps.push(pa);
      const d = pa.ndim >= 1 ? pa.shape[pa.ndim - 1]! : 0;
      if (d === 0) throw new StrideViewError('invalid_argument', `${op}: pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0 (shape ${fmt(pa.shape)})`);
      const pv = pa.toTypedArray() as Float64Array;
      for (let i = 0; i < pv.length; i++) {
        if (!(pv[i]! >= 0 && pv[i]! <= 1)) throw new StrideViewError('invalid_argument', `${op}: pvals < 0, pvals > 1 or pvals contains NaNs (${pv[i]} at flat index ${i})`);
      }
      for (let off = 0; off < pv.length; off += d) {
        let sum = 0;
        let c = 0;
        for (let j = 0; j < d - 1; j++) {
          const y = pv[off + j]! - c;
          const t = sum + y;
          c = t - sum - y;
          sum = t;
        }
        if (sum > 1.0 + 1e-12) throw new StrideViewError('invalid_argument', `${op}: sum(pvals${pa.ndim === 1 ? '[:-1]' : '[...,:-1]'}) > 1.0 (${sum})`);
      }
      const nP = param(op, { name: 'n', cons: Cons.NonNegative, int: true }, n);
      if (nP.own) temps.push(nP.arr!);
      checkParam(op, nP);
      const size = sizeArg(op, sizeArgV);
      let lead: number[];
      if ((nP.arr !== null && nP.arr.ndim > 0) || pa.ndim > 1) {
        const nShape = nP.arr?.shape ?? [];
        try {
          lead = Shape.broadcast(nShape, pa.shape.slice(0, -1));
          if (size !== null) {
            const all = Shape.broadcast(lead, size);
            if (all.length !== size.length || all.some((x, i) => x !== size[i])) throw new Error('size');
            lead = size.slice();
          }
        } catch {
          throw new StrideViewError('shape_mismatch', `${op}: output size ${fmt(size)} is not compatible with the broadcast dimensions of n ${fmt(nShape)} and pvals ${fmt(pa.shape.slice(0, -1))}`);
        }
      } else {
        lead = size ?? [];
      }
      const count = numel(lead);
      if (count === 0) return NDArrayClass._empty(op, [...lead, d], 'int64');
      const pFull = pa.ndim > 1 ? pa.broadcastTo([...lead, d]).copy() : pa;
      if (pFull !== pa) temps.push(pFull);
      const nFull = nP.arr !== null && nP.arr.ndim > 0 ? nP.arr.broadcastTo(lead).copy() : null;
      if (nFull) temps.push(nFull);
      const n0 = nFull ? directAddress(nFull)! : nP.arr ? (nP.arr.item() as number) : nP.value;
      const params = [[n0, nFull ? 1 : 0], [directAddress(pFull)!, pa.ndim > 1 ? 1 : 0]] as const;
      return this._drawVectors(op, D.Multinomial, NDArrayClass._empty(op, [...lead, d], 'int64'), count, d, params);
    } catch (e) {
      throw relabel(op, e);
    } finally {
      for (const t of temps) if (!t._disposed) t.dispose();
    }
  }

  /**
   * Multivariate hypergeometric draws: how many of each color among `nsample` items drawn without
   * replacement from `colors[i]` items of color i (NumPy's `multivariate_hypergeometric(colors,
   * nsample, size=None, method='marginals')`; int64, shape size + [colors.length]). 'count' picks
   * items one by one (memory of sum(colors) entries); 'marginals' draws hypergeometric marginals
   * (sum(colors) below 10^9).
   */
  // @overloads member RNG_MVHG
  multivariateHypergeometric(colors: ArrayInput, nsample: number, options?: { size?: RandomSize | undefined; method?: "marginals" | "count" | undefined }): NDArray;
  multivariateHypergeometric(colors: ArrayInput, nsample: number, size?: RandomSize, options?: { method?: "marginals" | "count" | undefined }): NDArray;
  multivariateHypergeometric(colors: ArrayInput, nsample: number, size?: RandomSize, method?: "marginals" | "count"): NDArray;
  // @end
  multivariateHypergeometric(...args: unknown[]): NDArray {
    const op = 'Generator.multivariateHypergeometric';
    const [colorsArg, nsampleArg, size, method] = bind(S().RNG_MVHG, args);
    if (method !== 'count' && method !== 'marginals') unsupported(op, 'method', method, "supported: 'count' and 'marginals'");
    if (typeof nsampleArg !== 'number' && typeof nsampleArg !== 'bigint') throw new TypeError(`${op}: nsample must be an integer, got ${fmt(nsampleArg)}`);
    const nsample = toInt(op, 'nsample', nsampleArg);
    if (nsample < 0) throw new StrideViewError('invalid_argument', `${op}: nsample must be nonnegative (nsample ${nsample})`);
    const bad = (why: string): never => {
      throw new StrideViewError('invalid_argument', `${op}: colors must be a one-dimensional sequence of nonnegative integers (${why})`);
    };
    const given = colorsArg instanceof NDArrayClass ? colorsArg : null;
    if (given) {
      given._check(op);
      if (given.size > 0 && info(given.dtype).kind !== 'i' && info(given.dtype).kind !== 'u') bad(`got an array of dtype ${given.dtype}`);
    }
    const colors = vector(op, 'colors', colorsArg, 'float64');
    try {
      if (colors.ndim !== 1) bad(`got shape ${fmt(colors.shape)}`);
      const cv = colors.size ? (colors.toTypedArray() as Float64Array) : new Float64Array(0);
      let total = 0;
      for (let i = 0; i < cv.length; i++) {
        if (!Number.isInteger(cv[i]!) || cv[i]! < 0) bad(`${cv[i]} at ${i}`);
        total += cv[i]!;
      }
      if (total > Number.MAX_SAFE_INTEGER) throw new RangeError(`${op}: sum(colors) ${total} is beyond 2^53 - 1, the largest count supported`);
      if (method === 'marginals' && total >= HYPERGEOM_MAX) {
        throw new StrideViewError('invalid_argument', `${op}: when method is 'marginals', sum(colors) must be less than 1000000000 (sum ${total})`);
      }
      if (nsample > total) throw new StrideViewError('invalid_argument', `${op}: nsample > sum(colors) (nsample ${nsample}, sum ${total})`);
      const k = cv.length;
      const shape = vectorShape(op, size, k);
      const out = NDArrayClass._empty(op, shape, 'int64');
      const num = k === 0 ? 0 : numel(shape) / k;
      if (num === 0) return out.fill(0);
      const ci = NDArrayClass._empty(op, [k], 'int64');
      try {
        new BigInt64Array(heapBuffer(), directAddress(ci)!, k).set(Array.from(cv, (x) => BigInt(x)));
        const params = [[directAddress(ci)!, 0], [nsample, 0], [total, 0]] as const;
        return this._drawVectors(op, method === 'count' ? D.MvhgCount : D.MvhgMarginals, out, num, k, params);
      } finally {
        ci.dispose();
      }
    } finally {
      colors.dispose();
    }
  }

  /**
   * Dirichlet draws: vectors of k positive values summing to 1 (NumPy's `dirichlet(alpha,
   * size=None)`; float64, shape size + [k]; stick-breaking with beta draws when every alpha is
   * below 0.1, else normalised gamma draws).
   */
  // @overloads member RNG_DIRICHLET
  dirichlet(alpha: ArrayInput, options?: { size?: RandomSize | undefined }): NDArray;
  dirichlet(alpha: ArrayInput, size?: RandomSize): NDArray;
  // @end
  dirichlet(...args: unknown[]): NDArray {
    const op = 'Generator.dirichlet';
    const [alphaArg, size] = bind(S().RNG_DIRICHLET, args);
    const alpha = vector(op, 'alpha', alphaArg, 'float64');
    try {
      if (alpha.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: alpha must be 1-dimensional (shape ${fmt(alpha.shape)})`);
      const av = alpha.size ? (alpha.toTypedArray() as Float64Array) : new Float64Array(0);
      for (let i = 0; i < av.length; i++) if (av[i]! <= 0) throw new StrideViewError('invalid_argument', `${op}: alpha <= 0 (${av[i]} at ${i})`);
      const k = av.length;
      const shape = vectorShape(op, size, k);
      const num = k === 0 ? 0 : numel(shape) / k;
      return this._drawVectors(op, D.Dirichlet, NDArrayClass._empty(op, shape, 'float64'), num, k, [[directAddress(alpha)!, 0]]);
    } finally {
      alpha.dispose();
    }
  }

  /**
   * Multivariate normal draws (NumPy's `multivariate_normal(mean, cov, size=None,
   * check_valid='warn', tol=1e-8, *, method='svd')`; float64, shape size + [k]): standard normal
   * draws (NumPy's stream) times a factor A of cov (A A^T = cov) plus mean. The factor comes from
   * `svd`, `eigh` or `cholesky` as NumPy's does; only 'cholesky' is unique, so with 'svd' / 'eigh'
   * a column of the factor may come out with the opposite sign to LAPACK's (same distribution,
   * other numbers). `checkValid`: what a cov that is not positive semi-definite does ('warn':
   * console.warn; 'raise': an error; 'ignore').
   */
  // @overloads member RNG_MVN
  multivariateNormal(mean: ArrayInput, cov: ArrayInput, options?: { size?: RandomSize | undefined; checkValid?: "warn" | "raise" | "ignore" | undefined; tol?: number | undefined; method?: "svd" | "eigh" | "cholesky" | undefined }): NDArray;
  multivariateNormal(mean: ArrayInput, cov: ArrayInput, size?: RandomSize, options?: { checkValid?: "warn" | "raise" | "ignore" | undefined; tol?: number | undefined; method?: "svd" | "eigh" | "cholesky" | undefined }): NDArray;
  multivariateNormal(mean: ArrayInput, cov: ArrayInput, size?: RandomSize, checkValid?: "warn" | "raise" | "ignore", options?: { tol?: number | undefined; method?: "svd" | "eigh" | "cholesky" | undefined }): NDArray;
  multivariateNormal(mean: ArrayInput, cov: ArrayInput, size?: RandomSize, checkValid?: "warn" | "raise" | "ignore", tol?: number, options?: { method?: "svd" | "eigh" | "cholesky" | undefined }): NDArray;
  // @end
  multivariateNormal(...args: unknown[]): NDArray {
    const op = 'Generator.multivariateNormal';
    const [meanArg, covArg, size, checkValid, tolArg, method] = bind(S().RNG_MVN, args);
    if (method !== 'svd' && method !== 'eigh' && method !== 'cholesky') unsupported(op, 'method', method, "supported: 'svd', 'eigh' and 'cholesky'");
    if (checkValid !== 'warn' && checkValid !== 'raise' && checkValid !== 'ignore') unsupported(op, 'checkValid', checkValid, "supported: 'warn', 'raise' and 'ignore'");
    if (typeof tolArg !== 'number' || Number.isNaN(tolArg)) throw new TypeError(`${op}: tol must be a number, got ${fmt(tolArg)}`);
    const tol = tolArg;
    const temps: NDArray[] = [];
    const keep = <T extends NDArray>(a: T): T => (temps.push(a), a);
    try {
      const mean = keep(vector(op, 'mean', meanArg, 'float64'));
      const cov = keep(vector(op, 'cov', covArg, 'float64'));
      const shape = sizeArg(op, size) ?? [];
      if (mean.ndim !== 1) throw new StrideViewError('invalid_argument', `${op}: mean must be 1 dimensional (shape ${fmt(mean.shape)})`);
      if (cov.ndim !== 2 || cov.shape[0] !== cov.shape[1]) throw new StrideViewError('invalid_argument', `${op}: cov must be 2 dimensional and square (shape ${fmt(cov.shape)})`);
      const k = mean.shape[0]!;
      if (cov.shape[0] !== k) throw new StrideViewError('shape_mismatch', `${op}: mean and cov must have same length (${k} and ${cov.shape[0]})`);
      const x = keep(this._fillArray(op, K.StdNormal64, 'float64', [...shape, k], undefined));
      const c = k ? (cov.toTypedArray() as Float64Array) : new Float64Array(0);
      const factor = new Float64Array(k * k); // A, row-major: A A^T = cov
      let psd = true;
      if (method === 'cholesky') {
        factor.set(keep(cholesky(cov)).toTypedArray() as Float64Array);
      } else if (method === 'eigh') {
        const [w, v] = eigh(cov);
        keep(w);
        keep(v);
        const s = w.toTypedArray() as Float64Array;
        const u = v.toTypedArray() as Float64Array;
        for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) factor[i * k + j] = u[i * k + j]! * Math.sqrt(Math.abs(s[j]!));
        psd = !s.some((e) => e < -tol);
      } else {
        const [uA, sA, vhA] = svd(cov);
        keep(uA);
        keep(sA);
        keep(vhA);
        const u = uA.toTypedArray() as Float64Array;
        const s = sA.toTypedArray() as Float64Array;
        const vh = vhA.toTypedArray() as Float64Array;
        for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) factor[i * k + j] = u[i * k + j]! * Math.sqrt(s[j]!);
        // NumPy: allclose(vh.T * s @ vh, cov, rtol=tol, atol=tol)
        for (let i = 0; i < k && psd; i++) {
          for (let j = 0; j < k; j++) {
            let r = 0;
            for (let m = 0; m < k; m++) r += vh[m * k + i]! * s[m]! * vh[m * k + j]!;
            const want = c[i * k + j]!;
            if (!(Math.abs(r - want) <= tol + tol * Math.abs(want))) {
              psd = false;
              break;
            }
          }
        }
      }
      if (!psd && checkValid !== 'ignore') {
        const msg = `${op}: covariance is not symmetric positive-semidefinite.`;
        if (checkValid === 'raise') throw new StrideViewError('invalid_argument', msg);
        console.warn(msg);
      }
      const ft = new Float64Array(k * k); // A^T
      for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) ft[j * k + i] = factor[i * k + j]!;
      const at2 = keep(fromTypedArray(ft, [k, k]));
      const rows = keep(x.reshape([-1, k]));
      const prod = keep(matmul(rows, at2) as NDArray);
      const r = add(mean, prod);
      return r._setView(r.view.reshape([...shape, k]));
    } catch (e) {
      throw relabel(op, e);
    } finally {
      for (const t of temps) if (!t._disposed) t.dispose();
    }
  }
}
