// Where the bytes of a WebAssembly module are: every function's code size from the code section,
// named from the name section (a build linked with --profiling-funcs), grouped by the object file
// (source file) that defines the symbol and by template family (the demangled name without its
// template arguments and parameter list).
//
//   node bench/wasm_size.mjs <module.wasm> [--objects <dir-or-.a> ...] [--top N] [--markdown]
//
// --objects: object files or static libraries (llvm-nm reads them) whose defined functions name
// the source file of each wasm function; without it only the families are listed.
// The gzip column compresses each group's function bodies together (level 9): a group's share of
// the module's gzipped size, roughly (bodies compress a little better in the whole module).
import { gzipSync } from 'node:zlib';
import { readFunctions, symbolOwners } from '../scripts/wasm-functions.mjs';

const args = process.argv.slice(2);
const file = args[0];
if (!file) {
  console.error('usage: node bench/wasm_size.mjs <module.wasm> [--objects path ...] [--top N] [--markdown]');
  process.exit(2);
}
const objects = [];
let top = 40;
let markdown = false;
for (let i = 1; i < args.length; i++) {
  if (args[i] === '--objects') while (args[i + 1] && !args[i + 1].startsWith('--')) objects.push(args[++i]);
  else if (args[i] === '--top') top = Number(args[++i]);
  else if (args[i] === '--markdown') markdown = true;
}

const { bytes, sections, functions: code, named } = readFunctions(file);
if (!named) console.error(`${file}: no name section; link with --profiling-funcs`);
const owner = symbolOwners(objects);

// A template family: the qualified name with template arguments and parameters removed.
function family(name) {
  name = name.replace(/\(anonymous namespace\)::/g, '');
  let out = '', depth = 0;
  for (const ch of name) {
    if (ch === '<') depth++;
    else if (ch === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  const paren = out.indexOf('(');
  if (paren > 0) out = out.slice(0, paren);
  out = out.replace(/^.*\s(?=[\w:~]+$)/, '');
  return out.replace(/^\(anonymous namespace\)::/, '').trim() || name;
}
function source(f) {
  const o = owner.get(f.mangled) ?? owner.get(f.name);
  if (o) return o;
  if (/^(dlmalloc|emmalloc|malloc|free|mem|str|__|_emscripten|emscripten|std::|operator|sbrk)/.test(f.name)) return '(runtime/libc)';
  if (/^embind|^_embind|emscripten::/.test(f.name)) return '(embind)';
  return '(libc/libc++)';
}

const total = code.reduce((s, f) => s + f.size, 0);
const gzAll = gzipSync(Buffer.concat(code.map((f) => f.body)), { level: 9 }).length;
function table(title, keyOf, limit) {
  const groups = new Map();
  for (const f of code) {
    const k = keyOf(f);
    const g = groups.get(k) ?? { size: 0, count: 0, bodies: [] };
    g.size += f.size; g.count++; g.bodies.push(f.body);
    groups.set(k, g);
  }
  const rows = [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, limit);
  const out = [];
  if (markdown) {
    out.push(`| ${title} | functions | code bytes | share | gzip -9 alone |`, '|---|---|---|---|---|');
    for (const [k, g] of rows) out.push(`| \`${k.replace(/\|/g, '\\|')}\` | ${g.count} | ${g.size.toLocaleString('en')} | ${(100 * g.size / total).toFixed(1)}% | ${gzipSync(Buffer.concat(g.bodies), { level: 9 }).length.toLocaleString('en')} |`);
  } else {
    out.push(`${title.padEnd(70)} ${'fns'.padStart(5)} ${'bytes'.padStart(8)} ${'share'.padStart(6)} ${'gz'.padStart(7)}`);
    for (const [k, g] of rows) out.push(`${k.slice(0, 70).padEnd(70)} ${String(g.count).padStart(5)} ${String(g.size).padStart(8)} ${(100 * g.size / total).toFixed(1).padStart(5)}% ${String(gzipSync(Buffer.concat(g.bodies), { level: 9 }).length).padStart(7)}`);
  }
  return out.join('\n');
}

console.log(`${file}: ${bytes.length} B; code section ${total} B in ${code.length} functions (bodies gzip -9 together: ${gzAll} B)`);
console.log('sections: ' + sections.map((s) => `${s.label} ${s.size}`).join(', '));
console.log();
if (owner.size) { console.log(table('source file', source, top)); console.log(); }
console.log(table('template family', (f) => family(f.name), top));
console.log();
console.log(table('function', (f) => f.name.length > 160 ? f.name.slice(0, 157) + '...' : f.name, top));
