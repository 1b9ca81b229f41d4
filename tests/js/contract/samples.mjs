// The arguments the calling-convention test gives each declared parameter: small deterministic
// values both sides build alike, chosen by the parameter's name, else by its declared type, and a
// per-function override table for functions that need special arguments.
//
// An argument is a descriptor (JSON, read by the JS side's materialize() and the Python side's
// dec()): { arr: NAME } one of ARRAYS; { list: [descriptors] } a sequence (JS array, Python list);
// { out: true } an array shaped and typed as the call's result without out, filled with -7 (made
// from that result before the call); { full: { shape, dtype, value } }; { raw: value } the JS value
// itself (the wrong values of the error checks); { js: NAME } a JS value made by JS_VALUES[NAME] (for
// strideview's own functions: NumPy never sees it); { pcg64: seed } a PCG64 bit generator (JS: new
// PCG64(seed); NumPy: numpy.random.PCG64(seed)); anything else as JSON (numbers, strings, booleans,
// null, nested arrays of numbers).

import { VARPOS } from './declarations.mjs';

/** The sample arrays: nested values and dtype. */
export const ARRAYS = {
  A: { dtype: 'float64', values: [[0.5, -1.5, 2.25], [3, -4, 5.5]] },
  B: { dtype: 'float64', values: [[2, 0.25, -1], [1.5, 3, -2.5]] },
  C: { dtype: 'float64', values: [[-1, 4, 0.5], [2, -0.75, 1]] },
  M: { dtype: 'bool', values: [[true, false, true], [false, true, true]] },
  BT: { dtype: 'float64', values: [[2, 1.5], [0.25, 3], [-1, -2.5]] },
  IDX: { dtype: 'int64', values: [1, 0] },
  V: { dtype: 'float64', values: [1, 2.5, -3] },
  S: { dtype: 'float64', values: [-3, -1, 0.5, 2, 4] },
  // integers, for the bitwise ops (NumPy refuses them floats)
  I1: { dtype: 'int32', values: [[5, -3, 12], [7, 0, -8]] },
  I2: { dtype: 'int32', values: [[1, 2, 3], [4, 1, 2]] },
  // a symmetric positive-definite matrix, for numpy.linalg
  SQ: { dtype: 'float64', values: [[4, 1, 0.5], [1, 3, -0.25], [0.5, -0.25, 2]] },
  // manipulation: a 3-d array (dsplit), indices along axis 1 of a [2, 3] array (putAlongAxis), choices of 3 columns (choose),
  // a [1, 3] array (squeeze)
  D3: { dtype: 'float64', values: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] },
  IDX2: { dtype: 'int64', values: [[2], [0]] },
  IDX3: { dtype: 'int64', values: [1, 0, 1] },
  S1: { dtype: 'float64', values: [[1.5, -2, 3]] },
};

const arr = (name) => ({ arr: name });
const js = (name) => ({ js: name });

/** The JS values of { js: NAME } descriptors, made afresh for each call (sv: the package). */
export const JS_VALUES = {
  float64Array: () => new Float64Array([0.5, -1.5, 2.25, 3, -4, 5.5]),
  npyBytes: (sv) => sv.saveNpy(sv.array(ARRAYS.A.values)),
  ndarrayLike: (sv) => sv.toNdarrayLike(sv.array(ARRAYS.A.values)),
  arrayFn: (sv) => () => sv.add(sv.array(ARRAYS.A.values), 1),
  printFn: (sv) => () => String(sv.array([1.23456789, -2.5, 1e-9])),
  fuseFn: (sv) => (x) => sv.add(x, 1),
  // init() after the module is loaded ignores wasmUrl and wasmBinary, and resolves for the thread count in use
  wasmBytes: () => new Uint8Array(0),
  threads: (sv) => sv.buildInfo().threads,
  indexFn: (sv) => (i, j) => sv.add(sv.mul(i, 10), j),
};
const OUT = { out: true };

