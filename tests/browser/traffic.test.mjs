// The Traffic view: the tab opens it on a traffic scenario, a short run shows the completion
// time `commcalc traffic --json` prints for the same query (the same printed number, so the
// same bits), the address carries every control and reopening it gives the same numbers, a bad
// value is refused with its key named and the state kept, a long run goes to the worker with a
// progress bar and Cancel stops it, one long replication moves the bar before its results
// arrive, a run in the worker has the CLI's per-link results, the figures and the utilisation
// histogram are drawn, every export downloads its file (the CSVs' completion times are the
// CLI's), the embedded view has no app chrome, the calculator waits for its first traffic
// report from the worker (a pattern picked meanwhile is shown at once), a slider's re-run goes
// to the worker (which posts no progress for it) and its late results never replace a newer
// run's, and no console error is raised.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { describe, it } from 'node:test';

import { appFailures, canvasInfo, cli, evalQuery, metricMap, MIN_DRAWN_FRACTION, newAppPage, openApp, useApp, waitReady } from './harness.mjs';

const QUERY = 'machine=intel-ipsc&pattern=traffic';
const app = useApp();

/** The raw completion time in the results table, once a run has filled it. */
async function completion(page) {
  await page.waitForSelector('#traffic-results tr[data-metric="completion_us"]');
  return page.getAttribute('#traffic-results tr[data-metric="completion_us"] td.value', 'data-value');
}

/** The CLI's completion time for a query, printed as JavaScript prints the number. */
function cliCompletion(query) {
  const out = JSON.parse(cli(['traffic', '--json', query]));
  return String(out.metrics.completion_us);
}

