// The one error class of the library. C++ errors arrive as (code number, message); JS-side checks
// raise the same class (or TypeError / RangeError for arguments of the wrong type or range).
import { CODE_NAMES } from './boundary_tables.js';

/**
 * Error codes: the C++ core's `sv::Code` names, plus `not_initialized` and `not_loaded` (a family of
 * the engine not loaded yet: see `load`) (JS only).
 */
export type ErrorCode =
  | 'invalid_argument'
  | 'rank_mismatch'
  | 'out_of_range'
  | 'shape_mismatch'
  | 'overflow'
  | 'unbound'
  | 'not_expressible'
  | 'out_of_bounds'
  | 'read_only'
  | 'out_of_memory'
  | 'disposed'
  | 'type_error'
  | 'linalg_error'
  | 'not_initialized'
  | 'not_loaded'
  | 'unknown';

// The C++ codes (CODE_NAMES[value], generated from src/core/boundary_tables.json) other than ok:
// each must be an ErrorCode (a type error here otherwise).
type CoreErrorCode = Exclude<(typeof CODE_NAMES)[number], 'ok'>;
type IsTrue<T extends true> = T;
type CoreCodesAreErrorCodes = IsTrue<CoreErrorCode extends ErrorCode ? true : false>;

/** Every error reported by the engine (`.code` names the kind, the message names op and values). */
export class StrideViewError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'StrideViewError';
    this.code = code;
  }
}
// The class keeps its name when minified (Node prints `StrideViewError [code]`-style headers from it).
Object.defineProperty(StrideViewError, 'name', { value: 'StrideViewError' });

/** @internal */
export function codeName(code: number): ErrorCode {
  const name = code > 0 ? CODE_NAMES[code] : undefined;
  return name === undefined ? 'unknown' : (name as CoreErrorCode);
}

/** @internal */
export function fmt(v: unknown, depth: number = 0): string {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return depth > 2 ? '[...]' : `[${v.map((x) => fmt(x, depth + 1)).join(',')}]`;
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'function') return `a function${v.name ? ` (${v.name})` : ''}`;
  if (typeof v === 'symbol') return v.toString();
  if (typeof v === 'object') return fmtObject(v as object, depth);
  return String(v);
}

/** An object as a reader recognises it: an array's shape and dtype, a typed array, `{ key: value }`. */
function fmtObject(v: object, depth: number): string {
  const o = v as { shape?: unknown; dtype?: unknown; constructor?: { name?: string }; _traced?: unknown };
  if (o._traced === true) return `${String(v)}: only elementwise ops can be fused`;
  if (Array.isArray(o.shape) && typeof o.dtype === 'string') return `an array of shape ${fmt(o.shape)} and dtype ${o.dtype}`;
  if (ArrayBuffer.isView(v)) return `${o.constructor?.name ?? 'TypedArray'}(${(v as { length?: number }).length ?? (v as ArrayBufferView).byteLength})`;
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) {
    if (depth > 1) return '{...}';
    const keys = Object.keys(v);
    if (keys.length === 0) return '{}';
    const shown = keys.slice(0, 6).map((k) => `${k}: ${fmt((v as Record<string, unknown>)[k], depth + 1)}`);
    return `{ ${shown.join(', ')}${keys.length > 6 ? ', ...' : ''} }`;
  }
  const name = o.constructor?.name;
  return name ? `a ${name}` : Object.prototype.toString.call(v);
}

/** @internal Checks an integer argument (number or bigint) and returns it as a number. */
export function toInt(op: string, what: string, v: unknown): number {
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) {
      throw new RangeError(`${op}: ${what} must be an integer, got ${fmt(v)}`);
    }
    if (!Number.isSafeInteger(v)) {
      throw new RangeError(`${op}: ${what} ${fmt(v)} is beyond +-2^53-1`);
    }
    return v;
  }
  if (typeof v === 'bigint') {
    const n = Number(v);
    if (!Number.isSafeInteger(n)) {
      throw new RangeError(`${op}: ${what} ${fmt(v)} is beyond +-2^53-1`);
    }
    return n;
  }
  throw new TypeError(`${op}: ${what} must be an integer (number or bigint), got ${fmt(v)}`);
}

