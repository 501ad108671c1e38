// The web app's performance budgets (docs/development.md, "Performance budgets"), measured in headless
// Chromium against the release site in dist/, and written to docs/web-benchmarks.md.
// A benchmark, not a test: it reports misses and exits 0 unless it could not measure.
//
//   make bench-web        (builds the release site, then runs: node tests/browser/bench.mjs)
//
// (a) slider input → both charts repainted: 200 inputs on a slider, each timed inside the page
//     with performance.now() from just before dispatching `input` to the `commcalc:painted`
//     event; p50, p95, max. Measured on the size slider and on a parameter slider (α), which
//     moves the whole curve.
// (b) load to interactive: navigation start (performance.now() = 0) to the moment
//     body.dataset.ready becomes "1", seen by a MutationObserver installed before the page's
//     scripts; median of 11 loads, each in a fresh browser context (empty HTTP cache).
// (c) first-visit bytes: every file a cold visit to the calculator fetches (CDP Network events),
//     gzip -9 of its wasm, JS and CSS (tests/browser/first-visit.mjs, which also runs alone);
//     and, for information, gzip -9 of every .wasm, .js and .css in dist/.
// (d) a 128×128 regime map computed and drawn (004 Fig. 5, the Regimes view): 40 inputs on the
//     DELTA's α slider, each released at once (`input`, then `change`: the exact maps, which a
//     held slider leaves for its release), each recomputing both maps; the page times each map itself
//     (`window.commcalcMapLast`: performance.now() around the core's computation and around the
//     putImageData paint) and reports it with a `commcalc:map-painted` event. The first 5
//     inputs warm the page up and are left out; p50, p95, max over the 2 × 35 maps.
// (e) a 128 × 64 winner map (message sizes × process counts) over every algorithm of one
//     collective, computed and drawn (the Collectives view): the same 40 α inputs, one map each,
//     on the Paragon's broadcast and on the DELTA's allreduce (six algorithms, 004's three at
//     their exact optimal blocks). Also run, and printed, when BENCH_VIEWS is set.
// (f) the Import view: reading and fitting a 2,000-line file in the browser (budget ≤ 10 ms),
//     the two inputs of crates/core/benches/measurements.rs, each pasted and fitted 20 times
//     after 2 warm-up fits; the page times the parse and fit itself (`commcalc:fit`), and the
//     browser's task time per fit (report, three charts, tables) is read as for a slider input.
//     `BENCH_ONLY=import` runs this part alone, prints its figures and leaves docs/ alone.
// (g) the browser's work per slider input (input-work.mjs), as a person dragging waits for it,
//     on every view with a range slider: every machine × pattern of the catalog, a machine
//     fitted in the Import view and opened in the calculator by its link, compare with four
//     scenarios, regimes, collectives and traffic. The budget's measure is a drag (one input
//     per animation frame, each input's work read from a trace); also taken: each input alone
//     (rounds, with the app's phases), the slider's release (`change`), after which the views
//     with maps draw their exact maps, and a drag paced by the wall clock, for inputs that
//     queue. The report names the worst view. `BENCH_VIEWS=<regular expression on the query>` runs it on the
//     matching views only (and skips (f)), prints the figures and leaves docs/ alone, e.g.
//       BENCH_VIEWS='fddi-now&pattern=broadcast$|fitted|view=traffic' node tests/browser/bench.mjs
//     To see where one view's time goes, event by event (paint rectangles, layout roots and
//     dirty objects, invalidations): node tests/browser/trace-inputs.mjs '<query>'.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { bytesTable, distBytes, firstVisitBytes } from './first-visit.mjs';
import { ROOT, catalogPairs, launchBrowser, openApp, serveDist } from './harness.mjs';
import { dragWork, frameDrag, importWork, inputWork, openToMeasure, performanceSession, sliderKeys } from './input-work.mjs';
import { benchTraffic, trafficLines } from './bench-traffic.mjs';

const BUDGET = { loadMs: 1000 };
const INPUTS = 200;
const LOADS = 11;
const QUERY = '?machine=intel-paragon&pattern=pingpong';
const MAP_BUDGET_MS = 20;
const MAP_INPUTS = 40;
const MAP_WARMUP = 5;
const MAP_QUERY = '?machine=intel-delta&pattern=global-combine&view=regimes';
/** The winner maps of the Collectives view that (e) measures. */
const WINNER_QUERIES = [
  '?machine=intel-paragon&pattern=broadcast&view=collectives',
  '?machine=intel-delta&pattern=allreduce&view=collectives',
];
const OUT = path.join(ROOT, 'docs', 'web-benchmarks.md');
/** The compare view with four scenarios (the most it takes). */
const COMPARE_QUERY =
  '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong' +
  '&c=machine=jpl-mark3;pattern=pingpong&c=machine=intel-paragon;pattern=pingpong';
/**
 * The per-input measure: inputs per slider in a drag and as rounds (each after a warm-up),
 * idle rounds, the paced drag's frames.
 */
const WORK = { viewport: { width: 1280, height: 900 }, warmup: 2, dragInputs: 30, dragPasses: 3, inputs: 20, releases: 4, floorRounds: 5, dragFrames: 30, budgetMs: 8, profileInputs: 40 };
/** The app's own phases of an input (dom::timed in crates/web/src/dom.rs). */
const PHASES = ['edit', 'charts', 'results-html'];
/** The Import view's measure: fits per input after the warm-up ones, and the budget of one fit. */
const IMPORT = { warmup: 2, fits: 20, budgetMs: 10 };
const JUNO = path.join(ROOT, 'tests/data/measurements/juno-shm-imb41_excerpt.txt');
/** The real run fitted in the Import view for the fitted machine's view (as import.test.mjs). */
const FITTED_RUN = path.join(ROOT, 'tests/data/measurements/csd3-roce-osu_latency.txt');
/** The Traffic view: a short scenario (as this one) is simulated again on every edit. */
const TRAFFIC_QUERY = '?machine=intel-ipsc&pattern=traffic&view=traffic';

/** Everything after this heading in docs/web-benchmarks.md is written by hand and kept. */
const KEPT = '## Findings';

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p95: quantile(s, 0.95), max: s[s.length - 1], min: s[0] };
}

