// The Collectives view: the chart of every algorithm and the winner map are drawn, a cell read
// by the pointer or the keys names the winner the core's `algo=best` reports for the same p and
// size, the address carries the whole state (and Back/Forward restore it), the four export
// buttons download exactly the files `commcalc collectives --export` prints (which the core's
// tests parse back into the same decisions), a bad p or algo is refused with a message and the
// state kept, and the view passes axe and works from the keyboard.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import { describe, it } from 'node:test';

import {
  afterRepaint,
  appFailures,
  canvasInfo,
  cli,
  evalQuery,
  MIN_DRAWN_FRACTION,
  newAppPage,
  offBlockPixels,
  openApp,
  shownErrors,
  slideMaps,
  useApp,
} from './harness.mjs';

const QUERY = 'machine=intel-paragon&pattern=broadcast&p=16';
const VIEW = `?${QUERY}&view=collectives`;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const app = useApp();

/** The readout's data: the cell's p, size and winner, and its text. */
function readout(page) {
  return page.evaluate(() => {
    const cell = document.querySelector('#coll-map-readout .map-readout-text');
    if (!cell) return null;
    return {
      p: Number(cell.dataset.p),
      size: Number(cell.dataset.size),
      winner: cell.dataset.winner,
      text: cell.textContent.replace(/\s+/gu, ' ').trim(),
    };
  });
}

/** Moves the pointer over the map at fractions (fx from the left, fy from the top). */
async function hover(page, fx, fy) {
  await page.locator('#coll-map-area').scrollIntoViewIfNeeded();
  const box = await page.locator('#coll-map-area').boundingBox();
  await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
}

/** The core's fastest algorithm at a cell. */
function best(machine, pattern, p, size) {
  return evalQuery(`machine=${machine}&pattern=${pattern}&algo=best&p=${p}&size=${size}`).metrics.fastest;
}

