// explain(a): the demo's picture as text, for Node scripts and terminals. It asks the engine through
// the public API only (shape, strides, offset, mask, linearIndex, isValid, toTypedArray) and
// re-implements no view rule: every address printed is the engine's linearIndex.
import { fmt, withOp } from './errors.js';
import { NDArray } from './ndarray.js';
import { family, needFamily } from './families.js';
import { type SigRef, bind } from './signature.js';
import { Sym } from './sym.js';
import { View } from './view.js';

// the engine's View queries (linearIndex, isValid ...): the 'symbolic' family of the engine (families.ts).
const SYMBOLIC = /* @__PURE__ */ family('symbolic');

/** Options of {@link explain}. */
export interface ExplainOptions {
  /** Largest number of logical elements drawn as a grid (default 256). */
  maxElements?: number;
  /** Largest number of buffer cells listed (default 256). */
  maxBuffer?: number;
  /** Buffer cells per printed row (default 16). */
  bufferColumns?: number;
}

const IDX = ['i', 'j', 'k', 'l'];

function list(xs: readonly (number | string)[]): string {
  return `[${xs.join(', ')}]`;
}

function fmtValue(v: number | bigint | boolean): string {
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (Number.isInteger(v)) return String(v);
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  return String(Number(v.toPrecision(4)));
}

/** Rows of cells as aligned text: the first column left-aligned (labels), the others right-aligned. */
function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd());
}

function* cOrder(shape: readonly number[]): Generator<number[]> {
  const n = shape.reduce((p, d) => p * d, 1);
  const idx = shape.map(() => 0);
  for (let k = 0; k < n; k++) {
    yield idx.slice();
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d]! < shape[d]!) break;
      idx[d] = 0;
    }
  }
}

interface Cell {
  idx: number[];
  linear: number;
  valid: boolean;
  value: string | null;
}

const EXPLAIN: SigRef = { sig: '-: explain(a: NDArray | View, /, *, maxElements: number = 256, maxBuffer: number = 256, bufferColumns: number = 16) -> string' };
/**
 * A text picture of an array or view: its metadata, the index formula, the buffer it reads (with
 * how many logical elements read each address), the logical elements as grids of `value@address`
 * (masked padding shown as `pad`), and the memory jumps of a C-order walk. The options (by name):
 * `maxElements` (largest number of logical elements drawn as grids, default 256), `maxBuffer`
 * (largest number of buffer cells listed, default 256), `bufferColumns` (buffer cells per printed
 * row, default 16); see {@link ExplainOptions}.
 *
 * ```ts
 * console.log(explain(arange(12).reshape([3, 4]).transpose()));
 * ```
 */
// @overloads EXPLAIN
export function explain(a: NDArray | View, options?: { maxElements?: number | undefined; maxBuffer?: number | undefined; bufferColumns?: number | undefined }): string;
// @end
export function explain(...args: unknown[]): string {
  needFamily('explain', SYMBOLIC);
  const [a, maxElements, maxBuffer, bufferColumns] = bind(EXPLAIN, args);
  return withOp('explain', () =>
    explainImpl(a as NDArray | View, limit('maxElements', maxElements, 0), limit('maxBuffer', maxBuffer, 0), limit('bufferColumns', bufferColumns, 1)),
  );
}

function limit(key: string, v: unknown, min: number): number {
  if (typeof v !== 'number') throw new TypeError(`explain: ${key} must be a number, got ${fmt(v)}`);
  if (!Number.isSafeInteger(v) || v < min) {
    throw new RangeError(`explain: ${key} must be an integer >= ${min}, got ${fmt(v)}`);
  }
  return v;
}

