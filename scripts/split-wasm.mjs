// Splits the linked SIMD module into the core (strideview.wasm) and the families
// (strideview-families.wasm) with binaryen's wasm-split, run by CMake after em++ links
// strideview_wasm with --profiling-funcs -sSPLIT_MODULE (ARCHITECTURE.md, "Core and families").
//
//   node scripts/split-wasm.mjs <linked.wasm.orig> <objects-dir-or-.a ...> --out <dir> [--whole]
//
// Which functions move: every function defined only in families' source files (FAMILIES below, by
// the objects that define the symbol: llvm-nm over the objects the module was linked from; inline
// functions and template instances that a core object defines too stay), except those the core
// reaches too (CORE_KEEPS). Nothing else moves: the core files stay whole, so a
// core op never calls into the families module. The core's calls into a moved function go through
// a placeholder that the families module replaces when web/src/runtime.ts instantiates it
// (`WebAssembly.instantiate(families, { primary: core exports })`); the package refuses a family
// op before that (web/src/families.ts), and tests/js/families.test.mjs checks that no core op and
// no gated op ever reaches a placeholder.
//
// Then each part: names stripped, binaryen -Oz to convergence, and the functions the core exports
// to the families module renamed from their C++ names to short ones in both parts.
// --whole: no split (the scalar build): names stripped and -Oz only, to <out>/<name>.wasm.
// --names: keep the function names (profiling builds).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { leb, readFunctions, symbolDefiners } from './wasm-functions.mjs';

/** The families and the C++ sources whose functions make them (one families module today). */
export const FAMILIES = {
  math: ['vmath.cpp', 'math.cpp', 'fused.cpp', 'fused_call.cpp', 'fused_request.cpp'],
  linalg: ['linalg.cpp', 'lapack.cpp', 'lapack_lu.cpp', 'linalg_request.cpp'],
  stats: ['reduce_stats.cpp', 'scan.cpp', 'sort.cpp'],
  random: ['distributions.cpp', 'ziggurat.cpp', 'seed_sequence.cpp', 'continuous.cpp', 'discrete.cpp', 'hypergeometric.cpp', 'random.cpp'],
  symbolic: ['symbolic.cpp', 'view.cpp', 'api_symbolic.cpp'],
  complex: ['complex.cpp', 'fft.cpp', 'fft_request.cpp'],
};
/** Functions of family sources that core code calls as well: they stay in the core. */
const CORE_KEEPS = [];

const FEATURES = ['--enable-simd', '--enable-bulk-memory', '--enable-sign-ext', '--enable-mutable-globals'];
const MVP = ['--mvp-features'];

// binaryen's text names escape every byte outside its identifier characters as \hh.
const ID = /[0-9A-Za-z!#$%&'*+\-./:<=>?@\\^_`|~]/;
const escapeName = (n) =>
  [...Buffer.from(n, 'utf8')].map((b) => (ID.test(String.fromCharCode(b)) ? String.fromCharCode(b) : '\\' + b.toString(16).padStart(2, '0'))).join('');

function encLeb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
}
const encStr = (s) => { const b = Buffer.from(s, 'utf8'); return Buffer.concat([encLeb(b.length), b]); };

/** Rewrites the names of one section (7 exports, 2 imports) through rename(module, name). */
function renameIn(bytes, sectionId, rename) {
  const parts = [bytes.subarray(0, 8)];
  for (let pos = 8; pos < bytes.length;) {
    const id = bytes[pos];
    const [size, start] = leb(bytes, pos + 1);
    const end = start + size;
    if (id !== sectionId) {
      parts.push(bytes.subarray(pos, end));
      pos = end;
      continue;
    }
    let [n, p] = leb(bytes, start);
    const body = [encLeb(n)];
    const readStr = () => { const [len, q] = leb(bytes, p); const s = bytes.subarray(q, q + len).toString('utf8'); p = q + len; return s; };
    for (let i = 0; i < n; i++) {
      if (sectionId === 7) {
        const name = readStr();
        const from = p;
        p += 1;
        [, p] = leb(bytes, p);
        body.push(encStr(rename(null, name)), bytes.subarray(from, p));
      } else {
        const mod = readStr();
        const name = readStr();
        const from = p;
        const kind = bytes[p++];
        if (kind === 0) [, p] = leb(bytes, p);
        else if (kind === 1) { p++; const [flags, q] = leb(bytes, p); [, p] = leb(bytes, q); if (flags & 1) [, p] = leb(bytes, p); }
        else if (kind === 2) { const [flags, q] = leb(bytes, p); [, p] = leb(bytes, q); if (flags & 1) [, p] = leb(bytes, p); }
        else if (kind === 3) p += 2;
        body.push(encStr(mod), encStr(rename(mod, name)), bytes.subarray(from, p));
      }
    }
    const b = Buffer.concat(body);
    parts.push(Buffer.from([id]), encLeb(b.length), b);
    pos = end;
  }
  return Buffer.concat(parts);
}

