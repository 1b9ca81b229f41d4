// A chain of movement ops written as text, e.g. "transpose; slice ::-1, 1:3; reshape! 12": the
// demo's op syntax (one op per step, `reshape!` = reshape with { copy: false }), shared by the
// <stride-view> element and the demo. This file only reads text into op names and numbers and
// calls the package's public API; the engine decides what every op means and reports errors.
import { NDArray, View, type Dim } from './index.js';
import { fmt } from './errors.js';
import { type SigRef, bind, closestName } from './signature.js';

const PARSE_OPS: SigRef = { sig: '-: parseOps(text: string) -> OpStep[]' };
const PARSE_INT_LIST: SigRef = { sig: '-: parseIntList(text: string, what: string) -> number[]' };
const PARSE_DIM_LIST: SigRef = { sig: '-: parseDimList(text: string, what: string) -> Array<number | string>' };
const PARSE_PAIR_LIST: SigRef = { sig: '-: parsePairList(text: string, what: string) -> Array<[number, number]>' };
const APPLY_OPS: SigRef = { sig: '-: applyOps(a: NDArray | View, text: string, /, *, dim: Function | null = null) -> NDArray | View' };
const APPLY_OP: SigRef = { sig: '-: applyOp(a: NDArray | View, step: OpStepSpec, /, *, dim: Function | null = null) -> NDArray | View' };
const STEP_KEYS = ['name', 'arg', 'noCopy', 'text'];

/** The ops an op chain can name. */
export const OP_CHAIN_NAMES = [
  'reshape',
  'transpose',
  'permute',
  'slice',
  'flip',
  'expand',
  'pad',
  'shrink',
  'squeeze',
  'unsqueeze',
  'contiguous',
] as const;

/** One op of a chain. */
export type OpChainName = (typeof OP_CHAIN_NAMES)[number];

/** One op to apply: its name, its argument text, and for reshape whether copying is refused. */
export interface OpStepSpec {
  name: OpChainName;
  /** The argument as written (e.g. "::-1, 1:3" for slice, "1,1; 0,2" for pad). */
  arg: string;
  /** reshape only: `reshape!`, i.e. `{ copy: false }` (fail instead of copying). */
  noCopy?: boolean;
}

/** One parsed step ({@link parseOps}): a {@link OpStepSpec} and the step as written. */
export interface OpStep extends OpStepSpec {
  noCopy: boolean;
  /** The step as written, for messages. */
  text: string;
}

/** Options of {@link applyOps} and {@link applyOp}. */
export interface ApplyOpsOptions {
  /**
   * Resolves a name written as a dim of `reshape` or `expand` on a bare View (e.g. `reshape n, 4`),
   * for symbolic shapes: `(name) => Sym.dim(vars[name])`. Without it a name is an error.
   */
  dim?: (name: string) => Dim;
}

/** A malformed op chain (unknown op, a number that is not an integer, odd pair lists). */
export class OpChainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpChainError';
  }
}

const INT = /^[+-]?\d+$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isName(s: string): s is OpChainName {
  return (OP_CHAIN_NAMES as readonly string[]).includes(s);
}

/**
 * Splits op-chain text into steps. Steps are separated by `;` or new lines; an op and its argument
 * by a space, `:` (the demo's URL form `slice:1:3`) or parentheses (`reshape(2, 6)`). A `;`
 * followed by something that is not an op name continues the previous argument, so pad and shrink
 * pairs can be written `pad 1,1; 0,2`.
 */
