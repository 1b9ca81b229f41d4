// The reshape card: the engine's analysis of a reshape (refused, or the current step): which input
// dims become which output dims, in colours the grid repeats, the pair of dims that cannot merge
// (its broken jumps marked on the memory strip and the iteration row), and the fix through contiguous().
import { arc } from './buffer';
import { byId, h } from './dom';
import { denseMarks, drawn } from './drawn';
import type { ReshapeAnalysis } from './engine';
import { validBefore } from './iteration';
import type { Cell, OpSpec, Snapshot } from './model';
import { formatList } from './parse';
import { current, snapOf, state, stepAnalysis } from './state';

const GROUP_COLOURS = 6;

/** The analysis to draw now: a refused reshape (the grid shows its input) or the current reshape step. */
export function shownReshape(): { op: OpSpec; r: ReshapeAnalysis; onInput: boolean } | null {
  if (state.refused?.analysis) return { op: state.refused.op, r: state.refused.analysis, onInput: true };
  const s = current();
  const r = stepAnalysis(state.cursor);
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

/** Draws the card for the view `snap`; its fix button (on a refused reshape) calls `onFix` with the reshape. */
export function renderReshape(snap: Snapshot, onFix: (op: OpSpec) => void): void {
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
  const inShape = onInput ? snap.shape : snapOf(state.cursor - 1).shape;
  const inStrides = onInput ? snap.strides : snapOf(state.cursor - 1).strides;
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
    for (const el of drawn.cellEls) if (el && col >= 0) el.dataset['group'] = String(col % GROUP_COLOURS);
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
        if (drawn.trackCanvas) denseMarks.brokenSteps.add(k);
        else {
          chips[k]?.classList.add('broken');
          chips[k]?.setAttribute('title', `jump ${c.linear - (prev?.linear ?? 0)}: one stride would need +${b.strides[1]}`);
        }
        if (prev) {
          drawn.bufferEls.get(prev.linear)?.classList.add('broken-from');
          drawn.bufferEls.get(c.linear)?.classList.add('broken-to');
          if (drawn.stripCanvas) denseMarks.brokenAddrs.add(prev.linear).add(c.linear);
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
      fix.addEventListener('click', () => onFix(op));
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
