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
// without them (compactSignature), the only form the binder reads; parseSignature reads and checks
// the typed form for the generator and the tests.
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
  /** The TypeScript type text (for the generated overloads: parseSignature reads it, the binder does not). */
  readonly type?: string;
}

/** @internal A parsed declaration. */
export interface Signature {
  /** The name the user calls (`sum`, `Generator.choice`): every error starts with it. */
  readonly op: string;
  /** The NumPy function it follows (`numpy.sum`), or `-` for none (parseSignature reads it, the binder does not). */
  readonly numpy?: string;
  readonly params: readonly ParamDecl[];
  /** How many parameters may be given positionally (positional-only and either; before a variadic one). */
  readonly nPositional: number;
  /** The variadic parameter's index (`...xi`), or -1: it takes the positional arguments after nPositional. */
  readonly varIndex: number;
  /** How many leading parameters are required positionally (an options object comes after them). */
  readonly nRequired: number;
  /** The TypeScript return type text (parseSignature reads it, the binder does not). */
  readonly returns?: string;
  /** The parameters that may be given by name (all but positional-only and variadic ones) by name. */
  readonly index: ReadonlyMap<string, number>;
}

/** @internal A declaration: its text (parsed at its first use, so a bundle that never calls it pays nothing). */
export interface SigRef {
  readonly sig: string;
  p?: Signature;
}

/** @internal The parsed declaration (parsed once, at its first call). */
export function signatureOf(ref: SigRef): Signature {
  return ref.p ?? (ref.p = parse(ref.sig));
}

/**
 * A default's text as a JS value: empty for `undefined` (NumPy's `<no value>`), else JSON
 * (compactSignature writes them so; parseSignature checks what it may write).
 */
const literal = (t: string): unknown => (t === '' ? undefined : JSON.parse(t));

/**
 * @internal Shorthands a declaration may use for a parameter list written once, with their types
 * (a function, so that no bundle keeps the text: the binder expands COMPACT_MACROS).
 */
export function signatureMacros(): Readonly<Record<string, string>> {
  const kw =
    "out: NDArray | readonly [NDArray] | null = null, *, where: ArrayInput = true, casting: Casting = 'same_kind', " +
    "order: Order = 'K', dtype: DTypeArg | null = null, subok: boolean = true";
  return { '@ufunc1': `x: ArrayInput, /, ${kw}`, '@ufunc2': `x1: ArrayInput, x2: ArrayInput, /, ${kw}` };
}
const COMPACT_KEYWORDS = 'out=null,*,where=true,casting="same_kind",order="K",dtype=null,subok=true';
/** @internal signatureMacros() without their types: what the binder expands (a test holds them equal). */
export const COMPACT_MACROS: Readonly<Record<string, string>> = {
  '@ufunc1': `x,/,${COMPACT_KEYWORDS}`,
  '@ufunc2': `x1,x2,/,${COMPACT_KEYWORDS}`,
};

/** A variadic parameter given no argument: an empty list (frozen: every such call shares it). */
const NO_ARGUMENTS: readonly unknown[] = Object.freeze([]);

/**
 * What the binder reads: a declaration without its types or NumPy's name, `sum(a,axis=null,...)` (the
 * package's build writes every declaration so; see compactSignature), unchecked: parseSignature
 * checks each declaration when the signatures are generated and tested.
 */
