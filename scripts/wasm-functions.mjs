// The functions of a WebAssembly module: each one's index, code size and body from the code
// section, its name from the name section (a module linked with --profiling-funcs), demangled, and
// the source file (object) that defines it, from llvm-nm over the objects it was linked from.
// Read by scripts/split-wasm.mjs (which functions move to the families module) and
// bench/wasm_size.mjs (where the bytes are).
import { readFileSync, statSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, basename } from 'node:path';

/**
 * { bytes, imports, sections: [{ label, size }], functions: [{ index, size, body, mangled, name }] }
 * Names are empty strings when the module has no name section.
 */
/** The unsigned LEB128 number at bytes[pos]: [value, position after it]. */
export function leb(bytes, pos) {
  let result = 0, shift = 0, b;
  do {
    b = bytes[pos++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [result, pos];
}

export function readFunctions(file) {
  const bytes = readFileSync(file);
  const leb1 = (pos) => leb(bytes, pos);
  const str = (pos) => {
    const [n, p] = leb1(pos);
    return [bytes.subarray(p, p + n).toString('utf8'), p + n];
  };
  let imports = 0;
  const sections = [];
  let code = null;
  const names = new Map();
  for (let pos = 8; pos < bytes.length;) {
    const id = bytes[pos];
    const [size, start] = leb1(pos + 1);
    const end = start + size;
    let label = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'][id];
    if (id === 0) label = 'custom:' + str(start)[0];
    sections.push({ label, size: end - pos });
    if (id === 2) {
      let [n, p] = leb1(start);
      for (let i = 0; i < n; i++) {
        [, p] = str(p);
        [, p] = str(p);
        const kind = bytes[p++];
        if (kind === 0) { [, p] = leb1(p); imports++; }
        else if (kind === 1) { p++; const [flags, q] = leb1(p); [, p] = leb1(q); if (flags & 1) [, p] = leb1(p); }
        else if (kind === 2) { const [flags, q] = leb1(p); [, p] = leb1(q); if (flags & 1) [, p] = leb1(p); }
        else if (kind === 3) p += 2;
      }
    } else if (id === 10) {
      let [n, p] = leb1(start);
      code = [];
      for (let i = 0; i < n; i++) {
        const [len, q] = leb1(p);
        code.push({ index: imports + i, size: q - p + len, body: bytes.subarray(q, q + len) });
        p = q + len;
      }
    } else if (id === 0 && label === 'custom:name') {
      let [, p] = str(start);
      while (p < end) {
        const sub = bytes[p];
        const [len, q] = leb1(p + 1);
        if (sub === 1) {
          let [n, r] = leb1(q);
          for (let i = 0; i < n; i++) {
            let idx, name;
            [idx, r] = leb1(r);
            [name, r] = str(r);
            names.set(idx, name);
          }
        }
        p = q + len;
      }
    }
    pos = end;
  }
  if (!code) throw new Error(`${file}: no code section`);
  const mangled = code.map((f) => names.get(f.index) ?? '');
  const demangled = names.size
    ? execFileSync('llvm-cxxfilt', { input: mangled.join('\n') + '\n', maxBuffer: 1 << 28 }).toString().split('\n')
    : [];
  code.forEach((f, i) => { f.mangled = mangled[i]; f.name = demangled[i] || mangled[i] || `wasm-function[${f.index}]`; });
  return { bytes, imports, sections, functions: code, named: names.size > 0 };
}

/**
 * Symbol (mangled and demangled) -> the source file names (`x.cpp`) of every object that defines it
 * (or, with `references`, defines or calls it), from llvm-nm over object files, directories of them
 * and static libraries (inline functions and template instances are defined, weak, in every object
 * that uses them, or only referenced where libc++ declares them extern).
 */
/**
 * Every symbol line llvm-nm prints for the objects (directories: their .o / .a files), as
 * fn(type letter, symbol, source file: log.c.o -> log.c, view.cpp.o -> view.cpp). args: llvm-nm's.
 */
export function eachSymbol(paths, args, fn) {
  const expand = (p) => statSync(p).isDirectory()
    ? readdirSync(p, { recursive: true }).filter((f) => /\.(o|a)$/.test(f)).map((f) => join(p, f)) : [p];
  for (const path of paths.flatMap(expand)) {
    let out;
    try {
      out = execFileSync('llvm-nm', [...args, path], { maxBuffer: 1 << 28 }).toString();
    } catch {
      continue;
    }
    let current = basename(path);
    for (const line of out.split('\n')) {
      const m = /^(\S+):$/.exec(line);
      if (m) { current = m[1]; continue; }
      const m2 = /^(?:\S+ )?([A-Za-z]) (.+)$/.exec(line.trim());
      if (m2) fn(m2[1], m2[2], current.replace(/\.(c|cpp)\.o$/, '.$1').replace(/\.o$/, '.cpp'));
    }
  }
}

export function symbolDefiners(paths, references = false) {
  const owner = new Map();
  const kinds = references ? /^[TtWwU]$/ : /^[TtWw]$/;
  for (const demangle of [false, true]) {
    eachSymbol(paths, [...(references ? [] : ['--defined-only']), ...(demangle ? ['--demangle'] : [])], (type, sym, src) => {
      if (!kinds.test(type)) return;
      const set = owner.get(sym) ?? new Set();
      set.add(src);
      owner.set(sym, set);
    });
  }
  return owner;
}

/** Symbol -> the first object (source file) that defines it (see symbolDefiners). */
export function symbolOwners(paths) {
  return new Map([...symbolDefiners(paths)].map(([k, v]) => [k, [...v][0]]));
}
