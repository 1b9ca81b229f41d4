// Views with thousands of elements (more than DENSE_CELLS) are drawn on canvases: one small square
// per element, no text. A DOM node per element (three per element: grid, memory strip, iteration row)
// made every op on a 64x64 view cost 90-160 ms in Chromium (style and layout of ~12,000 nodes); a
// canvas repaints all of them in about a millisecond. The numbers of one element are shown where the
// page shows them for small views (the formula line and the status line), for the element under the
// pointer or under the keyboard focus.

/** How squares are laid out: a fixed number of columns (a grid) or as many as fit the width (a strip). */
export interface DenseLayout {
  count: number;
  /** Columns; 0 = as many as fit the host's width (wrapping, like a flex-wrap list). */
  cols: number;
  cellW: number;
  cellH: number;
  gap: number;
  /** Room for row headers on the left and column headers on top (grids). */
  left?: number;
  top?: number;
  /** Header texts: column c gets colLabel(c) (or '' for none), row r gets rowLabel(r). */
  colLabel?: (c: number) => string;
  rowLabel?: (r: number) => string;
}

/** One drawing: fill colour per square (an index into `palette`), then outlines and bars on top. */
export interface DensePaint {
  palette: readonly string[];
  fill: Uint8Array;
  /** Squares outlined (drawn after the fills), e.g. the highlighted one or the broken jumps. */
  outlines?: ReadonlyArray<{ index: number; colour: string; width?: number }>;
  /** A bar under one square (the memory strip marks the offset this way). */
  bar?: { index: number; colour: string } | null;
  /** A second fill on top of the first for a set of squares (e.g. the colour of a reshape group). */
  frames?: { colour: string; indices: Uint8Array } | null;
  headerColour?: { rows?: string; cols?: string };
}

/** A CSS colour as the 32-bit pixel of an ImageData (little-endian RGBA), through the canvas's own parser. */
const packed = new Map<string, number>();
function packColour(css: string): number {
  const hit = packed.get(css);
  if (hit !== undefined) return hit;
  const g = document.createElement('canvas').getContext('2d');
  let r = 0;
  let gr = 0;
  let b = 0;
  let a = 255;
  if (g) {
    g.fillStyle = css;
    const norm = String(g.fillStyle);
    const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(norm);
    const fn = /^rgba?\(([^)]*)\)$/.exec(norm);
    if (hex) [r, gr, b] = [1, 2, 3].map((k) => parseInt(hex[k]!, 16)) as [number, number, number];
    else if (fn) {
      const parts = fn[1]!.split(',').map((x) => parseFloat(x));
      [r, gr, b] = [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
      if (parts.length > 3) a = Math.round((parts[3] ?? 1) * 255);
    }
  }
  const v = ((a << 24) | (b << 16) | (gr << 8) | r) >>> 0;
  packed.set(css, v);
  return v;
}

export class DenseCells {
  readonly canvas: HTMLCanvasElement;
  private layoutSpec: DenseLayout;
  private colsNow = 1;
  private hostWidth = 0;
  /** The last full drawing, for repainting only the squares whose colour changed (hover, the walk). */
  private last: { img: ImageData; fill: Uint8Array; key: string } | null = null;

  constructor(layout: DenseLayout, attrs: { label: string; testid: string }) {
    this.layoutSpec = layout;
    const c = document.createElement('canvas');
    c.className = 'dense-canvas';
    c.setAttribute('role', 'img');
    c.setAttribute('aria-label', attrs.label);
    c.dataset['testid'] = attrs.testid;
    this.canvas = c;
  }

  /** Columns of the last drawing (for a wrapping layout: how many fitted). */
  get drawnColumns(): number {
    return this.colsNow;
  }

  get layout(): DenseLayout {
    return this.layoutSpec;
  }

  /** The same layout (count, columns and sizes)? Then the canvas can be repainted as it is. */
  sameLayout(other: DenseLayout): boolean {
    const a = this.layoutSpec;
    return a.count === other.count && a.cols === other.cols && a.cellW === other.cellW && a.cellH === other.cellH && a.gap === other.gap && (a.left ?? 0) === (other.left ?? 0) && (a.top ?? 0) === (other.top ?? 0);
  }

  /** Takes the new header texts (the same layout may be drawn for other axis names). */
  relabel(layout: DenseLayout): void {
    this.layoutSpec = layout;
  }