/** 200 slider inputs on `[data-control=key]`, each timed until the page reports both charts painted. */
async function sliderInputs(page, key, { idle = true } = {}) {
  return page.evaluate(
    async ({ key, inputs, idle }) => {
      const el = document.querySelector(`[data-control="${key}"] input[type=range]`);
      if (!el) return { error: `no [data-control="${key}"] input[type=range]` };
      const min = Number(el.min || 0);
      const max = Number(el.max || 100);
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const times = [];
      let timeouts = 0;
      let last = el.value;
      for (let i = 0; i < inputs; i++) {
        // Distinct consecutive values spread over the middle of the range, as a drag back and
        // forth would give; a value equal to the last one would not repaint.
        const frac = 0.1 + (0.8 * ((i * 37) % 100)) / 100;
        el.value = String(min + (max - min) * frac);
        if (el.value === last) el.value = String(min + (max - min) * (frac + 0.005));
        last = el.value;
        if (idle) await frame(); // Start each input from an idle page.
        let done;
        const painted = new Promise((resolve) => {
          done = resolve;
          document.addEventListener('commcalc:painted', () => resolve(performance.now()), { once: true });
        });
        const timer = setTimeout(() => done(null), 2000);
        const t0 = performance.now();
        el.dispatchEvent(new Event('input', { bubbles: true }));
        const t1 = await painted;
        clearTimeout(timer);
        if (t1 === null) timeouts++;
        else times.push(t1 - t0);
      }
      return { times, timeouts, min, max, step: el.step || '(default)' };
    },
    { key, inputs: INPUTS, idle },
  );
}

/**
 * `inputs` α slider steps (`input`, then `change` at once: the exact maps, not a held
 * slider's coarse ones) in the Regimes view, each waiting for both maps to be painted again:
 * per map, the page's own timing of the core's computation and of the paint; per input, the
 * time from dispatching `input` to the second `commcalc:map-painted` event.
 */
async function mapRepaints(page, inputs, { perInput = 2, canvas = 'map-a' } = {}) {
  return page.evaluate(async ([inputs, perInput, canvas]) => {
    const el = document.querySelector('[data-control="alpha"] input[type=range]');
    if (!el) return { error: 'no [data-control="alpha"] input[type=range] in the Regimes view' };
    const min = Number(el.min || 0);
    const max = Number(el.max || 100);
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const runs = [];
    let timeouts = 0;
    let last = el.value;
    for (let i = 0; i < inputs; i++) {
      el.value = String(min + (max - min) * (0.1 + (0.8 * ((i * 37) % 100)) / 100));
      if (el.value === last) el.value = String(Number(el.value) + 1);
      last = el.value;
      await frame();
      const maps = [];
      let done;
      const painted = new Promise((resolve) => {
        done = resolve;
      });
      const on = () => {
        maps.push({ ...window.commcalcMapLast });
        if (maps.length === perInput) done(performance.now());
      };
      document.addEventListener('commcalc:map-painted', on);
      const timer = setTimeout(() => done(null), 3000);
      const t0 = performance.now();
      // A step released at once (a click on the track, an arrow key): the exact maps, which
      // a held slider's inputs leave for its release.
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      const t1 = await painted;
      clearTimeout(timer);
      document.removeEventListener('commcalc:map-painted', on);
      if (t1 === null) timeouts++;
      else runs.push({ wall: t1 - t0, maps });
    }
    const c = document.getElementById(canvas);
    return { runs, timeouts, canvas: c ? `${c.width}×${c.height}` : 'missing', css: c ? `${c.clientWidth}×${c.clientHeight}` : '' };
  }, [inputs, perInput, canvas]);
}

/**
 * (e): per query of WINNER_QUERIES, MAP_INPUTS α inputs each recomputing the winner map; the
 * page's own timing of each map (computation and paint), the first MAP_WARMUP left out.
 */
async function winnerMaps(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const out = [];
  for (const query of WINNER_QUERIES) {
    await openApp(page, url, query);
    const r = await mapRepaints(page, MAP_INPUTS, { perInput: 1, canvas: 'coll-map' });
    if (r.error) throw new Error(`${query}: ${r.error}`);
    const maps = r.runs.slice(MAP_WARMUP).flatMap((x) => x.maps);
    const entry = {
      query,
      canvas: r.canvas,
      timeouts: r.timeouts,
      total: summary(maps.map((m) => m.totalMs)),
      compute: summary(maps.map((m) => m.computeMs)),
      draw: summary(maps.map((m) => m.drawMs)),
    };
    console.log(
      `winner map ${query} (${entry.canvas}, ${entry.total.n} maps): p50 ${ms(entry.total.p50)}  p95 ${ms(entry.total.p95)}  max ${ms(entry.total.max)}  (compute p50 ${ms(entry.compute.p50)}, draw p50 ${ms(entry.draw.p50)}; ${r.timeouts} timeouts)`,
    );
    out.push(entry);
  }
  await context.close();
  return out;
}

/**
 * Where the time of slider inputs goes: a CPU profile (sampling every 100 µs) of `inputs` more
 * frame-paced inputs on one view's slider, summed by function (self time). Wasm functions appear
 * by their name-section names when the build keeps them, else as wasm-function[N].
 */
async function profileInputs(page, key, inputs) {
  const cdp = await performanceSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await inputWork(page, cdp, key, inputs);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const kinds = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const f = byId.get(id).callFrame;
    const name = `${f.functionName || '(anonymous)'}${f.url ? ` (${path.basename(f.url)})` : ''}`;
    const kind = f.functionName.startsWith('(')
      ? f.functionName
      : f.url.startsWith('wasm://') || f.url.endsWith('.wasm')
        ? 'wasm (the app and core)'
        : f.url.endsWith('.js')
          ? 'JS (wasm-bindgen glue)'
          : f.url
            ? 'JS (other)'
            : 'browser built-ins (DOM, canvas, history)';
    self.set(name, (self.get(name) ?? 0) + dt);
    kinds.set(kind, (kinds.get(kind) ?? 0) + dt);
    total += dt;
  });
  const busy = total - (self.get('(idle)') ?? 0);
  const top = [...self.entries()]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / busy }));
  const byKind = [...kinds.entries()]
    .filter(([kind]) => kind !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / busy }));
  return { top, byKind, busyMs: busy / 1000, inputs };
}

