// Import measurements: a real OSU run pasted or chosen as a file is read and fitted as
// `commcalc fit` fits it; the links open the fitted machine in the calculator and beside the
// Paragon with the fitted parameters and its name; a kept machine survives a reload and is a
// named entry of the machine picker; garbage planted in storage is reported and skipped; the
// residual chart, the breaks and two runs overlaid are drawn; a machine exported as JSON imports
// back (file and paste); keyboard-only use and axe after a fit; the kept machine's own points
// in Validate against its fit, with the CLI's residuals, and the plain message where a shared
// link finds no kept points; Regimes on a fitted machine says why it moves; bad input gets the
// core's message; a rename or another series redraws only the entries it changes; no console
// error anywhere.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

import { appFailures, axeViolations, canvasInfo, cli, MIN_DRAWN_FRACTION, newAppPage, openApp, relDiff, ROOT, useApp } from './harness.mjs';

const app = useApp();

const FILE = path.join(ROOT, 'tests/data/measurements/csd3-roce-osu_latency.txt');
const IB_FILE = path.join(ROOT, 'tests/data/measurements/csd3-ib-osu_latency.txt');
const IMB_FILE = path.join(ROOT, 'tests/data/measurements/juno-shm-imb41_excerpt.txt');
const NETGAUGE_FILE = path.join(ROOT, 'tests/data/measurements/frontera-ib-netgauge_loggp_excerpt.txt');
const NAME = 'my machine (fitted, OSU latency 5.6.3)';
const NAME_PARAM = 'fitted=my+machine+(fitted,+OSU+latency+5.6.3)';
// A query's keys and values, in any order: the page writes a scenario's canonical query
// (the catalog's order of parameters), the CLI the fit's.
const params = (q) => [...new URLSearchParams(q)].map(([k, v]) => `${k}=${v}`).sort();
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

/** Pastes text that cannot be fitted, presses Fit and returns the error shown (visible). */
async function failToFit(page, text) {
  const before = await page.textContent('#import-error');
  await page.fill('textarea#import-text', text);
  await page.click('button#import-fit');
  await page.waitForFunction((prev) => {
    const e = document.querySelector('#import-error');
    return e && !e.hidden && e.getBoundingClientRect().height > 0 && e.textContent !== prev;
  }, before);
  return (await page.textContent('#import-error')).replace(/\s+/g, ' ').trim();
}

/** The fitted machine's parameters (`key=value`) from its query: an address that opens it holds each. */
function parameters(query) {
  return query.split('&').filter((kv) => !/^(machine|pattern|model)=/.test(kv));
}

/** Keeps the fitted machine (button Keep) and waits until it is the one listed. */
async function keep(page) {
  await page.click('button#import-save');
  await page.waitForFunction(() => document.querySelectorAll('#import-saved a').length === 1);
}