/**
 * @internal An index passed as separate integers (`f(1, 2)`) or as one array (`f([1, 2])`), never
 * both and never with extra arguments: the rule of every method that takes indices.
 */
export function indexArgs(op: string, what: string, args: readonly unknown[]): number[] {
  if (args.length === 1) {
    const a = args[0];
    return typeof a === 'number' || typeof a === 'bigint' ? [toInt(op, 'index', a)] : toInts(op, what, a);
  }
  if (args.length === 0) throw new TypeError(`${op}: expected ${what} (integers, or one array of integers), got none`);
  return args.map((a, i) => {
    if (isArrayLike(a)) {
      throw new StrideViewError(
        'invalid_argument',
        `${op}: pass the ${what} as separate integers or as one array, not both: got (${args.map((x) => fmt(x)).join(', ')})`,
      );
    }
    return toInt(op, `${what}[${i}]`, a);
  });
}

/** @internal Checks an array of integers. */
export function toInts(op: string, what: string, v: unknown): number[] {
  if (!isArrayLike(v)) {
    throw new TypeError(`${op}: ${what} must be an array of integers, got ${fmt(v)}`);
  }
  const out: number[] = new Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = toInt(op, `${what}[${i}]`, v[i]);
  return out;
}

/** @internal */
export function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
}

/** @internal Checks an array of [a, b] integer pairs. */
export function toPairs(op: string, what: string, v: unknown): [number, number][] {
  if (!Array.isArray(v)) {
    throw new TypeError(`${op}: ${what} must be an array of [start, end] pairs, got ${fmt(v)}`);
  }
  return v.map((p, i) => {
    if (!Array.isArray(p) || p.length !== 2) {
      throw new TypeError(`${op}: ${what}[${i}] must be a pair [a, b], got ${fmt(p)}`);
    }
    return [toInt(op, `${what}[${i}][0]`, p[0]), toInt(op, `${what}[${i}][1]`, p[1])];
  });
}

/**
 * @internal Runs fn and re-labels any error it throws with the public op's name, so a message always
 * starts with the op the user called ("tile: expand: shape ..."), never only with an inner helper's
 * name. The class and `.code` are kept; messages already starting with `${op}:` are left alone.
 */
export function withOp<T>(op: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw relabel(op, e);
  }
}

/**
 * @internal An error of the function `inner` that `op` calls under another name (NumPy's `around`
 * for `round`): named `op` instead of `op: inner: `.
 */
export function relabelFrom(op: string, inner: string, e: unknown): unknown {
  if (e instanceof Error && e.message.startsWith(`${inner}: `)) return withMessage(e, `${op}: ${e.message.slice(inner.length + 2)}`) ?? e;
  return relabel(op, e);
}

/** The error again, with message `msg` (same class, code and stack frames); null for internal errors. */
function withMessage(e: Error, msg: string): Error | null {
  let out: Error;
  if (e instanceof StrideViewError) out = new StrideViewError(e.code, msg);
  else if (e instanceof RangeError) out = new RangeError(msg);
  else if (e instanceof TypeError) out = new TypeError(msg);
  else return null;
  if (e.stack) out.stack = `${out.name}: ${msg}\n${e.stack.split('\n').slice(1).join('\n')}`;
  return out;
}

/** @internal The same error with its message prefixed by `${op}: ` (unchanged when it already is). */
export function relabel(op: string, e: unknown): unknown {
  if (!(e instanceof Error) || e.message.startsWith(`${op}:`)) return e;
  if (e instanceof StrideViewError && e.code === 'not_initialized') return e; // the same for every op
  // A family not loaded: named by the outermost op, the one the user called.
  const msg = e instanceof StrideViewError && e.code === 'not_loaded' ? op + e.message.slice(e.message.indexOf(':')) : `${op}: ${e.message}`;
  return withMessage(e, msg) ?? e; // internal errors (bugs) keep their identity
}