/**
 * The address the Import view gives a fitted machine in the calculator ("Open in the
 * calculator"), after a fit of a real OSU run pasted into it, as a person would open it.
 */
async function fittedQuery(browser, url) {
  const context = await browser.newContext({ viewport: WORK.viewport });
  const page = await context.newPage();
  await openApp(page, url, '?view=import');
  await page.fill('textarea#import-text', await fs.readFile(FITTED_RUN, 'utf8'));
  await page.click('button#import-fit');
  const link = page.locator('#import-links a', { hasText: 'Open in the calculator' });
  await link.waitFor();
  const href = await link.getAttribute('href');
  await context.close();
  if (!href?.startsWith('?')) throw new Error(`the Import view's calculator link is ${href}`);
  return href;
}

/**
 * The views of the per-input measure: every machine × pattern pair of the catalog in the
 * calculator, a fitted machine in the calculator (`fitted`, from fittedQuery), the compare view
 * with four scenarios, the regimes view, the collectives view and the traffic view (the views
 * without a range slider, Validate and Import, have no slider input to measure; the Import
 * view's fit is measured in (f)). BENCH_VIEWS (a regular expression on the query) keeps some of
 * them, for a quick look; such a run skips (f), prints its figures and leaves docs/ alone.
 */
function workViews(fitted) {
  const views = [
    ...catalogPairs().map(({ machine, pattern }) => `?machine=${machine}&pattern=${pattern}`),
    fitted,
    COMPARE_QUERY,
    MAP_QUERY,
    ...WINNER_QUERIES,
    TRAFFIC_QUERY,
  ];
  const only = process.env.BENCH_VIEWS ? new RegExp(process.env.BENCH_VIEWS) : null;
  return only ? views.filter((q) => only.test(q)) : views;
}

/**
 * The per-input work of every view: on the first slider of the pattern's inputs and the first
 * of the machine's parameters, a drag of WORK.warmup + WORK.dragInputs inputs (the budget's
 * measure) and WORK.warmup + WORK.inputs rounds (the warm-up ones left out of both), the floor
 * of the rounds (rounds without an input), and a drag paced by the clock on the first slider.
 */
async function measureWork(browser, url, views) {
  const context = await browser.newContext({ viewport: WORK.viewport });
  const page = await context.newPage();
  const out = [];
  for (const query of views) {
    const cdp = await openToMeasure(page, url, query);
    const keys = await sliderKeys(page);
    const sliders = [keys.inputs[0], keys.parameters[0]].filter(Boolean);
    if (sliders.length === 0) throw new Error(`${query}: no range slider`);
    const floor = await inputWork(page, cdp, sliders[0], WORK.floorRounds, { input: false });
    const bySlider = [];
    for (const key of sliders) {
      const rounds = await inputWork(page, cdp, key, WORK.warmup + WORK.inputs);
      // Releases: one more input (not counted), then the slider released. The views with maps
      // draw coarse maps while a slider is held and the exact ones on release.
      const releases = [];
      for (let j = 0; j < WORK.releases; j++) {
        await inputWork(page, cdp, key, 1);
        releases.push(...(await inputWork(page, cdp, key, 1, { event: 'change' })));
      }
      const drag = await dragWork(page, cdp, key, WORK.warmup + WORK.dragInputs, { first: WORK.warmup + WORK.inputs });
      bySlider.push({ key, rounds: rounds.slice(WORK.warmup), releases, drags: [drag.task.slice(WORK.warmup)], traced: drag.traced, metrics: drag.metrics });
    }
    const drag = await frameDrag(page, cdp, sliders[0], WORK.dragFrames);
    await cdp.detach();
    const all = bySlider.flatMap((s) => s.rounds);
    const view = { query, bySlider, floor: summary(floor.map((r) => r.task)), drag, input: summary(bySlider.flatMap((s) => s.drags.flat())) };
    for (const m of ['task', 'script', 'layout', 'style']) view[m] = summary(all.map((r) => r[m]));
    view.phases = Object.fromEntries(PHASES.map((ph) => [ph, summary(all.map((r) => r.phases[ph] ?? 0)).p50]));
    view.release = summary(bySlider.flatMap((s) => s.releases.map((r) => r.task)));
    out.push(view);
    console.log(
      `${query}: per input in a drag p50 ${ms(view.input.p50)} p95 ${ms(view.input.p95)}; alone: task p50 ${ms(view.task.p50)} p95 ${ms(view.task.p95)} (layout p50 ${ms(view.layout.p50)}, style p50 ${ms(view.style.p50)}); ` +
        `script p50 ${ms(view.script.p50)} [${PHASES.map((ph) => `${ph} ${ms(view.phases[ph])}`).join(', ')}]; floor ${ms(view.floor.p50)}; drag: ${drag.queued} queued (latest ${ms(Math.max(...drag.late))}), ${drag.intervals.filter((d) => d > 25).length} long frames; ` +
        `release p50 ${ms(view.release.p50)} max ${ms(view.release.max)}`,
    );
    // Each slider alone: the view's figures above pool them, and one slider can cost far more
    // than the other (the Regimes view's α recomputes both maps, its N only the sweep).
    for (const { key, rounds, releases, drags } of bySlider) {
      const [task, script] = ['task', 'script'].map((m) => summary(rounds.map((r) => r[m])));
      const release = summary(releases.map((r) => r.task));
      const input = summary(drags.flat());
      console.log(
        `  ${key}: in a drag p50 ${ms(input.p50)} p95 ${ms(input.p95)}; alone: task p50 ${ms(task.p50)} p95 ${ms(task.p95)}; script p50 ${ms(script.p50)}; release p50 ${ms(release.p50)} max ${ms(release.max)}`,
      );
    }
  }
  await context.close();
  return out;
}

