// Axis and shape arguments: negative axes counted from the end, repeated axes refused, dims that
// must be non-negative. Every op taking axes or a shape from the user checks it here.
import { StrideViewError, fmt, relabel, toInt, toInts } from './errors.js';
import { ints } from './view.js';
import { Op, wire } from './wire.js';
import { closestName } from './signature.js';

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
/** [n-1, ..., 1, 0]: transpose's default order (a plain loop: Array.from with a map costs ~0.3 us). */
export function reversedAxes(n: number): number[] {
  const a = new Array<number>(n);
  for (let i = 0; i < n; i++) a[i] = n - 1 - i;
  return a;
}

export function normAxes(op: string, axes: unknown, ndim: number): number[] {
  const list = typeof axes === 'number' || typeof axes === 'bigint' ? [axes] : axes;
  if (!Array.isArray(list)) throw new TypeError(`${op}: axis must be an integer or an array of integers, got ${fmt(axes)}`);
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

/** The `axis` option of the methods over a set of axes ({@link NDArray.flip}, {@link NDArray.squeeze}). */
export interface AxisSetOptions {
  /** A number, an array of numbers, or null / omitted for every axis (negative counts from the end). */
  axis?: number | readonly number[] | null;
}

/** @internal The `axis` of a method's options (the receiver is `a`); the old forms refused. */
function methodAxis(op: string, options: unknown): unknown {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null || Array.isArray(options) || 'axes' in options) {
    checkAxisOptions(op, options, 'first', `a.${op}({ axis: ${fmt(options)} })`);
  }
  knownKeys(op, options as object, ['axis']);
  return (options as AxisSetOptions).axis;
}

/** @internal An options object's keys must be among `names`: another is refused in the binder's words (the closest name), never ignored. */
export function knownKeys(op: string, options: object, names: readonly string[]): void {
  let key: string | undefined;
  for (const k in options) {
    // a loop, not Object.keys(...).find(...): no allocation on the path every call takes (flip ~0.1 us)
    if (Object.prototype.hasOwnProperty.call(options, k) && !names.includes(k)) {
      key = k;
      break;
    }
  }
  if (key === undefined) return;
  const near = closestName(key, names);
  throw new TypeError(`${op}: unknown option '${key}'${near !== null ? `; did you mean '${near}'?` : ''} (${op} takes ${names.join(', ')} by name)`);
}

/** @internal Per dim, 1 where `{ axis }` asks to reverse (all dims when omitted or null). */
export function flipFlags(op: string, arg: unknown, n: number): number[] {
  // NumPy's np.flip(m, axis): the axis positionally (a number, a list, null) or as { axis }
  const positional = arg === null || typeof arg === 'number' || typeof arg === 'bigint' || Array.isArray(arg);
  const axis = positional ? arg : methodAxis(op, arg);
  const all = axis === undefined || axis === null;
  const flags = new Array<number>(n).fill(all ? 1 : 0);
  if (!all) {
    if (typeof axis === 'number' && Number.isSafeInteger(axis) && axis >= -n && axis < n) flags[axis < 0 ? axis + n : axis] = 1;
    else for (const a of axisSet(op, axis, n)!) flags[a] = 1;
  }
  return flags;
}

/** @internal `shape` without its size-1 dims (all, or those of `{ axis }`, which must have size 1). */
export function squeezeShape(op: string, shape: readonly number[], options: unknown): number[] {
  const axis = methodAxis(op, options);
  if (axis === undefined || axis === null) return shape.filter((d) => d !== 1);
  const drop = axisSet(op, axis, shape.length)!;
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

// ------------------------------------------------------------------------------------ the axis option
// Every function taking an axis takes it as NumPy's keyword: the trailing options object's `axis`
// (a number, an array of numbers where NumPy takes a tuple, or null / omitted for NumPy's None).

/**
 * @internal Checks the options object of an op whose axis is an option: refuses the old forms (a
 * positional axis where the options object goes, the option `axes`) with the new spelling.
 * `position` names the argument ('second', 'third' ...) for the positional-axis message.
 */
export function checkAxisOptions(op: string, options: unknown, position: string, example: string = `${op}(a, { axis: ${fmt(options)} })`): void {
  if (options === undefined) return;
  if (typeof options === 'number' || typeof options === 'bigint' || Array.isArray(options)) {
    throw new StrideViewError(
      'invalid_argument',
      `${op}: pass the axis as { axis: ${fmt(options)} }, not as a ${position} positional argument: ${example}`,
    );
  }
  if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object, got ${fmt(options)}`);
  if ('axes' in options) {
    const a = (options as { axes?: unknown }).axes;
    throw new StrideViewError('invalid_argument', `${op}: the option 'axes' is now 'axis' (NumPy's name): ${op}(a, { axis: ${fmt(a)} })`);
  }
}

/**
 * @internal The `axis` option of an op reducing over several axes (NumPy's axis=int | tuple | None):
 * null for all axes, else distinct axes, negative ones counted from the end.
 */
export function axisSet(op: string, axis: unknown, ndim: number): number[] | null {
  if (axis === undefined || axis === null) return null;
  if (typeof axis === 'number' && Number.isInteger(axis) && axis >= -ndim && axis < ndim) return [axis < 0 ? axis + ndim : axis];
  if (typeof axis !== 'number' && typeof axis !== 'bigint' && !Array.isArray(axis)) {
    throw new TypeError(`${op}: axis must be an integer, an array of integers or null, got ${fmt(axis)}`);
  }
  return normAxes(op, axis, ndim);
}

/**
 * @internal The `axis` option of an op along one axis (NumPy refuses a tuple there): an integer,
 * or null / undefined (returned as null: the op's default applies).
 */
export function oneAxis(op: string, axis: unknown): number | null {
  if (axis === undefined || axis === null) return null;
  if (Array.isArray(axis)) {
    throw new TypeError(`${op}: axis must be an integer or null, got ${fmt(axis)} (${op} works along one axis; NumPy refuses a tuple here too)`);
  }
  if (typeof axis !== 'number' && typeof axis !== 'bigint') throw new TypeError(`${op}: axis must be an integer or null, got ${fmt(axis)}`);
  return toInt(op, 'axis', axis);
}
