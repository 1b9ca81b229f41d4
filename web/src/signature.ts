// The API contract: every public function with a NumPy counterpart declares its signature once, as
// the text of a Python signature with TypeScript types, beside its body:
//
//   const SUM: SigRef = {
//     sig:
//       'numpy.sum: sum(a: ArrayInput, axis: Axis | null = null, dtype: DTypeArg | null = null, ' +
//       'out: NDArray | null = null, keepdims: boolean = false, initial: Scalar = undefined, ' +
//       'where: ArrayInput = true) -> Reduced<$P[axis, out, keepdims], number>',
//   };
//
// A declaration is a plain object literal (no call): bundlers drop the ones an app never reaches,
// also from the minified dist/index.mjs, where a `/* @__PURE__ */` mark would not survive.
//
// and binds its arguments with Python's rules (`inspect.Signature.bind`):
//
//   export function sum(...args: unknown[]) { const [a, axis, ...] = bind(SUM, args); ... }
//
// - parameters before `/` are positional-only, after `*` keyword-only, the rest either;
// - `...xi: ArrayInput` is Python's `*xi`: it takes every remaining positional argument (an array
//   of them, possibly empty); the parameters after it are keyword-only, and it is never given by name;
// - a positional-or-keyword parameter is given positionally in NumPy's order, or by name in one
//   trailing options object (a plain object given after every required positional argument);
// - `null` is NumPy's `None` in either form; `undefined` (positional or as an option's value) is
//   "not given": the declared default applies;
// - a parameter given twice, too many positional arguments, an unknown option (naming the closest
//   valid one: `equal_nan` -> `equalNan`), a keyword-only parameter given positionally and a
//   missing required one are TypeErrors naming the op.
// Values are checked by the function body (with the parameter's name); the binder checks structure.
// The types are for the generated overloads and the reference: the package ships each declaration
// without them (compactSignature), and the binder reads both forms.
//
// scripts/gen-signatures.mjs reads the same texts: it writes each function's TypeScript overloads
// (between `// @overloads NAME` and `// @end` markers, checked for drift by the tests), the method
// forms on NDArray, and docs/api-signatures.md. tests/js/signatures.test.mjs holds every declaration
// against NumPy 1.24's `inspect.signature` (names, order, kinds, defaults).
import { fmt } from './errors.js';

/** @internal Positional-only, positional-or-keyword, keyword-only (Python's parameter kinds). */
export const enum ParamKind {
  Positional = 0,
  Either = 1,
  Keyword = 2,
  /** `...xi: T` (Python's `*xi`): every remaining positional argument, as an array. */
  VarPositional = 3,
}

/** @internal One declared parameter. */
export interface ParamDecl {
  /** The JS name (NumPy's in camelCase). */
  readonly name: string;
  readonly kind: ParamKind;
  /** No default: the caller must give it. */
  readonly required: boolean;
  /** The default, as a JS value (`null` for None; `undefined`: NumPy's `<no value>`). */
  readonly dflt: unknown;
  /** The TypeScript type text (for the generated overloads). */
  readonly type: string;
}

/** @internal A parsed declaration. */
export interface Signature {
  /** The name the user calls (`sum`, `Generator.choice`): every error starts with it. */
  readonly op: string;
  /** The NumPy function it follows (`numpy.sum`), or `-` for none. */
  readonly numpy: string;
  readonly params: readonly ParamDecl[];
  /** How many parameters may be given positionally (positional-only and either; before a variadic one). */
  readonly nPositional: number;
  /** The variadic parameter's index (`...xi`), or -1: it takes the positional arguments after nPositional. */
  readonly varIndex: number;
  /** How many leading parameters are required positionally (an options object comes after them). */
  readonly nRequired: number;
  /** The TypeScript return type text. */
  readonly returns: string;
  /** The parameters that may be given by name (all but positional-only and variadic ones) by name. */
  readonly index: ReadonlyMap<string, number>;
}

/** @internal A declaration: its text (parsed at its first use, so a bundle that never calls it pays nothing). */
export interface SigRef {
  readonly sig: string;
  p?: Signature;
}

/** @internal The parsed declaration (parsed once). */
export function signatureOf(ref: SigRef): Signature {
  return ref.p ?? (ref.p = parseSignature(ref.sig));
}

