// The logical grid: the view's elements by index, one table per 2-D slab (a stack of slabs for
// higher ranks), each cell naming the address it reads; a dense view is painted on canvases.
import { DenseCells, type DenseLayout } from './dense';
import { byId, h } from './dom';
import { boxWidth, denseMarks, drawn, groupColour, theme } from './drawn';
import { type Cell, type Snapshot, DENSE_CELLS } from './model';
import { formatList } from './parse';

const IDX_NAMES = ['i', 'j', 'k', 'l'];

export function idxName(d: number, rank: number): string {
  return rank <= IDX_NAMES.length ? IDX_NAMES[d]! : `i${d}`;
}

function cellEl(snap: Snapshot, k: number): HTMLElement {
  const c: Cell = snap.cells![k]!;
  const multi = c.valid && (drawn.readers.get(c.linear)?.length ?? 0) > 1;
  const label = `(${c.idx.join(', ')})`;
  const title = c.valid ? `${label} reads address ${c.linear}` : `${label} is padding (masked): not read`;
  return h(
    'div',
    {
      class: `lcell ${c.valid ? 'valid' : 'masked'}${multi ? ' multi' : ''}`,
      'data-testid': `logical-cell${c.idx.map((i) => `-${i}`).join('')}`,
      'data-k': k,
      'data-linear': c.linear,
      'data-valid': String(c.valid),
      role: 'gridcell',
      title,
    },
    h('span', { class: 'val' }, c.valid ? (c.value ?? c.linear) : ''),
    c.valid && snap.kind === 'view' ? null : h('span', { class: 'lin' }, c.valid ? `@${c.linear}` : 'pad'),
  );
}

/** One 2-D table of cells: rows × cols, cell k = first + r*cols + c (C order); one ARIA row per row. */
function table(snap: Snapshot, rows: number, cols: number, first: number, rowAxis: string, colAxis: string): HTMLElement {
  const t = h('div', { class: 'table', role: 'grid', style: `--cols:${cols}`, 'aria-label': `${rows} by ${cols} elements` });
  const head = h('div', { class: 'trow', role: 'row' });
  head.append(h('span', { class: 'corner', 'aria-hidden': 'true' }, rowAxis ? `${rowAxis}\\${colAxis}` : colAxis));
  for (let c = 0; c < cols; c++) {
    head.append(h('span', { class: 'colh', 'data-axis': 'col', role: 'columnheader', 'aria-label': `${colAxis} = ${c}` }, c));
  }
  t.append(head);
  for (let r = 0; r < rows; r++) {
    const row = h('div', { class: 'trow', role: 'row' });
    row.append(
      rowAxis
        ? h('span', { class: 'rowh', 'data-axis': 'row', role: 'rowheader', 'aria-label': `${rowAxis} = ${r}` }, r)
        : h('span', { class: 'rowh', 'aria-hidden': 'true' }),
    );
    for (let c = 0; c < cols; c++) {
      const k = first + r * cols + c;
      const el = cellEl(snap, k);
      drawn.cellEls[k] = el;
      row.append(el);
    }
    t.append(row);
  }
  return t;
}

export function renderGrid(snap: Snapshot): void {
  const grid = byId('grid');
  byId('log-sub').textContent = snap.shape ? `shape ${formatList(snap.shape)}` : snap.shapeText;
  const note = byId('grid-note');
  note.textContent = snap.cellsNote ?? '';
  const shape = snap.shape;
  const dense = !!snap.cells && !!shape && snap.cells.length > DENSE_CELLS;
  grid.classList.toggle('dense', dense);
  if (dense) {
    renderDenseGrid(snap, shape!);
    const wrapped = drawn.gridCanvases[0]?.dc.layout.cols === 0 ? ' in C order, wrapped to the panel' : '';
    note.textContent = `${snap.cells!.length} elements: drawn small${wrapped}; point at a cell (or use the arrow keys) for its numbers.`;
    return;
  }
  drawn.gridCanvases = [];
  grid.replaceChildren();
  drawn.cellEls = [];
  if (!snap.cells || !shape || snap.cells.length === 0) return;
  const rank = shape.length;
  const n = (d: number) => idxName(d, rank);
  if (rank === 0) {
    const el = cellEl(snap, 0);
    drawn.cellEls[0] = el;
    grid.append(h('div', { class: 'table scalar', role: 'grid', 'aria-label': 'one element' }, h('div', { class: 'trow', role: 'row' }, el)));
  } else if (rank === 1) {
    grid.append(table(snap, 1, shape[0]!, 0, '', n(0)));
  } else if (rank === 2) {
    grid.append(table(snap, shape[0]!, shape[1]!, 0, n(0), n(1)));
  } else {
    // Higher ranks: a stack of 2-D grids, one per index of the leading dims.
    const [rows, cols] = [shape[rank - 2]!, shape[rank - 1]!];
    const per = rows * cols;
    const stack = h('div', { class: `stack rank${rank}`, style: rank === 4 ? `--per-row:${shape[1]}` : null });
    for (let first = 0; first < snap.cells.length; first += per) {
      const lead = snap.cells[first]!.idx.slice(0, rank - 2);
      stack.append(h('figure', { class: 'slab' }, h('figcaption', {}, `[${[...lead, ':', ':'].join(', ')}]`), table(snap, rows, cols, first, n(rank - 2), n(rank - 1))));
    }
    grid.append(stack);
  }
}

