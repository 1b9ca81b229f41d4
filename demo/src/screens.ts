// The two screens: the explorer and practice (#practice=N), chosen by the URL hash.
import { byId } from './dom';
import { stopPlay } from './highlights';
import { renderPractice } from './practice';

export function practiceNumber(hash: string): number | null {
  const m = /^#?practice(?:=(\d+))?$/.exec(hash);
  return m ? Number(m[1] ?? 1) : null;
}

/** Shows the screen the hash names: practice (#practice=N) or the explorer. Returns true for practice. */
export function route(): boolean {
  const n = practiceNumber(location.hash);
  byId('explore').hidden = n !== null;
  byId('practice').hidden = n === null;
  document.body.dataset['screen'] = n === null ? 'explore' : 'practice';
  byId('nav-explore').setAttribute('aria-current', n === null ? 'page' : 'false');
  byId('nav-practice').setAttribute('aria-current', n === null ? 'false' : 'page');
  if (n !== null) {
    stopPlay();
    renderPractice(byId('practice'), n);
    document.title = `strideview practice: exercise ${n}`;
  } else {
    document.title = 'strideview: how a strided view reads memory';
  }
  return n !== null;
}
