// Practice mode: exercises from easy to hard, each at its own URL (#practice=N). The learner's
// answer is compared with the engine's: the view after the chain (strides, offset), its
// linearIndex, its isValid per cell, explainReshape, or the view a typed chain builds. A wrong try
// shows the hint; the worked solution is shown on request, with the engine's numbers in it.
// Progress (the solved exercises) is kept in localStorage.
import { addressAfter, parseOpChain, reshapeIsView, runChain, toShownError } from './engine';
import { h } from './dom';
import type { OpSpec } from './model';
import type { OpName } from './model';
import { callText } from './ops';
import { formatList, parseInts } from './parse';
import { encodeState } from './url';

type Kind = 'view' | 'address' | 'mask' | 'reshape' | 'build';

export interface Exercise {
  title: string;
  level: 'easy' | 'medium' | 'hard';
  kind: Kind;
  /** The starting array: arange over these dims. */
  dims: number[];
  /** The chain applied to it (for 'build': nothing; the learner writes the chain). */
  ops: OpSpec[];
  prompt: string;
  hint: string;
  /** Why the answer is what it is; the engine's numbers are appended. */
  why: string;
  /** 'address': the element asked about. */
  idx?: number[];
  /** 'reshape': the shape asked about. */
  shape?: number[];
  /** 'build': the target chain (its view is the target) and the fewest ops that reach it. */
  target?: OpSpec[];
}

const op = (name: OpName, arg = '', noCopy = false): OpSpec => (noCopy ? { name, arg, noCopy } : { name, arg });