function parse(text: string): Signature {
  for (const k in COMPACT_MACROS) text = text.split(k).join(COMPACT_MACROS[k]!);
  const m = /^([\w.]+)\(([^:<[]*)\)$/.exec(text.replace(/ /g, ''));
  if (m === null) throw new Error(`signature: ${text}`);
  const params: ParamDecl[] = [];
  const index = new Map<string, number>();
  const parts = m[2]!.split(',').filter((p) => p !== '');
  let kind = parts.includes('/') ? ParamKind.Positional : ParamKind.Either;
  let nRequired = 0;
  for (const p of parts) {
    const e = p.indexOf('=');
    const name = e < 0 ? p : p.slice(0, e);
    if (p === '/' || p === '*') kind = p === '/' ? ParamKind.Either : ParamKind.Keyword;
    else if (name.startsWith('...')) {
      // not in `index`: never given by name (an option of its name is unknown, and the error says why)
      params.push({ name: name.slice(3), kind: ParamKind.VarPositional, required: false, dflt: NO_ARGUMENTS });
      kind = ParamKind.Keyword;
    } else {
      if (e < 0 && kind !== ParamKind.Keyword) nRequired++;
      index.set(name, params.length);
      params.push({ name, kind, required: e < 0, dflt: e < 0 ? undefined : literal(p.slice(e + 1)) });
    }
  }
  let nPositional = 0;
  while (nPositional < params.length && params[nPositional]!.kind < ParamKind.Keyword) nPositional++;
  const varIndex = params[nPositional]?.kind === ParamKind.VarPositional ? nPositional : -1;
  return { op: m[1]!, params, nPositional, varIndex, nRequired, index };
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
    } else if (c === "'" || c === '"') quote = c;
    else if ('([{<'.includes(c)) depth++;
    else if (')]}'.includes(c) || (c === '>' && s[i - 1] !== '=')) depth--;
    else if (depth === 0 && s.startsWith(sep, i)) {
      out.push(s.slice(start, i));
      start = i + sep.length;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** One parameter's text without its type (`axis=null`, `...xi`, `/`). */
const compactParam = (p: string): string => {
  const q = paramOf(p);
  return q.dflt === undefined ? q.name : `${q.name}=${q.dflt === 'undefined' ? '' : q.dflt.replace(/^'(.*)'$/, '"$1"')}`;
};

const HEAD = /^\s*([\w.\-]+)\s*:\s*([\w.]+)\s*\(([\s\S]*)\)\s*(?:->\s*([\s\S]+?))?\s*$/;

/** A declaration's parameter texts ('/' and '*' included), trimmed. */
const partsOf = (body: string): string[] => (body.trim() === '' ? [] : splitTop(body, ',').map((p) => p.trim()));

/** The parameter's name and type, and its default's text (undefined: none), of one parameter text. */
function paramOf(p: string): { decl: string; name: string; type: string; dflt: string | undefined; parts: number } {
  const eq = splitTop(p, '=');
  const decl = eq[0]!.trim();
  const colon = decl.indexOf(':');
  return {
    decl,
    name: (colon < 0 ? decl : decl.slice(0, colon)).trim(),
    type: colon < 0 ? '' : decl.slice(colon + 1).trim(),
    dflt: eq[1]?.trim(),
    parts: eq.length,
  };
}

/**
 * @internal Reads and checks a declaration with its types (shorthands expanded with theirs): what
 * the generator and the tests read. Throws for a declaration the binder would misread: a default
 * it cannot read, a required parameter after one with a default, a name twice, a variadic
 * parameter after `*`, a second one or one with a default.
 */
export function parseSignature(text: string): Signature {
  const macros = signatureMacros();
  for (const k in macros) text = text.split(k).join(macros[k]!);
  const m = HEAD.exec(text);
  if (m === null) throw new Error(`signature: cannot read ${JSON.stringify(text)}`);
  const op = m[2]!;
  const fail = (why: string): never => {
    throw new Error(`signature: ${op}: ${why}`);
  };
  const parts = partsOf(m[3]!);
  const types: string[] = [];
  let keywordOnly = false;
  let variadic = 0;
  let seenDefault = false;
  const seen = new Set<string>();
  for (const p of parts) {
    if (p === '*') keywordOnly = true;
    if (p === '/' || p === '*') continue;
    const { decl, name, type, dflt, parts: n } = paramOf(p);
    types.push(type);
    if (n > 2) fail(`cannot read ${JSON.stringify(p)}`);
    if (decl.startsWith('...')) {
      if (keywordOnly || variadic++ > 0) fail(`${decl} after '*' or a second variadic parameter`);
      if (n !== 1) fail(`the variadic ${decl} takes no default`);
      keywordOnly = true;
      continue;
    }
    if (dflt !== undefined) {
      // what `literal` reads: undefined, or JSON once compactParam wrote a string in double quotes
      if (!/^(null|undefined|true|false|'[\w.-]*'|"[\w.-]*"|-?\d+(\.\d+)?(e-?\d+)?)$/.test(dflt)) {
        fail(`cannot read the default ${JSON.stringify(dflt)}`);
      }
      seenDefault = true;
    } else if (!keywordOnly && seenDefault) fail(`required ${name} follows a parameter with a default`);
    if (seen.has(name)) fail(`${name} twice`);
    seen.add(name);
  }
  const s = parse(`${op}(${parts.map(compactParam).join(',')})`);
  return { ...s, op, numpy: m[1]!, returns: m[4] ?? '', params: s.params.map((q, j) => ({ ...q, type: types[j] })) };
}

/**
 * @internal A declaration's text without its TypeScript types and NumPy's name: `sum(a,axis=null,...)`,
 * kinds, names and defaults as written (shorthands such as `@ufunc2` kept). The package's build
 * (scripts/build-web.mjs) ships every declaration in this form: the binder reads nothing else, the
 * types serve the generated overloads and the API reference.
 */
export function compactSignature(text: string): string {
  const m = HEAD.exec(text);
  if (m === null) throw new Error(`signature: cannot read ${JSON.stringify(text)}`);
  // a method's errors name it as the user calls it (`reshape:`, not the declaration's `NDArray.reshape:`)
  return `${m[2]!.replace(/^NDArray\./, '')}(${partsOf(m[3]!).map(compactParam).join(',')})`;
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
  if (v == null) return false;
  const p = Object.getPrototypeOf(v); // a primitive's is its wrapper's prototype, a function's Function.prototype
  return p === Object.prototype || p === null;
}


/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const w = b.length + 1;
  const d: number[] = [];
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j < w; j++) {
      d[i * w + j] =
        i === 0 || j === 0
          ? i + j
          : Math.min(
              d[(i - 1) * w + j]! + 1,
              d[i * w + j - 1]! + 1,
              d[(i - 1) * w + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
              i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? d[(i - 2) * w + j - 2]! + 1 : Infinity,
            );
    }
  }
  return d[a.length * w + b.length]!;
}

