// One small page API over three browser engines, so that a suite is written once and runs in each:
//   chromium  Debian's /usr/bin/chromium, playwright-core (CDP), launched by chromium.mjs
//   firefox   Debian's /usr/bin/firefox-esr (153 ESR), puppeteer-core over WebDriver BiDi
//   webkit    Debian's WebKitGTK 2.50 (Safari's engine): /usr/bin/WebKitWebDriver driving
//             MiniBrowser, through selenium-webdriver (W3C WebDriver), on a private Xvfb display
//             (xvfb-run -a; WebKitGTK needs a display even for automation, without one it hangs)
// Nothing is downloaded: every browser is a Debian package (scripts/setup.sh installs them) and
// every driver library an npm devDependency.
//
// Page scripts are evaluated as expression strings (`(fn)(arg)`), which all three drivers accept.
// Waiting is always for a condition in the page (waitFor), polled every 25 ms with a deadline and
// a description; there are no fixed sleeps. Errors in the page are collected the same way in every
// engine by a probe script the suites put first in their pages (PROBE_JS): window errors
// (including failed resource loads), unhandled rejections and console.error calls; chromium and
// firefox add the driver's own console / pageerror events.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test as nodeTest } from 'node:test';
import { CHROMIUM, launchChromium } from './chromium.mjs';

export const FIREFOX = process.env.SV_FIREFOX || '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.SV_WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.SV_MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const ENGINES = ['chromium', 'firefox', 'webkit'];

const BINARIES = {
  chromium: [[CHROMIUM, 'chromium']],
  firefox: [[FIREFOX, 'firefox-esr']],
  webkit: [
    [WEBKIT_DRIVER, 'webkit2gtk-driver'],
    [MINIBROWSER, 'webkit2gtk-driver (MiniBrowser comes with libwebkit2gtk-4.1)'],
    ['/usr/bin/xvfb-run', 'xvfb and xauth'],
  ],
};

/** False when `engine` should run; else the reason it is skipped (environment switches only). */
export function engineSkip(engine) {
  if (process.env.SV_SKIP_BROWSER === '1') return 'SV_SKIP_BROWSER=1';
  const only = process.env.SV_ENGINES;
  if (only && !only.split(',').map((s) => s.trim()).includes(engine)) return `SV_ENGINES=${only}`;
  return false;
}

