// Motion that explains: after an op, each logical cell slides from where the element it reads
// (its buffer address) was drawn before the op to where it is drawn now (the FLIP technique:
// First positions, Last positions, Invert with a transform, Play back to none). Nothing moves when
// the user asks for reduced motion, or when the op made a new buffer (addresses then name other
// memory), or for dense views (thousands of cells).
import type { Snapshot } from './model';
import { DENSE_CELLS } from './model';

export interface Places {
  bufferId: number | null;
  /** Buffer address -> where the first valid cell reading it was drawn. */
  at: Map<number, DOMRect>;
}

export const MOVE_MS = 450;

export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function capturePlaces(cells: HTMLElement[], snap: Snapshot): Places {
  const at = new Map<number, DOMRect>();
  if (snap.cells && snap.cells.length <= DENSE_CELLS) {
    for (const [k, c] of snap.cells.entries()) {
      const el = cells[k];
      if (el && c.valid && !at.has(c.linear)) at.set(c.linear, el.getBoundingClientRect());
    }
  }
  return { bufferId: snap.buffer?.id ?? null, at };
}

/**
 * Slides every new cell from its old place. Records what it did on <body data-motion>:
 * "moved N" or "off: <why>", so the page (and its tests) can tell.
 */
export function playMoves(before: Places, cells: HTMLElement[], snap: Snapshot): number {
  const say = (t: string) => (document.body.dataset['motion'] = t);
  if (reducedMotion()) {
    say('off: reduced motion');
    return 0;
  }
  if (!snap.cells || snap.cells.length > DENSE_CELLS) {
    say('off: too many cells');
    return 0;
  }
  if ((snap.buffer?.id ?? null) !== before.bufferId) {
    say('off: new buffer');
    return 0;
  }
  // Every new place is read first, then every animation started: reading a place after starting an
  // animation forces a new layout each time (576 cells took seconds that way).
  const moves: Array<[HTMLElement, number, number]> = [];
  for (const [k, c] of snap.cells.entries()) {
    const el = cells[k];
    const from = c.valid ? before.at.get(c.linear) : undefined;
    if (!el || !from) continue;
    const to = el.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.abs(dx) >= 0.5 || Math.abs(dy) >= 0.5) moves.push([el, dx, dy]);
  }
  let moved = 0;
  for (const [el, dx, dy] of moves) {
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
      duration: MOVE_MS,
      easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)',
    });
    el.classList.add('moving');
    moved++;
  }
  if (moves.length) window.setTimeout(() => moves.forEach(([el]) => el.classList.remove('moving')), MOVE_MS);
  say(`moved ${moved}`);
  return moved;
}
