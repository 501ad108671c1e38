// Validate: every data set the papers print, its points beside commcalc's model with the error
// of each and a summary; the chosen set in the address bar; a bad set named; each row's query
// opening the calculator on the same value; a kept machine's collective run against the
// prediction, as the Import view and `commcalc validate --json` compute it.

import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';

import {
  appFailures,
  axeViolations,
  canvasInfo,
  cli,
  metricMap,
  MIN_DRAWN_FRACTION,
  newAppPage,
  openApp,
  PAINT_TIMEOUT_MS,
  relDiff,
  ROOT,
  shownErrors,
  useApp,
  watchProblems,
} from './harness.mjs';

const app = useApp();

const CHART = 'canvas#validation-chart';

/** The options of select#dataset: `{ id, label, group }` in order, and the selected id. */
function datasetOptions(page) {
  return page.evaluate(() => {
    const select = document.querySelector('select#dataset');
    return {
      selected: select.value,
      options: [...select.options].map((o) => ({
        id: o.value,
        label: o.textContent,
        group: o.parentElement.tagName === 'OPTGROUP' ? o.parentElement.label : null,
      })),
    };
  });
}

/** What the view shows of the chosen set: title, source, summary (text and data-*), rows. */
function shown(page) {
  return page.evaluate(() => {
    const text = (sel) => document.querySelector(sel)?.textContent.replace(/\s+/g, ' ').trim() ?? null;
    const span = document.querySelector('#validation-summary span');
    const rows = [...document.querySelectorAll('table#validation tbody tr')].map((tr) => {
      const cell = (cls) => tr.querySelector(`td.${cls}`);
      const link = tr.querySelector('td.open a');
      return {
        label: tr.querySelector('th').textContent.trim(),
        measured: Number(cell('measured').dataset.value),
        model: Number(cell('model').dataset.value),
        error: Number(cell('rel-error').dataset.value),
        errorText: cell('rel-error').textContent.trim(),
        href: link ? link.getAttribute('href') : null,
      };
    });
    return {
      title: text('#validate-title'),
      source: text('#validation-source'),
      note: text('#validation-note'),
      summary: text('#validation-summary'),
      points: span ? Number(span.dataset.points) : null,
      legend: document.querySelectorAll('.validation-legend li').length,
      rows,
    };
  });
}

/** Waits until the view shows set `id`: the select, the address and the table agree. */
async function waitForSet(page, id) {
  await page.waitForFunction(
    (want) =>
      document.querySelector('select#dataset')?.value === want &&
      new URLSearchParams(location.search).get('set') === want &&
      document.querySelector('table#validation tbody tr') !== null,
    id,
    { timeout: PAINT_TIMEOUT_MS },
  );
}

/** Waits until the chart differs from `hash` and shows more than the background. */
async function waitForChart(page, hash) {
  await page.waitForFunction(
    ({ sel, hash, min }) => {
      const c = document.querySelector(sel);
      if (!c || !c.width || !c.height) return false;
      const px = new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);
      let h = 0x811c9dc5;
      let other = 0;
      for (let i = 0; i < px.length; i++) {
        if (px[i] !== px[0]) other++;
        h = Math.imul(h ^ px[i], 16777619);
      }
      return (h >>> 0).toString(16) !== hash && other / px.length > min;
    },
    { sel: CHART, hash, min: MIN_DRAWN_FRACTION },
    { timeout: PAINT_TIMEOUT_MS },
  );
  return canvasInfo(page, CHART);
}

