// The iteration row: the elements in logical (C) order, each with the address it reads and the
// jump from the one before, the status line of the walk, and the arrow of the current jump.
import { arc } from './buffer';
import { DenseCells, type DenseLayout } from './dense';
import { byId, h } from './dom';
import { boxWidth, denseMarks, drawn, theme } from './drawn';
import { type Cell, type Snapshot, DENSE_CELLS } from './model';
import { state } from './state';

export function validBefore(cells: Cell[], k: number): Cell | null {
  for (let p = k - 1; p >= 0; p--) if (cells[p]!.valid) return cells[p]!;
  return null;
}

export function renderTrack(snap: Snapshot): void {
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
    if (!drawn.trackCanvas || !drawn.trackCanvas.sameLayout(layout)) {
      drawn.trackCanvas = new DenseCells(layout, { label: `the memory address read by each of the ${cells.length} elements, in logical order, drawn small`, testid: 'track-canvas' });
      track.replaceChildren(h('li', { class: 'dense-host' }, drawn.trackCanvas.canvas));
    }
    return;
  }
  drawn.trackCanvas = null;
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
  const dc = drawn.trackCanvas;
  if (!dc || !snap.cells) return;
  dc.setHostWidth(boxWidth(byId('track')));
  const t = theme();
  const cells = snap.cells;
  const fill = new Uint8Array(dc.layout.count); // 0 padding, 1 reads memory, 2 the current element
  for (let k = 0; k < fill.length; k++) if (cells[k]?.valid) fill[k] = 1;
  if (state.iterPos !== null && state.iterPos < fill.length) fill[state.iterPos] = 2;
  const outlines = [...denseMarks.brokenSteps].map((index) => ({ index, colour: t.error!, width: 1.5 }));
  dc.paint({ palette: [t.mask!, t.read!, t.hl!], fill, outlines });
}

/** Scrolls `box` (not the page) so that the band [top, top + height) of its content is inside it. */
function keepVisible(box: HTMLElement, top: number, height: number): void {
  if (top < box.scrollTop) box.scrollTop = top;
  else if (top + height > box.scrollTop + box.clientHeight) box.scrollTop = top + height - box.clientHeight;
}

export function renderIteration(snap: Snapshot): void {
  const cells = snap.cells ?? [];
  const status = byId('iter-status');
  for (const el of byId('track').querySelectorAll('.current')) el.classList.remove('current');
  paintTrack(snap);
  const svg = byId('jump') as unknown as SVGSVGElement;
  svg.replaceChildren();
  const play = byId<HTMLButtonElement>('iter-play');
  play.textContent = state.playTimer !== null ? '❚❚ Pause' : '▶ Play';
  play.setAttribute('aria-label', state.playTimer !== null ? 'Pause' : 'Play');
  for (const id of ['iter-reset', 'iter-prev', 'iter-play', 'iter-next']) {
    byId<HTMLButtonElement>(id).disabled = cells.length === 0;
  }
  if (cells.length === 0) {
    status.textContent = 'Nothing to walk.';
    return;
  }
  if (state.iterPos === null) {
    status.textContent = `Walk the ${cells.length} elements in logical (C) order and watch the jumps in memory.`;
    return;
  }
  const c = cells[state.iterPos]!;
  const track = byId('track');
  if (drawn.trackCanvas) {
    keepVisible(track, drawn.trackCanvas.canvas.offsetTop - track.offsetTop + drawn.trackCanvas.offsetTop(state.iterPos), drawn.trackCanvas.layout.cellH);
  } else {
    const chip = track.children[state.iterPos];
    chip?.classList.add('current');
    if (chip instanceof HTMLElement) keepVisible(track, chip.offsetTop - track.offsetTop, chip.offsetHeight);
  }
  const prev = validBefore(cells, state.iterPos);
  const where = `(${c.idx.join(', ')})`;
  if (!c.valid) {
    status.textContent = `element ${state.iterPos + 1} of ${cells.length}: ${where} is padding: nothing is read`;
    return;
  }
  const jump = prev ? c.linear - prev.linear : null;
  status.textContent =
    `element ${state.iterPos + 1} of ${cells.length}: ${where} reads address ${c.linear}` +
    (jump === null ? '' : ` · jump ${jump >= 0 ? '+' : ''}${jump}${jump === 1 ? ' (next in memory)' : ''}`);
  if (prev) drawJump(prev.linear, c.linear);
}

function drawJump(from: number, to: number): void {
  arc(byId('jump') as unknown as SVGSVGElement, from, to, 'arc');
}