/** Installed in every test page before anything else (a classic script, so CSP 'self' allows it). */
export const PROBE_JS = `(() => {
  const errors = (window.__svErrors = []);
  window.addEventListener('error', (e) => {
    const t = e.target;
    errors.push(t && t !== window && (t.src || t.href) ? 'failed to load ' + (t.src || t.href) : 'error: ' + e.message);
  }, true);
  window.addEventListener('unhandledrejection', (e) => errors.push('unhandledrejection: ' + ((e.reason && e.reason.message) || e.reason)));
  const ce = console.error;
  console.error = function (...a) { errors.push('console.error: ' + a.map(String).join(' ')); return ce.apply(this, a); };
})();`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sameDocument = (a, b) => a.split('#')[0] === b.split('#')[0];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The engine-neutral page. Subclasses implement the `_`-prefixed primitives. */
class Page {
  constructor(engine) {
    this.engine = engine;
    this.native = []; // console errors seen by the driver itself (chromium, firefox)
  }
  /** Evaluates `(fn)(arg)` in the page (fn: a function or its source; arg: JSON). */
  evaluate(fn, arg) {
    return this._eval(`(${String(fn)})(${arg === undefined ? '' : JSON.stringify(arg)})`);
  }
  async goto(url) {
    // A hash-only change is a same-document navigation that would not reload the page: go through
    // about:blank so that every goto is a fresh load (the demo's own hashchange path is tested by
    // changing location.hash in the page).
    const cur = await this.url().catch((e) => {
      if (e instanceof DriverStuck) throw e;
      return 'about:blank';
    });
    if (sameDocument(cur, url)) await this._goto('about:blank');
    await this._goto(url);
  }
  /** Polls `(fn)(arg)` until it is truthy; returns it. `what` names the condition in the error. */
  async waitFor(fn, arg, { timeout = 30_000, what = String(fn) } = {}) {
    const t0 = Date.now();
    for (;;) {
      const v = await this.evaluate(fn, arg);
      if (v) return v;
      if (Date.now() - t0 > timeout) throw new Error(`${this.engine}: timed out after ${timeout} ms waiting for ${what}`);
      await sleep(25);
    }
  }
  waitForSelector(sel, opts = {}) {
    return this.waitFor((s) => !!document.querySelector(s), sel, { what: `selector ${sel}`, ...opts });
  }
  url() {
    return this._eval('location.href');
  }
  getAttribute(sel, name) {
    return this.evaluate(([s, n]) => {
      const e = document.querySelector(s);
      if (!e) throw new Error(`no element ${s}`);
      return e.getAttribute(n);
    }, [sel, name]);
  }
  textContent(sel) {
    return this.evaluate((s) => {
      const e = document.querySelector(s);
      if (!e) throw new Error(`no element ${s}`);
      return e.textContent;
    }, sel);
  }
  count(sel) {
    return this.evaluate((s) => document.querySelectorAll(s).length, sel);
  }
  /** `fn(elements)` in the page, for every element matching `sel`. */
  $$eval(sel, fn) {
    return this._eval(`(${String(fn)})(Array.from(document.querySelectorAll(${JSON.stringify(sel)})))`);
  }
  isVisible(sel) {
    return this.evaluate((s) => {
      const e = document.querySelector(s);
      if (!e) return false;
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    }, sel);
  }
  isDisabled(sel) {
    return this.evaluate((s) => document.querySelector(s).disabled === true, sel);
  }
  async check(sel) {
    if (!(await this.evaluate((s) => document.querySelector(s).checked, sel))) await this.click(sel);
  }
  async focus(sel) {
    await this.evaluate((s) => document.querySelector(s).focus(), sel);
  }
  /** Replaces an input's text as a user would: focus, select all, type (or delete). */
  async fill(sel, text) {
    await this.evaluate((s) => {
      const e = document.querySelector(s);
      e.focus();
      e.select();
    }, sel);
    await this._fill(sel, text);
  }
  /** Focuses `sel` and presses `key` (Playwright names: Enter, ArrowRight, Alt+ArrowLeft). */
  async press(sel, key) {
    await this.focus(sel);
    await this.keyboard(key);
  }
  async hover(sel) {
    await this.scrollIntoView(sel);
    await this._hover(sel);
  }
  /**
   * Clicks the element as a user would: the pointer goes onto it, and it is pressed once the page
   * under the pointer has settled. Why: the demo shows an op's help line while the pointer is over
   * its row (`.op:hover .op-help`), so moving the pointer between ops' buttons shows and hides help
   * lines and the rows below move. Engines apply a new hover state at their next rendering update;
   * in Firefox that came between the driver measuring the button and pressing it, and the click
   * landed on a help line. So: move onto the element, wait two animation frames (the hover state
   * and its layout are applied), and repeat until the pointer's last position is on the element
   * (at most 20 times); then click there.
   */
  async click(sel) {
    await this.evaluate(() => {
      if (window.__svPointer) return;
      window.__svPointer = [-1, -1];
      document.addEventListener('mousemove', (e) => (window.__svPointer = [e.clientX, e.clientY]), true);
    });
    for (let attempt = 0; ; attempt++) {
      await this.hover(sel);
      await this._eval('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))');
      const settled = await this.evaluate((s) => {
        const e = document.querySelector(s);
        let [x, y] = window.__svPointer;
        if (x < 0) {
          // No mousemove in this document yet: the pointer was already where the driver put it
          // (WebKit sends none for a move to the same point), the element's centre.
          const r = e.getBoundingClientRect();
          [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
        }
        const h = document.elementFromPoint(x, y);
        return !!h && (h === e || e.contains(h));
      }, sel);
      if (settled) break;
      if (attempt === 20) throw new Error(`${this.engine}: the page kept moving ${sel} away from the pointer`);
    }
    await this._click(sel);
  }
  /**
   * Scrolls only when the element is not wholly in the viewport (block 'nearest'): every scroll
   * moves the page under a still pointer, which changes the hover state and, in the demo, the
   * layout (see click).
   */
  scrollIntoView(sel) {
    return this.evaluate((s) => {
      const e = document.querySelector(s);
      if (!e) throw new Error(`no element ${s}`);
      e.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }, sel);
  }

  /** Runs a classic script's source in the page (e.g. a library that defines a global). */
  async addScript(source) {
    await this._eval(`(function () {\n${source}\n;return true; })()`);
  }
  /**
   * Makes the page prefer reduced motion. Chromium and Firefox emulate the media feature itself
   * (CSS and matchMedia both see it); WebDriver has no such command, so in WebKit matchMedia is
   * answered for that one query (CSS is not affected). Returns how it was done.
   */
  async emulateReducedMotion() {
    if (await this._emulateReducedMotion()) return 'media feature';
    await this.evaluate(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (q) => {
        if (!/prefers-reduced-motion:\s*reduce/.test(q)) return real(q);
        return { matches: true, media: q, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false };
      };
    });
    return 'matchMedia';
  }
  async _emulateReducedMotion() {
    return false;
  }

