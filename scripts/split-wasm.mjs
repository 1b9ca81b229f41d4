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
// Then each part: the core's functions reordered by name (gzip's gain), names stripped, binaryen -Oz
// to convergence, and the functions the core exports to the families module renamed from their C++
// names to short ones in both parts.
// --whole: no split (the scalar build): reordered, names stripped and -Oz only, to <out>/<name>.wasm.
// --names: keep the function names (profiling builds).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { eachSymbol, leb, readFunctions, symbolDefiners } from './wasm-functions.mjs';

/** The families and the C++ sources whose functions make them (one families module today). */
export const FAMILIES = {
  math: ['vmath.cpp', 'math.cpp', 'fused.cpp', 'fused_call.cpp', 'fused_request.cpp'],
  linalg: ['linalg.cpp', 'lapack.cpp', 'lapack_lu.cpp', 'linalg_request.cpp'],
  stats: ['reduce_stats.cpp', 'scan.cpp', 'sort.cpp'],
  random: ['distributions.cpp', 'ziggurat.cpp', 'seed_sequence.cpp', 'continuous.cpp', 'discrete.cpp', 'hypergeometric.cpp', 'random.cpp',
    'log.c', 'log_data.c', 'pow.c', 'pow_data.c'],
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

/** Sections of a module: [{ id, start (of the payload), end, pos (of the id byte) }]. */
function sectionsOf(bytes) {
  const out = [];
  for (let pos = 8; pos < bytes.length;) {
    const [size, start] = leb(bytes, pos + 1);
    out.push({ id: bytes[pos], pos, start, end: start + size });
    pos = start + size;
  }
  return out;
}

/**
 * The active data segments of a module (memory 0, i32.const offset): [{ index, offset, bytes, name }],
 * names from the name section's data-segment subsection (a link with --no-merge-data-segments names
 * each segment after its symbol: `.rodata.<mangled>`).
 */
function dataSegments(bytes) {
  const segs = [];
  const secs = sectionsOf(bytes);
  const data = secs.find((x) => x.id === 11);
  if (!data) return segs;
  let [n, p] = leb(bytes, data.start);
  for (let i = 0; i < n; i++) {
    const [flags, q] = leb(bytes, p);
    p = q;
    if (flags !== 0) throw new Error(`split-wasm: data segment ${i} is not an active segment of memory 0 (flags ${flags})`);
    if (bytes[p] !== 0x41) throw new Error(`split-wasm: data segment ${i} has no i32.const offset`);
    let offset = 0, shift = 0, b;
    p++;
    do { b = bytes[p++]; offset |= (b & 0x7f) << shift; shift += 7; } while (b & 0x80);
    if (bytes[p++] !== 0x0b) throw new Error(`split-wasm: data segment ${i}: unexpected offset expression`);
    const [len, r] = leb(bytes, p);
    segs.push({ index: i, offset: offset >>> 0, bytes: bytes.subarray(r, r + len), name: '' });
    p = r + len;
  }
  for (const c of secs.filter((x) => x.id === 0)) {
    const [nl, q] = leb(bytes, c.start);
    if (bytes.subarray(q, q + nl).toString() !== 'name') continue;
    for (let p2 = q + nl; p2 < c.end;) {
      const sub = bytes[p2];
      const [size, st] = leb(bytes, p2 + 1);
      if (sub === 9) {
        let [cnt, r] = leb(bytes, st);
        for (let k = 0; k < cnt; k++) {
          const [idx, r1] = leb(bytes, r);
          const [len, r2] = leb(bytes, r1);
          if (segs[idx]) segs[idx].name = bytes.subarray(r2, r2 + len).toString();
          r = r2 + len;
        }
      }
      p2 = st + size;
    }
  }
  return segs;
}

/** bytes with its data section (and data count) holding only the segments keep() accepts. */
function withoutSegments(bytes, keep) {
  const segs = dataSegments(bytes);
  const kept = mergeSegments(segs.filter(keep));
  const parts = [bytes.subarray(0, 8)];
  for (const sec of sectionsOf(bytes)) {
    if (sec.id === 11) parts.push(section(11, encodeSegments(kept)));
    else if (sec.id === 12) parts.push(section(12, encLeb(kept.length)));
    else parts.push(bytes.subarray(sec.pos, sec.end));
  }
  return Buffer.concat(parts);
}

/** bytes with the segments added as its data section (and data count: after the code's place). */
function withSegments(bytes, segs) {
  const secs = sectionsOf(bytes);
  if (secs.some((x) => x.id === 11 || x.id === 12)) throw new Error('split-wasm: the families module has data of its own');
  const merged = mergeSegments(segs);
  const parts = [bytes.subarray(0, 8)];
  for (const sec of secs) {
    if (sec.id === 10) parts.push(section(12, encLeb(merged.length)));
    parts.push(bytes.subarray(sec.pos, sec.end));
    if (sec.id === 10) parts.push(section(11, encodeSegments(merged)));
  }
  return Buffer.concat(parts);
}

/** Segments merged where one ends at most `gap` bytes before the next begins (the gap zero-filled). */
function mergeSegments(segs, gap = 16) {
  const sorted = [...segs].sort((a, b) => a.offset - b.offset);
  const out = [];
  for (const sg of sorted) {
    const last = out[out.length - 1];
    if (last && sg.offset >= last.offset + last.bytes.length && sg.offset - (last.offset + last.bytes.length) <= gap) {
      const pad = Buffer.alloc(sg.offset - (last.offset + last.bytes.length));
      last.bytes = Buffer.concat([last.bytes, pad, sg.bytes]);
    } else {
      out.push({ ...sg, bytes: Buffer.from(sg.bytes) });
    }
  }
  return out;
}

function encodeSegments(segs) {
  const body = [encLeb(segs.length)];
  for (const sg of segs) {
    const off = [];
    let v = sg.offset | 0; // signed LEB of the i32 offset
    for (;;) {
      const b = v & 0x7f;
      v >>= 7;
      if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) { off.push(b); break; }
      off.push(b | 0x80);
    }
    body.push(Buffer.from([0, 0x41, ...off, 0x0b]), encLeb(sg.bytes.length), sg.bytes);
  }
  return Buffer.concat(body);
}

