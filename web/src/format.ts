// NumPy's array repr for NDArray.toString and util.inspect, by the rules of NumPy 1.24's
// arrayprint: the digits of each float (the shortest string that reads back as the same float16,
// float32 or float64, or the exact value rounded half-even at the precision), positional or scientific
// notation chosen from the range of the magnitudes, columns padded to the widest element, lines
// wrapped at the line width, '...' in arrays above the threshold, and the dtype suffix where the
// values do not imply it; complex elements as NumPy's ComplexFloatingFormat (a column of real parts
// and one of imaginary parts, each formatted as a float array of its own, then 'j'). Also toJSON
// (complex elements as { re, im } objects, Complex.toJSON) and the iteration over the first axis.
import { type DType, FLOAT16_NATIVE, halfToNumber, isBig, numberToHalf, roundFloat16 } from './dtype.js';
import { StrideViewError } from './errors.js';
import type { NDArray } from './ndarray.js';
import { type NestedArray, nestedArray } from './creation.js';
import { L } from './slicing.js';
import { type PrintOptions, activePrintOptions } from './print_options.js';
import { type Elem, itemOf } from './scalar.js';

// ------------------------------------------------------------------------------------ digits

/** Float widths in bits: float16, float32, float64. */
type FloatBits = 16 | 32 | 64;

/** Decimal digits `d` of a positive value, the first one at 10^e (d = '0', e = 0 for zero). */
interface Digits {
  d: string;
  e: number;
}

const bits = new DataView(new ArrayBuffer(8));
const LOG10_2 = 0.30102999566398119521;

/**
 * The decimal digits of x (finite, > 0) read as a float of w bits (16, 32, 64), by the free-format
 * (Steele & White, Dragon4) digit loop on exact big integers. `unique`: stop as soon as the digits
 * identify the float (the interval of values rounding to it, its bounds included when the mantissa
 * is even), rounding the last digit to the nearer neighbour; else produce the exact digits. The
 * digits stop at 10^-cutoff (`total`: after `cutoff` digits) when cutoff >= 0, rounded half-even on
 * the exact value; `minDigits` >= 0 keeps generating exact digits down to that position.
 */
