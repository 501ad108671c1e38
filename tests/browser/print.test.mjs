// Printing from a dark page: the charts are drawn again in light colours, no button prints,
// and the Traffic view prints what it shows, not the panels still waiting for a run.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { appFailures, newAppPage, openApp, useApp } from './harness.mjs';

const app = useApp();

/** Whether a canvas's top-left pixel is light (its background). */
function lightCorner(page, selector) {
  return page.waitForFunction((sel) => {
    const c = document.querySelector(sel);
    if (!c?.width) return false;
    const [r, g, b] = c.getContext('2d').getImageData(1, 1, 1, 1).data;
    return r + g + b > 700;
  }, selector, { timeout: 5_000 }).then(() => true, () => false);
}

/** The texts of the buttons a printed page shows. */
function shownButtons(page) {
  return page.$$eval('button', (bs) => bs.filter((b) => b.getClientRects().length > 0).map((b) => b.textContent.trim()));
}

describe('print', () => {
  it('the calculator printed from dark mode: light charts, no buttons', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { colorScheme: 'dark' });
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      assert.equal(await lightCorner(page, 'canvas#latency-chart'), false, 'dark on the screen');
      await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      assert.ok(await lightCorner(page, 'canvas#latency-chart'), 'the latency chart prints light');
      assert.ok(await lightCorner(page, 'canvas#bandwidth-chart'), 'the bandwidth chart prints light');
      assert.deepEqual(await shownButtons(page), []);
      await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
      await page.waitForFunction(() => {
        const [r, g, b] = document.querySelector('canvas#latency-chart').getContext('2d').getImageData(1, 1, 1, 1).data;
        return r + g + b < 200;
      }, null, { timeout: 5_000 });
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the Traffic view prints its results and histograms, not the figures waiting for Run', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { colorScheme: 'dark' });
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&view=traffic');
      await page.waitForSelector('#traffic-results tr[data-metric]');
      await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      assert.ok(await lightCorner(page, 'canvas#traffic-latency'), 'the latency histogram prints light');
      assert.deepEqual(await shownButtons(page), []);
      const shown = await page.evaluate(() => ({
        results: document.querySelector('#traffic-results').getClientRects().length > 0,
        cube: document.querySelector('#traffic-cube').getClientRects().length > 0,
        figures: document.querySelector('#traffic-figs-title').getClientRects().length > 0,
        status: document.querySelector('#traffic-status').getClientRects().length > 0,
      }));
      assert.deepEqual(shown, { results: true, cube: true, figures: false, status: false });
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
