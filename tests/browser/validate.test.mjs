// Validate: every data set the papers print, its points beside commcalc's model with the error
// of each and a summary; the chosen set in the address bar; a bad set named; each row's query
// opening the calculator on the same value.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  appFailures,
  canvasInfo,
  metricMap,
  MIN_DRAWN_FRACTION,
  newAppPage,
  openApp,
  PAINT_TIMEOUT_MS,
  relDiff,
  shownErrors,
  useApp,
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
