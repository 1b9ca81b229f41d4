// The <stride-view> custom element (strideview/element) in every browser engine: the plain HTML
// page examples/stride-view/index.html, served as it is from a localhost origin with dist/ (the
// built package), in chromium, firefox and webkit (element.<engine>.test.mjs each call
// elementSuite(engine); engines.mjs drives them). The server only puts two classic scripts first
// in the page: the error probe (PROBE_JS) and axe-core (npm devDependency) for the scan.
//   - the page loads the element, which calls init() itself and renders a grid of the right size
//     with the engine's strides and offset;
//   - hover and focus link a grid cell with its memory cell and back; arrow keys move the focus;
//   - padded cells are hatched (masked), a broadcast reads one memory cell from several cells;
//   - a bad op shows an error text inside the element and dispatches an `error` event;
//   - changing the attributes re-renders;
//   - the page's own data: the data and dtype attributes (NumPy's dtype for the data when none is
//     given, values shown as the dtype holds them, bool included), data reshaped to shape, the data
//     property (nested arrays, typed arrays, ndarray-likes, set before the element is defined);
//   - a size mismatch, invalid JSON, an unknown dtype, a value out of the dtype's range and too
//     much data are errors inside the element and `error` events, never thrown;
//   - axe-core finds no serious or critical violation (shadow roots included).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import { browserSession, engineSkip, PROBE_JS, serveStatic, test } from './engines.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const T = { timeout: 120_000 };
const PAGE = '/examples/stride-view/index.html';

const TYPES = { '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.map': 'application/json' };

function serve() {
  const extra = {
    '/probe.js': PROBE_JS,
    '/axe.min.js': readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'),
  };
  // Only the page and the built package are served.
  const page = String(readFileSync(path.join(root, PAGE))).replace('<head>', '<head>\n<script src="/probe.js"></script><script src="/axe.min.js"></script>');
  const lookup = (url) => {
    if (!/^\/dist\/[\w.-]+$/.test(url)) return null;
    try {
      return [TYPES[path.extname(url)] ?? 'application/octet-stream', readFileSync(path.join(root, url))];
    } catch {
      return null;
    }
  };
  return serveStatic({ pages: { [PAGE]: [{}, page] }, files: Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, ['text/javascript', v]])), lookup });
}

// Page-side helpers (evaluated in the page): the rendered state of one element.
const STATE = (id) => {
  const host = document.getElementById(id);
  const r = host && host.shadowRoot;
  if (!r || !r.querySelector('.strip, .error')) return null;
  const facts = {};
  for (const row of r.querySelectorAll('.facts > div')) facts[row.querySelector('dt').textContent] = row.querySelector('dd').textContent;
  const grids = [...r.querySelectorAll('.grid')];
  return {
    facts,
    error: r.querySelector('.error')?.textContent ?? null,
    grids: grids.map((g) => [...g.querySelectorAll('[role="row"]')].map((row) => [...row.querySelectorAll('[role="gridcell"]')].map((c) => c.textContent))),
    memory: r.querySelectorAll('.strip [role="gridcell"]').length,
    values: [...r.querySelectorAll('.strip [role="gridcell"]')].map((c) => c.firstChild.textContent),
    masked: r.querySelectorAll('.grid .masked').length,
    unused: r.querySelectorAll('.strip .unused').length,
  };
};

