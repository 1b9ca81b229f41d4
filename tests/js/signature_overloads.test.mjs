// The TypeScript overloads between `// @overloads NAME` and `// @end` and docs/api-signatures.md are
// written by scripts/gen-signatures.mjs from the declared signatures: a hand edit or a declaration
// changed without regenerating fails here. Also checks the binder's own rules on a declaration.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadParser, overloads, readDeclarations, signatureLine } from '../../scripts/gen-signatures.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('generated overloads and docs/api-signatures.md are up to date', () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/gen-signatures.mjs'), '--check'], { stdio: 'pipe' });
});

test('every declaration parses, and its names are unique', async () => {
  const { parseSignature } = await loadParser();
  const decls = readDeclarations();
  assert.ok(decls.length >= 18, `${decls.length} declarations`);
  const ops = new Set();
  for (const d of decls) {
    const s = parseSignature(d.text);
    assert.ok(!ops.has(s.op), `${s.op} declared twice`);
    ops.add(s.op);
    assert.ok(overloads(s).length >= 1);
    assert.ok(signatureLine(s).startsWith(`${s.op}(`));
  }
});

test('the binder: positional, by name, mixed, defaults, null, and each error', async () => {
  const { bind, compactSignature } = await loadParser();
  // the binder reads what the package ships: the declaration without its types (build-web)
  const sig = (text) => ({ sig: compactSignature(text) });
  const S = sig("numpy.f: f(a: X, /, b: number = 1, c: number | null = null, *, d: boolean = false) -> X");
  assert.deepEqual(bind(S, [10]), [10, 1, null, false]);
  assert.deepEqual(bind(S, [10, 2, 3]), [10, 2, 3, false]);
  assert.deepEqual(bind(S, [10, { c: 3, d: true }]), [10, 1, 3, true]);
  assert.deepEqual(bind(S, [10, 2, { c: null }]), [10, 2, null, false]);
  assert.deepEqual(bind(S, [10, undefined, 5]), [10, 1, 5, false]);
  assert.deepEqual(bind(S, [10, 2, undefined, undefined]), [10, 2, null, false]);
  assert.deepEqual(bind(S, [{ x: 1 }]), [{ x: 1 }, 1, null, false], 'a required positional may be a plain object');
  const T = sig("numpy.t: t(a: X, indices: X, axis: number | null = null) -> X");
  assert.deepEqual(bind(T, [1, { indices: [2], axis: 0 }]), [1, [2], 0], 'a required parameter by name');
  assert.deepEqual(bind(T, [{ a: 1, indices: 2 }]), [1, 2, null]);
  assert.deepEqual(bind(T, [1, { indices: [2], other: 0 }]), [1, { indices: [2], other: 0 }, null], 'an object with other keys is the value');
  assert.throws(() => bind(T, [1, { axis: 0 }]), /t: missing the required argument indices \(give it as the second argument or by name\)/);
  assert.throws(() => bind(S, []), /^TypeError: f: missing the required argument a \(give it as the first argument\)$/);
  assert.throws(() => bind(S, [1, 2, { b: 3 }]), /f: got multiple values for b: 2 as the second argument and 3 by name/);
  assert.throws(() => bind(S, [1, 2, 3, 4]), /f: takes at most 3 positional arguments \(a, b, c\) but 4 were given \(the fourth argument is 4\); d and the parameters after it are keyword-only/);
  assert.throws(() => bind(S, [1, { a: 2 }]), /f: a is positional-only/);
  assert.throws(() => bind(S, [1, { e: 2 }]), /f: unknown option 'e' \(f takes b, c, d by name\)/);
  assert.throws(() => bind(S, [1, { D: true }]), /did you mean 'd'\?/);
  const K = sig("numpy.g: g(a: X, keepdims: boolean = false, equalNan: boolean = false) -> X");
  assert.throws(() => bind(K, [1, { keep_dims: true }]), /g: unknown option 'keep_dims'; did you mean 'keepdims'\?/);
  assert.throws(() => bind(K, [1, { equal_nan: true }]), /g: unknown option 'equal_nan'; did you mean 'equalNan'\?/);
  assert.throws(() => bind(K, [1, { keepdim: true }]), /did you mean 'keepdims'\?/);
});

