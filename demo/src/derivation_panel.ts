// The derivation panel: how the current step's op produced its view, as lines of arithmetic
// (derive.ts), between the view before and the view after.
import { baseCall, toShownError } from './engine';
import { derive, viewLine } from './derive';
import { byId, h } from './dom';
import { callText } from './ops';
import { current, currentSnap, snapOf, state, stepAnalysis } from './state';

export function renderDerivation(): void {
  const box = byId('derivation');
  box.replaceChildren();
  const s = current();
  if (!s.op) {
    const snap = currentSnap();
    box.append(
      h('h3', {}, `Step 0: ${baseCall(state.base)}`),
      h('p', { class: 'dsum', 'data-testid': 'derivation-summary' }, 'The starting buffer, read in C (row-major) order: the last stride is 1, each stride to its left is the product of the sizes to its right.'),
      h('p', { class: 'dview', 'data-testid': 'derivation-after' }, h('b', {}, 'view '), viewLine(snap)),
    );
    return;
  }
  const before = snapOf(state.cursor - 1);
  const after = currentSnap();
  let d;
  try {
    d = derive(s.op, before, after, s.copied, stepAnalysis(state.cursor));
  } catch (e) {
    d = { summary: toShownError(e).message, lines: [] };
  }
  box.append(
    h('h3', {}, `Step ${state.cursor}: `, h('code', {}, `.${callText(s.op)}`)),
    h('p', { class: 'dsum', 'data-testid': 'derivation-summary' }, d.summary),
    h('p', { class: 'dview', 'data-testid': 'derivation-before' }, h('b', {}, 'before '), viewLine(before)),
    h('ul', { class: 'dlines' }, ...d.lines.map((l) => h('li', { 'data-testid': 'derivation-line' }, l))),
    h('p', { class: 'dview', 'data-testid': 'derivation-after' }, h('b', {}, 'after '), viewLine(after)),
  );
}
