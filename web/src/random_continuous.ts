// Generator's continuous distributions (NumPy 1.24's Generator methods of the same names): each
// draws in C++ (src/random/continuous.cpp) what NumPy's C code draws, in the same order, so the
// same seed gives NumPy's numbers (random_base.ts: parameters, shapes, `out`).
import type { NDArray } from './ndarray.js';
import type { ArrayInput } from './ops.js';
import { StrideViewError } from './errors.js';
import { type Drawn, type FloatDType, type ParamDrawn, type RandomSize, floatDType, outArray } from './random_params.js';
import { Cons, D, GeneratorBase, type Param, type ParamSpec, at, broadcastValues } from './random_base.js';
import { type SigRef, bind, unsupported } from './signature.js';

// NumPy 1.24's signatures (see random.ts: made at the first call, not at load).
function declare() {
  const RNG_STANDARD_EXPONENTIAL: SigRef = { sig: 'numpy.random.Generator.standard_exponential: Generator.standardExponential(size: RandomSize = null, ' +
      'dtype: FloatDType | null = "float64", method: "zig" | "inv" = "zig", out: NDArray | null = null) -> Drawn<$P[size, out], number>' };
  const RNG_STANDARD_GAMMA: SigRef = { sig: 'numpy.random.Generator.standard_gamma: Generator.standardGamma(shape: ArrayInput, size: RandomSize = null, ' +
      'dtype: FloatDType | null = "float64", out: NDArray | null = null) -> ParamDrawn<$P[shape!, size, out], "shape", "out">' };
  const RNG_EXPONENTIAL: SigRef = { sig: 'numpy.random.Generator.exponential: Generator.exponential(scale: ArrayInput = 1, size: RandomSize = null) -> ParamDrawn<$P[scale, size], "scale">' };
  const RNG_GAMMA: SigRef = { sig: 'numpy.random.Generator.gamma: Generator.gamma(shape: ArrayInput, scale: ArrayInput = 1, size: RandomSize = null) -> ParamDrawn<$P[shape!, scale, size], "shape", "scale">' };
  const RNG_BETA: SigRef = { sig: 'numpy.random.Generator.beta: Generator.beta(a: ArrayInput, b: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[a!, b!, size], "a", "b">' };
  const RNG_CHISQUARE: SigRef = { sig: 'numpy.random.Generator.chisquare: Generator.chisquare(df: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[df!, size], "df">' };
  const RNG_F: SigRef = { sig: 'numpy.random.Generator.f: Generator.f(dfnum: ArrayInput, dfden: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[dfnum!, dfden!, size], "dfnum", "dfden">' };
  const RNG_NONCENTRAL_CHISQUARE: SigRef = { sig: 'numpy.random.Generator.noncentral_chisquare: Generator.noncentralChisquare(df: ArrayInput, nonc: ArrayInput, ' +
      'size: RandomSize = null) -> ParamDrawn<$P[df!, nonc!, size], "df", "nonc">' };
  const RNG_NONCENTRAL_F: SigRef = { sig: 'numpy.random.Generator.noncentral_f: Generator.noncentralF(dfnum: ArrayInput, dfden: ArrayInput, nonc: ArrayInput, ' +
      'size: RandomSize = null) -> ParamDrawn<$P[dfnum!, dfden!, nonc!, size], "dfnum", "dfden", "nonc">' };
  const RNG_STANDARD_T: SigRef = { sig: 'numpy.random.Generator.standard_t: Generator.standardT(df: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[df!, size], "df">' };
  const RNG_STANDARD_CAUCHY: SigRef = { sig: 'numpy.random.Generator.standard_cauchy: Generator.standardCauchy(size: RandomSize = null) -> Drawn<$P[size], number>' };
  const RNG_LOGNORMAL: SigRef = { sig: 'numpy.random.Generator.lognormal: Generator.lognormal(mean: ArrayInput = 0, sigma: ArrayInput = 1, size: RandomSize = null) ' +
      '-> ParamDrawn<$P[mean, sigma, size], "mean", "sigma">' };
  const RNG_LAPLACE: SigRef = { sig: 'numpy.random.Generator.laplace: Generator.laplace(loc: ArrayInput = 0, scale: ArrayInput = 1, size: RandomSize = null) ' +
      '-> ParamDrawn<$P[loc, scale, size], "loc", "scale">' };
  const RNG_LOGISTIC: SigRef = { sig: 'numpy.random.Generator.logistic: Generator.logistic(loc: ArrayInput = 0, scale: ArrayInput = 1, size: RandomSize = null) ' +
      '-> ParamDrawn<$P[loc, scale, size], "loc", "scale">' };
  const RNG_GUMBEL: SigRef = { sig: 'numpy.random.Generator.gumbel: Generator.gumbel(loc: ArrayInput = 0, scale: ArrayInput = 1, size: RandomSize = null) ' +
      '-> ParamDrawn<$P[loc, scale, size], "loc", "scale">' };
  const RNG_WEIBULL: SigRef = { sig: 'numpy.random.Generator.weibull: Generator.weibull(a: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[a!, size], "a">' };
  const RNG_RAYLEIGH: SigRef = { sig: 'numpy.random.Generator.rayleigh: Generator.rayleigh(scale: ArrayInput = 1, size: RandomSize = null) -> ParamDrawn<$P[scale, size], "scale">' };
  const RNG_PARETO: SigRef = { sig: 'numpy.random.Generator.pareto: Generator.pareto(a: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[a!, size], "a">' };
  const RNG_POWER: SigRef = { sig: 'numpy.random.Generator.power: Generator.power(a: ArrayInput, size: RandomSize = null) -> ParamDrawn<$P[a!, size], "a">' };
  const RNG_VONMISES: SigRef = { sig: 'numpy.random.Generator.vonmises: Generator.vonmises(mu: ArrayInput, kappa: ArrayInput, size: RandomSize = null) ' +
      '-> ParamDrawn<$P[mu!, kappa!, size], "mu", "kappa">' };
  const RNG_WALD: SigRef = { sig: 'numpy.random.Generator.wald: Generator.wald(mean: ArrayInput, scale: ArrayInput, size: RandomSize = null) ' +
      '-> ParamDrawn<$P[mean!, scale!, size], "mean", "scale">' };
  const RNG_TRIANGULAR: SigRef = { sig: 'numpy.random.Generator.triangular: Generator.triangular(left: ArrayInput, mode: ArrayInput, right: ArrayInput, ' +
      'size: RandomSize = null) -> ParamDrawn<$P[left!, mode!, right!, size], "left", "mode", "right">' };
  return {
    RNG_STANDARD_EXPONENTIAL, RNG_STANDARD_GAMMA, RNG_EXPONENTIAL, RNG_GAMMA, RNG_BETA, RNG_CHISQUARE, RNG_F, RNG_NONCENTRAL_CHISQUARE, RNG_NONCENTRAL_F, RNG_STANDARD_T,
    RNG_STANDARD_CAUCHY, RNG_LOGNORMAL, RNG_LAPLACE, RNG_LOGISTIC, RNG_GUMBEL, RNG_WEIBULL, RNG_RAYLEIGH, RNG_PARETO, RNG_POWER, RNG_VONMISES, RNG_WALD, RNG_TRIANGULAR,
  };
}
let declared: ReturnType<typeof declare> | undefined;
const S = (): ReturnType<typeof declare> => (declared ??= declare());

