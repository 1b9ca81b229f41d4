// NumPy's pad: every mode of numpy/lib/arraypad.py (1.24), built from views and engine copies. The
// padded result is allocated once, the input copied into its centre, then each axis is padded in
// turn over the region already filled (the earlier axes' pads included: NumPy's corners), by copies
// of slabs and chunks (edge, reflect, symmetric, wrap: NumPy's iterative chunk loops, ported step
// for step), ramps (linear_ramp: NumPy's linspace arithmetic on the engine) or reductions
// (maximum, minimum, mean, median). Constant padding with one value is one kernel call reading the
// engine's virtual-padding mask (padView).
import { type DType, info } from './dtype.js';
import { StrideViewError, fmt, relabel, toInt } from './errors.js';
import { NDArray, A, asArray, kernelCopy } from './ndarray.js';
import { R, Rs } from './slicing.js';
import { type ArrayInput, add, div, equal, mul, sub } from './ops.js';
import { arange } from './creation.js';
import { mod } from './integer_ops.js';
import { max, mean, min, sum } from './reductions.js';
import { median } from './quantiles.js';
import { round } from './math.js';
import { tidy } from './tidy.js';
import { unsupported, type SigRef, bind } from './signature.js';

/** NumPy's pad modes (a callable mode is not supported). */
export type PadMode = 'constant' | 'edge' | 'linear_ramp' | 'maximum' | 'mean' | 'median' | 'minimum' | 'reflect' | 'symmetric' | 'wrap' | 'empty';
/** A pad width or stat length in NumPy's forms: n, [n], [before, after], [[before, after]] or one [before, after] per axis. */
export type PadWidth = number | readonly number[] | readonly (readonly number[])[];
/** Constant or end values in NumPy's forms: v, [before, after], or one [before, after] per axis. */
export type PadValues = number | boolean | readonly number[] | readonly (readonly number[])[];

const MODES: readonly PadMode[] = ['constant', 'edge', 'linear_ramp', 'maximum', 'mean', 'median', 'minimum', 'reflect', 'symmetric', 'wrap', 'empty'];
/** NumPy's allowedkwargs: the keywords each mode reads. */
const ALLOWED: Record<PadMode, readonly string[]> = {
  constant: ['constantValues'],
  edge: [],
  linear_ramp: ['endValues'],
  maximum: ['statLength'],
  mean: ['statLength'],
  median: ['statLength'],
  minimum: ['statLength'],
  reflect: ['reflectType'],
  symmetric: ['reflectType'],
  wrap: [],
  empty: [],
};

type Pair = [number | null, number | null];

/** NumPy's _as_pairs: `x` as one (before, after) pair per axis of ndim (asIndex: non-negative integers). */
function asPairs(op: string, name: string, x: unknown, ndim: number, asIndex: boolean): Pair[] {
  if (x === null) return Array.from({ length: ndim }, () => [null, null] as Pair);
  if (x instanceof NDArray) x = x.toArray();
  const shape: number[] = [];
  const flat: number[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (Array.isArray(v)) {
      if (depth >= 2) throw new StrideViewError('invalid_argument', `${op}: ${name} must be a value, a pair or one pair per axis, got ${fmt(x)}`);
      if (shape.length <= depth) shape.push(v.length);
      else if (shape[depth] !== v.length) throw new StrideViewError('shape_mismatch', `${op}: ${name} is ragged: ${fmt(x)}`);
      v.forEach((e) => walk(e, depth + 1));
      return;
    }
    if (depth < shape.length) throw new StrideViewError('shape_mismatch', `${op}: ${name} is ragged: ${fmt(x)}`);
    let n: number;
    if (asIndex) n = toInt(op, name, v);
    else if (typeof v === 'boolean') n = v ? 1 : 0;
    else if (typeof v === 'number') n = v;
    else throw new TypeError(`${op}: ${name} must hold numbers, got ${fmt(v)}`);
    if (asIndex && n < 0) throw new StrideViewError('invalid_argument', `${op}: ${name} can't contain negative values, got ${fmt(x)}`);
    flat.push(n);
  };
  walk(x, 0);
  if (flat.length === 1) return Array.from({ length: ndim }, () => [flat[0]!, flat[0]!] as Pair);
  if (flat.length === 2 && !(shape.length === 2 && shape[0] === 2 && shape[1] === 1)) {
    return Array.from({ length: ndim }, () => [flat[0]!, flat[1]!] as Pair);
  }
  const s = shape.length === 1 ? [1, shape[0]!] : shape;
  if ((s[0] !== 1 && s[0] !== ndim) || (s[1] !== 1 && s[1] !== 2)) {
    throw new StrideViewError('shape_mismatch', `${op}: ${name} of shape ${fmt(shape)} cannot be broadcast to (${ndim}, 2), one (before, after) pair per axis`);
  }
  return Array.from({ length: ndim }, (_, i) => {
    const r = s[0] === 1 ? 0 : i;
    return (s[1] === 1 ? [flat[r]!, flat[r]!] : [flat[2 * r]!, flat[2 * r + 1]!]) as Pair;
  });
}

