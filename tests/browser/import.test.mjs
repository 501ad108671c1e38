// Import measurements: a real OSU run pasted or chosen as a file is read and fitted as
// `commcalc fit` fits it; the links open the fitted machine in the calculator and beside the
// Paragon with the fitted parameters; a kept machine survives a reload; a corrupt stored entry
// is reported and skipped; bad input gets the core's message; no console error anywhere.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

import { appFailures, canvasInfo, cli, MIN_DRAWN_FRACTION, newAppPage, openApp, ROOT, useApp } from './harness.mjs';

const app = useApp();

const FILE = path.join(ROOT, 'tests/data/measurements/csd3-roce-osu_latency.txt');
const IMPORT = '?view=import';

/** Pastes text into the box and presses Fit; returns the report's text and links. */
async function pasteAndFit(page, text) {
  await page.fill('textarea#import-text', text);
  await page.click('button#import-fit');
  await page.waitForFunction(() => document.querySelector('#import-report')?.textContent.trim().length > 0);
  return page.evaluate(() => ({
    text: document.querySelector('#import-report').textContent,
    links: [...document.querySelectorAll('#import-links a')].map((a) => ({ label: a.textContent, href: a.getAttribute('href') })),
  }));
}

describe('import measurements', () => {
  it('fits a pasted OSU run as the CLI does and opens the fitted machine', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      const empty = await canvasInfo(page, 'canvas#import-chart');
      const shown = await pasteAndFit(page, readFileSync(FILE, 'utf8'));
      // The points and the fits are drawn: the chart changes and is not blank.
      for (let i = 0; i < 50 && (await canvasInfo(page, 'canvas#import-chart')).hash === empty.hash; i++) {
        await page.waitForTimeout(100);
      }
      const drawn = await canvasInfo(page, 'canvas#import-chart');
      assert.notEqual(drawn.hash, empty.hash, 'the chart did not change after the fit');
      assert.ok(drawn.fraction >= MIN_DRAWN_FRACTION, `chart nearly blank: ${JSON.stringify(drawn)}`);
      const expected = JSON.parse(cli(['fit', '--json', FILE]));
      assert.match(shown.text, /OSU MPI Latency Test v5\.6\.3/);
      assert.match(shown.text, /Hockney/);
      const calculator = shown.links.find((l) => l.label === 'Open in the calculator');
      assert.equal(calculator.href, `?${expected.query}`);
      const compare = shown.links.find((l) => l.label.startsWith('Compare'));
      assert.match(compare.href, /view=compare&c=machine=custom;pattern=pingpong;model=hockney;alpha=/);
      await page.click('#import-links a >> text=Open in the calculator');
      await page.waitForFunction(() => document.body?.dataset.ready === '1' && location.search.includes('machine=custom'));
      const search = await page.evaluate(() => location.search);
      assert.match(search, /machine=custom/);
      assert.match(search, new RegExp(`alpha=${expected.query.match(/alpha=([0-9.]+)/)[1]}`));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('reads a chosen file, keeps the machine across a reload, skips a corrupt entry', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      await page.setInputFiles('input#import-file', FILE);
      await page.waitForFunction(() => document.querySelectorAll('#import-links a').length > 0);
      await page.click('button#import-save');
      await page.waitForFunction(() => document.querySelectorAll('#import-saved a').length === 1);
      const stored = await page.evaluate(() => localStorage.getItem('commcalc.fitted.v1'));
      assert.match(stored, /^commcalc fitted machines v1\n/);
      await page.evaluate((s) => localStorage.setItem('commcalc.fitted.v1', `${s}\nbroken entry`), stored);
      await openApp(page, app.server.url, IMPORT);
      const after = await page.evaluate(() => ({
        saved: [...document.querySelectorAll('#import-saved a')].map((a) => a.textContent),
        messages: document.querySelector('#import-messages').textContent,
      }));
      assert.deepEqual(after.saved, ['my machine (fitted, OSU latency 5.6.3)']);
      assert.match(after.messages, /stored entry 2 is not name and query; skipped/);
      await page.evaluate(() => localStorage.setItem('commcalc.fitted.v1', '{"foreign": 1}'));
      await openApp(page, app.server.url, IMPORT);
      assert.match(await page.textContent('#import-messages'), /not in a layout this page knows/);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('says why it cannot fit', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      let shown = await pasteAndFit(page, '');
      assert.match(shown.text, /the input is empty/);
      shown = await pasteAndFit(page, '# OSU MPI Latency Test v7.0\n# Size  Latency (us)\n8  1.0\n');
      assert.match(shown.text, /nothing to fit/);
      assert.equal(await page.isDisabled('button#import-save'), true);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