/** Splits `s` at top-level occurrences of `sep` (outside brackets, braces, parens and quotes). */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || (c === '>' && s[i - 1] !== '=')) depth--;
    else if (depth === 0 && s.startsWith(sep, i)) {
      out.push(s.slice(start, i));
      start = i + sep.length;
      i += sep.length - 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** A default value's text as a JS value: null, undefined, true, false, numbers, quoted strings. */
function parseDefault(text: string, where: string): unknown {
  const t = text.trim();
  if (t === 'null') return null;
  if (t === 'undefined') return undefined;
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (/^'[^']*'$/.test(t) || /^"[^"]*"$/.test(t)) return t.slice(1, -1);
  if (t === 'Infinity') return Infinity;
  if (t === '-Infinity') return -Infinity;
  if (t === 'NaN') return NaN;
  const n = Number(t);
  if (t !== '' && !Number.isNaN(n)) return n;
  throw new Error(`signature: cannot read the default ${JSON.stringify(t)} in ${where}`);
}

const UFUNC_KEYWORDS =
  "out: NDArray | readonly [NDArray] | null = null, *, where: ArrayInput = true, casting: Casting = 'same_kind', " +
  "order: Order = 'K', dtype: DTypeArg | null = null, subok: boolean = true";
/** @internal Shorthands a declaration may use for a parameter list written once. */
export const SIGNATURE_MACROS: Readonly<Record<string, string>> = {
  '@ufunc1': `x: ArrayInput, /, ${UFUNC_KEYWORDS}`,
  '@ufunc2': `x1: ArrayInput, x2: ArrayInput, /, ${UFUNC_KEYWORDS}`,
};

/** A variadic parameter given no argument: an empty list (frozen: every such call shares it). */
const NO_ARGUMENTS: readonly unknown[] = Object.freeze([]);

/** @internal Parses `numpy.name: name(params) -> Ret` (see the top of this file). */
export function parseSignature(text: string): Signature {
  for (const k in SIGNATURE_MACROS) text = text.split(k).join(SIGNATURE_MACROS[k]!);
  const m = /^\s*([\w.\-]+)\s*:\s*([\w.]+)\s*\(([\s\S]*)\)\s*(?:->\s*([\s\S]+?))?\s*$/.exec(text);
  if (m === null) throw new Error(`signature: cannot read ${JSON.stringify(text)}`);
  const [, numpy, op, body] = m as unknown as [string, string, string, string];
  const returns = m[4] ?? ''; // (the package's compact form has no types: see compactSignature)
  const params: ParamDecl[] = [];
  const index = new Map<string, number>();
  let kind = ParamKind.Either;
  const parts = body.trim() === '' ? [] : splitTop(body, ',');
  if (parts.some((p) => p.trim() === '/')) kind = ParamKind.Positional;
  let nRequired = 0;
  let seenDefault = false;
  for (const raw of parts) {
    const p = raw.trim();
    if (p === '/') {
      kind = ParamKind.Either;
      continue;
    }
    if (p === '*') {
      kind = ParamKind.Keyword;
      continue;
    }
    const eq = splitTop(p, '=');
    let decl = eq[0]!.trim();
    const variadic = decl.startsWith('...');
    if (variadic) {
      if (kind === ParamKind.Keyword || params.some((q) => q.kind === ParamKind.VarPositional)) {
        throw new Error(`signature: ${op}: ${decl} after '*' or a second variadic parameter`);
      }
      if (eq.length !== 1) throw new Error(`signature: ${op}: the variadic ${decl} takes no default`);
      decl = decl.slice(3);
    }
    const colon = decl.indexOf(':');
    const name = (colon < 0 ? decl : decl.slice(0, colon)).trim();
    const type = colon < 0 ? '' : decl.slice(colon + 1).trim();
    if (variadic) {
      // not in `index`: never given by name (an option of its name is unknown, and the error says why)
      params.push({ name, kind: ParamKind.VarPositional, required: false, dflt: NO_ARGUMENTS, type });
      kind = ParamKind.Keyword;
      continue;
    }
    const required = eq.length === 1;
    if (!required && eq.length !== 2) throw new Error(`signature: cannot read ${JSON.stringify(p)} in ${op}`);
    const dflt = required ? undefined : parseDefault(eq[1]!, op);
    if (required && kind !== ParamKind.Keyword) {
      if (seenDefault) throw new Error(`signature: ${op}: required ${name} follows a parameter with a default`);
      nRequired++;
    }
    if (!required) seenDefault = true;
    if (index.has(name)) throw new Error(`signature: ${op}: ${name} twice`);
    index.set(name, params.length);
    params.push({ name, kind, required, dflt, type });
  }
  let nPositional = 0;
  while (nPositional < params.length && params[nPositional]!.kind < ParamKind.Keyword) nPositional++;
  const varIndex = nPositional < params.length && params[nPositional]!.kind === ParamKind.VarPositional ? nPositional : -1;
  return { op, numpy, params, nPositional, varIndex, nRequired, returns, index };
}

/**
 * @internal A declaration's text without its TypeScript types: `numpy.sum: sum(a, axis=null, ...)`,
 * kinds, names and defaults as written (shorthands such as `@ufunc2` kept). The package's build
 * (scripts/build-web.mjs) ships every declaration in this form: the binder reads nothing else, the
 * types serve the generated overloads and the API reference.
 */
export function compactSignature(text: string): string {
  const m = /^\s*([\w.\-]+)\s*:\s*([\w.]+)\s*\(([\s\S]*)\)\s*(?:->\s*[\s\S]+?)?\s*$/.exec(text);
  if (m === null) throw new Error(`signature: cannot read ${JSON.stringify(text)}`);
  const parts = m[3]!.trim() === '' ? [] : splitTop(m[3]!, ',');
  const compact = parts.map((raw) => {
    const eq = splitTop(raw.trim(), '=');
    const decl = eq[0]!.trim();
    const colon = decl.indexOf(':');
    const name = colon < 0 ? decl : decl.slice(0, colon).trim();
    return eq.length === 2 ? `${name}=${eq[1]!.trim()}` : name;
  });
  return `${m[1]}: ${m[2]}(${compact.join(',')})`;
}

/**
 * A plain object where a required argument goes is that argument, unless every one of its keys
 * names a parameter that may be given by name: `take(a, { indices: [1, 2], axis: 0 })` is
 * NumPy's `np.take(a, indices=[1, 2], axis=0)`, while `fromNdarrayLike({ data, shape })` passes
 * the object.
 */
function namesOnly(s: Signature, o: Record<string, unknown>): boolean {
  let any = false;
  for (const k in o) {
    const i = s.index.get(k);
    if (i === undefined || s.params[i]!.kind === ParamKind.Positional) return false;
    any = true;
  }
  return any;
}

/** @internal A plain object (`{ ... }`): the only thing read as an options object. */
export function isOptionsObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

const snakeToCamel = (s: string): string => s.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const c = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + c);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[m]![n]!;
}