test('the binder: a variadic parameter (...xi, Python *xi) takes the remaining positional arguments', async () => {
  const { bind, parseSignature, compactSignature } = await loadParser();
  const V = { sig: compactSignature("numpy.m: m(...xi: X, copy: boolean = true, indexing: 'xy' | 'ij' = 'xy') -> X") };
  assert.deepEqual(bind(V, []), [[], true, 'xy']);
  assert.deepEqual(bind(V, [1, 2, 3]), [[1, 2, 3], true, 'xy']);
  assert.deepEqual(bind(V, [1, [2], { indexing: 'ij' }]), [[1, [2]], true, 'ij']);
  assert.deepEqual(bind(V, [{ copy: false }]), [[], false, 'xy']);
  assert.throws(() => bind(V, [1, { xi: [2] }]), /^TypeError: m: xi is variadic \(NumPy's \*xi\): pass its values as the positional arguments, not as the option 'xi'$/);
  assert.throws(() => bind(V, [1, { indexin: 'ij' }]), /m: unknown option 'indexin'; did you mean 'indexing'\? \(m takes copy, indexing by name\)/);
  const E = { sig: compactSignature('numpy.e: e(subscripts: string, ...operands: X, *, out: X | null = null) -> X') };
  assert.throws(() => parseSignature('numpy.e: e(a: X, *, ...b: X) -> X'), /after '\*'/);
  assert.deepEqual(bind(E, ['ij', 1, 2, { out: 3 }]), ['ij', [1, 2], 3]);
  assert.deepEqual(bind(E, ['ij']), ['ij', [], null]);
  assert.throws(() => bind(E, []), /e: missing the required argument subscripts/);
  assert.throws(() => bind(E, ['ij', 1, { operands: [2] }]), /e: operands is variadic .* after subscripts, not as the option 'operands'/);
  const s = parseSignature('numpy.e: e(subscripts: string, ...operands: X, *, out: X | null = null) -> X');
  assert.equal(signatureLine(s), 'e(subscripts, *operands, out=null)');
  assert.deepEqual(overloads(s), [
    'export function e(subscripts: string, ...operands: X[]): X;',
    'export function e(...args: [subscripts: string, ...operands: X[], options: { out?: X | null | undefined }]): X;',
  ]);
});

test('the shipped form: compactSignature, what the binder reads, and what parseSignature refuses', async () => {
  const { bind, compactSignature, parseSignature, signatureMacros, COMPACT_MACROS } = await loadParser();
  const text = "numpy.f: f(a: A<X, Y>, /, b: [1, 2] | null = null, *, c: 'x' | 'y' = 'x', d: number = -1e-08, e: X = undefined) -> R";
  assert.equal(compactSignature(text), 'f(a,/,b=null,*,c="x",d=-1e-08,e=)');
  assert.deepEqual(bind({ sig: compactSignature(text) }, [1]), [1, null, 'x', -1e-8, undefined]);
  assert.deepEqual(bind({ sig: compactSignature(text) }, [1, { e: 0 }]), [1, null, 'x', -1e-8, 0]);
  const s = parseSignature(text);
  assert.deepEqual([s.op, s.numpy, s.returns], ['f', 'numpy.f', 'R']);
  assert.deepEqual(s.params.map((p) => p.type), ['A<X, Y>', '[1, 2] | null', "'x' | 'y'", 'number', 'X']);
  assert.deepEqual(s.params.map((p) => [p.required, p.dflt]), [[true, undefined], [false, null], [false, 'x'], [false, -1e-8], [false, undefined]]);
  // the binder refuses a declaration with its types rather than misread it
  assert.throws(() => bind({ sig: text }, [1]), /^Error: signature: /);
  // a method's errors name it as called
  assert.equal(compactSignature('numpy.ndarray.fill: NDArray.fill(value: Scalar, /) -> void'), 'fill(value,/)');
  assert.throws(() => bind({ sig: compactSignature('numpy.ndarray.fill: NDArray.fill(value: Scalar, /) -> void') }, []), /^TypeError: fill: missing the required argument value/);
  assert.equal(parseSignature('numpy.ndarray.fill: NDArray.fill(value: Scalar, /) -> void').op, 'NDArray.fill');
  for (const [bad, why] of [
    ['numpy.f: f(a: X = [1]) -> X', /cannot read the default "\[1\]"/],
    ["numpy.f: f(a: X = 'a b') -> X", /cannot read the default/],
    ['numpy.f: f(a: X = Infinity) -> X', /cannot read the default/],
    ['numpy.f: f(a: X = 1, b: X) -> X', /required b follows a parameter with a default/],
    ['numpy.f: f(a: X, a: X) -> X', /a twice/],
    ['numpy.f: f(...a: X, ...b: X) -> X', /second variadic/],
    ['numpy.f: f(...a: X = 1) -> X', /takes no default/],
  ]) assert.throws(() => parseSignature(bad), why, bad);
  // the shorthands the binder expands are the typed ones without their types
  const typed = signatureMacros();
  assert.deepEqual(Object.keys(COMPACT_MACROS), Object.keys(typed));
  for (const k in typed) assert.equal(COMPACT_MACROS[k], compactSignature(`-: m(${typed[k]})`).slice(2, -1), k);
});