/** The array arguments in turn: the first array parameter gets A, the second B, the third C. */
export const ARRAY_ORDER = ['A', 'B', 'C'];

/**
 * A required parameter's argument, by name (before the type rules). A function's own needs go in
 * OVERRIDES.
 */
export const REQUIRED_BY_NAME = {
  condition: arr('M'),
  indices: arr('IDX'),
  shape: [2, 3],
  fillValue: 1.5,
  n: 2,
  k: 1,
  q: 0.5,
  num: 5,
  repeats: 2,
  reps: [2, 1],
  shift: 1,
  start: 0,
  stop: 1,
  dtype: 'float32',
  value: 1.5,
  axis1: 0,
  axis2: 1,
  arrays: { list: [arr('A'), arr('B')] },
  tup: { list: [arr('A'), arr('B')] },
  N: 3,
  indicesOrSections: 2,
  low: 1,
  seed: 42,
};

/** An optional parameter's arguments to try (each its own call), by name (before the type rules). */
export const OPTIONAL_BY_NAME = {
  axis: [0, 1, -1],
  keepdims: [true],
  dtype: ['float32'],
  out: [OUT],
  where: [arr('M')],
  casting: ['unsafe', 'no'],
  order: ['F', 'C'],
  subok: [false],
  initial: [10],
  ddof: [1],
  decimals: [1],
  k: [1, -1],
  equalNan: [true],
  returnIndex: [true],
  returnInverse: [true],
  returnCounts: [true],
  mode: ['clip'],
  side: ['right'],
  kind: ['stable'],
  size: [3, [2, 2]],
  like: [null],
  rtol: [0.5],
  atol: [0.5],
  endpoint: [false],
  num: [4],
  offset: [1],
  axis1: [1],
  axis2: [0],
  prepend: [0],
  append: [[[1], [2]]],
  p: [[0.25, 0.75]],
  replace: [false],
  shuffle: [false],
  axes: [[1, 0]],
  ord: [1],
  method: ['nearest'],
  M: [4],
  high: [5],
  seed: [42],
  sorter: [arr('IDX')],
  shape: [[3, 2]],
  indexing: ['ij'],
  optimize: [true, 'greedy'],
  interpolation: ['nearest'],
  low: [0.5],
  loc: [1],
  scale: [2],
};

/**
 * Arguments that another argument needs to mean anything (the call gives them too): a ufunc's
 * `where` leaves the unselected elements of a new result uninitialised (NumPy), so it is tried with
 * `out` (a reduction's with `initial`); `casting` is about a cast, so it is tried with `dtype`.
 */
export const COMPANIONS = {
  // a 2-d array's only other pair of axes is (1, 0): axis1 alone would equal the default axis2 (NumPy raises); the
  // offset tells axis2's call from axis1's
  axis1: (names) => (names.includes('axis2') ? { axis2: 0 } : {}),
  axis2: (names) => (names.includes('axis1') ? { axis1: 1, ...(names.includes('offset') ? { offset: 1 } : {}) } : {}),
  // a reduction without an identity (max, min, ...) needs `initial` with `where` (NumPy raises without it)
  where: (names) => (names.includes('out') && names.includes('subok') ? { out: OUT } : names.includes('initial') ? { initial: 10 } : {}),
  casting: (names) => (names.includes('dtype') ? { dtype: 'float32' } : names.includes('out') ? { out: OUT } : {}),
};

/**
 * Per function (the declared op, or `Class.method`): { required: { name: descriptor }, optional:
 * { name: [descriptors] }, exempt: reason, npVarargs: { name, from } } where exempt (the reason
 * NumPy cannot produce the same result) skips the value comparison, never the error checks, and
 * npVarargs passes the declared parameters `from` to NumPy as its `*name` arguments (in order; a
 * list argument spread).
 */