let keepNames = false;
/** Direct calls of every function (binaryen's text names), from wasm-dis. */
function callGraph(file) {
  const text = execFileSync('wasm-dis', [file], { maxBuffer: 1 << 30 }).toString();
  const calls = new Map();
  let cur = null;
  for (const line of text.split('\n')) {
    const f = /^ \(func \$(\S+)/.exec(line);
    if (f) {
      cur = new Set();
      calls.set(f[1], cur);
      continue;
    }
    const c = /\((?:return_)?call \$(\S+)/.exec(line);
    if (c && cur) cur.add(c[1]);
  }
  return calls;
}

/** Functions the module exports or puts in a table (binaryen's text names), from wasm-dis. */
function referencedElsewhere(file) {
  const text = execFileSync('wasm-dis', [file], { maxBuffer: 1 << 30 }).toString();
  const out = new Set();
  for (const line of text.split('\n')) {
    if (line.startsWith(' (elem') || (line.startsWith(' (export') && line.includes('(func '))) {
      for (const m of line.matchAll(/\$(\S+?)(?=[\s)])/g)) out.add(m[1]);
    }
  }
  return out;
}

function opt(file, features) {
  const strip = keepNames ? ['-g'] : ['--strip-debug', '--strip-producers'];
  execFileSync('wasm-opt', [...features, ...strip, '--converge', '-Oz', file, '-o', file], { stdio: 'inherit' });
}

function main() {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = args[outAt + 1];
  const whole = args.includes('--whole');
  keepNames = args.includes('--names');
  const [input, ...objects] = args.filter((a, i) => i !== outAt && i !== outAt + 1 && !a.startsWith('--'));
  const name = basename(input).replace(/\.wasm(\.orig)?$/, '');
  if (whole) {
    const dest = join(out, `${name}.wasm`);
    writeFileSync(dest, readFileSync(input));
    opt(dest, MVP);
    return;
  }
  const m = readFunctions(input);
  if (!m.named) throw new Error(`split-wasm: ${input} has no name section (link with --profiling-funcs)`);
  const definers = symbolDefiners(objects);
  const users = symbolDefiners(objects, true);
  const familyOf = new Map(Object.entries(FAMILIES).flatMap(([fam, files]) => files.map((f) => [f, fam])));
  const of = (map, f) => map.get(f.name) ?? map.get(f.mangled);
  // Family code: what family sources alone define (an inline function or template instance that a
  // core source defines too stays in the core).
  const family = new Set(m.functions.filter((f) => {
    const srcs = of(definers, f);
    return srcs !== undefined && [...srcs].every((x) => familyOf.has(x)) && !CORE_KEEPS.includes(f.name);
  }).map((f) => escapeName(f.name)));
  // The core may call family code only where its sources name the function (an entry point such as
  // kernels::math_unary): binaryen's duplicate-function elimination keeps one of two identical
  // bodies under either name, so a core function may call a family-named twin of its own helper.
  // Walk the direct calls from the core: a family function reached other than by an entry point
  // stays in the core, and so does what it calls.
  const entry = new Set(m.functions.filter((f) => [...(of(users, f) ?? [])].some((x) => !familyOf.has(x))).map((f) => escapeName(f.name)));
  const calls = callGraph(input);
  const kept = new Set();
  const stack = [...calls.keys()].filter((fn) => !family.has(fn));
  const seen = new Set(stack);
  const why = new Map();
  while (stack.length) {
    const caller = stack.pop();
    for (const callee of calls.get(caller) ?? []) {
      if (seen.has(callee)) continue;
      if (family.has(callee) && entry.has(callee)) continue;  // a crossing through a placeholder
      seen.add(callee);
      if (family.has(callee)) { kept.add(callee); why.set(callee, caller); }
      stack.push(callee);
    }
  }
  if (process.env.SV_SPLIT_DEBUG) for (const [k, v] of why) console.log(`kept ${k}\n  <- ${v}`);
  const moved = new Set([...family].filter((fn) => !kept.has(fn)));
  // System-library functions (libc, libm, libc++: no object of ours defines them) that only moved
  // functions call move with them: the core never reaches them (hypot and log of the linalg
  // kernels, ...). Never one the module exports or puts in its table (reached by no direct call).
  const byName = new Map(m.functions.map((f) => [escapeName(f.name), f]));
  const callers = new Map();
  for (const [caller, callees] of calls) {
    for (const c of callees) {
      if (!callers.has(c)) callers.set(c, new Set());
      callers.get(c).add(caller);
    }
  }
  const pinned = referencedElsewhere(input);
  for (let grew = true; grew;) {
    grew = false;
    for (const [fn, cs] of callers) {
      if (moved.has(fn) || pinned.has(fn) || !byName.has(fn) || of(definers, byName.get(fn)) !== undefined) continue;
      if ([...cs].every((c) => moved.has(c))) {
        moved.add(fn);
        grew = true;
      }
    }
  }
  const tmp = mkdtempSync(join(tmpdir(), 'sv-split-'));
  try {
    const list = join(tmp, 'moved.txt');
    writeFileSync(list, [...moved].join('\n') + '\n');
    const primary = join(out, `${name}.wasm`);
    const secondary = join(out, `${name}-families.wasm`);
    execFileSync('wasm-split', [...FEATURES, input, '--split-funcs', `@${list}`, '-o1', primary, '-o2', secondary, '--export-prefix=%', '--import-namespace=primary', '--placeholdermap', '-q', ...(keepNames ? ['-g'] : [])], { stdio: 'inherit' });
    opt(primary, [...MVP, ...FEATURES]);
    opt(secondary, [...MVP, ...FEATURES]);
    // The core's exports to the families module carry C++ names (%sv::kernels::...): short names.
    const short = new Map();
    const p = renameIn(readFileSync(primary), 7, (_, n) => {
      if (!n.startsWith('%')) return n;
      if (!short.has(n)) short.set(n, '$' + short.size.toString(36));
      return short.get(n);
    });
    const s = renameIn(readFileSync(secondary), 2, (mod, n) => (mod === 'primary' && short.has(n) ? short.get(n) : n));
    writeFileSync(primary, p);
    writeFileSync(secondary, s);
    console.log(`split-wasm: ${moved.size} of ${m.functions.length} functions to ${basename(secondary)} (${kept.size} family functions the core also reaches kept); ` +
      `${basename(primary)} ${p.length} B, ${basename(secondary)} ${s.length} B`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main();
