// JS values into and out of element buffers: nested JS arrays read into a shape and flat values
// (array()'s input), flat values written into a new array's buffer (complex values as pairs), and
// elements back as nested JS arrays (array()'s inverse).
import { type AnyTypedArray, type ComplexLike, type DType, type Scalar, Complex, fromStored, isBig, isComplex, isComplexValue, toStored } from './dtype.js';
import { StrideViewError, fmt } from './errors.js';
import type { NDArray } from './ndarray.js';
import { heapArray } from './storage.js';

/** Nested JS arrays of elements (complex ones as {@link Complex} or `{ re, im }` values). */
export type NestedArray = Scalar | ComplexLike | NestedArray[];

/** @internal Writes `values` (C order) into a new array's buffer, each converted as its dtype stores it. */
export function writeFlat(a: NDArray, values: ArrayLike<unknown>, op: string): void {
  const d = a.dtype;
  const t = heapArray(a._s, d);
  if (isComplex(d)) {
    const c = t as Float32Array | Float64Array;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (isComplexValue(v)) {
        c[2 * i] = v.re;
        c[2 * i + 1] = v.im;
      } else {
        c[2 * i] = toStored(op, d, v) as number;
        c[2 * i + 1] = 0;
      }
    }
  } else if (isBig(d)) {
    const b = t as BigInt64Array | BigUint64Array;
    for (let i = 0; i < values.length; i++) b[i] = toStored(op, d, values[i]) as bigint;
  } else {
    const n = t as Exclude<AnyTypedArray, BigInt64Array | BigUint64Array>;
    for (let i = 0; i < values.length; i++) n[i] = toStored(op, d, values[i]) as number;
  }
}

/** @internal name: the parameter the data came as (named in a wrong element's error), if any. */
export function inferShape(op: string, data: unknown, name?: string): { shape: number[]; flat: unknown[] } {
  const shape: number[] = [];
  let probe: unknown = data;
  while (Array.isArray(probe)) {
    shape.push(probe.length);
    if (probe.length === 0) break;
    probe = probe[0];
  }
  const flat: unknown[] = [];
  const walk = (x: unknown, depth: number, path: string): void => {
    if (depth === shape.length) {
      if (Array.isArray(x)) {
        throw new StrideViewError('shape_mismatch', `${op}: ragged nested sequence at ${path || 'top level'}: expected a scalar, got an array of length ${x.length}`);
      }
      if (typeof x !== 'number' && typeof x !== 'bigint' && typeof x !== 'boolean' && !isComplexValue(x)) {
        const of = name === undefined ? '' : ` of ${name}`;
        throw new TypeError(`${op}: elements must be numbers, bigints, booleans or complex values; got ${fmt(x)} at ${path || 'top level'}${of}`);
      }
      flat.push(x);
      return;
    }
    if (!Array.isArray(x) || x.length !== shape[depth]) {
      throw new StrideViewError(
        'shape_mismatch',
        `${op}: ragged nested sequence at ${path || 'top level'}: expected length ${shape[depth]}, got ${Array.isArray(x) ? `length ${x.length}` : fmt(x)}`,
      );
    }
    for (let i = 0; i < x.length; i++) walk(x[i], depth + 1, `${path}[${i}]`);
  };
  walk(data, 0, '');
  return { shape, flat };
}

/** @internal Nested JS arrays of the elements `flat` (C order) of an array of `shape`: array()'s inverse. */
export function nestedArray(flat: ArrayLike<number | bigint>, shape: readonly number[], d: DType): NestedArray {
  let k = 0;
  const cx = isComplex(d);
  const build = (axis: number): NestedArray => {
    if (axis === shape.length) {
      if (cx) {
        k += 2;
        return new Complex(flat[k - 2] as number, flat[k - 1] as number) as unknown as Scalar; // (complex arrays: Complex leaves)
      }
      return fromStored(d, flat[k++]!);
    }
    const out: NestedArray[] = new Array(shape[axis]!);
    for (let i = 0; i < shape[axis]!; i++) out[i] = build(axis + 1);
    return out;
  };
  return build(0);
}
