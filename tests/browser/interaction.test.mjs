// Working the controls as a person does: drag a slider or step it with the keyboard, switch the
// scale, type a value (good or bad), and copy the address bar into a new tab.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  afterRepaint,
  appFailures,
  charts,
  metricMap,
  newAppPage,
  openApp,
  pageState,
  settle,
  shownErrors,
  useApp,
  watchProblems,
} from './harness.mjs';

const PARAGON = '?machine=intel-paragon&pattern=pingpong';

const app = useApp();

/** The control's slider and number field, by query key. */
function control(page, key) {
  const box = page.locator(`[data-control="${key}"]`);
  return {
    box,
    slider: box.locator('input[type=range]'),
    number: box.locator('input[data-part="number"]'),
    error: box.locator('.error'),
  };
}

/**
 * Moves a slider the way a drag does: a run of `input` events on the way to `fraction` of its
 * range, each a value the slider accepts, then the `change` of its release.
 */
function drag(page, key, fraction, steps = 8) {
  return page.evaluate(
    ({ key, fraction, steps }) => {
      const el = document.querySelector(`[data-control="${key}"] input[type=range]`);
      const min = Number(el.min || 0);
      const max = Number(el.max || 100);
      const from = Number(el.value);
      const to = min + (max - min) * fraction;
      for (let i = 1; i <= steps; i++) {
        el.value = String(from + ((to - from) * i) / steps);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      // Released: `change`, as a slider sends when let go.
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return { from, to: Number(el.value) };
    },
    { key, fraction, steps },
  );
}

function changed(before, after) {
  return {
    latency: before.latency.hash !== after.latency.hash,
    bandwidth: before.bandwidth.hash !== after.bandwidth.hash,
  };
}

describe('sliders', () => {
  it('stepping and dragging a slider changes the chart pixels, the metrics and the URL', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, PARAGON);
      const alpha = control(page, 'alpha');
      assert.equal(await alpha.slider.count(), 1, '[data-control="alpha"] input[type=range] (the NX start-up α)');
      assert.equal(await alpha.number.count(), 1, '[data-control="alpha"] input[data-part="number"]');

      const historyLength = await page.evaluate(() => history.length);

      // A real keyboard: focus the slider and press ArrowRight.
      let s0 = await pageState(page);
      let c0 = await charts(page);
      let m0 = await metricMap(page);
      const v0 = await alpha.slider.inputValue();
      const n0 = await alpha.number.inputValue();
      await alpha.slider.focus();
      await afterRepaint(page, 'ArrowRight on the focused α slider', async () => {
        for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
      });
      let s1 = await pageState(page);
      let c1 = await charts(page);
      let m1 = await metricMap(page);
      assert.ok(Number(await alpha.slider.inputValue()) > Number(v0), 'ArrowRight raised the slider');
      assert.notEqual(await alpha.number.inputValue(), n0, 'the number field follows the slider');
      assert.deepEqual(changed(c0, c1), { latency: true, bandwidth: true }, 'both charts were redrawn differently');
      assert.notEqual(m1.n_half_bytes?.value, m0.n_half_bytes?.value, 'n½ changed with α');
      assert.notEqual(m1.time_us?.value, m0.time_us?.value, 'the time at the size changed with α');
      assert.notEqual(s1.search, s0.search, 'the URL changed');
      assert.ok(new URLSearchParams(s1.search).has('alpha'), `the URL holds alpha, got ${s1.search}`);
      // Ten steps in a row are one edit: one history entry, which Back undoes (history.test.mjs).
      assert.equal(await page.evaluate(() => history.length), historyLength + 1, 'the key steps are one history entry');

      // A drag: a run of input events to three quarters of the range.
      s0 = s1;
      c0 = c1;
      m0 = m1;
      await afterRepaint(page, 'dragging the α slider', () => drag(page, 'alpha', 0.75));
      s1 = await pageState(page);
      c1 = await charts(page);
      m1 = await metricMap(page);
      assert.deepEqual(changed(c0, c1), { latency: true, bandwidth: true }, 'both charts were redrawn differently');
      assert.notEqual(m1.n_half_bytes?.value, m0.n_half_bytes?.value, 'n½ changed with α');
      assert.notEqual(m1.n_half_bytes?.text, m0.n_half_bytes?.text, 'the n½ text changed with α');
      assert.notEqual(s1.search, s0.search, 'the URL changed');
      assert.notEqual(
        new URLSearchParams(s1.search).get('alpha'),
        new URLSearchParams(s0.search).get('alpha'),
        'the URL holds the new α',
      );
      // The drag is one entry more at most (none if it came within the key steps' pause).
      assert.ok(await page.evaluate(() => history.length) <= historyLength + 2, 'the drag did not fill the history');
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('the scale select switches the charts between log–log, log–linear and linear', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, PARAGON);
      const options = await page.$$eval('#scale option', (os) => os.map((o) => o.value));
      assert.deepEqual([...options].sort(), ['linear', 'log', 'log-linear'], '#scale offers log–log, log–linear and linear');
      assert.equal(await page.inputValue('#scale'), 'log', 'log-log by default');
      const c0 = await charts(page);
      await afterRepaint(page, 'choosing linear in #scale', () => page.selectOption('#scale', 'linear'));
      const c1 = await charts(page);
      assert.deepEqual(changed(c0, c1), { latency: true, bandwidth: true }, 'both charts were redrawn differently');
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });
});