export const EXERCISES: Exercise[] = [
  {
    title: 'Strides of a fresh array', level: 'easy', kind: 'view', dims: [3, 4], ops: [],
    prompt: 'arange(12).reshape(3, 4): what are its strides and offset (in elements)?',
    hint: 'Row-major: moving one step along the last dim moves one element; one row down skips a whole row.',
    why: 'The last stride is 1; each stride to its left is the product of the sizes to its right: 4.',
  },
  {
    title: 'Transpose swaps strides', level: 'easy', kind: 'view', dims: [3, 4], ops: [op('transpose')],
    prompt: 'arange(12).reshape(3, 4).transpose(): strides and offset?',
    hint: 'transpose moves no memory: the strides are the old ones in the new order of the dims.',
    why: 'The strides [4, 1] are reversed with the dims; the offset does not move.',
  },
  {
    title: 'Address of an element', level: 'easy', kind: 'address', dims: [3, 4], ops: [], idx: [2, 1],
    prompt: 'arange(12).reshape(3, 4): at which memory address is element (2, 1)?',
    hint: 'address = offset + i·s0 + j·s1.',
    why: 'offset 0 + 2·4 + 1·1.',
  },
  {
    title: 'Address after a transpose', level: 'easy', kind: 'address', dims: [3, 4], ops: [op('transpose')], idx: [1, 2],
    prompt: 'arange(12).reshape(3, 4).transpose(): at which address is element (1, 2)?',
    hint: 'First find the transposed strides, then use offset + i·s0 + j·s1.',
    why: 'The strides are [1, 4]: 0 + 1·1 + 2·4.',
  },
  {
    title: 'A step multiplies the stride', level: 'medium', kind: 'view', dims: [4, 6], ops: [op('slice', ':, 1::2')],
    prompt: "arange(24).reshape(4, 6).slice(':, 1::2'): strides and offset?",
    hint: 'A step of 2 doubles that dim\'s stride; starting at index 1 moves the offset by 1·stride.',
    why: 'dim 1: stride 1·2 = 2, start 1 → offset 0 + 1·1.',
  },
  {
    title: 'A negative step', level: 'medium', kind: 'view', dims: [4, 5], ops: [op('slice', '::-1')],
    prompt: "arange(20).reshape(4, 5).slice('::-1'): strides and offset?",
    hint: 'A negative step negates the stride, and index 0 now reads the last row.',
    why: 'dim 0: stride 5·(−1) = −5, first index 3 → offset 0 + 3·5.',
  },
  {
    title: 'Broadcasting with stride 0', level: 'medium', kind: 'view', dims: [1, 4], ops: [op('expand', '3, 4')],
    prompt: 'arange(4).reshape(1, 4).expand([3, 4]): strides and offset?',
    hint: 'Every row of the result reads the same 4 elements: what step in memory does moving down a row take?',
    why: 'The expanded dim gets stride 0: each row reads the same memory.',
  },
  {
    title: 'Which cells are padding?', level: 'medium', kind: 'mask', dims: [2, 3], ops: [op('pad', '1, 1; 0, 1')],
    prompt: 'arange(6).reshape(2, 3).padView([[1, 1], [0, 1]]): choose every cell the mask hides.',
    hint: 'Padding (before, after) per dim: one row above, one below, and one column on the right are virtual.',
    why: 'The valid ranges are rows [1, 3) and columns [0, 3); everything else is padding.',
  },
  {
    title: 'Address with two negative strides', level: 'medium', kind: 'address', dims: [4, 5], ops: [op('slice', '::-1, ::-2')], idx: [1, 1],
    prompt: "arange(20).reshape(4, 5).slice('::-1, ::-2'): at which address is element (1, 1)?",
    hint: 'Find the strides (negative) and the offset (the last element kept) first.',
    why: 'strides [−5, −2], offset 3·5 + 4·1 = 19; then 19 + 1·(−5) + 1·(−2).',
  },
  {
    title: 'Is this reshape a view?', level: 'medium', kind: 'reshape', dims: [3, 4], ops: [op('transpose')], shape: [12],
    prompt: 'After arange(12).reshape(3, 4).transpose(), can reshape([12]) be a view (no copy)?',
    hint: 'Merging dims i and i+1 needs stride[i] = stride[i+1]·shape[i+1]. Here the strides are [1, 4].',
    why: 'Merging [4, 3] with strides [1, 4] needs 1 = 4·3: it is not, so a copy is needed.',
  },
  {
    title: 'Build: every other element', level: 'medium', kind: 'build', dims: [4, 4], ops: [], target: [op('slice', '::2, ::2')],
    prompt: 'Starting from arange(16).reshape(4, 4), build the view with shape [2, 2], strides [8, 2], offset 0.',
    hint: 'Stride 8 is two rows, stride 2 is two columns: one slice with steps can do both.',
    why: "slice('::2, ::2') doubles both strides: [4·2, 1·2].",
  },
  {
    title: 'A reshape across a step', level: 'hard', kind: 'reshape', dims: [2, 3, 4], ops: [op('slice', ':, :, ::2')], shape: [6, 2],
    prompt: "After arange(24).reshape(2, 3, 4).slice(':, :, ::2'), can reshape([6, 2]) be a view?",
    hint: 'Only dims 0 and 1 merge. Compare stride 0 with stride 1 times size 1.',
    why: 'Shape [2, 3, 2], strides [12, 4, 2]: 12 = 4·3, so dims 0 and 1 merge into 6 with stride 4.',
  },
  {
    title: 'A reshape of a cropped array', level: 'hard', kind: 'reshape', dims: [4, 6], ops: [op('slice', ':, 1:5')], shape: [16],
    prompt: "After arange(24).reshape(4, 6).slice(':, 1:5'), can reshape([16]) be a view?",
    hint: 'The rows are 4 long but 6 apart in memory.',
    why: 'Shape [4, 4], strides [6, 1]: merging needs 6 = 1·4; it is not.',
  },
  {
    title: 'Padding then transpose', level: 'hard', kind: 'mask', dims: [2, 3], ops: [op('pad', '1, 0; 0, 2'), op('transpose')],
    prompt: 'arange(6).reshape(2, 3).padView([[1, 0], [0, 2]]).transpose(): choose every cell the mask hides.',
    hint: 'Find the padded cells of the [3, 5] view first; transpose moves cell (i, j) to (j, i).',
    why: 'Before the transpose the valid ranges are rows [1, 3) and columns [0, 3); transposed, columns [1, 3) and rows [0, 3).',
  },
  {
    title: 'Build: transposed and reversed', level: 'hard', kind: 'build', dims: [3, 4], ops: [], target: [op('transpose'), op('flip', '0')],
    prompt: 'Starting from arange(12).reshape(3, 4), build the view with shape [4, 3], strides [-1, 4], offset 3.',
    hint: 'A negative stride comes from a flip or a negative step; shape [4, 3] from a transpose.',
    why: 'transpose gives strides [1, 4]; flipping dim 0 negates its stride and moves the offset to index 3·1.',
  },
  {
    title: 'Build: read it all backwards, columns first', level: 'hard', kind: 'build', dims: [3, 4], ops: [], target: [op('flip'), op('transpose')],
    prompt: 'Starting from arange(12).reshape(3, 4), build the view with shape [4, 3], strides [-1, -4], offset 11.',
    hint: 'Both strides are negative: reverse both dims; then swap them.',
    why: 'flip() gives strides [−4, −1] and offset 11; transpose swaps the strides.',
  },
];