/** Above this many columns a dense grid's rows wrap to the panel's width. */
const WRAP_COLS = 256;

/** A dense view: one canvas per 2-D slab; kept (and only repainted) while the layout is the same. */
function renderDenseGrid(snap: Snapshot, shape: number[]): void {
  const grid = byId('grid');
  drawn.cellEls = [];
  const rank = shape.length;
  const cols = rank === 0 ? 1 : shape[rank - 1]!;
  const rows = rank >= 2 ? shape[rank - 2]! : 1;
  const per = rows * cols;
  const slabs = Math.max(1, Math.ceil(snap.cells!.length / per));
  const axes = rank >= 2 ? `${idxName(rank - 2, rank)} by ${idxName(rank - 1, rank)}` : idxName(0, rank);
  // One dim, or rows too long for a canvas (browsers cap a canvas near 32,767 px): the squares wrap
  // to the panel's width like text, in C order, without row and column numbers.
  const wrap = rank <= 1 || cols > WRAP_COLS;
  const layout: DenseLayout = wrap
    ? { count: per, cols: 0, cellW: 9, cellH: 9, gap: 1 }
    : {
        count: per,
        cols,
        cellW: 9,
        cellH: 9,
        gap: 1,
        left: rank >= 2 ? 16 : 0,
        top: 10,
        colLabel: (c) => (c % 8 === 0 ? String(c) : ''),
        rowLabel: rank >= 2 ? (r) => (r % 8 === 0 ? String(r) : '') : undefined,
      };
  const same = drawn.gridCanvases.length === slabs && drawn.gridCanvases.every((g) => g.dc.sameLayout(layout));
  if (same) {
    for (const g of drawn.gridCanvases) g.dc.relabel(layout);
    return;
  }
  grid.replaceChildren();
  drawn.gridCanvases = [];
  const label = (lead: string) => `${rows} by ${cols} elements (${axes})${lead}, drawn small: blue ones read memory, grey ones are padding. Use the arrow keys for their numbers.`;
  if (rank <= 2) {
    const dc = new DenseCells(layout, { label: label(''), testid: 'logical-canvas' });
    drawn.gridCanvases.push({ dc, first: 0 });
    grid.append(dc.canvas);
    return;
  }
  const stack = h('div', { class: `stack dense rank${rank}` });
  for (let first = 0; first < snap.cells!.length; first += per) {
    const lead = snap.cells![first]!.idx.slice(0, rank - 2);
    const where = `[${[...lead, ':', ':'].join(', ')}]`;
    const dc = new DenseCells(layout, { label: label(` at ${where}`), testid: `logical-canvas-${lead.join('-')}` });
    drawn.gridCanvases.push({ dc, first });
    stack.append(h('figure', { class: 'slab' }, h('figcaption', {}, where), dc.canvas));
  }
  grid.append(stack);
}

export function paintGrid(snap: Snapshot, hl: ReadonlySet<number>): void {
  if (drawn.gridCanvases.length === 0 || !snap.cells) return;
  const t = theme();
  const cells = snap.cells;
  let colour: string | null = null;
  let rowColour: string | null = null;
  for (const { dc, first } of drawn.gridCanvases) {
    if (dc.layout.cols === 0) dc.setHostWidth(boxWidth(byId('grid')));
    const n = dc.layout.count;
    const fill = new Uint8Array(n); // 0 padding, 1 reads memory, 2 shares its address, 3 highlighted
    const frames = denseMarks.group >= 0 ? new Uint8Array(n) : null;
    for (let i = 0; i < n; i++) {
      const c = cells[first + i];
      if (!c) continue;
      if (hl.has(first + i)) fill[i] = 3;
      else if (c.valid) fill[i] = (drawn.readers.get(c.linear)?.length ?? 0) > 1 ? 2 : 1;
      if (frames && c.valid) frames[i] = 1;
    }
    if (frames && colour === null) {
      rowColour = denseMarks.rowGroup >= 0 ? groupColour(dc.canvas, denseMarks.rowGroup) : t.muted!;
      colour = groupColour(dc.canvas, denseMarks.group);
    }
    if (!frames) delete dc.canvas.dataset['group'];
    dc.paint({
      palette: [t.mask!, t.read!, t.multi!, t.hl!],
      fill,
      frames: frames ? { colour: colour!, indices: frames } : null,
      headerColour: { cols: colour ?? t.muted!, rows: rowColour ?? t.muted! },
    });
  }
}
