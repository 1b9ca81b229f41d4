// How one op produced the view it did: a few lines of arithmetic per history step. Every number
// on a line is read from the engine's views before and after the step (Snapshot); this module
// only arranges them into sentences. Where a line states a rule (a slice's start times the
// stride moves the offset), the sum it shows is checked against the engine's own result and the
// line says so when they differ, so the text can never silently disagree with the engine.
import type { OpSpec, Snapshot } from './model';
import { formatList, parseInts } from './parse';
import type { ReshapeAnalysis } from './engine';

export interface Derivation {
  /** One sentence: what kind of change this op is. */
  summary: string;
  /** The arithmetic, one line per dim or rule. */
  lines: string[];
}

const paren = (x: number): string => (x < 0 ? `(${x})` : String(x));

function maskText(m: Snapshot['mask']): string {
  return m ? m.map(([b, e]) => `[${b}, ${e})`).join(', ') : 'none';
}

/** The view's numbers in one line, as the before/after rows of the step show them. */
export function viewLine(s: Snapshot): string {
  return `shape ${s.shapeText} · strides ${s.stridesText} · offset ${s.offset} · mask ${maskText(s.mask)}`;
}

function axesOf(op: OpSpec, ndim: number): number[] {
  if (op.name === 'transpose' && !op.arg.trim()) return Array.from({ length: ndim }, (_, i) => ndim - 1 - i);
  return parseInts(op.arg, op.name).map((a) => (a < 0 ? a + ndim : a));
}

interface SliceItem {
  kind: 'int' | 'range' | 'new' | 'ellipsis';
  start?: number | null;
  stop?: number | null;
  step?: number | null;
  index?: number;
}

function parseSlice(text: string): SliceItem[] {
  const num = (s: string | undefined): number | null => (s === undefined || s.trim() === '' ? null : Number(s.trim()));
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t): SliceItem => {
      if (t === '...' || t === '…') return { kind: 'ellipsis' };
      if (t === 'None' || t === 'newaxis' || t === 'null') return { kind: 'new' };
      if (!t.includes(':')) return { kind: 'int', index: Number(t) };
      const [a, b, c] = t.split(':');
      return { kind: 'range', start: num(a), stop: num(b), step: num(c) };
    });
}

/** Python's first index of start:stop:step on a dim of size n (what the offset moves by). */
function firstIndex(start: number | null, step: number, n: number): number {
  if (start === null) return step > 0 ? 0 : n - 1;
  let s = start < 0 ? start + n : start;
  if (step > 0) s = Math.min(Math.max(s, 0), n);
  else s = Math.min(Math.max(s, -1), n - 1);
  return s;
}

function offsetLine(before: Snapshot, after: Snapshot, parts: string[], predicted: number): string {
  const rule = `offset ${before.offset}${parts.length ? ` + ${parts.join(' + ')}` : ''} = ${predicted}`;
  return predicted === after.offset ? rule : `${rule}; the engine says ${after.offset}`;
}

function sliceLines(op: OpSpec, b: Snapshot, a: Snapshot): string[] {
  const bs = b.shape!;
  const st = b.strides!;
  const items = parseSlice(op.arg);
  const explicit = items.filter((i) => i.kind === 'int' || i.kind === 'range').length;
  const out: string[] = [];
  const parts: string[] = [];
  let offset = b.offset;
  let d = 0; // input dim
  let k = 0; // output dim
  const full: SliceItem[] = [];
  for (const it of items) {
    if (it.kind === 'ellipsis') for (let r = 0; r < bs.length - explicit; r++) full.push({ kind: 'range', start: null, stop: null, step: null });
    else full.push(it);
  }
  while (full.filter((i) => i.kind !== 'new').length < bs.length) full.push({ kind: 'range', start: null, stop: null, step: null });
  for (const it of full) {
    if (it.kind === 'new') {
      out.push(`None: a new dim ${k} of size 1 (stride ${a.strides?.[k] ?? '?'})`);
      k++;
      continue;
    }
    const n = bs[d]!;
    const s = st[d]!;
    if (it.kind === 'int') {
      const i = it.index! < 0 ? it.index! + n : it.index!;
      out.push(`dim ${d}: index ${it.index} picks row ${i} and drops the dim: offset += ${i}·${paren(s)}`);
      if (i !== 0) parts.push(`${i}·${paren(s)}`);
      offset += i * s;
    } else {
      const step = it.step ?? 1;
      const first = firstIndex(it.start ?? null, step, n);
      const ns = a.strides?.[k];
      const size = a.shape?.[k];
      let text = `dim ${d}: ${it.start ?? ''}:${it.stop ?? ''}${it.step === null || it.step === undefined ? '' : `:${it.step}`} → size ${size}, stride ${paren(s)} × ${paren(step)} = ${ns}`;
      if (step < 0) text += ' (a negative step negates the stride and starts from the last index it keeps)';
      if (size !== 0 && first !== 0) {
        text += `; starts at index ${first}: offset += ${first}·${paren(s)}`;
        parts.push(`${first}·${paren(s)}`);
        offset += first * s;
      }
      out.push(text);
      k++;
    }
    d++;
  }
  out.push(offsetLine(b, a, parts, offset));
  return out;
}

