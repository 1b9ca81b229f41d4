// The demo page: state (base, applied ops, history cursor), events, and drawing. Every number it
// draws comes from a Snapshot made by the engine adapter (engine.ts).
import {
  type ReshapeAnalysis,
  type Subject,
  analyseReshape,
  applyBindings,
  demoItemSize,
  applyOp,
  baseCall,
  loadEngine,
  makeBase,
  newBuffer,
  release,
  resetBufferIds,
  shapeText,
  snapshot,
  supports,
  toShownError,
} from './engine';
import { type CodeStep, type Dialect, DIALECTS, chainCode } from './code';
import { derive, viewLine } from './derive';
import { byId, h, svgEl } from './dom';
import { type BaseSpec, type Cell, type OpSpec, type ShownError, type Snapshot, type VarSpec, DENSE_CELLS, MAX_BUFFER_CELLS } from './model';
import { DenseCells, type DenseLayout } from './dense';
import { capturePlaces, playMoves } from './motion';
import { renderPractice } from './practice';
import { OP_UI, callText } from './ops';
import { InputError, formatList, parseDims } from './parse';
import { DEFAULT_STATE, type UrlState, decodeState, defaultVar, encodeState } from './url';

// ------------------------------------------------------------------------------------------ state

interface Step {
  op: OpSpec | null;
  subject: Subject;
  snap: Snapshot | null;
  note: string;
  /** The op made a new buffer (contiguous(), or a reshape that copied). */
  copied: boolean;
  /** reshape steps: the engine's analysis of the reshape (undefined: not asked yet). */
  analysis?: ReshapeAnalysis | null;
}

/** A reshape the engine refused (copy: false), shown with its analysis until the next change. */
let refused: { op: OpSpec; analysis: ReshapeAnalysis | null } | null = null;
let dialect: Dialect = 'js';

let base: BaseSpec = structuredClone(DEFAULT_STATE.base);
let steps: Step[] = [];
let cursor = 0;
/** The logical cell (index into snap.cells) under the pointer / keyboard / iteration. */
let focusCell: number | null = null;
/** The buffer address under the pointer. */
let hoverAddr: number | null = null;
/** Iteration position (index into snap.cells), null before the first step. */
let iterPos: number | null = null;
let playTimer: number | null = null;
let lastHash = '';

// Drawn elements of the current view, for highlighting without redrawing.
let cellEls: HTMLElement[] = [];
let bufferEls = new Map<number, HTMLElement>();
let readers = new Map<number, number[]>();
/**
 * Content widths of the memory strip and the iteration row, which the canvases wrap to: measured once
 * per render (and after a resize), not on every hover (a measure forces a layout).
 * (A ResizeObserver would be the natural source, but WebKit reports "ResizeObserver loop completed
 * with undelivered notifications" as a page error for this page.)
 */
const boxWidths = new Map<HTMLElement, number>();
// Dense views (more than DENSE_CELLS elements) are drawn on canvases instead (dense.ts).
let stripCanvas: DenseCells | null = null;
let gridCanvases: Array<{ dc: DenseCells; first: number }> = [];
let trackCanvas: DenseCells | null = null;
/** What the reshape analysis marks on dense drawings: the colour group of the grid, broken jumps. */
const denseMarks = { group: -1, rowGroup: -1, brokenAddrs: new Set<number>(), brokenSteps: new Set<number>() };

const PRESETS: Record<string, UrlState> = {
  transpose: { base: { dims: [3, 4], vars: [] }, ops: [{ name: 'transpose', arg: '' }] },
  'negative-step': { base: { dims: [4, 5], vars: [] }, ops: [{ name: 'slice', arg: '::-1, 1::2' }] },
  broadcast: { base: { dims: [1, 4], vars: [] }, ops: [{ name: 'expand', arg: '3, 4' }] },
  padding: { base: { dims: [2, 3], vars: [] }, ops: [{ name: 'pad', arg: '1, 1; 1, 1' }] },
  copy: {
    base: { dims: [3, 4], vars: [] },
    ops: [
      { name: 'transpose', arg: '' },
      { name: 'reshape', arg: '12', noCopy: true },
    ],
  },
  symbolic: {
    base: { dims: ['n', 4], vars: [{ name: 'n', min: 1, max: 8, value: 3 }] },
    ops: [{ name: 'transpose', arg: '' }],
  },
};

function current(): Step {
  return steps[cursor]!;
}

function currentSnap(): Snapshot {
  const s = current();
  if (!s.snap) s.snap = snapshot(s.subject);
  return s.snap;
}

function urlState(): UrlState {
  return { base, ops: steps.slice(1, cursor + 1).map((s) => s.op!) };
}

// ------------------------------------------------------------------------------------------ errors

const errorEl = byId('error');

function showError(what: string | null, e: ShownError | null): void {
  errorEl.replaceChildren();
  if (!e) return;
  errorEl.append(h('strong', {}, what ? `${what} failed` : 'Error'), ' ');
  if (e.engine) errorEl.append(h('code', { class: 'code' }, `StrideViewError ${e.code}`), ' ');
  errorEl.append(h('span', { class: 'msg', 'data-testid': 'error-message' }, e.message));
}

// ------------------------------------------------------------------------------------------ actions

/** Builds the base and replays `state.ops`; stops at the first failing op and shows its error. */
function rebuild(state: UrlState): void {
  stopPlay();
  release(steps.map((s) => s.subject));
  steps = [];
  resetBufferIds();
  base = structuredClone(state.base);
  showError(null, null);
  try {
    steps.push({ op: null, subject: makeBase(base), snap: null, note: '', copied: false });
  } catch (e) {
    showError(`start from [${base.dims.join(', ')}]`, toShownError(e));
    base = structuredClone(DEFAULT_STATE.base);
    steps.push({ op: null, subject: makeBase(base), snap: null, note: '', copied: false });
  }
  refused = null;
  cursor = 0;
  for (const op of state.ops) {
    if (!pushOp(op)) break;
  }
  resetView();
  render();
}

/** Applies an op to the current step. Returns false (and shows the error) when the engine refuses. */
function pushOp(op: OpSpec): boolean {
  const from = current();
  try {
    const subject = applyOp(from.subject, op, base);
    const copied = newBuffer(from.subject, subject);
    const note = copied ? 'new buffer' : op.name === 'contiguous' ? 'same buffer: already C-contiguous' : '';
    const dropped = steps.slice(cursor + 1);
    steps = steps.slice(0, cursor + 1);
    steps.push({ op, subject, snap: null, note, copied });
    release(
      dropped.map((s) => s.subject),
      steps.map((s) => s.subject),
    );
    cursor = steps.length - 1;
    refused = null;
    showError(null, null);
    return true;
  } catch (e) {
    showError(callText(op), toShownError(e));
    refused = op.name === 'reshape' ? { op, analysis: analyseReshape(from.subject, op.arg) } : null;
    return false;
  }
}

function applyFromUi(op: OpSpec): void {
  stopPlay();
  const before = capturePlaces(cellEls, currentSnap());
  if (pushOp(op)) {
    resetView();
    render();
    playMoves(before, cellEls, currentSnap());
  } else if (refused) {
    render();
  }
}

function goTo(n: number): void {
  if (n < 0 || n >= steps.length || n === cursor) return;
  stopPlay();
  cursor = n;
  refused = null;
  showError(null, null);
  resetView();
  render();
}

