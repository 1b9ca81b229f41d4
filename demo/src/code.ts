// The current chain written three ways: strideview JS, NumPy and PyTorch; and the fused program of
// an elementwise chain over its view, as the engine explains it. Only text: the ops are the user's,
// the dims come from the engine's views at each step (to spell out a transpose's axes, or flip a
// slice with a negative step for PyTorch, which has none).
import type { BaseSpec, OpSpec } from './model';
import { parseInts, parsePairs } from './parse';

export type Dialect = 'js' | 'numpy' | 'torch';
export const DIALECTS: Array<{ id: Dialect; label: string }> = [
  { id: 'js', label: 'strideview JS' },
  { id: 'numpy', label: 'NumPy' },
  { id: 'torch', label: 'PyTorch' },
];

/** The code panel's tabs: the three dialects, then the fused program over the chain's view. */
export type CodeTab = Dialect | 'fused';
export const CODE_TABS: Array<{ id: CodeTab; label: string }> = [...DIALECTS, { id: 'fused', label: 'Fused' }];

/**
 * The Fused tab: `call` (a fuse() of an elementwise chain) explained over the current view `a`, the
 * engine's explanation as comments under it. `over` is 'view' when a bare View was explained
 * through an int32 array of its layout.
 */
export function fusedCode(call: string, explanation: string, over: 'array' | 'view'): string {
  return [
    "import { fuse, add, mul } from 'strideview';",
    over === 'array'
      ? '// a: the view above, as the strideview JS tab builds it'
      : "// a: an int32 array with the view's layout (shape, strides, offset, mask): a bare View has no memory",
    `const f = ${call};`,
    'console.log(f.explain(a));',
    ...explanation.split('\n').map((l) => `// ${l}`),
  ].join('\n');
}

/** One applied step as the code writer needs it: the op and the shape it was applied to. */
export interface CodeStep {
  op: OpSpec;
  /** The concrete shape before the op (null while symbolic and unbound). */
  shapeBefore: number[] | null;
  copied: boolean;
}

const tuple = (xs: number[]): string => (xs.length === 1 ? `(${xs[0]},)` : `(${xs.join(', ')})`);
const args = (xs: number[]): string => xs.join(', ');

function baseNumel(base: BaseSpec): string {
  return base.dims.map(String).join(' * ');
}

function baseLines(d: Dialect, base: BaseSpec): string[] {
  const lines: string[] = [];
  const sym = base.vars.filter((v) => base.dims.includes(v.name));
  if (d !== 'js') for (const v of sym) lines.push(`${v.name} = ${v.value ?? v.min}  # the symbolic dim, bound`);
  const dims = base.dims.map(String);
  const n = baseNumel(base);
  const allNum = base.dims.every((x) => typeof x === 'number');
  const count = allNum ? String((base.dims as number[]).reduce((p, x) => p * x, 1)) : n;
  if (d === 'js') {
    if (!allNum) {
      return [
        `import { init, View, Sym } from 'strideview';`,
        'await init();',
        ...sym.flatMap((v) => [
          `const ${v.name}Var = Sym.variable('${v.name}', ${v.min}, ${v.max});`,
          ...(v.value === null ? [] : [`Sym.bind(${v.name}Var, ${v.value});`]),
          `const ${v.name} = Sym.dim(${v.name}Var);`,
        ]),
        `let a = View.create([${dims.join(', ')}]);`,
      ];
    }
    return [`import { init, arange } from 'strideview';`, 'await init();', `let a = arange(0, ${count}, 1, 'int32').reshape([${dims.join(', ')}]);`];
  }
  if (d === 'numpy') return ['import numpy as np', ...lines, `a = np.arange(${count}, dtype=np.int32).reshape(${args(dims as never)})`];
  return ['import torch', ...lines, `a = torch.arange(${count}, dtype=torch.int32).reshape(${args(dims as never)})`];
}

function allAxes(shape: number[] | null): number[] {
  return shape ? shape.map((_, i) => i) : [];
}

/** Python's a[start:stop:step] bounds for a negative step, normalised on a dim of size n. */
function pyNeg(start: number | null, stop: number | null, n: number): [number, number] {
  let s = start === null ? n - 1 : start < 0 ? start + n : start;
  s = Math.min(Math.max(s, -1), n - 1);
  let e = stop === null ? -1 : stop < 0 ? stop + n : stop;
  e = Math.min(Math.max(e, -1), n - 1);
  return [s, e];
}

