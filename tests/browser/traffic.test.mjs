// The Traffic view: the tab opens it on a traffic scenario, a short run shows the completion
// time `commcalc traffic --json` prints for the same query (the same printed number, so the
// same bits), the address carries every control and reopening it gives the same numbers, a bad
// value is refused with its key named and the state kept, a long run goes to the worker with a
// progress bar and Cancel stops it, and no console error is raised.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { appFailures, cli, newAppPage, openApp, useApp } from './harness.mjs';

const QUERY = 'machine=intel-ipsc&pattern=traffic';
const app = useApp();

/** The raw completion time in the results table, once a run has filled it. */
async function completion(page) {
  await page.waitForSelector('#traffic-results tr[data-metric="completion_us"]');
  return page.getAttribute('#traffic-results tr[data-metric="completion_us"] td.value', 'data-value');
}

/** The CLI's completion time for a query, printed as JavaScript prints the number. */
function cliCompletion(query) {
  const out = JSON.parse(cli(['traffic', '--json', query]));
  return String(out.metrics.completion_us);
}

describe('traffic view', () => {
  it('the tab opens the view on a traffic scenario and a run matches the CLI bit for bit', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=pingpong');
      await page.click('#tab-traffic');
      await page.waitForSelector('#traffic-title');
      assert.match(page.url(), /pattern=traffic/u);
      assert.match(page.url(), /view=traffic/u);
      const raw = await completion(page);
      assert.equal(raw, cliCompletion(QUERY), 'the same completion time as commcalc traffic --json');
      assert.equal(await page.locator('#traffic-cube line[data-link]').count(), 32, 'the 16-node cube\'s 32 links');
      assert.ok((await page.locator('[data-control="dim"]').count()) === 1, 'the simulator keys are controls');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the address round-trips: a control changes it and reopening it gives the same numbers', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${QUERY}&view=traffic`);
      await completion(page);
      await page.selectOption('#in-spatial', 'sphere');
      await page.waitForFunction(() => location.search.includes('spatial=sphere'));
      await page.fill('#in-reps', '3');
      await page.press('#in-reps', 'Enter');
      await page.waitForFunction(() => location.search.includes('reps=3'));
      await page.waitForFunction(() => document.querySelector('#traffic-of')?.textContent.includes('reps=3'));
      const raw = await completion(page);
      const search = new URL(page.url()).search;
      const query = new URLSearchParams(search);
      query.delete('view');
      assert.equal(raw, cliCompletion(decodeURIComponent(query.toString())), 'the CLI agrees on the edited query');
      await openApp(page, app.server.url, search);
      assert.equal(new URL(page.url()).search, search, 'the address is kept as it is');
      assert.equal(await completion(page), raw, 'reopening the address gives the same completion time');
      assert.equal(await page.inputValue('#in-spatial'), 'sphere');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a bad value is refused with its key named and the state kept', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${QUERY}&view=traffic`);
      const before = await completion(page);
      const search = new URL(page.url()).search;
      await page.fill('#in-dim', '13');
      await page.press('#in-dim', 'Enter');
      await page.waitForSelector('#err-dim');
      assert.match(await page.textContent('#err-dim'), /dim.*1 to 12/u);
      assert.equal(new URL(page.url()).search, search, 'the address is unchanged');
      assert.equal(await completion(page), before, 'the results are unchanged');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a long run goes to the worker with a progress bar, and Cancel stops it', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&dim=10&count=1000000&reps=20&view=traffic');
      assert.match(await page.textContent('#traffic-status'), /Press Run/u, 'a long run waits for Run');
      await page.click('#traffic-run');
      await page.waitForSelector('#traffic-progress:not([hidden])');
      await page.waitForFunction(() => document.querySelector('#traffic-progress').value >= 1, null, { timeout: 20_000 });
      // The page stays responsive while the worker runs.
      assert.equal(await page.evaluate(() => 1 + 1), 2);
      await page.click('#traffic-cancel');
      await page.waitForSelector('#traffic-progress[hidden]', { state: 'attached' });
      assert.match(await page.textContent('#traffic-status'), /Cancelled/u);
      await page.waitForTimeout(1500);
      assert.equal(await page.locator('#traffic-results tr[data-metric]').count(), 0, 'no result arrives after Cancel');
      assert.match(await page.textContent('#traffic-status'), /Cancelled/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('runs Figs. 7 and 8 in the worker', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&count=400&reps=2&view=traffic');
      await completion(page);
      await page.click('#traffic-figures-run');
      await page.waitForFunction(() => document.querySelectorAll('#traffic-figs-table tr').length >= 10, null, { timeout: 30_000 });
      assert.match(await page.textContent('#traffic-status'), /Figs\. 7 and 8/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