function resetView(): void {
  focusCell = null;
  hoverAddr = null;
  iterPos = null;
}

function setBase(text: string): void {
  let dims: BaseSpec['dims'];
  try {
    dims = parseDims(text, 'shape');
  } catch (e) {
    showError('new base', toShownError(e));
    return;
  }
  const vars: VarSpec[] = [];
  for (const d of dims) {
    if (typeof d !== 'string' || vars.some((v) => v.name === d)) continue;
    vars.push(base.vars.find((v) => v.name === d) ?? defaultVar(d));
  }
  rebuild({ base: { dims, vars }, ops: [] });
}

function bindVar(name: string, value: number | null): void {
  const spec = base.vars.find((v) => v.name === name);
  if (!spec) return;
  const old = spec.value;
  spec.value = value;
  try {
    applyBindings(base);
    showError(null, null);
  } catch (e) {
    spec.value = old;
    showError(value === null ? `Sym.unbind(${name})` : `Sym.bind(${name}, ${value})`, toShownError(e));
    return;
  }
  for (const s of steps) s.snap = null;
  resetView();
  render();
}

function changeVar(name: string, patch: Partial<VarSpec>): void {
  const state = structuredClone(urlState());
  const spec = state.base.vars.find((v) => v.name === name);
  if (!spec) return;
  Object.assign(spec, patch);
  rebuild(state);
}

// ------------------------------------------------------------------------------------------ read-outs

function setReadout(id: string, text: string, value: unknown): void {
  const el = byId(id);
  el.textContent = text;
  el.dataset['value'] = JSON.stringify(value);
}

const IDX_NAMES = ['i', 'j', 'k', 'l'];

function idxName(d: number, rank: number): string {
  return rank <= IDX_NAMES.length ? IDX_NAMES[d]! : `i${d}`;
}

function renderReadouts(snap: Snapshot): void {
  setReadout('ro-shape', snap.shapeText, snap.shape ?? snap.shapeText);
  const symEl = byId('ro-shape-sym');
  symEl.textContent = snap.shapeSym && snap.shapeSym !== snap.shapeText ? snap.shapeSym : '';
  setReadout('ro-strides', snap.stridesText, snap.strides ?? snap.stridesText);
  setReadout('ro-offset', String(snap.offset), snap.offset);
  const maskEl = byId('ro-mask');
  maskEl.dataset['value'] = JSON.stringify(snap.mask);
  if (!snap.mask) {
    maskEl.textContent = 'none';
  } else {
    maskEl.replaceChildren(
      h(
        'ul',
        { class: 'mask-list' },
        ...snap.mask.map(([b, e], d) =>
          h(
            'li',
            {},
            `dim ${d}: `,
            h('b', {}, `[${b}, ${e})`),
            snap.shape ? h('span', { class: 'of' }, ` of ${snap.shape[d]}`) : null,
          ),
        ),
      ),
    );
  }
  const c = byId('ro-contig');
  c.textContent = snap.contiguous ? 'yes' : 'no';
  c.dataset['value'] = JSON.stringify(snap.contiguous);
  c.classList.toggle('yes', snap.contiguous);
  setReadout('ro-numel', snap.dtype ? `${snap.numelText} · ${snap.dtype}` : snap.numelText, snap.numel);
  byId('ro-desc').textContent = snap.description;
}

const paren = (x: number): string => (x < 0 ? `(${x})` : String(x));

function renderFormula(snap: Snapshot): void {
  const el = byId('formula');
  el.replaceChildren();
  const rank = snap.shape?.length ?? snap.strides?.length ?? 0;
  const names = Array.from({ length: rank }, (_, d) => idxName(d, rank));
  const lhs = (args: string[]): HTMLElement => h('span', { class: 'lhs' }, `linear(${args.join(', ')})`);

  // Line 1: the formula, with this view's offset and strides filled in.
  const general = h('span', { class: 'fline' }, lhs(names), ' = ', ['offset', ...names.map((n, d) => `${n}·s${d}`)].join(' + '));
  if (snap.strides) {
    const strides = snap.strides;
    general.append(' = ', h('span', { class: 'nums' }, [String(snap.offset), ...names.map((n, d) => `${n}·${paren(strides[d]!)}`)].join(' + ')));
  }
  const line = h('span', { class: 'fline' });
  el.append(general, line);

  // Line 2: the hovered buffer cell's readers, or the hovered logical cell's numbers.
  if (hoverAddr !== null && focusCell === null) {
    const who = readers.get(hoverAddr) ?? [];
    const cells = snap.cells ?? [];
    line.append(
      h('span', { class: 'lhs' }, `buffer[${hoverAddr}]`),
      ' is read by ',
      h('b', {}, `${who.length} logical cell${who.length === 1 ? '' : 's'}`),
      who.length ? ': ' : '',
      ...who.slice(0, 12).map((c) => h('code', { class: 'idx' }, `(${cells[c]!.idx.join(', ')})`)),
      who.length > 12 ? ' …' : '',
      who.length > 1 ? h('span', { class: 'hint' }, ' a stride 0 sends several indices to one address') : '',
    );
    return;
  }
  const cell = focusCell !== null ? snap.cells?.[focusCell] : undefined;
  if (!cell) {
    line.append(h('span', { class: 'hint' }, 'Hover a cell (or focus the grid and use the arrow keys) to fill in its numbers.'));
    return;
  }
  const parts = [String(snap.offset), ...cell.idx.map((i, d) => `${i}·${snap.strides ? paren(snap.strides[d]!) : '?'}`)];
  line.append(
    lhs(cell.idx.map(String)),
    ' = ',
    h('span', { class: 'nums' }, parts.join(' + ')),
    ' = ',
    h('b', { class: 'result', 'data-testid': 'formula-result' }, String(cell.linear)),
  );
  if (!cell.valid) {
    line.append(h('span', { class: 'masked-note' }, ' masked (padding): this address is never read'));
  } else if (cell.value !== null) {
    line.append(' → value ', h('b', {}, String(cell.value)));
  }
}

// ------------------------------------------------------------------------------------------ buffer