export function elementSuite(engine) {
  const skip = engineSkip(engine);
  const session = browserSession(engine, 'element', serve);

  async function open() {
    const p = await session.browser.newPage();
    await p.goto(`http://127.0.0.1:${session.server.port}${PAGE}`);
    for (const id of ['preset', 'padded', 'expanded', 'live', 'own', 'mask', 'reshaped', 'from-js']) {
      await p.waitFor(STATE, id, { what: `<stride-view id=${id}> rendered` });
    }
    return p;
  }
  const state = (p, id) => p.evaluate(STATE, id);

  describe(`<stride-view> in ${engine}`, { skip }, () => {
    test('the plain page renders each element: grid size, strides and offset from the engine', T, async () => {
      const p = await open();
      const s = await state(p, 'preset');
      // arange(12).reshape([3,4]).transpose() then [::-1, 1:3]: shape [4,2], strides [-1,4], offset 7.
      assert.equal(s.error, null);
      assert.deepEqual(s.facts, { shape: '[4, 2]', dtype: 'int32', strides: '[-1, 4]', offset: '7', mask: 'none', contiguous: 'no' });
      assert.deepEqual(s.grids, [[['7', '11'], ['6', '10'], ['5', '9'], ['4', '8']]]);
      assert.equal(s.memory, 12);
      assert.equal(s.unused, 4); // addresses 0-3 are not read
      // Padding: a [4,4] view whose 10 padded cells are masked (hatched); no copy of the 6 elements.
      const pd = await state(p, 'padded');
      assert.equal(pd.facts.shape, '[4, 4]');
      assert.equal(pd.facts.mask, '[(1, 3), (0, 3)]');
      assert.equal(pd.masked, 10);
      assert.deepEqual(pd.grids, [[['', '', '', ''], ['0', '1', '2', ''], ['3', '4', '5', ''], ['', '', '', '']]]);
      assert.equal(pd.memory, 6);
      // expand: stride 0, three grid rows read the same 4 memory cells.
      const ex = await state(p, 'expanded');
      assert.equal(ex.facts.strides, '[0, 1]');
      assert.deepEqual(ex.grids[0], [['0', '1', '2', '3'], ['0', '1', '2', '3'], ['0', '1', '2', '3']]);
      // Rank 3: one grid per leading index.
      const live = await state(p, 'live');
      assert.equal(live.facts.shape, '[3, 2, 2]');
      assert.equal(live.grids.length, 3);
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    test('hover and focus link a grid cell with its memory cell; arrow keys move the focus', T, async () => {
      const p = await open();
      const linked = () =>
        p.evaluate(() => {
          const r = document.getElementById('preset').shadowRoot;
          return {
            grid: [...r.querySelectorAll('.grid .linked')].map((c) => c.dataset.idx),
            memory: [...r.querySelectorAll('.strip .linked')].map((c) => c.dataset.addr),
          };
        });
      // Pointer over grid cell [0, 1] (value 11, address 11).
      await p.evaluate(() => {
        const c = document.getElementById('preset').shadowRoot.querySelector('.grid [data-idx="0,1"]');
        c.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
      });
      assert.deepEqual(await linked(), { grid: ['0,1'], memory: ['11'] });
      // Pointer over memory address 4: the grid cell reading it, [3, 0].
      await p.evaluate(() => {
        const c = document.getElementById('preset').shadowRoot.querySelector('.strip [data-addr="4"]');
        c.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
      });
      assert.deepEqual(await linked(), { grid: ['3,0'], memory: ['4'] });
      // Broadcast: one memory cell, three grid cells.
      await p.evaluate(() => {
        const c = document.getElementById('expanded').shadowRoot.querySelector('.strip [data-addr="2"]');
        c.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
      });
      const ex = await p.evaluate(() => [...document.getElementById('expanded').shadowRoot.querySelectorAll('.grid .linked')].map((c) => c.dataset.idx));
      assert.deepEqual(ex, ['0,2', '1,2', '2,2']);
      // Keyboard: the grid's one tab stop, then ArrowRight and ArrowDown move the focus (and the link).
      await p.evaluate(() => document.getElementById('preset').shadowRoot.querySelector('.grid [tabindex="0"]').focus());
      await p.keyboard('ArrowRight');
      await p.keyboard('ArrowDown');
      const focused = await p.evaluate(() => {
        const r = document.getElementById('preset').shadowRoot;
        const a = r.activeElement;
        return { idx: a && a.dataset.idx, tabindex: a && a.getAttribute('tabindex'), label: a && a.getAttribute('aria-label'), memory: [...r.querySelectorAll('.strip .linked')].map((c) => c.dataset.addr) };
      });
      assert.deepEqual(focused, { idx: '1,1', tabindex: '0', label: '10: element [1, 1] reads address 10', memory: ['10'] });
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    test('a bad op shows an error text inside the element and dispatches an error event; attributes re-render', T, async () => {
      const p = await open();
      await p.evaluate(() => {
        window.__events = [];
        const live = document.getElementById('live');
        live.addEventListener('error', (e) => window.__events.push(e.detail));
        live.setAttribute('ops', 'transpose; reshape! 12');
      });
      const err = await p.waitFor(() => window.__events.length > 0 && { events: window.__events, text: document.getElementById('live').shadowRoot.querySelector('.error')?.textContent }, undefined, { what: 'the error event' });
      assert.match(err.text, /^reshape: cannot reshape \[4,3\] with strides \[1,4\] to \[12\]/);
      assert.deepEqual(err.events, [{ message: err.text, code: 'not_expressible' }]);
      assert.equal(await p.evaluate(() => document.getElementById('live').shadowRoot.querySelector('.error').getAttribute('role')), 'alert');
      // Malformed text: the op-chain parser's message, code 'input'.
      await p.evaluate(() => document.getElementById('live').setAttribute('ops', 'transpose; frobnicate 2'));
      const bad = await p.waitFor(() => window.__events.length > 1 && window.__events[1], undefined, { what: 'the second error event' });
      assert.equal(bad.code, 'input');
      assert.match(bad.message, /"frobnicate 2" is not an op/);
      // Attribute change re-renders: new shape and ops (typed into the page's input for ops).
      await p.evaluate(() => {
        const live = document.getElementById('live');
        live.setAttribute('shape', '2,5');
        live.setAttribute('ops', 'flip 1');
      });
      const s = await p.waitFor(() => {
        const r = document.getElementById('live').shadowRoot;
        return !r.querySelector('.error') && r.querySelector('.facts') && r.querySelector('.facts').textContent.includes('[2, 5]') && r.querySelector('.facts').textContent;
      }, undefined, { what: 'the re-render with shape 2,5' });
      assert.match(s, /strides\[5, -1\]offset4/);
      const st = await state(p, 'live');
      assert.deepEqual(st.grids, [[['4', '3', '2', '1', '0'], ['9', '8', '7', '6', '5']]]);
      // Never thrown: the probe saw no page error except the element's own two `error` events
      // (the probe listens for 'error' on window in the capture phase; a CustomEvent has no message).
      const events = await p.evaluate(() => window.__events.map((e) => e.message));
      assert.deepEqual(await p.errors(), ['error: undefined', 'error: undefined'], JSON.stringify(events));
      await p.close();
    });

    test("the page's own data: data and dtype attributes, bool data, data reshaped to shape, set before definition", T, async () => {
      const p = await open();
      // float32 data, transposed and reversed: the values as float32 holds them, shortest digits.
      const own = await state(p, 'own');
      assert.equal(own.error, null);
      assert.deepEqual(own.facts, { shape: '[3, 2]', dtype: 'float32', strides: '[-1, 3]', offset: '2', mask: 'none', contiguous: 'no' });
      assert.deepEqual(own.grids, [[['0.3', '3.5'], ['0.2', '2.5'], ['0.1', '1.5']]]);
      assert.deepEqual(own.values, ['0.1', '0.2', '0.3', '1.5', '2.5', '3.5']);
      // bool data: dtype bool by inference, True/False in both parts.
      const mask = await state(p, 'mask');
      assert.equal(mask.facts.dtype, 'bool');
      assert.deepEqual(mask.grids, [[['True', 'False'], ['False', 'True'], ['True', 'False']]]);
      assert.deepEqual(mask.values, ['True', 'False', 'True', 'False', 'True', 'False']);
      // data + shape: reshaped (a view of the data), then every other column.
      const rs = await state(p, 'reshaped');
      assert.deepEqual(rs.facts, { shape: '[2, 2]', dtype: 'int16', strides: '[3, 2]', offset: '0', mask: 'none', contiguous: 'no' });
      assert.deepEqual(rs.grids, [[['10', '30'], ['40', '60']]]);
      assert.deepEqual(rs.values, ['10', '20', '30', '40', '50', '60']);
      assert.equal(rs.unused, 2);
      // The property set by a classic script before the module defined the element.
      const js = await state(p, 'from-js');
      assert.deepEqual(js.facts, { shape: '[2, 4]', dtype: 'float64', strides: '[4, -1]', offset: '7', mask: 'none', contiguous: 'no' });
      assert.deepEqual(js.grids, [[['1.75', '1.5', '1.25', '1.0'], ['2.75', '2.5', '2.25', '2.0']]]);
      // No dtype: NumPy's np.array(data) choice (int64 for integers, float64 when the text writes a float).
      const render = (attrs) =>
        p.evaluate((a) => {
          const e = document.createElement('stride-view');
          for (const [k, v] of Object.entries(a)) e.setAttribute(k, v);
          e.id = 'probe-' + Math.random().toString(36).slice(2);
          document.body.append(e);
          return e.id;
        }, attrs);
      const cases = [
        [{ data: '[[1, 2], [3, 4]]', ops: 'transpose' }, 'int64', [['1', '3'], ['2', '4']]],
        [{ data: '[[1.0, 2], [3, 4]]' }, 'float64', [['1.0', '2.0'], ['3.0', '4.0']]],
        [{ data: '[[1, 2], [3, 4]]', dtype: 'uint8' }, 'uint8', [['1', '2'], ['3', '4']]],
        [{ data: '[0.1, NaN, -Infinity, 1e20]', dtype: 'float16' }, 'float16', [['0.1', 'nan', '-inf', 'inf']]],
        [{ data: '[0.1, NaN, -Infinity, 1e20, 1.5e-5]' }, 'float64', [['0.1', 'nan', '-inf', '1e+20', '1.5e-05']]],
        [{ data: '[true, 2]' }, 'int64', [['1', '2']]],
        [{ data: '[[1, 0], [2, 0]]', dtype: 'bool', ops: 'transpose' }, 'bool', [['True', 'True'], ['False', 'False']]],
        [{ shape: '2,2', dtype: 'float32' }, 'float32', [['0.0', '1.0'], ['2.0', '3.0']]],
      ];
      for (const [attrs, dtype, grid] of cases) {
        const id = await render(attrs);
        const st = await p.waitFor(STATE, id, { what: `<stride-view ${JSON.stringify(attrs)}> rendered` });
        assert.equal(st.error, null, JSON.stringify(attrs));
        assert.equal(st.facts.dtype, dtype, JSON.stringify(attrs));
        assert.deepEqual(st.grids, [grid], JSON.stringify(attrs));
      }
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    test('the data property: nested arrays, typed arrays, ndarray-likes; setting re-renders; the last one set wins', T, async () => {
      const p = await open();
      // step(fn): runs fn in the page, waits for the next render (or error) of #from-js, returns what it shows.
      await p.evaluate(() => {
        window.__done = 0;
        const e = document.getElementById('from-js');
        for (const ev of ['render', 'error']) e.addEventListener(ev, () => window.__done++);
      });
      const step = async (fn) => {
        const n = await p.evaluate(() => window.__done);
        await p.evaluate(`() => { (${String(fn)})(); }`); // nothing returned (WebDriver serializes results)
        return p.waitFor(
          (k) => {
            if (window.__done <= k) return null;
            const r = document.getElementById('from-js').shadowRoot;
            return {
              dd: [...r.querySelectorAll('.facts dd')].map((x) => x.textContent),
              cells: [...r.querySelectorAll('.grid [role="row"]')].map((row) => [...row.querySelectorAll('[role="gridcell"]')].map((c) => c.textContent)),
              error: r.querySelector('.error')?.textContent ?? null,
            };
          },
          n,
          { what: `the render after ${String(fn)}` },
        );
      };
      let s = await step(() => {
        const e = document.getElementById('from-js');
        e.removeAttribute('shape');
        e.removeAttribute('ops');
        e.data = [[1, 2, 3], [4, 5, 6]];
      });
      assert.equal(s.dd[1], 'int64');
      assert.deepEqual(s.cells, [['1', '2', '3'], ['4', '5', '6']]);
      assert.deepEqual(await p.evaluate(() => document.getElementById('from-js').data), [[1, 2, 3], [4, 5, 6]]);
      // A typed array brings its dtype; the dtype property (reflected as the attribute) casts.
      s = await step(() => (document.getElementById('from-js').data = new Int8Array([-1, 5, 7])));
      assert.equal(s.dd[1], 'int8');
      assert.deepEqual(s.cells, [['-1', '5', '7']]);
      s = await step(() => (document.getElementById('from-js').dtype = 'float32'));
      assert.equal(s.dd[1], 'float32');
      assert.deepEqual(s.cells, [['-1.0', '5.0', '7.0']]);
      assert.equal(await p.evaluate(() => document.getElementById('from-js').getAttribute('dtype')), 'float32');
      s = await step(() => (document.getElementById('from-js').dtype = null));
      assert.equal(s.dd[1], 'int8');
      // An ndarray-like (scijs / @stdlib): strides and offset are read, the values copied in C order.
      s = await step(() => (document.getElementById('from-js').data = { data: new Int32Array([1, 2, 3, 4, 5, 6]), shape: [3, 2], stride: [1, 3], offset: 0 }));
      assert.deepEqual(s.dd.slice(0, 2), ['[3, 2]', 'int32']);
      assert.deepEqual(s.cells, [['1', '4'], ['2', '5'], ['3', '6']]);
      // The data attribute, set last, replaces the property's data; null goes back to the attribute.
      s = await step(() => document.getElementById('from-js').setAttribute('data', '[[9, 8]]'));
      assert.deepEqual(s.dd.slice(0, 2), ['[1, 2]', 'int64']);
      assert.deepEqual(s.cells, [['9', '8']]);
      assert.equal(await p.evaluate(() => document.getElementById('from-js').data), null);
      s = await step(() => {
        const e = document.getElementById('from-js');
        e.data = [true, false];
        e.data = null;
      });
      assert.deepEqual(s.dd.slice(0, 2), ['[1, 2]', 'int64']);
      assert.deepEqual(s.cells, [['9', '8']]);
      assert.deepEqual(await p.errors(), []);
      await p.close();
    });

    test('bad data is an error inside the element and an error event: size mismatch, invalid JSON, dtype, range, limit', T, async () => {
      const p = await open();
      const cases = [
        [{ data: '[[1, 2, 3], [4, 5, 6]]', shape: '4,2' }, /^shape: \[4, 2\] has 8 elements; the data has 6 \(shape \[2, 3\]\)$/],
        [{ data: '[[1, 2], [3, 4]' }, /^data: "\[\[1, 2\], \[3, 4\]" is not JSON \(.+\)$/],
        [{ data: '[[1, 2], [3]]' }, /^data: ragged lists: data\[1\] is a list of 1, where data\[0\] is a list of 2$/],
        [{ data: '[1, "two"]' }, /^data: data\[1\] is "two"; the elements are numbers, or true and false$/],
        [{ data: '[1, 2]', dtype: 'float' }, /^dtype: "float" is not a dtype; use one of float32, float64, .*bool, float16$/],
        [{ data: '[1, 2]', dtype: 'complex64' }, /^dtype: complex64: <stride-view> shows real elements; use one of float32, .*float16 \(a complex array's parts are real views: a\.real, a\.imag\)$/],
        [{ data: '[[1, 300]]', dtype: 'int8' }, /^data: data\[0\]\[1\] = 300 is out of bounds for int8 \(-128 to 127\)$/],
        [{ data: JSON.stringify(Array.from({ length: 65 }, () => Array(64).fill(0))) }, /^data: \[65, 64\] has 4160 elements; <stride-view> starts from at most 4096$/],
      ];
      for (const [attrs, re] of cases) {
        const got = await p.evaluate((a) => {
          const e = document.createElement('stride-view');
          for (const [k, v] of Object.entries(a)) e.setAttribute(k, v);
          return new Promise((resolve) => {
            e.addEventListener('error', (ev) => resolve({ detail: ev.detail, text: e.shadowRoot.querySelector('.error')?.textContent, role: e.shadowRoot.querySelector('.error')?.getAttribute('role'), prop: e.error }));
            document.body.append(e);
          });
        }, attrs);
        assert.match(got.text, re, JSON.stringify(attrs));
        assert.deepEqual(got.detail, { message: got.text, code: 'input' });
        assert.equal(got.role, 'alert');
        assert.equal(got.prop, got.text);
      }
      // The data property too (a string is read as the attribute's JSON); fixing it renders again.
      const fixed = await p.evaluate(() => {
        const e = document.getElementById('own');
        return new Promise((resolve) => {
          e.addEventListener('error', (ev) => {
            e.addEventListener('render', () => resolve({ message: ev.detail.message, error: e.error, grid: e.shadowRoot.querySelectorAll('.grid [role="gridcell"]').length }), { once: true });
            e.data = [[1, 2]];
          }, { once: true });
          e.data = 'not json';
        });
      });
      assert.match(fixed.message, /^data: "not json" is not JSON/);
      assert.deepEqual([fixed.error, fixed.grid], [null, 2]);
      // Never thrown: only the element's own error events reached the probe (a CustomEvent has no message).
      assert.deepEqual(await p.errors(), Array(cases.length + 1).fill('error: undefined'));
      await p.close();
    });

    test('axe-core: no serious or critical violations on the page (shadow roots included)', T, async () => {
      const p = await open();
      const v = await p.evaluate(() =>
        window.axe.run(document, { resultTypes: ['violations'] }).then((r) =>
          r.violations.map((x) => ({ id: x.id, impact: x.impact, nodes: x.nodes.length, target: String(x.nodes[0] && x.nodes[0].target) })),
        ),
      );
      const bad = v.filter((x) => x.impact === 'serious' || x.impact === 'critical');
      assert.deepEqual(bad, [], JSON.stringify(v));
      await p.close();
    });
  });
}