/** PyTorch has no negative steps: flip those dims first (a copy), then slice forwards. */
function torchSlice(text: string, shape: number[] | null): string[] {
  const items = text.split(',').map((t) => t.trim()).filter(Boolean);
  const flips: number[] = [];
  let d = 0;
  const out = items.map((t) => {
    if (t === '...' || t === 'None') {
      if (t === '...' && shape) d += shape.length - items.filter((x) => x !== 'None' && x !== '...').length;
      return t;
    }
    const dim = d++;
    if (!t.includes(':')) return t;
    const [a, b, c] = t.split(':').map((x) => (x.trim() === '' ? null : Number(x)));
    const step = c ?? 1;
    if (step > 0 || !shape) return t;
    const n = shape[dim]!;
    const [s, e] = pyNeg(a ?? null, b ?? null, n);
    flips.push(dim);
    // index i of the flipped dim is index n-1-i of the original one
    const fs = n - 1 - s;
    const fe = n - 1 - e;
    return `${fs === 0 ? '' : fs}:${fe >= n ? '' : fe}${step === -1 ? '' : `:${-step}`}`;
  });
  if (!flips.length) return [`a = a[${items.join(', ')}]`];
  return [`a = a.flip(${tuple(flips)})[${out.join(', ')}]  # PyTorch has no negative steps: flip() copies`];
}

/** A bare (symbolic) View in JS: its own method names (permute, flip flags, pad). */
function viewJs(s: CodeStep): string[] | null {
  const { op, shapeBefore: shape } = s;
  const raw = op.arg.trim();
  const nd = shape?.length ?? 0;
  if (op.name === 'transpose') return [`a = a.permute([${raw ? parseInts(raw, op.name).join(', ') : allAxes(shape).reverse().join(', ')}]);`];
  if (op.name === 'flip') {
    const axes = raw ? parseInts(raw, op.name).map((x) => (x < 0 ? x + nd : x)) : allAxes(shape);
    return [`a = a.flip([${allAxes(shape).map((i) => axes.includes(i)).join(', ')}]);`];
  }
  if (op.name === 'pad') return [`a = a.pad([${parsePairs(raw, op.name).map(([x, y]) => `[${x}, ${y}]`).join(', ')}]);`];
  if (op.name === 'reshape' || op.name === 'expand') return [`a = a.${op.name}([${raw.replace(/\s+/g, ' ')}]);`];
  return null;
}

