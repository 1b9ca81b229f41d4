// Debian's chromium driven by playwright-core (never `npx playwright install`: downloads fail here).
// The flags keep it off the network: without --disable-background-networking and friends it keeps
// trying to reach Google's hosts, which this machine's closed network refuses.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM = process.env.SV_CHROMIUM || '/usr/bin/chromium';

/** A persistent headless context with a fresh profile in `dir` (extra: playwright launch options). */
export async function launchChromium(dir, extra = {}) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: run bash scripts/setup.sh (installs Debian's chromium)`);
  }
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    ...extra,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