function floatDigits(x: number, w: FloatBits, unique: boolean, total: boolean, cutoff: number, minDigits: number): Digits {
  let m: bigint;
  let e: number;
  let unequal: boolean;
  let top: number; // index of the highest mantissa bit
  if (w === 16) {
    const b = numberToHalf(x); // x is a float16 value: exact
    const be = (b >>> 10) & 0x1f;
    const f = b & 0x3ff;
    m = BigInt(be === 0 ? f : f | 0x400);
    e = be === 0 ? -24 : be - 25;
    unequal = f === 0 && be > 1;
    top = be === 0 ? 31 - Math.clz32(f) : 10;
  } else if (w === 32) {
    bits.setFloat32(0, x);
    const b = bits.getUint32(0);
    const be = (b >>> 23) & 0xff;
    const f = b & 0x7fffff;
    m = BigInt(be === 0 ? f : f | 0x800000);
    e = be === 0 ? -149 : be - 150;
    unequal = f === 0 && be > 1;
    top = be === 0 ? 31 - Math.clz32(f) : 23;
  } else {
    bits.setFloat64(0, x);
    const hi = bits.getUint32(0);
    const lo = bits.getUint32(4);
    const be = (hi >>> 20) & 0x7ff;
    const f = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    m = be === 0 ? f : f | (1n << 52n);
    e = be === 0 ? -1074 : be - 1075;
    unequal = f === 0n && be > 1;
    top = be === 0 ? m.toString(2).length - 1 : 52;
  }
  // value = r / s; the half-way points to the neighbours are r -+ lo / s and r + lo * hiMul / s
  let r: bigint;
  let s: bigint;
  let lo: bigint;
  const hiMul = unequal ? 2n : 1n;
  if (e > 0) {
    lo = 1n << BigInt(e);
    r = m * lo * (unequal ? 4n : 2n);
    s = unequal ? 4n : 2n;
  } else {
    lo = 1n;
    r = m * (unequal ? 4n : 2n);
    s = 1n << BigInt(-e + (unequal ? 2 : 1));
  }
  // k: the power of ten just above the value (the estimate is exact or one too low)
  let k = Math.ceil((top + e) * LOG10_2 - 0.69);
  if (cutoff >= 0 && !total && k <= -cutoff) k = -cutoff + 1;
  if (k > 0) s *= 10n ** BigInt(k);
  else if (k < 0) {
    const p = 10n ** BigInt(-k);
    r *= p;
    lo *= p;
  }
  if (r >= s) k++;
  else {
    r *= 10n;
    lo *= 10n;
  }
  let first = k - 1;
  const cutoffAt = cutoff < 0 ? -Infinity : total ? k - cutoff : -cutoff;
  const minAt = minDigits < 0 ? Infinity : total ? k - minDigits : -minDigits;
  const even = (m & 1n) === 0n;
  let out = '';
  let d: number;
  let low = false;
  let high = false;
  for (;;) {
    k--;
    const q = r / s;
    r -= q * s;
    d = Number(q);
    if (unique) {
      low = even ? r <= lo : r < lo;
      high = even ? r + lo * hiMul >= s : r + lo * hiMul > s;
      if (((low || high) && k <= minAt) || k === cutoffAt) break;
    } else if (r === 0n || k === cutoffAt) break;
    out += d;
    r *= 10n;
    lo *= 10n;
  }
  let down = low;
  if (low === high) {
    const c = 2n * r - s;
    down = c < 0n || (c === 0n && (d & 1) === 0);
  }
  if (down) out += d;
  else if (d < 9) out += d + 1;
  else {
    out = out.replace(/9+$/, '');
    if (out === '') {
      out = '1';
      first++;
    } else out = out.slice(0, -1) + String(Number(out[out.length - 1]) + 1);
  }
  return { d: out, e: first };
}

/** How one float prints (NumPy's dragon4_positional / dragon4_scientific arguments). */
interface FloatStyle {
  precision: number; // -1: none
  unique: boolean;
  minDigits: number; // -1: none
  trim: 'k' | '.'; // 'k': keep trailing zeros; '.': drop them, keep the point
  plus: boolean; // '+' before positive values
  padLeft: number; // characters before the point (with the sign); -1: none
  padRight: number; // characters after the point (positional); -1: none
  expDigits: number; // exponent digits at least (scientific); -1: 2
}

function digitsOf(x: number, w: FloatBits, st: FloatStyle, total: boolean): Digits {
  if (x === 0) return { d: '0'.repeat(1 + Math.max(0, st.minDigits)), e: 0 };
  const cut = total ? (st.precision < 0 ? -1 : st.precision + 1) : st.precision;
  const min = total ? (st.minDigits < 0 ? -1 : st.minDigits + 1) : st.minDigits;
  return floatDigits(Math.abs(x), w, st.unique, total, cut, min);
}

function signOf(x: number, st: FloatStyle): string {
  return x < 0 || Object.is(x, -0) ? '-' : st.plus ? '+' : '';
}

function trimmed(frac: string, st: FloatStyle): string {
  if (st.minDigits > frac.length) frac += '0'.repeat(st.minDigits - frac.length); // a rounding carry ate the zeros
  if (st.trim === 'k' && !st.unique && st.precision > frac.length) return frac + '0'.repeat(st.precision - frac.length);
  if (st.precision >= 0 && st.trim !== 'k') return frac.replace(/0+$/, '');
  return frac;
}

