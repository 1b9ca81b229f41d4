// The reductions NumPy's ndarray has at its core: sum, max, min, mean over an axis set, with the
// `dtype`, `out`, `keepdims`, `initial` and `where` of NumPy's signatures; the shared machinery
// (reduceOver, the scalar result of a full reduction) the other reductions in stats.ts reuse.
import { REDUCE_OPS } from './boundary_tables.js';
import { type DType, type Scalar, info } from './dtype.js';
import { fmt, relabel } from './errors.js';
import { NDArray, Kind, asArray, takeScalar } from './ndarray.js';
import { axisSet, checkAxisOptions } from './axes.js';
import { type ArrayInput, type OutOptions, compute, same } from './ops.js';

/** Options of the reductions. */
export interface ReduceOptions extends OutOptions {
  /**
   * The axis or axes to reduce, as NumPy's `axis=`: a number, an array of numbers, or null /
   * omitted for all of them (negative axes count from the end; an axis twice is an error).
   */
  axis?: number | readonly number[] | null;
  /** Keep reduced dims as size 1 (the result is then an array, as with `out`). */
  keepdims?: boolean;
}

/** Reduction options under which the result is always an array: keepdims or out. */
export type ArrayResultOptions = { keepdims: true } | { out: NDArray };

/**
 * What a reduction returns: a JS value when the result has no dims and neither keepdims nor out
 * was given (as NumPy returns a scalar: a number, a bigint for int64 / uint64, a boolean for bool),
 * else an NDArray.
 */
export type Reduced = NDArray | Scalar;

/** @internal sumType: the dtype sum accumulates in. */
export function sumType(d: DType): DType {
  const I = info(d);
  if (I.kind === 'f') return d;
  if (I.kind === 'u') return 'uint64';
  return 'int64';
}
/** @internal */
export const meanType = (d: DType): DType => (d === 'float32' || d === 'float16' ? d : 'float64');

function reduce(name: keyof typeof REDUCE_OPS, x: ArrayInput, options: ReduceOptions | undefined): Reduced {
  const result = name === 'sum' ? sumType : name === 'mean' ? meanType : same;
  return reduceOver(name, Kind.Reduce, REDUCE_OPS[name], result, x, options);
}

/** @internal Checks the reduction options (and `extra` keys), returns keepdims. */
export function reduceFlags(name: string, options: unknown): boolean {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${name}: options must be an object, got ${fmt(options)}`);
  }
  const k = (options as { keepdims?: unknown }).keepdims;
  if (k !== undefined && typeof k !== 'boolean') {
    throw new TypeError(`${name}: keepdims must be a boolean, got ${fmt(k)}`);
  }
  return k === true;
}

/**
 * @internal The result of a reduction as the user gets it: the JS value of a 0-d result made
 * without keepdims or out (the temporary freed here), else the array.
 */
export function scalarResult(r: NDArray, keepdims: boolean, out: unknown): Reduced {
  return r.ndim === 0 && !keepdims && out === undefined ? takeScalar(r) : r;
}

const NO_OPTIONS: ReduceOptions = {};

/**
 * @internal A reduction over `options.axis` (all by default) as one kernel call of `kind` / `code`;
 * scalars and nested arrays become temporaries; errors name `name`. x2: the kind's third extra.
 */
export function reduceOver(
  name: string,
  kind: Kind,
  code: number,
  result: (d: DType) => DType,
  x: ArrayInput,
  options: ReduceOptions | undefined,
  x2: number = 0,
): Reduced {
  try {
    if (options === undefined) options = NO_OPTIONS;
    else checkAxisOptions(name, options, 'second');
    const keepdims = reduceFlags(name, options);
    if (!(x instanceof NDArray)) {
      const a = asArray(name, x); // a scalar or nested JS array
      try {
        return reduceOver(name, kind, code, result, a, options, x2);
      } finally {
        a.dispose();
      }
    }
    x._check(name);
    const axes = axisSet(name, options.axis, x.ndim);
    let bits = 0;
    if (axes === null) bits = 2 ** x.ndim - 1;
    else for (const ax of axes) bits += 2 ** ax;
    const r = compute(name, kind, code, [x], options, undefined, result, bits, keepdims ? 1 : 0, x2);
    return scalarResult(r, keepdims, options.out);
  } catch (e) {
    throw relabel(name, e);
  }
}

/**
 * Sum over `axis` (all by default; bool and signed ints accumulate in int64, unsigned in uint64,
 * floats in their type). Over all axes without keepdims or out: a JS value (see {@link Reduced}).
 */
export function sum(a: ArrayInput): Scalar;
export function sum(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function sum(a: ArrayInput, options?: ReduceOptions): Reduced;
export function sum(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduce('sum', a, options);
}
/** Maximum over `axis` (an error for an empty reduction); a JS value as {@link sum}. */
export function max(a: ArrayInput): Scalar;
export function max(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function max(a: ArrayInput, options?: ReduceOptions): Reduced;
export function max(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduce('max', a, options);
}
/** Minimum over `axis` (an error for an empty reduction); a JS value as {@link sum}. */
export function min(a: ArrayInput): Scalar;
export function min(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function min(a: ArrayInput, options?: ReduceOptions): Reduced;
export function min(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduce('min', a, options);
}
/** Mean over `axis` (float64; float32 and float16 inputs keep their dtype, float16 summed in float32); a JS value as {@link sum}. */
export function mean(a: ArrayInput): Scalar;
export function mean(a: ArrayInput, options: ReduceOptions & ArrayResultOptions): NDArray;
export function mean(a: ArrayInput, options?: ReduceOptions): Reduced;
export function mean(a: ArrayInput, options?: ReduceOptions): Reduced {
  return reduce('mean', a, options);
}