export const OVERRIDES = {
  searchsorted: { required: { a: arr('S'), v: arr('V') }, optional: { sorter: [[0, 1, 2, 3, 4]] } },
  // indexing routines and windows (index_routines.ts, windows.ts): positions in range, shapes as
  // lists, a window of a few points
  unravelIndex: { required: { indices: [1, 5, 3], shape: [2, 3] } },
  ravelMultiIndex: { required: { multiIndex: [[1, 0, 1], [2, 1, 0]], dims: [2, 3] }, optional: { mode: ['clip', ['wrap', 'clip']] } },
  diagIndices: { required: { n: 3 } },
  ...Object.fromEntries(['trilIndices', 'triuIndices'].map((f) => [f, { required: { n: 4 }, optional: { k: [1, -1], m: [5] } }])),
  broadcastShapes: { required: { args: { list: [[2, 1], [1, 3]] } } },
  ...Object.fromEntries(['hanning', 'hamming', 'blackman', 'bartlett'].map((f) => [f, { required: { M: 6 } }])),
  // indices in range along every axis of A ([2, 3]), -1 wrapping or clipped by the mode
  take: { required: { indices: [1, -1] }, optional: { mode: ['clip', 'wrap'] } },
  // order names fields of a structured array: for any other array NumPy takes only None
  ...Object.fromEntries(['sort', 'argsort', 'NDArray.sort'].map((f) => [f, { optional: { order: [null] } }])),
  ...Object.fromEntries(['partition', 'argpartition'].map((f) => [f, { required: { kth: 1 }, optional: { kind: ['introselect'], order: [null] } }])),
  // NumPy's setxor1d(assume_unique=True) concatenates its inputs as given: 1-D ones
  setxor1d: { required: { ar1: arr('V'), ar2: arr('S') } },
  // the method squeezes its own array: one with an axis of size 1
  'NDArray.squeeze': { self: arr('S1'), optional: { axis: [0, -2] } },
  'Generator.integers': { optional: { dtype: ['int32', 'uint8'] } },
  compress: { required: { condition: [true, false] } },
  matmul: { required: { x2: arr('BT') } },
  ...Object.fromEntries(['bitwiseAnd', 'bitwiseOr', 'bitwiseXor', 'leftShift', 'rightShift'].map((f) => [f, { required: { x1: arr('I1'), x2: arr('I2') } }])),
  invert: { required: { x: arr('I1') } },
  bitwiseNot: { required: { x: arr('I1') } },
  dot: { required: { b: arr('BT') } },
  meshgrid: { required: { xi: { list: [arr('V'), arr('S')] } } },
  // NumPy's einsum(*operands): the subscripts and the operands are its positional arguments
  einsum: {
    required: { subscripts: 'ij,kj->ik', operands: { list: [arr('A'), arr('B')] } },
    npVarargs: { name: 'operands', from: ['subscripts', 'operands'] },
    // NumPy 1.24's optimized path (numpy/core/einsumfunc.py) hands a BLAS-able contraction to tensordot without
    // dtype: np.einsum('ij,kj->ik', a, b, dtype='float32', optimize=True) is float64 (optimize=False: float32)
    exempt: (given) =>
      given.dtype != null && given.optimize != null && given.optimize !== false ? 'NumPy 1.24 drops dtype on its optimized (tensordot) path' : null,
  },
  // numpy.linalg: square inputs; the SVD's singular vectors are unique up to sign, and lstsq / pinv go
  // through a different SVD than LAPACK's (agreeing to about 1e-13 relative, where this test allows 64
  // ulp): their values are checked against NumPy with a tolerance in tests/js/linalg.test.mjs
  ...Object.fromEntries(['solve', 'inv', 'det', 'slogdet', 'cholesky', 'cond', 'matrixPower'].map((f) => [f, { required: { a: arr('SQ') } }])),
  solve: { required: { a: arr('SQ'), b: arr('V') } },
  cond: { required: { x: arr('SQ') }, optional: { p: [1, 'fro', -2, null] } },
  eigh: { required: { a: arr('SQ') }, optional: { UPLO: ['U'] }, exempt: 'eigenvectors are unique up to sign: tests/js/linalg.test.mjs checks A v = v w' },
  eigvalsh: { required: { a: arr('SQ') }, optional: { UPLO: ['U'] } },
  // geev's eigenvalue order and eigenvector phases are not ours: compared as sorted multisets and by residuals in linalg_eig.test.mjs
  eig: { required: { a: arr('SQ') }, exempt: "the order of LAPACK geev's eigenvalues (linalg_eig.test.mjs compares them sorted)" },
  eigvals: { required: { a: arr('SQ') }, exempt: "the order of LAPACK geev's eigenvalues (linalg_eig.test.mjs compares them sorted)" },
  matrixRank: { required: { A: arr('SQ') } },
  qr: { optional: { mode: ['complete', 'r'] } },
  svd: {
    required: { a: arr('SQ') },
    exempt: (given) => (given.computeUv === false ? null : 'singular vectors are unique up to sign: tests/js/linalg.test.mjs checks U S Vh = a'),
  },
  lstsq: { required: { b: [1, 2] }, optional: { rcond: [null, 0.1] }, exempt: 'through a one-sided Jacobi SVD: NumPy within 1e-13 relative (tests/js/linalg.test.mjs)' },
  pinv: { required: { a: arr('SQ') }, exempt: 'through a one-sided Jacobi SVD: NumPy within 1e-13 relative (tests/js/linalg.test.mjs)' },
  tensordot: { required: { b: arr('BT') }, optional: { axes: [1] } },
  inner: { required: { b: arr('C') } },
  cross: { optional: { axisa: [1], axisb: [1], axisc: [0], axis: [1] } },
  multiDot: { required: { arrays: { list: [arr('A'), arr('BT'), arr('A')] } } },
  convolve: { required: { a: arr('S'), v: arr('V') }, optional: { mode: ['same', 'valid'] } },
  correlate: { required: { a: arr('S'), v: arr('V') }, optional: { mode: ['same', 'full'] } },
  interp: { required: { x: arr('V'), xp: arr('S'), fp: arr('S') }, optional: { left: [-9], right: [9], period: [null] } },
  vander: { required: { x: arr('V') }, optional: { N: [2, null], increasing: [true] } },
  polyval: { required: { p: arr('V'), x: arr('A') } },
  polyfit: {
    required: { x: arr('S'), y: arr('S'), deg: 2 }, optional: { rcond: [null, 0.001], full: [true], w: [null], cov: [true] },
    exempt: 'through a one-sided Jacobi SVD: NumPy within 1e-13 relative (tests/js/signal_poly.test.mjs)',
  },
  // a Generator or bit generator result is compared by its first draws (oracle.mjs): without a seed they come from OS entropy
  defaultRng: { exempt: (given) => (given.seed == null ? 'no seed: the stream comes from OS entropy (NumPy too)' : null) },
  PCG64: { exempt: (given) => (given.seed == null ? 'no seed: the stream comes from OS entropy (NumPy too)' : null) },
  Generator: { required: { bitGenerator: { pcg64: 42 } } },
  // the distributions: parameters in their domains (the generic samples hold negative values)
  'Generator.standardExponential': { optional: { method: ['inv'], dtype: ['float32'] } },
  'Generator.exponential': { optional: { scale: [2, [1, 2]] } },
  'Generator.standardGamma': { required: { shape: 2 }, optional: { dtype: ['float32'] } },
  'Generator.gamma': { required: { shape: 2 }, optional: { scale: [3, [1, 2]] } },
  'Generator.beta': { required: { a: 0.5, b: 2 } },
  'Generator.chisquare': { required: { df: 3 } },
  'Generator.f': { required: { dfnum: 3, dfden: 7 } },
  'Generator.noncentralChisquare': { required: { df: 3, nonc: 2 } },
  'Generator.noncentralF': { required: { dfnum: 3, dfden: 7, nonc: 2 } },
  'Generator.standardT': { required: { df: 5 } },
  'Generator.lognormal': { optional: { mean: [0.5, [0, 1]], sigma: [1.2] } },
  'Generator.laplace': { optional: { loc: [1], scale: [2] } },
  'Generator.logistic': { optional: { loc: [1], scale: [2] } },
  'Generator.gumbel': { optional: { loc: [1], scale: [2] } },
  'Generator.weibull': { required: { a: 1.5 } },
  'Generator.rayleigh': { optional: { scale: [2] } },
  'Generator.pareto': { required: { a: 3 } },
  'Generator.power': { required: { a: 2 } },
  'Generator.vonmises': { required: { mu: 0.5, kappa: 2 } },
  'Generator.wald': { required: { mean: 1, scale: 2 } },
  'Generator.triangular': { required: { left: 0, mode: 1, right: 3 } },
  'Generator.poisson': { optional: { lam: [3.5, [1, 20]] } },
  'Generator.binomial': { required: { n: 10, p: 0.3 } },
  'Generator.negativeBinomial': { required: { n: 3.5, p: 0.4 } },
  'Generator.geometric': { required: { p: 0.5 } },
  'Generator.hypergeometric': { required: { ngood: 5, nbad: 7, nsample: 4 } },
  'Generator.logseries': { required: { p: 0.5 } },
  'Generator.zipf': { required: { a: 2 } },
  'Generator.multinomial': { required: { n: 20, pvals: [0.2, 0.3, 0.5] } },
  'Generator.multivariateHypergeometric': { required: { colors: [4, 5, 6], nsample: 6 }, optional: { method: ['count'] } },
  'Generator.dirichlet': { required: { alpha: [1, 2, 3] } },
  'Generator.bytes': { required: { length: 5 } },
  'Generator.multivariateNormal': {
    required: { mean: [0, 1], cov: [[2, 0.5], [0.5, 1]] },
    optional: { checkValid: ['raise', 'ignore'], tol: [1e-6], method: ['cholesky', 'eigh'] },
    exempt: 'a factor of cov times NumPy\'s normals: the factor (LAPACK\'s) may differ in sign and rounding (random_dists.test.mjs checks x = mean + z A^T, A A^T = cov)',
  },
  // NumPy's docstring signature drops the * of its keyword-only axis and out: the oracle would pass them positionally
  'Generator.permuted': { exempt: (given) => (given.axis !== undefined || given.out !== undefined ? "NumPy's axis and out are keyword-only (its docstring line says otherwise)" : null) },
  SeedSequence: {
    optional: { entropy: [42, [1, 2]], spawnKey: [[1], [2, 3]], poolSize: [5], nChildrenSpawned: [1] },
    exempt: (given) => (given.entropy == null ? 'no entropy: the pool comes from OS entropy (NumPy too)' : null),
  },
  'SeedSequence.generateState': { required: { nWords: 4 }, optional: { dtype: ['uint64'] } },
  'SeedSequence.spawn': { required: { nChildren: 2 } },
  fromTypedArray: { required: { ta: js('float64Array') }, optional: { shape: [[2, 3], 6] } },
  fromNdarrayLike: { required: { obj: js('ndarrayLike') }, optional: { copy: [true, false] } },
  'NDArray.reshape': { optional: { copy: [true, null] } },
  loadNpy: { required: { bytes: js('npyBytes') } },
  tidy: { required: { fn: js('arrayFn') } },
  fuse: { required: { fn: js('fuseFn') } },
  withPrintOptions: { required: { options: { raw: { precision: 3, suppress: true } }, fn: js('printFn') } },
  // printOptions sets the options and returns the ones in force before the call (NumPy's get_printoptions()
  // then set_printoptions(...)): each call must return the options saved before it; they are restored after it
  printOptions: {
    state: { save: (sv) => sv.getPrintOptions(), restore: (sv, saved) => sv.printOptions(saved), returnsPrevious: true },
    optional: { suppress: [true], nanstr: ['nan'], infstr: ['inf'], formatter: [null], sign: ['+'], floatmode: ['unique'], legacy: [false] },
  },
  // the op chain (strideview/element) and View.create
  parseOps: { required: { text: 'transpose; flip 0' } },
  parseIntList: { required: { text: '1, 2', what: 'axes' } },
  parseDimList: { required: { text: '2, 3', what: 'shape' } },
  parsePairList: { required: { text: '1,1; 0,2', what: 'pad' } },
  applyOps: { required: { text: 'transpose; flip 0' }, optional: { dim: [null] } },
  applyOp: { required: { step: { raw: { name: 'transpose', arg: '' } } }, optional: { dim: [null] } },
  'View.create': { optional: { strides: [[3, 1], [1, 2]], mask: [null] } },
  init: {
    optional: {
      wasmUrl: ['strideview.wasm'], wasmBinary: [js('wasmBytes')], threads: [js('threads')],
      // a later init: load 'all' loads the families (here already loaded); their sources are kept for it
      load: ['auto', 'all'], familiesUrl: ['strideview-families.wasm'], familiesBinary: [js('wasmBytes')],
    },
  },
  isLoaded: { required: { family: 'math' } },
  load: { required: { families: { list: ['math', 'stats'] } } },
  // uninitialised: the forms of a call are compared by shape, dtype and order, not by their elements
  empty: {
    exempt: 'the elements are uninitialised (NumPy: whatever the memory held); shape, dtype and order are checked by contract_creation',
    uninitialised: true,
  },
  emptyLike: {
    exempt: 'the elements are uninitialised (NumPy: whatever the memory held); shape, dtype and order are checked by contract_creation',
    uninitialised: true,
  },
  // manipulation, padding and more creation (manipulation.ts, manipulation_more.ts, padding.ts, creation_more.ts, putting.ts)
  reshape: { required: { newshape: [3, 2] }, optional: { order: ['F', 'A'] } },
  moveaxis: { required: { source: 0, destination: -1 } },
  expandDims: { required: { axis: 1 } },
  squeeze: { required: { a: arr('S1') }, optional: { axis: [0, -2] } },
  resize: { required: { newShape: [3, 4] } },
  indices: { required: { dimensions: [2, 3] }, optional: { dtype: ['int32'], sparse: [true] } },
  geomspace: { required: { start: 1, stop: 100 } },
  pad: {
    required: { padWidth: 1 },
    optional: { mode: ['edge', 'reflect'], constantValues: [2.5, [[1, 2]]], statLength: [1], endValues: [3], reflectType: ['odd'] },
  },
  // NumPy's fn would be a Python function: fromfunction's values are compared in tests/js/manipulation_creation.test.mjs
  fromfunction: { required: { fn: js('indexFn'), shape: [2, 3] }, optional: { dtype: ['float32'] }, exempt: 'fn is a JS function (NumPy would call a Python one): the values are compared by manipulation_creation.test.mjs' },
  trimZeros: { required: { filt: arr('S') }, optional: { trim: ['f', 'b'] } },
  dsplit: { required: { ary: arr('D3') } },
  delete_: { required: { obj: 1 } },
  insert: { required: { obj: 1, values: 5 } },
  put: { required: { ind: [0, 2], v: [9, 8] } },
  putAlongAxis: { required: { indices: arr('IDX2'), values: 5, axis: 1 } },
  choose: { required: { a: arr('IDX3') } },
  // NumPy's default is default_ here (a JS reserved word): the calls with it are strideview's alone
  select: { required: { condlist: { list: [arr('M')] }, choicelist: { list: [arr('A')] } }, optional: { default_: [2.5] } },
  // more math, statistics, sets (math_more.ts ... dtype_info.ts): integer operands where NumPy wants them, sorted bins
  ...Object.fromEntries(['gcd', 'lcm'].map((f) => [f, { required: { x1: arr('I1'), x2: arr('I2') } }])),
  ldexp: { required: { x2: arr('I2') } },
  bincount: { required: { x: arr('IDX') }, optional: { weights: [[0.5, 2]] } },
  histogram: { optional: { bins: [3, 'sturges', [-5, 0, 6]], range: [[-5, 5]], density: [true], weights: [arr('B')] } },
  histogramBinEdges: { optional: { bins: [3, 'fd'], range: [[-5, 5]], weights: [arr('B')] } },
  histogramdd: { optional: { bins: [3, [2, 3, 2]], range: [[[-5, 5], null, [0, 6]]], density: [true], weights: [[0.5, 2]] } },
  average: { optional: { weights: [arr('B')] } },
  cov: { optional: { y: [arr('B')], fweights: [[1, 2, 1]], aweights: [[0.5, 1, 2]] } },
  corrcoef: { optional: { y: [arr('B')], bias: [true], ddof: [1] } },
  ediff1d: { optional: { toEnd: [[9]], toBegin: [[1, 2]] } },
  trapz: { optional: { x: [arr('V')] } },
  divmod: {
    optional: { out1: [{ full: { shape: [2, 3], dtype: 'float64', value: -7 } }], out2: [{ full: { shape: [2, 3], dtype: 'float64', value: -7 } }] },
    exempt: twoOutExempt,
  },
  modf: {
    optional: { out1: [{ full: { shape: [2, 3], dtype: 'float64', value: -7 } }], out2: [{ full: { shape: [2, 3], dtype: 'float64', value: -7 } }] },
    exempt: twoOutExempt,
  },
  frexp: {
    optional: { out1: [{ full: { shape: [2, 3], dtype: 'float64', value: -7 } }], out2: [{ full: { shape: [2, 3], dtype: 'int32', value: -7 } }] },
    exempt: twoOutExempt,
  },
  digitize: { required: { bins: arr('S') } },
  histogram2d: { required: { x: arr('V'), y: { list: [1, 2, 0.5] } }, optional: { bins: [3, [2, 3]], range: [[[-5, 5], [0, 3]]], density: [true], weights: [[0.5, 2, 1]] } },
  ...Object.fromEntries(['finfo', 'iinfo'].map((f) => [f, { exempt: 'NumPy returns a finfo / iinfo object: its fields are compared in sets_dtypes.test.mjs' }])),
  angle: { optional: { deg: [true] } },
  resultTypeWithScalar: { required: { dtype: 'float32', scalar: 2.5 } },
  realIfClose: { optional: { tol: [1000] } },
  // numpy.fft: compared element by element to 64 ulp of the result's largest element (a transform's small
  // terms are sums of large ones); the accuracy against NumPy is measured in tests/js/fft.test.mjs
  ...Object.fromEntries(['fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft'].map((f) => [f, { optional: { n: [2, 5], norm: ['ortho', 'forward'] }, normwise: true }])),
  ...Object.fromEntries(['fft2', 'ifft2', 'rfft2', 'irfft2', 'fftn', 'ifftn', 'rfftn', 'irfftn'].map((f) => [f, { optional: { s: [[2, 4]], norm: ['ortho', 'forward'] }, normwise: true }])),
  fftshift: { optional: { axes: [[1, 0], 0, null] } },
  ifftshift: { optional: { axes: [[1, 0], -1, null] } },
  fftfreq: { required: { n: 5 }, optional: { d: [0.5] } },
  rfftfreq: { required: { n: 5 }, optional: { d: [0.5] } },
  // strideview's integer default for JS numbers is int32 (web/README.md, "dtype promotion"): NumPy is asked for the same
  arange: { npDefaults: { dtype: 'int32' } },
};

