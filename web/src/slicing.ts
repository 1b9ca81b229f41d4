// NumPy indexing: the slice specs (I, R, Rs, L, A, N, E), the parser of slice strings such as
// '1:3, ::-1, None', and the ViewSlice request that applies them (the view rules are C++'s), with
// boolean-mask selection.
import { SliceKind } from './boundary_tables.js';
import { StrideViewError, fmt, toInt, toInts } from './errors.js';
import { full } from './creation.js';
import { gather, gatherMask } from './kernel_client.js';
import type { NDArray } from './ndarray.js';
import { type SigRef, bind, isOptionsObject } from './signature.js';
import { Op, wire } from './wire.js';
import { type View, putView, readView } from './view.js';

// The spec constructors' declarations (positional only, as Python's slice()). Each binds only when
// its argument count is over the declared one, or its last argument is a plain object (an option:
// refused, they have none): R(0, 4, 2) is refused (a step needs Rs), never read as R(0, 4).
const I_SPEC: SigRef = { sig: '-: I(index: number, /) -> SliceSpec' };
const R_SPEC: SigRef = { sig: '-: R(start: number | null = null, stop: number | null = null, /) -> SliceSpec' };
const RS_SPEC: SigRef = { sig: '-: Rs(start: number | null = null, stop: number | null = null, step: number | null = null, /) -> SliceSpec' };
const L_SPEC: SigRef = { sig: '-: L(indices: readonly number[], /) -> SliceSpec' };


/** One entry of {@link NDArray.slice}. */
export type SliceSpec =
  | { readonly kind: 'I'; readonly index: number }
  | { readonly kind: 'R'; readonly start: number | null; readonly stop: number | null; readonly step: number | null }
  | { readonly kind: 'L'; readonly indices: readonly number[] }
  | { readonly kind: 'A' }
  | { readonly kind: 'N' }
  | { readonly kind: 'E' };

// I, R and Rs return plain objects (readonly by type, not frozen: freezing would cost more than
// the slice itself); slice() re-checks their numbers, so a hand-made or mutated spec cannot reach
// C++ unchecked.

/** A single index (drops the axis; negative counts from the end). */
export function I(index: number): SliceSpec {
  if (arguments.length !== 1) bind(I_SPEC, arguments);
  return { kind: 'I', index: toInt('I', 'index', index) };
}
/** A half-open range [start, stop) (null or omitted = open end; clamps like NumPy). */
export function R(start?: number | null, stop?: number | null): SliceSpec {
  if (arguments.length > 2 || isOptionsObject(arguments[arguments.length - 1])) bind(R_SPEC, arguments);
  return { kind: 'R', start: optInt('R', 'start', start), stop: optInt('R', 'stop', stop), step: null };
}
function optInt(op: string, what: string, v: unknown): number | null {
  return v === undefined || v === null ? null : toInt(op, what, v);
}
/** A stepped range (NumPy start:stop:step; negative steps walk backwards; a strided view). */
export function Rs(start?: number | null, stop?: number | null, step?: number | null): SliceSpec {
  if (arguments.length > 3 || isOptionsObject(arguments[arguments.length - 1])) bind(RS_SPEC, arguments);
  const st = optInt('Rs', 'step', step);
  if (st === 0) throw new StrideViewError('invalid_argument', 'Rs: step is 0 (a step must be non-zero)');
  return { kind: 'R', start: optInt('Rs', 'start', start), stop: optInt('Rs', 'stop', stop), step: st };
}
/** A list of indices: gathers (and copies) along the axis. */
export function L(indices: readonly number[]): SliceSpec {
  if (arguments.length !== 1) bind(L_SPEC, arguments);
  return Object.freeze({ kind: 'L', indices: Object.freeze(toInts('L', 'indices', indices)) });
}
/** All of the axis. */
export const A: SliceSpec = Object.freeze({ kind: 'A' });
/** A new axis of size 1 (NumPy None). */
export const N: SliceSpec = Object.freeze({ kind: 'N' });
/** As many A as needed (NumPy ...). */
export const E: SliceSpec = Object.freeze({ kind: 'E' });

function parseIntTok(op: string, tok: string, src: string): number {
  if (!/^[+-]?\d+$/.test(tok)) {
    throw new StrideViewError('invalid_argument', `${op}: cannot parse ${JSON.stringify(tok)} in ${JSON.stringify(src)}`);
  }
  return toInt(op, 'index', Number(tok));
}

