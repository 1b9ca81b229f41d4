// NumPy's .npy format (https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html):
//   "\x93NUMPY" major minor, header length (uint16 LE for 1.0, uint32 LE for 2.0 / 3.0), then a
//   Python dict literal {'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), } padded with
//   spaces and ending in '\n' so that the data starts at a multiple of 64 bytes; then the raw data.
import { type DType, info } from './dtype.js';
import { StrideViewError, fmt } from './errors.js';
import { NDArray, empty } from './ndarray.js';
import { heapBuffer } from './runtime.js';
import { type SigRef, bind } from './signature.js';

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

// descr type char + size -> dtype
const FROM_DESCR: Record<string, DType> = {
  f2: 'float16',
  f4: 'float32',
  f8: 'float64',
  i1: 'int8',
  u1: 'uint8',
  i2: 'int16',
  u2: 'uint16',
  i4: 'int32',
  u4: 'uint32',
  i8: 'int64',
  u8: 'uint64',
  b1: 'bool',
  c8: 'complex64',
  c16: 'complex128',
};

const TO_DESCR: Record<DType, string> = {
  float32: '<f4',
  float64: '<f8',
  int8: '|i1',
  uint8: '|u1',
  int16: '<i2',
  uint16: '<u2',
  int32: '<i4',
  uint32: '<u4',
  int64: '<i8',
  uint64: '<u8',
  bool: '|b1',
  complex64: '<c8',
  complex128: '<c16',
  float16: '<f2',
};

const HOST_LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function bad(msg: string): StrideViewError {
  return new StrideViewError('invalid_argument', `loadNpy: ${msg}`);
}

// ------------------------------------------------------------------------- header literal parser

type PyValue = string | number | boolean | null | PyValue[] | { [k: string]: PyValue };

/** Parses the Python literal subset .npy headers use: dict, tuple, list, str, int, True/False/None. */
function parsePy(src: string): PyValue {
  let i = 0;
  const ws = () => {
    while (i < src.length && /\s/.test(src[i]!)) i++;
  };
  const value = (): PyValue => {
    ws();
    const c = src[i];
    if (c === undefined) throw bad('header ends early');
    if (c === '{') {
      i++;
      const obj: { [k: string]: PyValue } = {};
      for (;;) {
        ws();
        if (src[i] === '}') {
          i++;
          return obj;
        }
        const k = value();
        if (typeof k !== 'string') throw bad(`header dict key ${fmt(k)} is not a string`);
        ws();
        if (src[i] !== ':') throw bad(`expected ':' at header position ${i}`);
        i++;
        obj[k] = value();
        ws();
        if (src[i] === ',') i++;
        else if (src[i] !== '}') throw bad(`expected ',' or '}' at header position ${i}`);
      }
    }
    if (c === '(' || c === '[') {
      const close = c === '(' ? ')' : ']';
      i++;
      const arr: PyValue[] = [];
      for (;;) {
        ws();
        if (src[i] === close) {
          i++;
          return arr;
        }
        arr.push(value());
        ws();
        if (src[i] === ',') i++;
        else if (src[i] !== close) throw bad(`expected ',' or '${close}' at header position ${i}`);
      }
    }
    if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw bad('unterminated string in header');
      const s = src.slice(i + 1, end);
      i = end + 1;
      return s;
    }
    const m = /^(True|False|None|-?\d+L?)/.exec(src.slice(i));
    if (!m) throw bad(`unexpected ${JSON.stringify(src.slice(i, i + 10))} at header position ${i}`);
    i += m[0].length;
    if (m[0] === 'True') return true;
    if (m[0] === 'False') return false;
    if (m[0] === 'None') return null;
    return Number(m[0].replace('L', ''));
  };
  const v = value();
  ws();
  if (i !== src.length) throw bad(`trailing characters in header at position ${i}`);
  return v;
}

// ------------------------------------------------------------------------- load

function toBytes(op: string, b: unknown): Uint8Array {
  if (b instanceof Uint8Array) return b;
  if (b instanceof ArrayBuffer) return new Uint8Array(b);
  if (ArrayBuffer.isView(b)) return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  throw new TypeError(`${op}: bytes must be a Uint8Array (or ArrayBuffer / typed array), got ${fmt(b)}`);
}