function opLines(d: Dialect, s: CodeStep, bare: boolean): string[] {
  const { op, shapeBefore: shape } = s;
  const raw = op.arg.trim();
  const ints = () => parseInts(raw, op.name);
  const nd = shape?.length ?? 0;
  if (bare && d === 'js') {
    const v = viewJs(s);
    if (v) return v;
  }
  switch (op.name) {
    case 'reshape': {
      const dims = ints();
      if (d === 'js') return [`a = a.reshape([${args(dims)}]${op.noCopy ? ', { copy: false }' : ''});${s.copied ? '  // copied' : ''}`];
      if (d === 'numpy') return [op.noCopy ? `a = a.reshape(${args(dims)}, copy=False)  # NumPy >= 2.1: an error instead of a copy` : `a = a.reshape(${args(dims)})${s.copied ? '  # copied' : ''}`];
      return [op.noCopy ? `a = a.view(${args(dims)})  # a view or an error` : `a = a.reshape(${args(dims)})${s.copied ? '  # copied' : ''}`];
    }
    case 'transpose':
    case 'permute': {
      const axes = op.name === 'transpose' && !raw ? allAxes(shape).reverse() : ints();
      if (d === 'js') return [op.name === 'transpose' && !raw ? 'a = a.transpose();' : `a = a.${op.name}([${args(axes)}]);`];
      if (d === 'numpy') return [op.name === 'transpose' && !raw ? 'a = a.transpose()' : `a = a.transpose(${args(axes)})`];
      return [`a = a.permute(${args(axes)})`];
    }
    case 'slice':
      if (d === 'js') return [`a = a.slice('${raw}');`];
      if (d === 'numpy') return [`a = a[${raw}]`];
      return torchSlice(raw, shape);
    case 'flip': {
      const axes = raw ? ints().map((x) => (x < 0 ? x + nd : x)) : allAxes(shape);
      if (d === 'js') return [raw ? `a = a.flip({ axis: [${args(axes)}] });` : 'a = a.flip();'];
      if (d === 'numpy') return [`a = np.flip(a, axis=${tuple(axes)})`];
      return [`a = a.flip(${tuple(axes)})  # PyTorch's flip copies`];
    }
    case 'expand': {
      const dims = ints();
      if (d === 'js') return [`a = a.expand([${args(dims)}]);`];
      if (d === 'numpy') return [`a = np.broadcast_to(a, ${tuple(dims)})`];
      return [`a = a.expand(${args(dims)})`];
    }
    case 'pad': {
      const pairs = parsePairs(raw, op.name);
      if (d === 'js') return [`a = a.padView([${pairs.map(([x, y]) => `[${x}, ${y}]`).join(', ')}]);`];
      if (d === 'numpy') return [`a = np.pad(a, (${pairs.map(([x, y]) => `(${x}, ${y})`).join(', ')}${pairs.length === 1 ? ',' : ''}))  # a copy: NumPy has no masked view`];
      const flat = [...pairs].reverse().flatMap(([x, y]) => [x, y]);
      return [`a = torch.nn.functional.pad(a, (${args(flat)}))  # a copy: last dim first`];
    }
    case 'shrink': {
      const pairs = parsePairs(raw, op.name);
      if (d === 'js') return [`a = a.shrink([${pairs.map(([x, y]) => `[${x}, ${y}]`).join(', ')}]);`];
      return [`a = a[${pairs.map(([x, y]) => `${x}:${y}`).join(', ')}]`];
    }
    case 'squeeze': {
      const axes = raw ? ints() : null;
      if (d === 'js') return [axes ? `a = a.squeeze({ axis: [${args(axes)}] });` : 'a = a.squeeze();'];
      if (d === 'numpy') return [axes ? `a = a.squeeze(axis=${tuple(axes)})` : 'a = a.squeeze()'];
      return [axes ? `a = a.squeeze(${tuple(axes)})` : 'a = a.squeeze()'];
    }
    case 'unsqueeze': {
      const axes = ints();
      if (d === 'js') return [`a = a.unsqueeze([${args(axes)}]);`];
      if (d === 'numpy') return [`a = np.expand_dims(a, ${tuple(axes)})`];
      const sorted = [...axes].sort((x, y) => x - y);
      return [`a = a${sorted.map((x) => `.unsqueeze(${x})`).join('')}`];
    }
    case 'contiguous':
      if (d === 'js') return ['a = a.contiguous();'];
      if (d === 'numpy') return ['a = np.ascontiguousarray(a)'];
      return ['a = a.contiguous()'];
  }
}

/** Whether the dialect had to copy where strideview made a view (so its strides differ). */
function dialectCopies(d: Dialect, steps: CodeStep[]): boolean {
  return steps.some(
    (s) =>
      s.op.name === 'pad' ||
      (d === 'torch' && (s.op.name === 'flip' || (s.op.name === 'slice' && s.op.arg.split(',').some((t) => (t.split(':')[2] ?? '').trim().startsWith('-'))))),
  );
}

function stridesLine(d: Dialect, strides: number[] | null, itemsize: number, copies: boolean, bare: boolean): string {
  if (!strides) return '';
  const note = copies ? `; ${d === 'numpy' ? "NumPy's" : "PyTorch's"} own differ here (a copy above)` : '';
  if (d === 'js') return `console.log(${bare ? 'Sym.eval(a.strides)' : 'a.strides'});  // [${args(strides)}] in elements`;
  if (d === 'numpy') return `print(a.strides)  # strideview's view: ${tuple(strides.map((s) => s * itemsize))} in bytes (${itemsize} per int32 element)${note}`;
  return `print(a.stride())  # strideview's view: ${tuple(strides)} in elements${note}`;
}

/** The whole chain in one dialect, ending with a line that prints the strides. */
export function chainCode(d: Dialect, base: BaseSpec, steps: CodeStep[], strides: number[] | null, itemsize: number): string {
  const lines = baseLines(d, base);
  for (const s of steps) {
    try {
      lines.push(...opLines(d, s, !base.dims.every((x) => typeof x === 'number')));
    } catch {
      lines.push(`${d === 'js' ? '//' : '#'} ${s.op.name}: ${s.op.arg} (not readable)`);
    }
  }
  const last = stridesLine(d, strides, itemsize, d !== 'js' && dialectCopies(d, steps), !base.dims.every((x) => typeof x === 'number'));
  if (last) lines.push(last);
  return lines.join('\n');
}