/** @internal Parses "1:3, ::-1, None, 2, [0,2], ...". */
export function parseSlice(op: string, src: string): SliceSpec[] {
  if (src.trim() === '') return [];
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of src) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  parts.push(cur);
  return parts.map((raw) => {
    const t = raw.trim();
    if (t === '...') return E;
    if (t === 'None' || t === 'newaxis' || t === 'np.newaxis') return N;
    if (t.startsWith('[') && t.endsWith(']')) {
      const inner = t.slice(1, -1).trim();
      return L(inner === '' ? [] : inner.split(',').map((x) => parseIntTok(op, x.trim(), src)));
    }
    if (t.includes(':')) {
      const p = t.split(':').map((x) => x.trim());
      if (p.length > 3) {
        throw new StrideViewError('invalid_argument', `${op}: cannot parse ${JSON.stringify(t)} in ${JSON.stringify(src)}`);
      }
      const v = p.map((x) => (x === '' ? null : parseIntTok(op, x, src)));
      return Rs(v[0], v[1], v[2] ?? null);
    }
    return I(parseIntTok(op, t, src));
  });
}

// A number of spec i (an integer; a bigint converts), checked again at use.
function specInt(op: string, i: number, what: string, v: unknown): number {
  return Number.isSafeInteger(v) ? (v as number) : toInt(op, `spec ${i} ${what}`, v);
}

// Slice strings as their encoded request (the numbers after the view, checked once) and their
// list specs, so that a loop slicing with the same string parses and encodes it once. Bounded:
// cleared when full.
interface EncodedSlice {
  readonly enc: readonly number[];
  readonly lists: (readonly number[])[] | null;
}
const sliceCache = new Map<string, EncodedSlice>();

function toSpec(op: string, s: unknown, i: number): SliceSpec {
  if (Number.isSafeInteger(s)) return { kind: 'I', index: s as number };
  if (typeof s === 'number' || typeof s === 'bigint') return I(toInt(op, `index ${i}`, s));
  if (s === null || s === undefined) return A;
  if (Array.isArray(s)) return L(s as number[]);
  if (typeof s === 'object' && typeof (s as { kind?: unknown }).kind === 'string') {
    // Hand-built spec objects are validated as I / Rs / L validate theirs (errors name the op).
    const o = s as { kind: string; index?: unknown; start?: unknown; stop?: unknown; step?: unknown; indices?: unknown };
    const k = o.kind;
    if (k === 'A' || k === 'N' || k === 'E') return s as SliceSpec;
    if (k === 'I') return { kind: 'I', index: toInt(op, `index ${i}`, o.index) };
    if (k === 'R') {
      const st = optInt(op, `spec ${i} step`, o.step);
      if (st === 0) throw new StrideViewError('invalid_argument', `${op}: step is 0 in spec ${i} (a step must be non-zero)`);
      return { kind: 'R', start: optInt(op, `spec ${i} start`, o.start), stop: optInt(op, `spec ${i} stop`, o.stop), step: st };
    }
    if (k === 'L') return { kind: 'L', indices: toInts(op, `spec ${i} indices`, o.indices) };
  }
  throw new TypeError(`${op}: spec ${i} must be I(i), R(..), Rs(..), L([..]), A, N, E, an integer or null; got ${fmt(s)}`);
}


// ------------------------------------------------------------------------------------ requests

/** @internal 0-d read-only arrays handed out for an index in the padding of a padded view. */
export const paddingElements = new WeakSet<NDArray>();

/** @internal a.slice(...specs) for specs other than a boolean mask: one ViewSlice request. */
export function sliceArray(op: string, a: NDArray, specs: readonly unknown[]): NDArray {
  if (specs.length === 1 && typeof specs[0] === 'string') {
    const src = specs[0];
    const hit = sliceCache.get(src);
    if (hit !== undefined) {
      const w = wire.begin();
      putView(w, a._v);
      w.putAll(hit.enc);
      w.call(Op.ViewSlice);
      return sliceResult(a, hit.lists);
    }
    const list = parseSlice(op, src);
    wire.begin();
    putView(wire, a._v);
    const start = wire.pos;
    const lists = putSpecs(op, list);
    if (sliceCache.size >= 256) sliceCache.clear();
    sliceCache.set(src, { enc: Array.from(wire.s.subarray(start, wire.pos)), lists });
    wire.call(Op.ViewSlice);
    return sliceResult(a, lists);
  }
  const l = new Array<SliceSpec>(specs.length);
  for (let i = 0; i < specs.length; i++) l[i] = toSpec(op, specs[i], i);
  wire.begin();
  putView(wire, a._v);
  const lists = putSpecs(op, l);
  wire.call(Op.ViewSlice);
  return sliceResult(a, lists);
}

