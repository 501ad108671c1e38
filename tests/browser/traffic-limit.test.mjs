// The Traffic view's limit on a run's estimate (issue 35, point 16): a run of hours (4096
// nodes, 10⁷ messages, 1000 replications) is not started by Run; the status gives its
// estimate (the core's words, as `commcalc traffic` refuses it) and "Run anyway" starts it in
// the worker, where Cancel stops it; an edit forgets the question; no console error is raised.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { appFailures, cli, newAppPage, openApp, useApp } from './harness.mjs';

const HOURS = 'machine=intel-ipsc&pattern=traffic&dim=12&count=10000000&reps=1000';
const app = useApp();

/** What `commcalc traffic` says of the query: refused, with the estimate the page shows. */
function cliRefusal(query) {
  try {
    cli(['traffic', query], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    return String(e.stderr);
  }
  throw new Error('commcalc traffic ran a run of hours');
}

describe('traffic view: the limit on a run', () => {
  it('Run refuses a run of hours with its estimate; Run anyway starts it, Cancel stops it', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?view=traffic&${HOURS}`);
      await page.waitForSelector('#traffic-title');
      // Numbers are grouped by narrow no-break spaces (`units::grouped`): read as spaces.
      const status = async () => (await page.textContent('#traffic-status')).replace(/\u202f/gu, ' ');
      assert.match(await status(), /Estimated at about 70 000 000 000 events/u);
      assert.ok(await page.isHidden('#traffic-run-anyway'), 'no Run anyway before Run');
      await page.click('#traffic-run');
      const refused = await status();
      assert.match(refused, /^Not run: this simulation is estimated at about 70 000 000 000 events, about \d+ h/u);
      const estimate = /estimated at about ([^,]+ events)/u.exec(refused)?.[1];
      assert.ok(cliRefusal(HOURS).replace(/\u202f/gu, ' ').includes(estimate), 'the CLI gives the same estimate');
      assert.ok(await page.isHidden('#traffic-progress'), 'nothing runs');
      assert.ok(await page.isVisible('#traffic-run-anyway'));
      await page.click('#traffic-run-anyway');
      await page.waitForSelector('#traffic-progress', { state: 'visible' });
      assert.match(await status(), /^Running in the background: about 70 000 000 000 events/u);
      await page.click('#traffic-cancel');
      await page.waitForSelector('#traffic-progress', { state: 'hidden' });
      // Run asks again, and an edit forgets the question.
      await page.click('#traffic-run');
      await page.waitForSelector('#traffic-run-anyway', { state: 'visible' });
      await page.selectOption('#in-routing', 'cut-through');
      await page.waitForSelector('#traffic-run-anyway', { state: 'hidden' });
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