// ------------------------------------------------------------------------------------- progress

const STORE = 'strideview-practice';

export function loadProgress(): Set<number> {
  try {
    const raw = JSON.parse(localStorage.getItem(STORE) ?? '{}') as { solved?: unknown };
    return new Set(Array.isArray(raw.solved) ? raw.solved.filter((x): x is number => Number.isInteger(x)) : []);
  } catch {
    return new Set();
  }
}

function saveProgress(solved: Set<number>): void {
  try {
    localStorage.setItem(STORE, JSON.stringify({ solved: [...solved].sort((a, b) => a - b) }));
  } catch {
    /* storage refused (private mode): progress lasts for this page only */
  }
}

// ------------------------------------------------------------------------------------- checking

interface Verdict {
  right: boolean;
  text: string;
}

const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function engineNumbers(ex: Exercise): string {
  switch (ex.kind) {
    case 'view': {
      const r = runChain(ex.dims, ex.ops);
      return `engine: shape ${formatList(r.shape)}, strides ${formatList(r.strides)}, offset ${r.offset}`;
    }
    case 'address':
      return `engine: linearIndex(${formatList(ex.idx!)}) = ${addressAfter(ex.dims, ex.ops, ex.idx!)}`;
    case 'mask': {
      const r = runChain(ex.dims, ex.ops);
      const hidden = r.cells.filter((c) => !c.valid).map((c) => `(${c.idx.join(', ')})`);
      return `engine: mask ${r.mask ? r.mask.map(([b, e]) => `[${b}, ${e})`).join(', ') : 'none'}; hidden cells ${hidden.join(' ')}`;
    }
    case 'reshape': {
      const r = reshapeIsView(ex.dims, ex.ops, ex.shape!);
      return `engine: ${r.view ? 'a view' : 'not a view'}: ${r.text}`;
    }
    case 'build': {
      const r = runChain(ex.dims, ex.target!);
      return `engine: ${ex.target!.map((o) => (o.arg ? `${o.name} ${o.arg}` : o.name)).join(' → ')} gives shape ${formatList(r.shape)}, strides ${formatList(r.strides)}, offset ${r.offset} in ${ex.target!.length} op${ex.target!.length === 1 ? '' : 's'}`;
    }
  }
}

