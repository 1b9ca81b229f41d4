// Writes what follows from the API's declared signatures (web/src/signature.ts's `sig(...)` texts):
//   - each function's TypeScript overloads, between `// @overloads NAME` and `// @end` in the file
//     that declares it (NAME: the declaration's const), and the NDArray method forms between
//     `// @overloads method NAME [methodName]` and `// @end`: the array parameter (the one named `a`,
//     else the first) is dropped, unless the declaration is a method's own (`NDArray.reshape(...)`);
//     methodName (default: the function's name) renames it (`// @overloads method VARIANCE var`).
//     A method marker whose declaration does not exist (yet) is left empty with a warning (an error
//     under --check when SV_SIGNATURES_STRICT=1); the line after its `// @end` may hold a hand-written
//     stand-in ending in `// @fallback`, removed once the declaration exists; and the members of a
//     class whose declarations have no self parameter (`Generator.random`) between
//     `// @overloads member NAME` and `// @end` (every parameter kept, named after the op's last part);
//   - docs/api-signatures.md: every declared function's signature line, NumPy's counterpart beside it.
// `--check` writes nothing and exits 1 when a file is stale (the tests run it).
// The declarations are read by web/src/signature.ts's own parser (bundled here by esbuild), so the
// overloads, the reference and the binder cannot read a text differently.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(root, 'web/src');
const check = process.argv.includes('--check');
const strict = process.env.SV_SIGNATURES_STRICT === '1';