/** arr[..., start:stop:step, ...] along `axis` (Python slice semantics; null: open). */
function at(arr: NDArray, axis: number, start: number | null, stop: number | null, step: number | null = null): NDArray {
  return arr.slice(...new Array(axis).fill(A), Rs(start, stop, step));
}

/** dst = src (src broadcast, cast to dst's dtype); both handles are freed. */
function put(dst: NDArray, src: NDArray | number): void {
  try {
    if (typeof src === 'number') dst._assign('pad', src);
    else kernelCopy(dst, src);
  } finally {
    dst.dispose();
    if (typeof src !== 'number') src.dispose();
  }
}

/** NumPy's _set_pad_area: the left and right pad areas of `axis` set to the values (broadcast). */
function setPadArea(p: NDArray, axis: number, l: number, r: number, left: NDArray | number, right: NDArray | number): void {
  const n = p.shape[axis]!;
  if (l > 0) put(at(p, axis, 0, l), left);
  else if (left instanceof NDArray) left.dispose();
  if (r > 0) put(at(p, axis, n - r, n), right);
  else if (right instanceof NDArray) right.dispose();
}

/** NumPy's _get_edges: the first and last slices of the original area along `axis`. */
function edges(p: NDArray, axis: number, l: number, r: number): [NDArray, NDArray] {
  const n = p.shape[axis]!;
  return [at(p, axis, l, l + 1), at(p, axis, n - r - 1, n - r)];
}

/** NumPy's _set_reflect_both (one step of the iteration): the pads still to fill. */
function reflectBoth(p: NDArray, axis: number, lp: number, rp: number, odd: boolean, includeEdge: boolean): [number, number] {
  const n = p.shape[axis]!;
  let oldLength = n - rp - lp;
  const edgeOffset = includeEdge ? 1 : 0;
  if (!includeEdge) oldLength -= 1;
  if (lp > 0) {
    const chunkLength = Math.min(oldLength, lp);
    const stop = lp - edgeOffset;
    let chunk = at(p, axis, stop + chunkLength, stop, -1);
    if (odd) chunk = oddOf(chunk, at(p, axis, lp, lp + 1));
    put(at(p, axis, lp - chunkLength, lp), chunk);
    lp -= chunkLength;
  }
  if (rp > 0) {
    const chunkLength = Math.min(oldLength, rp);
    const start = -rp + edgeOffset - 2;
    let chunk = at(p, axis, start, start - chunkLength, -1);
    if (odd) chunk = oddOf(chunk, at(p, axis, -rp - 1, -rp));
    const s = n - rp;
    put(at(p, axis, s, s + chunkLength), chunk);
    rp -= chunkLength;
  }
  return [lp, rp];
}