/** @internal The declared name closest to `key` (snake_case and case aside), or null. */
const isAffix = (a: string, b: string): boolean => a.startsWith(b) || b.startsWith(a);

export function closestName(key: string, names: readonly string[]): string | null {
  const low = key.replace(/_/g, '').toLowerCase(); // snake_case and case aside
  let best = '';
  let score = Infinity;
  for (const n of names) {
    const l = n.toLowerCase();
    // the fewest edits; a tie goes to a name the key extends or shortens ('axiss' -> 'axis', not 'axisa')
    const s = 2 * editDistance(low, l) + (isAffix(low, l) ? 0 : 1);
    if (s < score) {
      score = s;
      best = n;
    }
  }
  // short names: one edit that keeps the first letter ('kk' -> 'k', 'a11' -> 'a1'), not any one-letter name
  return Math.floor(score / 2) <= (best.length <= 2 ? (low[0] === best[0]?.toLowerCase() ? 1 : -1) : Math.max(1, Math.floor(best.length / 3))) ? best : null;
}

function names(s: Signature, kinds: (k: ParamKind) => boolean): string[] {
  return s.params.filter((p) => kinds(p.kind)).map((p) => p.name);
}

const ORDINALS = 'first second third fourth fifth'.split(' ');

/** @internal "the first argument" ... "the fifth argument", then "the 6th argument". */
export function ordinal(i: number): string {
  return `the ${ORDINALS[i] ?? `${i + 1}th`} argument`;
}