describe('the panel in place', () => {
  // The controls are views: a slider step sets the moved control's readout and the sliders'
  // and fields' values (properties), and no element of the panel is added, removed or
  // rewritten. The SP2's a_c moves a_rt's slider range (catalog::ParamSet::bounds), so a_rt's
  // position changes too: set as a property, it shows no change to the DOM.
  it("a drag changes only the moved control's texts, and no element of the panel", async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=ibm-sp2&pattern=pairs');
      const seen = await page.evaluate(async () => {
        const panel = document.querySelector('.controls');
        const slider = panel.querySelector('[data-control="a_c"] input[type=range]');
        const other = panel.querySelector('[data-control="a_rt"] input[type=range]');
        const before = { slider, other, position: other.value, boxes: panel.querySelectorAll('*').length };
        const records = [];
        const observer = new MutationObserver((list) => records.push(...list));
        observer.observe(panel, { subtree: true, childList: true, attributes: true, characterData: true });
        for (const to of [600, 700, 800, 900]) {
          await new Promise((r) => requestAnimationFrame(r));
          slider.value = String(to);
          slider.dispatchEvent(new Event('input', { bubbles: true }));
        }
        await new Promise((r) => requestAnimationFrame(r));
        observer.disconnect();
        const where = (n) => (n.nodeType === 1 ? n : n.parentElement).closest('[data-control]')?.dataset.control ?? 'panel';
        return {
          same: panel.querySelector('[data-control="a_c"] input[type=range]') === before.slider &&
            panel.querySelector('[data-control="a_rt"] input[type=range]') === before.other,
          moved: other.value !== before.position,
          boxes: panel.querySelectorAll('*').length === before.boxes,
          changes: records.map((r) => `${r.type} ${where(r.target)} ${r.attributeName ?? ''}`.trim()),
        };
      });
      assert.ok(seen.same, 'the sliders are the same elements after the drag');
      assert.ok(seen.moved, "a_rt's slider position follows its range");
      assert.ok(seen.boxes, 'no element added or removed');
      assert.ok(seen.changes.length > 0, 'the readout changed');
      const elsewhere = seen.changes.filter((c) => !c.startsWith('characterData a_c') && !c.startsWith('attributes a_c'));
      assert.deepEqual(elsewhere, [], 'only the moved control changed');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});

describe('typing values', () => {
  it('a bad value typed in a number field shows an error and leaves the URL and the results alone', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      const cases = [
        { query: PARAGON, key: 'alpha', bad: '-5', good: '200' },
        { query: '?machine=ethernet-now&pattern=all-to-all', key: 'p', bad: '1', good: '6' },
      ];
      for (const { query, key, bad, good } of cases) {
        await openApp(page, app.server.url, query);
        const ctl = control(page, key);
        assert.equal(await ctl.number.count(), 1, `[data-control="${key}"] input[data-part="number"] on ${query}`);
        const s0 = await pageState(page);
        const m0 = await metricMap(page);

        await ctl.number.fill(bad);
        await ctl.number.press('Enter');
        await settle(page);
        await ctl.error.first().waitFor({ state: 'visible', timeout: 5000 }).catch(() => {});
        const errorText = (await ctl.error.count()) ? (await ctl.error.first().textContent()).trim() : '';
        assert.ok(errorText.length > 0, `[data-control="${key}"] .error has text after typing ${key}=${bad}`);
        assert.ok(await ctl.error.first().isVisible(), `the ${key} error is visible`);
        const listed = await shownErrors(page);
        assert.ok(
          listed.some((e) => e.key === key && e.text.length > 0),
          `ul#errors > li[data-key="${key}"] after typing ${key}=${bad}, got ${JSON.stringify(listed)}`,
        );
        const s1 = await pageState(page);
        assert.equal(s1.search, s0.search, `the URL is unchanged by ${key}=${bad}`);
        assert.deepEqual(await metricMap(page), m0, `the metrics are unchanged by ${key}=${bad}`);

        // Typing a good value clears the error and takes effect.
        await afterRepaint(page, `typing ${key}=${good}`, async () => {
          await ctl.number.fill(good);
          await ctl.number.press('Enter');
        });
        const s2 = await pageState(page);
        assert.equal(await ctl.error.filter({ hasText: /\S/ }).count(), 0, `the ${key} error is gone after ${key}=${good}`);
        assert.equal(Number(new URLSearchParams(s2.search).get(key)), Number(good), `the URL holds ${key}=${good}, got ${s2.search}`);
      }
      assert.deepEqual(problems.page, [], 'no uncaught error');
    } finally {
      await context.close();
    }
  });

  // The SP2's a_rt is measured as 2a_p + a_c: its slider starts at a_c (catalog::ParamSet::bounds)
  // and so moves with it; a field typed in elsewhere keeps its text meanwhile, as it does while
  // any slider moves (only other controls show every field's value again).
  // On disjoint pairs, where a_c counts (on a ping-pong the split of a_rt cancels out and a_c
  // is neither read nor offered).
  it('the SP2\'s a_rt slider starts at a_c as a_c moves, and a refused value typed elsewhere stays', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=ibm-sp2&pattern=pairs');
      const bp = control(page, 'b_p');
      await bp.number.fill('-1');
      await bp.number.press('Enter');
      await settle(page);
      assert.ok(await bp.error.filter({ hasText: /\S/ }).count(), 'b_p=-1 is refused');
      await afterRepaint(page, 'dragging a_c', () => drag(page, 'a_c', 0.8));
      const ac = Number(new URLSearchParams((await pageState(page)).search).get('a_c'));
      assert.ok(ac > 20, `a_c moved up, got ${ac}`);
      assert.equal(await bp.number.inputValue(), '-1', 'the refused b_p stays in its field while a_c moves');
      await afterRepaint(page, 'a_rt to its slider\'s lowest step', () => drag(page, 'a_rt', 0, 1));
      const search = new URLSearchParams((await pageState(page)).search);
      assert.equal(Number(search.get('a_rt')), ac, `a_rt's lowest step is a_c, got ${search}`);
      assert.equal(await control(page, 'a_rt').error.filter({ hasText: /\S/ }).count(), 0, 'and is accepted');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});