  /** The page's errors so far (probe and driver). */
  async errors() {
    const probed = await this._eval('window.__svErrors || []').catch((e) => {
      if (e instanceof DriverStuck) throw e;
      return [`probe unreadable: ${e.message}`];
    });
    return [...probed, ...this.native];
  }
  /** Resizes the viewport; returns what the page then reports (engines may not honour it exactly). */
  async setViewport(width, height) {
    await this._setViewport(width, height);
    return this.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  }
}

// ------------------------------------------------------------------------------------- chromium

class PlaywrightPage extends Page {
  constructor(engine, p) {
    super(engine);
    this.p = p;
    p.on('console', (m) => m.type() === 'error' && this.native.push(`console: ${m.text()}`));
    p.on('pageerror', (e) => this.native.push(`pageerror: ${e}`));
  }
  _eval(expr) {
    return this.p.evaluate(expr);
  }
  _goto(url) {
    return this.p.goto(url);
  }
  _click(sel) {
    return this.p.click(sel);
  }
  _hover(sel) {
    return this.p.hover(sel);
  }
  _fill(sel, text) {
    return this.p.fill(sel, text);
  }
  keyboard(key) {
    return this.p.keyboard.press(key);
  }
  _setViewport(width, height) {
    return this.p.setViewportSize({ width, height });
  }
  async _emulateReducedMotion() {
    await this.p.emulateMedia({ reducedMotion: 'reduce' });
    return true;
  }
  screenshot(file, { fullPage = false } = {}) {
    return this.p.screenshot({ path: file, fullPage });
  }
  close() {
    return this.p.close();
  }
}

// -------------------------------------------------------------------------------------- firefox

class PuppeteerPage extends Page {
  constructor(engine, p) {
    super(engine);
    this.p = p;
    p.on('console', (m) => m.type() === 'error' && this.native.push(`console: ${m.text()}`));
    p.on('pageerror', (e) => this.native.push(`pageerror: ${e}`));
  }
  _eval(expr) {
    return this.p.evaluate(expr);
  }
  _goto(url) {
    return this.p.goto(url, { waitUntil: 'load' });
  }
  _click(sel) {
    return this.p.click(sel);
  }
  _hover(sel) {
    return this.p.hover(sel);
  }
  async _fill(sel, text) {
    if (text === '') await this.p.keyboard.press('Delete');
    else await this.p.keyboard.type(text);
  }
  async keyboard(key) {
    const parts = key.split('+');
    const main = parts.pop();
    for (const m of parts) await this.p.keyboard.down(m);
    await this.p.keyboard.press(main);
    for (const m of parts.reverse()) await this.p.keyboard.up(m);
  }
  _setViewport(width, height) {
    return this.p.setViewport({ width, height });
  }
  async _emulateReducedMotion() {
    try {
      await this.p.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    } catch {
      return false; // not offered over WebDriver BiDi by this Firefox: fall back to matchMedia
    }
    return this.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  }
  screenshot(file, { fullPage = false } = {}) {
    return this.p.screenshot({ path: file, fullPage });
  }
  close() {
    return this.p.close();
  }
}