  /** The width to wrap to (CSS pixels), for a layout without a fixed column count. */
  setHostWidth(width: number): void {
    this.hostWidth = width;
  }

  private columns(): number {
    const l = this.layoutSpec;
    if (l.cols > 0) return l.cols;
    const width = this.hostWidth > 0 ? this.hostWidth : 600;
    return Math.max(1, Math.floor((width - (l.left ?? 0) + l.gap) / (l.cellW + l.gap)));
  }

  /** CSS pixel size of the drawing for `cols` columns. */
  private size(cols: number): [number, number] {
    const l = this.layoutSpec;
    const rows = Math.ceil(l.count / cols);
    return [(l.left ?? 0) + cols * (l.cellW + l.gap), (l.top ?? 0) + rows * (l.cellH + l.gap)];
  }

  paint(p: DensePaint): void {
    const l = this.layoutSpec;
    const cols = this.columns();
    this.colsNow = cols;
    const [w, hgt] = this.size(cols);
    const dpr = Math.max(1, Math.min(3, globalThis.devicePixelRatio || 1));
    const c = this.canvas;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(hgt * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(hgt * dpr);
      c.style.width = `${w}px`;
      c.style.height = `${hgt}px`;
    }
    c.dataset['cols'] = String(cols);
    c.dataset['count'] = String(l.count);
    c.dataset['cell'] = `${l.cellW},${l.cellH},${l.gap},${l.left ?? 0},${l.top ?? 0}`;
    // Drawn by writing pixels (and read back by tests): a software canvas suits it best.
    const g = c.getContext('2d', { willReadFrequently: true });
    if (!g) return;
    const x0 = l.left ?? 0;
    const y0 = l.top ?? 0;
    const sx = l.cellW + l.gap;
    const sy = l.cellH + l.gap;
    // The squares are written as pixels (one ImageData): a path of thousands of rectangles costs
    // 5-10 ms to fill in a software-rendered canvas, the pixels well under one.
    const W = c.width;
    const cw = Math.max(1, Math.round(l.cellW * dpr));
    const ch = Math.max(1, Math.round(l.cellH * dpr));
    const key = `${W}x${c.height}|${cols}|${dpr}|${p.palette.join()}|${p.bar?.index ?? ''}`;
    if (this.last && this.last.key === key && this.lastPlainOverlays(p)) {
      this.repaintChanged(g, p, cols, dpr, cw, ch);
      return;
    }
    const img = g.createImageData(W, c.height);
    const px = new Uint32Array(img.data.buffer);
    const rgba = p.palette.map(packColour);
    const lefts = new Int32Array(cols);
    for (let col = 0; col < cols; col++) lefts[col] = Math.round((x0 + col * sx) * dpr);
    const rows = Math.ceil(l.count / cols);
    for (let r = 0; r < rows; r++) {
      // One pixel row of this row of squares, then copied down the squares' height.
      const top = Math.round((y0 + r * sy) * dpr);
      const base = top * W;
      const end = Math.min(l.count, (r + 1) * cols);
      for (let i = r * cols; i < end; i++) {
        const colour = rgba[p.fill[i]!];
        if (colour === undefined) continue;
        const at = base + lefts[i - r * cols]!;
        for (let x = 0; x < cw; x++) px[at + x] = colour;
      }
      for (let y = 1; y < ch; y++) px.copyWithin(base + y * W, base, base + W);
    }
    g.putImageData(img, 0, 0);
    this.last = { img, fill: p.fill.slice(), key };
    this.overlays = { frames: !!p.frames, outlines: p.outlines?.length ?? 0 };
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (p.frames) {
      g.beginPath();
      for (let i = 0; i < l.count; i++) {
        if (!p.frames.indices[i]) continue;
        g.rect(x0 + (i % cols) * sx + 0.5, y0 + Math.floor(i / cols) * sy + 0.5, l.cellW - 1, l.cellH - 1);
      }
      g.strokeStyle = p.frames.colour;
      g.lineWidth = 1;
      g.stroke();
    }
    if (p.bar && p.bar.index >= 0 && p.bar.index < l.count) {
      const i = p.bar.index;
      g.fillStyle = p.bar.colour;
      g.fillRect(x0 + (i % cols) * sx, y0 + Math.floor(i / cols) * sy + l.cellH - 2, l.cellW, 2);
    }
    for (const o of p.outlines ?? []) {
      if (o.index < 0 || o.index >= l.count) continue;
      const wdt = o.width ?? 2;
      g.strokeStyle = o.colour;
      g.lineWidth = wdt;
      g.strokeRect(x0 + (o.index % cols) * sx - wdt / 2, y0 + Math.floor(o.index / cols) * sy - wdt / 2, l.cellW + wdt, l.cellH + wdt);
    }
    if (l.colLabel || l.rowLabel) {
      g.font = '8px ui-monospace, monospace';
      g.textBaseline = 'alphabetic';
      g.fillStyle = p.headerColour?.cols ?? '#5b6477';
      for (let col = 0; l.colLabel && col < cols; col++) {
        const t = l.colLabel(col);
        if (t) g.fillText(t, x0 + col * sx, y0 - 2);
      }
      g.fillStyle = p.headerColour?.rows ?? '#5b6477';
      const rows = Math.ceil(l.count / cols);
      for (let r = 0; l.rowLabel && r < rows; r++) {
        const t = l.rowLabel(r);
        if (t) g.fillText(t, 0, y0 + r * sy + l.cellH);
      }
    }
  }

