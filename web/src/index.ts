// strideview: strided n-d views over typed arrays in WebAssembly memory.
export { init, isInitialized, load, isLoaded, type InitOptions } from './runtime.js';
export { FAMILIES, type Family } from './families.js';
export { StrideViewError, type ErrorCode } from './errors.js';
export {
  type DType,
  type Scalar,
  type AnyTypedArray,
  type TypedArrayOf,
  type TypedArrayCopy,
  type TypedArrayCopyOf,
  type Float16Storage,
  type ComplexDType,
  type ComplexLike,
  Complex,
  complex,
  DTYPES,
  float16ToNumber,
  numberToFloat16,
  itemSize,
  promoteTypes,
  resultTypeWithScalar,
} from './dtype.js';
export { Shape } from './shape.js';
export { Sym, Var, SymDim, type Dim, type SymShape } from './sym.js';
export { View, type ViewOptions, type Mask } from './view.js';
export { NDArray, type ReshapeOptions, type AxisSetOptions } from './ndarray.js';
export { type Elem, type AnyElem, type NestedList } from './scalar.js';
export { type MemoryStats, memoryStats } from './storage.js';
export { tidy, keep } from './tidy.js';
export { type SliceSpec, I, R, Rs, L, A, N, E } from './slicing.js';
export { type NestedArray, type ArrayOptions, type DTypeArg, array, fromTypedArray, empty, zeros, ones, full, arange } from './creation.js';
export {
  type ArrayInput,
  type OutOptions,
  add,
  sub,
  mul,
  div,
  maximum,
  minimum,
  equal,
  notEqual,
  less,
  lessEqual,
  greater,
  greaterEqual,
  where,
  neg,
  abs,
  sqrt,
} from './ops.js';
export { exp, log } from './exp_log.js';
export { cbrt, signbit, spacing, copysign, nextafter, fmax, fmin, ldexp, gcd, lcm, fabs, positive, reciprocal, fix, rint } from './math_more.js';
export { deg2rad, radians, rad2deg, degrees, heaviside, logaddexp, logaddexp2, sinc, divmod, modf, frexp } from './math_composed.js';
export { nanprod, nancumsum, nancumprod, nanargmax, nanargmin, nanvar, nanstd } from './nan_more.js';
export { average, cov, corrcoef, ediff1d, trapz, gradient } from './stats_more.js';
export { type BinRule, bincount, digitize, histogram, histogramBinEdges } from './histograms.js';
export { histogramdd, histogram2d } from './histogram_dd.js';
export { nanmedian, nanquantile, nanpercentile } from './nan_quantiles.js';
export { isin, intersect1d, union1d, setdiff1d, setxor1d, arrayEquiv, flatnonzero, lexsort, partition, argpartition } from './sets.js';
export { type FInfo, type IInfo, resultType, canCast, finfo, iinfo } from './dtype_info.js';
export { type FusedFunction, type FusedCallOptions, fuse } from './fuse.js';
export { type TracedArray } from './traced.js';
export { type Casting, type Order } from './ufunc.js';
export { type ReduceOptions, type ArrayResultOptions, type Reduced, type NumberOf, type HasComplex, sum, max, min, mean, ptp } from './reductions.js';
export {
  type ConcatenateOptions,
  type JoinAxisOptions,
  type RepeatOptions,
  concatenate,
  stack,
  split,
  vstack,
  hstack,
  dstack,
  tile,
  repeat,
} from './joining.js';
export {
  type RoundOptions,
  floor,
  ceil,
  trunc,
  round,
  sign,
  square,
  pow,
  power,
  clip,
  sin,
  cos,
  tan,
  tanh,
  exp2,
  log2,
  log10,
  log1p,
  expm1,
  sinh,
  cosh,
  arcsin,
  arccos,
  arctan,
  arcsinh,
  arccosh,
  arctanh,
  arctan2,
  hypot,
  logicalAnd,
  logicalOr,
  logicalXor,
  logicalNot,
  isnan,
  isfinite,
} from './math.js';
export {
  type MomentOptions,
  type AxisOptions,
  type ArgOptions,
  prod,
  any,
  all,
  variance,
  std,
  argmax,
  argmin,
  cumsum,
  cumprod,
} from './stats.js';
export { type MatmulResult, type Traced, type TraceOptions, matmul, dot, diagonal, trace } from './linalg.js';
export { type DiagonalOptions } from './diagonal_view.js';
export { type EinsumOptions, type EinsumOptimize, type EinsumResult, type EinsumLabels, type EinsumOnce, einsum } from './einsum.js';
export { type SortKind, type TakeMode, type SortOptions, type TakeOptions, type TopK, take, takeAlongAxis, compress, sort, argsort, topk } from './select.js';
export { explain, type ExplainOptions } from './explain.js';
export { explainReshape, type ReshapeExplanation, type ReshapeGroup, type ReshapeBlocking } from './reshape_explain.js';
export {
  type NdarrayLike,
  type NdarrayLikeInput,
  type FromNdarrayLikeOptions,
  type ToNdarrayLikeOptions,
  fromNdarrayLike,
  toNdarrayLike,
} from './interop.js';
export { loadNpy, saveNpy } from './npy.js';
export { buildInfo, isSimd, simdSupported, type BuildInfo } from './runtime.js';
export { type PrintOptions, type FloatMode, printOptions, getPrintOptions, withPrintOptions } from './print_options.js';
export { type LinspaceOptions, type LogspaceOptions, type EyeOptions, type LikeOptions, type MeshgridOptions, linspace, logspace, eye, identity, zerosLike, onesLike, fullLike, emptyLike, meshgrid } from './creation_ranges.js';
export { type RollOptions, type DiffOptions, roll, rot90, triu, tril, diff } from './numpy_reorder.js';
export { type IscloseOptions, isclose, allclose, arrayEqual } from './comparison.js';
export { type AxisResult, type UniqueFlag, type UniqueOut, type Side, type Searched, type CountOptions, type UniqueOptions, type UniqueResult, type SearchsortedOptions, nonzero, argwhere, countNonzero, unique, searchsorted } from './search.js';
export { type QuantileAxisOptions, type QuantileOptions, type QuantileMethod, median, quantile, percentile } from './quantiles.js';
export { type NanReduceOptions, type NanToNumOptions, nansum, nanmean, nanmax, nanmin, isinf, isposinf, isneginf, nanToNum } from './nan_functions.js';
export { type NormOrder, type NormOptions, outer, norm } from './norms.js';
export { type SlogdetResult, type LstsqResult, solve, inv, det, slogdet, cholesky, lstsq, pinv, matrixRank, matrixPower } from './linalg_solve.js';
export { type QrMode, type QrOut, type QrResult, type EighResult, type EigResult, type SvdResult, type SvdOut, qr, eigh, eigvalsh, eig, eigvals, svd, cond } from './linalg_decomp.js';
export { tensordot, inner, kron, cross, multiDot } from './linalg_products.js';
export { type FftNorm, fft, ifft, rfft, irfft, hfft, ihfft, fftfreq, rfftfreq, fftshift, ifftshift } from './fft.js';
export { fft2, ifft2, rfft2, irfft2, fftn, ifftn, rfftn, irfftn } from './fft_nd.js';
export { real, imag, conj, conjugate, angle, iscomplex, isreal, iscomplexobj, isrealobj, realIfClose, vdot } from './complex.js';
export { type ConvolveMode, convolve, correlate, interp, unwrap } from './signal.js';
export { type PolyfitFull, type PolyfitOut, vander, polyval, polyfit } from './polynomial.js';
export { mod, remainder, floorDivide, fmod, bitwiseAnd, bitwiseOr, bitwiseXor, leftShift, rightShift, invert, bitwiseNot } from './integer_ops.js';
export {
  defaultRng,
  Generator,
} from './random.js';
export { type PCG64State, PCG64 } from './random_pcg64.js';
export { SeedSequence } from './random_seed.js';
// Generator's methods are declared on a chain of classes by topic: types only (not constructed directly)
export type { GeneratorBase } from './random_base.js';
export type { ContinuousDraws } from './random_continuous.js';
export type { DiscreteDraws } from './random_discrete.js';
export type {
  ArgGiven,
  ScalarArg,
  ChoiceOptions,
  Drawn,
  FloatDrawOptions,
  FloatDType,
  IntegerDType,
  IntegersDrawn,
  IntegersOptions,
  ParamDrawn,
  RandomSize,
  Seed,
} from './random_params.js';
export {
  flip,
  fliplr,
  flipud,
  reshape,
  transpose,
  swapaxes,
  moveaxis,
  expandDims,
  squeeze,
  broadcastTo,
  broadcastArrays,
  ravel,
  copy,
  ascontiguousarray,
  atleast1d,
  atleast2d,
  atleast3d,
} from './manipulation.js';
export { type IndexFunction, geomspace, diag, diagflat, tri, indices, fromfunction } from './creation_more.js';
export { type PadMode, type PadWidth, type PadValues, pad } from './padding.js';
export { columnStack, arraySplit, hsplit, vsplit, dsplit, delete_, insert, append, resize, trimZeros } from './manipulation_more.js';
export { put, putAlongAxis, place, copyto, choose, select, extract } from './putting.js';
export {
  subtract,
  multiply,
  divide,
  trueDivide,
  negative,
  absolute,
  amax,
  amin,
  around,
  asarray,
  asanyarray,
  asfortranarray,
  shape,
  ndim,
  size,
} from './numpy_names.js';
export {
  type Unraveled,
  type Raveled,
  type RavelMode,
  unravelIndex,
  ravelMultiIndex,
  diagIndices,
  trilIndices,
  triuIndices,
  fillDiagonal,
  broadcastShapes,
} from './index_routines.js';
export { hanning, hamming, blackman, bartlett } from './windows.js';
// NumPy's np.var (stats.ts: variance under a reserved word)
export { variance as var } from './stats.js';

// NumPy's ndarray methods (a.sum(), a.reshape(4, 3), a.T ...) on the class: installed here, at load, because
// ndarray_methods.ts imports the op modules (a side-effect-free package: a bare import would be dropped).
import { NDArray as NDArrayClass } from './ndarray.js';
import { installMethods } from './ndarray_methods.js';
installMethods(NDArrayClass);