describe('the URL is the state', () => {
  it('a URL copied after edits opens the same view in a new page', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, PARAGON);
      await afterRepaint(page, 'choosing hyperbolic (MPI) in #model', () => page.selectOption('#model', 'hyperbolic'));
      assert.ok(await control(page, 'a_pc').slider.count(), '[data-control="a_pc"] slider for the MPI parameters');
      await afterRepaint(page, 'dragging the a_pc slider', () => drag(page, 'a_pc', 0.3));
      await afterRepaint(page, 'typing size 4096', async () => {
        await control(page, 'size').number.fill('4096');
        await control(page, 'size').number.press('Tab');
      });
      const edited = await pageState(page);
      const params = new URLSearchParams(edited.search);
      assert.equal(params.get('model'), 'hyperbolic', `the URL holds the model, got ${edited.search}`);
      assert.ok(params.has('a_pc'), `the URL holds a_pc, got ${edited.search}`);
      assert.ok(params.has('size'), `the URL holds size, got ${edited.search}`);
      const editedMetrics = await metricMap(page);
      const editedCharts = await charts(page);
      const href = page.url();

      const copy = await context.newPage();
      const copyProblems = watchProblems(copy);
      await openApp(copy, href.replace(/\?.*$/, ''), new URL(href).search);
      const restored = await pageState(copy);
      assert.deepEqual(restored, edited, 'same selects, controls and URL');
      assert.deepEqual(await metricMap(copy), editedMetrics, 'same metrics');
      const restoredCharts = await charts(copy);
      assert.equal(restoredCharts.latency.hash, editedCharts.latency.hash, 'the same latency chart');
      assert.equal(restoredCharts.bandwidth.hash, editedCharts.bandwidth.hash, 'the same bandwidth chart');
      assert.deepEqual([...appFailures(problems), ...appFailures(copyProblems)], [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('the pickers and the axes show the address as the page opens, and the patterns a machine lacks say why', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      // None of these is the first option of its select: a select whose value were set before
      // its options were in it would show the first one.
      await openApp(page, app.server.url, '?machine=intel-delta&pattern=global-combine&axes=linear');
      assert.equal(await page.inputValue('#machine'), 'intel-delta');
      assert.equal(await page.inputValue('#pattern'), 'global-combine');
      assert.equal(await page.inputValue('#scale'), 'linear');
      const firsts = await page.$$eval('#machine, #pattern, #scale', (ss) => ss.map((s) => s.options[0].value));
      for (const value of ['intel-delta', 'global-combine', 'linear']) {
        assert.ok(!firsts.includes(value), `${value} is not the first option of its select`);
      }
      // Each pattern the Delta does not offer is disabled with its reason, and listed below.
      const disabled = await page.$$eval('#pattern option[disabled]', (os) => os.map((o) => [o.textContent, o.title]));
      assert.ok(disabled.length > 0, 'the Delta lacks some patterns');
      const listed = await page.$$eval('#pattern ~ div details.hint li', (li) => li.map((l) => l.textContent));
      assert.equal(listed.length, disabled.length, `${listed} against ${disabled}`);
      for (const [label, why] of disabled) {
        assert.match(label, / \(not on this machine\)$/);
        assert.ok(listed.some((l) => l.endsWith(`: ${why}`)), `${label}: ${why} is listed`);
      }
      assert.match(await page.textContent('details.hint summary'), new RegExp(`^${disabled.length} patterns are not available on the Intel`));
      // The parameter sets follow the pattern: ping-pong on the Paragon offers NX and MPI.
      await afterRepaint(page, 'pick the Paragon', () => page.selectOption('#machine', 'intel-paragon'));
      await afterRepaint(page, 'pick ping-pong', () => page.selectOption('#pattern', 'pingpong'));
      await afterRepaint(page, 'pick hyperbolic', () => page.selectOption('#model', 'hyperbolic'));
      const sets = await page.$$eval('#model option', (os) => os.map((o) => [o.value, o.textContent, o.selected]));
      assert.deepEqual(sets, [['hockney', 'NX (hockney)', false], ['hyperbolic', 'MPI (hyperbolic)', true]]);
      assert.equal(new URLSearchParams((await pageState(page)).search).get('model'), 'hyperbolic');
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });
});

describe('notes', () => {
  it('a control\'s note never covers the next control\'s label', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 800 } });
    try {
      await openApp(page, app.server.url, PARAGON);
      const keys = await page.evaluate(() => [...document.querySelectorAll('.controls [data-control]')].map((c) => c.dataset.control));
      for (const [key, next] of keys.slice(0, -1).map((k, i) => [k, keys[i + 1]])) {
        await page.hover(`#label-${key}`);
        const about = page.locator(`#about-${key}`);
        await about.waitFor({ state: 'visible', timeout: 2000 });
        const [a, b] = await Promise.all([about.boundingBox(), page.locator(`#label-${next}`).boundingBox()]);
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        assert.ok(!overlap, `the note of ${key} covers the label of ${next}`);
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it("a size beyond the pattern's range keeps its point on the curve; the size help says bytes once", async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `${PARAGON}&size=1048576`);
      // The point's label is drawn beside it (on the bandwidth chart, where it has room; the
      // pattern's curve stops at 1 MB, short of 1 MiB).
      const labels = await page.evaluate(() => JSON.parse(document.querySelector('canvas#bandwidth-chart').dataset.labels).map((l) => l.text));
      assert.ok(labels.some((t) => t.startsWith('1.05 MB → ')), JSON.stringify(labels));
      // The all-to-all's abscissa is bytes already ("bytes each node sends to each other
      // node"): "in bytes of bytes" read as a slip.
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=all-to-all');
      const help = await page.getAttribute('[data-control="size"]', 'title');
      assert.doesNotMatch(help, /bytes of bytes/u);
      assert.equal(help.match(/bytes/gu)?.length, 1, help);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('switching views leaves no observer of a view it left behind', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      // A collective in the calculator opens the full module, which has every view.
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=broadcast');
      const cdp = await context.newCDPSession(page);
      // The observers alive after a garbage collection: those of the views on the page, and
      // those of views gone that something still holds.
      const alive = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        const count = async (type) => {
          const { result } = await cdp.send('Runtime.evaluate', { expression: `${type}.prototype` });
          const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: result.objectId });
          const { result: n } = await cdp.send('Runtime.callFunctionOn', {
            objectId: objects.objectId,
            functionDeclaration: 'function () { return this.length; }',
            returnByValue: true,
          });
          // The array of what was found would keep them alive for the next count.
          await cdp.send('Runtime.releaseObject', { objectId: objects.objectId });
          return n.value;
        };
        return { resize: await count('ResizeObserver'), intersection: await count('IntersectionObserver') };
      };
      const round = async () => {
        for (const [tab, shown] of [
          ['compare', 'canvas#latency-chart'],
          ['regimes', 'canvas#map-a'],
          ['collectives', 'canvas#coll-chart'],
          ['calculator', 'canvas#latency-chart'],
        ]) {
          await page.click(`#tab-${tab}`);
          await page.waitForFunction((t) => document.querySelector(`#tab-${t}`)?.getAttribute('aria-current') === 'page', tab);
          await page.waitForSelector(shown);
          await settle(page);
        }
      };
      await round();
      const once = await alive();
      assert.ok(once.resize > 0 && once.intersection > 0, JSON.stringify(once));
      await round();
      await round();
      assert.deepEqual(await alive(), once, 'two more rounds of the four views keep as many observers');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});

describe('the curve range', () => {
  // `from` and `to` set the size range of the scenario's curve: offered where a view draws it
  // (the calculator, Compare), not in a view that draws over sizes of its own, where they did
  // nothing.
  it('is offered only in the views that draw the curve', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      const views = [
        ['?machine=intel-delta&pattern=allreduce', true],
        ['?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong', true],
        ['?machine=intel-delta&pattern=allreduce&view=collectives', false],
        ['?machine=intel-ipsc&pattern=traffic&view=traffic', false],
        ['?machine=intel-delta&pattern=global-combine&view=regimes', false],
      ];
      for (const [query, offered] of views) {
        await openApp(page, app.server.url, query);
        const keys = await page.evaluate(() => ['from', 'to'].filter((k) => document.querySelector(`[data-control="${k}"]`)));
        assert.deepEqual(keys, offered ? ['from', 'to'] : [], query);
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
