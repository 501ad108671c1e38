// A 390 px phone: the views' tabs take two rows at most, and every tour's chip is whole on the
// screen (none cut at the edge of a row that scrolls sideways). From 320 px to the phone
// profile's 412, every tab's label fits its tab, the current one (in bold) too.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import path from 'node:path';

import { ROOT, appFailures, newAppPage, openApp, useApp } from './harness.mjs';

const app = useApp();
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

describe('phone', () => {
  for (const colorScheme of ['light', 'dark']) {
    it(`tabs in two rows and whole tour chips at 390 px (${colorScheme})`, async () => {
      const { context, page, problems } = await newAppPage(app.browser, { ...PHONE, colorScheme });
      try {
        await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
        const tabs = await page.evaluate(() => {
          const rows = new Set([...document.querySelectorAll('nav.tabs .tab')].map((t) => Math.round(t.getBoundingClientRect().top)));
          return { rows: rows.size, count: document.querySelectorAll('nav.tabs .tab').length };
        });
        assert.ok(tabs.count >= 7, JSON.stringify(tabs));
        assert.ok(tabs.rows <= 2, `the tabs take ${tabs.rows} rows`);
        const chips = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const list = document.querySelector('.preset-list');
          return {
            count: list.querySelectorAll('a').length,
            scrolls: list.scrollWidth > list.clientWidth + 1,
            cut: [...list.querySelectorAll('a')]
              .map((a) => [a.textContent, a.getBoundingClientRect()])
              .filter(([, r]) => r.left < 0 || r.right > width + 0.5)
              .map(([t]) => t),
          };
        });
        assert.ok(chips.count > 0);
        assert.equal(chips.scrolls, false, 'the tours do not scroll sideways');
        assert.deepEqual(chips.cut, [], 'every chip is whole on the screen');
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true, 'the page does not scroll sideways');
        assert.deepEqual(appFailures(problems), []);
      } finally {
        await context.close();
      }
    });
  }

  // The Import view's tab is the longest word ("measurements"); in bold, as the current tab, it
  // ran out of a tab a quarter of the row wide.
  for (const view of ['import', 'collectives']) {
    it(`every tab's label fits its tab from 320 to 412 px (?view=${view})`, async () => {
      const { context, page, problems } = await newAppPage(app.browser, PHONE);
      try {
        await openApp(page, app.server.url, `?view=${view}`);
        for (const width of [320, 360, 390, 412]) {
          await page.setViewportSize({ width, height: 844 });
          const over = await page.evaluate(() =>
            [...document.querySelectorAll('nav.tabs .tab')]
              .filter((t) => t.scrollWidth > t.clientWidth + 1)
              .map((t) => `${t.textContent.trim()}: ${t.scrollWidth} px in ${t.clientWidth}`),
          );
          assert.deepEqual(over, [], `at ${width} px`);
        }
        assert.deepEqual(appFailures(problems), []);
      } finally {
        await context.close();
      }
    });
  }

  // A run of three files (latency, bandwidth, a collective) shows a select of long series
  // names and the collective check's table of sizes: they stay within a phone's page.
  it('an Import of three runs does not scroll the page sideways at 390 px', async () => {
    const { context, page, problems } = await newAppPage(app.browser, PHONE);
    try {
      await openApp(page, app.server.url, '?view=import');
      const data = path.join(ROOT, 'tests/data/measurements');
      await page.setInputFiles(
        '#import-file',
        ['csd3-ib-osu_latency.txt', 'csd3-ib-osu_bw.txt', 'csd3-ib-osu_allreduce.txt'].map((f) => path.join(data, f)),
      );
      await page.waitForSelector('#import-series');
      await page.fill('#import-check-p', '64');
      await page.waitForSelector('#import-check-sizes');
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(widths[0] <= widths[1], `the page is ${widths[0]} px wide on a ${widths[1]} px screen`);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
