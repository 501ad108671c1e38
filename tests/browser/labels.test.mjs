// Chart labels say what is plotted: the query's point is labelled with what its time was
// computed with (the chosen algorithm, the message size it used) and an optimum only where
// the point lies on that optimum's curve. The label is read from the chart's accessible name,
// which carries the point's label as the canvas draws it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { appFailures, metricMap, newAppPage, openApp, settle, useApp } from './harness.mjs';

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

  // Every view, at a phone's and a laptop's width: the labels each chart placed
  // (canvas[data-labels], CSS pixels) overlap neither each other nor the canvas's edges.
  for (const [device, options] of [
    ['a phone', { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 }],
    ['a laptop', { viewport: { width: 1280, height: 800 } }],
  ]) {
    it(`never overlap on any view on ${device}`, { timeout: 300_000 }, async () => {
      const { context, page, problems } = await newAppPage(app.browser, options);
      const failures = [];
      try {
        for (const query of [
          '?machine=atm-sparc20&pattern=pingpong',
          '?machine=atm-sparc20&pattern=pipelined-send&data=115k&size=2k',
          '?machine=intel-paragon&pattern=pingpong',
          '?machine=intel-delta&pattern=global-combine&algo=tree',
          '?machine=ethernet-now&pattern=all-to-all&p=8&axes=linear',
          '?machine=intel-ipsc&pattern=pingpong&axes=log-linear',
          '?view=compare&c=machine=intel-paragon;pattern=pingpong&c=machine=ibm-sp2;pattern=pingpong',
          '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong',
          '?machine=intel-delta&pattern=global-combine&view=regimes',
          '?view=validate',
        ]) {
          await openApp(page, app.server.url, query);
          await settle(page, 300);
          const charts = await page.evaluate(() =>
            [...document.querySelectorAll('canvas[data-labels]')].map((c) => ({
              id: c.id,
              width: c.clientWidth,
              height: c.clientHeight,
              labels: JSON.parse(c.dataset.labels),
            })),
          );
          if (charts.length === 0) failures.push(`${query}: no chart carries its labels`);
          for (const c of charts) {
            c.labels.forEach((a, i) => {
              if (a.l < 0 || a.t < 0 || a.r > c.width || a.b > c.height) {
                failures.push(`${query} #${c.id}: "${a.text}" leaves the chart`);
              }
              for (const b of c.labels.slice(i + 1)) {
                if (a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b) {
                  failures.push(`${query} #${c.id}: "${a.text}" over "${b.text}"`);
                }
              }
            });
          }
        }
        assert.deepEqual(failures, []);
        assert.deepEqual(appFailures(problems), []);
      } finally {
        await context.close();
      }
    });
  }
});