// --------------------------------------------------------------------------------------- webkit

class SeleniumPage extends Page {
  constructor(engine, d, By, Key) {
    super(engine);
    this.d = d;
    this.By = By;
    this.Key = Key;
  }
  _eval(expr) {
    return this.d.executeScript(`return ${expr};`);
  }
  _goto(url) {
    return this.d.get(url);
  }
  el(sel) {
    return this.d.findElement(this.By.css(sel));
  }
  async _click(sel) {
    await (await this.el(sel)).click();
  }
  async _hover(sel) {
    await this.d.actions().move({ origin: await this.el(sel) }).perform();
  }
  async _fill(sel, text) {
    const e = await this.el(sel);
    await e.clear(); // WebDriver's clear fires input/change like a user deleting the text
    if (text !== '') await e.sendKeys(text);
  }
  keyName(k) {
    const K = this.Key;
    const map = { Enter: K.ENTER, ArrowRight: K.ARROW_RIGHT, ArrowLeft: K.ARROW_LEFT, ArrowUp: K.ARROW_UP, ArrowDown: K.ARROW_DOWN, Alt: K.ALT, Shift: K.SHIFT, Control: K.CONTROL, Tab: K.TAB, Escape: K.ESCAPE, Delete: K.DELETE, Backspace: K.BACK_SPACE, Home: K.HOME, End: K.END };
    if (map[k]) return map[k];
    if (k.length === 1) return k;
    throw new Error(`webkit: no WebDriver key for ${k}`);
  }
  async keyboard(key) {
    const parts = key.split('+').map((k) => this.keyName(k));
    let a = this.d.actions();
    for (const k of parts) a = a.keyDown(k);
    for (const k of parts.reverse()) a = a.keyUp(k);
    await a.perform();
  }
  async _setViewport(width, height) {
    // WebDriver sizes the window, not the viewport: add MiniBrowser's chrome (measured), once.
    const rect = await this.d.manage().window().getRect();
    const inner = await this._eval('({ w: innerWidth, h: innerHeight })');
    await this.d.manage().window().setRect({ width: width + (rect.width - inner.w), height: height + (rect.height - inner.h) });
  }
  async screenshot(file) {
    writeFileSync(file, Buffer.from(await this.d.takeScreenshot(), 'base64'));
  }
  async close() {
    await this.d.get('about:blank');
    this.browser.open = null;
  }
}

// ------------------------------------------------------------------------------------- launching

/**
 * Starts `engine` with a fresh profile under `tmp`; resolves to { engine, version, newPage(),
 * close() }. A missing browser is an error naming the Debian package (setup.sh installs it).
 */
export async function launch(engine, tmp, { width = 1280, height = 800 } = {}) {
  for (const [file, pkg] of BINARIES[engine]) {
    if (!existsSync(file)) throw new Error(`${engine}: ${file} is missing; run bash scripts/setup.sh (installs Debian's ${pkg})`);
  }
  if (engine === 'chromium') {
    const context = await launchChromium(tmp, { viewport: { width, height } });
    const version = context.browser()?.version() ?? 'chromium';
    return {
      engine,
      version,
      newPage: async () => new PlaywrightPage(engine, await context.newPage()),
      close: () => context.close(),
    };
  }
  if (engine === 'firefox') {
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      userDataDir: path.join(tmp, 'firefox-profile'),
      defaultViewport: { width, height },
      // Keep it off the network (this machine's is closed): no updates, telemetry or safe browsing.
      extraPrefsFirefox: {
        'app.update.enabled': false,
        'browser.safebrowsing.malware.enabled': false,
        'browser.safebrowsing.phishing.enabled': false,
        'datareporting.healthreport.uploadEnabled': false,
        'network.captive-portal-service.enabled': false,
        'network.connectivity-service.enabled': false,
      },
    });
    return {
      engine,
      version: await browser.version(),
      newPage: async () => new PuppeteerPage(engine, await browser.newPage()),
      close: () => browser.close(),
    };
  }
  if (engine === 'webkit') return launchWebKit(engine, width, height);
  throw new Error(`unknown engine ${engine}`);
}