/** x in positional notation ('12.5', '0.001'), padded as st says. */
function positional(x: number, w: FloatBits, st: FloatStyle): string {
  const sign = signOf(x, st);
  const { d, e } = digitsOf(x, w, st, false);
  let whole: string;
  let frac: string;
  if (e >= 0) {
    whole = d.length <= e + 1 ? d + '0'.repeat(e + 1 - d.length) : d.slice(0, e + 1);
    frac = d.slice(e + 1);
  } else {
    whole = '0';
    frac = '0'.repeat(-e - 1) + d;
  }
  frac = trimmed(frac, st);
  if (st.padRight >= frac.length) frac += ' '.repeat(st.padRight - frac.length);
  const left = st.padLeft - whole.length - sign.length;
  return (left > 0 ? ' '.repeat(left) : '') + sign + whole + '.' + frac;
}

/** x in scientific notation ('1.25e-05'), padded as st says. */
function scientific(x: number, w: FloatBits, st: FloatStyle): string {
  const sign = signOf(x, st);
  const { d, e } = digitsOf(x, w, st, true);
  const frac = trimmed(d.slice(1), st);
  const exp = String(Math.abs(e)).padStart(st.expDigits < 0 ? 2 : st.expDigits, '0');
  const left = st.padLeft - 1 - sign.length;
  return (left > 0 ? ' '.repeat(left) : '') + sign + d[0] + '.' + frac + 'e' + (e < 0 ? '-' : '+') + exp;
}

// ------------------------------------------------------------------------------------ elements

type Formatter = (v: number | bigint) => string;

/** The float formatter for a set of values (NumPy's FloatingFormat): one style for them all. */
function floatFormatter(vals: ArrayLike<number>, w: FloatBits, o: Readonly<PrintOptions>, sign: PrintOptions['sign'] = o.sign): Formatter {
  const finite: number[] = [];
  let negInf = false;
  for (let i = 0; i < vals.length; i++) {
    const v = vals[i]!;
    if (Number.isFinite(v)) finite.push(v);
    else if (v === -Infinity) negInf = true;
  }
  let maxAbs = 0;
  let minAbs = Infinity;
  for (const v of finite) {
    const a = Math.abs(v);
    if (a === 0) continue;
    if (a > maxAbs) maxAbs = a;
    if (a < minAbs) minAbs = a;
  }
  let exp = false;
  if (maxAbs > 0) {
    const q = maxAbs / minAbs; // NumPy divides in the array's dtype
    const ratio = w === 16 ? roundFloat16(q) : w === 32 ? Math.fround(q) : q;
    exp = maxAbs >= 1e8 || (!o.suppress && (minAbs < 0.0001 || ratio > 1000));
  }
  const fixed = o.floatmode === 'fixed';
  const st: FloatStyle = {
    precision: o.floatmode === 'unique' ? -1 : o.precision,
    unique: !fixed,
    minDigits: -1,
    trim: fixed ? 'k' : '.',
    plus: sign === '+',
    padLeft: -1,
    padRight: -1,
    expDigits: -1,
  };
  let padLeft = 0;
  let padRight = 0;
  if (finite.length === 0) {
    st.trim = '.';
    st.unique = true;
  } else if (exp) {
    let expSize = 0;
    let precision = 0;
    for (const v of finite) {
      const s = scientific(v, w, st);
      const at = s.indexOf('e');
      const dot = s.indexOf('.');
      padLeft = Math.max(padLeft, dot);
      precision = Math.max(precision, at - dot - 1);
      expSize = Math.max(expSize, s.length - at - 2);
    }
    Object.assign(st, { trim: 'k', precision, minDigits: precision, expDigits: expSize });
    padRight = expSize + 2 + precision;
  } else {
    for (const v of finite) {
      const s = positional(v, w, st);
      const dot = s.indexOf('.');
      padLeft = Math.max(padLeft, dot);
      padRight = Math.max(padRight, s.length - dot - 1);
    }
    if (fixed || o.floatmode === 'maxprec_equal') Object.assign(st, { precision: padRight, minDigits: padRight, trim: 'k' });
    else st.minDigits = 0;
  }
  if (sign === ' ' && !finite.some((v) => v < 0 || Object.is(v, -0))) padLeft++;
  if (finite.length !== vals.length) {
    const infLen = sign !== '-' || negInf ? 4 : 3;
    padLeft = Math.max(padLeft, 3 - (padRight + 1), infLen - (padRight + 1));
  }
  st.padLeft = padLeft;
  if (!exp) st.padRight = padRight;
  const width = padLeft + padRight + 1;
  return (v) => {
    const x = v as number;
    if (Number.isFinite(x)) return exp ? scientific(x, w, st) : positional(x, w, st);
    const s = Number.isNaN(x) ? (st.plus ? '+nan' : 'nan') : (x < 0 ? '-' : st.plus ? '+' : '') + 'inf';
    return s.padStart(width);
  };
}