/** The shown summary's percentages, checked against the errors in the table. */
function checkSummary(view, id) {
  assert.equal(view.rows.length, view.points, `${id}: one row per point`);
  assert.ok(view.points > 0, `${id}: has points`);
  const m = view.summary.match(/^(\d+) points? · mean \|error\| ([\d.\s]+)% · max ([\d.\s]+)%$/u);
  assert.ok(m, `${id}: summary reads "${view.summary}"`);
  assert.equal(Number(m[1]), view.rows.length, `${id}: summary counts the rows`);
  const abs = view.rows.map((r) => Math.abs(r.error));
  const mean = (abs.reduce((a, b) => a + b, 0) / abs.length) * 100;
  const max = Math.max(...abs) * 100;
  // One decimal below 100%, whole percent (grouped in thousands) from there.
  const shownAs = (pct) => (pct >= 100 ? String(Math.round(pct)) : pct.toFixed(1));
  // The page's text has its spaces folded (the narrow no-break space included).
  const bare = (text) => text.replace(/\s/gu, '');
  assert.equal(bare(m[2]), shownAs(mean), `${id}: mean |error| ${m[2]}% vs the table's ${mean}%`);
  assert.equal(bare(m[3]), shownAs(max), `${id}: max |error| ${m[3]}% vs the table's ${max}%`);
  for (const r of view.rows) {
    // Each row's error is (model − measured)/measured, and its text says so in percent.
    assert.ok(relDiff(r.error, (r.model - r.measured) / r.measured) < 1e-9, `${id} ${r.label}: error`);
    const pct = Number(bare(r.errorText).replace('−', '-').replace('%', ''));
    const precision = Math.abs(r.error) >= 1 ? 0.5 : 0.05;
    assert.ok(Math.abs(pct - r.error * 100) <= precision + 1e-9, `${id} ${r.label}: ${r.errorText}`);
  }
}

