// Every machine × valid pattern of the catalog, opened by its URL as a person would paste it:
// both charts are drawn, the metrics are the core's, and the address bar holds the canonical
// query. The catalog and the expected reports come from the CLI, which runs the same core.

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import {
  MIN_DRAWN_FRACTION,
  appFailures,
  catalogPairs,
  charts,
  cli,
  evalQuery,
  metrics,
  newAppPage,
  openApp,
  pageState,
  relDiff,
  useApp,
} from './harness.mjs';

const app = useApp();
let pairs;

before(() => {
  pairs = catalogPairs();
});

describe("today's clusters in the machine picker", () => {
  it('lists every machine with a provenance under its own heading, with its runs as source', async () => {
    const today = JSON.parse(cli(['machines', '--json'])).filter((m) => m.provenance);
    assert.ok(today.length >= 6, `machines of today (got ${today.length})`);
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=csd3-ib&pattern=pingpong');
      const listed = await page.evaluate(() =>
        [...document.querySelectorAll('select#machine optgroup')].map((g) => ({
          label: g.label,
          ids: [...g.querySelectorAll('option')].map((o) => o.value),
        })),
      );
      const group = listed.find((g) => g.label === "Today's clusters (measured runs)");
      assert.ok(group, `no heading for today's clusters in ${JSON.stringify(listed)}`);
      assert.deepEqual(group.ids, today.map((m) => m.id));
      const about = await page.locator('#machine-about').textContent();
      assert.ok(about.includes(today.find((m) => m.id === 'csd3-ib').provenance.upstream), about);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});

describe('every machine × valid pattern', () => {
  it('renders both charts, the core metrics and the canonical URL', { timeout: 300_000 }, async () => {
    assert.ok(pairs.length >= 10, `the catalog lists pairs (got ${pairs.length})`);
    const { context, page, problems } = await newAppPage(app.browser);
    const failures = [];
    const started = Date.now();
    try {
      for (const { machine, pattern } of pairs) {
        const query = `machine=${machine}&pattern=${pattern}`;
        const fail = (msg) => failures.push(`${query}: ${msg}`);
        const expected = evalQuery(query);
        try {
          await openApp(page, app.server.url, `?${query}`);
        } catch (err) {
          fail(err.message);
          continue;
        }
        const state = await pageState(page);
        if (state.machine !== machine) fail(`#machine is ${state.machine}`);
        if (state.pattern !== pattern) fail(`#pattern is ${state.pattern}`);
        if (state.search !== `?${expected.query}`) {
          fail(`location.search is "${state.search}", the canonical query is "?${expected.query}"`);
        }
        const disabled = await page.evaluate(
          (p) => document.querySelector(`#pattern option[value="${p}"]`)?.disabled ?? 'missing',
          pattern,
        );
        if (disabled !== false) fail(`#pattern option "${pattern}" is ${disabled === true ? 'disabled' : disabled}`);

        const c = await charts(page);
        for (const [name, info] of Object.entries(c)) {
          if (info.missing) fail(`canvas#${name}-chart is missing`);
          else if (!(info.width > 0 && info.height > 0)) fail(`canvas#${name}-chart has no size`);
          else if (info.fraction < MIN_DRAWN_FRACTION) {
            fail(`canvas#${name}-chart is blank (${info.nonBackground} non-background pixels)`);
          }
        }

        const rows = await metrics(page);
        if (rows.length === 0) fail('table#metrics has no rows');
        const shown = Object.fromEntries(rows.map((r) => [r.key, r]));
        for (const [key, want] of Object.entries(expected.metrics)) {
          const row = shown[key];
          if (!row) {
            fail(`no tr[data-metric="${key}"]`);
            continue;
          }
          if (!row.text) fail(`${key}: td.value is empty`);
          if (typeof want === 'number') {
            const got = Number(row.value);
            if (row.value === null || !Number.isFinite(got) || relDiff(got, want) > 1e-6) {
              fail(`${key}: data-value ${row.value}, the core says ${want}`);
            }
          } else if (row.value !== String(want) && !row.text.includes(String(want))) {
            fail(`${key}: shows "${row.text}" (data-value ${row.value}), the core says ${want}`);
          }
        }
      }
      assert.deepEqual(appFailures(problems), [], 'no console or page error while visiting every pair');
      assert.deepEqual(failures, [], `${failures.length} problems over ${pairs.length} pairs`);
    } finally {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`visited ${pairs.length} machine × pattern pairs in ${secs} s`);
      await context.close();
    }
  });
});
