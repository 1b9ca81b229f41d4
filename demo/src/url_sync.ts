// The address bar follows the view: the URL hash holds the current state (url.ts), so that a link
// reopens it. Writing it waits for the frame that shows the change.
import { practiceNumber } from './screens';
import { urlState } from './state';
import { encodeState } from './url';

/**
 * The URL holds the view (shareable). Writing it (history.replaceState) blocks the page for 5-20 ms in
 * Chromium, so it waits until the frame that shows the change has been drawn, once for a burst of ops.
 */
let urlPending = false;
/** The hash this page wrote last: a hashchange to it is the page's own. */
let lastHash = '';

export function updateUrl(): void {
  if (urlPending) return;
  urlPending = true;
  requestAnimationFrame(() => setTimeout(() => urlPending && writeUrl(), 0));
}

function writeUrl(): void {
  urlPending = false;
  if (practiceNumber(location.hash) !== null) return;
  const hash = encodeState(urlState());
  lastHash = hash;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

/** Writes a pending URL now (before the link is copied, or when the page is left). */
export function flushUrl(): void {
  if (urlPending) writeUrl();
}

/** The address bar (or back/forward) changed the URL: it wins over a pending write. */
export function dropPendingUrl(): void {
  urlPending = false;
}

/** Whether `hash` is the one this page wrote last. */
export function isOwnHash(hash: string): boolean {
  return hash === lastHash;
}
