// <stride-view>: a live strided view for any page, no build step.
//
//   <script type="module" src="https://…/strideview/dist/element.mjs"></script>
//   <stride-view shape="3,4" ops="transpose; slice ::-1, 1:3"></stride-view>
//   <stride-view data="[[1.5, 2], [3, 4]]" dtype="float32" ops="transpose"></stride-view>
//
// Renders the memory strip (the buffer, in address order) and the logical grid (the view, in
// index order) with hover/focus linking between them, masked cells hatched, and the view's shape,
// strides, offset and mask, inside a shadow root (styles encapsulated). Every number comes from the
// engine (the ops, strides, offset and mask; each cell's address by one gather through the view);
// this file only draws (element_data.ts reads the data and writes each element's text). Errors in
// `data`, `dtype`, `shape` or `ops` are shown as text inside the element and dispatched as an
// `error` event, never thrown.
import { fromNdarrayLike, init, NDArray, tidy } from './index.js';
import { applyOps } from './opchain.js';
import { formatElements, InputError, list, MAX_BASE, parseDType, startArray } from './element_data.js';

export {
  applyOps,
  applyOp,
  parseOps,
  parseIntList,
  parseDimList,
  parsePairList,
  OpChainError,
  OP_CHAIN_NAMES,
  type OpStep,
  type OpStepSpec,
  type ApplyOpsOptions,
  type OpChainName,
} from './opchain.js';

/** Largest number of elements a <stride-view> starts from (its `shape`, or its `data`). */
export const STRIDE_VIEW_MAX_BASE = MAX_BASE;
/** Largest number of logical cells drawn (a 64x64 view). */
export const STRIDE_VIEW_MAX_CELLS = 4096;

/** Detail of the `error` event a <stride-view> dispatches when its data, dtype, shape or ops fail. */
export interface StrideViewErrorDetail {
  message: string;
  /** StrideViewError code from the engine, or 'input' for malformed attribute text or data. */
  code: string;
}

interface Drawn {
  dtype: string;
  shape: number[];
  strides: number[];
  offset: number;
  mask: Array<[number, number]> | null;
  contiguous: boolean;
  copied: boolean;
  memory: string[];
  cells: { idx: number[]; addr: number; valid: boolean; value: string | null }[];
}

const STYLE = `
:host { display: block; font: 14px/1.4 system-ui, sans-serif; color: #1a1a1a; }
:host([hidden]) { display: none; }
.sv { display: grid; gap: 0.6em; }
.facts { display: flex; flex-wrap: wrap; gap: 0.2em 1.2em; margin: 0; font-family: ui-monospace, monospace; font-size: 13px; }
.facts div { display: flex; gap: 0.4em; }
.facts dt { color: #4a4a4a; }
.facts dd { margin: 0; }
h3 { margin: 0.2em 0 0.1em; font-size: 13px; font-weight: 600; color: #333; }
.strip, .grid { display: inline-grid; gap: 2px; font-family: ui-monospace, monospace; font-size: 12px; }
.strip { display: flex; flex-wrap: wrap; }
.scroll { contain: content; }
.scroll { overflow-x: auto; max-width: 100%; padding: 2px; }
.row { display: contents; }
.cell { min-width: 2.2em; height: 2em; box-sizing: border-box; display: block; text-align: center; line-height: calc(2em - 2px);
  border: 1px solid #8a8a8a; background: #fff; border-radius: 3px; padding: 0 3px; overflow: hidden; }
.strip .cell { display: flex; flex-direction: column; justify-content: center; height: 2.6em; line-height: 1.1; }
.strip .addr { font-size: 10px; color: #4a4a4a; }
.unused { background: #ececec; color: #4a4a4a; border-style: dashed; }
.masked { background: repeating-linear-gradient(45deg, #fff 0 4px, #c9c9c9 4px 6px); color: #333; }
.linked { background: #ffd54f; border-color: #7a5a00; color: #000; }
.masked.linked { background: repeating-linear-gradient(45deg, #ffd54f 0 4px, #c9a200 4px 6px); }
.cell:focus { outline: 2px solid #0b57d0; outline-offset: 1px; }
.slab { display: inline-block; margin: 0 1em 0.4em 0; vertical-align: top; }
.slab-label { font-family: ui-monospace, monospace; font-size: 11px; color: #4a4a4a; }
.error { color: #a00000; margin: 0; font-family: ui-monospace, monospace; white-space: pre-wrap; }
.note { color: #4a4a4a; margin: 0; font-size: 12px; }
`;