/** Clicks an export button and returns the download's name and text. */
async function download(page, format) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-coll-export="${format}"]`)]);
  return { name: file.suggestedFilename(), text: await fs.readFile(await file.path(), 'utf8') };
}

describe('collectives view', () => {
  it('draws the chart and the winner map, with both libraries\' lines and a key', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, VIEW);
      const chart = await canvasInfo(page, 'canvas#coll-chart');
      assert.ok(chart.fraction > MIN_DRAWN_FRACTION, `the chart is drawn: ${JSON.stringify(chart)}`);
      const map = await canvasInfo(page, 'canvas#coll-map');
      assert.equal(map.width, 127, 'one column per size, six to an octave');
      assert.equal(map.height, 64, 'one row per p');
      const lines = await page.evaluate(() => ['mpich', 'ompi'].map((c) => document.querySelector(`.coll-lines .${c}`).getAttribute('d')));
      assert.ok(lines.every((d) => d.length > 0), 'MPICH 4 and Open MPI 4.1 thresholds are drawn on the map');
      const crossings = await page.textContent('#coll-crossovers');
      assert.match(crossings, /binomial → /u, 'the chart\'s crossovers are named with their sizes');
      assert.match(await page.textContent('#coll-map-key'), /MPICH 4: default is the fastest in \d+ of the \d+ cells/u);
      assert.match(await page.textContent('#coll-map-key'), /Open MPI 4\.1: default is the fastest in \d+ of the \d+ cells/u);
      assert.ok((await page.locator('#coll-segments tbody tr').count()) >= 4, 'the pipelined chain\'s optimal segments');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a held α slider draws a coarse winner map, and its release the exact map its address draws', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-delta&pattern=allreduce&view=collectives');
      const sample = () => page.$eval('figure.coll-map', (f) => f.dataset.sample);
      assert.equal(await sample(), '1');
      assert.ok((await offBlockPixels(page, 'canvas#coll-map', 4)) > 0, 'the exact map has detail within 4 × 4 blocks');
      await slideMaps(page, 'alpha', 0.2, 1);
      await slideMaps(page, 'alpha', 0.6, 1);
      assert.equal(await sample(), '4', 'held: the map is coarse');
      assert.equal(await offBlockPixels(page, 'canvas#coll-map', 4), 0, 'held: the map in 4 × 4 blocks');
      await slideMaps(page, 'alpha', null, 1);
      assert.equal(await sample(), '1', 'released: the map is exact');
      const released = await canvasInfo(page, 'canvas#coll-map');
      await page.waitForFunction(() => /alpha=/u.test(location.search), null, { timeout: 3000 });
      await openApp(page, app.server.url, await page.evaluate(() => location.search));
      assert.equal((await canvasInfo(page, 'canvas#coll-map')).hash, released.hash, 'the released map is the pixels the address draws');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a hovered cell names the winner algo=best reports there', async () => {
    const { context, page } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, VIEW);
      const seen = new Set();
      for (const [fx, fy] of [[0.05, 0.95], [0.5, 0.5], [0.9, 0.1], [0.7, 0.8]]) {
        await hover(page, fx, fy);
        await page.waitForTimeout(50);
        const r = await readout(page);
        assert.ok(r, 'the readout shows a cell');
        seen.add(`${r.p} ${r.size}`);
        assert.equal(r.winner, best('intel-paragon', 'broadcast', r.p, r.size), `p = ${r.p}, n = ${r.size}`);
        assert.match(r.text, new RegExp(`^p = ${r.p}, n = .+: ${r.winner} in `, 'u'));
        assert.match(r.text, /MPICH 4: .+ \((agrees|differs: [^)]+% slower|differs|not costed here)\)/u);
        assert.match(r.text, /Open MPI 4\.1: .+ \((agrees|differs: [^)]+% slower|differs|not costed here)\)/u);
      }
      assert.equal(seen.size, 4, 'each position reads its own cell');
      // The same through the JavaScript API, on a course page that loads it (the view's own
      // module does not carry the API).
      await hover(page, 0.3, 0.3);
      const r = await readout(page);
      const course = await context.newPage();
      await course.goto(app.server.url + 'api-example.html', { waitUntil: 'load' });
      const js = await course.evaluate(async (q) => {
        const api = await import('./commcalc.js');
        await api.default();
        return api.evaluate(q).metrics.fastest;
      }, `machine=intel-paragon&pattern=broadcast&algo=best&p=${r.p}&size=${r.size}`);
      assert.equal(js, r.winner);
    } finally {
      await context.close();
    }
  });

  it('a click takes the cell into the address; Back and Forward restore the views; the address reopens the same page', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${QUERY}`);
      const calculator = await page.evaluate(() => location.search);
      await afterRepaint(page, 'open Collectives', () => page.click('#tab-collectives'));
      assert.match(await page.evaluate(() => location.search), /view=collectives/u);
      assert.match(await page.title(), / · Collectives — commcalc$/u);
      assert.ok(await page.isVisible('#explain'), 'the explain panel is beside the view');
      await hover(page, 0.8, 0.2);
      const r = await readout(page);
      await afterRepaint(page, 'click on the map', () => page.mouse.down().then(() => page.mouse.up()));
      const search = await page.evaluate(() => location.search);
      assert.match(search, new RegExp(`[?&]p=${r.p}(&|$)`, 'u'));
      assert.match(search, new RegExp(`[?&]size=${r.size}(&|$)`, 'u'));
      assert.match(search, /view=collectives/u);
      assert.equal((await readout(page)).p, r.p, 'the readout is on the cell taken');

      // The cell taken is an edit, a history entry of its own: Back undoes it, then leaves the view.
      await page.goBack();
      await page.waitForFunction((s) => location.search !== s && location.search.includes('view=collectives'), search);
      await page.goBack();
      await page.waitForFunction(() => !location.search.includes('view=collectives'));
      assert.equal(await page.evaluate(() => location.search), calculator, 'Back returns to the calculator as it was');
      await page.goForward();
      await page.waitForFunction(() => location.search.includes('view=collectives'));
      await page.goForward();
      await page.waitForFunction((s) => location.search === s, search);
      assert.equal(await page.evaluate(() => location.search), search, 'Forward returns to the cell taken');
      await page.waitForSelector('#coll-map-readout .map-readout-text');
      assert.equal((await readout(page)).p, r.p);

      // Another collective through the view's picker: the scenario, hence the address, changes.
      await afterRepaint(page, 'pick allreduce', () => page.selectOption('#coll-collective', 'allreduce'));
      const allreduce = await page.evaluate(() => location.search);
      assert.match(allreduce, /pattern=allreduce/u);
      // The address alone reopens the same page.
      await openApp(page, app.server.url, allreduce);
      assert.equal(await page.evaluate(() => location.search), allreduce, 'the address is canonical');
      assert.equal(await page.inputValue('#coll-collective'), 'allreduce');
      assert.equal((await readout(page)).p, r.p, 'p is kept across the collective');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the tour opens where MPICH\'s default differs, and the readout says by how much as the core does', async () => {
    const { context, page } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=broadcast&size=16000&p=16&view=collectives');
      const r = await readout(page);
      assert.equal(r.p, 16);
      assert.equal(r.winner, 'binomial');
      const m = r.text.match(/MPICH 4: scatter-rd-allgather \(differs: ([\d.]+) (µs|ms), (\d+)% slower\)/u);
      assert.ok(m, r.text);
      const shown = Number(m[1]) * (m[2] === 'ms' ? 1000 : 1);
      const core = evalQuery(`machine=intel-paragon&pattern=broadcast&p=16&size=${r.size}`).metrics;
      assert.ok(Math.abs(shown / core.scatter_rd_allgather_us - 1) < 0.005, `${shown} vs ${core.scatter_rd_allgather_us}`);
      assert.equal(Number(m[3]), Math.round((core.scatter_rd_allgather_us / core.binomial_us - 1) * 100));
      // Open MPI 4.1's table for 16 to 31 processes: binomial from 4 KiB to 1 MiB, the winner here.
      assert.match(r.text, /Open MPI 4\.1: binomial \(agrees\)/u);
      assert.ok(await page.isVisible('[data-preset="paragon-broadcast-mpich"][aria-current="true"]'), 'the tour is marked');
    } finally {
      await context.close();
    }
  });

  it('the tab opens the view on the scenario; a pattern that is not a collective moves to allreduce with a note', async () => {
    const { context, page } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      await page.click('#tab-collectives');
      await page.waitForSelector('#coll-map-area');
      assert.match(await page.evaluate(() => location.search), /machine=intel-paragon&pattern=allreduce.*view=collectives/u);
      assert.match(await page.textContent('#coll-note'), /Ping-pong|ping-pong/u);
    } finally {
      await context.close();
    }
  });

  it('a fresh tab on ?view=collectives opens on a collective, with p, and says so; so does Regimes', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?view=collectives');
      assert.equal(await page.isVisible('#coll-error'), false, 'no error');
      assert.match(await page.textContent('#coll-note'), /Ping-pong is not one, so the view shows Allreduce on Intel Paragon/u);
      assert.match(await page.evaluate(() => location.search), /^\?machine=intel-paragon&pattern=allreduce.*view=collectives/u);
      assert.equal(await page.inputValue('#coll-collective'), 'allreduce');
      assert.equal(await page.locator('#in-p').count(), 1, 'the p control is there');
      assert.ok((await canvasInfo(page, 'canvas#coll-map')).fraction > MIN_DRAWN_FRACTION, 'the map is drawn');
      await openApp(page, app.server.url, '?view=regimes');
      assert.equal(await page.locator('#regimes-error').count(), 0, 'no error in Regimes');
      assert.match(await page.textContent('#regimes-note'), /Intel Paragon has no node-bandwidth-limited parameters.*DELTA/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('an address that names ping-pong offers every collective; choosing the fitted machine moves to a collective on it', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      const fitted = 'machine=custom&pattern=pingpong&model=hockney&alpha=1.5&beta=0.0001';
      await openApp(page, app.server.url, '?view=import');
      await page.evaluate((q) => localStorage.setItem('commcalc.fitted.v2', `commcalc fitted machines v2\nmy cluster\t${q}\t`), fitted);
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong&view=collectives');
      // The address's pattern is kept and the reason given; the menu asks for a collective, so
      // that broadcast, its first entry, is a choice.
      assert.equal(await page.inputValue('#coll-collective'), '');
      await afterRepaint(page, 'pick broadcast', () => page.selectOption('#coll-collective', 'broadcast'));
      assert.match(await page.evaluate(() => location.search), /pattern=broadcast/u);
      assert.equal(await page.isVisible('#coll-error'), false);
      // The fitted machine on a pattern of its own: the view moves to a collective on it, by name.
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong&view=collectives');
      await afterRepaint(page, 'choose the fitted machine', () => page.selectOption('select#machine', 'fitted:0'));
      await page.waitForFunction(() => location.search.includes('machine=custom') && location.search.includes('pattern=allreduce'));
      const search = decodeURIComponent(await page.evaluate(() => location.search));
      assert.ok(search.includes('alpha=1.5') && search.includes('fitted=my+cluster'), search);
      assert.equal(await page.isVisible('#coll-error'), false, 'no error');
      assert.match(await page.textContent('#coll-note'), /Allreduce on my cluster/u);
      assert.equal(await page.evaluate(() => document.querySelector('select#machine').selectedOptions[0].textContent), 'my cluster');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it("the scenario's cell reads out its own size, 1,048,576 B as the panel shows it; the p axis is even", async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=broadcast&p=16&size=1048576&view=collectives');
      const r = await readout(page);
      assert.equal(r.size, 1048576);
      assert.match(r.text, /^p = 16, n = 1\.05 MB: /u);
      assert.equal(r.winner, best('intel-paragon', 'broadcast', 16, 1048576));
      const ticks = await page.evaluate(() => [...document.querySelectorAll('.coll-map .map-y span')].map((t) => [t.textContent, parseFloat(t.style.bottom || t.style.top)]));
      assert.deepEqual(ticks.map(([label]) => label), ['2', '8', '32', '128', '512']);
      const gaps = ticks.slice(1).map(([, at], i) => at - ticks[i][1]);
      assert.ok(gaps.every((g) => Math.abs(g - gaps[0]) < 0.01), JSON.stringify(ticks));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('on a phone the chart and the map come right after the pickers, above the p and size controls', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await openApp(page, app.server.url, VIEW);
      const top = (sel) => page.evaluate((s) => document.querySelector(s).getBoundingClientRect().top + scrollY, sel);
      const [chart, map, p, size] = await Promise.all(['#coll-chart', '#coll-map-area', '[data-control="p"]', '[data-control="size"]'].map(top));
      assert.ok(chart < p && map < p, `chart ${chart}, map ${map}, p ${p}`);
      const mapBottom = await page.evaluate(() => document.querySelector('#coll-map-area').getBoundingClientRect().bottom + scrollY);
      assert.ok(Math.max(p, size) - mapBottom < 844, `p and size are within a screen of the map: ${mapBottom} → ${p}, ${size}`);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
      assert.ok(widths.page <= widths.view, JSON.stringify(widths));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  for (const format of ['ompi-rules', 'ompi-json', 'mpich-json', 'simgrid']) {
    it(`the ${format} button downloads the file commcalc collectives --export prints`, async () => {
      const { context, page } = await newAppPage(app.browser);
      try {
        await openApp(page, app.server.url, VIEW);
        const file = await download(page, format);
        // The view's p is not the file's (the command line refuses it): the file is made
        // without it.
        const canonical = evalQuery(QUERY.replace('&p=16', '')).query;
        const expected = cli(['collectives', '--export', format, canonical]);
        assert.equal(file.text, expected);
        // Open MPI's rules file is the .conf its coll_tuned_dynamic_rules_filename names.
        const ext = { 'ompi-rules': 'conf', 'ompi-json': 'json', 'mpich-json': 'json', simgrid: 'txt' }[format];
        assert.match(file.name, new RegExp(`^commcalc-intel-paragon-broadcast\\.${format}\\.${ext}$`, 'u'));
        // MPICH's selection file opens with a C comment (its margin), which MPICH's reader skips.
        if (format.endsWith('json')) JSON.parse(format === 'mpich-json' ? file.text.split('*/')[1] : file.text);
        assert.match(await page.textContent('#coll-export-status'), /^Saved /u);
      } finally {
        await context.close();
      }
    });
  }

  it('p=0 and an unknown algo are refused with a clear message; the view keeps working', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=broadcast&p=0&view=collectives');
      let errors = await shownErrors(page);
      assert.ok(errors.some((e) => e.key === 'p' && /p/u.test(e.text) && e.visible), JSON.stringify(errors));
      assert.ok((await canvasInfo(page, 'canvas#coll-map')).fraction > MIN_DRAWN_FRACTION, 'the map still shows the default p');
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=broadcast&algo=nosuch&view=collectives');
      errors = await shownErrors(page);
      assert.ok(errors.some((e) => e.key === 'algo' && /nosuch/u.test(e.text)), JSON.stringify(errors));
      assert.equal(await page.inputValue('#coll-collective'), 'broadcast', 'the collective is kept');
      // A p typed in the scenario panel that the core rejects keeps the scenario.
      const search = await page.evaluate(() => location.search);
      const p = page.locator('#in-p');
      assert.equal(await p.count(), 1, 'the scenario panel has a number field for p');
      await p.fill('0');
      await p.press('Enter');
      await page.waitForFunction(() => [...document.querySelectorAll('ul#errors > li')].some((li) => li.dataset.key === 'p'));
      errors = await shownErrors(page);
      const shown = errors.find((e) => e.key === 'p');
      assert.ok(shown.visible && /\bp\b/u.test(shown.text), JSON.stringify(errors));
      assert.equal(await page.evaluate(() => location.search), search, 'the address keeps the last good state');
      assert.equal(await page.inputValue('#coll-collective'), 'broadcast');
      assert.ok((await readout(page)) !== null, 'the map still reads out');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the map works from the keyboard', async () => {
    const { context, page } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, VIEW);
      await page.focus('#coll-map-area');
      const start = await readout(page);
      await page.keyboard.press('ArrowRight');
      const right = await readout(page);
      assert.ok(right.size > start.size, 'ArrowRight: a larger size');
      await page.keyboard.press('ArrowUp');
      const up = await readout(page);
      assert.ok(up.p > right.p, 'ArrowUp: more processes');
      await page.keyboard.press('End');
      assert.equal((await readout(page)).size, 16777216, 'End: the largest size');
      await afterRepaint(page, 'Enter on the map', () => page.keyboard.press('Enter'));
      assert.match(await page.evaluate(() => location.search), /size=16777216/u);
    } finally {
      await context.close();
    }
  });

  for (const scheme of ['light', 'dark']) {
    it(`no serious or critical axe violations, ${scheme}`, async () => {
      const { context, page } = await newAppPage(app.browser, { colorScheme: scheme });
      try {
        await openApp(page, app.server.url, VIEW);
        await page.addScriptTag({ path: AXE });
        const result = await page.evaluate(() =>
          window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
        );
        const bad = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        assert.deepEqual(bad, []);
      } finally {
        await context.close();
      }
    });
  }

  it('embeds: the view without tabs or pickers, its chart and map drawn', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `${VIEW}&embed=1`);
      assert.equal(await page.locator('nav.tabs').count(), 0);
      assert.ok((await canvasInfo(page, 'canvas#coll-map')).fraction > MIN_DRAWN_FRACTION);
      assert.ok((await canvasInfo(page, 'canvas#coll-chart')).fraction > MIN_DRAWN_FRACTION);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  // γ and the node's assumed α-β are facts about the controls: under them, at both widths
  // (they were first in the scenario column, above the machine).
  for (const width of [1280, 390]) {
    it(`the collective's facts come under the controls at ${width} px`, async () => {
      const { context, page, problems } = await newAppPage(app.browser, { viewport: { width, height: 900 } });
      try {
        await openApp(page, app.server.url, '?machine=intel-delta&pattern=allreduce&view=collectives&ppn=4&p=16');
        const tops = await page.evaluate(() =>
          ['.pickers', '.controls', '#collective-facts'].map((s) => document.querySelector(s).getBoundingClientRect().top),
        );
        assert.ok(tops[0] < tops[1] && tops[1] < tops[2], `pickers, controls, facts at ${tops}`);
        // Each cell of the segments' table on one line: a number with its unit.
        assert.ok((await page.locator('#coll-segments td').count()) > 0, 'the segments are shown');
        const split = await page.evaluate(() =>
          [...document.querySelectorAll('#coll-segments td')]
            .filter((td) => {
              const r = document.createRange();
              r.selectNodeContents(td);
              return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1;
            })
            .map((td) => td.textContent),
        );
        assert.deepEqual(split, [], 'cells split over lines');
        assert.deepEqual(appFailures(problems), []);
      } finally {
        await context.close();
      }
    });
  }
});
