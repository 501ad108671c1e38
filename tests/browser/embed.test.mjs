// Embedding: the Share dialog's link and iframe snippet, and the embedded page inside a course
// page: only the view and the controls the author kept, its height told to the parent, and no
// storage (its service worker, which keeps it working offline, is offline.test.mjs's).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  afterRepaint,
  appFailures,
  canvasInfo,
  MIN_DRAWN_FRACTION,
  newAppPage,
  openApp,
  useApp,
} from './harness.mjs';

const PARAGON = '?machine=intel-paragon&pattern=pingpong&size=12000';

const app = useApp();

/** Opens the Share dialog, ticks the controls `keep`, and returns the link and the snippet. */
async function share(page, keep) {
  await page.click('#share');
  await page.waitForSelector('#share-dialog[open]');
  for (const key of keep) {
    await page.check(`#share-dialog input[name=show][value="${key}"]`);
  }
  return {
    link: await page.inputValue('#share-link'),
    snippet: await page.inputValue('#embed-snippet'),
  };
}

describe('embed', () => {
  it('shares the canonical link of the view', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, PARAGON);
      const { link } = await share(page, []);
      assert.equal(link, page.url(), 'the link is the address of the view');
      await page.click('#share-close');
      assert.equal(await page.locator('#share-dialog[open]').count(), 0);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('works inside a course page: the chosen controls only, and its height reported', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, PARAGON);
      const { snippet } = await share(page, ['size', 'alpha']);
      const src = snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
      assert.match(src, /[?&]embed=1(&|$)/);
      assert.match(src, /[?&]show=size,alpha(&|$)/);

      // The course page is another origin (about:blank with the snippet), as on a real site.
      const course = await context.newPage();
      await course.setContent(
        `<!doctype html><title>Course</title><script>window.heights = [];
         addEventListener('message', (e) => { if (e.data && e.data.type === 'commcalc:height') heights.push(e.data.height); });
         </script><h1>Week 3: latency and bandwidth</h1>${snippet}`,
      );
      const frameEl = await course.waitForSelector('iframe[data-commcalc]');
      const frame = await frameEl.contentFrame();
      await frame.waitForFunction(() => document.body?.dataset.ready === '1', null, { timeout: 20_000 });
      await course.waitForFunction(() => window.heights.length > 0, null, { timeout: 10_000 });
      const reported = await course.evaluate(() => window.heights.at(-1));
      const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(reported > 200, `reported height ${reported}`);
      assert.ok(Math.abs(reported - inner) <= 2, `reported ${reported}, document ${inner}`);
      // The snippet's listener sized the iframe to fit.
      await course.waitForFunction((h) => document.querySelector('iframe').style.height === `${h}px`, reported);

      const shown = await frame.evaluate(() => ({
        controls: [...document.querySelectorAll('[data-control]')].map((e) => e.dataset.control),
        pickers: document.querySelectorAll('#machine, #pattern').length,
        tabs: document.querySelectorAll('.tabs, #share').length,
        header: getComputedStyle(document.querySelector('header.top')).display,
        metrics: document.querySelectorAll('table#metrics tr[data-metric]').length,
      }));
      assert.deepEqual(shown.controls.sort(), ['alpha', 'size']);
      assert.equal(shown.pickers, 0);
      assert.equal(shown.tabs, 0);
      assert.equal(shown.header, 'none');
      assert.ok(shown.metrics > 0);
      const chart = await canvasInfo(frame, 'canvas#latency-chart');
      assert.ok(chart.fraction > MIN_DRAWN_FRACTION, 'the chart is drawn in the iframe');

      // The embedded controls still work, and the frame grows or shrinks with its content.
      const box = frame.locator('[data-control="size"] input[data-part="number"]');
      await afterRepaint(frame, 'type a size in the embedded page', async () => {
        await box.fill('1000000');
        await box.press('Enter');
      });
      assert.match(frame.url(), /size=1000000/);

      // Nothing is kept in storage. A cross-site frame may not even be allowed storage
      // (Chromium denies it here), and the page worked all the same.
      const kept = await frame.evaluate(() => {
        const size = (get) => {
          try {
            return get().length;
          } catch {
            return 0;
          }
        };
        return { local: size(() => localStorage), session: size(() => sessionStorage) };
      });
      assert.deepEqual(kept, { local: 0, session: 0 });
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('names an unknown control in show and keeps the rest', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `${PARAGON}&embed=1&show=size,nosuch`);
      const errors = await page.$$eval('ul#errors > li', (lis) => lis.map((li) => [li.dataset.key, li.textContent]));
      assert.equal(errors.length, 1, JSON.stringify(errors));
      assert.equal(errors[0][0], 'show');
      assert.match(errors[0][1], /"nosuch"/);
      assert.match(errors[0][1], /size/);
      assert.deepEqual(await page.$$eval('[data-control]', (e) => e.map((x) => x.dataset.control)), ['size']);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('copies the link and the snippet, and offers no controls on Validate', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
      await openApp(page, app.server.url, PARAGON);
      await page.click('#share');
      await page.waitForSelector('#share-dialog[open]');
      await page.click('#copy-link');
      await page.waitForFunction(() => /link is copied/.test(document.querySelector('#copy-status').textContent));
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#share-link'));
      await page.click('#copy-snippet');
      await page.waitForFunction(() => /snippet is copied/.test(document.querySelector('#copy-status').textContent));
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#embed-snippet'));
      assert.ok((await page.locator('#share-dialog input[name=show]').count()) > 0, 'the calculator offers its controls');
      await page.click('#share-close');

      await openApp(page, app.server.url, '?view=validate');
      await page.click('#share');
      await page.waitForSelector('#share-dialog[open]');
      assert.equal(await page.locator('#share-dialog input[name=show]').count(), 0, 'no controls to keep on Validate');
      assert.equal(await page.locator('#share-dialog input[name=rows]').count(), 0, 'no result rows on Validate');
      assert.match(await page.inputValue('#embed-snippet'), /view=validate/);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
