// The collectives' inputs and a measured collective in the page: ppn (processes per node) is a
// control of every collective view beside p and the size, and ppn > 1 brings the node's α and
// β with the core's assumption on screen; γ is shown with where it comes from and edited
// wherever a reduction is costed (the chart and the winner map follow); an OSU allreduce run
// chosen with its cluster's point-to-point runs in the Import view is drawn against every
// algorithm at the p and ppn typed beside it, with the error at each size, as `commcalc
// validate --json` computes it; bad input (ppn above p, a collective run without its p, files
// of different clusters) gets the core's message and keeps the rest.

import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';

import { appFailures, axeViolations, canvasInfo, cli, MIN_DRAWN_FRACTION, newAppPage, openApp, ROOT, shownErrors, useApp } from './harness.mjs';

const app = useApp();

const DATA = path.join(ROOT, 'tests/data/measurements');
const ALLREDUCE = path.join(DATA, 'csd3-ib-osu_allreduce.txt');
const LATENCY = path.join(DATA, 'csd3-ib-osu_latency.txt');
const BW = path.join(DATA, 'csd3-ib-osu_bw.txt');
const OTHER_CLUSTER = path.join(DATA, 'juno-eth-imb41_excerpt.txt');
const ALLREDUCE_VIEW = '?machine=custom&pattern=allreduce&p=64&view=collectives';

/** Types `value` into the scenario panel's field of `key` and presses Enter. */
async function typeInto(page, key, value) {
  const field = page.locator(`#in-${key}`);
  await field.fill(value);
  await field.press('Enter');
}

/** The text of `#collective-facts li[data-fact=…]`, or null when it is not shown. */
function fact(page, id) {
  return page.evaluate((id) => {
    const li = document.querySelector(`#collective-facts li[data-fact="${id}"]`);
    const shown = li && li.getClientRects().length > 0 && !li.closest('[hidden]');
    return shown ? li.textContent.replace(/\s+/gu, ' ').trim() : null;
  }, id);
}

/** Waits until a canvas differs from `before` (its hash) and returns what it shows. */
async function changed(page, selector, before) {
  for (let i = 0; i < 100; i++) {
    const now = await canvasInfo(page, selector);
    if (now.hash !== before.hash) return now;
    await page.waitForTimeout(100);
  }
  return canvasInfo(page, selector);
}

/** The Import view's check section as text and numbers. */
function checkShown(page) {
  return page.evaluate(() => {
    const text = (sel) => document.querySelector(sel)?.textContent.replace(/\s+/gu, ' ').trim() ?? null;
    const section = document.querySelector('#import-check');
    const error = document.querySelector('#import-check-error');
    return {
      visible: !!section && !section.hidden,
      error: error && !error.hidden ? text('#import-check-error') : null,
      rows: [...document.querySelectorAll('#import-check-sizes tbody tr')].map((tr) => ({
        size: Number(tr.dataset.size),
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
      })),
      legend: [...document.querySelectorAll('#import-check-legend li')].map((li) => li.textContent.trim()),
      summaries: [...document.querySelectorAll('#import-check-summaries tbody tr')].map((tr) => tr.dataset.algorithm),
      verdict: text('#import-check-verdict'),
      warnings: [...document.querySelectorAll('#import-check-warnings li')].map((li) => li.textContent),
    };
  });
}

/** Types p and ppn beside the collective run. */
async function giveCounts(page, p, ppn) {
  for (const [id, v] of [['p', p], ['ppn', ppn]]) {
    const field = page.locator(`#import-check-${id}`);
    await field.fill(v);
    await field.press('Enter');
  }
}