const section = (id, payload) => Buffer.concat([Buffer.from([id]), encLeb(payload.length), payload]);

/**
 * The read-only data segments that only family code reads: a symbol that family sources alone define and that
 * no other source refers to (llvm-nm: no U elsewhere; internal ones are referred to by their own
 * source only), and the system library's named read-only constants (marked `system`: the caller
 * moves them only when no function left in the core addresses them). They move to the
 * families module as active segments at the same addresses: written into the shared memory when it
 * is instantiated, before any of its functions runs. The core keeps the addresses (zero until then).
 */
function familyData(input, objects, familyOf) {
  const defs = new Map(); // symbol -> Set of 'T:src' (llvm-nm's type letter, the source)
  const uses = new Map(); // symbol -> Set of sources that refer to it undefined (llvm-nm U)
  eachSymbol(objects, [], (type, sym, src) => {
    const map = type === 'U' ? uses : defs;
    const set = map.get(sym) ?? new Set();
    set.add(type === 'U' ? src : `${type}:${src}`);
    map.set(sym, set);
  });
  // data (d, r, b; upper case when global) that family sources alone define and no other source
  // refers to
  const segs = dataSegments(readFileSync(input));
  return segs.filter((sg) => {
    // read-only data only: mutable data may have been written (by a constructor at the core's start,
    // or since) before the families module is instantiated, which would write it again
    if (!sg.name.startsWith('.rodata.')) return false;
    // binaryen splits a segment around its runs of zeros: the pieces are named <segment>.1, .2, ...
    const full = sg.name.slice('.rodata.'.length);
    const familyOnly = (sym, kinds) => {
      const own = defs.get(sym);
      if (!own || ![...own].every((x) => kinds.test(x) && familyOf.has(x.slice(2)))) return false;
      return [...(uses.get(sym) ?? [])].every((src) => familyOf.has(src));
    };
    if (full.startsWith('.L')) {
      // a switch table moves with its function, when family sources alone define that function;
      // other private constants stay (a std::variant's visitation table moved broke a core call)
      const m = /^\.Lswitch\.table\.(_Z[^.]+)/.exec(full);
      return m !== null && familyOnly(m[1], /^[tTwW]:/);
    }
    if (full.startsWith('_ZT')) return false; // vtables and type info: the core may dispatch through them
    const sym = defs.has(full) ? full : full.replace(/\.\d+$/, '');
    // the system library's named constants (musl's ipio2 of the trigonometric reductions, the exp
    // tables): no object of ours defines them; they move when no code or data the core keeps holds
    // their address (checked by the caller against every function left in the core)
    if (!defs.has(full) && !defs.has(sym)) {
      sg.system = true;
      return true;
    }
    return familyOnly(sym, /^[dDrRbBvVwW]:/); // weak: an inline variable (vmath's tables)
  });
}