const p = (name: string, cons: Cons): ParamSpec => ({ name, cons });
const NONE = Cons.None;
const NONNEG = Cons.NonNegative;
const POS = Cons.Positive;

/** The continuous distributions of {@link Generator} (the class users see: made by `defaultRng`). */
export class ContinuousDraws extends GeneratorBase {
  /**
   * Standard exponential draws (NumPy's `standard_exponential(size=None, dtype=np.float64,
   * method='zig', out=None)`): the 256-strip ziggurat ('zig') or -log(1 - U) ('inv'), float64 or
   * float32 streams.
   */
  // @overloads member RNG_STANDARD_EXPONENTIAL
  standardExponential<O extends { size?: RandomSize | undefined; dtype?: FloatDType | null | undefined; method?: "zig" | "inv" | undefined; out?: NDArray | null | undefined } = {}>(options?: O): Drawn<O, number>;
  standardExponential<TSize extends RandomSize | undefined = undefined, O extends { dtype?: FloatDType | null | undefined; method?: "zig" | "inv" | undefined; out?: NDArray | null | undefined } = {}>(size?: TSize, options?: O): Drawn<{ size: TSize } & O, number>;
  standardExponential<TSize extends RandomSize | undefined = undefined, O extends { method?: "zig" | "inv" | undefined; out?: NDArray | null | undefined } = {}>(size?: TSize, dtype?: FloatDType | null, options?: O): Drawn<{ size: TSize } & O, number>;
  standardExponential<TSize extends RandomSize | undefined = undefined, O extends { out?: NDArray | null | undefined } = {}>(size?: TSize, dtype?: FloatDType | null, method?: "zig" | "inv", options?: O): Drawn<{ size: TSize } & O, number>;
  standardExponential<TSize extends RandomSize | undefined = undefined, TOut extends NDArray | null | undefined = undefined>(size?: TSize, dtype?: FloatDType | null, method?: "zig" | "inv", out?: TOut): Drawn<{ size: TSize; out: TOut } & {}, number>;
  // @end
  standardExponential(...args: unknown[]): number | NDArray {
    const op = 'Generator.standardExponential';
    const [size, dtypeArg, method, outArg] = bind(S().RNG_STANDARD_EXPONENTIAL, args);
    const dtype = floatDType(op, dtypeArg);
    if (method !== 'zig' && method !== 'inv') unsupported(op, 'method', method, "supported: 'zig' and 'inv'");
    const kind = dtype === 'float64' ? (method === 'zig' ? D.StdExp : D.StdExpInv) : method === 'zig' ? D.StdExpF : D.StdExpInvF;
    return this._dist(op, kind, dtype, [], [], size, undefined, outArray(op, outArg));
  }