/** Clicks an export button and returns the download's name and bytes. */
async function download(page, what) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-traffic-export="${what}"]`)]);
  return { name: file.suggestedFilename(), bytes: await fs.readFile(await file.path()) };
}

/** A CSV's `metric,value` row's value. */
function csvValue(text, metric) {
  return text.split('\r\n').find((l) => l.startsWith(`${metric},`))?.split(',')[1];
}

/** Checks a PNG's signature and an SVG download that the browser parses, with lines drawn. */
async function checkImages(page, chart, stem) {
  const png = await download(page, `${chart}-png`);
  assert.equal(png.name, `${stem}-${chart}.png`);
  assert.deepEqual([...png.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], `${chart}: PNG signature`);
  const svg = await download(page, `${chart}-svg`);
  assert.equal(svg.name, `${stem}-${chart}.svg`);
  const parsed = await page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return { error: doc.querySelector('parsererror')?.textContent ?? null, root: doc.documentElement.nodeName, lines: doc.querySelectorAll('polyline, path, line').length };
  }, svg.bytes.toString('utf8'));
  assert.equal(parsed.error, null, chart);
  assert.equal(parsed.root, 'svg', chart);
  assert.ok(parsed.lines > 3, `${chart}: ${parsed.lines} lines`);
}

const STEM = 'commcalc-traffic-intel-ipsc';

/**
 * Records what the page posts to its workers, by kind (`do` for a request, `hold`: the
 * `kind` each message carries beside its bytes, crates/web/src/traffic.rs's `Message`), in
 * `window.posted`; installed before the page's scripts run.
 */
function recordPosts(page) {
  return page.addInitScript(() => {
    window.posted = [];
    window.received = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function record(message, ...rest) {
      window.posted.push(message?.kind);
      return post.call(this, message, ...rest);
    };
    // And the kinds of the messages the page receives from its workers.
    const handler = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
    Object.defineProperty(Worker.prototype, 'onmessage', {
      get() {
        return handler.get.call(this);
      },
      set(f) {
        handler.set.call(this, f && ((ev) => {
          window.received.push(ev.data?.kind);
          return f(ev);
        }));
      },
    });
  });
}

/** How many messages of a kind the page has posted to its workers. */
function postedCount(page, kind) {
  return page.evaluate((k) => window.posted.filter((p) => p === k).length, kind);
}

describe('traffic view', () => {
  it('the tab opens the view on a traffic scenario and a run matches the CLI bit for bit', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=pingpong');
      await page.click('#tab-traffic');
      await page.waitForSelector('#traffic-title');
      assert.match(page.url(), /pattern=traffic/u);
      assert.match(page.url(), /view=traffic/u);
      const raw = await completion(page);
      assert.equal(raw, cliCompletion(QUERY), 'the same completion time as commcalc traffic --json');
      assert.equal(await page.locator('#traffic-cube line[data-link]').count(), 32, 'the 16-node cube\'s 32 links');
      assert.ok((await page.locator('[data-control="dim"]').count()) === 1, 'the simulator keys are controls');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the calculator simulates a traffic query in the worker: after an input, the CLI\'s numbers for the new query', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      // A seed above 2⁵³ crosses from the worker as a BigInt.
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&count=500&seed=18446744073709551615');
      const value = async () => (await metricMap(page)).completion_us?.value;
      const first = await value();
      assert.equal(first, String(evalQuery(new URL(page.url()).search.slice(1)).metrics.completion_us), 'the page\'s first report');
      await page.evaluate(() => {
        const el = document.querySelector('[data-control="size"] input[type=range]');
        el.value = String(Math.round(Number(el.min) + 0.7 * (Number(el.max) - Number(el.min))));
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await page.waitForFunction(
        (v) => document.querySelector('table#metrics tr[data-metric="completion_us"] td.value')?.dataset.value !== v,
        first,
        { timeout: 10_000 },
      );
      const query = new URL(page.url()).search.slice(1);
      assert.match(query, /size=/u);
      assert.equal(page.workers().length, 1, 'the runs went to a worker');
      assert.equal(await value(), String(evalQuery(query).metrics.completion_us), 'the worker\'s runs, evaluated on the page');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('inputs tell the worker to rest only while it works: the calculator\'s requests start at once', async () => {
    // A worker told to rest waits 10 ms before its next slice; on the calculator's traffic
    // pattern the request an input asks for came right after that input's Hold, so every
    // result waited for a rest meant for a long run. An idle worker is not told.
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await recordPosts(page);
      await openApp(page, app.server.url, `?${QUERY}`);
      const opened = await postedCount(page, 'do');
      for (const at of [0.7, 0.5, 0.9]) {
        const before = (await metricMap(page)).completion_us?.value;
        await page.evaluate((f) => {
          const el = document.querySelector('[data-control="size"] input[type=range]');
          el.value = String(Math.round(Number(el.min) + f * (Number(el.max) - Number(el.min))));
          el.dispatchEvent(new Event('input', { bubbles: true }));
        }, at);
        await page.waitForFunction(
          (v) => document.querySelector('table#metrics tr[data-metric="completion_us"] td.value')?.dataset.value !== v,
          before,
          { timeout: 10_000 },
        );
      }
      assert.equal(await postedCount(page, 'do') - opened, 3, 'one request per input');
      assert.equal(await postedCount(page, 'hold'), 0, 'no input came while the worker worked');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the calculator waits for its first traffic report, and a pattern picked meanwhile is shown at once', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      // Seven simulations of a 10-cube's 400,000 messages: seconds in the worker, so the
      // page is still waiting for them when the pattern changes.
      await page.goto(`${app.server.url}?machine=intel-ipsc&pattern=traffic&dim=10&count=400000`, { waitUntil: 'load' });
      await page.waitForSelector('#pattern');
      assert.equal(await page.evaluate(() => document.body.dataset.ready ?? null), null, 'not ready before the runs are in');
      await page.selectOption('#pattern', 'pingpong');
      await waitReady(page);
      const query = new URL(page.url()).search.slice(1);
      assert.match(query, /pattern=pingpong/u);
      const shown = await metricMap(page);
      assert.equal(shown.time_us?.value, String(evalQuery(query).metrics.time_us), 'the new pattern\'s report');
      assert.equal(shown.completion_us, undefined);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the address round-trips: a control changes it and reopening it gives the same numbers', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${QUERY}&view=traffic`);
      await completion(page);
      await page.selectOption('#in-spatial', 'sphere');
      await page.waitForFunction(() => location.search.includes('spatial=sphere'));
      await page.fill('#in-reps', '3');
      await page.press('#in-reps', 'Enter');
      await page.waitForFunction(() => location.search.includes('reps=3'));
      await page.waitForFunction(() => document.querySelector('#traffic-of')?.textContent.includes('reps=3'));
      const raw = await completion(page);
      const search = new URL(page.url()).search;
      const query = new URLSearchParams(search);
      query.delete('view');
      assert.equal(raw, cliCompletion(decodeURIComponent(query.toString())), 'the CLI agrees on the edited query');
      await openApp(page, app.server.url, search);
      assert.equal(new URL(page.url()).search, search, 'the address is kept as it is');
      assert.equal(await completion(page), raw, 'reopening the address gives the same completion time');
      assert.equal(await page.inputValue('#in-spatial'), 'sphere');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a bad value is refused with its key named and the state kept', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${QUERY}&view=traffic`);
      const before = await completion(page);
      const search = new URL(page.url()).search;
      await page.fill('#in-dim', '13');
      await page.press('#in-dim', 'Enter');
      await page.waitForSelector('#err-dim');
      assert.match(await page.textContent('#err-dim'), /dim.*1 to 12/u);
      assert.equal(new URL(page.url()).search, search, 'the address is unchanged');
      assert.equal(await completion(page), before, 'the results are unchanged');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a long run goes to the worker with a progress bar, and Cancel stops it', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&dim=10&count=1000000&reps=20&view=traffic');
      assert.match(await page.textContent('#traffic-status'), /Press Run/u, 'a long run waits for Run');
      await page.click('#traffic-run');
      await page.waitForSelector('#traffic-progress:not([hidden])');
      await page.waitForFunction(() => document.querySelector('#traffic-progress').value >= 1, null, { timeout: 20_000 });
      // The page stays responsive while the worker runs.
      assert.equal(await page.evaluate(() => 1 + 1), 2);
      await page.click('#traffic-cancel');
      await page.waitForSelector('#traffic-progress[hidden]', { state: 'attached' });
      assert.match(await page.textContent('#traffic-status'), /Cancelled/u);
      await page.waitForTimeout(1500);
      assert.equal(await page.locator('#traffic-results tr[data-metric]').count(), 0, 'no result arrives after Cancel');
      assert.match(await page.textContent('#traffic-status'), /Cancelled/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a single long replication moves the progress bar before its results arrive', async () => {
    // The core reports the fraction of the replication's messages delivered after every
    // batch of events (crates/core/src/traffic/sim.rs), so the bar does not wait for the
    // replication's end. Every value the bar takes is recorded as it is set.
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&dim=10&count=200000&reps=1&view=traffic');
      assert.match(await page.textContent('#traffic-status'), /Press Run/u, 'a long run waits for Run');
      await page.evaluate(() => {
        const bar = document.querySelector('#traffic-progress');
        window.shownProgress = [];
        new MutationObserver(() => window.shownProgress.push([bar.value, bar.max, document.querySelectorAll('#traffic-results tr[data-metric]').length]))
          .observe(bar, { attributes: true, attributeFilter: ['value', 'max'] });
      });
      await page.click('#traffic-run');
      await page.waitForFunction(() => /in the background in/u.test(document.querySelector('#traffic-status').textContent), null, { timeout: 120_000 });
      const shown = await page.evaluate(() => window.shownProgress);
      assert.ok(shown.some(([value, max, results]) => max === 1 && value > 0 && value < 1 && results === 0), JSON.stringify(shown));
      assert.ok(await page.locator('#traffic-results tr[data-metric]').count() > 0, 'the results arrive');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a slider re-runs in the worker, and a run on the page after it is not overwritten by its late results', async () => {
    // The default five replications re-run in the worker as a control moves; one replication
    // runs on the page at once. The worker's reply to the slider's input comes after that run:
    // it must not replace the newer results.
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await recordPosts(page);
      await openApp(page, app.server.url, `?${QUERY}&view=traffic`);
      await completion(page);
      const slide = (f) => {
        const slider = document.querySelector('[data-control="size"] input[type=range]');
        slider.value = String(Math.round(Number(slider.min) + f * (Number(slider.max) - Number(slider.min))));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        slider.dispatchEvent(new Event('change', { bubbles: true }));
      };
      // A first re-run, once the worker is up (its results show the new size).
      await page.evaluate(`(${slide})(0.3)`);
      await page.waitForFunction(() => document.querySelector('#traffic-of').textContent.includes(new URLSearchParams(location.search).get('size')));
      const before = await postedCount(page, 'do');
      // The slider's edit re-runs (its effects, in the task's microtasks), then reps=1 at once:
      // the worker's reply is held at least 10 ms after the input, so it comes after both.
      await page.evaluate(`(async () => {
        (${slide})(0.7);
        await new Promise((r) => setTimeout(r, 0));
        const reps = document.querySelector('#in-reps');
        reps.value = '1';
        reps.dispatchEvent(new Event('change', { bubbles: true }));
      })()`);
      assert.equal(await postedCount(page, 'do') - before, 1, 'the slider\'s re-run went to the worker');
      await page.waitForFunction(() => /reps=1/u.test(document.querySelector('#traffic-of').textContent));
      // Long enough for the worker's reply (a 5-replication run of 3 ms, held 10 ms after the input).
      await page.waitForTimeout(1000);
      assert.ok(await page.evaluate(() => window.received.includes('run')), 'the worker replied');
      // A re-run is shorter than the worker's least time between two progress messages: it
      // posts none (each was a task on the page's thread in every input, dropped there).
      assert.deepEqual(await page.evaluate(() => window.received.filter((k) => k === 'progress')), []);
      const query = new URL(page.url()).searchParams;
      query.delete('view');
      assert.match(await page.textContent('#traffic-of'), /reps=1/u, 'the results are still the page\'s run\'s');
      assert.equal(await page.locator('#traffic-stale').isVisible(), false);
      assert.equal(await completion(page), cliCompletion(decodeURIComponent(query.toString())));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a control changed during a run leaves the status line to the run, and its results are then marked stale', async () => {
    // Run is disabled while a run is under way, so the status must not tell the person to
    // press it (it did: every edit during a run replaced "Running in the background" with
    // "Press Run"); the results, when they come, are the run's and say the controls changed.
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&dim=10&count=200000&reps=1&view=traffic');
      const during = await page.evaluate(() => new Promise((resolve) => {
        document.getElementById('traffic-run').click();
        const slider = document.querySelector('[data-control="size"] input[type=range]');
        slider.value = String(Number(slider.min) + (Number(slider.max) - Number(slider.min)) / 3);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        setTimeout(() => resolve({
          status: document.querySelector('#traffic-status').textContent,
          running: document.getElementById('traffic-run').disabled,
        }), 0);
      }));
      assert.ok(during.running, 'the run is under way when the control changes');
      assert.match(during.status, /^Running in the background/u);
      await page.waitForFunction(() => /in the background in/u.test(document.querySelector('#traffic-status').textContent), null, { timeout: 120_000 });
      assert.equal(await page.locator('#traffic-stale').isVisible(), true, 'the results are those of the run, not of the controls');
      assert.match(await page.textContent('#traffic-of'), /count=200000/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a run in the worker gives the CLI\'s results, every link\'s utilisation and peak queue included, whatever inputs come meanwhile', async () => {
    // The worker hands each run's per-link results over as typed arrays beside the rest of
    // its reply (crates/web/src/worker.rs, `to_message`): they must come back whole and in order.
    // Each key press and pointer press while it runs tells the worker to rest (`ToWorker::Hold`),
    // which stops the simulation between two batches of events: the results must not change.
    // The page holds a reply that comes within 10 ms of an input (`worker::Inbox`), once: with
    // a press every 7 ms, a hold renewed by each press would keep the results back for ever.
    // 150 000 messages (4.8 MB) and the 9-cube's links (0.15 MB) are more data than the
    // simulator's look-ahead threshold (4 MiB, `sim.rs`), so in wasm32 it looks ahead too:
    // a hint that must not change the results either.
    const query = 'machine=intel-ipsc&pattern=traffic&dim=9&count=150000&reps=1';
    const { context, page, problems } = await newAppPage(app.browser, { acceptDownloads: true });
    try {
      await recordPosts(page);
      await openApp(page, app.server.url, `?${query}&view=traffic`);
      assert.match(await page.textContent('#traffic-status'), /Press Run/u, 'too long to run on the page');
      const pressed = await page.evaluate(() => new Promise((resolve) => {
        document.getElementById('traffic-run').click();
        let presses = 0;
        const press = () => {
          if (/in the background in/u.test(document.querySelector('#traffic-status').textContent)) {
            resolve(presses);
            return;
          }
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }));
          document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
          presses += 1;
          setTimeout(press, 7);
        };
        press();
      }));
      assert.ok(pressed > 3, `presses during the run: ${pressed}`);
      assert.ok(await postedCount(page, 'hold') > 3, 'the busy worker was told to rest');
      await page.waitForFunction(() => /in the background in/u.test(document.querySelector('#traffic-status').textContent), null, { timeout: 60_000 });
      const shown = JSON.parse((await download(page, 'json')).bytes.toString('utf8')).traffic.first;
      const want = JSON.parse(cli(['traffic', '--json', query])).traffic.first;
      assert.equal(shown.link_utilisation.length, 9 * 256);
      assert.deepEqual(shown.link_utilisation, want.link_utilisation);
      assert.deepEqual(shown.link_peak_queue, want.link_peak_queue);
      assert.equal(shown.completion_us, want.completion_us);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('runs Figs. 7 and 8 in the worker', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&count=400&reps=2&view=traffic');
      await completion(page);
      await page.click('#traffic-figures-run');
      await page.waitForFunction(() => document.querySelectorAll('#traffic-figs-table tr').length >= 10, null, { timeout: 30_000 });
      assert.match(await page.textContent('#traffic-status'), /Figs\. 7 and 8/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('exports the results as CSV and JSON with the CLI\'s completion time, the cube and the histograms', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { acceptDownloads: true });
    try {
      await openApp(page, app.server.url, `?${QUERY}&view=traffic`);
      const raw = await completion(page);
      const want = cliCompletion(QUERY);
      const csv = await download(page, 'csv');
      assert.equal(csv.name, `${STEM}.csv`);
      const text = csv.bytes.toString('utf8');
      assert.equal(csvValue(text, 'completion_us'), want, 'the CSV\'s completion time is the CLI\'s');
      assert.equal(raw, want);
      assert.match(text, /^# commcalc traffic: machine=intel-ipsc&pattern=traffic\r\n/u);
      const json = await download(page, 'json');
      assert.equal(json.name, `${STEM}.json`);
      const parsed = JSON.parse(json.bytes.toString('utf8'));
      assert.equal(String(parsed.traffic.completion_us.mean), want, 'the JSON\'s completion time is the CLI\'s');
      const cube = await download(page, 'cube');
      assert.equal(cube.name, `${STEM}-cube.svg`);
      assert.equal((cube.bytes.toString('utf8').match(/<line data-link=/gu) ?? []).length, 32);
      for (const chart of ['latency', 'runs']) await checkImages(page, chart, STEM);
      // The utilisation histogram is shown for cubes too large to draw; here it is not, nor
      // are its exports.
      assert.equal(await page.isVisible('[data-traffic-export="utilisation-png"]'), false);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('draws and exports the links\' utilisation of a cube too large to draw', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { acceptDownloads: true });
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&dim=7&count=300&reps=1&view=traffic');
      await completion(page);
      assert.equal(await page.locator('#traffic-cube line').count(), 0, 'no drawing of 448 links');
      await page.waitForFunction(() => document.querySelector('#traffic-utilisation')?.width > 0);
      const util = await canvasInfo(page, 'canvas#traffic-utilisation');
      assert.ok(util.fraction > MIN_DRAWN_FRACTION, `the utilisation chart is drawn: ${JSON.stringify(util)}`);
      await checkImages(page, 'utilisation', STEM);
      await page.click('button[data-traffic-export="cube"]');
      assert.equal(await page.textContent('#traffic-export-status'), 'Export failed: the cube is too large to draw');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('draws Figs. 7 and 8 and exports them, their values the CLI\'s sweeps', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { acceptDownloads: true });
    const base = 'machine=intel-ipsc&pattern=traffic&count=400&reps=2';
    const charts = ['fig7-radius', 'fig7-decay', 'fig8'];
    try {
      await openApp(page, app.server.url, `?${base}&view=traffic`);
      await completion(page);
      assert.equal(await page.locator(charts.map((c) => `canvas#traffic-${c}`).join(', ')).count(), 0, 'no charts before the run');
      await page.click('[data-traffic-export="figures-csv"]');
      assert.match(await page.textContent('#traffic-export-status'), /no figures yet/u);
      await page.click('#traffic-figures-run');
      await page.waitForFunction(() => document.querySelectorAll('#traffic-figs-table tr').length >= 10, null, { timeout: 30_000 });
      await page.waitForTimeout(200);
      for (const c of charts) {
        const after = await canvasInfo(page, `canvas#traffic-${c}`);
        assert.ok(after.fraction > MIN_DRAWN_FRACTION, `${c} is drawn: ${JSON.stringify(after)}`);
        await checkImages(page, c, STEM);
      }
      const csv = await download(page, 'figures-csv');
      assert.equal(csv.name, `${STEM}-figures.csv`);
      const rows = csv.bytes.toString('utf8').trim().split('\r\n').slice(2);
      assert.equal(rows.length, 4 + 5 + 1 + 12);
      const sphere = rows.filter((r) => r.startsWith('7,"sphere'));
      const swept = JSON.parse(cli(['traffic', '--json', `${base}&spatial=sphere`, '--sweep', 'radius=1:4:4']));
      assert.deepEqual(
        sphere.map((r) => r.split(',').at(-2)),
        swept.rows.map((r) => String(r.metrics.completion_us)),
        'Fig. 7\'s sphere series is commcalc traffic --sweep radius=1:4:4',
      );
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('embeds: the view without tabs, pickers or share, its run and cube shown', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${QUERY}&view=traffic&embed=1`);
      assert.equal(await completion(page), cliCompletion(QUERY));
      const chrome = await page.evaluate(() => ({
        tabs: document.querySelectorAll('nav.tabs, .tabs, #share').length,
        pickers: document.querySelectorAll('#machine, #pattern').length,
        controls: document.querySelectorAll('[data-control]').length,
        header: getComputedStyle(document.querySelector('header.top')).display,
        foot: document.querySelectorAll('.embed-foot a').length,
      }));
      assert.deepEqual(chrome, { tabs: 0, pickers: 0, controls: 0, header: 'none', foot: 1 });
      assert.equal(await page.locator('#traffic-cube line[data-link]').count(), 32);
      assert.ok((await canvasInfo(page, 'canvas#traffic-latency')).fraction > MIN_DRAWN_FRACTION, 'the latency histogram is drawn');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the stack depth and the hit list: typing a list sets the depth, moving the depth resizes the list', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${QUERY}&view=traffic`);
      await completion(page);
      assert.equal(await page.inputValue('#in-stack'), '0');
      assert.equal(await page.locator('[data-control="hit"] input[type=range]').count(), 0, 'the list is typed, not slid');
      await page.fill('#in-hit', '0.5,0.2');
      await page.press('#in-hit', 'Enter');
      await page.waitForFunction(() => location.search.includes('hit=0.5,0.2'));
      assert.equal(await page.inputValue('#in-stack'), '2');
      await page.fill('#in-stack', '3');
      await page.press('#in-stack', 'Enter');
      await page.waitForFunction(() => location.search.includes('hit=0.5,0.2,0'));
      assert.equal(await page.inputValue('#in-hit'), '0.5,0.2,0');
      await page.waitForFunction(() => document.querySelector('#traffic-of')?.textContent.includes('hit=0.5,0.2,0'));
      assert.equal(await completion(page), cliCompletion(`${QUERY}&hit=0.5,0.2,0`), 'the CLI agrees on the deeper stack');
      await page.fill('#in-hit', '0.5,x');
      await page.press('#in-hit', 'Enter');
      await page.waitForSelector('#err-hit');
      assert.match(new URL(page.url()).search, /hit=0\.5,0\.2,0/u, 'a bad list is refused and the state kept');
      await page.click('[data-control="stack"] [data-reset]');
      await page.waitForFunction(() => !location.search.includes('hit='));
      assert.equal(await page.inputValue('#in-stack'), '0');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a refused key costs no other: the key dropped with it is named, a typed depth is named as given, an emptied list is the default', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${QUERY}&view=traffic&dim=12&count=10000000&per=node`);
      await page.waitForSelector('#errors');
      const listed = await page.textContent('#errors');
      assert.match(listed, /`count=10000000`/u);
      assert.match(listed, /`per=node`: not accepted, as count's default does not go with it either/u);
      assert.equal(await page.inputValue('#in-dim'), '12', 'dim=12 is kept');
      await openApp(page, app.server.url, `?${QUERY}&view=traffic&hit=0.5`);
      await completion(page);
      await page.fill('#in-stack', '15');
      await page.press('#in-stack', 'Enter');
      await page.waitForSelector('#err-stack');
      const refused = await page.textContent('#err-stack');
      assert.match(refused, /`stack=15` is not accepted: expected a depth below the 15 nodes/u);
      assert.doesNotMatch(refused, /not given|default/u);
      await page.fill('#in-hit', '0.7,0.6');
      await page.press('#in-hit', 'Enter');
      await page.waitForSelector('#err-hit');
      assert.match(await page.textContent('#err-hit'), /these sum to 1\.3\)/u);
      await page.fill('#in-hit', '');
      await page.press('#in-hit', 'Enter');
      await page.waitForFunction(() => !location.search.includes('hit='));
      assert.equal(await page.locator('#err-hit').count(), 0, 'no problem left with hit');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