/** The derivation of step `op` from `before` to `after` (both engine snapshots). */
export function derive(op: OpSpec, before: Snapshot, after: Snapshot, copied: boolean, reshape: ReshapeAnalysis | null): Derivation {
  const b = before;
  const a = after;
  if (!b.shape || !b.strides || !a.shape || !a.strides) {
    return { summary: 'Bind the symbolic variables to see the numbers of this step.', lines: [] };
  }
  const bs = b.shape;
  const bst = b.strides;
  switch (op.name) {
    case 'transpose':
    case 'permute': {
      const axes = axesOf(op, bs.length);
      return {
        summary: `${op.name} only reorders the dims: each new dim takes the size and stride of an old one; the offset stays ${a.offset}.`,
        lines: [
          ...axes.map((p, d) => `new dim ${d} ← old dim ${p}: size ${bs[p]}, stride ${bst[p]}`),
          `strides ${formatList(bst)} → ${formatList(a.strides!)}`,
        ],
      };
    }
    case 'slice':
      return {
        summary: 'A slice keeps a sub-range per dim: a step multiplies the stride, the first kept index moves the offset.',
        lines: sliceLines(op, b, a),
      };
    case 'flip': {
      const axes = op.arg.trim() ? axesOf(op, bs.length) : bs.map((_, i) => i);
      const parts = axes.map((d) => `(${bs[d]}−1)·${paren(bst[d]!)}`);
      const offset = axes.reduce((o, d) => o + (bs[d]! - 1) * bst[d]!, b.offset);
      return {
        summary: 'flip reads a dim backwards: its stride is negated and the offset moves to that dim\'s last element.',
        lines: [
          ...axes.map((d) => `dim ${d}: stride ${bst[d]} → ${a.strides![d]}; its last index ${bs[d]! - 1} moves the offset by ${bs[d]! - 1}·${paren(bst[d]!)}`),
          offsetLine(b, a, parts, offset),
        ],
      };
    }
    case 'expand': {
      const lead = a.shape.length - bs.length;
      const lines: string[] = [];
      for (let d = 0; d < a.shape.length; d++) {
        const from = d - lead;
        if (from < 0) lines.push(`dim ${d} is new: size ${a.shape[d]}, stride ${a.strides[d]} (every index reads the same memory)`);
        else if (bs[from] === 1 && a.shape[d] !== 1) lines.push(`dim ${d}: size 1 → ${a.shape[d]}, stride ${bst[from]} → ${a.strides[d]} (the one element is read ${a.shape[d]} times)`);
        else lines.push(`dim ${d}: size ${a.shape[d]}, stride ${a.strides[d]} unchanged`);
      }
      return { summary: 'expand (broadcast) grows size-1 dims with stride 0: no copy, the same address is read again.', lines };
    }
    case 'pad': {
      const lines: string[] = [];
      const parts: string[] = [];
      let offset = b.offset;
      for (let d = 0; d < bs.length; d++) {
        const m = a.mask?.[d];
        const before = m ? m[0] : 0;
        lines.push(`dim ${d}: size ${bs[d]} → ${a.shape[d]}; valid range [${m?.[0] ?? 0}, ${m?.[1] ?? a.shape[d]}): index i reads old index i − ${before}`);
        if (before !== 0) parts.push(`(−${before})·${paren(bst[d]!)}`);
        offset -= before * bst[d]!;
      }
      lines.push(offsetLine(b, a, parts, offset));
      return { summary: 'pad adds virtual cells: a mask marks the valid range and the offset shifts back by the padding before.', lines };
    }
    case 'shrink': {
      const lines: string[] = [];
      const parts: string[] = [];
      let offset = b.offset;
      for (let d = 0; d < bs.length; d++) {
        lines.push(`dim ${d}: size ${bs[d]} → ${a.shape[d]}, stride ${a.strides[d]}`);
      }
      // The starts are the op's own numbers (pairs); the engine's offset is the check.
      const pairs = (op.arg.match(/[+-]?\d+/g) ?? []).map(Number);
      for (let d = 0; d < bs.length && 2 * d < pairs.length; d++) {
        const s = pairs[2 * d]!;
        if (s !== 0) parts.push(`${s}·${paren(bst[d]!)}`);
        offset += s * bst[d]!;
      }
      lines.push(offsetLine(b, a, parts, offset));
      return { summary: 'shrink keeps [start, end) per dim: sizes shrink, strides stay, the starts move the offset.', lines };
    }
    case 'squeeze':
    case 'unsqueeze':
      return {
        summary: `${op.name} ${op.name === 'squeeze' ? 'drops' : 'inserts'} size-1 dims: they never move the address, so no other stride changes.`,
        lines: [`shape ${formatList(bs)} → ${formatList(a.shape)}`, `strides ${formatList(bst)} → ${formatList(a.strides)}`],
      };
    case 'contiguous':
      return copied
        ? {
            summary: 'contiguous() copied the elements in logical order into a new buffer: C-order strides, offset 0.',
            lines: [cStridesLine(a), `offset ${b.offset} → ${a.offset}`],
          }
        : { summary: 'Already C-contiguous: contiguous() returned the same view, nothing moved.', lines: [] };
    case 'reshape':
      return reshapeDerivation(b, a, copied, reshape);
  }
}