/**
 * The drags of `views` (measureWork's) again, in WORK.dragPasses − 1 more passes over every
 * view, each view's page opened afresh: a view's drags are then spread over the whole run, so
 * that a burst of load on this shared machine (a second or two in which every task takes a
 * third longer) falls on one of its drags, not on all its inputs. Each pass drags on to other
 * values of the sequence, after two warm-up rounds. The view's figures pool every pass.
 */
async function moreDrags(browser, url, views) {
  const context = await browser.newContext({ viewport: WORK.viewport });
  const page = await context.newPage();
  for (let pass = 1; pass < WORK.dragPasses; pass++) {
    for (const view of views) {
      const cdp = await openToMeasure(page, url, view.query);
      for (const slider of view.bySlider) {
        await inputWork(page, cdp, slider.key, WORK.warmup);
        const first = WORK.warmup + WORK.inputs + pass * (WORK.warmup + WORK.dragInputs);
        const drag = await dragWork(page, cdp, slider.key, WORK.warmup + WORK.dragInputs, { first });
        slider.drags.push(drag.task.slice(WORK.warmup));
        slider.traced += drag.traced;
        slider.metrics += drag.metrics;
      }
      await cdp.detach();
      view.input = summary(view.bySlider.flatMap((s) => s.drags.flat()));
    }
    console.log(`drag pass ${pass + 1} of ${WORK.dragPasses} done`);
  }
  await context.close();
  for (const view of views) {
    const passes = view.bySlider[0].drags.map((_, i) => summary(view.bySlider.flatMap((s) => s.drags[i])).p95);
    console.log(`${view.query}: per input in a drag, ${WORK.dragPasses} passes pooled, p50 ${ms(view.input.p50)} p95 ${ms(view.input.p95)} (each pass's p95: ${passes.map(ms).join(', ')})`);
  }
}

/**
 * The two 2,000-line inputs of the native benchmark (crates/core/benches/measurements.rs): the
 * real IMB 4.1 capture repeated ten times, and one OSU table of 2,000 sizes on the csd3
 * InfiniBand run's line.
 */
async function importInputs() {
  const imb = (await fs.readFile(JUNO, 'utf8')).repeat(10);
  let osu = '# OSU MPI Latency Test v5.6.3\n# Size          Latency (us)\n';
  for (let i = 1; i <= 2000; i++) {
    const m = i * 2048;
    osu += `${String(m).padEnd(10)}${(1.12 + 0.000102 * m).toFixed(2).padStart(18)}\n`;
  }
  return [
    ['imb-2010-lines', imb],
    ['osu-2000-rows', osu],
  ];
}

/** Reading and fitting each input in the Import view, IMPORT.fits times after a warm-up. */
async function importFits(browser, url) {
  const context = await browser.newContext({ viewport: WORK.viewport });
  const page = await context.newPage();
  const out = [];
  for (const [name, text] of await importInputs()) {
    await openApp(page, url, '?view=import');
    const cdp = await performanceSession(page);
    const rounds = (await importWork(page, cdp, text, IMPORT.warmup + IMPORT.fits)).slice(IMPORT.warmup);
    await cdp.detach();
    const row = { name, lines: text.split('\n').length - 1, fit: summary(rounds.map((r) => r.fit)) };
    for (const m of ['task', 'script', 'layout', 'style']) row[m] = summary(rounds.map((r) => r[m]));
    console.log(
      `import ${name} (${row.lines} lines): parse+fit p50 ${ms(row.fit.p50)} p95 ${ms(row.fit.p95)} max ${ms(row.fit.max)}; ` +
        `task per fit p50 ${ms(row.task.p50)} p95 ${ms(row.task.p95)} (script p50 ${ms(row.script.p50)}, layout p50 ${ms(row.layout.p50)}, style p50 ${ms(row.style.p50)})`,
    );
    out.push(row);
  }
  await context.close();
  return out;
}

/** The Import view's section of docs/web-benchmarks.md. */
function importLines(rows) {
  return [
    '## Import view: reading and fitting a 2,000-line file',
    '',
    `Each input pasted and fitted ${IMPORT.fits} times after ${IMPORT.warmup} warm-up fits, at ${WORK.viewport.width}×${WORK.viewport.height}. *parse + fit* is`,
    'the page\'s own timing of `measurements::parse` and `fit::fit` (`performance.measure` of',
    '`commcalc:fit`, wall clock); *task per fit* is the browser\'s main-thread work from the click on',
    'Fit until two frames later (the report, the three charts and the tables), thread time, as for a',
    'slider input. The inputs are those of `crates/core/benches/measurements.rs`.',
    '',
    '| input | lines | parse + fit p50 | p95 | max | budget | result | task per fit p50 | p95 | script p50 | layout p50 | style p50 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.lines} | ${ms(r.fit.p50)} | ${ms(r.fit.p95)} | ${ms(r.fit.max)} | ≤ ${IMPORT.budgetMs} ms | ${verdict(r.fit.p95 <= IMPORT.budgetMs)} | ${ms(r.task.p50)} | ${ms(r.task.p95)} | ${ms(r.script.p50)} | ${ms(r.layout.p50)} | ${ms(r.style.p50)} |`,
    ),
    '',
  ];
}

/** One cold load: fresh context, navigation start → body.dataset.ready === "1". */
async function oneLoad(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = () => {
      if (document.body?.dataset.ready === '1' && window.__readyAt === undefined) {
        window.__readyAt = performance.now();
      }
    };
    new MutationObserver(seen).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-ready'],
    });
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 20_000 });
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      ready: window.__readyAt,
      domContentLoaded: nav?.domContentLoadedEventEnd ?? NaN,
      load: nav?.loadEventEnd ?? NaN,
    };
  });
  await context.close();
  return t;
}

/**
 * The per-input measure over all views: the worst view and the count within budget, in a drag
 * (the budget's measure), per slider in a drag (`worstSlider`, `slidersWithin`, `slidersOver`) and alone
 * (`worstAlone`, `withinAlone`); the clock-paced drags' queued inputs.
 */
