// The texts that follow every slider input (the results table with its MathML, the warnings,
// the crossovers) are changed in place rather than rebuilt (keyed rows whose texts follow the
// report: components::metrics_table, warnings, compare_view). Whatever path an
// update takes (numbers only, a formula whose shape changed, rows added or removed), the page
// after a drag must show exactly what a fresh page opened on the same address shows. The same
// holds for the charts' pixels: a step that moves only the query's point copies the curves'
// layer back from a copy (draw::draw), which must show what a drawing in full shows. Followed
// texts off screen keep what they show while a slider moves and take the last input's content
// when it pauses, is released or they come on screen (dom::slider_moving): the drags below run
// with the whole page on screen, so that every step goes through the update, and the held
// content (Compare's chart below the fold too) has tests of its own at the end.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { newAppPage, openApp, settle, useApp } from './harness.mjs';

const app = useApp();

/** The HTML of the parts that follow the report, the charts' pixels, and the address. */
function shown(page) {
  return page.evaluate(() => ({
    search: location.search,
    metrics: document.querySelector('table#metrics tbody')?.innerHTML ?? null,
    warnings: document.querySelector('ul#warnings')?.innerHTML ?? null,
    crossovers: document.querySelector('#crossovers-title')?.parentElement.querySelector('div')?.innerHTML ?? null,
    // The other views' texts that follow every input (the explain panel's formulas too).
    followed: ['.explain-body', '#sweep-optima', '.map-readout', '#coll-segments tbody', '.table-scroll'].map(
      (sel) => [...document.querySelectorAll(sel)].map((e) => e.innerHTML),
    ),
    // Every element's namespace and name: a formula's node parsed outside <math> serializes
    // as the same HTML but is not MathML, and does not show as a formula.
    elements: ['table#metrics tbody', 'ul#warnings', '.explain-body', '#coll-segments tbody'].map((sel) =>
      [...document.querySelectorAll(`${sel} *`)].map((e) => `${e.namespaceURI} ${e.localName}`).join(),
    ),
    charts: [...document.querySelectorAll('.results canvas')].map((c) => `${c.id} ${c.width}×${c.height} ${c.toDataURL()}`),
  }));
}

/**
 * The charts' pixels once every chart has been drawn in full: a page's own repaints while it
 * opens (its canvases' sizes noticed) may already copy the curves' layer back, so the axes are
 * switched to another scale and back, each switch a new curves' layer.
 */
async function drawnAfresh(page) {
  const scales = await page.$$eval('select#scale option', (options) => options.map((o) => o.value));
  const now = await page.inputValue('select#scale');
  for (const scale of [scales.find((s) => s !== now), now]) {
    await page.selectOption('select#scale', scale);
    await settle(page);
  }
  return (await shown(page)).charts;
}

/**
 * `steps` inputs on the slider of control `key`, over the whole range and back, each in an
 * animation frame of its own; then the page settles and the address has caught up.
 */
