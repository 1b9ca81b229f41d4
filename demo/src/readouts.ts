// The text read-outs: the error line, the view's numbers (shape, strides, offset, mask, contiguity,
// size, the engine's description) and the index formula with the focused cell's numbers filled in.
import { byId, h } from './dom';
import { drawn } from './drawn';
import { idxName } from './grid';
import type { ShownError, Snapshot } from './model';
import { state } from './state';

const errorEl = byId('error');

export function showError(what: string | null, e: ShownError | null): void {
  errorEl.replaceChildren();
  if (!e) return;
  errorEl.append(h('strong', {}, what ? `${what} failed` : 'Error'), ' ');
  if (e.engine) errorEl.append(h('code', { class: 'code' }, `StrideViewError ${e.code}`), ' ');
  errorEl.append(h('span', { class: 'msg', 'data-testid': 'error-message' }, e.message));
}

function setReadout(id: string, text: string, value: unknown): void {
  const el = byId(id);
  el.textContent = text;
  el.dataset['value'] = JSON.stringify(value);
}

export function renderReadouts(snap: Snapshot): void {
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

export function renderFormula(snap: Snapshot): void {
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
  if (state.hoverAddr !== null && state.focusCell === null) {
    const who = drawn.readers.get(state.hoverAddr) ?? [];
    const cells = snap.cells ?? [];
    line.append(
      h('span', { class: 'lhs' }, `buffer[${state.hoverAddr}]`),
      ' is read by ',
      h('b', {}, `${who.length} logical cell${who.length === 1 ? '' : 's'}`),
      who.length ? ': ' : '',
      ...who.slice(0, 12).map((c) => h('code', { class: 'idx' }, `(${cells[c]!.idx.join(', ')})`)),
      who.length > 12 ? ' …' : '',
      who.length > 1 ? h('span', { class: 'hint' }, ' a stride 0 sends several indices to one address') : '',
    );
    return;
  }
  const cell = state.focusCell !== null ? snap.cells?.[state.focusCell] : undefined;
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