function workSummary(views) {
  const worstBy = (m) => views.reduce((a, b) => (b[m].p95 > a[m].p95 ? b : a));
  const sliders = views.flatMap((v) =>
    v.bySlider.map((s) => ({ query: v.query, key: s.key, input: summary(s.drags.flat()), drags: s.drags.map(summary) })),
  );
  const slidersOver = sliders.filter((s) => s.input.p95 > WORK.budgetMs);
  return {
    worstSlider: sliders.reduce((a, b) => (b.input.p95 > a.input.p95 ? b : a)),
    slidersOver,
    slidersWithin: sliders.length - slidersOver.length,
    sliders: sliders.length,
    worst: worstBy('input'),
    within: views.filter((v) => v.input.p95 <= WORK.budgetMs).length,
    worstAlone: worstBy('task'),
    withinAlone: views.filter((v) => v.task.p95 <= WORK.budgetMs).length,
    traced: views.reduce((t, v) => t + v.bySlider.reduce((u, s) => u + s.traced, 0), 0),
    metrics: views.reduce((t, v) => t + v.bySlider.reduce((u, s) => u + s.metrics, 0), 0),
    queued: views.reduce((n, v) => n + v.drag.queued, 0),
    dragInputs: views.reduce((n, v) => n + v.drag.frames, 0),
    release: summary(views.flatMap((v) => v.bySlider.flatMap((s) => s.releases.map((r) => r.task)))),
  };
}

/**
 * Each slider whose p95 in a drag, its drags pooled, is over budget, with each drag's p95 and
 * slowest input: so that a tail from one drag (other work that came during it, as the tab's dead
 * pages' collection did: `collectDeadPages`) can be told from one in every drag (the slider's own).
 */
function slidersOver(over) {
  if (over.length === 0) return [`Every slider is within ${WORK.budgetMs} ms at p95 in a drag, its drags pooled.`, ''];
  return [
    `Sliders over ${WORK.budgetMs} ms at p95 in a drag, their drags pooled (a view's figure pools its sliders), with each drag's p95 and slowest input:`,
    '',
    '| view | slider | p50 | p95 | each drag: p95 (max) |',
    '| --- | --- | --- | --- | --- |',
    ...over
      .sort((a, b) => b.input.p95 - a.input.p95)
      .map((s) => `| \`${s.query}\` | ${s.key} | ${ms(s.input.p50)} | ${ms(s.input.p95)} | ${s.drags.map((d) => `${ms(d.p95)} (${ms(d.max)})`).join(', ')} |`),
    '',
  ];
}

/** The per-input section of docs/web-benchmarks.md: the distribution, then every view. */
function workLines(views, work) {
  const bins = [2, 4, 8, 16, 33, Infinity];
  const count = (m, lo, hi) => views.filter((v) => v[m].p95 > lo && v[m].p95 <= hi).length;
  const label = (lo, hi) => (hi === Infinity ? `> ${lo} ms` : `${lo}–${hi} ms`);
  const floor = summary(views.map((v) => v.floor.p50));
  const allTasks = summary(views.flatMap((v) => v.bySlider.flatMap((s) => s.rounds.map((r) => r.task))));
  const allInputs = summary(views.flatMap((v) => v.bySlider.flatMap((s) => s.drags.flat())));
  const longFrames = views.reduce((n, v) => n + v.drag.intervals.filter((d) => d > 25).length, 0);
  const row = (v) => {
    const d = v.drag;
    const late = summary(d.late);
    return (
      `| \`${v.query}\` | ${v.bySlider.map((s) => s.key).join(', ')} | ${ms(v.input.p50)} | ${ms(v.input.p95)} | ${ms(v.task.p50)} | ${ms(v.task.p95)} | ${ms(v.script.p50)} | ${ms(v.layout.p50)} | ${ms(v.style.p50)} | ` +
      `${ms(d.perInput.task)} | ${d.queued} | ${ms(late.max)} | ${d.intervals.filter((x) => x > 25).length} | ${ms(v.release.p50)} | ${ms(v.release.max)} |`
    );
  };
  return [
    '## Per slider input, every view',
    '',
    `On the first slider of the pattern's inputs and the first of the machine's parameters, at ${WORK.viewport.width}×${WORK.viewport.height}.`,
    '',
    `**In a drag** (this benchmark's measure; the budget's is \`every-slider.mjs\`): ${WORK.dragPasses} drags per slider, each of ${WORK.dragInputs} inputs after ${WORK.warmup} warm-up ones, in ${WORK.dragPasses}`,
    'passes over every view spread over the run (so that a burst of load on the shared machine falls on one drag of a',
    "view, not on all its inputs), pooled per view; one \`input\` event at",
    'the start of every animation frame, as Chromium delivers a pointer drag, the values jumping over 10–90 % of',
    `the slider's range. An input's work is the browser's main-thread task time (thread time) from the task that`,
    'dispatches it to the task that dispatches the next: its handler, the effects, style, layout, paint and commit',
    `of its frame, and whatever else runs before the next input (a timer, a worker's reply); read from a Chromium`,
    'trace of the drag (`RunTask` events, category `disabled-by-default-devtools.timeline`), in which nothing of the',
    `measure's own runs. Over all drags the trace's task time is ${ms(work.traced)}, and \`Performance.getMetrics\`' TaskDuration`,
    `${ms(work.metrics)} (which also counts the calls that start and end each drag): the trace counts the browser's work.`,
    `Over all ${allInputs.n} inputs of all views: p50 ${ms(allInputs.p50)}, p95 ${ms(allInputs.p95)}, max ${ms(allInputs.max)}.`,
    '',
    `**Alone** (rounds): ${WORK.inputs} inputs per slider after ${WORK.warmup} warm-up ones, each in an animation frame and followed by`,
    `two idle ones, the task time of each round read with \`Performance.getMetrics\` (TaskDuration, with ScriptDuration,`,
    'LayoutDuration and RecalcStyleDuration). Such a round also counts what a drag never has: the two idle frames',
    `and the protocol's own calls, the floor of the measure (rounds with no input), p50 ${ms(floor.p50)} (max over views ${ms(floor.max)}),`,
    `included in every figure. Over all ${allTasks.n} rounds of all views: p50 ${ms(allTasks.p50)}, p95 ${ms(allTasks.p95)}, max ${ms(allTasks.max)};`,
    `${work.withinAlone} of ${views.length} views within ${WORK.budgetMs} ms at p95, the worst \`${work.worstAlone.query}\` (p95 ${ms(work.worstAlone.task.p95)}).`,
    '',
    'Views by their p95 task time per input:',
    '',
    '| p95 per input | views, in a drag | views, alone |',
    '| --- | --- | --- |',
    ...bins.map((hi, i) => {
      const lo = i === 0 ? -Infinity : bins[i - 1];
      return `| ${label(i === 0 ? 0 : bins[i - 1], hi)} | ${count('input', lo, hi)} | ${count('task', lo, hi)} |`;
    }),
    '',
    ...slidersOver(work.slidersOver),
    `Drags paced by the clock (${WORK.dragFrames} inputs per view on its first slider, input i due i × 16.7 ms after the start,`,
    `dispatched by a timer when due or as soon as the main thread is free): ${work.queued} of ${work.dragInputs} inputs queued`,
    `(dispatched more than one frame period after they were due), ${longFrames} animation frames longer than 25 ms.`,
    `"Latest input" is the largest such wait in the view's paced drag; "task per input" its task time over the drag per input.`,
    '',
    `Releases (${WORK.releases} per slider, each after one more input): the task time of the slider's \`change\` event, two`,
    'frames as for an input. The views with maps (Regimes, Collectives) draw coarse maps while a slider is',
    'held, every 4th row and column, and the exact maps on release: that work is in the release column,',
    `not the inputs'. Over all releases of all views: p50 ${ms(work.release.p50)}, max ${ms(work.release.max)}.`,
    '',
    'Where the time of an input goes in the ten slowest views alone (medians per round): the app\'s own phases',
    '(`performance.measure` entries from `dom::timed`, wall clock inside the page): *edit* is the edit, the',
    'core\'s evaluation and the charts\' repaint (*charts* alone), *results* computes the results table\'s',
    'rows (the values and their formulas\' trees, `commcalc:results-html`); *other script*',
    'is the rest of the script time (the reactive updates of controls, readouts and texts, the event glue);',
    '*paint and other* is the task time that is neither script, layout nor style (paint, compositing commit,',
    'the floor of the measure).',
    '',
    '| view | task | script | edit | charts | results | other script | layout | style | paint and other |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...[...views]
      .sort((a, b) => b.task.p50 - a.task.p50)
      .slice(0, 10)
      .map((v) => {
        const p = v.phases;
        const other = v.script.p50 - p.edit - p['results-html'];
        const rest = v.task.p50 - v.script.p50 - v.layout.p50 - v.style.p50;
        return `| \`${v.query}\` | ${ms(v.task.p50)} | ${ms(v.script.p50)} | ${ms(p.edit)} | ${ms(p.charts)} | ${ms(p['results-html'])} | ${ms(other)} | ${ms(v.layout.p50)} | ${ms(v.style.p50)} | ${ms(rest)} |`;
      }),
    '',
    'Every view, by its p95 in a drag; the columns after the first two are alone (rounds), then the paced drag, then the releases:',
    '',
    '| view | sliders | in a drag p50 | in a drag p95 | alone p50 | alone p95 | script p50 | layout p50 | style p50 | paced drag: task per input | paced drag: queued | paced drag: latest input | paced drag: long frames | release p50 | release max |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...[...views].sort((a, b) => b.input.p95 - a.input.p95).map(row),
    '',
  ];
}