/** 2 * edge - chunk (NumPy's odd reflection, in NumPy's dtype rules); frees both inputs. */
function oddOf(chunk: NDArray, edge: NDArray): NDArray {
  try {
    const t = mul(edge, 2);
    try {
      return sub(t, chunk);
    } finally {
      t.dispose();
    }
  } finally {
    chunk.dispose();
    edge.dispose();
  }
}

/** NumPy 1.24's _set_wrap_both (one step of the iteration): the pads still to fill. */
function wrapBoth(p: NDArray, axis: number, lp: number, rp: number): [number, number] {
  const n = p.shape[axis]!;
  const period = n - rp - lp;
  let newL = 0;
  let newR = 0;
  if (lp > 0) {
    const chunk = at(p, axis, -rp - Math.min(period, lp), rp !== 0 ? -rp : null);
    if (lp > period) {
      put(at(p, axis, lp - period, lp), chunk);
      newL = lp - period;
    } else {
      put(at(p, axis, null, lp), chunk);
    }
  }
  if (rp > 0) {
    const chunk = at(p, axis, lp, lp + Math.min(period, rp));
    if (rp > period) {
      put(at(p, axis, -rp, -rp + period), chunk);
      newR = rp - period;
    } else {
      put(at(p, axis, -rp, null), chunk);
    }
  }
  return [newL, newR];
}

/** NumPy's linspace(end, edge, width, endpoint=False) along `axis` (its arithmetic), cast to dtype. */
function ramp(edge: NDArray, end: number, width: number, axis: number, dtype: DType): NDArray {
  return tidy(() => {
    const ct: DType = info(edge.dtype).kind === 'f' ? edge.dtype : 'float64';
    const delta = sub(edge, end);
    const step = div(delta, width);
    const shape = edge.shape.map((_, i) => (i === axis ? width : 1));
    let y = arange(0, width, 1, ct).reshape(shape);
    // NumPy: any zero step computes every sample as (i / width) * delta (its denormal guard)
    y = (sum(equal(step, 0)) as number) > 0 ? mul(div(y, width), delta) : mul(y, step);
    y = add(y, end);
    const k = info(dtype).kind;
    if (k === 'i' || k === 'u') y = sub(y, mod(y, 1)); // floor with the core's kernels
    return y.dtype === dtype ? y : y.astype(dtype);
  });
}

type Stat = (x: NDArray, axis: number) => NDArray;
const STATS: Record<'maximum' | 'minimum' | 'mean' | 'median', Stat> = {
  maximum: (x, axis) => max(x, axis, { keepdims: true }),
  minimum: (x, axis) => min(x, axis, { keepdims: true }),
  mean: (x, axis) => mean(x, axis, { keepdims: true }),
  median: (x, axis) => median(x, axis, { keepdims: true }),
};

/** NumPy's _get_stats: the statistic of the first / last `stat length` original elements along axis. */
function stats(op: string, p: NDArray, axis: number, l: number, r: number, len: Pair, mode: keyof typeof STATS, dtype: DType): [NDArray, NDArray] {
  const left = l;
  const right = p.shape[axis]! - r;
  const maxLength = right - left;
  const ll = len[0] === null || maxLength < len[0] ? maxLength : len[0];
  const rl = len[1] === null || maxLength < len[1] ? maxLength : len[1];
  if ((ll === 0 || rl === 0) && (mode === 'maximum' || mode === 'minimum')) {
    throw new StrideViewError('invalid_argument', `${op}: statLength of 0 yields no value for padding (axis ${axis})`);
  }
  const k = info(dtype).kind;
  const one = (lo: number, hi: number): NDArray =>
    tidy(() => {
      const s = STATS[mode](at(p, axis, lo, hi), axis);
      return (k === 'i' || k === 'u') && info(s.dtype).kind === 'f' ? round(s) : s;
    });
  const ls = one(left, left + ll);
  if (ll === maxLength && rl === maxLength) return [ls, ls];
  return [ls, one(right - rl, right)];
}