/** What a <stride-view> starts from: its data (undefined: arange), shape and dtype texts, ops. */
interface Source {
  data: unknown;
  shape: string | null;
  dtype: string | null;
  ops: string;
}

/** Everything drawn, read from the engine in one synchronous pass (arrays disposed by tidy). */
function compute(src: Source): Drawn {
  const dtype = parseDType(src.dtype);
  return tidy(() => {
    const base = startArray(src.data, src.shape, dtype);
    const r = applyOps(base, src.ops);
    const owner = r.base ?? r;
    const v = r.view;
    const rs = r.shape;
    const numel = r.size;
    if (numel > STRIDE_VIEW_MAX_CELLS) {
      throw new InputError(`the result ${list(rs)} has ${numel} elements; <stride-view> draws at most ${STRIDE_VIEW_MAX_CELLS}`);
    }
    const memory = formatElements(owner);
    // The address of every valid cell, by one gather in the engine: a buffer of addresses 0..len-1
    // read through the view's shape, strides and offset. A masked view is read through its valid
    // box (View.shrink to the mask, which the engine turns into an unmasked view); a cell is valid
    // when its index lies in the mask's [start, end) ranges (the documented meaning of View.mask).
    const mask = v.mask;
    const lo = mask ? mask.map(([a]) => a) : rs.map(() => 0);
    const box = mask ? mask.map(([a, b]) => b - a) : rs;
    const boxN = box.reduce((p, x) => p * x, 1);
    let addrs: ArrayLike<number> = [];
    if (boxN > 0) {
      const bv = mask ? v.shrink(mask) : v;
      const ids = new Int32Array(memory.length);
      for (let i = 0; i < ids.length; i++) ids[i] = i;
      addrs = fromNdarrayLike({ data: ids, shape: box, strides: bv.strides as number[], offset: bv.offset }).toTypedArray() as Int32Array;
    }
    const cells: Drawn['cells'] = [];
    const idx = rs.map(() => 0);
    for (let k = 0; k < numel; k++) {
      let valid = boxN > 0;
      let at = 0;
      for (let d = 0; d < rs.length && valid; d++) {
        const j = idx[d]! - lo[d]!;
        valid = j >= 0 && j < box[d]!;
        at = at * box[d]! + j;
      }
      const addr = valid ? addrs[at]! : -1;
      cells.push({ idx: idx.slice(), addr, valid, value: valid ? (memory[addr] ?? null) : null });
      for (let d = rs.length - 1; d >= 0; d--) {
        if (++idx[d]! < rs[d]!) break;
        idx[d] = 0;
      }
    }
    return {
      dtype: r.dtype,
      shape: rs,
      strides: r.strides,
      offset: v.offset,
      mask: v.mask ? v.mask.map(([a, b]) => [a, b] as [number, number]) : null,
      contiguous: r.isCContiguous,
      copied: (owner as NDArray) !== ((base.base ?? base) as NDArray),
      memory,
      cells,
    };
  });
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// HTMLElement does not exist in Node: the module still loads there (for applyOps).
const Base = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/**
 * The `<stride-view>` custom element. Attributes: `data` (the starting array's elements as JSON:
 * nested lists of numbers, or true/false; NaN, Infinity and -Infinity are allowed), `dtype` (any
 * dtype name; by default NumPy's choice for the data: bool, int64 when every element is an integer,
 * else float64), `shape` (without `data`: `arange` over this shape, default "3,4", in `dtype`,
 * default int32; with `data`: the data reshaped to it) and `ops` (an op chain, see
 * {@link parseOps}). Re-renders when they change. The `data` property takes the same lists, a
 * typed array, an NDArray or an ndarray-like `{ data, shape }`. Dispatches `render` after each
 * successful render and `error` (detail {@link StrideViewErrorDetail}) when the data, dtype, shape or
 * ops fail; the message is also shown inside the element.
 */
export class StrideViewElement extends Base {
  static get observedAttributes(): string[] {
    return ['shape', 'ops', 'data', 'dtype'];
  }
  #root: ShadowRoot;
  #queued = false;
  #generation = 0;
  /** The value given to the `data` property (undefined: none, the attribute or arange decides). */
  #data: unknown = undefined;
  /** The last error message shown, or null after a successful render. */
  error: string | null = null;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.#root.append(style, el('div', { class: 'sv', part: 'container' }));
    this.#root.addEventListener('mouseover', (e) => this.#link(e.target));
    this.#root.addEventListener('focusin', (e) => this.#link(e.target));
    this.#root.addEventListener('mouseout', () => this.#link(null));
    this.#root.addEventListener('focusout', () => this.#link(null));
    this.#root.addEventListener('keydown', (e) => this.#key(e as KeyboardEvent));
  }

  connectedCallback(): void {
    // A property set before the element was defined is an own property of the instance: the
    // accessors below take it over (the value set last wins over the attribute).
    for (const key of ['data', 'dtype'] as const) {
      if (Object.prototype.hasOwnProperty.call(this, key)) {
        const self = this as unknown as Record<string, unknown>;
        const v = self[key];
        delete self[key];
        self[key] = v;
      }
    }
    this.#schedule();
  }
  attributeChangedCallback(name: string): void {
    // The last one set wins: a new `data` attribute replaces data given to the property.
    if (name === 'data') this.#data = undefined;
    if (this.isConnected) this.#schedule();
  }

  /**
   * The starting array's elements: nested lists of numbers or booleans, a typed array, an
   * NDArray (copied; it stays yours to dispose) or an ndarray-like `{ data, shape, stride?, offset? }`;
   * a string is read as the `data` attribute's JSON. Setting it re-renders; null or undefined go
   * back to the `data` attribute. Reads the value last set (null when none).
   */
  get data(): unknown {
    return this.#data ?? null;
  }
  set data(value: unknown) {
    this.#data = value ?? undefined;
    if (this.isConnected) this.#schedule();
  }
  /** The `dtype` attribute (null when absent); setting null removes it. */
  get dtype(): string | null {
    return this.getAttribute('dtype');
  }
  set dtype(value: string | null) {
    if (value === null || value === undefined) this.removeAttribute('dtype');
    else this.setAttribute('dtype', String(value));
  }

  /** Resolves after the pending render (if any) has finished. */
  get updated(): Promise<void> {
    return this.#done ?? Promise.resolve();
  }
  #done: Promise<void> | null = null;

  #schedule(): void {
    if (this.#queued) return;
    this.#queued = true;
    const gen = ++this.#generation;
    this.#done = (async () => {
      // Several attribute changes in one task make one render. A task, not a microtask: WebKit
      // runs microtasks after each attribute callback when the setter is called from a script
      // of another world (WebDriver), which rendered (and reported) the state between them.
      await new Promise((r) => setTimeout(r, 0));
      this.#queued = false;
      try {
        // The core is all the element draws with; the page's own init() (an app using family
        // functions) still loads the families, before or after this one.
        await init({ load: 'core' });
      } catch (e) {
        this.#fail(e);
        return;
      }
      if (gen === this.#generation) this.#render();
    })();
  }

  #container(): HTMLElement {
    return this.#root.querySelector('.sv') as HTMLElement;
  }

  #fail(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    const code = e instanceof InputError || (e instanceof Error && e.name === 'OpChainError') ? 'input' : ((e as { code?: string }).code ?? 'input');
    this.error = message;
    const c = this.#container();
    c.replaceChildren(el('p', { class: 'error', role: 'alert' }, message));
    this.dispatchEvent(new CustomEvent<StrideViewErrorDetail>('error', { detail: { message, code } }));
  }

  #render(): void {
    let d: Drawn;
    try {
      const text = this.getAttribute('data');
      d = compute({
        data: this.#data !== undefined ? this.#data : text !== null && text.trim() !== '' ? text : undefined,
        shape: this.getAttribute('shape'),
        dtype: this.getAttribute('dtype'),
        ops: this.getAttribute('ops') ?? '',
      });
    } catch (e) {
      this.#fail(e);
      return;
    }
    this.error = null;
    const c = this.#container();
    const facts = el('dl', { class: 'facts' });
    const fact = (k: string, v: string) => {
      const row = el('div');
      row.append(el('dt', {}, k), el('dd', {}, v));
      facts.append(row);
    };
    fact('shape', list(d.shape));
    fact('dtype', d.dtype);
    fact('strides', list(d.strides));
    fact('offset', String(d.offset));
    fact('mask', d.mask ? list(d.mask.map(([a, b]) => `(${a}, ${b})`)) : 'none');
    fact('contiguous', d.contiguous ? 'yes' : 'no');
    const used = new Set(d.cells.filter((x) => x.valid).map((x) => x.addr));

    const memTitle = el('h3', {}, d.copied ? 'Memory (a new buffer: an op copied)' : 'Memory');
    const memId = `mem-title`;
    memTitle.id = memId;
    const strip = el('div', { class: 'strip', role: 'grid', 'aria-labelledby': memId, 'aria-rowcount': '1' });
    const srow = el('div', { class: 'row', role: 'row' });
    d.memory.forEach((value, addr) => {
      const cell = el('div', {
        class: used.has(addr) ? 'cell' : 'cell unused',
        role: 'gridcell',
        tabindex: addr === 0 ? '0' : '-1',
        'data-addr': String(addr),
        'data-col': String(addr),
      });
      // Named by its content (value, then address); described by its title.
      cell.title = `address ${addr} holds ${value}${used.has(addr) ? '' : ' (not read by the view)'}`;
      cell.append(el('span', {}, String(value)), ' ', el('span', { class: 'addr' }, String(addr)));
      srow.append(cell);
    });
    strip.append(srow);
    const memScroll = el('div', { class: 'scroll' });
    memScroll.append(strip);

    const gridTitle = el('h3', { id: 'grid-title' }, `View ${list(d.shape)}`);
    const grids = el('div', { class: 'scroll' });
    const rank = d.shape.length;
    const cols = rank === 0 ? 1 : d.shape[rank - 1]!;
    const rows = rank <= 1 ? 1 : d.shape[rank - 2]!;
    const perSlab = Math.max(1, rows * cols);
    // Fixed-width tracks: auto tracks over thousands of cells made the layout take seconds.
    const digits = Math.max(1, ...d.cells.map((x) => (x.value === null ? 1 : x.value.length)));
    const colWidth = `${Math.max(2.2, digits * 0.65 + 1)}em`;
    const slabs = d.shape.length === 0 || d.cells.length === 0 ? 1 : d.cells.length / perSlab;
    for (let s = 0; s < slabs; s++) {
      const slabCells = d.cells.slice(s * perSlab, (s + 1) * perSlab);
      const lead = rank > 2 ? slabCells[0]?.idx.slice(0, rank - 2) ?? [] : [];
      const label = rank > 2 ? `[${[...lead, ':', ':'].join(', ')}]` : `View ${list(d.shape)}`;
      const wrap = el('div', { class: 'slab' });
      const labelId = `slab-${s}`;
      if (rank > 2) wrap.append(el('div', { class: 'slab-label', id: labelId }, label));
      const grid = el('div', {
        class: 'grid',
        role: 'grid',
        'aria-labelledby': rank > 2 ? `grid-title ${labelId}` : 'grid-title',
        'aria-rowcount': String(rows),
        'aria-colcount': String(cols),
      });
      grid.style.gridTemplateColumns = `repeat(${cols}, ${colWidth})`;
      for (let r = 0; r < (slabCells.length === 0 ? 0 : rows); r++) {
        const row = el('div', { class: 'row', role: 'row' });
        for (let k = 0; k < cols; k++) {
          const x = slabCells[r * cols + k];
          if (!x) continue;
          const text = x.valid ? (x.value ?? '') : '';
          const cell = el('div', {
            class: x.valid ? 'cell' : 'cell masked',
            role: 'gridcell',
            tabindex: s === 0 && r === 0 && k === 0 ? '0' : '-1',
            'data-idx': x.idx.join(','),
            'data-row': String(r),
            'data-col': String(k),
            'aria-label': x.valid
              ? `${text}: element ${list(x.idx)} reads address ${x.addr}`
              : `masked: element ${list(x.idx)} is padding (no memory)`,
          }, text);
          if (x.valid) cell.dataset.addr = String(x.addr);
          row.append(cell);
        }
        grid.append(row);
      }
      wrap.append(grid);
      grids.append(wrap);
    }
    if (d.cells.length === 0) grids.append(el('p', { class: 'note' }, 'The view has no elements.'));
    c.replaceChildren(facts, memTitle, memScroll, gridTitle, grids);
    this.dispatchEvent(new CustomEvent('render'));
  }

  /** Highlights the cell under the pointer or focus and the cells linked to it in the other part. */
  #link(target: EventTarget | null): void {
    this.#root.querySelectorAll('.linked').forEach((e) => e.classList.remove('linked'));
    const cell = target instanceof Element ? target.closest('.cell') : null;
    if (!cell) return;
    cell.classList.add('linked');
    const addr = (cell as HTMLElement).dataset.addr;
    if (addr === undefined) return;
    this.#root.querySelectorAll(`.cell[data-addr="${addr}"]`).forEach((e) => e.classList.add('linked'));
  }

  /** Arrow keys, Home and End move the focus inside a grid (one tab stop per grid). */
  #key(e: KeyboardEvent): void {
    const cell = e.target instanceof HTMLElement ? e.target.closest('.cell') : null;
    if (!(cell instanceof HTMLElement)) return;
    const grid = cell.closest('[role="grid"]');
    if (!grid) return;
    const row = Number(cell.parentElement?.getAttribute('data-row') ?? cell.dataset.row ?? 0);
    const col = Number(cell.dataset.col ?? 0);
    const rows = Array.from(grid.querySelectorAll('[role="row"]'));
    const r = Number.isFinite(row) ? Math.min(row, rows.length - 1) : 0;
    const cellsOf = (i: number) => Array.from(rows[i]?.querySelectorAll('.cell') ?? []) as HTMLElement[];
    let nr = r;
    let nc = col;
    switch (e.key) {
      case 'ArrowRight': nc = col + 1; break;
      case 'ArrowLeft': nc = col - 1; break;
      case 'ArrowDown': nr = r + 1; break;
      case 'ArrowUp': nr = r - 1; break;
      case 'Home': nc = 0; break;
      case 'End': nc = cellsOf(r).length - 1; break;
      default: return;
    }
    const next = cellsOf(nr)[nc];
    if (!next) return;
    e.preventDefault();
    cell.setAttribute('tabindex', '-1');
    next.setAttribute('tabindex', '0');
    next.focus();
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('stride-view')) {
  customElements.define('stride-view', StrideViewElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'stride-view': StrideViewElement;
  }
}