const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} ms` : 'n/a');
const kB = (x) => `${(x / 1000).toFixed(1)} kB`;
const verdict = (ok) => (ok ? 'pass' : '**FAIL**');

async function main() {
  const loadBefore = os.loadavg()[0];
  const server = await serveDist();
  const browser = await launchBrowser();
  let result;
  try {
    if (process.env.BENCH_ONLY === 'import') {
      await importFits(browser, server.url);
      console.log('BENCH_ONLY=import: a partial run, docs/ left as they are');
      return;
    }
    const imports = process.env.BENCH_VIEWS ? [] : await importFits(browser, server.url);
    const work = await measureWork(browser, server.url, workViews(await fittedQuery(browser, server.url)));
    await moreDrags(browser, server.url, work);
    const winners = await winnerMaps(browser, server.url);
    if (process.env.BENCH_VIEWS) {
      console.log('BENCH_VIEWS is set: a partial run, docs/ left as they are');
      return;
    }
    // Where the time goes, on the view with the slowest median input.
    const worst = work.reduce((a, b) => (b.input.p50 > a.input.p50 ? b : a));
    const worstSlider = worst.bySlider.reduce((a, b) => (summary(b.drags.flat()).p50 > summary(a.drags.flat()).p50 ? b : a));
    const profileContext = await browser.newContext({ viewport: WORK.viewport });
    const profilePage = await profileContext.newPage();
    await openApp(profilePage, server.url, worst.query);
    const profile = { query: worst.query, key: worstSlider.key, ...(await profileInputs(profilePage, worstSlider.key, WORK.profileInputs)) };
    await profileContext.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openApp(page, server.url, QUERY);
    const size = await sliderInputs(page, 'size');
    await openApp(page, server.url, QUERY);
    const alpha = await sliderInputs(page, 'alpha');
    const dpr = await page.evaluate(() => devicePixelRatio);
    const canvas = await page.evaluate(() =>
      ['latency-chart', 'bandwidth-chart'].map((id) => {
        const c = document.getElementById(id);
        return c ? `${c.width}×${c.height}` : 'missing';
      }),
    );
    await openApp(page, server.url, MAP_QUERY);
    const maps = await mapRepaints(page, MAP_INPUTS);
    await context.close();

    // One warm-up load so the OS file cache and Chromium's process pool are in place.
    await oneLoad(browser, server.url + QUERY);
    const loads = [];
    for (let i = 0; i < LOADS; i++) loads.push(await oneLoad(browser, server.url + QUERY));

    const traffic = await benchTraffic(browser, server.url);
    result = {
      traffic,
      imports,
      work,
      size,
      alpha,
      dpr,
      canvas,
      loads,
      profile,
      maps,
      winners,
      bytes: (await firstVisitBytes(browser, server.url + QUERY)).budgeted,
      dist: await distBytes(),
      chromium: browser.version(),
    };
  } finally {
    await browser.close();
    await server.close();
  }

  for (const s of [result.size, result.alpha, result.maps]) {
    if (s.error) throw new Error(s.error);
  }
  const timed = result.maps.runs.slice(MAP_WARMUP);
  const perMap = timed.flatMap((r) => r.maps);
  const map = summary(perMap.map((m) => m.totalMs));
  const mapCompute = summary(perMap.map((m) => m.computeMs));
  const mapDraw = summary(perMap.map((m) => m.drawMs));
  const mapWall = summary(timed.map((r) => r.wall));
  const size = summary(result.size.times);
  const alpha = summary(result.alpha.times);
  const ready = summary(result.loads.map((l) => l.ready));
  const dcl = summary(result.loads.map((l) => l.domContentLoaded));
  const timeouts = result.size.timeouts + result.alpha.timeouts;
  const ok = {
    load: ready.p50 <= BUDGET.loadMs,
    map: map.p95 <= MAP_BUDGET_MS && result.maps.timeouts === 0,
    winners: result.winners.every((w) => w.total.p95 <= MAP_BUDGET_MS && w.timeouts === 0),
  };
  const work = workSummary(result.work);
  const miss = (value, budget, fmt) => (value <= budget ? '' : ` (over by ${fmt(value - budget)}, ${((value / budget - 1) * 100).toFixed(0)}%)`);

  const cpus = os.cpus();
  const loadAfter = os.loadavg()[0];
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    '# Web app benchmarks',
    '',
    'Measured with `make bench-web` (which builds the release site with `trunk build --release`',
    'and runs `node tests/browser/bench.mjs`) in headless Debian Chromium against `dist/`, served',
    'by a local Node static server on 127.0.0.1. These are the project\'s own measures, for information and for finding',
    'where time goes; the page\'s budgets are judged by the reference measures (docs/reference-measures.md).',
    'This file is written by the benchmark; rerun it to refresh the figures. The section "Findings" at',
    'the end is written by hand, and the benchmark keeps it as it is.',
    '',
    `- date: ${date}`,
    `- machine: ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}`,
    `- 1-minute load average: ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; on this`,
    `  ${cpus.length}-CPU machine, figures taken while other work runs (a build) have longer tails and are not comparable`,
    `- browser: Chromium ${result.chromium} (headless, ${'`--disable-gpu`'}), Node ${process.version}`,
    `- view: \`${QUERY}\` at 1280×800, devicePixelRatio ${result.dpr}, canvases ${result.canvas.join(' and ')} px`,
    '',
    '| what | figure | budget | result |',
    '| --- | --- | --- | --- |',
    `| for information: browser work per slider input in a drag (task time, one input per animation frame), worst of ${result.work.length} views: \`${work.worst.query}\` | p50 ${ms(work.worst.input.p50)}, p95 ${ms(work.worst.input.p95)} | | |`,
    `| for information: views whose p95 task time per input in a drag is within ${WORK.budgetMs} ms | ${work.within} of ${result.work.length} | | |`,
    `| for information: each slider alone in a drag (a view's figure pools its two), sliders within ${WORK.budgetMs} ms at p95; the worst, \`${work.worstSlider.query}\`'s ${work.worstSlider.key} | ${work.slidersWithin} of ${work.sliders}; p50 ${ms(work.worstSlider.input.p50)}, p95 ${ms(work.worstSlider.input.p95)} | | |`,
    `| for information: an input alone (then two idle frames; the protocol's calls counted), views within ${WORK.budgetMs} ms at p95; the worst, \`${work.worstAlone.query}\` | ${work.withinAlone} of ${result.work.length}; p50 ${ms(work.worstAlone.task.p50)}, p95 ${ms(work.worstAlone.task.p95)} | | |`,
    `| drag paced by the clock: inputs that waited more than a frame behind earlier work (queued), all views | ${work.queued} of ${work.dragInputs} | 0 | ${verdict(work.queued === 0)} |`,
    `| for information: slider input → both charts repainted, size slider (${size.n} inputs) | p50 ${ms(size.p50)}, p95 ${ms(size.p95)}, max ${ms(size.max)} | | |`,
    `| for information: slider input → both charts repainted, α slider (${alpha.n} inputs) | p50 ${ms(alpha.p50)}, p95 ${ms(alpha.p95)}, max ${ms(alpha.max)} | | |`,
    `| load to interactive (navigation start → \`body.dataset.ready\`), median of ${ready.n} cold loads | ${ms(ready.p50)} (min ${ms(ready.min)}, max ${ms(ready.max)}) | ≤ ${BUDGET.loadMs} ms | ${verdict(ok.load)}${miss(ready.p50, BUDGET.loadMs, ms)} |`,
    `| for information: first visit to the calculator, the wasm, JS and CSS the browser fetched, gzip -9 | ${kB(result.bytes.gzip)} (${kB(result.bytes.raw)} raw) | | |`,
    `| for information: every .wasm, .js and .css of \`dist/\` (all modules; the service worker precaches them after the first visit) | ${kB(result.dist.gzip)} (${kB(result.dist.raw)} raw) | | |`,
    `| a 128×128 regime map computed and drawn (${map.n} maps) | p50 ${ms(map.p50)}, p95 ${ms(map.p95)}, max ${ms(map.max)} | p95 ≤ ${MAP_BUDGET_MS} ms | ${verdict(ok.map)}${miss(map.p95, MAP_BUDGET_MS, ms)} |`,
    ...result.winners.map(
      (w) =>
        `| a ${w.canvas} winner map (sizes × p) computed and drawn, \`${w.query}\` (${w.total.n} maps; compute p50 ${ms(w.compute.p50)}, draw p50 ${ms(w.draw.p50)}) | p50 ${ms(w.total.p50)}, p95 ${ms(w.total.p95)}, max ${ms(w.total.max)} | p95 ≤ ${MAP_BUDGET_MS} ms | ${verdict(w.total.p95 <= MAP_BUDGET_MS && w.timeouts === 0)}${miss(w.total.p95, MAP_BUDGET_MS, ms)} |`,
    ),
    '',
  ];
  if (timeouts > 0) {
    lines.push(`${timeouts} of ${2 * INPUTS} inputs produced no \`commcalc:painted\` event within 2 s; they are left out of the figures above.`, '');
  }
  lines.push(...importLines(result.imports));
  lines.push(...workLines(result.work, work));
  lines.push(...trafficLines(result.traffic));
  lines.push(
    'How each figure is taken:',
    '',
    `- Slider: ${INPUTS} \`input\` events per slider on \`[data-control=…] input[type=range]\`, values`,
    '  spread over 10–90 % of the slider\'s range, each from an idle page (two animation frames',
    '  after the previous paint); the time runs from just before `dispatchEvent` to the',
    '  `commcalc:painted` event, both read with `performance.now()` inside the page.',
    `  Slider ranges: size ${result.size.min}…${result.size.max} (step ${result.size.step}), α ${result.alpha.min}…${result.alpha.max} (step ${result.alpha.step}).`,
    '- Load: a fresh browser context per load (empty HTTP cache, service workers blocked), after',
    '  one warm-up load; `performance.now()` when a MutationObserver sees `data-ready="1"` on',
    `  \`<body>\`. DOMContentLoaded for comparison: median ${ms(dcl.p50)}.`,
    `- Regime map: \`${MAP_QUERY}\`,`,
    `  ${MAP_INPUTS} \`input\` events on the α slider (each from an idle page), each recomputing both`,
    '  maps (004 Fig. 5, standard and nominal f(L)). The page times',
    '  each map itself with `performance.now()`: the core\'s `regime_map` and the paint of its',
    `  ${result.maps.canvas} pixels with \`putImageData\` (scaled to ${result.maps.css} CSS px by CSS), reported in`,
    '  `window.commcalcMapLast` with a `commcalc:map-painted` event. The first',
    `  ${MAP_WARMUP} inputs warm up and are left out. Per map: computation p50 ${ms(mapCompute.p50)} (p95 ${ms(mapCompute.p95)}),`,
    `  paint p50 ${ms(mapDraw.p50)} (p95 ${ms(mapDraw.p95)}); input → both maps painted (both maps, the sweep and`,
    `  the scenario panel): p50 ${ms(mapWall.p50)}, p95 ${ms(mapWall.p95)}.` +
      (result.maps.timeouts ? ` ${result.maps.timeouts} inputs painted no map within 3 s and fail the budget.` : ''),
    `- Bytes: every file a cold visit to \`${QUERY}\` fetches (a fresh context, Chrome DevTools`,
    '  Protocol Network events until the page is ready and the network quiet for 1 s; the service',
    "  worker's script, which the browser fetches for the registration, included), each file's",
    "  dist/ copy compressed by Node's zlib at level 9 (the DEFLATE level of `gzip -9`); the wasm,",
    '  JS and CSS among them are the budgeted figure (`node tests/browser/first-visit.mjs` takes it',
    '  alone):',
    '',
    ...bytesTable(result.bytes.files),
    '',
    '  Every .wasm, .js and .css of `dist/`, the same way:',
    '',
    ...bytesTable(result.dist.files),
    '',
    `Where slider time goes: a CPU profile (100 µs sampling) of ${result.profile.inputs} further frame-paced inputs on the`,
    `\`${result.profile.key}\` slider of the view with the slowest median input, \`${result.profile.query}\`,`,
    `not part of the timed figures; ${ms(result.profile.busyMs)} busy in all. By kind:`,
    '',
    '| kind | self time | share of busy time |',
    '| --- | --- | --- |',
    ...result.profile.byKind.map((t) => `| ${t.name} | ${ms(t.ms)} | ${(t.share * 100).toFixed(1)} % |`),
    '',
    'The twelve largest self times:',
    '',
    '| function | self time | share of busy time |',
    '| --- | --- | --- |',
    ...result.profile.top.map((t) => `| \`${t.name.replace(/\|/g, '\\|')}\` | ${ms(t.ms)} | ${(t.share * 100).toFixed(1)} % |`),
    '',
    '`(program)` is Chromium\'s own work outside JavaScript and wasm (style, layout, paint);',
    '`(garbage collector)` is V8\'s; DOM, canvas and history calls appear under their own names',
    '(`fillText`, `replaceState`), and a layout they force counts as theirs.',
    '',
  );
  await fs.mkdir(path.dirname(OUT), { recursive: true });
  const previous = await fs.readFile(OUT, 'utf8').catch(() => '');
  const kept = previous.indexOf(`\n${KEPT}\n`);
  await fs.writeFile(OUT, lines.join('\n') + (kept >= 0 ? previous.slice(kept) : ''));

  console.log(`slider size:  p50 ${ms(size.p50)}  p95 ${ms(size.p95)}  max ${ms(size.max)}  (${result.size.timeouts} timeouts)`);
  console.log(`slider alpha: p50 ${ms(alpha.p50)}  p95 ${ms(alpha.p95)}  max ${ms(alpha.max)}  (${result.alpha.timeouts} timeouts)`);
  console.log(`load to interactive: median ${ms(ready.p50)} (min ${ms(ready.min)}, max ${ms(ready.max)})`);
  console.log(`first-visit bytes: ${kB(result.bytes.gzip)} gzip -9 (${kB(result.bytes.raw)} raw); dist/ in all ${kB(result.dist.gzip)}`);
  console.log(`regime map (compute + draw, ${map.n} maps): p50 ${ms(map.p50)}  p95 ${ms(map.p95)}  max ${ms(map.max)}  (compute p50 ${ms(mapCompute.p50)}, draw p50 ${ms(mapDraw.p50)}; input → both maps p50 ${ms(mapWall.p50)}; ${result.maps.timeouts} timeouts)`);
  console.log(`budgets: load ${verdict(ok.load)}, map ${verdict(ok.map)}, winner maps ${verdict(ok.winners)}`);
  console.log(`wrote ${path.relative(ROOT, OUT)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