function renderBuffer(snap: Snapshot): void {
  const strip = byId('buffer');
  bufferEls = new Map();
  readers = new Map();
  for (const [k, c] of (snap.cells ?? []).entries()) {
    if (!c.valid) continue;
    const list = readers.get(c.linear);
    if (list) list.push(k);
    else readers.set(c.linear, [k]);
  }
  const sub = byId('buf-sub');
  const note = byId('buf-note');
  const buf = snap.buffer;
  const dense = !!buf?.values && buf.values.length > DENSE_CELLS;
  strip.classList.toggle('dense', dense);
  if (!dense) {
    stripCanvas = null;
    strip.replaceChildren();
  }
  if (!buf) {
    sub.textContent = '';
    note.textContent = 'A symbolic view has no memory until its variables are bound.';
    return;
  }
  sub.textContent =
    snap.kind === 'array'
      ? `buffer #${buf.id} · ${buf.label} · ${buf.length} elements`
      : `${buf.label} (a bare view: addresses only)`;
  if (!buf.values) {
    stripCanvas = null;
    strip.replaceChildren();
    note.textContent = `${buf.length} elements: too many to draw (limit ${MAX_BUFFER_CELLS}).`;
    return;
  }
  const outside =
    snap.offset < 0 || snap.offset >= buf.length
      ? ` The offset ${snap.offset} is outside the buffer: only masked cells would start there.`
      : '';
  if (dense) {
    // Thousands of cells: one canvas (painted by paintStrip, from updateHighlights).
    const layout: DenseLayout = { count: buf.values.length, cols: 0, cellW: 7, cellH: 7, gap: 1 };
    if (!stripCanvas || !stripCanvas.sameLayout(layout)) {
      stripCanvas = new DenseCells(layout, { label: `${buf.values.length} buffer cells in memory order, drawn small`, testid: 'buffer-canvas' });
      strip.replaceChildren(h('li', { class: 'dense-host' }, stripCanvas.canvas));
    }
    note.textContent =
      `${buf.values.length} cells, drawn small: blue ones are read by the view, grey ones are not, purple ones by more than one element; ` +
      'the bar marks the offset. Point at a cell for its readers.' + outside;
    return;
  }
  for (const [addr, value] of buf.values.entries()) {
    const n = readers.get(addr)?.length ?? 0;
    const cls = ['bcell', n === 0 ? 'unread' : 'read', n > 1 ? 'multi' : '', addr === snap.offset ? 'origin' : '', snap.kind === 'view' ? 'bare' : '']
      .filter(Boolean)
      .join(' ');
    const el = h(
      'li',
      {
        class: cls,
        'data-testid': `buffer-cell-${addr}`,
        'data-addr': addr,
        'data-readers': n,
        title: `address ${addr}: value ${value}; read by ${n} logical cell${n === 1 ? '' : 's'}`,
      },
      h('span', { class: 'addr' }, addr),
      h('span', { class: 'val' }, value),
      n > 1 ? h('span', { class: 'badge' }, `×${n}`) : null,
    );
    strip.append(el);
    bufferEls.set(addr, el);
  }
  note.textContent =
    (snap.kind === 'array'
      ? 'Memory order, address above each cell. Underlined: the offset, where index (0, …, 0) points.'
      : 'A bare view owns no memory: these are the addresses of a buffer the size of the starting shape.') + outside;
}

/** A box's content width, measured once per render. */
function boxWidth(el: HTMLElement): number {
  let w = boxWidths.get(el);
  if (w === undefined) {
    const cs = getComputedStyle(el);
    w = Math.floor(el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight));
    boxWidths.set(el, w);
  }
  return w;
}

/** Colours of the page's theme (styles.css), read once for the canvases. */
let themeColours: Record<string, string> | null = null;
function theme(): Record<string, string> {
  if (themeColours) return themeColours;
  const cs = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  themeColours = {
    read: v('--read', '#dbe7ff'),
    unread: v('--unread', '#f1f2f5'),
    multi: v('--multi', '#e9d8fd'),
    hl: v('--hl', '#ffb020'),
    mask: v('--mask-fill', '#c9ced8'),
    accent: v('--accent', '#3b5bdb'),
    error: v('--error', '#b42318'),
    muted: v('--muted', '#5b6477'),
  };
  return themeColours;
}

/** The colour of reshape group n (styles.css's [data-group] rules), read from the element itself. */
function groupColour(el: HTMLElement, n: number): string {
  el.dataset['group'] = String(n);
  return getComputedStyle(el).getPropertyValue('--g').trim() || '#2563eb';
}

function paintStrip(snap: Snapshot, hlAddr: number | null): void {
  const dc = stripCanvas;
  if (!dc) return;
  dc.setHostWidth(boxWidth(byId('buffer')));
  const t = theme();
  const n = dc.layout.count;
  const fill = new Uint8Array(n); // 0 unread, 1 read, 2 read by several, 3 highlighted
  for (const [addr, list] of readers) if (addr >= 0 && addr < n) fill[addr] = list.length > 1 ? 2 : 1;
  if (hlAddr !== null && hlAddr >= 0 && hlAddr < n) fill[hlAddr] = 3;
  const outlines = [...denseMarks.brokenAddrs].map((index) => ({ index, colour: t.error!, width: 1.5 }));
  dc.paint({ palette: [t.unread!, t.read!, t.multi!, t.hl!], fill, outlines, bar: { index: snap.offset, colour: t.accent! } });
}

// ------------------------------------------------------------------------------------------ logical grid

function cellEl(snap: Snapshot, k: number): HTMLElement {
  const c: Cell = snap.cells![k]!;
  const multi = c.valid && (readers.get(c.linear)?.length ?? 0) > 1;
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
      cellEls[k] = el;
      row.append(el);
    }
    t.append(row);
  }
  return t;
}