/**
 * A WebDriver command that got no answer within COMMAND_MS. WebKitWebDriver handles one command at
 * a time, so when it or MiniBrowser stops answering, every later command waits behind the lost one
 * and each remaining test in the file runs into its own timeout (a clean-clone CI run once lost 14
 * tests to one stuck command). With a deadline on each command the stuck browser is detected, the
 * next page gets a fresh WebKitWebDriver and MiniBrowser, and `test` below runs a test that met a
 * stuck browser once more (it says so in its diagnostics). A real hang in the page (a loop in the
 * demo) hangs the retry too, and the test fails.
 */
export class DriverStuck extends Error {}
const COMMAND_MS = 30_000;

/** Starts WebKitWebDriver on a private Xvfb display and opens one MiniBrowser session. */
async function startWebKit(engine, browser) {
  const { Builder } = await import('selenium-webdriver');
  const port = await freePort();
  // xvfb-run -a: a free display number and its own Xauthority; the driver and MiniBrowser
  // inherit DISPLAY. detached: one process group, ended as a whole by stop().
  // JSC_useSharedArrayBuffer=1: WebKitGTK 2.50 isolates a COOP/COEP page (crossOriginIsolated is
  // true) but keeps SharedArrayBuffer behind this JavaScriptCore option (Safari exposes it under
  // isolation; the GLib ports' patch is not released), so the threaded build runs only with it. It
  // also defines SharedArrayBuffer on pages without isolation, where the package still falls back.
  const proc = spawn('xvfb-run', ['-a', '-s', '-screen 0 1600x1200x24 -nolisten tcp', WEBKIT_DRIVER, `--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, JSC_useSharedArrayBuffer: '1' },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const stop = (signal = 'SIGTERM') => {
    try {
      process.kill(-proc.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const t0 = Date.now();
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/status`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (proc.exitCode !== null || Date.now() - t0 > 30_000) {
      stop();
      throw new Error(`${engine}: WebKitWebDriver did not start on port ${port}: ${stderr}`);
    }
    await sleep(50);
  }
  let d;
  try {
    d = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
  } catch (e) {
    stop();
    throw new Error(`${engine}: no session: ${e.message}\n${stderr}`);
  }
  const run = { d, stop, stderr: () => stderr };
  // Every command (element, actions and window commands too) goes through d.execute.
  const execute = d.execute.bind(d);
  d.execute = (command) => {
    const name = command.getName();
    if (browser.stuck === run) {
      return Promise.reject(new DriverStuck(`${engine}: ${name} not sent: the browser stopped answering`));
    }
    let timer;
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(() => {
        browser.stuck = run;
        const tail = stderr.trim().split('\n').slice(-5).join(' | ');
        reject(new DriverStuck(`${engine}: WebDriver command ${name} got no answer in ${COMMAND_MS / 1000} s${tail ? ` (driver: ${tail})` : ''}`));
      }, COMMAND_MS);
    });
    return Promise.race([execute(command), deadline]).finally(() => clearTimeout(timer));
  };
  return run;
}

async function launchWebKit(engine, width, height) {
  const { By, Key } = await import('selenium-webdriver');
  // One WebDriver session is one window: pages are used one at a time (the suites do).
  const browser = { open: null, stuck: null, restarts: 0 };
  let run = await startWebKit(engine, browser);
  const caps = await run.d.getCapabilities();
  const newPage = async () => {
    if (browser.stuck) {
      // The stuck processes would not answer a quit: end them, and start afresh.
      browser.stuck.stop('SIGKILL');
      browser.open = null;
      browser.restarts++;
      run = await startWebKit(engine, browser);
      browser.stuck = null;
    }
    // A new page replaces the one still open (a test that failed before closing its page).
    if (browser.open) await browser.open.close();
    const p = new SeleniumPage(engine, run.d, By, Key);
    p.browser = browser;
    browser.open = p;
    return p;
  };
  const first = await newPage();
  await first._goto('about:blank');
  await first._setViewport(width, height);
  return {
    engine,
    version: `${caps.get('browserName')} ${caps.get('browserVersion')}`,
    newPage,
    restarts: () => browser.restarts,
    close: async () => {
      if (browser.stuck) return run.stop('SIGKILL');
      try {
        await run.d.quit();
      } finally {
        run.stop();
      }
    },
  };
}