/** Why a two-output ufunc's call is not compared with NumPy's, or null. */
function twoOutExempt(given) {
  // NumPy takes the second output positionally (out1, out2) or as out=(o1, o2), never as the keyword the oracle passes
  if (given.out2 != null) return "the oracle passes out2 to NumPy by name, which NumPy's two-output ufuncs do not take; out2 is tested in more_math.test.mjs";
  if (given.where != null && given.out1 == null) return 'where without out1 / out2 leaves the unselected elements uninitialised (NumPy); tested with outs in more_math.test.mjs';
  return null;
}

/** The argument(s) for a declared type: a descriptor (required), a list of them (optional), or null for none. */
function byType(type, required, arrayIndex, p) {
  const t = type.replace(/\s+/g, ' ');
  if (/(ArrayInput|NDArray)\[\]|Array<(ArrayInput|NDArray)>/.test(t)) {
    const v = { list: [arr('A'), arr('B')] };
    return required ? v : null;
  }
  if (/\bArrayInput\b|\bNDArray\b/.test(t)) return required ? arr(ARRAY_ORDER[Math.min(arrayIndex, ARRAY_ORDER.length - 1)]) : null;
  if (/^boolean$/.test(t)) return required ? true : [typeof p.dflt === 'boolean' ? !p.dflt : true];
  if (/\bDTypeArg\b|\bDType\b/.test(t)) return required ? 'float32' : ['float32'];
  if (/^(number|Scalar)( \| null)?$/.test(t)) return required ? 1 : [typeof p.dflt === 'number' ? p.dflt + 1 : 1];
  return null;
}

