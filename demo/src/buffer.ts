// The memory strip: the buffer in address order, each cell marked by how many logical cells read it
// (drawn as elements, or painted on a canvas for a dense view), and arrows over it from one address
// to another.
import { DenseCells, type DenseLayout } from './dense';
import { byId, h, svgEl } from './dom';
import { boxWidth, denseMarks, drawn, theme } from './drawn';
import { type Snapshot, DENSE_CELLS, MAX_BUFFER_CELLS } from './model';

export function renderBuffer(snap: Snapshot): void {
  const strip = byId('buffer');
  drawn.bufferEls = new Map();
  drawn.readers = new Map();
  for (const [k, c] of (snap.cells ?? []).entries()) {
    if (!c.valid) continue;
    const list = drawn.readers.get(c.linear);
    if (list) list.push(k);
    else drawn.readers.set(c.linear, [k]);
  }
  const sub = byId('buf-sub');
  const note = byId('buf-note');
  const buf = snap.buffer;
  const dense = !!buf?.values && buf.values.length > DENSE_CELLS;
  strip.classList.toggle('dense', dense);
  if (!dense) {
    drawn.stripCanvas = null;
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
    drawn.stripCanvas = null;
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
    if (!drawn.stripCanvas || !drawn.stripCanvas.sameLayout(layout)) {
      drawn.stripCanvas = new DenseCells(layout, { label: `${buf.values.length} buffer cells in memory order, drawn small`, testid: 'buffer-canvas' });
      strip.replaceChildren(h('li', { class: 'dense-host' }, drawn.stripCanvas.canvas));
    }
    note.textContent =
      `${buf.values.length} cells, drawn small: blue ones are read by the view, grey ones are not, purple ones by more than one element; ` +
      'the bar marks the offset. Point at a cell for its readers.' + outside;
    return;
  }
  for (const [addr, value] of buf.values.entries()) {
    const n = drawn.readers.get(addr)?.length ?? 0;
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
    drawn.bufferEls.set(addr, el);
  }
  note.textContent =
    (snap.kind === 'array'
      ? 'Memory order, address above each cell. Underlined: the offset, where index (0, …, 0) points.'
      : 'A bare view owns no memory: these are the addresses of a buffer the size of the starting shape.') + outside;
}

export function paintStrip(snap: Snapshot, hlAddr: number | null): void {
  const dc = drawn.stripCanvas;
  if (!dc) return;
  dc.setHostWidth(boxWidth(byId('buffer')));
  const t = theme();
  const n = dc.layout.count;
  const fill = new Uint8Array(n); // 0 unread, 1 read, 2 read by several, 3 highlighted
  for (const [addr, list] of drawn.readers) if (addr >= 0 && addr < n) fill[addr] = list.length > 1 ? 2 : 1;
  if (hlAddr !== null && hlAddr >= 0 && hlAddr < n) fill[hlAddr] = 3;
  const outlines = [...denseMarks.brokenAddrs].map((index) => ({ index, colour: t.error!, width: 1.5 }));
  dc.paint({ palette: [t.unread!, t.read!, t.multi!, t.hl!], fill, outlines, bar: { index: snap.offset, colour: t.accent! } });
}

/** Where the memory strip draws address `addr` (client coordinates), or null when it is not drawn. */
function addrRect(addr: number): { left: number; top: number; width: number } | null {
  const el = drawn.bufferEls.get(addr);
  if (el) return el.getBoundingClientRect();
  if (drawn.stripCanvas && addr >= 0 && addr < drawn.stripCanvas.layout.count) return drawn.stripCanvas.rect(addr);
  return null;
}

/** An arrow over the memory strip from address `from` to address `to`, drawn into `svg`. */
export function arc(svg: SVGSVGElement, from: number, to: number, cls: string): void {
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
