// strideview: strided n-d views over typed arrays in WebAssembly memory.
export { init, isInitialized, type InitOptions } from './runtime.js';
export { StrideViewError, type ErrorCode } from './errors.js';
export {
  type DType,
  type Scalar,
  type AnyTypedArray,
  type TypedArrayOf,
  DTYPES,
  itemSize,
  promoteTypes,
  resultTypeWithScalar,
} from './dtype.js';
export { Shape } from './shape.js';
export { Sym, Var, SymDim, type Dim, type SymShape } from './sym.js';
export { View, type ViewOptions, type Mask } from './view.js';
export {
  NDArray,
  type NestedArray,
  type SliceSpec,
  type ArrayOptions,
  type ReshapeOptions,
  type MemoryStats,
  array,
  fromTypedArray,
  empty,
  zeros,
  ones,
  full,
  arange,
  memoryStats,
  tidy,
  keep,
  I,
  R,
  Rs,
  L,
  A,
  N,
  E,
} from './ndarray.js';
export {
  type ArrayInput,
  type OutOptions,
  type ReduceOptions,
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
  exp,
  log,
  sum,
  max,
  min,
  mean,
  concatenate,
  stack,
  split,
  vstack,
  hstack,
  dstack,
  tile,
  repeat,
} from './ops.js';
export { explain, type ExplainOptions } from './explain.js';
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