function renderGrid(snap: Snapshot): void {
  const grid = byId('grid');
  byId('log-sub').textContent = snap.shape ? `shape ${formatList(snap.shape)}` : snap.shapeText;
  const note = byId('grid-note');
  note.textContent = snap.cellsNote ?? '';
  const shape = snap.shape;
  const dense = !!snap.cells && !!shape && snap.cells.length > DENSE_CELLS;
  grid.classList.toggle('dense', dense);
  if (dense) {
    renderDenseGrid(snap, shape!);
    const wrapped = gridCanvases[0]?.dc.layout.cols === 0 ? ' in C order, wrapped to the panel' : '';
    note.textContent = `${snap.cells!.length} elements: drawn small${wrapped}; point at a cell (or use the arrow keys) for its numbers.`;
    return;
  }
  gridCanvases = [];
  grid.replaceChildren();
  cellEls = [];
  if (!snap.cells || !shape || snap.cells.length === 0) return;
  const rank = shape.length;
  const n = (d: number) => idxName(d, rank);
  if (rank === 0) {
    const el = cellEl(snap, 0);
    cellEls[0] = el;
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
  cellEls = [];
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
  const same = gridCanvases.length === slabs && gridCanvases.every((g) => g.dc.sameLayout(layout));
  if (same) {
    for (const g of gridCanvases) g.dc.relabel(layout);
    return;
  }
  grid.replaceChildren();
  gridCanvases = [];
  const label = (lead: string) => `${rows} by ${cols} elements (${axes})${lead}, drawn small: blue ones read memory, grey ones are padding. Use the arrow keys for their numbers.`;
  if (rank <= 2) {
    const dc = new DenseCells(layout, { label: label(''), testid: 'logical-canvas' });
    gridCanvases.push({ dc, first: 0 });
    grid.append(dc.canvas);
    return;
  }
  const stack = h('div', { class: `stack dense rank${rank}` });
  for (let first = 0; first < snap.cells!.length; first += per) {
    const lead = snap.cells![first]!.idx.slice(0, rank - 2);
    const where = `[${[...lead, ':', ':'].join(', ')}]`;
    const dc = new DenseCells(layout, { label: label(` at ${where}`), testid: `logical-canvas-${lead.join('-')}` });
    gridCanvases.push({ dc, first });
    stack.append(h('figure', { class: 'slab' }, h('figcaption', {}, where), dc.canvas));
  }
  grid.append(stack);
}

function paintGrid(snap: Snapshot, hl: ReadonlySet<number>): void {
  if (gridCanvases.length === 0 || !snap.cells) return;
  const t = theme();
  const cells = snap.cells;
  let colour: string | null = null;
  let rowColour: string | null = null;
  for (const { dc, first } of gridCanvases) {
    if (dc.layout.cols === 0) dc.setHostWidth(boxWidth(byId('grid')));
    const n = dc.layout.count;
    const fill = new Uint8Array(n); // 0 padding, 1 reads memory, 2 shares its address, 3 highlighted
    const frames = denseMarks.group >= 0 ? new Uint8Array(n) : null;
    for (let i = 0; i < n; i++) {
      const c = cells[first + i];
      if (!c) continue;
      if (hl.has(first + i)) fill[i] = 3;
      else if (c.valid) fill[i] = (readers.get(c.linear)?.length ?? 0) > 1 ? 2 : 1;
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

// ------------------------------------------------------------------------------------------ highlights

function updateHighlights(): void {
  for (const el of document.querySelectorAll('.hl')) el.classList.remove('hl');
  const snap = currentSnap();
  const cells = snap.cells ?? [];
  const hlCells = new Set<number>();
  let hlAddr: number | null = null;
  if (focusCell !== null && cells[focusCell]) {
    hlCells.add(focusCell);
    const c = cells[focusCell]!;
    if (c.valid) hlAddr = c.linear;
  } else if (hoverAddr !== null) {
    hlAddr = hoverAddr;
    for (const k of readers.get(hoverAddr) ?? []) hlCells.add(k);
  }
  for (const k of hlCells) cellEls[k]?.classList.add('hl');
  if (hlAddr !== null) bufferEls.get(hlAddr)?.classList.add('hl');
  paintGrid(snap, hlCells);
  paintStrip(snap, hlAddr);
  renderFormula(snap);
  renderIteration(snap);
}

// ------------------------------------------------------------------------------------------ iteration

function validBefore(cells: Cell[], k: number): Cell | null {
  for (let p = k - 1; p >= 0; p--) if (cells[p]!.valid) return cells[p]!;
  return null;
}

function renderTrack(snap: Snapshot): void {
  const track = byId('track');
  const cells = snap.cells ?? [];
  const dense = cells.length > DENSE_CELLS;
  track.classList.toggle('dense', dense);
  // The dense row scrolls and has no buttons: the row itself takes the keyboard (arrows walk it).
  if (dense) track.tabIndex = 0;
  else track.removeAttribute('tabindex');
  if (dense) {
    // Thousands of elements: one small mark each on a canvas (painted by paintTrack); the numbers of
    // the current one are in the status line.
    const layout: DenseLayout = { count: cells.length, cols: 0, cellW: 6, cellH: 10, gap: 1 };
    if (!trackCanvas || !trackCanvas.sameLayout(layout)) {
      trackCanvas = new DenseCells(layout, { label: `the memory address read by each of the ${cells.length} elements, in logical order, drawn small`, testid: 'track-canvas' });
      track.replaceChildren(h('li', { class: 'dense-host' }, trackCanvas.canvas));
    }
    return;
  }
  trackCanvas = null;
  track.replaceChildren();
  const items: HTMLElement[] = [];
  for (const [k, c] of cells.entries()) {
    const prev = validBefore(cells, k);
    const jump = c.valid && prev ? c.linear - prev.linear : null;
    items.push(
      h(
        'li',
        { class: `tstep${c.valid ? '' : ' masked'}`, 'data-k': k },
        jump === null ? null : h('span', { class: `jump-label${jump === 1 ? ' unit' : ''}` }, jump >= 0 ? `+${jump}` : `${jump}`),
        h('button', { type: 'button', class: 'chip', tabindex: -1 }, h('span', { class: 'visually-hidden' }, `element ${k}: `), h('span', { class: 'chip-val' }, c.valid ? c.linear : 'pad')),
      ),
    );
  }
  track.append(...items);
}

function paintTrack(snap: Snapshot): void {
  const dc = trackCanvas;
  if (!dc || !snap.cells) return;
  dc.setHostWidth(boxWidth(byId('track')));
  const t = theme();
  const cells = snap.cells;
  const fill = new Uint8Array(dc.layout.count); // 0 padding, 1 reads memory, 2 the current element
  for (let k = 0; k < fill.length; k++) if (cells[k]?.valid) fill[k] = 1;
  if (iterPos !== null && iterPos < fill.length) fill[iterPos] = 2;
  const outlines = [...denseMarks.brokenSteps].map((index) => ({ index, colour: t.error!, width: 1.5 }));
  dc.paint({ palette: [t.mask!, t.read!, t.hl!], fill, outlines });
}

/** Scrolls `box` (not the page) so that the band [top, top + height) of its content is inside it. */
function keepVisible(box: HTMLElement, top: number, height: number): void {
  if (top < box.scrollTop) box.scrollTop = top;
  else if (top + height > box.scrollTop + box.clientHeight) box.scrollTop = top + height - box.clientHeight;
}

function renderIteration(snap: Snapshot): void {
  const cells = snap.cells ?? [];
  const status = byId('iter-status');
  for (const el of byId('track').querySelectorAll('.current')) el.classList.remove('current');
  paintTrack(snap);
  const svg = byId('jump') as unknown as SVGSVGElement;
  svg.replaceChildren();
  const play = byId<HTMLButtonElement>('iter-play');
  play.textContent = playTimer !== null ? '❚❚ Pause' : '▶ Play';
  play.setAttribute('aria-label', playTimer !== null ? 'Pause' : 'Play');
  for (const id of ['iter-reset', 'iter-prev', 'iter-play', 'iter-next']) {
    byId<HTMLButtonElement>(id).disabled = cells.length === 0;
  }
  if (cells.length === 0) {
    status.textContent = 'Nothing to walk.';
    return;
  }
  if (iterPos === null) {
    status.textContent = `Walk the ${cells.length} elements in logical (C) order and watch the jumps in memory.`;
    return;
  }
  const c = cells[iterPos]!;
  const track = byId('track');
  if (trackCanvas) {
    keepVisible(track, trackCanvas.canvas.offsetTop - track.offsetTop + trackCanvas.offsetTop(iterPos), trackCanvas.layout.cellH);
  } else {
    const chip = track.children[iterPos];
    chip?.classList.add('current');
    if (chip instanceof HTMLElement) keepVisible(track, chip.offsetTop - track.offsetTop, chip.offsetHeight);
  }
  const prev = validBefore(cells, iterPos);
  const where = `(${c.idx.join(', ')})`;
  if (!c.valid) {
    status.textContent = `element ${iterPos + 1} of ${cells.length}: ${where} is padding: nothing is read`;
    return;
  }
  const jump = prev ? c.linear - prev.linear : null;
  status.textContent =
    `element ${iterPos + 1} of ${cells.length}: ${where} reads address ${c.linear}` +
    (jump === null ? '' : ` · jump ${jump >= 0 ? '+' : ''}${jump}${jump === 1 ? ' (next in memory)' : ''}`);
  if (prev) drawJump(prev.linear, c.linear);
}

function drawJump(from: number, to: number): void {
  arc(byId('jump') as unknown as SVGSVGElement, from, to, 'arc');
}

/** Where the memory strip draws address `addr` (client coordinates), or null when it is not drawn. */
function addrRect(addr: number): { left: number; top: number; width: number } | null {
  const el = bufferEls.get(addr);
  if (el) return el.getBoundingClientRect();
  if (stripCanvas && addr >= 0 && addr < stripCanvas.layout.count) return stripCanvas.rect(addr);
  return null;
}

/** An arrow over the memory strip from address `from` to address `to`, drawn into `svg`. */
function arc(svg: SVGSVGElement, from: number, to: number, cls: string): void {
  const ra = addrRect(from);
  const rb = addrRect(to);
  if (!ra || !rb || from === to) return;
  const box = svg.getBoundingClientRect();
  const x1 = ra.left + ra.width / 2 - box.left;
  const y1 = ra.top - box.top + 2;
  const x2 = rb.left + rb.width / 2 - box.left;
  const y2 = rb.top - box.top + 2;
  const lift = Math.min(26, 10 + Math.abs(x2 - x1) / 12);
  const cy = Math.min(y1, y2) - lift;
  const id = `${svg.id}-arrow`;
  if (!svg.querySelector('defs')) {
    const defs = svgEl('defs');
    const marker = svgEl('marker', { id, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
    marker.append(svgEl('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }));
    defs.append(marker);
    svg.prepend(defs);
  }
  svg.append(svgEl('path', { d: `M ${x1} ${y1} Q ${(x1 + x2) / 2} ${cy} ${x2} ${y2}`, class: cls, 'marker-end': `url(#${id})` }));
}

function step(delta: number): void {
  const n = currentSnap().cells?.length ?? 0;
  if (n === 0) return;
  iterPos = iterPos === null ? (delta >= 0 ? 0 : n - 1) : Math.min(n - 1, Math.max(0, iterPos + delta));
  focusCell = iterPos;
  hoverAddr = null;
  updateHighlights();
}

function stopPlay(): void {
  if (playTimer !== null) {
    window.clearInterval(playTimer);
    playTimer = null;
  }
}

function togglePlay(): void {
  if (playTimer !== null) {
    stopPlay();
    updateHighlights();
    return;
  }
  const n = currentSnap().cells?.length ?? 0;
  if (n === 0) return;
  if (iterPos === null || iterPos >= n - 1) iterPos = -1;
  playTimer = window.setInterval(() => {
    if (iterPos !== null && iterPos >= n - 1) {
      stopPlay();
      updateHighlights();
      return;
    }
    step(1);
  }, 700);
  step(1);
}

// ------------------------------------------------------------------------------------------ controls

function renderVars(): void {
  const box = byId('vars');
  box.replaceChildren();
  for (const v of base.vars) {
    const id = (s: string) => `var-${v.name}-${s}`;
    const num = (s: string, label: string, value: number | null, extra: Record<string, string | number> = {}) =>
      h(
        'span',
        { class: 'field' },
        h('label', { for: id(s) }, label),
        h('input', { id: id(s), 'data-testid': id(s), type: 'number', inputmode: 'numeric', value: value ?? '', ...extra }),
      );
    const fs = h(
      'fieldset',
      { class: 'var' },
      h('legend', {}, 'variable ', h('code', {}, v.name), v.value === null ? ' (unbound)' : ` = ${v.value}`),
      h('div', { class: 'var-row' }, num('min', 'min', v.min, { min: 0 }), num('max', 'max', v.max, { min: 0 })),
      h(
        'form',
        { class: 'var-row bind', 'data-var': v.name },
        num('value', 'value', v.value ?? Math.min(Math.max(3, v.min), v.max)),
        h('button', { type: 'submit', 'data-testid': id('bind') }, 'Bind'),
        h('button', { type: 'button', 'data-testid': id('unbind'), disabled: v.value === null }, 'Unbind'),
      ),
    );
    box.append(fs);
    const minEl = fs.querySelector<HTMLInputElement>(`#${id('min')}`)!;
    const maxEl = fs.querySelector<HTMLInputElement>(`#${id('max')}`)!;
    const bounds = () => changeVar(v.name, { min: Number(minEl.value), max: Number(maxEl.value), value: null });
    minEl.addEventListener('change', bounds);
    maxEl.addEventListener('change', bounds);
    fs.querySelector('form')!.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const raw = fs.querySelector<HTMLInputElement>(`#${id('value')}`)!.value.trim();
      if (!/^-?\d+$/.test(raw)) {
        showError(`Sym.bind(${v.name})`, toShownError(new InputError(`"${raw}" is not an integer`)));
        return;
      }
      bindVar(v.name, Number(raw));
    });
    fs.querySelector(`[data-testid="${id('unbind')}"]`)!.addEventListener('click', () => bindVar(v.name, null));
  }
}

function buildOps(): void {
  const box = byId('ops');
  for (const op of OP_UI) {
    const inputId = `op-${op.name}-input`;
    const helpId = `op-${op.name}-help`;
    const form = h(
      'form',
      { class: 'op', 'data-op': op.name },
      op.input
        ? h('label', { for: inputId, class: 'op-name' }, h('code', {}, op.call), h('span', { class: 'visually-hidden' }, ` ${op.input.label}`))
        : h('span', { class: 'op-name' }, h('code', {}, `${op.call}()`)),
      op.input
        ? h('input', {
            id: inputId,
            'data-testid': inputId,
            value: op.input.value,
            placeholder: op.input.placeholder,
            autocomplete: 'off',
            spellcheck: 'false',
            'aria-describedby': helpId,
          })
        : h('span', { class: 'op-spacer' }),
      h('button', { type: 'submit', 'data-testid': `op-${op.name}`, 'aria-label': `Apply ${op.call}`, 'aria-describedby': helpId }, 'Apply'),
      op.name === 'reshape'
        ? h(
            'label',
            { class: 'check' },
            h('input', { type: 'checkbox', id: 'op-reshape-nocopy', 'data-testid': 'op-reshape-nocopy' }),
            ' view only (',
            h('code', {}, 'copy: false'),
            ')',
          )
        : null,
      h('p', { class: 'help op-help', id: helpId }, op.help),
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const arg = form.querySelector<HTMLInputElement>(`#${inputId}`)?.value ?? '';
      const spec: OpSpec = { name: op.name, arg };
      if (op.name === 'reshape' && byId<HTMLInputElement>('op-reshape-nocopy').checked) spec.noCopy = true;
      applyFromUi(spec);
    });
    box.append(form);
  }
}

/** One help line for all ops, in a space reserved below them: pointing at an op never moves the layout. */
function wireHelp(): void {
  const live = byId('op-help-live');
  const idle = live.textContent ?? '';
  const show = (form: Element | null) => {
    const help = form?.querySelector('.op-help');
    live.textContent = help?.textContent ?? idle;
  };
  const ops = byId('ops');
  ops.addEventListener('mouseover', (ev) => show((ev.target as Element).closest('form.op')));
  ops.addEventListener('focusin', (ev) => show((ev.target as Element).closest('form.op')));
  ops.addEventListener('mouseleave', () => show(ops.querySelector('form.op:focus-within')));
}

function renderOpsEnabled(kind: Snapshot['kind']): void {
  for (const form of byId('ops').querySelectorAll<HTMLFormElement>('form.op')) {
    const name = form.dataset['op'] as OpSpec['name'];
    const ok = supports(kind, name);
    form.classList.toggle('disabled', !ok);
    for (const c of form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')) c.disabled = !ok;
    form.title = ok ? '' : 'An array operation: a symbolic view has no memory (start from integers to use it).';
  }
}

function renderHistory(): void {
  const list = byId('history');
  list.replaceChildren();
  steps.forEach((s, n) => {
    const shape = shapeText(s.subject);
    list.append(
      h(
        'li',
        { class: n === cursor ? 'now' : n > cursor ? 'future' : '' },
        h(
          'button',
          {
            type: 'button',
            'data-testid': `history-step-${n}`,
            'aria-current': n === cursor ? 'step' : null,
            'data-step': n,
          },
          h('code', {}, s.op ? `.${callText(s.op)}` : baseCall(base)),
          shape && s.op ? h('span', { class: 'hshape' }, ` → ${shape}`) : null,
          s.note ? h('span', { class: 'tag' }, s.note) : null,
        ),
      ),
    );
  });
  byId<HTMLButtonElement>('hist-back').disabled = cursor === 0;
  byId<HTMLButtonElement>('hist-fwd').disabled = cursor >= steps.length - 1;
}

/**
 * The URL holds the view (shareable). Writing it (history.replaceState) blocks the page for 5-20 ms in
 * Chromium, so it waits until the frame that shows the change has been drawn, once for a burst of ops.
 */
let urlPending = false;
function updateUrl(): void {
  if (urlPending) return;
  urlPending = true;
  requestAnimationFrame(() => setTimeout(() => urlPending && writeUrl(), 0));
}

function writeUrl(): void {
  urlPending = false;
  if (practiceNumber(location.hash) !== null) return;
  const hash = encodeState(urlState());
  lastHash = hash;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

function render(): void {
  boxWidths.clear();
  const snap = currentSnap();
  renderReadouts(snap);
  renderBuffer(snap);
  renderGrid(snap);
  renderTrack(snap);
  renderVars();
  renderOpsEnabled(snap.kind);
  renderHistory();
  renderDerivation();
  renderReshape(snap);
  renderCode(snap);
  byId<HTMLInputElement>('base-shape').value = base.dims.join(', ');
  document.body.dataset['kind'] = snap.kind;
  updateHighlights();
  updateUrl();
}


// ------------------------------------------------------------------------------------------ derivation

/** The reshape analysis of step n (a reshape step), asked from the engine once. */
function stepAnalysis(n: number): ReshapeAnalysis | null {
  const s = steps[n];
  if (!s || s.op?.name !== 'reshape' || n === 0) return null;
  if (s.analysis === undefined) s.analysis = analyseReshape(steps[n - 1]!.subject, s.op.arg);
  return s.analysis;
}

function snapOf(n: number): Snapshot {
  const s = steps[n]!;
  if (!s.snap) s.snap = snapshot(s.subject);
  return s.snap;
}

function renderDerivation(): void {
  const box = byId('derivation');
  box.replaceChildren();
  const s = current();
  if (!s.op) {
    const snap = currentSnap();
    box.append(
      h('h3', {}, `Step 0: ${baseCall(base)}`),
      h('p', { class: 'dsum', 'data-testid': 'derivation-summary' }, 'The starting buffer, read in C (row-major) order: the last stride is 1, each stride to its left is the product of the sizes to its right.'),
      h('p', { class: 'dview', 'data-testid': 'derivation-after' }, h('b', {}, 'view '), viewLine(snap)),
    );
    return;
  }
  const before = snapOf(cursor - 1);
  const after = currentSnap();
  let d;
  try {
    d = derive(s.op, before, after, s.copied, stepAnalysis(cursor));
  } catch (e) {
    d = { summary: toShownError(e).message, lines: [] };
  }
  box.append(
    h('h3', {}, `Step ${cursor}: `, h('code', {}, `.${callText(s.op)}`)),
    h('p', { class: 'dsum', 'data-testid': 'derivation-summary' }, d.summary),
    h('p', { class: 'dview', 'data-testid': 'derivation-before' }, h('b', {}, 'before '), viewLine(before)),
    h('ul', { class: 'dlines' }, ...d.lines.map((l) => h('li', { 'data-testid': 'derivation-line' }, l))),
    h('p', { class: 'dview', 'data-testid': 'derivation-after' }, h('b', {}, 'after '), viewLine(after)),
  );
}

// ------------------------------------------------------------------------------------------ reshape analysis

const GROUP_COLOURS = 6;

/** The analysis to draw now: a refused reshape (the grid shows its input) or the current reshape step. */
function shownReshape(): { op: OpSpec; r: ReshapeAnalysis; onInput: boolean } | null {
  if (refused?.analysis) return { op: refused.op, r: refused.analysis, onInput: true };
  const s = current();
  const r = stepAnalysis(cursor);
  if (s.op?.name === 'reshape' && r) return { op: s.op, r, onInput: false };
  return null;
}

/** Cells where walking the input in C order crosses the blocking pair: the jump that breaks the merge. */
function brokenSteps(cells: Cell[], axes: [number, number]): number[] {
  const [i, j] = axes;
  const out: number[] = [];
  for (const [k, c] of cells.entries()) {
    if (k === 0 || !c.valid) continue;
    if (c.idx[j] === 0 && c.idx[i]! > 0 && c.idx.slice(j + 1).every((x) => x === 0)) out.push(k);
  }
  return out;
}

function renderReshape(snap: Snapshot): void {
  const card = byId('reshape-card');
  const body = byId('reshape-body');
  const verdict = byId('reshape-verdict');
  body.replaceChildren();
  for (const el of document.querySelectorAll('[data-group]')) el.removeAttribute('data-group');
  for (const el of document.querySelectorAll('.bcell.broken-from, .bcell.broken-to, .tstep.broken')) el.classList.remove('broken-from', 'broken-to', 'broken');
  byId('broken-jump').replaceChildren();
  denseMarks.group = -1;
  denseMarks.rowGroup = -1;
  denseMarks.brokenAddrs.clear();
  denseMarks.brokenSteps.clear();
  const shown = shownReshape();
  card.hidden = !shown;
  if (!shown) return;
  const { op, r, onInput } = shown;
  const inShape = onInput ? snap.shape : snapOf(cursor - 1).shape;
  const inStrides = onInput ? snap.strides : snapOf(cursor - 1).strides;
  verdict.textContent = r.view ? 'is a view' : 'needs a copy';
  verdict.className = r.view ? 'ok' : 'bad';
  card.dataset['view'] = String(r.view);
  body.append(h('p', { class: 'rtext', 'data-testid': 'reshape-text' }, r.text));

  // The groups: which input dims become which output dims, each in its colour.
  const groups = h('ol', { class: 'rgroups', 'data-testid': 'reshape-groups' });
  r.groups.forEach((g, n) => {
    const ins = g.input.map((d) => `dim ${d} (${inShape?.[d]} @ stride ${inStrides?.[d]})`).join(' + ');
    const outs = g.output.map((d) => `dim ${d} (${r.target[d]})`).join(' + ');
    groups.append(
      h('li', { class: `rgroup g${n % GROUP_COLOURS}`, 'data-testid': `reshape-group-${n}`, 'data-input': JSON.stringify(g.input), 'data-output': JSON.stringify(g.output) }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), `input ${ins || '(size-1 dims)'} → output ${outs || '(size-1 dims)'}`),
    );
  });
  body.append(h('h3', {}, `Groups: ${formatList(inShape ?? [])} → ${formatList(r.target)}`), groups);

  // Colour the grid: cells by the group of their row axis (its merged run), axis labels by group.
  const rank = (onInput ? inShape : snap.shape)?.length ?? 0;
  const groupOf = (d: number) => r.groups.findIndex((g) => (onInput ? g.input : g.output).includes(d));
  if (rank >= 1) {
    const col = groupOf(rank - 1);
    const row = rank >= 2 ? groupOf(rank - 2) : -1;
    for (const el of byId('grid').querySelectorAll<HTMLElement>('.colh')) if (col >= 0) el.dataset['group'] = String(col % GROUP_COLOURS);
    for (const el of byId('grid').querySelectorAll<HTMLElement>('.rowh')) if (row >= 0) el.dataset['group'] = String(row % GROUP_COLOURS);
    for (const el of cellEls) if (el && col >= 0) el.dataset['group'] = String(col % GROUP_COLOURS);
    denseMarks.group = col >= 0 ? col % GROUP_COLOURS : -1;
    denseMarks.rowGroup = row >= 0 ? row % GROUP_COLOURS : -1;
  }

  if (r.blocking) {
    const b = r.blocking;
    const [i, j] = b.axes;
    body.append(
      h(
        'p',
        { class: 'rblock', 'data-testid': 'reshape-blocking', 'data-axes': JSON.stringify(b.axes), 'data-strides': JSON.stringify(b.strides) },
        h('b', {}, `dims ${i} and ${j} cannot merge: `),
        `the rule is stride[${i}] = stride[${j}] · shape[${j}], here ${b.strides[0]} ≠ ${b.strides[1]} · ${b.shapes[1]} = ${b.expected ?? 'more than 2^53−1'}. `,
        `Walking the elements in order, each step inside dim ${j} moves ${b.strides[1]} in memory, but going on to the next index of dim ${i} moves `,
        h('b', {}, `${b.strides[0] - (b.shapes[1]! - 1) * b.strides[1]}`),
        ` instead of ${b.strides[1]}: one stride cannot describe both (marked red on the memory strip and the iteration row).`,
      ),
    );
    if (onInput && snap.cells) {
      const ks = brokenSteps(snap.cells, b.axes);
      const chips = byId('track').children;
      for (const k of ks) {
        const c = snap.cells[k]!;
        const prev = validBefore(snap.cells, k);
        if (trackCanvas) denseMarks.brokenSteps.add(k);
        else {
          chips[k]?.classList.add('broken');
          chips[k]?.setAttribute('title', `jump ${c.linear - (prev?.linear ?? 0)}: one stride would need +${b.strides[1]}`);
        }
        if (prev) {
          bufferEls.get(prev.linear)?.classList.add('broken-from');
          bufferEls.get(c.linear)?.classList.add('broken-to');
          if (stripCanvas) denseMarks.brokenAddrs.add(prev.linear).add(c.linear);
        }
      }
      card.dataset['broken'] = String(ks.length);
      requestAnimationFrame(() => drawBroken(snap, ks));
    }
  }
  if (r.maskBlocking) {
    body.append(
      h(
        'p',
        { class: 'rblock', 'data-testid': 'reshape-mask-blocking' },
        h('b', {}, 'the mask is in the way: '),
        `input dims [${r.maskBlocking.input.join(', ')}] → output dims [${r.maskBlocking.output.join(', ')}]: the valid (unpadded) cells would not form one box of the result, and a mask can only describe boxes.`,
      ),
    );
  }
  const ac = r.afterContiguous;
  if (ac && !r.view) {
    const cs = ac.analysis?.view ? `a view with strides ${formatList(ac.strides)}` : 'still not a view';
    body.append(
      h(
        'p',
        { class: 'rfix', 'data-testid': 'reshape-after-contiguous' },
        h('b', {}, 'After contiguous(): '),
        `the elements are copied in logical order, so the strides become C order for ${formatList(inShape ?? [])}; then reshape(${formatList(r.target)}) is ${cs}.`,
      ),
    );
    if (onInput) {
      const fix = h('button', { type: 'button', 'data-testid': 'reshape-fix' }, 'Apply contiguous(), then the reshape');
      fix.addEventListener('click', () => {
        const again = { ...op };
        delete again.noCopy;
        if (pushOp({ name: 'contiguous', arg: '' })) pushOp(again);
        resetView();
        render();
      });
      body.append(fix);
    }
  }
}

function drawBroken(snap: Snapshot, ks: number[]): void {
  const svg = byId('broken-jump') as unknown as SVGSVGElement;
  svg.replaceChildren();
  if (!snap.cells) return;
  for (const k of ks.slice(0, 8)) {
    const prev = validBefore(snap.cells, k);
    if (prev) arc(svg, prev.linear, snap.cells[k]!.linear, 'arc bad');
  }
}

// ------------------------------------------------------------------------------------------ code

function codeSteps(): CodeStep[] {
  return steps.slice(1, cursor + 1).map((s, i) => ({ op: s.op!, shapeBefore: snapOf(i).shape, copied: s.copied }));
}

function renderCode(snap: Snapshot): void {
  const tabs = byId('code-tabs');
  if (!tabs.children.length) {
    for (const d of DIALECTS) {
      const t = h('button', { type: 'button', role: 'tab', id: `code-tab-${d.id}`, 'data-testid': `code-tab-${d.id}`, 'aria-controls': 'code-panel-body', 'data-dialect': d.id }, d.label);
      tabs.append(t);
    }
  }
  for (const t of tabs.querySelectorAll<HTMLButtonElement>('[role="tab"]')) {
    const on = t.dataset['dialect'] === dialect;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
  }
  byId('code-panel-body').setAttribute('aria-labelledby', `code-tab-${dialect}`);
  const code = chainCode(dialect, base, codeSteps(), snap.strides, demoItemSize());
  byId('code-text').textContent = code;
  byId('code-text').dataset['dialect'] = dialect;
  const st = byId('code-strides');
  if (snap.strides) {
    const bytes = snap.strides.map((x) => x * demoItemSize());
    st.textContent = `strides: strideview ${formatList(snap.strides)} in elements · NumPy (${bytes.join(', ')}${bytes.length === 1 ? ',' : ''}) in bytes (int32: ${demoItemSize()} bytes each) · PyTorch (${snap.strides.join(', ')}${snap.strides.length === 1 ? ',' : ''}) in elements`;
    st.dataset['elements'] = JSON.stringify(snap.strides);
    st.dataset['bytes'] = JSON.stringify(bytes);
  } else {
    st.textContent = 'Bind the variables to see the strides.';
  }
}

function wireCode(): void {
  const tabs = byId('code-tabs');
  tabs.addEventListener('click', (ev) => {
    const t = (ev.target as Element).closest<HTMLElement>('[data-dialect]');
    if (!t) return;
    dialect = t.dataset['dialect'] as Dialect;
    renderCode(currentSnap());
  });
  tabs.addEventListener('keydown', (ev) => {
    const order = DIALECTS.map((d) => d.id);
    const i = order.indexOf(dialect);
    let j = i;
    if (ev.key === 'ArrowRight') j = (i + 1) % order.length;
    else if (ev.key === 'ArrowLeft') j = (i + order.length - 1) % order.length;
    else if (ev.key === 'Home') j = 0;
    else if (ev.key === 'End') j = order.length - 1;
    else return;
    ev.preventDefault();
    dialect = order[j]!;
    renderCode(currentSnap());
    byId(`code-tab-${dialect}`).focus();
  });
  byId('code-copy').addEventListener('click', async () => {
    const note = byId('code-note');
    const text = byId('code-text').textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      note.textContent = 'Code copied.';
    } catch {
      // No clipboard permission (an http page, a test browser): select the code for Ctrl+C instead.
      const range = document.createRange();
      range.selectNodeContents(byId('code-text'));
      const sel = getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      note.textContent = 'The code is selected: press Ctrl+C (or ⌘C) to copy it.';
    }
  });
}

// ------------------------------------------------------------------------------------------ screens

function practiceNumber(hash: string): number | null {
  const m = /^#?practice(?:=(\d+))?$/.exec(hash);
  return m ? Number(m[1] ?? 1) : null;
}

/** Shows the screen the hash names: practice (#practice=N) or the explorer. Returns true for practice. */
function route(): boolean {
  const n = practiceNumber(location.hash);
  byId('explore').hidden = n !== null;
  byId('practice').hidden = n === null;
  document.body.dataset['screen'] = n === null ? 'explore' : 'practice';
  byId('nav-explore').setAttribute('aria-current', n === null ? 'page' : 'false');
  byId('nav-practice').setAttribute('aria-current', n === null ? 'false' : 'page');
  if (n !== null) {
    stopPlay();
    renderPractice(byId('practice'), n);
    document.title = `strideview practice: exercise ${n}`;
  } else {
    document.title = 'strideview: how a strided view reads memory';
  }
  return n !== null;
}

// ------------------------------------------------------------------------------------------ events

function wireEvents(): void {
  byId('base-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    setBase(byId<HTMLInputElement>('base-shape').value);
  });
  for (const b of document.querySelectorAll<HTMLButtonElement>('[data-preset]')) {
    b.addEventListener('click', () => {
      const state = structuredClone(PRESETS[b.dataset['preset']!]!);
      if (practiceNumber(location.hash) !== null) {
        // From the practice screen, a preset opens the explorer on it.
        history.pushState(null, '', encodeState(state));
        route();
      }
      rebuild(state);
    });
  }
  byId('hist-back').addEventListener('click', () => goTo(cursor - 1));
  byId('hist-fwd').addEventListener('click', () => goTo(cursor + 1));
  byId('history').addEventListener('click', (ev) => {
    const b = (ev.target as Element).closest<HTMLElement>('[data-step]');
    if (b) goTo(Number(b.dataset['step']));
  });
  byId('share').addEventListener('click', async () => {
    const note = byId('share-note');
    try {
      if (urlPending) writeUrl();
      await navigator.clipboard.writeText(location.href);
      note.textContent = 'Link copied: it reopens this exact view.';
    } catch {
      note.textContent = 'Copy the address bar: the URL holds this exact view.';
    }
  });
  document.addEventListener('keydown', (ev) => {
    if (!ev.altKey) return;
    if (ev.key === 'ArrowLeft') goTo(cursor - 1);
    else if (ev.key === 'ArrowRight') goTo(cursor + 1);
  });

  const grid = byId('grid');
  grid.addEventListener('mouseover', (ev) => {
    const el = (ev.target as Element).closest<HTMLElement>('[data-k]');
    if (!el) return;
    focusCell = Number(el.dataset['k']);
    hoverAddr = null;
    updateHighlights();
  });
  grid.addEventListener('mousemove', (ev) => {
    const g = gridCanvases.find((x) => x.dc.canvas === ev.target);
    const i = g?.dc.hit(ev.clientX, ev.clientY);
    if (!g || i === null || i === undefined || g.first + i === focusCell) return;
    focusCell = g.first + i;
    hoverAddr = null;
    updateHighlights();
  });
  grid.addEventListener('mouseleave', () => {
    focusCell = iterPos;
    updateHighlights();
  });
  grid.addEventListener('keydown', (ev) => {
    const snap = currentSnap();
    const n = snap.cells?.length ?? 0;
    if (n === 0) return;
    const row = snap.shape && snap.shape.length > 0 ? snap.shape[snap.shape.length - 1]! : 1;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: row, ArrowUp: -row };
    let k = focusCell ?? -1;
    if (ev.key in moves) k = focusCell === null ? 0 : k + moves[ev.key]!;
    else if (ev.key === 'Home') k = 0;
    else if (ev.key === 'End') k = n - 1;
    else if (ev.key === 'Escape') k = -1;
    else return;
    ev.preventDefault();
    focusCell = k < 0 ? null : Math.min(n - 1, k);
    hoverAddr = null;
    updateHighlights();
  });
  grid.addEventListener('focus', () => {
    if (focusCell === null && (currentSnap().cells?.length ?? 0) > 0) {
      focusCell = 0;
      updateHighlights();
    }
  });

  const strip = byId('buffer');
  strip.addEventListener('mouseover', (ev) => {
    const el = (ev.target as Element).closest<HTMLElement>('[data-addr]');
    if (!el) return;
    hoverAddr = Number(el.dataset['addr']);
    focusCell = null;
    updateHighlights();
  });
  strip.addEventListener('mousemove', (ev) => {
    if (!stripCanvas || ev.target !== stripCanvas.canvas) return;
    const addr = stripCanvas.hit(ev.clientX, ev.clientY);
    if (addr === null || (addr === hoverAddr && focusCell === null)) return;
    hoverAddr = addr;
    focusCell = null;
    updateHighlights();
  });
  strip.addEventListener('mouseleave', () => {
    hoverAddr = null;
    focusCell = iterPos;
    updateHighlights();
  });

  byId('track').addEventListener('click', (ev) => {
    const li = (ev.target as Element).closest<HTMLElement>('[data-k]');
    const k = trackCanvas && ev.target === trackCanvas.canvas ? trackCanvas.hit(ev.clientX, ev.clientY) : li ? Number(li.dataset['k']) : null;
    if (k === null) return;
    stopPlay();
    iterPos = k;
    focusCell = iterPos;
    updateHighlights();
  });
  byId('track').addEventListener('keydown', (ev) => {
    if (!trackCanvas) return;
    const n = currentSnap().cells?.length ?? 0;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: trackCanvas.drawnColumns, ArrowUp: -trackCanvas.drawnColumns, Home: -n, End: n };
    if (!(ev.key in moves)) return;
    ev.preventDefault();
    stopPlay();
    step(moves[ev.key]!);
  });
  byId('iter-next').addEventListener('click', () => {
    stopPlay();
    step(1);
  });
  byId('iter-prev').addEventListener('click', () => {
    stopPlay();
    step(-1);
  });
  byId('iter-reset').addEventListener('click', () => {
    stopPlay();
    iterPos = null;
    focusCell = null;
    step(1);
  });
  byId('iter-play').addEventListener('click', togglePlay);

  window.addEventListener('pagehide', () => urlPending && writeUrl());
  window.addEventListener('hashchange', () => {
    urlPending = false; // the address bar (or back/forward) changed the URL: it wins over a pending write
    if (route()) return;
    if (location.hash === lastHash) return;
    const s = decodeState(location.hash);
    if (s) rebuild(s);
    else if (!location.hash || location.hash === '#') updateUrl();
  });
  window.addEventListener('resize', () => {
    boxWidths.clear();
    updateHighlights();
    const r = shownReshape();
    if (r) renderReshape(currentSnap());
  });
  wireCode();
  wireHelp();
}

// ------------------------------------------------------------------------------------------ start

async function main(): Promise<void> {
  const status = byId('engine-status');
  buildOps();
  wireEvents();
  try {
    await loadEngine();
  } catch (e) {
    status.textContent = 'The WebAssembly engine failed to load.';
    showError('loading the engine', toShownError(e));
    document.body.dataset['ready'] = 'error';
    return;
  }
  status.textContent = 'Engine ready: every number below comes from WebAssembly.';
  status.classList.add('ok');
  const practice = practiceNumber(location.hash) !== null;
  rebuild((practice ? null : decodeState(location.hash)) ?? structuredClone(DEFAULT_STATE));
  route();
  document.body.dataset['ready'] = 'true';
}

void main();
