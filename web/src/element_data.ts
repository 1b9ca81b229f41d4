// What a <stride-view> starts from: `arange` over its `shape`, or its own data (the `data`
// attribute as JSON text, or the `data` property: nested lists, a typed array, an NDArray or an
// ndarray-like { data, shape }), in its `dtype`. Also the text of each element as the element shows
// it. Only the package's public API is used (the engine comes from ./index.js, never bundled twice).
import { arange, array, DTYPES, float16ToNumber, fromNdarrayLike, fromTypedArray, NDArray, numberToFloat16, type DType } from './index.js';

// Every export is internal to strideview/element (element.ts re-exports MAX_BASE):
// stripped from the declarations, so the main entry's index.d.ts does not declare them.

/** @internal Largest number of elements a <stride-view> starts from (its `shape`, or its `data`). */
export const MAX_BASE = 4096;

/** @internal Malformed or inconsistent attribute text or property value: reported with code 'input'. */
export class InputError extends Error {}

/** @internal */
export function list(xs: readonly (number | string)[]): string {
  return `[${xs.join(', ')}]`;
}

const count = (shape: readonly number[]) => shape.reduce((p, d) => p * d, 1);

/** @internal */
export function parseShape(text: string): number[] {
  const t = text.trim().replace(/^[[(]\s*/, '').replace(/\s*[\])]$/, '');
  if (t === '') return [];
  return t.split(/[\s,x×]+/).filter((s) => s !== '').map((s) => {
    if (!/^\d+$/.test(s)) throw new InputError(`shape: "${s}" is not a size (write e.g. 3,4)`);
    return Number(s);
  });
}

/** @internal */
export function parseDType(text: string | null): DType | null {
  const t = text === null ? '' : text.trim();
  if (t === '') return null;
  // the element draws real elements: the complex dtypes are refused by name
  const real = DTYPES.filter((d) => d !== 'complex64' && d !== 'complex128');
  if (t === 'complex64' || t === 'complex128') {
    throw new InputError(`dtype: ${t}: <stride-view> shows real elements; use one of ${real.join(', ')} (a complex array's parts are real views: a.real, a.imag)`);
  }
  if (!(real as readonly string[]).includes(t)) throw new InputError(`dtype: "${t}" is not a dtype; use one of ${real.join(', ')}`);
  return t as DType;
}

function checkSize(what: string, shape: readonly number[]): void {
  const n = count(shape);
  if (n > MAX_BASE) {
    throw new InputError(`${what}: ${list(shape)} has ${n} elements; <stride-view> starts from at most ${MAX_BASE}`);
  }
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (typeof v === 'string') return JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v);
  if (v === null || typeof v !== 'object') return String(v);
  return 'an object';
}

const path = (at: readonly number[]) => `data${at.map((i) => `[${i}]`).join('')}`;

// Integer dtypes: the values a JS number may hold to be stored (after dropping its fraction), as
// NumPy 2 refuses np.array([300], dtype=np.int8) rather than wrapping or saturating.
const INT_RANGE: Partial<Record<DType, [number, number]>> = {
  int8: [-(2 ** 7), 2 ** 7],
  uint8: [0, 2 ** 8],
  int16: [-(2 ** 15), 2 ** 15],
  uint16: [0, 2 ** 16],
  int32: [-(2 ** 31), 2 ** 31],
  uint32: [0, 2 ** 32],
  int64: [-(2 ** 63), 2 ** 63],
  uint64: [0, 2 ** 64],
};

/**
 * Nested lists of numbers or booleans as NumPy's `np.array(data, dtype)` reads them: the shape from
 * the nesting (ragged lists are an error), the dtype bool when every element is a boolean, int64
 * when every one is an integer (booleans count as 0 and 1), float64 otherwise (and for no
 * elements). `floatText`: the JSON text wrote a float (1.0 parses to the JS number 1).
 */
function fromLists(data: unknown, dtype: DType | null, floatText: boolean): NDArray {
  const shape: number[] = [];
  for (let v = data; Array.isArray(v); v = v[0]) {
    shape.push(v.length);
    if (v.length === 0) break;
  }
  checkSize('data', shape);
  const values: (number | boolean)[] = [];
  let bools = 0;
  let float = floatText;
  const walk = (v: unknown, at: number[]): void => {
    const d = at.length;
    if (d < shape.length) {
      if (!Array.isArray(v) || v.length !== shape[d]) {
        throw new InputError(`data: ragged lists: ${path(at)} is ${describe(v)}, where ${path(at.map(() => 0))} is a list of ${shape[d]}`);
      }
      for (let i = 0; i < v.length; i++) walk(v[i], [...at, i]);
    } else if (typeof v === 'boolean') {
      values.push(v);
      bools++;
    } else if (typeof v === 'number') {
      values.push(v);
      if (!Number.isInteger(v)) float = true;
    } else if (Array.isArray(v)) {
      throw new InputError(`data: ragged lists: ${path(at)} is ${describe(v)}, where ${path(at.map(() => 0))} is not a list`);
    } else {
      throw new InputError(`data: ${path(at)} is ${describe(v)}; the elements are numbers, or true and false`);
    }
  };
  walk(data, []);
  const dt: DType = dtype ?? (values.length > 0 && bools === values.length ? 'bool' : float || values.length === 0 ? 'float64' : 'int64');
  const range = INT_RANGE[dt];
  if (range) {
    values.forEach((v, k) => {
      const t = Math.trunc(Number(v));
      if (!(t >= range[0] && t < range[1])) {
        const at: number[] = [];
        for (let d = shape.length - 1, r = k; d >= 0; d--) {
          at.unshift(r % shape[d]!);
          r = Math.floor(r / shape[d]!);
        }
        throw new InputError(`data: ${path(at)} = ${v} is out of bounds for ${dt} (${range[0]} to ${range[1] - 1})`);
      }
    });
  }
  return array(values, dt).reshape(shape);
}