async function drag(page, key, steps) {
  await page.evaluate(
    ({ key, steps }) =>
      new Promise((resolve, reject) => {
        const el = document.querySelector(`[data-control="${key}"] input[type=range]`);
        if (!el) {
          reject(new Error(`no [data-control="${key}"] input[type=range]`));
          return;
        }
        const min = Number(el.min || 0);
        const max = Number(el.max || 100);
        let i = 0;
        const step = () => {
          if (i === steps) {
            // Released: the slider's `change` puts the last value in the address.
            el.dispatchEvent(new Event('change', { bubbles: true }));
            resolve();
            return;
          }
          const phase = i / (steps - 1);
          const frac = phase < 0.5 ? 2 * phase : 2 - 2 * phase;
          el.value = String(Math.round(min + (max - min) * (0.05 + 0.9 * frac * frac)));
          el.dispatchEvent(new Event('input', { bubbles: true }));
          i++;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    { key, steps },
  );
  await settle(page);
}

const CASES = [
  // Formulas whose numbers change size class over the range (the table's shape changes).
  { query: '?machine=atm-sparc20&pattern=pipelined-send', key: 'data' },
  { query: '?machine=intel-delta&pattern=global-combine', key: 'n' },
  { query: '?machine=intel-delta&pattern=global-combine', key: 'alpha' },
  { query: '?machine=intel-paragon&pattern=pingpong', key: 'size' },
  // Formulas that take another case over the range (the pipeline's one message or many; the
  // fastest algorithm of an allreduce): a term of a formula changes shape inside its row.
  { query: '?machine=custom&pattern=pipelined-send', key: 'data' },
  { query: '?machine=intel-delta&pattern=allreduce', key: 'size' },
  { query: '?machine=ethernet-now&pattern=all-to-all', key: 'size' },
  {
    query: '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong',
    key: 'alpha',
  },
  { query: '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=intel-paragon;pattern=pingpong', key: 'size' },
  { query: '?machine=intel-delta&pattern=global-combine&view=regimes', key: 'n' },
  { query: '?machine=intel-paragon&pattern=broadcast&view=collectives', key: 'size' },
];

describe('texts changed in place', () => {
  for (const { query, key } of CASES) {
    test(`${query}: after a drag on ${key}, the page shows what a fresh page on its address shows`, async () => {
      const { context, page } = await newAppPage(app.browser, { viewport: { width: 1280, height: 4000 } });
      try {
        await openApp(page, app.server.url, query);
        const before = await shown(page);
        await drag(page, key, 40);
        const after = await shown(page);
        assert.ok(
          await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight),
          'the whole page was on screen: every step updated the texts',
        );
        assert.notEqual(after.search, before.search, 'the drag changed the scenario');
        const fresh = await context.newPage();
        await openApp(fresh, app.server.url, after.search);
        const expected = await shown(fresh);
        expected.charts = await drawnAfresh(fresh);
        assert.equal(expected.search, after.search, 'the fresh page keeps the address');
        assert.equal(after.metrics, expected.metrics, 'the results table');
        assert.equal(after.warnings, expected.warnings, 'the warnings');
        assert.equal(after.crossovers, expected.crossovers, 'the crossovers');
        assert.deepEqual(after.followed, expected.followed, 'the texts of the other views');
        assert.deepEqual(after.elements, expected.elements, 'the elements, MathML where a fresh page has MathML');
        assert.ok(after.charts.length > 0, 'the view has charts');
        after.charts.forEach((c, i) => assert.ok(c === expected.charts[i], `chart ${c.split(' ')[0]}: the pixels of a fresh page`));
      } finally {
        await context.close();
      }
    });
  }
});

// A slider step changes a formula's numbers, not its shape: the results table keeps its rows and
// their formulas' elements, and changes only the texts whose values changed
// (components::metrics_table: rows keyed by metric, cells following the row's values).
test('a slider step changes the numbers of the results table in place', async () => {
  const { context, page } = await newAppPage(app.browser, { viewport: { width: 1280, height: 4000 } });
  try {
    await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
    const before = await page.evaluate(() => {
      const row = document.querySelector('table#metrics tr[data-metric="time_us"]');
      for (const el of [row, row.querySelector('td.value'), row.querySelector('math'), ...row.querySelectorAll('math mn')]) {
        el.commcalcKept = true;
      }
      return { value: row.querySelector('td.value').textContent, mn: row.querySelectorAll('math mn').length };
    });
    await drag(page, 'size', 2);
    const after = await page.evaluate(() => {
      const row = document.querySelector('table#metrics tr[data-metric="time_us"]');
      const mn = [...row.querySelectorAll('math mn')];
      return {
        value: row.querySelector('td.value').textContent,
        kept: [row, row.querySelector('td.value'), row.querySelector('math')].map((el) => el.commcalcKept === true),
        mnKept: mn.filter((el) => el.commcalcKept === true).length,
        mn: mn.length,
      };
    });
    assert.notEqual(after.value, before.value, 'the step changed the time');
    assert.deepEqual(after.kept, [true, true, true], 'the row, its value cell and its formula are the elements they were');
    assert.equal(after.mn, before.mn, "the formula's shape is the same");
    assert.equal(after.mnKept, after.mn, "the formula's numbers are the elements they were, their texts changed");
  } finally {
    await context.close();
  }
});

/**
 * Six inputs on the size slider of a page whose results table is below the fold, each in an
 * animation frame, with no `change`; then `then` (a script given the table and the slider) in
 * the next frame. The table's HTML before, after the inputs and after `then`.
 */
function dragOffScreen(page, then) {
  return page.evaluate(
    (then) =>
      new Promise((resolve) => {
        const table = document.querySelector('table#metrics tbody');
        const el = document.querySelector('[data-control="size"] input[type=range]');
        const before = table.innerHTML;
        let i = 0;
        const step = () => {
          if (i === 6) {
            const held = table.innerHTML;
            new Function('table', 'el', then)(table, el);
            requestAnimationFrame(() => requestAnimationFrame(() => resolve({ before, held, after: table.innerHTML })));
            return;
          }
          el.value = String(Math.round(Number(el.max) * (0.2 + 0.1 * i++)));
          el.dispatchEvent(new Event('input', { bubbles: true }));
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    then,
  );
}

/**
 * Six inputs on the slider of control `key`, from 20 % to 70 % of its range, one per animation
 * frame, then its release (`change`): what `read` (the body of a function run in the page)
 * returns before the drag, at its end and two frames after the release.
 */
function dragAndRelease(page, key, read) {
  return page.evaluate(
    ([key, read]) =>
      new Promise((resolve) => {
        const parts = new Function(read);
        const el = document.querySelector(`[data-control="${key}"] input[type=range]`);
        const before = parts();
        let i = 0;
        const step = () => {
          if (i === 6) {
            const held = parts();
            el.dispatchEvent(new Event('change', { bubbles: true }));
            requestAnimationFrame(() => requestAnimationFrame(() => resolve({ before, held, after: parts() })));
            return;
          }
          el.value = String(Number(el.min) + (Number(el.max) - Number(el.min)) * (0.2 + 0.1 * i++));
          el.dispatchEvent(new Event('input', { bubbles: true }));
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    [key, read],
  );
}

describe('texts off screen during a drag', () => {
  const query = '?machine=fddi-now&pattern=broadcast';
  const ways = [
    ['the slider is released', "el.dispatchEvent(new Event('change', { bubbles: true }));"],
    ['the table is scrolled into view', "table.closest('table').scrollIntoView();"],
    ['the slider pauses', ''],
  ];
  for (const [way, then] of ways) {
    test(`the results table keeps its content while a slider moves, and shows the last input's once ${way}`, async () => {
      const { context, page } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
      try {
        await openApp(page, app.server.url, query);
        const start = await page.evaluate(() => location.search);
        const { before, held, after } = await dragOffScreen(page, then);
        assert.equal(held, before, 'the table below the fold kept its content during the drag');
        if (way !== 'the slider pauses') assert.notEqual(after, before, `shown at once when ${way}`);
        await page.waitForFunction((start) => location.search !== start, start);
        await settle(page);
        const fresh = await context.newPage();
        await openApp(fresh, app.server.url, await page.evaluate(() => location.search));
        const expected = (await shown(fresh)).metrics;
        if (way !== 'the slider pauses') assert.equal(after, expected, `the last input's table, at once when ${way}`);
        assert.equal((await shown(page)).metrics, expected, 'the last input\'s table');
      } finally {
        await context.close();
      }
    });
  }

  // Compare's bandwidth chart is below the fold at 1280 × 900: while a slider moves it keeps its
  // picture (components::charts, dom::drawing_waits), the latency chart above following every
  // input, and once the slider is released it shows what a fresh page shows.
  test("Compare's chart below the fold keeps its picture while a slider moves, and shows the last input's once released", async () => {
    const compare =
      '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong&c=machine=jpl-mark3;pattern=pingpong&c=machine=intel-paragon;pattern=pingpong';
    const { context, page } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, compare);
      const below = await page.evaluate(() => document.getElementById('bandwidth-chart').getBoundingClientRect().top >= innerHeight);
      const run = await dragAndRelease(page, 'alpha', "return ['latency-chart', 'bandwidth-chart'].map((id) => document.getElementById(id).toDataURL());");
      assert.ok(below, 'the bandwidth chart is below the fold');
      assert.notEqual(run.held[0], run.before[0], 'the latency chart followed the drag');
      assert.equal(run.held[1], run.before[1], 'the bandwidth chart kept its picture during the drag');
      assert.notEqual(run.after[1], run.before[1], 'the bandwidth chart is drawn once the slider is released');
      await settle(page);
      const fresh = await context.newPage();
      await fresh.setViewportSize({ width: 1280, height: 900 });
      await openApp(fresh, app.server.url, await page.evaluate(() => location.search));
      const expected = await drawnAfresh(fresh);
      const charts = await page.evaluate(() =>
        ['latency-chart', 'bandwidth-chart'].map((id) => {
          const c = document.getElementById(id);
          return `${c.id} ${c.width}×${c.height} ${c.toDataURL()}`;
        }),
      );
      assert.ok(charts[1] === expected[1], "the bandwidth chart: the last input's, as a fresh page draws it");
    } finally {
      await context.close();
    }
  });

  // A slider let go ends its pause at once (dom::flush_url); the pause's timer, still waiting,
  // must not end the wait of the next drag: left to run, it showed the held table and wrote
  // the address in the middle of a drag begun within 300 ms of the release.
  test('a drag begun just after a release keeps the table and the address until it pauses', async () => {
    const { context, page } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, query);
      const run = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const table = document.querySelector('table#metrics tbody');
            const el = document.querySelector('[data-control="size"] input[type=range]');
            const slide = (frac) => {
              el.value = String(Math.round(Number(el.max) * frac));
              el.dispatchEvent(new Event('input', { bubbles: true }));
            };
            // One input, and the slider released in the next frame.
            slide(0.2);
            const start = performance.now();
            let released;
            requestAnimationFrame(() => {
              el.dispatchEvent(new Event('change', { bubbles: true }));
              setTimeout(() => {
                released = { table: table.innerHTML, search: location.search };
                step();
              }, 0);
            });
            const changed = [];
            let i = 0;
            let last = start;
            let longest = 0;
            // Then a drag, an input every 20 ms, until well past the first input's 300 ms.
            const step = () => {
              const now = performance.now();
              longest = Math.max(longest, now - last);
              last = now;
              for (const [what, now, then] of [
                ['the table', table.innerHTML, released.table],
                ['the address', location.search, released.search],
              ]) {
                if (now !== then && !changed.some((c) => c.startsWith(what))) changed.push(`${what} before input ${i}`);
              }
              if (now - start > 600) {
                resolve({ changed, longest, inputs: i });
                return;
              }
              slide(0.3 + 0.01 * (i++ % 40));
              setTimeout(step, 20);
            };
          }),
      );
      assert.deepEqual(
        run.changed,
        [],
        `nothing held is shown during the drag's ${run.inputs} inputs (longest gap between two: ${run.longest.toFixed(0)} ms; a pause of 300 ms would show it): ${run.changed.join(", ")}`,
      );
    } finally {
      await context.close();
    }
  });
});

// The other views' content below the fold waits the same way (held::follow_on_screen): the
// Collectives view's winner map (not even computed meanwhile) and its segments table keep what
// they show while a parameter's slider moves, and show the last input's once it is released;
// the explain panel, closed, keeps its elements (a step made its formulas' elements again, to
// the same text).
test("Collectives' map and segments below the fold, and the closed explain panel, wait while a slider moves", async () => {
  const query = '?machine=intel-paragon&pattern=broadcast&view=collectives';
  const { context, page } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
  try {
    await openApp(page, app.server.url, query);
    await settle(page);
    const start = await page.evaluate(() => location.search);
    const { below, closed } = await page.evaluate(() => {
      for (const e of document.querySelectorAll('.explain-body *')) e.commcalcKept = true;
      const top = (id) => document.getElementById(id).getBoundingClientRect().top;
      return { below: top('coll-map') >= innerHeight && top('coll-segments') >= innerHeight, closed: !document.getElementById('explain').open };
    });
    const run = await dragAndRelease(
      page,
      'alpha',
      `return {
        map: document.getElementById('coll-map').toDataURL(),
        segments: document.querySelector('#coll-segments tbody').innerHTML,
        explainKept: [...document.querySelectorAll('.explain-body *')].every((e) => e.commcalcKept === true),
      };`,
    );
    assert.ok(below, 'the map and the segments table are below the fold');
    assert.ok(closed, 'the explain panel is closed');
    for (const part of ['map', 'segments']) {
      assert.ok(run.held[part] === run.before[part], `the ${part} kept what it showed during the drag`);
      assert.ok(run.after[part] !== run.before[part], `the ${part} shows the last input's once the slider is released`);
    }
    assert.ok(run.held.explainKept, "the closed explain panel's elements are the ones it had during the drag");
    await page.waitForFunction((start) => location.search !== start, start);
    await settle(page);
    const fresh = await context.newPage();
    await fresh.setViewportSize({ width: 1280, height: 900 });
    await openApp(fresh, app.server.url, await page.evaluate(() => location.search));
    await settle(fresh);
    const read = (p) =>
      p.evaluate(() => ({
        map: document.getElementById('coll-map').toDataURL(),
        segments: document.querySelector('#coll-segments tbody').innerHTML,
        explain: document.querySelector('.explain-body').innerHTML,
      }));
    const [now, expected] = [await read(page), await read(fresh)];
    for (const part of ['map', 'segments', 'explain']) {
      assert.ok(now[part] === expected[part], `the ${part}: the last input's, as a fresh page shows it`);
    }
  } finally {
    await context.close();
  }
});