function explainImpl(a: NDArray | View, maxElements: number, maxBuffer: number, columns: number): string {
  const isArray = a instanceof NDArray;
  if (!isArray && !(a instanceof View)) {
    throw new TypeError(`explain: expected an NDArray or a View, got ${fmt(a)}`);
  }
  if (isArray) a._check('explain');
  const view: View = isArray ? a.view : a;
  const out: string[] = [];

  // --- metadata
  const shape = Sym.eval(view.shape);
  const strides = Sym.eval(view.strides);
  const shapeText = shape ? list(shape) : Sym.toString(view.shape);
  const stridesText = strides ? list(strides) : Sym.toString(view.strides);
  const mask = view.mask;
  const kind = isArray ? `NDArray ${a.dtype}` : 'View';
  out.push(
    `${kind}  shape ${shapeText}  strides ${stridesText}  offset ${view.offset}  ` +
      (view.isCContiguous ? 'C-contiguous' : 'not C-contiguous'),
  );
  out.push(
    mask
      ? `mask (valid ranges): ${mask.map(([b, e], d) => `dim ${d} [${b}, ${e})`).join(', ')}`
      : 'mask: none (every element is valid)',
  );
  const rank = view.shape.length;
  const names = Array.from({ length: rank }, (_, d) => (rank <= IDX.length ? IDX[d]! : `i${d}`));
  const terms = names.map((n, d) => {
    const s = strides ? strides[d]! : null;
    return `${n}*${s === null ? `s${d}` : s < 0 ? `(${s})` : s}`;
  });
  out.push(`address(${names.join(', ')}) = ${[String(view.offset), ...terms].join(' + ')}`);

  if (!shape) {
    const unbound = Sym.vars(view.shape).filter((v) => v.value === null);
    out.push(`(bind ${unbound.map((v) => v.name).join(', ')} to see the elements)`);
    return out.join('\n');
  }
  const numel = shape.reduce((p, d) => p * d, 1);
  if (numel > maxElements) {
    out.push(`(${numel} elements: more than maxElements = ${maxElements}, grids not drawn)`);
    return out.join('\n');
  }

  // --- memory
  let memory: string[] | null = null;
  if (isArray) {
    const owner = a.base ?? a;
    if (owner.isCContiguous) memory = Array.from(owner.toTypedArray() as ArrayLike<number | bigint>, fmtValue);
  }
  const cells: Cell[] = [];
  for (const idx of cOrder(shape)) {
    const linear = view.linearIndex(idx);
    const valid = view.isValid(idx);
    cells.push({ idx, linear, valid, value: valid && memory ? (memory[linear] ?? '?') : null });
  }
  const readers = new Map<number, number>();
  for (const c of cells) if (c.valid) readers.set(c.linear, (readers.get(c.linear) ?? 0) + 1);

  out.push('');
  if (memory) {
    const owner = isArray ? (a.base ?? a) : null;
    out.push(`buffer: ${memory.length} x ${isArray ? a.dtype : ''}${owner && owner !== a ? ' (owned by the base array)' : ''}`);
    const shown = Math.min(memory.length, maxBuffer);
    for (let start = 0; start < shown; start += columns) {
      const addrs = Array.from({ length: Math.min(columns, shown - start) }, (_, i) => start + i);
      out.push(
        ...table([
          ['address', ...addrs.map(String)],
          ['value', ...addrs.map((k) => memory![k]!)],
          ['reads', ...addrs.map((k) => String(readers.get(k) ?? 0))],
        ]).map((l) => `  ${l}`),
      );
    }
    if (shown < memory.length) out.push(`  ... ${memory.length - shown} more`);
  } else {
    const span = view.requiredSpan();
    out.push(span ? `addresses read: ${span[0]} .. ${span[1]}` : 'addresses read: none');
  }

  // --- logical elements
  out.push('');
  out.push(`logical ${list(shape)}: ${memory ? 'value@address' : '@address'}, pad = masked (not read)`);
  const show = (c: Cell): string => (!c.valid ? 'pad' : `${c.value ?? ''}@${c.linear}`);
  if (numel === 0) {
    out.push('  (no elements)');
  } else if (rank === 0) {
    out.push(`  () ${show(cells[0]!)}`);
  } else {
    const rows = rank === 1 ? 1 : shape[rank - 2]!;
    const cols = shape[rank - 1]!;
    const per = rows * cols;
    const rowName = rank === 1 ? '' : names[rank - 2]!;
    const colName = names[rank - 1]!;
    for (let b = 0; b * per < cells.length; b++) {
      if (rank > 2) out.push(`  [${[...cells[b * per]!.idx.slice(0, rank - 2), ':', ':'].join(', ')}]`);
      const grid: string[][] = [['', ...Array.from({ length: cols }, (_, c) => `${colName}=${c}`)]];
      for (let r = 0; r < rows; r++) {
        grid.push([
          rowName ? `${rowName}=${r}` : '',
          ...Array.from({ length: cols }, (_, c) => show(cells[b * per + r * cols + c]!)),
        ]);
      }
      out.push(...table(grid).map((l) => `  ${l}`));
    }
  }

  // --- C-order walk
  const walk: string[] = [];
  let prev: number | null = null;
  for (const c of cells.slice(0, 64)) {
    if (!c.valid) {
      walk.push('pad');
      continue;
    }
    if (prev !== null) walk.push(`(${c.linear - prev >= 0 ? '+' : ''}${c.linear - prev})`);
    walk.push(String(c.linear));
    prev = c.linear;
  }
  out.push('');
  out.push(`C-order walk (addresses, jumps): ${walk.join(' ')}${cells.length > 64 ? ' ...' : ''}`);
  return out.join('\n');
}