/** The padded array in every mode but 'constant' with one value. */
function padGeneral(op: string, x: NDArray, pw: Pair[], mode: PadMode, kw: Record<string, unknown>): NDArray {
  const nd = x.ndim;
  const shape = x.shape;
  const newShape = shape.map((d, i) => d + pw[i]![0]! + pw[i]![1]!);
  if (mode !== 'constant' && mode !== 'empty' && x.size === 0) {
    shape.forEach((d, i) => {
      if (d === 0 && (pw[i]![0]! > 0 || pw[i]![1]! > 0)) {
        throw new StrideViewError('invalid_argument', `${op}: can't extend empty axis ${i} using modes other than 'constant' or 'empty'`);
      }
    });
  }
  const out = NDArray._empty(op, newShape, x.dtype);
  try {
    if (out.size === 0) return out;
    // the regions as slices (a shrink refuses an empty range: an empty input padded with constants)
    const region = (bounds: [number, number][]): NDArray => out.slice(...bounds.map(([lo, hi]) => R(lo, hi)));
    if (x.size > 0) put(region(shape.map((d, i) => [pw[i]![0]!, pw[i]![0]! + d])), x._derive(x.view));
    if (mode === 'empty') return out;
    const cv = mode === 'constant' ? asPairs(op, 'constantValues', kw.constantValues ?? 0, nd, false) : null;
    const ev = mode === 'linear_ramp' ? asPairs(op, 'endValues', kw.endValues ?? 0, nd, false) : null;
    const sl = mode in STATS ? asPairs(op, 'statLength', kw.statLength ?? null, nd, true) : null;
    const odd = kw.reflectType === 'odd';
    for (let axis = 0; axis < nd; axis++) {
      let l = pw[axis]![0]!;
      let r = pw[axis]![1]!;
      // NumPy's _view_roi: the axes after this one restricted to the original area
      const roi = region(newShape.map((d, i) => (i > axis ? [pw[i]![0]!, pw[i]![0]! + shape[i]!] : [0, d])));
      try {
        if (cv !== null) setPadArea(roi, axis, l, r, cv[axis]![0]!, cv[axis]![1]!);
        else if (mode === 'edge' || ((mode === 'reflect' || mode === 'symmetric') && shape[axis] === 1 && (l > 0 || r > 0))) {
          // NumPy: a singleton axis reflects as its edge (legacy behaviour)
          const [e0, e1] = edges(roi, axis, l, r);
          setPadArea(roi, axis, l, r, e0, e1);
        } else if (mode === 'reflect' || mode === 'symmetric') {
          while (l > 0 || r > 0) [l, r] = reflectBoth(roi, axis, l, r, odd, mode === 'symmetric');
        } else if (mode === 'wrap') {
          while (l > 0 || r > 0) [l, r] = wrapBoth(roi, axis, l, r);
        } else if (ev !== null) {
          const [e0, e1] = edges(roi, axis, l, r);
          try {
            const left = l > 0 ? ramp(e0, ev[axis]![0]!, l, axis, x.dtype) : 0;
            const rr = r > 0 ? ramp(e1, ev[axis]![1]!, r, axis, x.dtype) : null;
            const right = rr === null ? 0 : at(rr, axis, null, null, -1);
            try {
              setPadArea(roi, axis, l, r, left, right);
            } finally {
              rr?.dispose(); // after the copy: the reversed view reads its buffer
            }
          } finally {
            e0.dispose();
            e1.dispose();
          }
        } else {
          const [s0, s1] = stats(op, roi, axis, l, r, sl![axis]!, mode as keyof typeof STATS, x.dtype);
          try {
            setPadArea(roi, axis, l, r, s0._derive(s0.view), s1._derive(s1.view));
          } finally {
            s0.dispose();
            s1.dispose();
          }
        }
      } finally {
        roi.dispose();
      }
    }
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  }
}