/**
 * The complex formatter (NumPy's ComplexFloatingFormat): the real parts formatted as one float
 * column, the imaginary parts as another with a '+' sign always, 'j' before the imaginary column's
 * right padding. `vals` holds the (re, im) pairs.
 */
function complexFormatter(vals: ArrayLike<number>, w: FloatBits, o: Readonly<PrintOptions>): (i: number) => string {
  const n = vals.length / 2;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    re[i] = vals[2 * i]!;
    im[i] = vals[2 * i + 1]!;
  }
  const fr = floatFormatter(re, w, o);
  const fi = floatFormatter(im, w, o, '+');
  return (i) => {
    const t = fi(im[i]!);
    const sp = t.trimEnd().length;
    return fr(re[i]!) + t.slice(0, sp) + 'j' + t.slice(sp);
  };
}

/** The formatter of element i (its flat position in `vals`, C order) for a set of values. */
function formatterFor(dtype: DType, vals: ArrayLike<number | bigint>, zeroD: boolean, o: Readonly<PrintOptions>): (i: number) => string {
  if (dtype === 'complex64' || dtype === 'complex128') return complexFormatter(vals as ArrayLike<number>, dtype === 'complex64' ? 32 : 64, o);
  if (dtype === 'bool') {
    const t = zeroD ? 'True' : ' True';
    return (i) => (vals[i] ? t : 'False');
  }
  if (dtype === 'float32' || dtype === 'float64' || dtype === 'float16') {
    const f = floatFormatter(vals as ArrayLike<number>, dtype === 'float16' ? 16 : dtype === 'float32' ? 32 : 64, o);
    return (i) => f(vals[i]!);
  }
  let w = 0;
  for (let i = 0; i < vals.length; i++) w = Math.max(w, String(vals[i]).length);
  return (i) => String(vals[i]).padStart(w);
}

// ------------------------------------------------------------------------------------ arrays

/** Appends word to the line, first breaking the line when it would grow past width. */
function extend(out: { s: string; line: string }, word: string, width: number, indent: string): void {
  if (out.line.length + word.length > width && out.line.length > indent.length) {
    out.s += out.line.trimEnd() + '\n';
    out.line = indent;
  }
  out.line += word;
}

