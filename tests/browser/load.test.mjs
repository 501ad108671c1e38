// Opening the app: it loads cleanly, shows the paper's numbers for the Paragon, and survives a
// bad URL while saying in words what is wrong with it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  MIN_DRAWN_FRACTION,
  afterRepaint,
  appFailures,
  charts,
  metricMap,
  metrics,
  newAppPage,
  openApp,
  pageState,
  relDiff,
  shownErrors,
  useApp,
  waitReady,
} from './harness.mjs';

const app = useApp();

function assertDrawn(info, name) {
  assert.ok(!info.missing, `${name}: canvas not found`);
  assert.ok(info.width > 0 && info.height > 0, `${name}: canvas has no size (${info.width}×${info.height})`);
  assert.ok(
    info.fraction >= MIN_DRAWN_FRACTION,
    `${name}: canvas looks blank: ${info.nonBackground} of ${info.width * info.height} pixels differ from the background`,
  );
}

describe('loading the app', () => {
  it('loads with no console error and becomes ready, with both charts and the metrics', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      for (const query of ['', '?machine=intel-paragon&pattern=pingpong']) {
        await openApp(page, app.server.url, query);
        const state = await pageState(page);
        assert.ok(state.machine, '#machine has a selected machine');
        assert.ok(state.pattern, '#pattern has a selected pattern');
        assert.ok(state.search.includes('machine='), `location.search holds the query, got ${state.search}`);
        const c = await charts(page);
        assertDrawn(c.latency, '#latency-chart');
        assertDrawn(c.bandwidth, '#bandwidth-chart');
        assert.ok((await metrics(page)).length > 0, 'table#metrics has rows');
      }
      // Every console error counts here, a failed resource load (a missing icon) included.
      assert.deepEqual(problems.page, [], 'uncaught errors while loading');
      assert.deepEqual(problems.console, [], 'console errors while loading');
    } finally {
      await context.close();
    }
  });

  it('shows n½ ≈ 12.7 kB and r∞ ≈ 87 MB/s for the Paragon ping-pong with NX (001 §2)', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      const state = await pageState(page);
      assert.equal(state.machine, 'intel-paragon');
      assert.equal(state.pattern, 'pingpong');
      assert.equal(state.model, 'hockney', 'NX (hockney) is the default parameter set for ping-pong');

      const m = await metricMap(page);
      const nHalf = m.n_half_bytes;
      const rInf = m.r_inf_MBps;
      assert.ok(nHalf, 'a row tr[data-metric="n_half_bytes"]');
      assert.ok(rInf, 'a row tr[data-metric="r_inf_MBps"]');
      assert.ok(
        relDiff(Number(nHalf.value), 12_700) <= 0.01,
        `n½ data-value ${nHalf.value} is within 1% of 12,700 B`,
      );
      assert.ok(relDiff(Number(rInf.value), 87) <= 0.01, `r∞ data-value ${rInf.value} is within 1% of 87 MB/s`);
      assert.match(nHalf.text, /(^|\D)12\.7\s?kB\b/, `n½ reads as 12.7 kB, got "${nHalf.text}"`);
      assert.match(rInf.text, /(^|\D)87(\.0+)?\s?MB\/s/, `r∞ reads as 87 MB/s, got "${rInf.text}"`);
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('?machine=nosuch&p=-3 says what is wrong with both keys and stays usable', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=nosuch&p=-3');
      const errors = await shownErrors(page);
      const machineErr = errors.find((e) => e.key === 'machine');
      const pErr = errors.find((e) => e.key === 'p');
      assert.ok(machineErr, `ul#errors > li[data-key="machine"], got ${JSON.stringify(errors)}`);
      assert.ok(pErr, `ul#errors > li[data-key="p"], got ${JSON.stringify(errors)}`);
      for (const e of [machineErr, pErr]) {
        assert.ok(e.visible, `the error for ${e.key} is visible`);
        assert.ok(/[a-z]{3,}.*\s.*[a-z]{3,}/i.test(e.text), `the error for ${e.key} is in words: "${e.text}"`);
      }
      assert.match(machineErr.text, /nosuch/, 'the machine error names the bad value');
      assert.match(pErr.text, /-3/, 'the p error names the bad value');
      assert.match(pErr.text, /4096/, 'the p error says what is accepted (2…4096)');

      // Still usable: charts drawn, metrics shown, and a machine can be picked.
      const c = await charts(page);
      assertDrawn(c.latency, '#latency-chart with a bad URL');
      assertDrawn(c.bandwidth, '#bandwidth-chart with a bad URL');
      assert.ok((await metrics(page)).length > 0, 'table#metrics has rows with a bad URL');

      const target = await page.evaluate(() => {
        const sel = document.querySelector('#machine');
        const opt = [...sel.options].find((o) => !o.disabled && o.value && o.value !== sel.value);
        return opt?.value ?? null;
      });
      assert.ok(target, '#machine offers another machine to pick');
      await afterRepaint(page, `picking ${target} in #machine`, () => page.selectOption('#machine', target));
      const state = await pageState(page);
      assert.equal(state.machine, target);
      assert.ok(
        new URLSearchParams(state.search).get('machine') === target,
        `the URL names the picked machine, got ${state.search}`,
      );
      const left = await shownErrors(page);
      assert.ok(
        !left.some((e) => e.key === 'machine'),
        `the machine error is gone after picking one, got ${JSON.stringify(left)}`,
      );
      const c2 = await charts(page);
      assertDrawn(c2.latency, '#latency-chart after picking a machine');
      assertDrawn(c2.bandwidth, '#bandwidth-chart after picking a machine');
      assert.deepEqual(problems.page, [], 'no uncaught error (a panic would be one)');
    } finally {
      await context.close();
    }
  });

  it('says it is loading while the WebAssembly is on its way', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      // A slow connection: the module arrives only when the test lets it.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route('**/*.wasm', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(app.server.url, { waitUntil: 'domcontentloaded' });
      const notice = page.locator('#loading');
      assert.ok(await notice.isVisible(), 'a loading notice is on screen');
      assert.match(await notice.textContent(), /Loading/);
      assert.equal(await notice.getAttribute('role'), 'status');
      release();
      await waitReady(page);
      assert.equal(await page.locator('#loading').count(), 0, 'the app takes its place');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