/** An option no parameter of `s` takes by name: the variadic parameter's name, or an unknown key. */
function unknownOption(s: Signature, key: string): never {
  const op = s.op;
  if (key === s.params[s.varIndex]?.name) {
    const after = s.nPositional > 0 ? ` after ${names(s, (k) => k < ParamKind.Keyword).join(', ')}` : '';
    throw new TypeError(`${op}: ${key} is variadic (NumPy's *${key}): pass its values as the positional arguments${after}, not as the option '${key}'`);
  }
  const valid = names(s, (k) => k === ParamKind.Either || k === ParamKind.Keyword);
  const near = closestName(key, valid);
  throw new TypeError(
    `${op}: unknown option '${key}'${near !== null ? `; did you mean '${near}'?` : ''} ` +
      `(${op} takes ${valid.join(', ') || 'no options'} by name)`,
  );
}

/**
 * @internal Binds `args` (the caller's arguments) to the declaration: one value per declared
 * parameter, in declaration order, defaults applied. Throws a TypeError naming the op for a
 * parameter given twice, too many positional arguments, an unknown option or a missing argument.
 */
export function bind(ref: SigRef, args: ArrayLike<unknown>): unknown[] {
  const s = signatureOf(ref);
  const { op, params, nPositional } = s;
  const np = params.length;
  let n = args.length;
  while (n > 0 && args[n - 1] === undefined) n--; // a trailing undefined is "not given" (forwarded optionals)
  let opts: Record<string, unknown> | undefined;
  if (n > 0 && isOptionsObject(args[n - 1]) && (n > s.nRequired || namesOnly(s, args[n - 1] as Record<string, unknown>))) {
    opts = args[--n] as Record<string, unknown>;
  }
  let rest: unknown[] | undefined; // a variadic parameter's arguments
  if (n > nPositional) {
    if (s.varIndex < 0) {
      const kw = params[nPositional];
      throw new TypeError(
        `${op}: takes at most ${nPositional} positional argument${nPositional === 1 ? '' : 's'} ` +
          `(${names(s, (k) => k !== ParamKind.Keyword).join(', ')}) but ${n} were given (${ordinal(nPositional)} is ${fmt(args[nPositional])})` +
          (kw !== undefined ? `; ${kw.name} and the parameters after it are keyword-only: pass them as { ${kw.name}: ... }` : ''),
      );
    }
    rest = [].slice.call(args, nPositional, n);
    n = nPositional;
  }
  const out = new Array<unknown>(np);
  for (let i = 0; i < n; i++) out[i] = args[i];
  if (opts !== undefined) {
    for (const key in opts) {
      if (!Object.hasOwn(opts, key)) continue;
      const i = s.index.get(key);
      if (i === undefined) unknownOption(s, key);
      const p = params[i]!;
      const v = opts[key];
      if (p.kind === ParamKind.Positional) {
        throw new TypeError(`${op}: ${p.name} is positional-only: pass it as ${ordinal(i)}, not as the option '${key}' in ${fmt(opts)}`);
      }
      if (v !== undefined) {
        if (i < n && out[i] !== undefined) {
          throw new TypeError(`${op}: got multiple values for ${p.name}: ${fmt(out[i])} as ${ordinal(i)} and ${fmt(v)} by name`);
        }
        out[i] = v;
      }
    }
  }
  for (let i = 0; i < np; i++) {
    if (out[i] === undefined) {
      const p = params[i]!;
      if (p.required) {
        const how = p.kind === ParamKind.Keyword ? `by name: { ${p.name}: ... }` : `as ${ordinal(i)}${p.kind === ParamKind.Positional ? '' : ' or by name'}`;
        throw new TypeError(`${op}: missing the required argument ${p.name} (give it ${how})`);
      }
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
  bind({ sig: `${op}(${params})` }, args);
}