/** Opens the Import view, fits the real RoCE run pasted in it and keeps the machine. */
async function fitAndKeep(page) {
  await openApp(page, app.server.url, IMPORT);
  await pasteAndFit(page, readFileSync(FILE, 'utf8'));
  await keep(page);
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
      assert.deepEqual(params(calculator.href), params(`?${expected.query}&${NAME_PARAM}`), 'the CLI\'s fitted machine, by its name');
      const compare = shown.links.find((l) => l.label.startsWith('Compare'));
      // The fitted machine is the fit with the least error (the piecewise one), and says so.
      assert.equal(expected.best.model, 'piecewise');
      assert.match(compare.href, /view=compare&c=machine=custom;pattern=pingpong;model=piecewise;alpha=/);
      assert.match(await page.textContent('#import-best'), /The fitted machine is the piecewise fit: the least rms relative error/);
      assert.match(await page.textContent('#import-gamma'), /assumed, not measured/);
      await page.click('#import-links a >> text=Open in the calculator');
      await page.waitForFunction(() => document.body?.dataset.ready === '1' && location.search.includes('machine=custom'));
      const search = await page.evaluate(() => location.search);
      assert.match(search, /machine=custom/);
      assert.match(search, new RegExp(`alpha=${expected.query.match(/alpha=([0-9.]+)/)[1]}`));
      // The picker names the fitted machine, from the address alone.
      assert.equal(await page.evaluate(() => document.querySelector('select#machine').selectedOptions[0].textContent), NAME);
      assert.ok(search.includes(NAME_PARAM), search);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  // A file is judged by its bytes, as the command line judges it: a binary file is refused as
  // one, at its own size, and nothing of it lands in the text box (it was read as text, which
  // grew a 5 MiB file to "9.1 MiB, above the limit" and filled the box with its bytes).
  it('refuses a chosen binary file as not text, without filling the box', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      const buffer = Buffer.alloc(5 * 1024 * 1024);
      for (let k = 0; k < buffer.length; k++) buffer[k] = (k * 2654435761) >>> 24;
      await page.setInputFiles('input#import-file', { name: 'core.bin', mimeType: 'application/octet-stream', buffer });
      await page.waitForFunction(() => !document.querySelector('#import-error').hidden);
      const error = (await page.textContent('#import-error')).replace(/\s+/g, ' ');
      assert.match(error, /core\.bin: the input is not text/);
      assert.doesNotMatch(error, /MiB/);
      assert.equal(await page.inputValue('textarea#import-text'), '');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  // A second run that cannot be fitted says why beside its own box, not only in the chart
  // far below it.
  it("refuses a second run beside its box", async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      await pasteAndFit(page, readFileSync(FILE, 'utf8'));
      await page.click('.import-more summary');
      await page.fill('textarea#import-text-b', 'nonsense');
      await page.click('button#import-fit');
      await page.waitForFunction(() => !document.querySelector('#import-error-b').hidden);
      const text = (await page.textContent('#import-error-b')).replace(/\s+/g, ' ');
      assert.match(text, /^Second run not fitted: no benchmark output recognised.*\.$/);
      const [box, error] = await Promise.all(['textarea#import-text-b', '#import-error-b'].map((s) => page.locator(s).boundingBox()));
      assert.ok(error.y - (box.y + box.height) < 200, `the message is ${error.y - (box.y + box.height)} px under the box`);
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
      await keep(page);
      const stored = await page.evaluate(() => localStorage.getItem('commcalc.fitted.v3'));
      assert.match(stored, /^commcalc fitted machines v3\n/);
      await page.evaluate((s) => localStorage.setItem('commcalc.fitted.v3', `${s}\nbroken entry`), stored);
      await openApp(page, app.server.url, IMPORT);
      const after = await page.evaluate(() => ({
        saved: [...document.querySelectorAll('#import-saved a')].map((a) => a.textContent),
        messages: document.querySelector('#import-messages').textContent,
      }));
      assert.deepEqual(after.saved, ['my machine (fitted, OSU latency 5.6.3)']);
      assert.match(after.messages, /stored entry 2 is not name and query; skipped/);
      await page.evaluate(() => localStorage.setItem('commcalc.fitted.v3', '{"foreign": 1}'));
      await openApp(page, app.server.url, IMPORT);
      assert.match(await page.textContent('#import-messages'), /not in a layout this page knows/);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('makes one machine of several runs of one cluster chosen at once', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      const lat = path.join(ROOT, 'tests/data/measurements/alaska-ib-imb2019_pingpong.txt');
      const bw = path.join(ROOT, 'tests/data/measurements/alaska-ib-osu_bw.txt');
      await openApp(page, app.server.url, IMPORT);
      await page.setInputFiles('input#import-file', [lat, bw]);
      await page.waitForFunction(() => document.querySelectorAll('#import-run-roles li').length === 2);
      const expected = JSON.parse(cli(['fit', '--json', lat, bw]));
      const shown = await page.evaluate(() => ({
        combined: document.querySelector('#import-combined').textContent,
        roles: [...document.querySelectorAll('#import-run-roles li')].map((li) => li.textContent),
        query: document.querySelector('#import-report .query code').textContent,
      }));
      assert.match(shown.combined, /alaska-ib-imb2019_pingpong\.txt.*with alaska-ib-osu_bw\.txt/);
      assert.match(shown.roles[1], /the large messages' time per byte/);
      // The same machine as the CLI's from the same two files (the page names the files alone).
      assert.equal(shown.query, expected.query);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('says why it cannot fit, where it is seen, and keeps the previous fit', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      let error = await failToFit(page, '');
      assert.match(error, /^Not fitted: .*the input is empty/);
      error = await failToFit(page, '# OSU MPI Latency Test v7.0\n# Size  Latency (us)\n8  1.0\n');
      assert.match(error, /nothing to fit/);
      assert.equal(await page.isDisabled('button#import-save'), true);
      // A fit, then text that is not benchmark output: the error shows above the fit, which stays.
      const good = await pasteAndFit(page, readFileSync(FILE, 'utf8'));
      assert.equal(await page.isVisible('#import-error'), false, 'a fit clears the error');
      const chart = await canvasInfo(page, 'canvas#import-chart');
      error = await failToFit(page, 'hello, this is not a benchmark\n');
      assert.match(error, /^Not fitted: .+The fit below is still the previous one, of OSU MPI Latency Test v5\.6\.3/);
      const kept = await page.evaluate(() => [...document.querySelectorAll('#import-links a')].map((a) => a.getAttribute('href')));
      assert.deepEqual(kept, good.links.map((l) => l.href), 'the previous fit and its links stay');
      assert.equal((await canvasInfo(page, 'canvas#import-chart')).hash, chart.hash, 'the chart stays');
      assert.equal(await page.isDisabled('button#import-save'), false, 'the previous fit can still be kept');
      // Seen where the button is: just below it, not hidden.
      const [button, shown] = await Promise.all(['button#import-fit', '#import-error'].map((sel) => page.locator(sel).boundingBox()));
      assert.ok(shown.y - (button.y + button.height) < 120, `the error is ${shown.y - button.y} px below the button`);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('an IMB file of many benchmarks fits the series chosen', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      await page.setInputFiles('input#import-file', IMB_FILE);
      await page.waitForFunction(() => document.querySelectorAll('#import-links a').length > 0);
      assert.equal(await page.isVisible('select#import-series'), true, 'a choice of series');
      const options = await page.evaluate(() => [...document.querySelectorAll('select#import-series option')].map((o) => [o.value, o.textContent]));
      assert.ok(options.length > 2, JSON.stringify(options));
      const expected = JSON.parse(cli(['fit', '--json', IMB_FILE]));
      const fitted = await page.inputValue('select#import-series');
      assert.ok(options.find(([v]) => v === fitted)[1].startsWith(expected.fitted_series), fitted);
      const [other, label] = options.find(([v]) => v !== fitted);
      await page.selectOption('select#import-series', other);
      const name = label.replace(/ \(\d+ points\)$/, '');
      await page.waitForFunction((n) => document.querySelector('#import-report h3 + ul + h3')?.textContent === `Fits to ${n} (relative error)`, name);
      assert.equal(await page.inputValue('select#import-series'), other);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it("explains Netgauge's negative L", async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      await pasteAndFit(page, readFileSync(NETGAUGE_FILE, 'utf8'));
      const loggp = await page.textContent('#import-loggp');
      assert.doesNotMatch(loggp, /, L = /);
      assert.match(await page.textContent('#import-loggp-note'), /^L is not given: at 1\.05 MB, .* would be -?−?\d/);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a fitted query wraps on a phone: the page does not scroll sideways', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await openApp(page, app.server.url, IMPORT);
      await pasteAndFit(page, readFileSync(FILE, 'utf8'));
      await keep(page);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
      assert.ok(widths.page <= widths.view, JSON.stringify(widths));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
  it('plants garbage in storage: the page reports it and works', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      // The first layout's key, read while the current one holds nothing.
      const plant = async (text) => {
        await page.evaluate((t) => localStorage.setItem('commcalc.fitted.v1', t), text);
        await openApp(page, app.server.url, IMPORT);
        return page.textContent('#import-messages');
      };
      assert.match(await plant('\u0000\uffff\ud800 garbage \u0007'), /not in a layout this page knows/);
      assert.match(await plant('commcalc fitted machines v1\nx\tmachine=custom&alpha=-5\n\u0000'), /stored entry 1 \(x\) is skipped: .*alpha/);
      // The calculator's picker still works beside the planted entry.
      await openApp(page, app.server.url, '?machine=intel-paragon');
      assert.equal(await page.inputValue('select#machine'), 'intel-paragon');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('lists a kept machine in the picker and opens it in the calculator and beside the Paragon', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await fitAndKeep(page);
      const expected = JSON.parse(cli(['fit', '--json', FILE]));
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=broadcast');
      const options = await page.evaluate(() =>
        [...document.querySelectorAll('select#machine optgroup[label="Fitted to your measurements"] option')].map((o) => ({ value: o.value, label: o.textContent })),
      );
      assert.deepEqual(options, [{ value: 'fitted:0', label: NAME }]);
      await page.selectOption('select#machine', 'fitted:0');
      await page.waitForFunction(() => location.search.includes('machine=custom'));
      const search = decodeURIComponent(await page.evaluate(() => location.search));
      // The pattern on screen is kept, with the fitted parameters and the name.
      assert.match(search, /pattern=broadcast/);
      for (const kv of parameters(expected.query)) assert.ok(search.includes(kv), `${kv} in ${search}`);
      assert.ok(search.includes(NAME_PARAM), search);
      const rows = await page.evaluate(() => document.querySelector('#metrics').textContent);
      // The broadcast's own metrics, from the fitted α and β.
      assert.match(rows, /binomial_us/);
      // The derivation binds the fitted α, the first range's (printed to four digits: its first
      // three are the fit's).
      assert.ok(rows.includes(`(${expected.fits.piecewise.pieces[0].a_us.toPrecision(3)}`), rows.slice(0, 200));
      // Compare with the Paragon: the card of A carries the name.
      await openApp(page, app.server.url, IMPORT);
      await pasteAndFit(page, readFileSync(FILE, 'utf8'));
      await page.click('#import-links a >> text=Compare with the Intel Paragon');
      await page.waitForFunction(() => document.body?.dataset.ready === '1' && location.search.includes('view=compare'));
      await page.waitForSelector('#compared li');
      const cards = await page.evaluate(() => [...document.querySelectorAll('#compared .what strong')].map((e) => e.textContent));
      assert.deepEqual(cards, [`${NAME} · Ping-pong`, 'Intel Paragon · Ping-pong']);
      const table = await page.evaluate(() => [...document.querySelectorAll('#scenarios tbody th')].map((e) => e.textContent));
      assert.ok(table[0].includes(NAME) && table[1].includes('Intel Paragon'), JSON.stringify(table));
      // Another model of the custom machine (not fitted) drops the name, and so does a catalog machine.
      await openApp(page, app.server.url, `?${expected.query}&${NAME_PARAM}`);
      await page.selectOption('select#model', 'packetized');
      await page.waitForFunction(() => location.search.includes('model=packetized'));
      assert.ok(!(await page.evaluate(() => location.search)).includes('fitted='));
      assert.equal(await page.evaluate(() => document.querySelector('select#machine').selectedOptions[0].textContent), 'Custom machine');
      await openApp(page, app.server.url, `?${expected.query}&${NAME_PARAM}`);
      await page.selectOption('select#machine', 'intel-ipsc');
      await page.waitForFunction(() => location.search.includes('machine=intel-ipsc'));
      assert.ok(!(await page.evaluate(() => location.search)).includes('fitted='));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a kept machine opens by its name, says so by the button, and is renamed and deleted', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await fitAndKeep(page);
      // The notice is beside the button, not a warning far below it.
      const status = page.locator('#import-status');
      assert.match(await status.textContent(), /^kept my machine .* with its \d+ points/);
      const [button, notice] = await Promise.all([page.locator('button#import-save').boundingBox(), status.boundingBox()]);
      assert.ok(notice.y - (button.y + button.height) < 80, `the notice is ${notice.y - button.y} px below the button`);
      assert.equal(await page.evaluate(() => document.querySelector('#import-status').closest('.warnings')), null);
      assert.equal(await page.locator('#import-messages li').count(), 0, 'no warning for a kept machine');
      // The kept entry opens the fitted machine by its name, described once, as fitted.
      const href = await page.getAttribute('#import-saved a', 'href');
      assert.ok(href.includes(NAME_PARAM), href);
      await page.click('#import-saved a');
      await page.waitForFunction(() => document.body?.dataset.ready === '1' && location.search.includes('machine=custom'));
      assert.equal(await page.evaluate(() => document.querySelector('select#machine').selectedOptions[0].textContent), NAME);
      const about = await page.textContent('#machine-about');
      assert.ok(about.includes('fitted to your measurements') && !about.includes('round values'), about);
      // Renamed in place (Enter keeps the name), and kept under it across a reload.
      await openApp(page, app.server.url, IMPORT);
      await page.click('#import-saved .kept-rename');
      await page.fill('#import-saved .kept-name', 'RoCE cluster');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('#import-saved a')?.textContent === 'RoCE cluster');
      assert.match(await status.textContent(), /renamed to RoCE cluster/);
      await openApp(page, app.server.url, IMPORT);
      assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('#import-saved a')].map((a) => [a.textContent, a.getAttribute('href')])), [['RoCE cluster', href.replace(/fitted=.*$/, 'fitted=RoCE+cluster')]]);
      // A name already kept, or an empty one, is refused with the reason.
      await pasteAndFit(page, readFileSync(IB_FILE, 'utf8'));
      await page.click('button#import-save');
      await page.waitForFunction(() => document.querySelectorAll('#import-saved a').length === 2);
      await page.click('#import-saved li:nth-child(1) .kept-rename');
      await page.fill('#import-saved li:nth-child(1) .kept-name', 'RoCE cluster');
      await page.click('#import-saved li:nth-child(1) .kept-save');
      await page.waitForFunction(() => /not renamed: another kept machine is called RoCE cluster/.test(document.querySelector('#import-status').textContent));
      await page.click('#import-saved li:nth-child(1) .kept-cancel');
      // Deleted: gone from the list, from storage and from the picker.
      await page.click('#import-saved li:nth-child(2) .kept-delete');
      await page.waitForFunction(() => document.querySelectorAll('#import-saved a').length === 1);
      assert.match(await status.textContent(), /deleted RoCE cluster/);
      assert.doesNotMatch(await page.evaluate(() => localStorage.getItem('commcalc.fitted.v3')), /RoCE cluster/);
      await openApp(page, app.server.url, '?machine=intel-paragon');
      const listed = await page.evaluate(() => [...document.querySelectorAll('select#machine optgroup[label="Fitted to your measurements"] option')].map((o) => o.textContent));
      assert.equal(listed.length, 1);
      assert.ok(!listed.includes('RoCE cluster'), JSON.stringify(listed));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('draws the residuals, the breaks and two runs overlaid', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      const empty = await canvasInfo(page, 'canvas#import-overlay');
      await page.click('.import-more summary');
      await page.fill('textarea#import-text-b', readFileSync(FILE, 'utf8'));
      await pasteAndFit(page, readFileSync(IB_FILE, 'utf8'));
      await page.waitForSelector('#import-runs tbody tr');
      for (const id of ['import-residuals', 'import-overlay']) {
        let drawn = await canvasInfo(page, `canvas#${id}`);
        for (let i = 0; i < 50 && drawn.hash === empty.hash; i++) {
          await page.waitForTimeout(100);
          drawn = await canvasInfo(page, `canvas#${id}`);
        }
        assert.ok(drawn.fraction >= MIN_DRAWN_FRACTION, `${id} nearly blank: ${JSON.stringify(drawn)}`);
      }
      const ib = JSON.parse(cli(['fit', '--json', IB_FILE]));
      const labels = await page.evaluate(() => document.querySelector('canvas#import-chart').dataset.labels);
      assert.ok(ib.fits.piecewise.breaks_bytes.length > 0);
      assert.match(labels, /break /);
      const runs = await page.evaluate(() => [...document.querySelectorAll('#import-runs tbody tr')].map((r) => r.textContent));
      assert.equal(runs.length, 2);
      const compare = await page.getAttribute('#import-compare-runs', 'href');
      const address = new URLSearchParams(compare);
      assert.equal(address.get('view'), 'compare', compare);
      assert.deepEqual(params(address.getAll('c')[0].replaceAll(';', '&')), params(ib.query), compare);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('exports the fitted machine as JSON and imports it back from the file and from a paste', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { acceptDownloads: true });
    try {
      await openApp(page, app.server.url, IMPORT);
      await pasteAndFit(page, readFileSync(FILE, 'utf8'));
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('button#import-export')]);
      assert.equal(download.suggestedFilename(), 'commcalc-fitted-my-machine-fitted-osu-latency-5-6-3.json');
      const file = await download.path();
      const json = JSON.parse(readFileSync(file, 'utf8'));
      const expected = JSON.parse(cli(['fit', '--json', FILE]));
      const { points, ...machine } = json;
      assert.deepEqual(machine, { format: 'commcalc fitted machine', version: 1, name: NAME, query: expected.query });
      // The points the fit used travel with it (a time of 0 has no relative error).
      const series = expected.series.find((s) => s.name === expected.fitted_series);
      assert.deepEqual(points, series.points.filter((p) => p[1] > 0));
      await page.evaluate(() => localStorage.clear());
      await openApp(page, app.server.url, IMPORT);
      await page.click('.import-more summary');
      await page.setInputFiles('input#import-machine-file', file);
      await page.waitForFunction(() => document.querySelectorAll('#import-saved a').length === 1);
      const saved = await page.evaluate(() => [...document.querySelectorAll('#import-saved a')].map((a) => [a.textContent, a.getAttribute('href')]));
      assert.deepEqual(saved.map(([name, href]) => [name, params(href)]), [[NAME, params(`?${expected.query}&${NAME_PARAM}`)]]);
      assert.match(await page.textContent('#import-status'), /imported my machine/);
      // Imported with its points, the machine shows them in the Validate view.
      await openApp(page, app.server.url, `?${expected.query}&${NAME_PARAM}`);
      await page.click('#tab-validate');
      await page.waitForFunction(
        (n) => document.querySelector('select#dataset')?.value === 'fitted' && document.querySelectorAll('table#validation tbody tr').length === n,
        points.length,
      );
      await openApp(page, app.server.url, IMPORT);
      await page.click('.import-more summary');
      // A paste of the same JSON, renamed, adds a second machine; a foreign JSON is refused.
      await page.fill('textarea#import-text', JSON.stringify({ ...json, name: 'roce, pasted' }));
      await page.click('button#import-fit');
      await page.waitForFunction(() => document.querySelectorAll('#import-saved a').length === 2);
      await page.fill('textarea#import-text', '{"format": "something else", "version": 1}');
      await page.click('button#import-fit');
      await page.waitForFunction(() => /not imported: not a fitted machine/.test(document.querySelector('#import-status').textContent));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it("validates the kept machine's own points against its fit, and says where they are not kept", async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await fitAndKeep(page);
      assert.match(await page.textContent('#import-status'), /kept my machine .* with its \d+ points/);
      await page.click('#import-links a >> text=Open in the calculator');
      await page.waitForFunction(() => document.body?.dataset.ready === '1' && location.search.includes('machine=custom'));
      // The tab opens the fitted machine's own set.
      await page.click('#tab-validate');
      await page.waitForFunction(
        () => document.querySelector('select#dataset')?.value === 'fitted' && document.querySelector('table#validation tbody tr') !== null,
      );
      const expected = JSON.parse(cli(['fit', '--json', FILE]));
      const address = await page.evaluate(() => location.search);
      assert.match(address, /view=validate&set=fitted/);
      assert.ok(address.startsWith('?machine=custom&') && parameters(expected.query).every((kv) => address.includes(kv)) && address.includes(NAME_PARAM), address);
      const shown = await page.evaluate(() => ({
        option: document.querySelector('select#dataset').selectedOptions[0].textContent,
        note: document.querySelector('#validation-note').textContent,
        problem: document.querySelector('#validation-problem').hidden,
        max: Number(document.querySelector('#validation-summary span').dataset.max),
        fits: [...document.querySelectorAll('#validation-fits tbody tr')].map((r) => r.dataset.fit),
        heads: [...document.querySelectorAll('table#validation thead th')].map((th) => th.textContent),
        rows: [...document.querySelectorAll('table#validation tbody tr')].map((tr) => ({
          size: Number(tr.querySelector('td.x').dataset.value),
          measured: Number(tr.querySelector('td.measured').dataset.value),
          error: Number(tr.querySelector('td.rel-error').dataset.value),
          href: tr.querySelector('td.open a')?.getAttribute('href') ?? null,
        })),
      }));
      assert.equal(shown.option, `${NAME} — your run against its fit`);
      assert.equal(shown.problem, true);
      // The fitted machine is the piecewise fit (the least error): its points against it.
      assert.ok(shown.note.includes(NAME) && shown.note.includes('piecewise'), shown.note);
      assert.ok(!shown.heads.includes("the paper's model"), JSON.stringify(shown.heads));
      assert.deepEqual(shown.fits, ['hockney', 'piecewise', 'hyperbolic']);
      // Each point's error is the CLI's piecewise residual, at the CLI's size and time.
      const residuals = expected.fits.piecewise.residuals;
      const points = expected.series[0].points.filter((p) => p[1] > 0);
      assert.equal(shown.rows.length, residuals.length);
      shown.rows.forEach((row, i) => {
        assert.deepEqual([row.size, row.error], residuals[i], `row ${i}`);
        assert.equal(row.measured, points[i][1], `row ${i}`);
        // The calculator takes no 0-byte message: that row has no link.
        if (row.size > 0) assert.ok(row.href.includes(NAME_PARAM) && row.href.includes(`size=${row.size}`), row.href);
        else assert.equal(row.href, null);
      });
      assert.ok(relDiff(shown.max, expected.fits.piecewise.max_rel_err) < 1e-12, `${shown.max}`);
      const drawn = await canvasInfo(page, 'canvas#validation-chart');
      assert.ok(drawn.fraction >= MIN_DRAWN_FRACTION, `chart nearly blank: ${JSON.stringify(drawn)}`);
      assert.deepEqual(await axeViolations(page), []);
      // A shared link: parameters and name, no kept points. The view says so and keeps the machine.
      const { context: other, page: fresh, problems: freshProblems } = await newAppPage(app.browser);
      try {
        await openApp(fresh, app.server.url, address);
        const message = await fresh.evaluate(() => ({
          problem: document.querySelector('#validation-problem').hidden ? null : document.querySelector('#validation-problem').textContent,
          rows: document.querySelectorAll('table#validation tbody tr').length,
          set: document.querySelector('select#dataset').value,
          search: location.search,
        }));
        assert.match(message.problem, new RegExp(`This browser keeps no measurements for ${NAME.replace(/[()]/g, '\\$&')}`));
        assert.equal(message.rows, 0);
        assert.equal(message.set, 'fitted');
        assert.equal(message.search, address);
        assert.deepEqual(await axeViolations(fresh), []);
        await fresh.click('#tab-calculator');
        await fresh.waitForFunction(() => !location.search.includes('view='));
        assert.equal(await fresh.evaluate(() => document.querySelector('select#machine').selectedOptions[0].textContent), NAME);
        assert.deepEqual(appFailures(freshProblems), []);
      } finally {
        await other.close();
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('moves Regimes off a fitted machine and says why', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      const expected = JSON.parse(cli(['fit', '--json', FILE]));
      await openApp(page, app.server.url, `?${expected.query}&${NAME_PARAM}`);
      await page.click('#tab-regimes');
      await page.waitForFunction(() => location.search.includes('view=regimes') && document.querySelector('#regimes-note')?.hidden === false);
      const note = await page.textContent('#regimes-note');
      assert.ok(note.startsWith(`${NAME} is fitted to your measurements, and a fit gives no node-bandwidth-limited parameters`), note);
      const search = await page.evaluate(() => location.search);
      assert.match(search, /machine=intel-delta/);
      assert.ok(!search.includes('fitted='), search);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('is used with the keyboard alone and passes axe after a fit', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, IMPORT);
      await page.focus('textarea#import-text');
      await page.keyboard.insertText(readFileSync(FILE, 'utf8'));
      const tabTo = async (id) => {
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab');
          if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
        }
        assert.fail(`Tab never reached #${id}`);
      };
      await tabTo('import-fit');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('#import-links a').length > 0);
      await tabTo('import-save');
      await page.keyboard.press('Space');
      await page.waitForFunction(() => document.querySelectorAll('#import-saved a').length === 1);
      // Export as JSON comes next in the tab order.
      await tabTo('import-export');
      assert.deepEqual(await axeViolations(page), []);
      await page.emulateMedia({ colorScheme: 'dark' });
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('redraws only what a rename or a fit changes', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      const mark = (sel) => page.evaluate((q) => document.querySelectorAll(q).forEach((e) => { e.dataset.seen = '1'; }), sel);
      const seen = (sel) => page.evaluate((q) => [...document.querySelectorAll(q)].map((e) => e.dataset.seen === '1'), sel);
      // Two kept machines; renaming the first leaves the second's entry as it was.
      await fitAndKeep(page);
      await page.click('#import-saved .kept-rename');
      await page.fill('#import-saved .kept-name', 'RoCE cluster');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('#import-saved a')?.textContent === 'RoCE cluster');
      await pasteAndFit(page, readFileSync(IB_FILE, 'utf8'));
      await page.click('button#import-save');
      await page.waitForFunction(() => document.querySelectorAll('#import-saved li').length === 2);
      await mark('#import-saved li');
      await page.click('#import-saved li:nth-child(1) .kept-rename');
      await page.fill('#import-saved li:nth-child(1) .kept-name', 'IB cluster');
      await page.click('#import-saved li:nth-child(1) .kept-save');
      await page.waitForFunction(() => document.querySelector('#import-saved li:nth-child(1) a')?.textContent === 'IB cluster');
      assert.deepEqual(await seen('#import-saved li'), [false, true], 'only the renamed entry is redrawn');
      // Another series of the same file: the series read stay, the fits' rows change.
      await page.setInputFiles('input#import-file', IMB_FILE);
      await page.waitForFunction(() => document.querySelector('select#import-series')?.options.length > 2);
      await mark('#import-report ul.series > li, #import-fits tbody tr');
      const fitted = await page.inputValue('select#import-series');
      const other = await page.evaluate((f) => [...document.querySelectorAll('select#import-series option')].find((o) => o.value !== f).value, fitted);
      const before = await page.textContent('#import-fits tbody');
      await page.selectOption('select#import-series', other);
      await page.waitForFunction((b) => document.querySelector('#import-fits tbody').textContent !== b, before);
      const series = await seen('#import-report ul.series > li');
      assert.ok(series.length > 2 && series.every(Boolean), `the series read are redrawn: ${series}`);
      assert.ok((await seen('#import-fits tbody tr')).every((s) => !s), 'the fits\' rows are the new fit\'s');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