/** The bracketed text of the elements (NumPy's array2string with separator ', '). */
function arrayText(a: NDArray, o: Readonly<PrintOptions>, width: number, prefix: string): string {
  const shape = a.shape;
  const nd = shape.length;
  const summarise = a.size > o.threshold;
  const edge = o.edgeitems;
  // The kept positions per axis (NumPy keeps the leading and trailing `edgeitems` of each axis
  // longer than twice that; with edgeitems 0 it keeps the whole axis and shows only the last item).
  const kept = shape.map((n) =>
    summarise && edge > 0 && n > 2 * edge ? [...Array(edge).keys(), ...Array.from({ length: edge }, (_, i) => n - edge + i)] : null,
  );
  let vals: ArrayLike<number | bigint>;
  if (kept.some((k) => k !== null)) {
    const corner = a.slice(...kept.map((k, i) => L(k ?? [...Array(shape[i]!).keys()])));
    try {
      vals = corner.toTypedArray() as ArrayLike<number | bigint>;
    } finally {
      corner.dispose();
    }
  } else vals = a.toTypedArray() as ArrayLike<number | bigint>;
  if (a.dtype === 'float16' && !FLOAT16_NATIVE) vals = Array.from(vals as Uint16Array, halfToNumber); // bits -> values
  const f = formatterFor(a.dtype, vals, nd === 0, o);
  const cshape = shape.map((n, i) => kept[i]?.length ?? n);
  const cstride = new Array<number>(nd);
  for (let i = nd - 1, p = 1; i >= 0; i--) {
    cstride[i] = p;
    p *= cshape[i]!;
  }
  const rec = (axis: number, at: number, hang: string, w: number): string => {
    if (axis === nd) return f(at);
    const n = shape[axis]!;
    const cn = cshape[axis]!;
    const st = cstride[axis]!;
    const summary = summarise && 2 * edge < n;
    const lead = summary ? edge : 0;
    const trail = summary ? edge : n;
    const inner = hang + ' ';
    let s = '';
    if (axis === nd - 1) {
      const ew = w - 1; // room for ',' or ']'
      const out = { s: '', line: hang };
      for (let i = 0; i < lead; i++) {
        extend(out, rec(axis + 1, at + i * st, inner, w - 1), ew, hang);
        out.line += ', ';
      }
      if (summary) {
        extend(out, '...', ew, hang);
        out.line += ', ';
      }
      for (let i = trail; i > 1; i--) {
        extend(out, rec(axis + 1, at + (cn - i) * st, inner, w - 1), ew, hang);
        out.line += ', ';
      }
      extend(out, rec(axis + 1, at + (cn - 1) * st, inner, w - 1), ew, hang);
      s = out.s + out.line;
    } else {
      const sep = ',' + '\n'.repeat(nd - axis - 1);
      for (let i = 0; i < lead; i++) s += hang + rec(axis + 1, at + i * st, inner, w - 1) + sep;
      if (summary) s += hang + '...' + sep;
      for (let i = trail; i > 1; i--) s += hang + rec(axis + 1, at + (cn - i) * st, inner, w - 1) + sep;
      s += hang + rec(axis + 1, at + (cn - 1) * st, inner, w - 1);
    }
    return '[' + s.slice(hang.length) + ']';
  };
  return rec(0, 0, ' '.repeat(prefix.length + 1), width);
}

/** @internal NumPy's repr of the array: `array([[0., 1.],\n       [2., 3.]], dtype=float32)`. */
export function formatRepr(a: NDArray): string {
  if (a.isDisposed) return 'NDArray(<disposed>)';
  const o = activePrintOptions();
  const shape = a.shape;
  const dtype = a.dtype;
  const implied = (dtype === 'float64' || dtype === 'complex128' || dtype === 'int64' || dtype === 'bool') && a.size > 0;
  const prefix = 'array(';
  const suffix = implied ? ')' : ',';
  let body: string;
  if (a.size > 0) body = arrayText(a, o, o.linewidth - suffix.length, prefix);
  else if (shape.length === 1) body = '[]';
  else body = `[], shape=(${shape.join(', ')}${shape.length === 1 ? ',' : ''})`;
  const text = prefix + body + suffix;
  if (implied) return text;
  const tail = `dtype=${dtype})`;
  const last = text.length - (text.lastIndexOf('\n') + 1);
  return text + (last + tail.length + 1 > o.linewidth ? '\n' + ' '.repeat(prefix.length) : ' ') + tail;
}

// ------------------------------------------------------------------------------------ JSON, iteration