  /**
   * Standard gamma draws of shape `shape` (NumPy's `standard_gamma(shape, size=None,
   * dtype=np.float64, out=None)`; Marsaglia and Tsang's method, float64 or float32 streams).
   */
  // @overloads member RNG_STANDARD_GAMMA
  standardGamma<TShape extends ArrayInput, O extends { size?: RandomSize | undefined; dtype?: FloatDType | null | undefined; out?: NDArray | null | undefined } = {}>(shape: TShape, options?: O): ParamDrawn<{ shape: TShape } & O, "shape", "out">;
  standardGamma<TShape extends ArrayInput, TSize extends RandomSize | undefined = undefined, O extends { dtype?: FloatDType | null | undefined; out?: NDArray | null | undefined } = {}>(shape: TShape, size?: TSize, options?: O): ParamDrawn<{ shape: TShape; size: TSize } & O, "shape", "out">;
  standardGamma<TShape extends ArrayInput, TSize extends RandomSize | undefined = undefined, O extends { out?: NDArray | null | undefined } = {}>(shape: TShape, size?: TSize, dtype?: FloatDType | null, options?: O): ParamDrawn<{ shape: TShape; size: TSize } & O, "shape", "out">;
  standardGamma<TShape extends ArrayInput, TSize extends RandomSize | undefined = undefined, TOut extends NDArray | null | undefined = undefined>(shape: TShape, size?: TSize, dtype?: FloatDType | null, out?: TOut): ParamDrawn<{ shape: TShape; size: TSize; out: TOut } & {}, "shape", "out">;
  // @end
  standardGamma(...args: unknown[]): number | NDArray {
    const op = 'Generator.standardGamma';
    const [shape, size, dtypeArg, outArg] = bind(S().RNG_STANDARD_GAMMA, args);
    const dtype = floatDType(op, dtypeArg);
    return this._dist(op, dtype === 'float64' ? D.StdGamma : D.StdGammaF, dtype, [p('shape', NONNEG)], [shape], size, undefined, outArray(op, outArg));
  }