describe('collective inputs and a measured collective', () => {
  it('ppn is a control of the Collectives view beside p; ppn > 1 brings the node α-β and the assumption on screen', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, ALLREDUCE_VIEW);
      // Beside p and the size, among the inputs; one rank a node unless given.
      const keys = await page.evaluate(() => [...[...document.querySelectorAll('.controls fieldset')][0].querySelectorAll('[data-control]')].map((c) => c.dataset.control));
      assert.ok(keys.includes('p') && keys.includes('size') && keys.includes('ppn'), keys.join(' '));
      assert.equal(await page.inputValue('#in-ppn'), '1');
      assert.equal(await page.locator('#in-intra_alpha').count(), 0, 'no node α-β with one rank a node');
      assert.equal(await fact(page, 'intra'), null);
      const chart = await canvasInfo(page, 'canvas#coll-chart');
      await typeInto(page, 'ppn', '32');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('ppn') === '32');
      await page.waitForSelector('#in-intra_alpha');
      assert.equal(await page.locator('#in-intra_beta').count(), 1);
      // The core's assumed value and its reason, on screen rather than in a tooltip.
      const intra = await fact(page, 'intra');
      assert.match(intra ?? '', /α = 150 ns.*assumed from a modern shared-memory transfer/u);
      assert.equal(await page.inputValue('#in-intra_alpha'), '0.15');
      assert.notEqual((await changed(page, 'canvas#coll-chart', chart)).hash, chart.hash, 'the chart follows ppn');
      // A given node α replaces the assumed one, in the address too.
      await typeInto(page, 'intra_alpha', '0.5');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('intra_alpha') === '0.5');
      assert.deepEqual(await axeViolations(page), []);
      // The calculator's collective patterns have the same control.
      await openApp(page, app.server.url, '?machine=custom&pattern=broadcast&p=16');
      await page.waitForSelector('#in-ppn');
      assert.equal(await page.inputValue('#in-ppn'), '1');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a ppn above p gets the core\'s message and keeps the state; a ppn that does not divide p is said', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `${ALLREDUCE_VIEW}&ppn=16`);
      const search = await page.evaluate(() => location.search);
      await typeInto(page, 'ppn', '128');
      await page.waitForFunction(() => [...document.querySelectorAll('ul#errors > li')].some((li) => li.dataset.key === 'ppn'));
      const errors = await shownErrors(page);
      const shown = errors.find((e) => e.key === 'ppn');
      assert.ok(shown.visible && /at most p = 64/u.test(shown.text), JSON.stringify(errors));
      assert.equal(await page.evaluate(() => location.search), search, 'the address keeps the last good state');
      assert.equal(await page.inputValue('#coll-collective'), 'allreduce');
      await openApp(page, app.server.url, `${ALLREDUCE_VIEW}&ppn=24`);
      assert.match((await fact(page, 'placement')) ?? '', /not a multiple of ppn = 24: the last node holds 16 rank/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('γ is shown with its source and edited where a reduction is costed; the chart and the map follow', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, ALLREDUCE_VIEW);
      const assumed = await fact(page, 'gamma');
      assert.match(assumed ?? '', /^γ = 0\.0003 µs\/B .*assumed, not measured/u);
      assert.equal(await page.inputValue('#in-gamma'), '0.0003');
      const chart = await canvasInfo(page, 'canvas#coll-chart');
      const map = await canvasInfo(page, 'canvas#coll-map');
      await page.evaluate(() => { document.querySelector('#collective-facts li[data-fact="gamma"]').commcalcKept = true; });
      await typeInto(page, 'gamma', '0.01');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('gamma') === '0.01');
      assert.match((await fact(page, 'gamma')) ?? '', /^γ = 0\.01 µs\/B .*the user's γ/u);
      assert.ok(await page.evaluate(() => document.querySelector('#collective-facts li[data-fact="gamma"]').commcalcKept),
        'the fact is the item it was, its sentence changed');
      assert.notEqual((await changed(page, 'canvas#coll-chart', chart)).hash, chart.hash, 'the chart follows γ');
      assert.notEqual((await changed(page, 'canvas#coll-map', map)).hash, map.hash, 'the winner map follows γ');
      // The calculator shows it too; a broadcast reduces nothing and shows none.
      await openApp(page, app.server.url, '?machine=custom&pattern=reduce&p=16');
      assert.match((await fact(page, 'gamma')) ?? '', /assumed, not measured/u);
      await openApp(page, app.server.url, '?machine=custom&pattern=broadcast&p=16&view=collectives');
      assert.equal(await fact(page, 'gamma'), null);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('an OSU allreduce with its cluster\'s point-to-point runs is drawn against every algorithm at its p and ppn, as commcalc validate computes it', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=import');
      assert.equal((await checkShown(page)).visible, false, 'nothing to validate yet');
      await page.setInputFiles('input#import-file', [ALLREDUCE, LATENCY, BW]);
      await page.waitForFunction(() => !document.querySelector('#import-check')?.hidden);
      // OSU prints no p: the core's message until it is given.
      let shown = await checkShown(page);
      assert.match(shown.error ?? '', /a collective run without its process count/u);
      const empty = await canvasInfo(page, 'canvas#import-check-chart');
      await giveCounts(page, '64', '32');
      await page.selectOption('#import-check-library', 'ompi-4.0');
      await page.waitForFunction(() => document.querySelector('#import-check-summaries tr[data-algorithm^="library"]'));
      shown = await checkShown(page);
      assert.equal(shown.error, null);
      const expected = JSON.parse(cli(['validate', '--json', '--p', '64', '--ppn', '32', '--library', 'ompi-4.0', ALLREDUCE, LATENCY, BW]))[0].runs[0];
      // Every measured size, its measured time; every algorithm in the key and the table.
      assert.deepEqual(shown.rows.map((r) => r.size), expected.sizes.map((s) => s.size_bytes));
      assert.deepEqual(shown.legend.slice(1, 1 + expected.algorithms.length), expected.algorithms);
      assert.equal(shown.legend.at(-1), "the library's choice");
      const last = shown.rows.at(-1).cells;
      const lastExpected = expected.sizes.at(-1);
      assert.equal(last[2], lastExpected.best);
      // Each algorithm's error at the size: the CLI's prediction over the measured time.
      lastExpected.predicted_us.forEach((t, i) => {
        const ratio = Number(last[6 + i].match(/×([\d.]+)/u)[1]);
        assert.ok(Math.abs(ratio / (t / lastExpected.measured_us) - 1) < 0.01, `${expected.algorithms[i]}: ${last[6 + i]}`);
      });
      assert.deepEqual(shown.summaries, expected.summaries.map((s) => s.algorithm));
      const median = Number(shown.verdict.match(/×([\d.]+)/u)[1]);
      assert.ok(Math.abs(median / expected.verdict.median_ratio - 1) < 0.01, shown.verdict);
      const drawn = await changed(page, 'canvas#import-check-chart', empty);
      assert.ok(drawn.fraction > MIN_DRAWN_FRACTION, 'the chart is drawn');
      // The fitted machine beside it is still the point-to-point runs' own.
      assert.match(await page.textContent('#import-combined'), /csd3-ib-osu_latency\.txt/u);
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the p typed beside an OSU allreduce run is the fit\'s too: γ is fitted to the run, as commcalc fit --p gives it', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=import');
      await page.setInputFiles('input#import-file', [LATENCY, BW, ALLREDUCE]);
      await page.waitForFunction(() => /γ = /u.test(document.querySelector('#import-gamma')?.textContent ?? ''));
      const gamma = () => page.evaluate(() => document.querySelector('#import-gamma').textContent.replace(/\s+/gu, ' '));
      assert.match(await gamma(), /assumed/u, 'without p, γ stays assumed');
      await giveCounts(page, '64', '');
      await page.waitForFunction(() => /fitted to/u.test(document.querySelector('#import-gamma').textContent));
      const expected = JSON.parse(cli(['fit', '--json', '--p', '64', LATENCY, BW, ALLREDUCE])).gamma;
      assert.equal(expected.fitted, true);
      const shown = await gamma();
      // The same run at the same p, the same value (three digits, in ns/B here).
      assert.match(shown, /csd3-ib-osu_allreduce\.txt.*at p = 64/u);
      assert.ok(expected.from.endsWith('at p = 64'), expected.from);
      const ns = (expected.gamma_us_per_byte * 1000).toPrecision(3);
      assert.ok(shown.includes(`γ = ${ns} ns/B`), `${shown} against the CLI's ${ns} ns/B`);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a ppn above p and files of different clusters get the core\'s message; the files and inputs stay', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=import');
      await page.setInputFiles('input#import-file', [ALLREDUCE, LATENCY, BW]);
      await page.waitForFunction(() => !document.querySelector('#import-check')?.hidden);
      await giveCounts(page, '16', '32');
      await page.waitForFunction(() => /larger than its p/u.test(document.querySelector('#import-check-error')?.textContent ?? ''));
      assert.equal((await checkShown(page)).rows.length, 0);
      await giveCounts(page, '64', '24');
      await page.waitForFunction(() => document.querySelectorAll('#import-check-sizes tbody tr').length > 0);
      assert.ok((await checkShown(page)).warnings.some((w) => /not a multiple of ppn = 24/u.test(w)));
      // Another cluster's run among the files: refused by name, the p and ppn typed kept.
      await page.setInputFiles('input#import-file', [ALLREDUCE, LATENCY, OTHER_CLUSTER]);
      await page.waitForFunction(() => /different clusters/u.test(document.querySelector('#import-check-error')?.textContent ?? ''));
      const shown = await checkShown(page);
      assert.match(shown.error, /juno-eth-imb41_excerpt\.txt|csd3-ib-osu_latency\.txt/u);
      assert.equal(await page.inputValue('#import-check-p'), '64');
      assert.equal(await page.inputValue('#import-check-ppn'), '24');
      assert.match(await page.textContent('#import-combined'), /juno-eth-imb41_excerpt\.txt/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