/**
 * The argument of required parameter p (declared index i) of op: a descriptor, or undefined when
 * there is no rule (the function then cannot be called: listed as untested). arrayIndex: how many
 * array arguments come before it.
 */
export function requiredArg(op, p, arrayIndex) {
  const o = OVERRIDES[op]?.required;
  if (o && p.name in o) return o[p.name];
  if (p.kind === VARPOS) return { list: [arr('A'), arr('B')] }; // `...xi`: its arguments, as a list
  if (p.name in REQUIRED_BY_NAME) return REQUIRED_BY_NAME[p.name];
  const v = byType(p.type, true, arrayIndex, p);
  return v === null ? undefined : v;
}

/** The arguments to try for optional parameter p of op: a list of descriptors (empty: untested). */
export function optionalArgs(op, p) {
  const o = OVERRIDES[op]?.optional;
  if (o && p.name in o) return o[p.name];
  if (p.name in OPTIONAL_BY_NAME) return OPTIONAL_BY_NAME[p.name];
  return byType(p.type, false, 0, p) ?? [];
}

/** The instance a method form of op is called on (a descriptor), when not its class's (calls.mjs INSTANCES). */
export const selfOf = (op) => OVERRIDES[op]?.self;

/** The reason op's results are not compared with NumPy's for a call giving `given` ({ name: descriptor }), or null. */
export function exemptReason(op, given = {}) {
  const e = OVERRIDES[op]?.exempt;
  return typeof e === 'function' ? e(given) : (e ?? null);
}

/** Whether op's results are compared to a tolerance of their largest element (transforms). */
export const normwise = (op) => OVERRIDES[op]?.normwise === true;

/** Whether op's result elements are uninitialised memory (compared by shape, dtype and order only). */
export const uninitialised = (op) => OVERRIDES[op]?.uninitialised === true;

/** How a function that changes global state is called: { save(sv), restore(sv, saved), returnsPrevious }, or undefined. */
export const stateOf = (op) => OVERRIDES[op]?.state;

/** The NumPy call's arguments [[name, descriptor], ...] of op for the declared ones given (see npVarargs). */
export function numpyArgs(op, given0) {
  const v = OVERRIDES[op]?.npVarargs;
  const dflt = OVERRIDES[op]?.npDefaults ?? {};
  const given = [...given0, ...Object.entries(dflt).filter(([n]) => !given0.some(([g]) => g === n))];
  const value = Object.fromEntries(given);
  if (!v || !v.from.every((n) => n in value)) return given;
  const star = v.from.flatMap((n) => (value[n] && typeof value[n] === 'object' && 'list' in value[n] ? value[n].list : [value[n]]));
  return [[v.name, { list: star }], ...given.filter(([n]) => !v.from.includes(n))];
}