/** @internal The declared name closest to `key` (snake_case and case aside), or null. */
const isAffix = (a: string, b: string): boolean => a.startsWith(b) || b.startsWith(a);

export function closestName(key: string, names: readonly string[]): string | null {
  const camel = snakeToCamel(key);
  const low = camel.toLowerCase();
  for (const n of names) if (n === camel || n.toLowerCase() === low) return n;
  let best: string | null = null;
  let bestD = Infinity;
  for (const n of names) {
    const d = editDistance(low, n.toLowerCase());
    // a tie goes to a name the key extends or shortens ('axiss' -> 'axis', not 'axisa')
    if (d < bestD || (d === bestD && best !== null && !isAffix(low, best.toLowerCase()) && isAffix(low, n.toLowerCase()))) {
      bestD = d;
      best = n;
    }
  }
  if (best === null) return null;
  // short names: one edit that keeps the first letter ('kk' -> 'k', 'a11' -> 'a1'), not any one-letter name
  if (best.length <= 2) return bestD <= 1 && low[0] === best[0]!.toLowerCase() ? best : null;
  return bestD <= Math.max(1, Math.floor(best.length / 3)) ? best : null;
}

function names(s: Signature, kinds: (k: ParamKind) => boolean): string {
  return s.params
    .filter((p) => kinds(p.kind))
    .map((p) => p.name)
    .join(', ');
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** @internal "the first argument", "the 12th argument". */
export function ordinal(i: number): string {
  return `the ${ORDINALS[i] ?? `${i + 1}th`} argument`;
}

function bindError(s: Signature, args: ArrayLike<unknown>, n: number, opts: Record<string, unknown> | undefined): never {
  const op = s.op;
  if (n > s.nPositional) {
    const extra = args[s.nPositional];
    const kw = s.params[s.nPositional];
    const hint = kw !== undefined ? `; ${kw.name} and the parameters after it are keyword-only: pass them as { ${kw.name}: ... }` : '';
    throw new TypeError(
      `${op}: takes at most ${s.nPositional} positional argument${s.nPositional === 1 ? '' : 's'} ` +
        `(${names(s, (k) => k !== ParamKind.Keyword)}) but ${n} were given (${ordinal(s.nPositional)} is ${fmt(extra)})${hint}`,
    );
  }
  if (opts !== undefined) {
    for (const key of Object.keys(opts)) {
      const i = s.index.get(key);
      if (i === undefined) {
        const varParam = s.varIndex >= 0 ? s.params[s.varIndex]! : undefined;
        if (key === varParam?.name) {
          const after = s.nPositional > 0 ? ` after ${names(s, (k) => k < ParamKind.Keyword)}` : '';
          throw new TypeError(`${op}: ${key} is variadic (NumPy's *${key}): pass its values as the positional arguments${after}, not as the option '${key}'`);
        }
        const valid = s.params.filter((p) => p.kind === ParamKind.Either || p.kind === ParamKind.Keyword).map((p) => p.name);
        const near = closestName(key, valid);
        throw new TypeError(
          `${op}: unknown option '${key}'${near !== null ? `; did you mean '${near}'?` : ''} ` +
            `(${op} takes ${valid.length > 0 ? valid.join(', ') : 'no options'} by name)`,
        );
      }
      const p = s.params[i]!;
      if (p.kind === ParamKind.Positional) {
        throw new TypeError(`${op}: ${p.name} is positional-only: pass it as ${ordinal(i)}, not as the option '${key}' in ${fmt(opts)}`);
      }
      if (i < n && args[i] !== undefined && opts[key] !== undefined) {
        throw new TypeError(`${op}: got multiple values for ${p.name}: ${fmt(args[i])} as ${ordinal(i)} and ${fmt(opts[key])} by name`);
      }
    }
  }
  for (let i = 0; i < s.params.length; i++) {
    const p = s.params[i]!;
    if (!p.required) continue;
    const given = (i < n && args[i] !== undefined) || (opts !== undefined && opts[p.name] !== undefined);
    if (!given) {
      const how = p.kind === ParamKind.Keyword ? `by name: { ${p.name}: ... }` : p.kind === ParamKind.Positional ? `as ${ordinal(i)}` : `as ${ordinal(i)} or by name`;
      throw new TypeError(`${op}: missing the required argument ${p.name} (give it ${how})`);
    }
  }
  throw new Error(`${op}: internal error in argument binding`);
}

/** @internal bind, its errors named as the user called the method (`reshape:`, not the declaration's `NDArray.reshape:`). */
export function bindMethod(ref: SigRef, op: string, args: ArrayLike<unknown>): unknown[] {
  try {
    return bind(ref, args);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    const t = new TypeError(e.message.split(`NDArray.${op}`).join(op));
    t.stack = e.stack;
    throw t;
  }
}

/**
 * @internal Binds `args` (the caller's arguments) to the declaration: one value per declared
 * parameter, in declaration order, defaults applied. Throws a TypeError naming the op for a
 * parameter given twice, too many positional arguments, an unknown option or a missing argument.
 */
export function bind(ref: SigRef, args: ArrayLike<unknown>): unknown[] {
  const s = ref.p ?? signatureOf(ref);
  const params = s.params;
  const np = params.length;
  let n = args.length;
  while (n > 0 && args[n - 1] === undefined) n--; // a trailing undefined is "not given" (forwarded optionals)
  let opts: Record<string, unknown> | undefined;
  if (n > 0 && isOptionsObject(args[n - 1]) && (n > s.nRequired || namesOnly(s, args[n - 1] as Record<string, unknown>))) {
    opts = args[n - 1] as Record<string, unknown>;
    n--;
  }
  let rest: unknown[] | undefined; // a variadic parameter's arguments
  if (n > s.nPositional) {
    if (s.varIndex < 0) bindError(s, args, n, opts);
    rest = Array.prototype.slice.call(args, s.nPositional, n);
    n = s.nPositional;
  }
  const out = new Array<unknown>(np);
  for (let i = 0; i < n; i++) out[i] = args[i];
  if (opts !== undefined) {
    for (const key in opts) {
      if (!Object.prototype.hasOwnProperty.call(opts, key)) continue;
      const i = s.index.get(key);
      const v = opts[key];
      if (i === undefined || params[i]!.kind === ParamKind.Positional || (v !== undefined && i < n && out[i] !== undefined)) {
        bindError(s, args, n, opts);
      }
      if (v !== undefined) out[i] = v;
    }
  }
  for (let i = 0; i < np; i++) {
    if (out[i] === undefined) {
      const p = params[i]!;
      if (p.required) bindError(s, args, n, opts);
      out[i] = p.dflt;
    }
  }
  if (rest !== undefined) out[s.varIndex] = rest;
  return out;
}

/**
 * @internal Refuses a value NumPy accepts but this function does not implement, naming the op, the
 * parameter, what is supported and what came (never silently ignored).
 */
export function unsupported(op: string, name: string, value: unknown, supported: string): never {
  throw new TypeError(`${op}: ${name}=${fmt(value)} is not supported (${supported})`);
}

/**
 * @internal The argument check of the metadata methods (View, Sym, Var, SymDim, Shape), whose
 * parameters are fixed: a method calls it only when its argument count is not the declared one (a
 * right call pays one comparison, and no declaration text ships with the class), and the binder
 * (signature.ts) then reads the call by Python's rules and words the error: `View.permute: takes
 * at most 1 positional argument (axes) but 2 were given ...`. A trailing undefined is not given.
 * `params`: the parameter names, comma-separated (all required).
 */
export function checkCall(op: string, params: string, args: ArrayLike<unknown>): void {
  bind({ sig: `-: ${op}(${params})` }, args);
}
