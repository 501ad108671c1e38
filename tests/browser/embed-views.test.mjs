// Embedded views as a teacher puts them in a course page: a comparison whose kept control
// moves every scenario and offers no Edit, Remove or Add; the snippet's title naming every
// machine compared; and a Traffic embed short enough for a page of text.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { appFailures, newAppPage, openApp, useApp } from './harness.mjs';

const app = useApp();

const MACHINES = ['intel-ipsc', 'ametek-s14', 'jpl-mark3', 'ametek-s14b'];
const COMPARED = MACHINES.map((m) => `c=machine=${m};pattern=pingpong`).join('&');

describe('embedded views', () => {
  it('an embedded comparison: the kept size moves every scenario, and nothing is added, removed or picked', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?view=compare&${COMPARED}&edit=4&embed=1&show=size`);
      const box = page.locator('[data-control="size"] input[data-part="number"]');
      await box.fill('100000');
      await box.press('Enter');
      await page.waitForFunction(() => location.search.includes('size=100000'));
      const compared = new URL(page.url()).searchParams.getAll('c');
      assert.equal(compared.length, 4, JSON.stringify(compared));
      for (const c of compared) assert.match(c, /size=100000/u, `every scenario has the size: ${c}`);
      const cards = await page.$$eval('li.compared code', (cs) => cs.map((c) => c.textContent));
      assert.equal(cards.length, 4);
      for (const c of cards) assert.match(c, /size=100000/u, `every card shows the size: ${c}`);
      const buttons = await page.$$eval('.compare-list button', (bs) => bs.filter((b) => b.getClientRects().length > 0).map((b) => b.textContent));
      assert.deepEqual(buttons, [], 'no Edit, Remove or Add in an embed');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the embed snippet of a comparison names every machine', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?view=compare&${COMPARED}`);
      await page.click('#share');
      await page.waitForSelector('#share-dialog[open]');
      const snippet = await page.inputValue('#embed-snippet');
      const title = snippet.match(/title="([^"]+)"/u)[1];
      const names = await page.$$eval('li.compared strong', (ss) => ss.map((s) => s.textContent.split(' · ')[0]));
      assert.equal(names.length, 4);
      for (const name of names) assert.ok(title.includes(name), `"${title}" names ${name}`);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a Traffic embed is as tall as its run, its cube and its histograms, no more', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 760, height: 900 } });
    try {
      const src = `${app.server.url}?machine=intel-ipsc&pattern=traffic&view=traffic&embed=1`;
      await page.setContent(
        `<!doctype html><title>Course</title><script>window.heights = [];
         addEventListener('message', (e) => { if (e.data && e.data.type === 'commcalc:height') heights.push(e.data.height); });
         </script><h1>Week 5: traffic</h1><iframe src="${src}" style="width:720px;height:640px;border:0"></iframe>`,
      );
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      await frame.waitForFunction(() => document.body?.dataset.ready === '1', null, { timeout: 20_000 });
      await frame.waitForSelector('#traffic-results tr[data-metric]');
      await frame.waitForSelector('#traffic-cube');
      await page.waitForTimeout(500);
      const reported = await page.evaluate(() => window.heights.at(-1));
      assert.ok(reported <= 2200, `the embed reports ${reported} px`);
      assert.equal(await frame.locator('#traffic-figures-run, [data-traffic-export]').count(), 0, 'the figures and the exports are the full page\'s');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