export function parseOps(text: string): OpStep[] {
  if (arguments.length !== 1) bind(PARSE_OPS, arguments);
  if (typeof text !== 'string') throw new TypeError(`parseOps: text must be a string, got ${fmt(text)}`);
  const steps: OpStep[] = [];
  for (const raw of text.split(/[;\n]/)) {
    const part = raw.trim();
    const head = /^[a-z]+!?/.exec(part)?.[0] ?? '';
    const name = head.replace('!', '');
    if (part === '') continue;
    if (!isName(name) || (head.endsWith('!') && name !== 'reshape')) {
      const last = steps[steps.length - 1];
      if (last && /^[-+\d(\[]/.test(part)) {
        last.arg += `; ${part}`;
        last.text += `; ${part}`;
        continue;
      }
      throw new OpChainError(
        `ops: "${part}" is not an op; use one of ${OP_CHAIN_NAMES.join(', ')} (reshape! refuses to copy)`,
      );
    }
    // "name arg", "name:arg" (the demo's URL form: exactly one ':' separates) or "name(arg)".
    let arg = part.slice(head.length);
    if (arg.startsWith(':')) arg = arg.slice(1);
    else if (/^\s*\(/.test(arg) && arg.trimEnd().endsWith(')')) arg = arg.trim().slice(1, -1);
    else if (arg !== '' && !/^\s/.test(arg)) {
      throw new OpChainError(`ops: "${part}": write the op and its argument apart, e.g. "${name} ${arg}"`);
    }
    steps.push({ name, arg: arg.trim(), noCopy: head === 'reshape!', text: part });
  }
  return steps;
}

function items(text: string): string[] {
  const t = text.trim().replace(/^[[(]\s*/, '').replace(/\s*[\])]$/, '');
  if (t === '') return [];
  return t.split(/[\s,x×]+/).filter((s) => s !== '');
}

/** "2, -1" or "[2,-1]" -> [2, -1]; "" -> []. */
/** The list parsers' arguments: both strings (what names the list in their errors). */
function listArgs(op: string, text: unknown, what: unknown): void {
  if (typeof text !== 'string') throw new TypeError(`${op}: text must be a string, got ${fmt(text)}`);
  if (typeof what !== 'string') throw new TypeError(`${op}: what must be a string, got ${fmt(what)}`);
}

export function parseIntList(text: string, what: string): number[] {
  if (arguments.length !== 2) bind(PARSE_INT_LIST, arguments);
  listArgs('parseIntList', text, what);
  return items(text).map((s) => {
    if (!INT.test(s)) throw new OpChainError(`${what}: "${s}" is not an integer (write e.g. 2, -1)`);
    return Number(s);
  });
}

/** Like {@link parseIntList}, but a dim may also name a symbolic variable: "n, 4" -> ['n', 4]. */
export function parseDimList(text: string, what: string): Array<number | string> {
  if (arguments.length !== 2) bind(PARSE_DIM_LIST, arguments);
  listArgs('parseDimList', text, what);
  return items(text).map((s) => {
    if (INT.test(s)) return Number(s);
    if (NAME.test(s)) return s;
    throw new OpChainError(`${what}: "${s}" is neither an integer nor a variable name`);
  });
}

/** "1,2; 0,1" or "(1,2),(0,1)" -> [[1,2],[0,1]]: one pair per dim. */
export function parsePairList(text: string, what: string): Array<[number, number]> {
  if (arguments.length !== 2) bind(PARSE_PAIR_LIST, arguments);
  listArgs('parsePairList', text, what);
  const nums = (text.match(/[+-]?\d+|[^\s\d+\-,;()[\]]+/g) ?? []).map((s) => {
    if (!INT.test(s)) throw new OpChainError(`${what}: "${s}" is not an integer`);
    return Number(s);
  });
  if (nums.length % 2 !== 0) {
    throw new OpChainError(`${what}: expected one pair per dim, like 1,1; 0,2 (got ${nums.length} numbers)`);
  }
  const out: Array<[number, number]> = [];
  for (let i = 0; i < nums.length; i += 2) out.push([nums[i]!, nums[i + 1]!]);
  return out;
}

function flags(axes: number[], ndim: number, what: string): boolean[] {
  const f = new Array<boolean>(ndim).fill(false);
  for (const a of axes) {
    const k = a < 0 ? a + ndim : a;
    if (k < 0 || k >= ndim) throw new OpChainError(`${what}: axis ${a} is out of bounds for array of dimension ${ndim}`);
    f[k] = true;
  }
  return f;
}

/** Dims of a bare View's reshape/expand: integers, or names resolved by the `dim` option. */
function symDims(text: string, what: string, resolve: ((name: string) => Dim) | null): Dim[] {
  if (!resolve) return parseIntList(text, what);
  return parseDimList(text, what).map((d) => (typeof d === 'number' ? d : resolve(d)));
}

/** Applies one step to an array (a view when the op allows, else the engine's copy). */
function stepArray(a: NDArray, s: OpStepSpec): NDArray {
  const what = s.name;
  const arg = s.arg.trim();
  switch (s.name) {
    case 'reshape':
      return a.reshape(parseIntList(arg, what), s.noCopy ? { copy: false } : {});
    case 'transpose':
      return arg ? a.transpose(parseIntList(arg, what)) : a.transpose();
    case 'permute':
      return a.permute(parseIntList(arg, what));
    case 'slice':
      return a.slice(arg);
    case 'flip':
      return arg ? a.flip({ axis: parseIntList(arg, what) }) : a.flip();
    case 'expand':
      return a.expand(parseIntList(arg, what));
    case 'pad':
      return a.padView(parsePairList(arg, what));
    case 'shrink':
      return a.shrink(parsePairList(arg, what));
    case 'squeeze':
      return arg ? a.squeeze({ axis: parseIntList(arg, what) }) : a.squeeze();
    case 'unsqueeze':
      return a.unsqueeze(parseIntList(arg, what));
    case 'contiguous':
      return a.contiguous();
  }
}

/** Applies one step to a bare View (no memory: slice, squeeze, unsqueeze and contiguous need an array). */
function stepView(v: View, s: OpStepSpec, dim: ((name: string) => Dim) | null): View {
  const what = s.name;
  const arg = s.arg.trim();
  switch (s.name) {
    case 'reshape':
      return v.reshape(symDims(arg, what, dim));
    case 'transpose': {
      const axes = arg ? parseIntList(arg, what) : Array.from({ length: v.ndim }, (_, i) => v.ndim - 1 - i);
      return v.permute(axes);
    }
    case 'permute':
      return v.permute(parseIntList(arg, what));
    case 'flip':
      return v.flip(arg ? flags(parseIntList(arg, what), v.ndim, what) : new Array<boolean>(v.ndim).fill(true));
    case 'expand':
      return v.expand(symDims(arg, what, dim));
    case 'pad':
      return v.pad(parsePairList(arg, what));
    case 'shrink':
      return v.shrink(parsePairList(arg, what));
    default:
      if (!isName(s.name)) throw new OpChainError(`ops: "${String(s.name)}" is not an op; use one of ${OP_CHAIN_NAMES.join(', ')}`);
      throw new OpChainError(`${s.name}: needs an NDArray (a bare View has no memory); pass an array`);
  }
}

/**
 * Applies an op chain (see {@link parseOps}) to an NDArray or a View and returns the result
 * (views where the ops allow; `contiguous` and a copying `reshape` make new arrays). Errors:
 * OpChainError for malformed text; the engine's StrideViewError (e.g. `reshape! 12` on a
 * transposed array) or TypeError/RangeError for ops that do not apply, with the step prefixed.
 *
 * ```js
 * const a = arange(0, 12).reshape([3, 4]);
 * applyOps(a, 'transpose; slice ::-1, 1:3').shape; // [4, 2]
 * ```
 */
export function applyOps(a: NDArray, text: string, options?: ApplyOpsOptions): NDArray;
export function applyOps(a: View, text: string, options?: ApplyOpsOptions): View;
export function applyOps(a: NDArray | View, text: string, options?: ApplyOpsOptions): NDArray | View;
export function applyOps(...args: unknown[]): NDArray | View {
  const [a, text, d] = bind(APPLY_OPS, args);
  const dim = dimOption('applyOps', d);
  if (!(a instanceof NDArray) && !(a instanceof View)) {
    throw new TypeError(`applyOps: a must be an NDArray or a View, got ${fmt(a)}`);
  }
  if (typeof text !== 'string') throw new TypeError(`applyOps: text must be a string, got ${fmt(text)}`);
  let cur: NDArray | View = a;
  for (const s of parseOps(text as string)) {
    try {
      cur = applyStep(cur, s, dim);
    } catch (e) {
      if (e instanceof Error && !e.message.startsWith(`${s.name}`)) e.message = `${s.text}: ${e.message}`;
      throw e;
    }
  }
  return cur;
}

/**
 * Applies one op, given as its name and argument text (one step of {@link parseOps}, or the
 * demo's op inputs), to an NDArray or a View: the same rules as {@link applyOps}.
 *
 * ```js
 * applyOp(arange(0, 12).reshape([3, 4]), { name: 'pad', arg: '1,1; 0,0' }).mask; // [[1, 4], [0, 4]]
 * ```
 */
export function applyOp(a: NDArray, step: OpStepSpec, options?: ApplyOpsOptions): NDArray;
export function applyOp(a: View, step: OpStepSpec, options?: ApplyOpsOptions): View;
export function applyOp(a: NDArray | View, step: OpStepSpec, options?: ApplyOpsOptions): NDArray | View;
export function applyOp(...args: unknown[]): NDArray | View {
  const [a, step, d] = bind(APPLY_OP, args);
  const dim = dimOption('applyOp', d);
  if (step === null || typeof step !== 'object' || typeof (step as OpStepSpec).arg !== 'string' || !isName((step as OpStepSpec).name)) {
    throw new OpChainError(
      `applyOp: step must be { name, arg } with name one of ${OP_CHAIN_NAMES.join(', ')} and arg a string, got ${fmt(step)}`,
    );
  }
  // a misspelt key (nocopy) would change what the step does: refused, never ignored
  for (const k of Object.keys(step)) {
    if (!STEP_KEYS.includes(k)) {
      const near = closestName(k, STEP_KEYS);
      throw new OpChainError(`applyOp: unknown step key '${k}'${near !== null ? `; did you mean '${near}'?` : ''} (a step has ${STEP_KEYS.join(', ')})`);
    }
  }
  const noCopy = (step as OpStepSpec).noCopy;
  if (noCopy !== undefined && typeof noCopy !== 'boolean') throw new TypeError(`applyOp: step.noCopy must be a boolean, got ${fmt(noCopy)}`);
  return applyStep(a as NDArray | View, step as OpStepSpec, dim);
}

function dimOption(op: string, d: unknown): ((name: string) => Dim) | null {
  if (d !== null && typeof d !== 'function') throw new TypeError(`${op}: dim must be a function (name) => Dim, got ${fmt(d)}`);
  return d as ((name: string) => Dim) | null;
}

function applyStep(a: NDArray | View, step: OpStepSpec, dim: ((name: string) => Dim) | null): NDArray | View {
  if (a instanceof NDArray) return stepArray(a, step);
  if (a instanceof View) return stepView(a, step, dim);
  throw new TypeError(`applyOp: a must be an NDArray or a View, got ${fmt(a)}`);
}
