// Controls and the chart they move are on screen together: in embeds, on phones and in tours,
// the controls come right after the charts (the results table follows them), so that a student
// who drags a slider sees the curve move. An embed author may also keep only some result rows.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { appFailures, metrics, newAppPage, openApp, useApp } from './harness.mjs';

const app = useApp();

const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1280, height: 800 } };
/** An iframe in a course page's text column. */
const COLUMN = { viewport: { width: 720, height: 800 } };

/**
 * The span, in CSS pixels, from the top of the latency chart to the bottom of the sliders
 * (or fields) of the controls `keys`, and where the results table starts.
 */
function span(page, keys) {
  return page.evaluate((keys) => {
    const top = (el) => el.getBoundingClientRect().top + scrollY;
    const bottom = (el) => el.getBoundingClientRect().bottom + scrollY;
    const chart = document.querySelector('canvas#latency-chart');
    const edits = keys.map((k) => document.querySelector(`[data-control="${k}"] .edit`));
    if (!chart || edits.some((e) => !e)) return { missing: true };
    const table = document.querySelector('table#metrics');
    return {
      span: Math.max(...edits.map(bottom)) - top(chart),
      chartTop: top(chart),
      controlsBottom: Math.max(...edits.map(bottom)),
      tableTop: table ? top(table) : null,
      height: innerHeight,
    };
  }, keys);
}

const CASES = [
  ['an embedded DELTA view', '?machine=intel-delta&pattern=global-combine&embed=1&show=n,mesh', ['n', 'mesh']],
  ['the calculator', '?machine=intel-paragon&pattern=pingpong', ['size']],
  ['the ATM chunk tour', '?machine=atm-sparc20&pattern=pipelined-send&size=2000', ['size']],
  ['the Paragon n½ tour', '?machine=intel-paragon&pattern=pingpong&size=12700', ['size']],
];

describe('layout', () => {
  for (const [device, options] of [['a phone', PHONE], ['a course column', COLUMN], ['a laptop', LAPTOP]]) {
    it(`puts the controls on screen with the charts on ${device}`, async () => {
      const { context, page, problems } = await newAppPage(app.browser, options);
      try {
        for (const [what, query, keys] of CASES) {
          await openApp(page, app.server.url, query);
          const s = await span(page, keys);
          assert.ok(!s.missing, `${what}: the chart and the controls ${keys} are on the page`);
          assert.ok(
            s.span <= s.height,
            `${what}: from the chart's top to the controls is ${Math.round(s.span)} px, the screen ${s.height} px`,
          );
          if (s.tableTop !== null && options !== LAPTOP) {
            assert.ok(s.controlsBottom < s.tableTop, `${what}: the controls come before the results table`);
          }
        }
        assert.deepEqual(appFailures(problems), []);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the result rows an embed author chose', async () => {
    const { context, page, problems } = await newAppPage(app.browser, COLUMN);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong&embed=1&show=size&rows=time_us,n_half_bytes');
      const keys = (await metrics(page)).map((m) => m.key);
      assert.deepEqual(keys, ['time_us', 'n_half_bytes']);
      // The share dialog offers the rows, and its snippet carries them.
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      await page.click('#share');
      await page.waitForSelector('#share-dialog[open]');
      await page.check('#share-dialog input[name=rows][value="r_inf_MBps"]');
      const snippet = await page.inputValue('#embed-snippet');
      assert.match(snippet, /(\?|&amp;)rows=r_inf_MBps/);
      // A row the pattern does not have is named, with the ones it has.
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong&embed=1&rows=fence_us');
      const error = await page.locator('ul#errors > li[data-key="rows"]').textContent();
      assert.match(error, /"fence_us".*accepted: time_us, bandwidth_MBps/);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
