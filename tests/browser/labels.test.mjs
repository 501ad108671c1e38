// Chart labels say what is plotted: the query's point is labelled with what its time was
// computed with (the chosen algorithm, the message size it used) and an optimum only where
// the point lies on that optimum's curve. The label is read from the chart's accessible name,
// which carries the point's label as the canvas draws it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { appFailures, metricMap, newAppPage, openApp, useApp } from './harness.mjs';

const app = useApp();

/** The query's point label of a chart, from its accessible name. */
async function pointLabel(page, chart = 'latency-chart') {
  const name = await page.locator(`canvas#${chart}`).getAttribute('aria-label');
  const m = /the query's point: (.*?); the values/.exec(name ?? '');
  assert.ok(m, `${chart} names no query point: ${JSON.stringify(name)}`);
  return m[1];
}

describe('chart labels', () => {
  it('label the global combine point with the plotted algorithm and only its block', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      for (const algo of ['tree', 'snake', 'fence']) {
        await openApp(page, app.server.url, `?machine=intel-delta&pattern=global-combine&algo=${algo}`);
        const label = await pointLabel(page);
        const m = await metricMap(page);
        assert.ok(label.includes(`→ ${m.time_us.text}, ${algo}`), `${algo}: ${label}`);
        for (const other of ['tree', 'snake', 'fence'].filter((o) => o !== algo)) {
          assert.ok(!label.includes(other), `${algo}: the label names ${other}: ${label}`);
        }
        assert.equal(label.includes('S*'), algo !== 'tree', `${algo}: ${label}`);
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('label a pipelined send with the message size it used', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=atm-sparc20&pattern=pipelined-send&data=115k&size=2k');
      const fixed = await pointLabel(page);
      assert.ok(fixed.endsWith(', m = 2 kB'), fixed);
      assert.ok(!fixed.includes('m*'), fixed);
      await openApp(page, app.server.url, '?machine=atm-sparc20&pattern=pipelined-send&data=115k');
      const optimal = await pointLabel(page);
      const m = await metricMap(page);
      assert.ok(optimal.endsWith(`, m* = ${m.opt_message_bytes.text}`), optimal);
      assert.ok(optimal.includes(`→ ${m.time_us.text}`), optimal);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