function check(ex: Exercise, form: HTMLFormElement, hidden: Set<number>): Verdict {
  const val = (name: string): string => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  switch (ex.kind) {
    case 'view': {
      const r = runChain(ex.dims, ex.ops);
      const strides = parseInts(val('strides'), 'strides');
      const offset = parseInts(val('offset'), 'offset');
      if (offset.length !== 1) return { right: false, text: 'Type one integer for the offset.' };
      const okS = same(strides, r.strides);
      const okO = offset[0] === r.offset;
      if (okS && okO) return { right: true, text: `Right: strides ${formatList(r.strides)}, offset ${r.offset}.` };
      return { right: false, text: `Not yet: ${okS ? 'the strides are right' : `strides ${formatList(strides)} are not the engine's`}; ${okO ? 'the offset is right' : `offset ${offset[0]} is not`}.` };
    }
    case 'address': {
      const want = addressAfter(ex.dims, ex.ops, ex.idx!);
      const got = parseInts(val('address'), 'address');
      if (got.length !== 1) return { right: false, text: 'Type one integer.' };
      return got[0] === want ? { right: true, text: `Right: address ${want}.` } : { right: false, text: `Not yet: address ${got[0]} is not where (${ex.idx!.join(', ')}) reads.` };
    }
    case 'mask': {
      const r = runChain(ex.dims, ex.ops);
      const want = new Set(r.cells.flatMap((c, k) => (c.valid ? [] : [k])));
      const missing = [...want].filter((k) => !hidden.has(k)).length;
      const extra = [...hidden].filter((k) => !want.has(k)).length;
      if (!missing && !extra) return { right: true, text: `Right: ${want.size} cells are padding.` };
      return { right: false, text: `Not yet: ${missing} hidden cell${missing === 1 ? '' : 's'} not chosen, ${extra} chosen cell${extra === 1 ? ' is' : 's are'} read.` };
    }
    case 'reshape': {
      const choice = (form.querySelector('input[name="isview"]:checked') as HTMLInputElement | null)?.value;
      if (!choice) return { right: false, text: 'Choose yes or no.' };
      const r = reshapeIsView(ex.dims, ex.ops, ex.shape!);
      const right = (choice === 'yes') === r.view;
      return { right, text: right ? `Right: ${r.view ? 'it is a view' : 'it needs a copy'}.` : `Not yet: the engine says ${r.view ? 'it is a view' : 'it is not a view'}.` };
    }
    case 'build': {
      const chain = parseOpChain(val('chain'));
      if (!chain.length) return { right: false, text: 'Type at least one op, one per line.' };
      const want = runChain(ex.dims, ex.target!);
      const got = runChain(ex.dims, chain);
      const match = same(got.shape, want.shape) && same(got.strides, want.strides) && got.offset === want.offset && JSON.stringify(got.mask) === JSON.stringify(want.mask);
      if (!match) return { right: false, text: `Not yet: your chain gives shape ${formatList(got.shape)}, strides ${formatList(got.strides)}, offset ${got.offset}.` };
      if (chain.length > ex.target!.length) return { right: false, text: `That view is right, in ${chain.length} ops; it can be done in ${ex.target!.length}.` };
      return { right: true, text: `Right, in ${chain.length} op${chain.length === 1 ? '' : 's'}.` };
    }
  }
}

// ------------------------------------------------------------------------------------- drawing

function answerFields(ex: Exercise, hidden: Set<number>): HTMLElement {
  const field = (name: string, label: string, placeholder: string) =>
    h('span', { class: 'pfield' }, h('label', { for: `p-${name}` }, label), h('input', { id: `p-${name}`, name, 'data-testid': `practice-${name}`, autocomplete: 'off', spellcheck: 'false', placeholder }));
  switch (ex.kind) {
    case 'view':
      return h('div', { class: 'pfields' }, field('strides', 'strides', 'e.g. 4, 1'), field('offset', 'offset', 'e.g. 0'));
    case 'address':
      return h('div', { class: 'pfields' }, field('address', `address of (${ex.idx!.join(', ')})`, 'an integer'));
    case 'reshape':
      return h(
        'fieldset',
        { class: 'pchoice' },
        h('legend', {}, `reshape(${formatList(ex.shape!)}) without a copy?`),
        ...['yes', 'no'].map((v) =>
          h('label', {}, h('input', { type: 'radio', name: 'isview', value: v, 'data-testid': `practice-${v}` }), v === 'yes' ? ' yes, a view' : ' no, it needs a copy'),
        ),
      );
    case 'build':
      return h(
        'div',
        { class: 'pfields' },
        h(
          'span',
          { class: 'pfield wide' },
          h('label', { for: 'p-chain' }, 'your ops, one per line or separated by ; (e.g. ', h('code', {}, 'transpose'), ', ', h('code', {}, 'slice ::-1, 1:3'), ', ', h('code', {}, 'flip 0'), ')'),
          h('textarea', { id: 'p-chain', name: 'chain', rows: 3, 'data-testid': 'practice-chain', spellcheck: 'false' }),
        ),
      );
    case 'mask': {
      const r = runChain(ex.dims, ex.ops);
      const [rows, cols] = r.shape.length === 2 ? [r.shape[0]!, r.shape[1]!] : [1, r.shape[0] ?? 0];
      const grid = h('div', { class: 'pmask', role: 'group', 'aria-label': `the [${r.shape.join(', ')}] view: press a cell to mark it as padding`, style: `--cols:${cols}` });
      for (let k = 0; k < rows * cols; k++) {
        const idx = r.cells[k]!.idx;
        const b = h(
          'button',
          { type: 'button', class: 'pcell', 'data-k': k, 'data-testid': `practice-cell-${idx.join('-')}`, 'aria-pressed': hidden.has(k) ? 'true' : 'false' },
          `(${idx.join(', ')})`,
        );
        grid.append(b);
      }
      return grid;
    }
  }
}

/** Draws exercise `n` (1-based) into `root`. */
export function renderPractice(root: HTMLElement, n: number): void {
  const solved = loadProgress();
  const idx = Math.min(Math.max(1, n), EXERCISES.length);
  const ex = EXERCISES[idx - 1]!;
  const hidden = new Set<number>();

  const list = h(
    'ol',
    { class: 'plist', 'data-testid': 'practice-list' },
    ...EXERCISES.map((e, i) =>
      h(
        'li',
        { class: solved.has(i + 1) ? 'solved' : '' },
        h(
          'a',
          { href: `#practice=${i + 1}`, 'aria-current': i + 1 === idx ? 'page' : null, 'data-testid': `practice-link-${i + 1}` },
          `${i + 1}. ${e.title}`,
          h('span', { class: 'plevel' }, ` · ${e.level}`),
          solved.has(i + 1) ? h('span', { class: 'pdone' }, ' ✓ solved') : null,
        ),
      ),
    ),
  );

  const feedback = h('p', { class: 'pfeedback', 'data-testid': 'practice-feedback', role: 'status' });
  const hint = h('p', { class: 'phint', 'data-testid': 'practice-hint', hidden: true }, h('b', {}, 'Hint: '), ex.hint);
  const solution = h('div', { class: 'psolution', 'data-testid': 'practice-solution', hidden: true });
  const form = h('form', { class: 'pform', 'data-testid': 'practice-form' });
  form.append(
    answerFields(ex, hidden),
    h(
      'div',
      { class: 'pbar' },
      h('button', { type: 'submit', 'data-testid': 'practice-check' }, 'Check'),
      h('button', { type: 'button', 'data-testid': 'practice-show-solution' }, 'Show the solution'),
      idx > 1 ? h('a', { href: `#practice=${idx - 1}`, class: 'plink', 'data-testid': 'practice-prev' }, '← Previous') : null,
      idx < EXERCISES.length ? h('a', { href: `#practice=${idx + 1}`, class: 'plink', 'data-testid': 'practice-next' }, 'Next →') : null,
    ),
  );
  form.addEventListener('click', (ev) => {
    const b = (ev.target as Element).closest<HTMLButtonElement>('.pcell');
    if (!b) return;
    const k = Number(b.dataset['k']);
    if (hidden.has(k)) hidden.delete(k);
    else hidden.add(k);
    b.setAttribute('aria-pressed', hidden.has(k) ? 'true' : 'false');
  });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    let v: Verdict;
    try {
      v = check(ex, form, hidden);
    } catch (e) {
      v = { right: false, text: toShownError(e).message };
    }
    feedback.textContent = v.text;
    feedback.dataset['verdict'] = v.right ? 'right' : 'wrong';
    feedback.className = `pfeedback ${v.right ? 'right' : 'wrong'}`;
    if (!v.right) hint.hidden = false;
    if (v.right && !solved.has(idx)) {
      solved.add(idx);
      saveProgress(solved);
      list.children[idx - 1]?.classList.add('solved');
      list.children[idx - 1]?.querySelector('a')?.append(h('span', { class: 'pdone' }, ' ✓ solved'));
      progress.textContent = progressText(solved);
    }
  });
  form.querySelector('[data-testid="practice-show-solution"]')!.addEventListener('click', () => {
    const chainOps = ex.kind === 'build' ? ex.target! : ex.ops;
    solution.replaceChildren(
      h('p', {}, h('b', {}, 'Solution: '), ex.why),
      h('p', { class: 'pengine' }, h('code', {}, engineNumbers(ex))),
      h('p', {}, h('a', { href: encodeState({ base: { dims: ex.dims, vars: [] }, ops: chainOps }), 'data-testid': 'practice-explore' }, 'Open this chain in the explorer'), ' to see every cell and stride.'),
    );
    solution.hidden = false;
  });

  const progress = h('p', { class: 'pprogress', 'data-testid': 'practice-progress' }, progressText(solved));
  const chain = [`arange(${ex.dims.reduce((p, d) => p * d, 1)}).reshape(${ex.dims.join(', ')})`, ...ex.ops.map((o) => `.${callText(o)}`)].join('');
  root.replaceChildren(
    h(
      'div',
      { class: 'practice-layout' },
      h('nav', { class: 'card plist-card', 'aria-label': 'Exercises' }, h('h2', {}, 'Exercises'), progress, list),
      h(
        'section',
        { class: 'card pcard', 'aria-labelledby': 'p-title', 'data-testid': 'practice-exercise', 'data-exercise': idx },
        h('h2', { id: 'p-title' }, `Exercise ${idx} of ${EXERCISES.length}: ${ex.title}`, h('span', { class: `plevel-tag ${ex.level}` }, ex.level)),
        h('p', { class: 'pprompt', 'data-testid': 'practice-prompt' }, ex.prompt),
        ex.kind === 'build' ? null : h('p', { class: 'pchain' }, 'the chain: ', h('code', {}, chain)),
        form,
        feedback,
        hint,
        solution,
      ),
    ),
  );
}

function progressText(solved: Set<number>): string {
  return `${solved.size} of ${EXERCISES.length} solved (kept in this browser)`;
}
