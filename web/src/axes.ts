// Axis and shape arguments: negative axes counted from the end, repeated axes refused, dims that
// must be non-negative. Every op taking axes or a shape from the user checks it here.
import { StrideViewError, fmt, relabel, toInt, toInts } from './errors.js';
import { ints } from './view.js';
import { Op, wire } from './wire.js';

/** @internal One axis, negative counting from the end; out_of_range otherwise. */
export function normAxis(op: string, axis: unknown, ndim: number): number {
  const a = toInt(op, 'axis', axis);
  const r = a < 0 ? a + ndim : a;
  if (r < 0 || r >= ndim) {
    throw new StrideViewError('out_of_range', `${op}: axis ${a} is out of bounds for array of dimension ${ndim}`);
  }
  return r;
}

/** @internal Integer axes, negative ones counted from the end (no repetition check: C++ permute has it). */
export function normAxisList(op: string, axes: unknown, ndim: number): number[] {
  const a = ints(op, 'axes', axes);
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    out[i] = x < 0 && x >= -ndim ? x + ndim : x >= 0 && x < ndim ? x : normAxis(op, x, ndim);
  }
  return out;
}

/** @internal One axis or a list of distinct axes, negative ones counted from the end. */
export function normAxes(op: string, axes: unknown, ndim: number): number[] {
  const list = typeof axes === 'number' || typeof axes === 'bigint' ? [axes] : axes;
  if (!Array.isArray(list)) throw new TypeError(`${op}: axes must be an integer or an array of integers, got ${fmt(axes)}`);
  const out = list.map((a) => normAxis(op, a, ndim));
  const seen = new Set<number>();
  for (const a of out) {
    if (seen.has(a)) throw new StrideViewError('invalid_argument', `${op}: axis ${a} is repeated in ${fmt(list)}`);
    seen.add(a);
  }
  return out;
}

/** @internal A shape argument (one integer or a list) with non-negative dims. */
export function checkShape(op: string, shape: unknown): number[] {
  const s = typeof shape === 'number' || typeof shape === 'bigint' ? [toInt(op, 'shape', shape)] : toInts(op, 'shape', shape);
  for (const d of s) {
    if (d < 0) throw new StrideViewError('invalid_argument', `${op}: negative dimensions are not allowed (shape ${fmt(s)})`);
  }
  return s;
}

/** @internal The permutation of `n` axes that moves `source` axes to `destination` (NumPy moveaxis). */
export function moveaxisOrder(op: string, source: unknown, destination: unknown, n: number): number[] {
  const src = normAxes(op, source, n);
  const dst = normAxes(op, destination, n);
  if (src.length !== dst.length) {
    throw new StrideViewError('invalid_argument', `${op}: source ${fmt(source)} and destination ${fmt(destination)} must have the same number of elements`);
  }
  const order = Array.from({ length: n }, (_, i) => i).filter((i) => !src.includes(i));
  const pairs = dst.map((d, i) => [d, src[i]!] as const).sort((x, y) => x[0] - y[0]);
  for (const [d, s] of pairs) order.splice(d, 0, s);
  return order;
}

/** @internal `shape` without its size-1 dims (all, or the given axes, which must have size 1). */
export function squeezeShape(op: string, shape: readonly number[], axes: unknown): number[] {
  if (axes === undefined) return shape.filter((d) => d !== 1);
  const drop = normAxes(op, axes, shape.length);
  for (const a of drop) {
    if (shape[a] !== 1) {
      throw new StrideViewError(
        'invalid_argument',
        `${op}: cannot select an axis to squeeze out which has size not equal to one (axis ${a} has size ${shape[a]})`,
      );
    }
  }
  return shape.filter((_, i) => !drop.includes(i));
}

/** @internal `shape` with size-1 dims inserted at the given positions of the result. */
export function unsqueezeShape(op: string, shape: readonly number[], axes: unknown): number[] {
  const n = shape.length;
  if (typeof axes === 'number' && Number.isSafeInteger(axes) && axes >= -n - 1 && axes <= n) {
    const at = axes < 0 ? axes + n + 1 : axes;
    const out = new Array<number>(n + 1);
    for (let i = 0, j = 0; i <= n; i++) out[i] = i === at ? 1 : shape[j++]!;
    return out;
  }
  const k = typeof axes === 'number' || typeof axes === 'bigint' ? 1 : Array.isArray(axes) ? axes.length : 0;
  const pos = normAxes(op, axes, n + k);
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < n + pos.length; i++) out.push(pos.includes(i) ? 1 : shape[j++]!);
  return out;
}

/** @internal `shape` with dims startDim..endDim (inclusive) merged into one. */
export function flattenShape(op: string, shape: readonly number[], options: unknown): number[] {
  if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  const o = options as { startDim?: unknown; endDim?: unknown };
  if (shape.length === 0) return [1];
  const s = normAxis(op, o.startDim ?? 0, shape.length);
  const e = normAxis(op, o.endDim ?? -1, shape.length);
  if (s > e) throw new StrideViewError('invalid_argument', `${op}: startDim ${s} is after endDim ${e}`);
  const merged = shape.slice(s, e + 1).reduce((p, d) => p * d, 1);
  return [...shape.slice(0, s), merged, ...shape.slice(e + 1)];
}

/** @internal `shape` with dim `dim` split into `sizes` (one -1 allowed; its size is inferred). */
export function unflattenShape(op: string, shape: readonly number[], dim: unknown, sizes: unknown): number[] {
  const d = normAxis(op, dim, shape.length);
  const sz = toInts(op, 'sizes', sizes);
  let resolved: number[];
  try {
    // the -1 is inferred by the engine's reshape rule (it refuses two -1 and other negative sizes)
    wire.begin();
    wire.putDims([shape[d]!]);
    wire.putDims(sz);
    wire.call(Op.ShapeResolveNegOne);
    resolved = wire.dims();
  } catch (e) {
    throw relabel(op, e);
  }
  if (resolved.reduce((p, x) => p * x, 1) !== shape[d]) {
    throw new StrideViewError('shape_mismatch', `${op}: sizes ${fmt(sz)} do not multiply to the size ${shape[d]} of dim ${d}`);
  }
  return [...shape.slice(0, d), ...resolved, ...shape.slice(d + 1)];
}