const NONFINITE: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };

/** JSON text, plus NaN, Infinity and -Infinity (which JSON cannot write). */
function fromText(text: string, dtype: DType | null): NDArray {
  let value: unknown;
  try {
    const json = text.replace(/-?\bInfinity\b|\bNaN\b/g, (m) => `"\\u0000${m}"`);
    value = JSON.parse(json, (_k, v: unknown) => (typeof v === 'string' && v.startsWith('\u0000') ? NONFINITE[v.slice(1)] : v));
  } catch (e) {
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    throw new InputError(`data: ${JSON.stringify(shown)} is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return fromLists(value, dtype, /\d[.eE]|NaN|Infinity/.test(text));
}

/**
 * @internal The array a <stride-view> starts from. `data` undefined: arange over `shapeText` (default 3,4) in
 * `dtype` (default int32). Otherwise the data (its own shape, or reshaped to `shapeText` when given);
 * a string is JSON text as in the attribute. Call inside tidy (the arrays are temporaries).
 */
export function startArray(data: unknown, shapeText: string | null, dtype: DType | null): NDArray {
  if (data === undefined) {
    const shape = parseShape(shapeText ?? '3,4');
    checkSize('shape', shape);
    return arange(0, count(shape), 1, dtype ?? 'int32').reshape(shape);
  }
  let a: NDArray;
  if (typeof data === 'string') {
    a = fromText(data, dtype);
  } else if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
    checkSize('data', [(data as unknown as ArrayLike<unknown>).length]);
    const t = fromTypedArray(data as Parameters<typeof fromTypedArray>[0]);
    a = dtype === null || dtype === t.dtype ? t : t.astype(dtype);
  } else if (data instanceof NDArray) {
    checkSize('data', data.shape);
    a = array(data, { dtype, order: 'C' });
  } else if (data !== null && typeof data === 'object' && !Array.isArray(data) && 'data' in data && 'shape' in data) {
    const shape = (data as { shape: unknown }).shape;
    if (Array.isArray(shape)) checkSize('data', shape as number[]);
    a = array(fromNdarrayLike(data as Parameters<typeof fromNdarrayLike>[0]), { dtype, order: 'C' });
  } else if (Array.isArray(data) || typeof data === 'number' || typeof data === 'boolean') {
    a = fromLists(data, dtype, false);
  } else {
    throw new InputError(
      `data: expected nested lists of numbers (or true and false), JSON text, a typed array, an NDArray or an ndarray-like { data, shape }; got ${describe(data)}`,
    );
  }
  if (shapeText === null) return a;
  const shape = parseShape(shapeText);
  if (count(shape) !== a.size) {
    throw new InputError(`shape: ${list(shape)} has ${count(shape)} elements; the data has ${a.size} (shape ${list(a.shape)})`);
  }
  return a.reshape(shape);
}

/** @internal A float as NumPy prints a scalar of its dtype: the shortest digits that read back to it. */
export function formatFloat(x: number, dtype: DType): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  let y = x;
  if (dtype !== 'float64') {
    const back = dtype === 'float32' ? Math.fround : (v: number) => float16ToNumber(numberToFloat16(v));
    for (let p = 1; p <= 9; p++) {
      const c = Number(x.toPrecision(p));
      if (back(c) === x) {
        y = c;
        break;
      }
    }
  }
  const m = Math.abs(y);
  if (m >= 1e-4 && m < 1e16) {
    const s = String(y);
    return s.includes('.') ? s : `${s}.0`;
  }
  return y.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
}

/** @internal The text of every element of `a` (in C order): True/False, integers, floats as NumPy prints them. */
export function formatElements(a: NDArray): string[] {
  const d = a.dtype;
  const ta = a.toTypedArray() as ArrayLike<number | bigint>;
  const out: string[] = new Array<string>(ta.length);
  const isFloat = d === 'float64' || d === 'float32' || d === 'float16';
  const bits = d === 'float16' && ta instanceof Uint16Array;
  for (let i = 0; i < ta.length; i++) {
    const v = ta[i]!;
    if (d === 'bool') out[i] = v ? 'True' : 'False';
    else if (!isFloat) out[i] = String(v);
    else out[i] = formatFloat(bits ? float16ToNumber(v as number) : (v as number), d);
  }
  return out;
}