/**
 * The numbers that may be addresses in what stays in the core, for each set of named functions
 * (input's text names) in `funcs`: the i32 constants and load / store offsets of those functions,
 * and the aligned 32-bit words of the core's other data segments (pointers). One list per set.
 */
function addressesIn(input, funcs, coreSegs) {
  const text = execFileSync('wasm-dis', [input], { maxBuffer: 1 << 30 }).toString();
  const out = funcs.map(() => new Set());
  let inside = [];
  for (const line of text.split('\n')) {
    const f = /^ \(func \$(\S+)/.exec(line);
    if (f) inside = out.filter((_, i) => funcs[i].has(f[1]));
    else if (line.startsWith(' (') && !line.startsWith(' (func')) inside = [];
    if (!inside.length) continue;
    for (const m of line.matchAll(/i32\.const (-?\d+)|offset=(\d+)/g)) for (const o of inside) o.add(Number(m[1] ?? m[2]) >>> 0);
  }
  for (const sg of coreSegs) {
    for (let i = (4 - (sg.offset % 4)) % 4; i + 4 <= sg.bytes.length; i += 4) for (const o of out) o.add(sg.bytes.readUInt32LE(i));
  }
  return out.map((o) => [...o]);
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

/**
 * The module's functions reordered by name (a template family's instances together, then by their
 * full names): gzip finds far more repeats between neighbours (core 103,777 -> 100,730 B gzipped,
 * scalar module 257,736 -> 251,464; bench/RESULTS.md session 25); no code changes. The raw size
 * moves a little either way: a call's function index is a LEB128, 1 byte below 128. Through binaryen's text form, which names every
 * reference, so moving a definition moves nothing else. Needs the name section, and drops it unless
 * --names (binaryen optimises less with names: 1.2 KB gzipped more on the core).
 */
function reorderByName(file, features) {
  const text = execFileSync('wasm-dis', [file], { maxBuffer: 1 << 30 }).toString();
  const lines = text.split('\n');
  const head = [];
  const funcs = [];
  const tail = [];
  let cur = null;
  for (const line of lines) {
    if (line.startsWith(' (func ')) {
      cur = [line];
      funcs.push(cur);
      continue;
    }
    if (cur !== null && (line.startsWith(' (') || line === ')')) cur = null;
    if (cur !== null) cur.push(line);
    else (funcs.length === 0 ? head : tail).push(line);
  }
  const nameOf = (f) => /^ \(func \$(\S+)/.exec(f[0])[1].replace(/\\([0-9a-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const familyOf = (n) => {
    let out = '';
    let depth = 0;
    for (const ch of n) {
      if (ch === '<') depth++;
      else if (ch === '>') depth = Math.max(0, depth - 1);
      else if (depth === 0) out += ch;
    }
    return out.replace(/\(.*/, '');
  };
  const keyed = funcs.map((f) => ({ f, name: nameOf(f) })).map((x) => ({ ...x, family: familyOf(x.name) }));
  keyed.sort((a, b) => (a.family < b.family ? -1 : a.family > b.family ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const dir = mkdtempSync(join(tmpdir(), 'sv-order-'));
  try {
    const wat = join(dir, 'm.wat');
    writeFileSync(wat, [...head, ...keyed.map((x) => x.f.join('\n')), ...tail].join('\n'));
    execFileSync('wasm-as', [...features, wat, ...(keepNames ? ['-g'] : []), '-o', file], { stdio: 'inherit' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** binaryen -Oz to convergence, names dropped unless --names (-Oz moves no function). */
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
    reorderByName(dest, MVP);
    writeFileSync(dest, withoutSegments(readFileSync(dest), () => true)); // the per-symbol segments merged
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
    execFileSync('wasm-split', [...FEATURES, input, '--split-funcs', `@${list}`, '-o1', primary, '-o2', secondary, '--export-prefix=%', '--import-namespace=primary', '--placeholdermap', '-q', '-g'], { stdio: 'inherit' });
    // the core's functions by name, for gzip (the families module keeps the linker's order: by name
    // it gzips no smaller, 201,854 -> 201,931); the names go with it unless --names
    reorderByName(primary, [...MVP, ...FEATURES]);
    if (!keepNames) execFileSync('wasm-opt', [...FEATURES, '--strip-debug', secondary, '-o', secondary], { stdio: 'inherit' });
    // the families' own data: from the core's data section to the families module (same addresses),
    // except what the core may still read: a segment whose address range holds a constant or a load
    // offset of a family function the core reaches (kept in the core), or an aligned 32-bit word of
    // the core's other data (a pointer to it)
    const candidates = familyData(input, objects, familyOf);
    const candidateAt = new Set(candidates.map((sg) => sg.offset));
    const coreSegs = dataSegments(readFileSync(input)).filter((sg) => !candidateAt.has(sg.offset));
    // a family-only constant: its address in a family function the core keeps; a system-library
    // one: its address anywhere in the core's code
    const coreFuncs = new Set(m.functions.map((f) => escapeName(f.name)).filter((n) => !moved.has(n)));
    const [inKept, inAnyCore] = addressesIn(input, [kept, coreFuncs], coreSegs);
    // binaryen splits a segment around its runs of zeros (pieces <name>.1, .2, ...): a symbol's
    // pieces move together or stay together, as code reads them through the symbol's one address
    const symbolOf = (sg) => sg.name.replace(/\.\d+$/, '');
    const held = new Set(candidates.filter((sg) => {
      const end = sg.offset + sg.bytes.length;
      return (sg.system ? inAnyCore : inKept).some((a) => a >= sg.offset && a < end);
    }).map(symbolOf));
    const famData = candidates.filter((sg) => !held.has(symbolOf(sg)));
    if (process.env.SV_SPLIT_DEBUG) for (const sg of famData) console.log(`data ${sg.name} @${sg.offset} ${sg.bytes.length} B`);
    const movedAt = new Set(famData.map((sg) => sg.offset));
    const dataBytes = famData.reduce((a, sg) => a + sg.bytes.length, 0);
    writeFileSync(primary, withoutSegments(readFileSync(primary), (sg) => !movedAt.has(sg.offset)));
    writeFileSync(secondary, withSegments(readFileSync(secondary), famData));
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
    console.log(`split-wasm: ${moved.size} of ${m.functions.length} functions and ${famData.length} data segments (${dataBytes} B) to ${basename(secondary)} (${kept.size} family functions the core also reaches kept); ` +
      `${basename(primary)} ${p.length} B, ${basename(secondary)} ${s.length} B`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main();