  /** Exponential draws of mean `scale` (NumPy's `exponential(scale=1.0, size=None)`). */
  // @overloads member RNG_EXPONENTIAL
  exponential<O extends { scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "scale">;
  exponential<TScale extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(scale?: TScale, options?: O): ParamDrawn<{ scale: TScale } & O, "scale">;
  exponential<TScale extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(scale?: TScale, size?: TSize): ParamDrawn<{ scale: TScale; size: TSize } & {}, "scale">;
  // @end
  exponential(...args: unknown[]): number | NDArray {
    const [scale, size] = bind(S().RNG_EXPONENTIAL, args);
    return this._dist('Generator.exponential', D.Exponential, 'float64', [p('scale', NONNEG)], [scale], size);
  }

  /** Gamma draws (NumPy's `gamma(shape, scale=1.0, size=None)`): scale * standardGamma(shape). */
  // @overloads member RNG_GAMMA
  gamma<TShape extends ArrayInput, O extends { scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(shape: TShape, options?: O): ParamDrawn<{ shape: TShape } & O, "shape", "scale">;
  gamma<TShape extends ArrayInput, TScale extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(shape: TShape, scale?: TScale, options?: O): ParamDrawn<{ shape: TShape; scale: TScale } & O, "shape", "scale">;
  gamma<TShape extends ArrayInput, TScale extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(shape: TShape, scale?: TScale, size?: TSize): ParamDrawn<{ shape: TShape; scale: TScale; size: TSize } & {}, "shape", "scale">;
  // @end
  gamma(...args: unknown[]): number | NDArray {
    const [shape, scale, size] = bind(S().RNG_GAMMA, args);
    return this._dist('Generator.gamma', D.Gamma, 'float64', [p('shape', NONNEG), p('scale', NONNEG)], [shape, scale], size);
  }

  /** Beta draws (NumPy's `beta(a, b, size=None)`: Johnk's method when a, b <= 1, else a ratio of gammas). */
  // @overloads member RNG_BETA
  beta<TA extends ArrayInput, TB extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(a: TA, b: TB, options?: O): ParamDrawn<{ a: TA; b: TB } & O, "a", "b">;
  beta<TA extends ArrayInput, TB extends ArrayInput, TSize extends RandomSize | undefined = undefined>(a: TA, b: TB, size?: TSize): ParamDrawn<{ a: TA; b: TB; size: TSize } & {}, "a", "b">;
  // @end
  beta(...args: unknown[]): number | NDArray {
    const [a, b, size] = bind(S().RNG_BETA, args);
    return this._dist('Generator.beta', D.Beta, 'float64', [p('a', POS), p('b', POS)], [a, b], size);
  }

  /** Chi-square draws with `df` degrees of freedom (NumPy's `chisquare(df, size=None)`). */
  // @overloads member RNG_CHISQUARE
  chisquare<TDf extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(df: TDf, options?: O): ParamDrawn<{ df: TDf } & O, "df">;
  chisquare<TDf extends ArrayInput, TSize extends RandomSize | undefined = undefined>(df: TDf, size?: TSize): ParamDrawn<{ df: TDf; size: TSize } & {}, "df">;
  // @end
  chisquare(...args: unknown[]): number | NDArray {
    const [df, size] = bind(S().RNG_CHISQUARE, args);
    return this._dist('Generator.chisquare', D.Chisquare, 'float64', [p('df', POS)], [df], size);
  }

  /** RNG_F draws (NumPy's `f(dfnum, dfden, size=None)`). */
  // @overloads member RNG_F
  f<TDfnum extends ArrayInput, TDfden extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(dfnum: TDfnum, dfden: TDfden, options?: O): ParamDrawn<{ dfnum: TDfnum; dfden: TDfden } & O, "dfnum", "dfden">;
  f<TDfnum extends ArrayInput, TDfden extends ArrayInput, TSize extends RandomSize | undefined = undefined>(dfnum: TDfnum, dfden: TDfden, size?: TSize): ParamDrawn<{ dfnum: TDfnum; dfden: TDfden; size: TSize } & {}, "dfnum", "dfden">;
  // @end
  f(...args: unknown[]): number | NDArray {
    const [dfnum, dfden, size] = bind(S().RNG_F, args);
    return this._dist('Generator.f', D.F, 'float64', [p('dfnum', POS), p('dfden', POS)], [dfnum, dfden], size);
  }

  /** Noncentral chi-square draws (NumPy's `noncentral_chisquare(df, nonc, size=None)`). */
  // @overloads member RNG_NONCENTRAL_CHISQUARE
  noncentralChisquare<TDf extends ArrayInput, TNonc extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(df: TDf, nonc: TNonc, options?: O): ParamDrawn<{ df: TDf; nonc: TNonc } & O, "df", "nonc">;
  noncentralChisquare<TDf extends ArrayInput, TNonc extends ArrayInput, TSize extends RandomSize | undefined = undefined>(df: TDf, nonc: TNonc, size?: TSize): ParamDrawn<{ df: TDf; nonc: TNonc; size: TSize } & {}, "df", "nonc">;
  // @end
  noncentralChisquare(...args: unknown[]): number | NDArray {
    const [df, nonc, size] = bind(S().RNG_NONCENTRAL_CHISQUARE, args);
    return this._dist('Generator.noncentralChisquare', D.NoncentralChisquare, 'float64', [p('df', POS), p('nonc', NONNEG)], [df, nonc], size);
  }

  /** Noncentral RNG_F draws (NumPy's `noncentral_f(dfnum, dfden, nonc, size=None)`). */
  // @overloads member RNG_NONCENTRAL_F
  noncentralF<TDfnum extends ArrayInput, TDfden extends ArrayInput, TNonc extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(dfnum: TDfnum, dfden: TDfden, nonc: TNonc, options?: O): ParamDrawn<{ dfnum: TDfnum; dfden: TDfden; nonc: TNonc } & O, "dfnum", "dfden", "nonc">;
  noncentralF<TDfnum extends ArrayInput, TDfden extends ArrayInput, TNonc extends ArrayInput, TSize extends RandomSize | undefined = undefined>(dfnum: TDfnum, dfden: TDfden, nonc: TNonc, size?: TSize): ParamDrawn<{ dfnum: TDfnum; dfden: TDfden; nonc: TNonc; size: TSize } & {}, "dfnum", "dfden", "nonc">;
  // @end
  noncentralF(...args: unknown[]): number | NDArray {
    const [dfnum, dfden, nonc, size] = bind(S().RNG_NONCENTRAL_F, args);
    const specs = [p('dfnum', POS), p('dfden', POS), p('nonc', NONNEG)];
    return this._dist('Generator.noncentralF', D.NoncentralF, 'float64', specs, [dfnum, dfden, nonc], size);
  }

  /** Student's t draws with `df` degrees of freedom (NumPy's `standard_t(df, size=None)`). */
  // @overloads member RNG_STANDARD_T
  standardT<TDf extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(df: TDf, options?: O): ParamDrawn<{ df: TDf } & O, "df">;
  standardT<TDf extends ArrayInput, TSize extends RandomSize | undefined = undefined>(df: TDf, size?: TSize): ParamDrawn<{ df: TDf; size: TSize } & {}, "df">;
  // @end
  standardT(...args: unknown[]): number | NDArray {
    const [df, size] = bind(S().RNG_STANDARD_T, args);
    return this._dist('Generator.standardT', D.StandardT, 'float64', [p('df', POS)], [df], size);
  }

  /** Standard Cauchy draws (NumPy's `standard_cauchy(size=None)`: a ratio of two normals). */
  // @overloads member RNG_STANDARD_CAUCHY
  standardCauchy<O extends { size?: RandomSize | undefined } = {}>(options?: O): Drawn<O, number>;
  standardCauchy<TSize extends RandomSize | undefined = undefined>(size?: TSize): Drawn<{ size: TSize } & {}, number>;
  // @end
  standardCauchy(...args: unknown[]): number | NDArray {
    const [size] = bind(S().RNG_STANDARD_CAUCHY, args);
    return this._dist('Generator.standardCauchy', D.StandardCauchy, 'float64', [], [], size);
  }

  /** Log-normal draws: exp(normal(mean, sigma)) (NumPy's `lognormal(mean=0.0, sigma=1.0, size=None)`). */
  // @overloads member RNG_LOGNORMAL
  lognormal<O extends { mean?: ArrayInput | undefined; sigma?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "mean", "sigma">;
  lognormal<TMean extends ArrayInput | undefined = undefined, O extends { sigma?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(mean?: TMean, options?: O): ParamDrawn<{ mean: TMean } & O, "mean", "sigma">;
  lognormal<TMean extends ArrayInput | undefined = undefined, TSigma extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(mean?: TMean, sigma?: TSigma, options?: O): ParamDrawn<{ mean: TMean; sigma: TSigma } & O, "mean", "sigma">;
  lognormal<TMean extends ArrayInput | undefined = undefined, TSigma extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(mean?: TMean, sigma?: TSigma, size?: TSize): ParamDrawn<{ mean: TMean; sigma: TSigma; size: TSize } & {}, "mean", "sigma">;
  // @end
  lognormal(...args: unknown[]): number | NDArray {
    const [mean, sigma, size] = bind(S().RNG_LOGNORMAL, args);
    return this._dist('Generator.lognormal', D.Lognormal, 'float64', [p('mean', NONE), p('sigma', NONNEG)], [mean, sigma], size);
  }

  /** Laplace (double exponential) draws (NumPy's `laplace(loc=0.0, scale=1.0, size=None)`). */
  // @overloads member RNG_LAPLACE
  laplace<O extends { loc?: ArrayInput | undefined; scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "loc", "scale">;
  laplace<TLoc extends ArrayInput | undefined = undefined, O extends { scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(loc?: TLoc, options?: O): ParamDrawn<{ loc: TLoc } & O, "loc", "scale">;
  laplace<TLoc extends ArrayInput | undefined = undefined, TScale extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(loc?: TLoc, scale?: TScale, options?: O): ParamDrawn<{ loc: TLoc; scale: TScale } & O, "loc", "scale">;
  laplace<TLoc extends ArrayInput | undefined = undefined, TScale extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(loc?: TLoc, scale?: TScale, size?: TSize): ParamDrawn<{ loc: TLoc; scale: TScale; size: TSize } & {}, "loc", "scale">;
  // @end
  laplace(...args: unknown[]): number | NDArray {
    const [loc, scale, size] = bind(S().RNG_LAPLACE, args);
    return this._dist('Generator.laplace', D.Laplace, 'float64', [p('loc', NONE), p('scale', NONNEG)], [loc, scale], size);
  }

  /** Logistic draws (NumPy's `logistic(loc=0.0, scale=1.0, size=None)`). */
  // @overloads member RNG_LOGISTIC
  logistic<O extends { loc?: ArrayInput | undefined; scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "loc", "scale">;
  logistic<TLoc extends ArrayInput | undefined = undefined, O extends { scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(loc?: TLoc, options?: O): ParamDrawn<{ loc: TLoc } & O, "loc", "scale">;
  logistic<TLoc extends ArrayInput | undefined = undefined, TScale extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(loc?: TLoc, scale?: TScale, options?: O): ParamDrawn<{ loc: TLoc; scale: TScale } & O, "loc", "scale">;
  logistic<TLoc extends ArrayInput | undefined = undefined, TScale extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(loc?: TLoc, scale?: TScale, size?: TSize): ParamDrawn<{ loc: TLoc; scale: TScale; size: TSize } & {}, "loc", "scale">;
  // @end
  logistic(...args: unknown[]): number | NDArray {
    const [loc, scale, size] = bind(S().RNG_LOGISTIC, args);
    return this._dist('Generator.logistic', D.Logistic, 'float64', [p('loc', NONE), p('scale', NONNEG)], [loc, scale], size);
  }

  /** Gumbel draws (NumPy's `gumbel(loc=0.0, scale=1.0, size=None)`). */
  // @overloads member RNG_GUMBEL
  gumbel<O extends { loc?: ArrayInput | undefined; scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "loc", "scale">;
  gumbel<TLoc extends ArrayInput | undefined = undefined, O extends { scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(loc?: TLoc, options?: O): ParamDrawn<{ loc: TLoc } & O, "loc", "scale">;
  gumbel<TLoc extends ArrayInput | undefined = undefined, TScale extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(loc?: TLoc, scale?: TScale, options?: O): ParamDrawn<{ loc: TLoc; scale: TScale } & O, "loc", "scale">;
  gumbel<TLoc extends ArrayInput | undefined = undefined, TScale extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(loc?: TLoc, scale?: TScale, size?: TSize): ParamDrawn<{ loc: TLoc; scale: TScale; size: TSize } & {}, "loc", "scale">;
  // @end
  gumbel(...args: unknown[]): number | NDArray {
    const [loc, scale, size] = bind(S().RNG_GUMBEL, args);
    return this._dist('Generator.gumbel', D.Gumbel, 'float64', [p('loc', NONE), p('scale', NONNEG)], [loc, scale], size);
  }

  /** Weibull draws of shape `a` (NumPy's `weibull(a, size=None)`; a = 0 gives 0). */
  // @overloads member RNG_WEIBULL
  weibull<TA extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(a: TA, options?: O): ParamDrawn<{ a: TA } & O, "a">;
  weibull<TA extends ArrayInput, TSize extends RandomSize | undefined = undefined>(a: TA, size?: TSize): ParamDrawn<{ a: TA; size: TSize } & {}, "a">;
  // @end
  weibull(...args: unknown[]): number | NDArray {
    const [a, size] = bind(S().RNG_WEIBULL, args);
    return this._dist('Generator.weibull', D.Weibull, 'float64', [p('a', NONNEG)], [a], size);
  }

  /** Rayleigh draws (NumPy's `rayleigh(scale=1.0, size=None)`). */
  // @overloads member RNG_RAYLEIGH
  rayleigh<O extends { scale?: ArrayInput | undefined; size?: RandomSize | undefined } = {}>(options?: O): ParamDrawn<O, "scale">;
  rayleigh<TScale extends ArrayInput | undefined = undefined, O extends { size?: RandomSize | undefined } = {}>(scale?: TScale, options?: O): ParamDrawn<{ scale: TScale } & O, "scale">;
  rayleigh<TScale extends ArrayInput | undefined = undefined, TSize extends RandomSize | undefined = undefined>(scale?: TScale, size?: TSize): ParamDrawn<{ scale: TScale; size: TSize } & {}, "scale">;
  // @end
  rayleigh(...args: unknown[]): number | NDArray {
    const [scale, size] = bind(S().RNG_RAYLEIGH, args);
    return this._dist('Generator.rayleigh', D.Rayleigh, 'float64', [p('scale', NONNEG)], [scale], size);
  }

  /** Pareto II (Lomax) draws of shape `a` (NumPy's `pareto(a, size=None)`). */
  // @overloads member RNG_PARETO
  pareto<TA extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(a: TA, options?: O): ParamDrawn<{ a: TA } & O, "a">;
  pareto<TA extends ArrayInput, TSize extends RandomSize | undefined = undefined>(a: TA, size?: TSize): ParamDrawn<{ a: TA; size: TSize } & {}, "a">;
  // @end
  pareto(...args: unknown[]): number | NDArray {
    const [a, size] = bind(S().RNG_PARETO, args);
    return this._dist('Generator.pareto', D.Pareto, 'float64', [p('a', POS)], [a], size);
  }

  /** Power-function draws in [0, 1] with exponent a - 1 (NumPy's `power(a, size=None)`). */
  // @overloads member RNG_POWER
  power<TA extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(a: TA, options?: O): ParamDrawn<{ a: TA } & O, "a">;
  power<TA extends ArrayInput, TSize extends RandomSize | undefined = undefined>(a: TA, size?: TSize): ParamDrawn<{ a: TA; size: TSize } & {}, "a">;
  // @end
  power(...args: unknown[]): number | NDArray {
    const [a, size] = bind(S().RNG_POWER, args);
    return this._dist('Generator.power', D.Power, 'float64', [p('a', POS)], [a], size);
  }

  /** von Mises draws on [-pi, pi] (NumPy's `vonmises(mu, kappa, size=None)`). */
  // @overloads member RNG_VONMISES
  vonmises<TMu extends ArrayInput, TKappa extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(mu: TMu, kappa: TKappa, options?: O): ParamDrawn<{ mu: TMu; kappa: TKappa } & O, "mu", "kappa">;
  vonmises<TMu extends ArrayInput, TKappa extends ArrayInput, TSize extends RandomSize | undefined = undefined>(mu: TMu, kappa: TKappa, size?: TSize): ParamDrawn<{ mu: TMu; kappa: TKappa; size: TSize } & {}, "mu", "kappa">;
  // @end
  vonmises(...args: unknown[]): number | NDArray {
    const [mu, kappa, size] = bind(S().RNG_VONMISES, args);
    return this._dist('Generator.vonmises', D.Vonmises, 'float64', [p('mu', NONE), p('kappa', NONNEG)], [mu, kappa], size);
  }

  /** Wald (inverse Gaussian) draws (NumPy's `wald(mean, scale, size=None)`). */
  // @overloads member RNG_WALD
  wald<TMean extends ArrayInput, TScale extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(mean: TMean, scale: TScale, options?: O): ParamDrawn<{ mean: TMean; scale: TScale } & O, "mean", "scale">;
  wald<TMean extends ArrayInput, TScale extends ArrayInput, TSize extends RandomSize | undefined = undefined>(mean: TMean, scale: TScale, size?: TSize): ParamDrawn<{ mean: TMean; scale: TScale; size: TSize } & {}, "mean", "scale">;
  // @end
  wald(...args: unknown[]): number | NDArray {
    const [mean, scale, size] = bind(S().RNG_WALD, args);
    return this._dist('Generator.wald', D.Wald, 'float64', [p('mean', POS), p('scale', POS)], [mean, scale], size);
  }

  /**
   * Triangular draws on [left, right] peaking at `mode` (NumPy's `triangular(left, mode, right,
   * size=None)`; left <= mode <= right, left < right).
   */
  // @overloads member RNG_TRIANGULAR
  triangular<TLeft extends ArrayInput, TMode extends ArrayInput, TRight extends ArrayInput, O extends { size?: RandomSize | undefined } = {}>(left: TLeft, mode: TMode, right: TRight, options?: O): ParamDrawn<{ left: TLeft; mode: TMode; right: TRight } & O, "left", "mode", "right">;
  triangular<TLeft extends ArrayInput, TMode extends ArrayInput, TRight extends ArrayInput, TSize extends RandomSize | undefined = undefined>(left: TLeft, mode: TMode, right: TRight, size?: TSize): ParamDrawn<{ left: TLeft; mode: TMode; right: TRight; size: TSize } & {}, "left", "mode", "right">;
  // @end
  triangular(...args: unknown[]): number | NDArray {
    const op = 'Generator.triangular';
    const [left, mode, right, size] = bind(S().RNG_TRIANGULAR, args);
    const check = (ps: Param[]): void => {
      // NumPy's three checks in its order, each over the broadcast parameters
      const [l, m, r] = broadcastValues(op, ps) as [Float64Array, Float64Array, Float64Array];
      const n = Math.max(l.length, m.length, r.length);
      const fail = (what: string, bad: (i: number) => boolean): void => {
        for (let i = 0; i < n; i++) if (bad(i)) throw new StrideViewError('invalid_argument', `${op}: ${what} (left ${at(l, i)}, mode ${at(m, i)}, right ${at(r, i)})`);
      };
      fail('left > mode', (i) => at(l, i) > at(m, i));
      fail('mode > right', (i) => at(m, i) > at(r, i));
      fail('left == right', (i) => at(l, i) === at(r, i));
    };
    return this._dist(op, D.Triangular, 'float64', [p('left', NONE), p('mode', NONE), p('right', NONE)], [left, mode, right], size, check);
  }
}