/**
 * node:test's `test`, for the browser suites: a test that met a stuck WebKit browser (DriverStuck)
 * runs once more on the fresh browser the next page gets; any other failure fails it at once.
 */
export function test(name, options, fn) {
  return nodeTest(name, options, async (t) => {
    try {
      return await fn(t);
    } catch (e) {
      if (!(e instanceof DriverStuck)) throw e;
      t.diagnostic(`run again on a fresh browser: ${e.message}`);
      return await fn(t);
    }
  });
}

// ------------------------------------------------------------------------------------- axe-core

/** axe-core's browser build (the devDependency), to inject into a page with page.addScript. */
export function axeSource() {
  return readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../../node_modules/axe-core/axe.min.js'), 'utf8');
}

/**
 * Runs axe-core (injected first) on the page with its experimental rules on too (among them
 * label-content-name-mismatch); resolves to the violations of the given impacts as
 * [{ id, impact, nodes: [target + summary] }].
 */
export async function axeViolations(page, impacts = ['serious', 'critical']) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScript(axeSource());
  const found = await page.evaluate(() => {
    const rules = Object.fromEntries(window.axe.getRules(['experimental']).map((r) => [r.ruleId, { enabled: true }]));
    return window.axe.run(document, { rules, resultTypes: ['violations'] }).then((r) =>
      r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`) })),
    );
  });
  return found.filter((v) => impacts.includes(v.impact));
}

/**
 * A static test server on 127.0.0.1 (a free port), shared by the suites.
 * pages: { path: [headers, html] } (text/html); files: { path: [contentType, body] }; lookup(path):
 * another file ([contentType, body]) or null. `headers` go on every page and file, `fileHeaders` on
 * files only; everything is sent with `cache-control: no-store`; /favicon.ico is 204, anything else
 * 404. Resolves { port, seen (the paths asked for, in order), close() }.
 */
export function serveStatic({ pages = {}, files = {}, lookup = () => null, headers = {}, fileHeaders = {} }) {
  const seen = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x').pathname;
    seen.push(url);
    const base = { 'cache-control': 'no-store', ...headers };
    const file = files[url] ?? (pages[url] ? null : lookup(url));
    if (pages[url]) {
      res.writeHead(200, { ...base, 'content-type': 'text/html; charset=utf-8', ...pages[url][0] });
      res.end(pages[url][1]);
    } else if (file) {
      res.writeHead(200, { ...base, 'content-type': file[0], ...fileHeaders });
      res.end(file[1]);
    } else if (url === '/favicon.ico') {
      res.writeHead(204);
      res.end();
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, seen, close: () => new Promise((r) => server.close(r)) }));
  });
}

/**
 * A suite's browser and server for the whole file (node:test before / after): `serve(tmp)` starts
 * the server (it may build into tmp, a fresh directory removed afterwards), then the engine is
 * launched. Nothing starts when the engine is skipped. The returned object's `server`, `browser`
 * and `tmp` are set once `before` has run.
 */
export function browserSession(engine, name, serve, launchOptions = undefined) {
  const session = { server: null, browser: null, tmp: null };
  before(async () => {
    if (engineSkip(engine)) return;
    session.tmp = mkdtempSync(path.join(os.tmpdir(), `sv-${name}-${engine}-`));
    session.server = await serve(session.tmp);
    session.browser = await launch(engine, session.tmp, launchOptions);
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.close();
    if (session.tmp) rmSync(session.tmp, { recursive: true, force: true });
  });
  return session;
}

/**
 * A page's module script: imports the package (/dist/index.mjs) as `sv` and /compute.mjs's
 * `compute`, runs `body` (which may await and writes its verdict into #out's data-result), then
 * sets body[data-ready] to 'true', or to 'error' with the message in #out's data-error.
 */
export const pageModule = (body) => `
import * as sv from '/dist/index.mjs';
import { compute } from '/compute.mjs';
const out = document.getElementById('out');
try {
${body}
  document.body.dataset.ready = 'true';
} catch (e) {
  out.dataset.error = String((e && e.message) || e);
  document.body.dataset.ready = 'error';
}
`;