describe('validate', () => {
  it('shows every data set: chart, a row per point, and a summary that matches the rows', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=validate');
      const { selected, options } = await datasetOptions(page);
      assert.ok(options.length >= 13, `${options.length} data sets listed`);
      assert.equal(selected, 'atm-separate', 'the first data set is shown by default');
      // Grouped by paper, each labelled with its table.
      for (const o of options) {
        assert.match(o.group ?? '', /^00\d · /, `${o.id} is in a paper's group`);
        assert.ok(o.label.includes(o.group.slice(0, 3)), `${o.id}: "${o.label}" cites its paper`);
      }
      const ids = options.map((o) => o.id);
      for (const id of ['atm-separate', 'atm-multicast', 'hill-g-one-relation', 'hill-l-broadcast',
        'delta-testjig-times', 'delta-testjig-f', 'sp2-pairs-b', 'paragon-bsp-g', 'paragon-bpram-ell']) {
        assert.ok(ids.includes(id), `${id} is listed`);
      }
      let hash = (await canvasInfo(page, CHART)).hash;
      // Each set in turn, starting with another than the one shown, so every choice changes it.
      const order = [...ids.filter((i) => i !== selected), selected];
      for (const id of order) {
        await page.selectOption('select#dataset', id);
        await waitForSet(page, id);
        const info = await waitForChart(page, hash);
        hash = info.hash;
        const view = await shown(page);
        const label = options.find((o) => o.id === id).label;
        assert.ok(label.startsWith(view.title), `${id}: title "${view.title}" in "${label}"`);
        assert.match(view.source, /^Source: 00\d (Table \d+|§[\d.]+)$/, `${id}: source`);
        assert.ok(label.endsWith(view.source.replace('Source: ', '')), `${id}: the option cites the source`);
        assert.ok(view.note.length > 40, `${id}: note`);
        assert.ok(view.legend >= 2, `${id}: legend`);
        checkSummary(view, id);
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('opens a data set from the address', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=validate&set=atm-multicast');
      await waitForSet(page, 'atm-multicast');
      const view = await shown(page);
      assert.equal(view.title, 'ATM total exchange, hardware multicast');
      assert.equal(view.source, 'Source: 002 Table 5');
      assert.equal(view.rows.length, 4);
      checkSummary(view, 'atm-multicast');
      // 002 Table 5's Experiment column, as printed.
      assert.deepEqual(view.rows.map((r) => r.measured), [14000, 16000, 41000, 77000]);
      const info = await canvasInfo(page, CHART);
      assert.ok(info.fraction > MIN_DRAWN_FRACTION, `chart drawn (${info.fraction})`);
      assert.deepEqual(await shownErrors(page), []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('names an unknown data set and shows the first one', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=validate&set=nosuch');
      const errors = await shownErrors(page);
      const bad = errors.find((e) => e.key === 'set');
      assert.ok(bad, `an error names the key set: ${JSON.stringify(errors)}`);
      assert.ok(bad.visible, 'and is shown');
      assert.match(bad.text, /nosuch/);
      const { options } = await datasetOptions(page);
      for (const o of options) assert.ok(bad.text.includes(o.id), `the message lists ${o.id}`);
      await waitForSet(page, 'atm-separate');
      const view = await shown(page);
      assert.equal(view.source, 'Source: 002 Table 4');
      checkSummary(view, 'atm-separate');
      // Choosing a set answers the problem.
      await page.selectOption('select#dataset', 'sp2-pairs-b');
      await waitForSet(page, 'sp2-pairs-b');
      assert.deepEqual((await shownErrors(page)).filter((e) => e.key === 'set'), []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('is usable from the keyboard: the picker steps through the sets, the links are reachable', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=validate&set=atm-multicast');
      const { options } = await datasetOptions(page);
      const next = options[options.findIndex((o) => o.id === 'atm-multicast') + 1].id;
      await page.focus('select#dataset');
      await page.keyboard.press('ArrowDown');
      await waitForSet(page, next);
      // Tab from the picker reaches the table's first link.
      await page.selectOption('select#dataset', 'atm-separate');
      await waitForSet(page, 'atm-separate');
      await page.focus('select#dataset');
      let reached = null;
      for (let i = 0; i < 40 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => {
          const a = document.activeElement;
          return a?.closest('table#validation') && a.tagName === 'A' ? a.getAttribute('aria-label') : null;
        });
      }
      assert.equal(reached, 'Open p = 4, 1 Kbyte in the calculator');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it("opens a row's query in the calculator, with the same model value", async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=validate&set=atm-separate');
      const view = await shown(page);
      // p = 8, 32 Kbyte: the model's total-exchange time is the calculator's time_us.
      const row = view.rows.find((r) => r.label === 'p = 8, 32 Kbyte');
      assert.ok(row?.href, 'the row has an open link');
      await page.click('table#validation tbody tr:has(th:text-is("p = 8, 32 Kbyte")) td.open a');
      await page.waitForURL((url) => url.search === row.href);
      await page.waitForFunction(() => document.body?.dataset.ready === '1');
      await page.waitForSelector('table#metrics tr[data-metric="time_us"]');
      assert.equal(await page.inputValue('#machine'), 'atm-sparc20');
      assert.equal(await page.inputValue('#pattern'), 'all-to-all');
      const metrics = await metricMap(page);
      const time = Number(metrics.time_us.value);
      assert.ok(relDiff(time, row.model) < 1e-9, `calculator ${time} µs vs validation ${row.model} µs`);
      assert.deepEqual(await shownErrors(page), []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('fits every table on a phone: no column off screen, the caption whole', { timeout: 300_000 }, async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 375, height: 812 } });
    const failures = [];
    try {
      await openApp(page, app.server.url, '?view=validate');
      const ids = (await datasetOptions(page)).options.map((o) => o.id);
      const pages = ids.map((id) => [`?view=validate&set=${id}`, 'table#validation']);
      pages.push([
        '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong',
        'table#scenarios',
      ]);
      for (const [query, table] of pages) {
        await openApp(page, app.server.url, query);
        const fit = await page.evaluate((sel) => {
          const t = document.querySelector(sel);
          if (!t) return null;
          const width = document.documentElement.clientWidth;
          const caption = t.querySelector('caption');
          const cells = [...t.querySelectorAll('tbody th, tbody td')].filter((c) => c.getClientRects().length);
          return {
            tableRight: t.getBoundingClientRect().right,
            width,
            caption: caption ? caption.getBoundingClientRect().right <= width && caption.scrollWidth <= caption.clientWidth + 1 : true,
            off: cells.filter((c) => c.getBoundingClientRect().right > width + 0.5).map((c) => c.textContent.trim()),
            unnamed: cells.filter((c) => !c.dataset.label).length,
          };
        }, table);
        if (!fit) {
          failures.push(`${query}: no ${table}`);
          continue;
        }
        if (fit.tableRight > fit.width + 0.5) failures.push(`${query}: the table ends at ${fit.tableRight} px of ${fit.width}`);
        if (!fit.caption) failures.push(`${query}: the caption is cut`);
        if (fit.off.length) failures.push(`${query}: off screen: ${fit.off.slice(0, 3).join(' | ')}`);
        if (fit.unnamed) failures.push(`${query}: ${fit.unnamed} cells without their column's name`);
      }
      assert.deepEqual(failures, []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});

const DATA = path.join(ROOT, 'tests/data/measurements');
const ALLREDUCE = path.join(DATA, 'csd3-ib-osu_allreduce.txt');
const LATENCY = path.join(DATA, 'csd3-ib-osu_latency.txt');
const BW = path.join(DATA, 'csd3-ib-osu_bw.txt');

/** The collective check on screen (the Import view's section, wherever it is shown). */
function checkShown(page) {
  return page.evaluate(() => {
    const text = (sel) => document.querySelector(sel)?.textContent.replace(/\s+/gu, ' ').trim() ?? null;
    const section = document.querySelector('#import-check');
    const error = document.querySelector('#import-check-error');
    return {
      visible: !!section && !section.hidden && !section.closest('[hidden]'),
      error: error && !error.hidden ? text('#import-check-error') : null,
      rows: [...document.querySelectorAll('#import-check-sizes tbody tr')].map((tr) => ({
        size: Number(tr.dataset.size),
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
      })),
      legend: [...document.querySelectorAll('#import-check-legend li')].map((li) => li.textContent.trim()),
      summaries: [...document.querySelectorAll('#import-check-summaries tbody tr')].map((tr) => tr.dataset.algorithm),
      verdict: text('#import-check-verdict'),
      inputs: ['p', 'ppn', 'library'].map((id) => document.querySelector(`#import-check-${id}`)?.value ?? null),
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

/** In the Import view: CSD3's allreduce with its latency and bandwidth runs, p 64, ppn 32, Open MPI 4.0; the check as shown. */
async function importCheck(page) {
  await openApp(page, app.server.url, '?view=import');
  await page.setInputFiles('input#import-file', [ALLREDUCE, LATENCY, BW]);
  await page.waitForFunction(() => !document.querySelector('#import-check')?.hidden);
  await giveCounts(page, '64', '32');
  await page.selectOption('#import-check-library', 'ompi-4.0');
  await page.waitForFunction(() => document.querySelector('#import-check-summaries tr[data-algorithm^="library"]'));
  return checkShown(page);
}

/** Waits until Validate shows the collective check with its sizes. */
async function waitForCheck(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('select#dataset')?.value.startsWith('collective:') &&
      document.querySelectorAll('#import-check-sizes tbody tr').length > 0 &&
      document.querySelector('#import-check-summaries tr[data-algorithm^="library"]'),
    null,
    { timeout: PAINT_TIMEOUT_MS },
  );
}

/** Whether a ratio as the page writes it (`×0.31 (-69 %)`, its digits rounded) is `ratio`. */
function sameRatio(text, ratio) {
  const digits = text.match(/×([\d.]+)/u)[1];
  const decimals = digits.split('.')[1]?.length ?? 0;
  // The page drops trailing zeros: the rounding is at most half of its finest place (two decimals below 10).
  const place = Math.max(decimals, ratio < 10 ? 2 : ratio < 100 ? 1 : 0);
  return Math.abs(Number(digits) - ratio) <= 0.5 * 10 ** -place + 1e-9;
}

/** The shown check against `commcalc validate --json` on the same files: sizes, algorithms, each ratio, the library's choice and the verdict. */
function assertAsTheCli(shown) {
  const expected = JSON.parse(cli(['validate', '--json', '--p', '64', '--ppn', '32', '--library', 'ompi-4.0', ALLREDUCE, LATENCY, BW]))[0].runs[0];
  assert.equal(shown.error, null);
  assert.deepEqual(shown.rows.map((r) => r.size), expected.sizes.map((s) => s.size_bytes));
  assert.deepEqual(shown.legend.slice(1, 1 + expected.algorithms.length), expected.algorithms);
  assert.equal(shown.legend.at(-1), "the library's choice");
  shown.rows.forEach((row, k) => {
    const want = expected.sizes[k];
    assert.equal(row.cells[2], want.best, `size ${row.size}: the best`);
    assert.equal(row.cells[4], want.library.name, `size ${row.size}: the library's choice`);
    want.predicted_us.forEach((t, i) => {
      assert.ok(sameRatio(row.cells[6 + i], t / want.measured_us), `${row.size} B ${expected.algorithms[i]}: ${row.cells[6 + i]}`);
    });
  });
  assert.deepEqual(shown.summaries, expected.summaries.map((s) => s.algorithm));
  const median = Number(shown.verdict.match(/×([\d.]+)/u)[1]);
  assert.ok(Math.abs(median / expected.verdict.median_ratio - 1) < 0.01, shown.verdict);
  assert.ok(shown.verdict.includes(expected.verdict.algorithm), shown.verdict);
}

describe('a kept collective run in Validate', () => {
  it('is kept with its machine and opened from Import: the same check as Import and commcalc validate --json', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      const imported = await importCheck(page);
      assert.match(await page.textContent('#import-check-open'), /Keep this machine to open its collective check/u);
      await page.click('button#import-save');
      await page.waitForSelector('a#import-check-validate');
      assert.match(await page.textContent('#import-status'), /its collective run is kept with it/u);
      const name = await page.textContent('#import-saved li a:first-child');
      assert.equal(await page.locator('#import-saved a.kept-check').count(), 1);
      await page.click('a#import-check-validate');
      await page.waitForFunction(() => document.body?.dataset.ready === '1' && location.search.includes('view=validate'));
      await waitForCheck(page);
      const address = await page.evaluate(() => location.search);
      assert.match(address, /&view=validate&set=collective&fitted=/u);
      assert.equal(new URLSearchParams(address).get('fitted'), name);
      const shown = await checkShown(page);
      assert.ok(shown.visible, 'the check is shown');
      // The same numbers as the Import view's check, typed inputs kept with the machine.
      assert.deepEqual({ ...shown, visible: true }, { ...imported, visible: true });
      assert.deepEqual(shown.inputs, ['64', '32', 'ompi-4.0']);
      assertAsTheCli(shown);
      const head = await page.evaluate(() => ({
        title: document.querySelector('#validate-title').textContent,
        source: document.querySelector('#validation-source').textContent,
        problem: document.querySelector('#validation-problem').hidden,
        option: document.querySelector('select#dataset').selectedOptions[0].textContent,
        group: document.querySelector('select#dataset').selectedOptions[0].parentElement.label,
        chart: document.querySelector('canvas#validation-chart').closest('[hidden]') !== null,
      }));
      assert.equal(head.title, `${name}: its collective run against the prediction`);
      assert.match(head.source, /csd3-ib-osu_allreduce\.txt, csd3-ib-osu_latency\.txt, csd3-ib-osu_bw\.txt/u);
      assert.equal(head.problem, true);
      assert.equal(head.option, `${name} — its collective run against the prediction`);
      assert.equal(head.group, 'Collective runs kept in this browser');
      assert.equal(head.chart, true, "a paper's chart is not shown beside the check");
      const drawn = await canvasInfo(page, 'canvas#import-check-chart');
      assert.ok(drawn.fraction > MIN_DRAWN_FRACTION, `the check's chart is drawn: ${JSON.stringify(drawn)}`);
      assert.deepEqual(await axeViolations(page), []);
      // A paper's set, then the kept check chosen in the picker.
      await page.selectOption('select#dataset', 'atm-separate');
      await waitForSet(page, 'atm-separate');
      assert.equal((await checkShown(page)).visible, false);
      await page.selectOption('select#dataset', `collective:${name}`);
      await waitForCheck(page);
      assert.deepEqual((await checkShown(page)).rows, imported.rows);
      assert.equal(await page.evaluate(() => location.search), address);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('opens from its address in a fresh page of the same browser; another browser is told why not', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      const imported = await importCheck(page);
      await page.click('button#import-save');
      const href = await page.getAttribute('a#import-check-validate', 'href');
      const fresh = await context.newPage();
      const freshProblems = watchProblems(fresh);
      await openApp(fresh, app.server.url, href);
      await waitForCheck(fresh);
      const shown = await checkShown(fresh);
      assert.deepEqual(shown.rows, imported.rows);
      assert.deepEqual(shown.inputs, ['64', '32', 'ompi-4.0']);
      assertAsTheCli(shown);
      assert.deepEqual(appFailures(freshProblems), []);
      const { context: other, page: elsewhere, problems: otherProblems } = await newAppPage(app.browser);
      try {
        await openApp(elsewhere, app.server.url, href);
        const seen = await elsewhere.evaluate(() => ({
          problem: document.querySelector('#validation-problem').hidden ? null : document.querySelector('#validation-problem').textContent,
          set: document.querySelector('select#dataset').value,
          search: location.search,
        }));
        assert.match(seen.problem ?? '', /This browser keeps no runs for /u);
        assert.ok(seen.set.startsWith('collective:'), seen.set);
        assert.equal((await checkShown(elsewhere)).visible, false);
        // The address keeps the machine and the set (its parameters in the scenario's order).
        const [given, kept] = [href, seen.search].map((q) => new URLSearchParams(q));
        assert.deepEqual([...kept].sort(), [...given].sort());
        assert.deepEqual(appFailures(otherProblems), []);
      } finally {
        await other.close();
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a kept machine without a collective run offers no collective check', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=import');
      await page.setInputFiles('input#import-file', [LATENCY, BW]);
      await page.waitForFunction(() => document.querySelectorAll('#import-links a').length > 0);
      assert.equal(await page.isHidden('#import-check-open'), true);
      await page.click('button#import-save');
      await page.waitForFunction(() => document.querySelectorAll('#import-saved a').length > 0);
      assert.equal(await page.locator('#import-saved a.kept-check').count(), 0);
      const name = await page.textContent('#import-saved li a:first-child');
      await openApp(page, app.server.url, '?view=validate');
      const { options } = await datasetOptions(page);
      assert.deepEqual(options.filter((o) => o.id.startsWith('collective')), []);
      // Its address says why.
      await openApp(page, app.server.url, `?view=validate&set=collective&fitted=${encodeURIComponent(name)}`);
      const problem = await page.textContent('#validation-problem');
      assert.match(problem, /is kept without a collective run/u);
      assert.equal((await checkShown(page)).visible, false);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a bad p gets the clear message there and keeps the inputs; a good one brings the check back', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await importCheck(page);
      await page.click('button#import-save');
      await page.click('a#import-check-validate');
      await page.waitForFunction(() => document.body?.dataset.ready === '1' && location.search.includes('view=validate'));
      await waitForCheck(page);
      await giveCounts(page, '16', '32');
      await page.waitForFunction(() => /larger than its p/u.test(document.querySelector('#import-check-error')?.textContent ?? ''));
      let shown = await checkShown(page);
      assert.equal(shown.rows.length, 0);
      assert.match(shown.error, /ppn = 32 .*larger than its p|larger than its p/u);
      assert.deepEqual(shown.inputs, ['16', '32', 'ompi-4.0']);
      await giveCounts(page, '64', '32');
      await waitForCheck(page);
      shown = await checkShown(page);
      assertAsTheCli(shown);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