const PAD: SigRef = { sig: 'numpy.pad: pad(array: ArrayInput, padWidth: PadWidth, mode: PadMode = "constant", *, ' +
    'statLength: PadWidth | null = undefined, constantValues: PadValues = undefined, endValues: PadValues = undefined, ' +
    'reflectType: "even" | "odd" = undefined) -> NDArray' };
/**
 * The array padded (NumPy pad; a new array of shape `shape + before + after`): `padWidth` is n,
 * [before, after] or one [before, after] per axis; `mode` is NumPy's: 'constant' (`constantValues`,
 * default 0), 'edge', 'reflect' / 'symmetric' (`reflectType` 'even' or 'odd'), 'wrap',
 * 'linear_ramp' (`endValues`, default 0), 'maximum' / 'minimum' / 'mean' / 'median' (over
 * `statLength` elements, default the whole axis) or 'empty'. NumPy's `**kwargs` are the named
 * options, each only with its mode: `pad(a, 2)`, `pad(a, [[1, 0], [2, 2]], 'reflect')`,
 * `pad(a, 1, 'constant', { constantValues: [[-1, 1]] })`. A callable mode is not supported.
 */
// @overloads PAD
export function pad(array: ArrayInput, padWidth: PadWidth, options?: { mode?: PadMode | undefined; statLength?: PadWidth | null | undefined; constantValues?: PadValues | undefined; endValues?: PadValues | undefined; reflectType?: "even" | "odd" | undefined }): NDArray;
export function pad(array: ArrayInput, padWidth: PadWidth, mode?: PadMode, options?: { statLength?: PadWidth | null | undefined; constantValues?: PadValues | undefined; endValues?: PadValues | undefined; reflectType?: "even" | "odd" | undefined }): NDArray;
// @end
export function pad(...args: unknown[]): NDArray {
  const op = 'pad';
  const [array, padWidth, mode, statLength, constantValues, endValues, reflectType] = bind(PAD, args);
  let x: NDArray | null = null;
  try {
    if (typeof mode === 'function') unsupported(op, 'mode', mode, "a callable mode; supported: NumPy's named modes");
    if (typeof mode !== 'string' || !(MODES as readonly string[]).includes(mode)) {
      throw new StrideViewError('invalid_argument', `${op}: mode ${fmt(mode)} is not supported (one of ${MODES.map((m) => `'${m}'`).join(', ')})`);
    }
    const kw: Record<string, unknown> = { statLength, constantValues, endValues, reflectType };
    const extra = Object.keys(kw).filter((k) => kw[k] !== undefined && !ALLOWED[mode as PadMode].includes(k));
    if (extra.length > 0) {
      throw new StrideViewError('invalid_argument', `${op}: unsupported keyword arguments for mode '${mode}': ${extra.map((k) => `${k}=${fmt(kw[k])}`).join(', ')}`);
    }
    if (reflectType !== undefined && reflectType !== 'even' && reflectType !== 'odd') {
      throw new StrideViewError('invalid_argument', `${op}: reflectType must be 'even' or 'odd', got ${fmt(reflectType)}`);
    }
    x = asArray(op, array, undefined, 'array');
    const pw = asPairs(op, 'padWidth', padWidth, x.ndim, true);
    let r: NDArray;
    if (mode === 'constant') {
      const cv = asPairs(op, 'constantValues', constantValues ?? 0, x.ndim, false);
      const v = cv.length > 0 ? cv[0]![0]! : 0;
      const one = cv.every(([b, a]) => Object.is(b, v) && Object.is(a, v));
      // one value: the engine's padded view read once into a new array (an input padded with another fill: the general path)
      if (one && (x.mask === null || Object.is(x.fillValue, v))) {
        const p = x._padded(op, pw as [number, number][], v);
        try {
          r = p._materialize(op);
        } finally {
          p.dispose();
        }
      } else r = padGeneral(op, x, pw, mode, kw);
    } else r = padGeneral(op, x, pw, mode as PadMode, kw);
    return r;
  } catch (e) {
    throw relabel(op, e);
  } finally {
    if (x !== null && x !== array) x.dispose();
  }
}