  private overlays = { frames: false, outlines: 0 };

  /** Headers only (no frames or outlines now or in the last drawing): squares can be redrawn alone. */
  private lastPlainOverlays(p: DensePaint): boolean {
    return !p.frames && !(p.outlines?.length) && !this.overlays.frames && this.overlays.outlines === 0;
  }

  /** Writes only the squares whose colour index changed since the last drawing. */
  private repaintChanged(g: CanvasRenderingContext2D, p: DensePaint, cols: number, dpr: number, cw: number, ch: number): void {
    const l = this.layoutSpec;
    const last = this.last!;
    const px = new Uint32Array(last.img.data.buffer);
    const W = last.img.width;
    const rgba = p.palette.map(packColour);
    g.setTransform(1, 0, 0, 1, 0, 0);
    for (let i = 0; i < l.count; i++) {
      if (p.fill[i] === last.fill[i]) continue;
      last.fill[i] = p.fill[i]!;
      const colour = rgba[p.fill[i]!] ?? 0;
      const left = Math.round(((l.left ?? 0) + (i % cols) * (l.cellW + l.gap)) * dpr);
      const top = Math.round(((l.top ?? 0) + Math.floor(i / cols) * (l.cellH + l.gap)) * dpr);
      for (let y = 0; y < ch; y++) px.fill(colour, (top + y) * W + left, (top + y) * W + left + cw);
      g.putImageData(last.img, 0, 0, left, top, cw, ch);
      if (p.bar && p.bar.index === i) {
        g.fillStyle = p.bar.colour;
        g.fillRect(left, top + ch - Math.round(2 * dpr), cw, Math.round(2 * dpr));
      }
    }
  }

  /** The square under a point given in client coordinates, or null (gaps count as the square before). */
  hit(clientX: number, clientY: number): number | null {
    const l = this.layoutSpec;
    const box = this.canvas.getBoundingClientRect();
    const x = clientX - box.left - (l.left ?? 0);
    const y = clientY - box.top - (l.top ?? 0);
    if (x < 0 || y < 0) return null;
    const col = Math.floor(x / (l.cellW + l.gap));
    const row = Math.floor(y / (l.cellH + l.gap));
    if (col >= this.colsNow) return null;
    const i = row * this.colsNow + col;
    return i < l.count ? i : null;
  }

  /** Where square i is, in client coordinates (for arrows drawn over the strip and for scrolling). */
  rect(i: number): { left: number; top: number; width: number; height: number } {
    const l = this.layoutSpec;
    const box = this.canvas.getBoundingClientRect();
    return {
      left: box.left + (l.left ?? 0) + (i % this.colsNow) * (l.cellW + l.gap),
      top: box.top + (l.top ?? 0) + Math.floor(i / this.colsNow) * (l.cellH + l.gap),
      width: l.cellW,
      height: l.cellH,
    };
  }

  /** Offset of square i's top from the canvas top (CSS pixels), for scrolling a box to it. */
  offsetTop(i: number): number {
    const l = this.layoutSpec;
    return (l.top ?? 0) + Math.floor(i / this.colsNow) * (l.cellH + l.gap);
  }
}
