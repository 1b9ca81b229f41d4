// What is drawn for the current view, kept for highlighting without redrawing: the cell and buffer
// elements, which cells read each address, the canvases of dense views, and the colours and box
// widths the canvases are painted with.
import type { DenseCells } from './dense';

interface Drawn {
  /** The logical cells' elements, by index into snap.cells. */
  cellEls: HTMLElement[];
  /** The memory strip's cells, by address. */
  bufferEls: Map<number, HTMLElement>;
  /** The logical cells (indices into snap.cells) that read each address. */
  readers: Map<number, number[]>;
  // Dense views (more than DENSE_CELLS elements) are drawn on canvases instead (dense.ts).
  stripCanvas: DenseCells | null;
  gridCanvases: Array<{ dc: DenseCells; first: number }>;
  trackCanvas: DenseCells | null;
}

export const drawn: Drawn = {
  cellEls: [],
  bufferEls: new Map(),
  readers: new Map(),
  stripCanvas: null,
  gridCanvases: [],
  trackCanvas: null,
};

/** What the reshape analysis marks on dense drawings: the colour group of the grid, broken jumps. */
export const denseMarks = { group: -1, rowGroup: -1, brokenAddrs: new Set<number>(), brokenSteps: new Set<number>() };

/**
 * Content widths of the memory strip and the iteration row, which the canvases wrap to: measured once
 * per render (and after a resize), not on every hover (a measure forces a layout).
 * (A ResizeObserver would be the natural source, but WebKit reports "ResizeObserver loop completed
 * with undelivered notifications" as a page error for this page.)
 */
export const boxWidths = new Map<HTMLElement, number>();

/** A box's content width, measured once per render. */
export function boxWidth(el: HTMLElement): number {
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
export function theme(): Record<string, string> {
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
export function groupColour(el: HTMLElement, n: number): string {
  el.dataset['group'] = String(n);
  return getComputedStyle(el).getPropertyValue('--g').trim() || '#2563eb';
}
