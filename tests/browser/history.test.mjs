// The address bar and the history hold the view: the axes (log–log, log–linear, linear) and
// the compared scenario being edited survive a reload and a shared link, a tab switch is a
// history entry that Back undoes, an edit is one once it settles (a typed value at once, a drag
// once it pauses: one entry, not one per input), so that Back undoes it and Forward redoes it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { afterRepaint, appFailures, charts, newAppPage, openApp, useApp, waitReady } from './harness.mjs';

const app = useApp();

const search = (page) => page.evaluate(() => location.search);
const historyLength = (page) => page.evaluate(() => history.length);
const openTab = (page) => page.evaluate(() => document.querySelector('nav.tabs [aria-current="page"]')?.id ?? null);

describe('address and history', () => {
  it('keeps the axes in the address, log–linear included', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=pingpong');
      const loglog = await charts(page);
      await afterRepaint(page, 'pick log–linear', () => page.selectOption('#scale', 'log-linear'));
      await page.waitForFunction(() => location.search.includes('axes=log-linear'));
      const loglin = await charts(page);
      assert.notEqual(loglin.latency.hash, loglog.latency.hash, 'log–linear draws another chart');
      // A reload (or the link in another tab) shows the same axes and the same chart.
      await page.reload({ waitUntil: 'load' });
      await waitReady(page);
      assert.equal(await page.inputValue('#scale'), 'log-linear');
      assert.equal((await charts(page)).latency.hash, loglin.latency.hash);
      await afterRepaint(page, 'pick linear', () => page.selectOption('#scale', 'linear'));
      await page.waitForFunction(() => location.search.includes('axes=linear'));
      await afterRepaint(page, 'pick log–log', () => page.selectOption('#scale', 'log'));
      await page.waitForFunction(() => !location.search.includes('axes='));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('writes the address at load only where it is not the canonical one', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      // Every call of replaceState and pushState the page makes, from its first script on.
      await page.addInitScript(() => {
        window.__writes = [];
        for (const name of ['replaceState', 'pushState']) {
          const original = history[name].bind(history);
          history[name] = (state, unused, url) => {
            window.__writes.push(String(url));
            return original(state, unused, url);
          };
        }
      });
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      assert.deepEqual(await page.evaluate(() => window.__writes), [], 'a canonical address stays as it is');
      // Keys in another order are written in the address's own.
      await openApp(page, app.server.url, '?pattern=pingpong&machine=intel-paragon');
      assert.deepEqual(await page.evaluate(() => window.__writes), ['?machine=intel-paragon&pattern=pingpong']);
      assert.equal(await search(page), '?machine=intel-paragon&pattern=pingpong');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('remembers which compared scenario is edited', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(
        page,
        app.server.url,
        '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong',
      );
      assert.equal(await page.inputValue('#machine'), 'intel-ipsc');
      await page.click('li.compared[data-index="1"] button.edit-compared');
      await page.waitForFunction(() => location.search.includes('edit=2'));
      await page.reload({ waitUntil: 'load' });
      await waitReady(page);
      assert.equal(await page.inputValue('#machine'), 'ametek-s14', 'the edited scenario is the second');
      assert.equal(await page.getAttribute('li.compared[data-index="1"] button.edit-compared', 'aria-pressed'), 'true');
      assert.ok((await search(page)).includes('edit=2'));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('makes a tab switch a history entry, and a slider drag one', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      const start = await search(page);
      const before = await historyLength(page);
      // A drag: many input events, one entry replaced.
      await afterRepaint(page, 'drag alpha', () =>
        page.evaluate(() => {
          const el = document.querySelector('[data-control="alpha"] input[type=range]');
          for (let v = 300; v <= 700; v += 50) {
            el.value = String(v);
            el.dispatchEvent(new Event('input', { bubbles: true }));
          }
        }),
      );
      await page.waitForFunction((s) => location.search !== s, start);
      assert.equal(await historyLength(page), before + 1, 'a drag adds one history entry, once it pauses');
      const dragged = await search(page);

      await afterRepaint(page, 'open Compare', () => page.click('#tab-compare'));
      assert.equal(await openTab(page), 'tab-compare');
      assert.equal(await historyLength(page), before + 2, 'a tab switch adds one entry');
      assert.match(await search(page), /view=compare/);

      await page.goBack();
      await page.waitForFunction(() => !location.search.includes('view=compare'));
      await page.waitForFunction(() => document.querySelector('#tab-calculator')?.getAttribute('aria-current') === 'page');
      assert.equal(await search(page), dragged, 'Back returns to the calculator as it was');
      assert.ok(await page.isVisible('canvas#latency-chart'));

      await page.goForward();
      await page.waitForFunction(() => document.querySelector('#tab-compare')?.getAttribute('aria-current') === 'page');
      assert.match(await search(page), /view=compare/);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});

describe('undo', () => {
  it('Back undoes a settled edit and Forward redoes it, in the calculator and in Traffic', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      for (const [query, key, value] of [
        ['?machine=intel-paragon&pattern=pingpong', 'size', '5000'],
        ['?machine=intel-ipsc&pattern=traffic&view=traffic', 'reps', '3'],
      ]) {
        await openApp(page, app.server.url, query);
        const start = await search(page);
        const before = await historyLength(page);
        const box = page.locator(`input#in-${key}`);
        const was = await box.inputValue();
        await box.fill(value);
        await box.press('Enter');
        await page.waitForFunction((k) => location.search.includes(`${k}=`), key);
        const edited = await search(page);
        assert.notEqual(edited, start);
        assert.equal(await historyLength(page), before + 1, `${key}: the edit is a history entry`);

        await page.goBack();
        await page.waitForFunction((s) => location.search === s, start);
        await page.waitForFunction(([sel, v]) => document.querySelector(sel)?.value === v, [`input#in-${key}`, was]);
        assert.equal(await box.inputValue(), was, `${key}: Back restores the value`);
        assert.ok(page.url().startsWith(app.server.url), 'Back stays in the app');

        await page.goForward();
        await page.waitForFunction((s) => location.search === s, edited);
        await page.waitForFunction(([sel, v]) => document.querySelector(sel)?.value !== v, [`input#in-${key}`, was]);
        if (key === 'reps') {
          await page.waitForFunction(() => /reps=3/u.test(document.querySelector('#traffic-of')?.textContent ?? ''));
        }
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});

describe('page title', () => {
  it('names the view, the machine and the pattern', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      assert.equal(await page.title(), 'Ping-pong on Intel Paragon · Calculator — commcalc');
      await afterRepaint(page, 'pick the DELTA', () => page.selectOption('#machine', 'intel-delta'));
      await page.waitForFunction(() => document.title.startsWith('Ping-pong on Intel Touchstone DELTA'));
      await afterRepaint(page, 'open Compare', () => page.click('#tab-compare'));
      await page.waitForFunction(() => document.title === 'Intel Touchstone DELTA · Compare — commcalc');
      await page.click('#tab-validate');
      await page.waitForFunction(() => / · Validate — commcalc$/.test(document.title));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