/** web/src/signature.ts's parser, bundled for Node. */
export async function loadParser() {
  const out = await esbuild.build({
    entryPoints: [join(srcDir, 'signature.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** A declaration in web/src: its const name and its text, single-quoted strings joined by +. */
export const SIG_RE = /const\s+([A-Z][A-Z0-9_]*)\s*:\s*SigRef\s*=\s*\{\s*sig:\s*((?:'[^']*'\s*\+?\s*)+)\}/g;

/** A declaration's text from its source pieces (SIG_RE's second group: 'a' + 'b' ...). */
export const declarationText = (pieces) => [...pieces.matchAll(/'([^']*)'/g)].map((x) => x[1]).join('');

/** Every declaration in web/src: { constName, file, text }. */
export function readDeclarations() {
  const decls = [];
  for (const f of readdirSync(srcDir).filter((x) => x.endsWith('.ts')).sort()) {
    const src = readFileSync(join(srcDir, f), 'utf8');
    for (const m of src.matchAll(SIG_RE)) {
      decls.push({ constName: m[1], file: f, text: declarationText(m[2]) });
    }
  }
  return decls;
}

/**
 * The generic type parameters and the `$P[...]` replacement of one overload (the optional parameters
 * it watches; withRequired: the required ones too, as in the variadic overloads: einsum's subscripts).
 */
function returnType(s, positional, optsName, withRequired = false) {
  const m = /\$P\[([^\]]*)\]/.exec(s.returns);
  if (m === null) return { generics: [], ret: s.returns, optsGeneric: false };
  // a name ending in ! is watched even when required (a distribution's parameters: an array there
  // makes the draw an array)
  const watched = m[1].split(',').map((x) => x.trim()).filter(Boolean);
  const forced = watched.filter((w) => w.endsWith('!')).map((w) => w.slice(0, -1));
  const generics = [];
  const props = [];
  for (const p of positional) {
    const force = forced.includes(p.name);
    if ((!watched.includes(p.name) && !force) || (p.required && !withRequired && !force)) continue;
    const T = `T${p.name[0].toUpperCase()}${p.name.slice(1)}`;
    generics.push(p.required ? `${T} extends ${p.type}` : `${T} extends ${p.type} | undefined = undefined`);
    props.push(`${p.name}: ${T}`);
  }
  const P = `${props.length > 0 ? `{ ${props.join('; ')} } & ` : ''}${optsName}`;
  return { generics, ret: s.returns.split(m[0]).join(P), optsGeneric: true }; // each $P[...] of the text
}

/**
 * The overload lines of declaration `s` (method: without the array parameter, as a class member;
 * member: every parameter, as a class member).
 */
export function overloads(s, { method = false, member = false, indent = '', name: methodName, thisType = null } = {}) {
  if (method && !s.op.startsWith('NDArray.') && thisType === null && /\$N\[/.test(s.returns)) {
    // a method's `$N[a]`: overloads on `this` (a `this`-typed return would make NDArray invariant in
    // its dtype): complex arrays first, then every other
    const as = (t) => ({ ...s, returns: s.returns.replace(/\$N\[\w+\]/g, t) });
    const o = { method, member, indent, name: methodName };
    return [...overloads(as('Complex'), { ...o, thisType: 'NDArray<ComplexDType>' }), ...overloads(as('number'), { ...o, thisType: '' })];
  }
  if (s.varIndex >= 0) {
    if (method || member) throw new Error(`gen-signatures: ${s.op}: a method form of a variadic declaration is not supported`);
    return variadicOverloads(s, indent);
  }
  const own = method && s.op.startsWith('NDArray.');
  const drop = !method || own ? -1 : Math.max(0, s.params.findIndex((p) => p.name === 'a'));
  const params = drop < 0 ? s.params : s.params.filter((_, i) => i !== drop);
  const nPos = drop < 0 ? s.nPositional : s.nPositional - 1;
  const nReq = drop < 0 ? s.nRequired : Math.max(0, s.nRequired - 1);
  const lines = [];
  for (let k = nReq; k <= nPos; k++) {
    const positional = params.slice(0, k);
    const named = params.slice(k).filter((p) => p.kind !== 0);
    const optsType =
      named.length === 0
        ? null
        : `{ ${named.map((p) => `${p.name}${p.required ? '' : '?'}: ${p.type}${p.required ? '' : ' | undefined'}`).join('; ')} }`;
    const optsRequired = named.some((p) => p.required);
    const rt = returnType(s, positional, optsType === null ? '{}' : 'O');
    const { generics, optsGeneric } = rt;
    if (optsGeneric && optsType !== null) generics.push(`O extends ${optsType} = {}`);
    // `$N[a]`: the JS value of a 0-d result from `a` (number, or Complex for a complex array): typed
    // after `a` (a generic) in a function, after `this` in a method
    let ret = rt.ret;
    const numberOf = new Set();
    ret = ret.replace(/\$N\[(\w+)\]/g, (_, name) => {
      if (!positional.some((p) => p.name === name)) throw new Error(`gen-signatures: ${s.op}: $N[${name}] names no positional parameter`);
      numberOf.add(name);
      return `NumberOf<T${name[0].toUpperCase()}${name.slice(1)}>`;
    });
    for (const name of numberOf) generics.unshift(`T${name[0].toUpperCase()}${name.slice(1)} extends ${positional.find((p) => p.name === name).type}`);
    const args = positional.map((p) => `${p.name}${p.required ? '' : '?'}: ${generics.some((g) => g.startsWith(`T${p.name[0].toUpperCase()}${p.name.slice(1)} `)) ? `T${p.name[0].toUpperCase()}${p.name.slice(1)}` : p.type}`);
    if (optsType !== null) args.push(`options${optsRequired ? '' : '?'}: ${optsGeneric ? 'O' : optsType}`);
    if (thisType) args.unshift(`this: ${thisType}`);
    const g = generics.length > 0 ? `<${generics.join(', ')}>` : '';
    const inClass = method || member;
    const name = method ? (methodName ?? s.op.split('.').pop()) : member ? s.op.split('.').pop() : s.op;
    lines.push(`${indent}${inClass ? '' : 'export function '}${name}${g}(${args.join(', ')}): ${ret};`);
  }
  return lines;
}

/** A parameter's type in an overload: its generic where the return type follows it. */
const argType = (p, generics) => {
  const T = `T${p.name[0].toUpperCase()}${p.name.slice(1)}`;
  return generics.some((g) => g.startsWith(`${T} `)) ? T : p.type;
};

/**
 * The overloads of a declaration with a variadic parameter (`...xi: T`, Python's `*xi`): the
 * parameters before it, then `...xi: T[]`; and the same with the options object last,
 * `(...args: [..., ...xi: T[], options: {...}])` (the keyword-only parameters after it).
 */
function variadicOverloads(s, indent) {
  const lead = s.params.slice(0, s.varIndex);
  const v = s.params[s.varIndex];
  const named = s.params.slice(s.varIndex + 1);
  const optsType =
    named.length === 0
      ? null
      : `{ ${named.map((p) => `${p.name}${p.required ? '' : '?'}: ${p.type}${p.required ? '' : ' | undefined'}`).join('; ')} }`;
  const elem = /^[\w.$]+$/.test(v.type) ? v.type : `(${v.type})`;
  const forms = optsType === null ? [false] : named.some((p) => p.required) ? [true] : [false, true];
  return forms.map((withOpts) => {
    const { generics, ret, optsGeneric } = returnType(s, lead, withOpts ? 'O' : '{}', true);
    if (withOpts && optsGeneric) generics.push(`O extends ${optsType} = {}`);
    const args = [...lead.map((p) => `${p.name}${p.required ? '' : '?'}: ${argType(p, generics)}`), `...${v.name}: ${elem}[]`];
    if (withOpts) args.push(`options: ${optsGeneric ? 'O' : optsType}`);
    const g = generics.length > 0 ? `<${generics.join(', ')}>` : '';
    return `${indent}export function ${s.op}${g}(${withOpts ? `...args: [${args.join(', ')}]` : args.join(', ')}): ${ret};`;
  });
}

/** The Python-style line of the reference: `sum(a, axis=null, ..., *, where=true)`. */
export function signatureLine(s) {
  const parts = [];
  let kind = 1;
  const hasPosOnly = s.params.some((p) => p.kind === 0);
  s.params.forEach((p, i) => {
    if (kind === 0 && p.kind !== 0) parts.push('/');
    if (p.kind === 3) {
      parts.push(`*${p.name}`); // Python's *xi: the parameters after it are keyword-only
      kind = 2;
      return;
    }
    if (p.kind === 2 && kind !== 2) parts.push('*');
    kind = p.kind;
    const d = p.required ? '' : `=${p.dflt === undefined ? 'undefined' : typeof p.dflt === 'string' ? `'${p.dflt}'` : String(p.dflt)}`;
    parts.push(`${p.name}${d}`);
    if (hasPosOnly && i === s.params.length - 1 && p.kind === 0) parts.push('/');
  });
  return `${s.op}(${parts.join(', ')})`;
}

async function main() {
  const { parseSignature } = await loadParser();
  const decls = readDeclarations().map((d) => ({ ...d, sig: parseSignature(d.text) }));
  const byConst = new Map(decls.map((d) => [d.constName, d]));
  if (byConst.size !== decls.length) throw new Error('gen-signatures: a declaration const name is used twice');
  // web/src's declarations carry their types (the overloads and the reference come from them; the
  // binder also reads the untyped form the package ships, so only this catches a missing one)
  for (const d of decls) {
    const untyped = d.sig.params.filter((p) => p.type === '').map((p) => p.name);
    if (untyped.length > 0 || d.sig.returns === '') {
      throw new Error(`gen-signatures: ${d.file} ${d.constName}: ${untyped.length > 0 ? `parameter ${untyped.join(', ')} without a type` : 'no return type (-> T)'}`);
    }
  }
  const stale = [];
  const missing = [];
  for (const f of readdirSync(srcDir).filter((x) => x.endsWith('.ts')).sort()) {
    const path = join(srcDir, f);
    const src = readFileSync(path, 'utf8');
    const lines = src.split('\n');
    const out = [];
    for (let i = 0; i < lines.length; i++) {
      const m = /^(\s*)\/\/ @overloads (method |member )?([A-Z][A-Z0-9_]*)(?: ([A-Za-z_$][\w$]*))?\s*$/.exec(lines[i]);
      if (m === null) {
        out.push(lines[i]);
        continue;
      }
      const method = m[2] === 'method ';
      const d = byConst.get(m[3]);
      if (d === undefined && !method) throw new Error(`gen-signatures: ${f}:${i + 1}: no declaration ${m[3]}`);
      out.push(lines[i]);
      let j = i + 1;
      while (j < lines.length && !/^\s*\/\/ @end\s*$/.test(lines[j])) j++;
      if (j === lines.length) throw new Error(`gen-signatures: ${f}:${i + 1}: no // @end after the marker`);
      if (d === undefined) {
        missing.push(`${f}:${i + 1}: ${m[3]}`); // left empty: the method keeps its hand-written @fallback
      } else {
        out.push(...overloads(d.sig, { method: m[2] === 'method ', member: m[2] === 'member ', indent: m[1], name: m[4] }));
      }
      out.push(lines[j]);
      i = j;
      if (d !== undefined && /\/\/ @fallback\s*$/.test(lines[j + 1] ?? '')) i++; // the stand-in is no longer needed
    }
    const next = out.join('\n');
    if (next !== src) {
      stale.push(`web/src/${f}`);
      if (!check) writeFileSync(path, next);
    }
  }
  const doc = [
    '# API signatures',
    '',
    'Generated by `scripts/gen-signatures.mjs` from the declarations beside each function (do not edit).',
    'Each line is the call as Python would read it: parameters before `/` are positional only, after `*`',
    'keyword only (by name, in the trailing options object), the rest either way; `null` is NumPy\'s',
    '`None`. See the guide\'s [calling convention](guide.md#calling-convention).',
    '',
    '| function | signature | NumPy |',
    '|---|---|---|',
    ...decls
      .slice()
      .sort((a, b) => a.sig.op.localeCompare(b.sig.op))
      .map((d) => `| \`${d.sig.op}\` | \`${signatureLine(d.sig)}\` | ${d.sig.numpy === '-' ? '(none)' : `\`${d.sig.numpy}\``} |`),
    '',
  ].join('\n');
  const docPath = join(root, 'docs/api-signatures.md');
  let old = '';
  try {
    old = readFileSync(docPath, 'utf8');
  } catch {}
  if (old !== doc) {
    stale.push('docs/api-signatures.md');
    if (!check) writeFileSync(docPath, doc);
  }
  if (missing.length > 0) {
    console.warn(`gen-signatures: method markers without a declaration (left empty): ${missing.join(', ')}`);
    if (check && strict) {
      console.error('gen-signatures: SV_SIGNATURES_STRICT=1: every method marker needs its declaration');
      process.exit(1);
    }
  }
  if (check && stale.length > 0) {
    console.error(`gen-signatures: stale (run node scripts/gen-signatures.mjs): ${stale.join(', ')}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