/** Writes the specs of a ViewSlice request (after the view); returns the list specs' indices. */
function putSpecs(op: string, list: readonly SliceSpec[]): (readonly number[])[] | null {
  wire.put(list.length);
  let lists: (readonly number[])[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    switch (s.kind) {
      case 'I':
        wire.put(SliceKind.Index);
        wire.put(specInt(op, i, 'index', s.index));
        break;
      case 'R':
        wire.put(SliceKind.Range);
        wire.put(s.start === null ? NaN : specInt(op, i, 'start', s.start));
        wire.put(s.stop === null ? NaN : specInt(op, i, 'stop', s.stop));
        wire.put(s.step === null ? NaN : specInt(op, i, 'step', s.step));
        break;
      case 'A':
        wire.put(SliceKind.All);
        break;
      case 'N':
        wire.put(SliceKind.NewAxis);
        break;
      case 'L':
        wire.put(SliceKind.List);
        (lists ??= []).push(s.indices);
        break;
      case 'E':
        wire.put(SliceKind.Ellipsis);
        break;
    }
  }
  return lists;
}

/** @internal Writes a ViewSlice request of integer indices (errors name slice) and runs it. */
function putIndex(v: View, idx: readonly number[]): void {
  wire.begin();
  putView(wire, v);
  wire.put(idx.length);
  for (let i = 0; i < idx.length; i++) {
    wire.put(SliceKind.Index);
    wire.put(idx[i]!);
  }
  wire.call(Op.ViewSlice);
}

/** @internal a[i0, i1, ...] for integer indices: a view, or a padding element. */
export function indexArray(a: NDArray, idx: readonly number[]): NDArray {
  putIndex(a._v, idx);
  return sliceResult(a, null);
}

/**
 * @internal The buffer index of the element at integer indices `idx` (one per dim), or null when
 * it lies in the padding of a padded view.
 */
export function elementOffset(v: View, idx: readonly number[]): number | null {
  putIndex(v, idx);
  const invalid = wire.bool();
  wire.num(); // no list axes
  const r = readView(wire, null, null);
  return invalid ? null : r.offset;
}

/** @internal Reads a ViewSlice response: the view, a padding element, or the gathered lists. */
function sliceResult(a: NDArray, lists: (readonly number[])[] | null): NDArray {
  const s = wire.s;
  const invalid = s[0] !== 0; // the response starts the scratch area
  const nl = s[1]!;
  let axes: number[] | null = null;
  for (let i = 0; i < nl; i++) (axes ??= []).push(s[2 + i]!);
  wire.pos = 2 + nl;
  const v = readView(wire, null, null);
  if (invalid) {
    // A padding element: a read-only 0-d array of the fill value (writes through it are errors).
    const t = full([], a._fill, a.dtype);
    (t as { _ro: boolean })._ro = true;
    paddingElements.add(t);
    return t;
  }
  let out = a._derive(v);
  if (lists === null) return out;
  for (let k = 0; k < lists.length; k++) {
    const g = gather(out, axes![k]!, lists[k]!, 'slice');
    if (out._owner === null) out.dispose();
    out = g;
  }
  return out;
}

/**
 * @internal NumPy's a[mask] for a bool mask of a's leading shape: a new array of shape
 * [count, ...a.shape[mask.ndim:]], the selected elements in C order.
 */
export function maskSelect(op: string, a: NDArray, m: NDArray): NDArray {
  m._check(op);
  if (m.dtype !== 'bool') {
    throw new TypeError(`${op}: an array index must be a bool mask, got dtype ${m.dtype}; use take() for integer indices`);
  }
  const k = m.ndim;
  const sh = a.shape;
  if (k > sh.length) {
    throw new StrideViewError('rank_mismatch', `${op}: too many indices: the mask has ${k} dimensions but the array has ${sh.length}`);
  }
  const ms = m.shape;
  for (let i = 0; i < k; i++) {
    if (ms[i] !== sh[i]) {
      throw new StrideViewError(
        'shape_mismatch',
        `${op}: boolean index did not match indexed array along dimension ${i}; dimension is ${sh[i]} but corresponding boolean dimension is ${ms[i]}`,
      );
    }
  }
  // One gather by the mask in WASM (it counts and allocates): no index list crosses over. The
  // kernels read padding as 0: a mask padded with true is materialized first.
  const mm = m._v._hasMask && m._fill !== 0 ? m._materialize(op) : m;
  const lead = ms.reduce((p, d) => p * d, 1);
  const rest = sh.slice(k);
  let src: NDArray | null = null;
  let flat: NDArray | null = null;
  try {
    src = k === 1 ? a : a.reshape([lead, ...rest]);
    flat = k === 1 ? mm : mm.reshape([lead]);
    return gatherMask(src, flat);
  } finally {
    if (src !== null && src !== a) src.dispose();
    if (flat !== null && flat !== mm) flat.dispose();
    if (mm !== m) mm.dispose();
  }
}