function cStridesLine(a: Snapshot): string {
  const shape = a.shape!;
  const parts = shape.map((_, d) => {
    const right = shape.slice(d + 1);
    return `s${d} = ${right.length ? right.join('·') : '1'} = ${a.strides![d]}`;
  });
  return `C order: each stride is the product of the sizes to its right: ${parts.join(', ')}`;
}

function reshapeDerivation(b: Snapshot, a: Snapshot, copied: boolean, r: ReshapeAnalysis | null): Derivation {
  const lines: string[] = [];
  if (r) {
    for (const g of r.groups) {
      const ins = g.input.map((d) => `${b.shape![d]} (stride ${b.strides![d]})`).join(' · ');
      const outs = g.output.map((d) => (copied ? `${a.shape![d]}` : `${a.shape![d]} (stride ${a.strides![d]})`)).join(' · ');
      const kind = g.input.length > 1 && g.output.length === 1 ? 'merge' : g.input.length === 1 && g.output.length > 1 ? 'split' : g.input.length === 1 && g.output.length === 1 ? 'keep' : 'regroup';
      lines.push(`${kind}: input dims [${g.input.join(', ')}]: ${ins || 'none'} → output dims [${g.output.join(', ')}]: ${outs || 'none'}`);
    }
    if (r.blocking) {
      const [i, j] = r.blocking.axes;
      const [si, sj] = r.blocking.strides;
      lines.push(`dims ${i} and ${j} cannot merge: stride ${si} should be ${sj}·${r.blocking.shapes[1]} = ${r.blocking.expected ?? 'more than 2^53−1'}`);
    }
  }
  if (copied) {
    lines.push(cStridesLine(a));
    return { summary: 'No single strided view reads these elements in the new order, so reshape copied them into a new buffer.', lines };
  }
  return {
    summary: 'reshape merged and split dims without moving memory: merged dims were already one step apart in memory.',
    lines: [...lines, `strides ${formatList(b.strides!)} → ${formatList(a.strides!)}, offset ${a.offset}`],
  };
}