const LOAD_NPY: SigRef = { sig: '-: loadNpy(bytes: Uint8Array | ArrayBuffer | ArrayBufferView) -> NDArray' };
/**
 * Reads a NumPy `.npy` file (format 1.0, 2.0 or 3.0) into a new NDArray.
 *
 * Supported dtypes: `f2 f4 f8 i1 u1 i2 u2 i4 u4 i8 u8 b1`, little- or big-endian (big-endian data is
 * byte-swapped on load). C-order files give a C-contiguous array; Fortran-order files give an array
 * that owns its buffer with Fortran strides (no extra copy; `.contiguous()` makes it C order).
 *
 * Throws TypeError when `bytes` is not binary data, and StrideViewError `invalid_argument` for a
 * bad magic string, a malformed header, object / structured / unsupported dtypes (the message names
 * the descr), or data shorter than the header's shape needs.
 *
 * @example
 * ```js
 * import { readFileSync } from 'node:fs';
 * const a = loadNpy(readFileSync('image.npy'));
 * ```
 */
// @overloads LOAD_NPY
export function loadNpy(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): NDArray;
// @end
export function loadNpy(...args: unknown[]): NDArray {
  const b = toBytes('loadNpy', args.length === 1 ? args[0] : bind(LOAD_NPY, args)[0]);
  if (b.length < 10 || MAGIC.some((m, k) => b[k] !== m)) {
    throw bad(`not a .npy file (bad magic: expected \\x93NUMPY, got ${JSON.stringify(String.fromCharCode(...b.subarray(0, 6)))})`);
  }
  const major = b[6]!;
  const minor = b[7]!;
  let hlen: number;
  let start: number;
  if (major === 1) {
    hlen = b[8]! | (b[9]! << 8);
    start = 10;
  } else if (major === 2 || major === 3) {
    if (b.length < 12) throw bad('truncated header length');
    hlen = (b[8]! | (b[9]! << 8) | (b[10]! << 16)) + b[11]! * 0x1000000;
    start = 12;
  } else {
    throw bad(`unsupported format version ${major}.${minor} (1.0, 2.0 and 3.0 are read)`);
  }
  if (start + hlen > b.length) {
    throw bad(`truncated header: needs ${hlen} bytes after byte ${start}, the file has ${b.length} bytes`);
  }
  const hb = b.subarray(start, start + hlen);
  let text = '';
  if (major === 3) text = new TextDecoder('utf-8').decode(hb);
  else for (let k = 0; k < hb.length; k++) text += String.fromCharCode(hb[k]!);
  const h = parsePy(text);
  if (h === null || typeof h !== 'object' || Array.isArray(h)) throw bad('header is not a dict');
  const descr = h['descr'];
  const fortran = h['fortran_order'];
  const shapeV = h['shape'];
  if (typeof descr !== 'string') {
    if (Array.isArray(descr)) throw bad(`structured dtypes are not supported (descr ${JSON.stringify(text.trim())})`);
    throw bad(`header has no descr string (${JSON.stringify(text.trim())})`);
  }
  if (typeof fortran !== 'boolean') throw bad(`header fortran_order must be True or False, got ${fmt(fortran)}`);
  if (!Array.isArray(shapeV) || shapeV.some((d) => typeof d !== 'number' || !Number.isSafeInteger(d) || d < 0)) {
    throw bad(`header shape must be a tuple of non-negative integers, got ${fmt(shapeV)}`);
  }
  const shape = shapeV as number[];
  if (/^[|<>=]?O/.test(descr)) {
    throw bad(`object arrays (descr '${descr}') are not supported: save with allow_pickle=False from a numeric dtype`);
  }
  const m = /^([<>|=]?)([a-zA-Z?])(\d*)$/.exec(descr);
  let key = m ? `${m[2]}${m[3]}` : '';
  if (key === '?') key = 'b1';
  const dtype = FROM_DESCR[key];
  if (!m || dtype === undefined) {
    throw bad(`unsupported dtype descr '${descr}' (supported: ${Object.keys(FROM_DESCR).join(' ')}, any byte order)`);
  }
  const size = info(dtype).size;
  const big = m[1] === '>' || (m[1] === '=' && !HOST_LITTLE);
  let numel = 1;
  for (const d of shape) numel *= d;
  if (!Number.isSafeInteger(numel * size)) throw bad(`shape ${fmt(shape)} is too large`);
  const dataStart = start + hlen;
  const nbytes = numel * size;
  if (b.length - dataStart < nbytes) {
    throw bad(
      `truncated data: shape ${fmt(shape)} of ${descr} needs ${nbytes} bytes, the file has ${b.length - dataStart} after the header`,
    );
  }
  // Fortran order: the bytes are the C-order layout of the reversed shape, read with its axes
  // reversed (the engine's permute gives the Fortran strides).
  const out = empty(fortran ? shape.slice().reverse() : shape, dtype);
  if (fortran && shape.length > 1) out._setView(out.view.permute(shape.map((_, k) => shape.length - 1 - k)));
  if (nbytes === 0) return out;
  const dst = new Uint8Array(heapBuffer(), out._s.ptr, nbytes);
  dst.set(b.subarray(dataStart, dataStart + nbytes));
  // (complex: each part is swapped, the real part staying first)
  const unit = size / info(dtype).lanes;
  if (unit > 1 && big === HOST_LITTLE) {
    for (let p = 0; p < nbytes; p += unit) {
      for (let x = 0, y = unit - 1; x < y; x++, y--) {
        const t = dst[p + x]!;
        dst[p + x] = dst[p + y]!;
        dst[p + y] = t;
      }
    }
  }
  if (dtype === 'bool') {
    for (let p = 0; p < nbytes; p++) if (dst[p]! > 1) dst[p] = 1;
  }
  return out;
}