/**
 * @internal Nested arrays of the values for JSON.stringify (bool as booleans; int64/uint64 as numbers when
 * every value is within +-Number.MAX_SAFE_INTEGER, else an `overflow` error naming the element).
 */
export function jsonArray(a: NDArray): NestedArray {
  const op = 'toJSON';
  a._check(op);
  const flat = a.toTypedArray();
  const shape = a.shape;
  if (!isBig(a.dtype)) return nestedArray(flat as ArrayLike<number>, shape, a.dtype);
  const big = flat as BigInt64Array | BigUint64Array;
  const nums = new Array<number>(big.length);
  const lim = BigInt(Number.MAX_SAFE_INTEGER);
  for (let i = 0; i < big.length; i++) {
    const v = big[i]!;
    if (v > lim || v < -lim) {
      const idx = shape.map(() => 0);
      for (let j = shape.length - 1, r = i; j >= 0; j--) {
        idx[j] = r % shape[j]!;
        r = Math.floor(r / shape[j]!);
      }
      throw new StrideViewError(
        'overflow',
        `${op}: element [${idx.join(', ')}] of the ${a.dtype} array is ${v}, beyond Number.MAX_SAFE_INTEGER (2^53 - 1): ` +
          'a JSON number cannot hold it exactly (toTypedArray() gives bigints)',
      );
    }
    nums[i] = Number(v);
  }
  return nestedArray(nums, shape, 'float64');
}

/** @internal The items along the first axis: views of the sub-arrays, or the elements of a 1-d array. */
export function firstAxisItems(a: NDArray): IterableIterator<NDArray | Elem> {
  a._check('iterate');
  if (a.ndim === 0) throw new TypeError('iterate: iteration over a 0-d array (it has no first axis; item() gives its value)');
  const n = a.shape[0]!;
  let i = 0;
  const it: IterableIterator<NDArray | Elem> = {
    next: () =>
      i < n ? { value: a.ndim === 1 ? itemOf(a, 'iterate', [i++]) : a.slice(i++), done: false } : { value: undefined, done: true },
    [Symbol.iterator]: () => it,
  };
  return it;
}

/**
 * @internal Gives the array class its printing hooks: toString (the repr), Node's util.inspect and
 * Deno's custom inspect (console.log prints the repr, never the internals), Symbol.toStringTag, toJSON, and the
 * iterator over the first axis (methods on the prototype, not enumerable, as class methods are).
 * For browser consoles: the class keeps its name in minified bundles (Chrome's console shows
 * `NDArray {...}`, not a one-letter name), and a DevTools custom formatter shows the repr when the
 * console's "Enable custom formatters" setting is on (Chrome, Firefox).
 */
export function installArrayHooks(cls: { prototype: NDArray }): void {
  const method = (f: (a: NDArray) => unknown) => ({
    value: function (this: NDArray) {
      return f(this);
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperties(cls.prototype, {
    toString: method(formatRepr),
    [Symbol.for('nodejs.util.inspect.custom')]: method(formatRepr), // Node, Bun
    [Symbol.for('Deno.customInspect')]: method(formatRepr), // Deno's console.log
    [Symbol.toStringTag]: { get: () => 'NDArray', configurable: true },
    toJSON: method(jsonArray),
    [Symbol.iterator]: method(firstAxisItems),
  });
  Object.defineProperty(cls, 'name', { value: 'NDArray' });
  const g = globalThis as { window?: unknown; devtoolsFormatters?: unknown[] };
  if (typeof g.window === 'object' && g.window !== null) {
    const header = (x: unknown): unknown[] | null => {
      if (!(x instanceof (cls as unknown as typeof Object))) return null;
      try {
        return ['span', { style: 'white-space: pre; font-family: monospace' }, formatRepr(x as NDArray)];
      } catch {
        return null; // a formatter that throws is dropped by the console: show the object instead
      }
    };
    (g.devtoolsFormatters ??= []).push({ header, hasBody: () => false });
  }
}