// ------------------------------------------------------------------------- save

const SAVE_NPY: SigRef = { sig: '-: saveNpy(a: NDArray) -> Uint8Array' };
/**
 * Writes an NDArray as a NumPy `.npy` file: format 1.0 (2.0 only when the header exceeds 65535
 * bytes), little-endian, C order. Any view works (strided, broadcast, padded: the elements are
 * written as they read). `numpy.load` reads the result.
 *
 * @example
 * ```js
 * import { writeFileSync } from 'node:fs';
 * writeFileSync('out.npy', saveNpy(arange(6).reshape([2, 3])));
 * ```
 */
// @overloads SAVE_NPY
export function saveNpy(a: NDArray): Uint8Array;
// @end
export function saveNpy(...args: unknown[]): Uint8Array {
  const a = args.length === 1 ? args[0] : bind(SAVE_NPY, args)[0];
  if (!(a instanceof NDArray)) throw new TypeError(`saveNpy: expected an NDArray as a, got ${fmt(a)}`);
  a._check('saveNpy');
  const shape = a.shape;
  const tuple = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  const dtype: DType = a.dtype;
  let header = `{'descr': '${TO_DESCR[dtype]}', 'fortran_order': False, 'shape': ${tuple}, }`;
  let major = 1;
  let pre = 10;
  if (header.length + 1 + pre > 0xffff + pre) {
    major = 2;
    pre = 12;
  }
  const total = Math.ceil((pre + header.length + 1) / 64) * 64;
  header = header + ' '.repeat(total - pre - header.length - 1) + '\n';
  const nbytes = a.size * info(a.dtype).size;
  const out = new Uint8Array(total + nbytes);
  out.set(MAGIC, 0);
  out[6] = major;
  out[7] = 0;
  const hl = total - pre;
  out[8] = hl & 0xff;
  out[9] = (hl >>> 8) & 0xff;
  if (major === 2) {
    out[10] = (hl >>> 16) & 0xff;
    out[11] = (hl >>> 24) & 0xff;
  }
  for (let k = 0; k < header.length; k++) out[pre + k] = header.charCodeAt(k);
  // The elements in C order, straight from WASM memory (views are materialised by the kernels first).
  const src = a.isCContiguous && a.size <= a._s.length ? a : a._materialize('saveNpy');
  try {
    out.set(new Uint8Array(heapBuffer(), src._s.ptr, nbytes), total);
  } finally {
    if (src !== a) src.dispose();
  }
  const size = info(a.dtype).size;
  if (!HOST_LITTLE && size > 1) {
    for (let p = total; p < out.length; p += size) out.subarray(p, p + size).reverse();
  }
  return out;
}
