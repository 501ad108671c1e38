// The traffic simulator's speed in the browser (issue 11, "Speed"; docs/traffic.md), measured in
// headless Chromium against the release site in dist/. bench.mjs (`make bench-web`) calls
// `benchTraffic` and writes `trafficLines` as its own section of docs/web-benchmarks.md; run alone,
//
//   node tests/browser/bench-traffic.mjs
//
// it measures the same and rewrites only that section. What it measures:
//
// (a) 003's workload (16 nodes, 3000 messages in all, one replication) run by the Traffic view on
//     the page's thread as a slider moves (a run estimated at up to `traffic::PAGE_RUN_EVENTS`
//     is): the app's own timing of the run (`dom::timed("commcalc:simulate")`,
//     performance.measure entries) and the browser's task time per input (input-work.mjs),
//     budget 5 ms for the run;
// (b) WebAssembly against native: 003's workload read in all and per node, one replication,
//     run warm by the Traffic view (the `size` slider moved back and forth, the runs at one
//     position kept: the same query each time): the first on the page's thread (the page's
//     module is built for size, Cargo profile `web`), the second, above
//     `traffic::PAGE_RUN_EVENTS`, in the view's worker (the release profile), timed by the
//     worker and recorded by the page as `commcalc:simulate` (`dom::record`); against the
//     release CLI's own timing of the same query
//     (`commcalc traffic`, its speed on stderr; the release profile, opt-level 3 with LTO, is
//     the one the Traffic view's worker is built with) and, for the record, criterion's median
//     of the same configuration (`paper/16x3000-total`, `events/paper-per-node` in
//     crates/core/benches/traffic.rs, `[profile.bench]`, read from target/criterion: run them
//     first); budget 2×;
// (c) Figs. 7 and 8 with 10 replications (22 sweep points × 10 replications, in the worker):
//     click → the figures' results shown, budget 2 s for the issue's 20 × 10 sweep;
// (d) 4096 nodes × 10⁶ messages run in the worker from the Traffic view, with its progress bar:
//     while it runs, slider inputs each dispatched at the start of a frame and timed until the app's
//     `commcalc:painted` event and that frame's style, layout and paint are done, p95 budget 8 ms
//     over the inputs of INPUT_RUNS runs, each on a page a person has used (three warm-up
//     inputs, reported apart, then 30 with nothing running, reported beside the runs' for
//     comparison: `bigRun` says why); and each run's wall time until its results are shown; for
//     information, on another such page, one input in the frame after the run's results reach
//     the page (the worst moment); then the same query
//     in the worker against native, as in (b): the worker's own timing of the run (shown in the
//     view's status) against the release CLI's, alternated, best of BIG_RUNS each, and
//     criterion's `events/4096x1e6-total`; budget 2×;
// (e) the calculator's `pattern=traffic` (?machine=jpl-mark3&pattern=traffic and the iPSC): the
//     browser's task time per slider input (input-work.mjs, as bench.mjs measures every view),
//     budget p95 8 ms, and a frame-paced drag (inputs that queued behind earlier work).

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { ROOT, launchBrowser, openApp, serveDist } from './harness.mjs';
import { frameDrag, inputWork, performanceSession, sliderKeys } from './input-work.mjs';

const TRAFFIC = '?view=traffic&machine=intel-ipsc&pattern=traffic';
/** The queries of (b), each with the criterion benchmark that runs the same configuration. */
const SAME_RUNS = [
  { query: `${TRAFFIC}&reps=1`, criterion: 'paper/16x3000-total' },
  { query: `${TRAFFIC}&per=node&reps=1`, criterion: 'events/paper-per-node' },
];
/** Runs per configuration in (b), natively and in Chromium. */
const RUNS = 10;
const INPUTS = 30;
const BIG = `${TRAFFIC}&dim=12&count=1000000&reps=1`;
/** Runs of the 4096-node query in (d)'s comparison, natively and in Chromium (seconds each). */
const BIG_RUNS = 3;
/**
 * The 4096-node runs whose inputs (d) pools: a run takes 1–2 s, 11–17 inputs at one every
 * 100 ms, and the 95th percentile of so few is their maximum.
 */
const INPUT_RUNS = 3;
/** The inputs of (d) with nothing running, before the run, on the same page. */
const IDLE_INPUTS = 30;
const CALCULATOR = ['?machine=jpl-mark3&pattern=traffic', '?machine=intel-ipsc&pattern=traffic'];
const BUDGET = { paperMs: 5, ratio: 2, sweepMs: 2000, inputP95Ms: 8 };
const HEADING = '## Traffic simulator in the browser';
const OUT = path.join(ROOT, 'docs', 'web-benchmarks.md');

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function summary(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, min: s[0], p50: quantile(s, 0.5), p95: quantile(s, 0.95), max: s[s.length - 1] };
}

/** The durations of the page's `commcalc:simulate` measures so far, and clears them. */
function simulateMeasures(page) {
  return page.evaluate(() => {
    const d = performance.getEntriesByName('commcalc:simulate').map((m) => m.duration);
    performance.clearMeasures('commcalc:simulate');
    return d;
  });
}

/** A page with the app's phase timing on from its first script. */
async function timedPage(context) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.commcalcTiming = true;
  });
  return page;
}

/** The events of a run, from the results table the Traffic view fills. */
async function shownEvents(page) {
  await page.waitForSelector('#traffic-results tr[data-metric="events"]', { timeout: 60_000 });
  return Number(await page.getAttribute('#traffic-results tr[data-metric="events"] td.value', 'data-value'));
}

/** (a): runs and task time per input on the view's first slider. */
async function paperInputs(page, url) {
  await openApp(page, url, `${TRAFFIC}&reps=1`);
  const cdp = await performanceSession(page);
  const key = (await sliderKeys(page)).inputs[0];
  const rounds = (await inputWork(page, cdp, key, INPUTS + 2)).slice(2);
  await cdp.detach();
  const runs = rounds.map((r) => r.phases.simulate).filter(Number.isFinite);
  return { key, run: summary(runs), task: summary(rounds.map((r) => r.task)) };
}

/**
 * Runs of the Traffic view at one configuration, warm: the `size` slider alternates between two
 * neighbouring positions, and the runs at the first are kept (the same query each time).
 */
function alternateRuns(page, rounds) {
  return page.evaluate(async (rounds) => {
    const el = document.querySelector('[data-control="size"] input[type=range]');
    const a = Math.round(Number(el.min) + 0.4 * (Number(el.max) - Number(el.min)));
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const out = [];
    for (let i = 0; i <= 2 * rounds; i++) {
      el.value = String(i % 2 ? a + 1 : a);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await frames();
      const m = performance.getEntriesByName('commcalc:simulate');
      performance.clearMeasures('commcalc:simulate');
      if (i % 2 === 0 && i > 0 && m.length) out.push(m[m.length - 1].duration);
    }
    return out;
  }, rounds);
}

/** The release CLI (the profile the Traffic view's worker is built with), built if needed. */
function releaseCli() {
  execFileSync('cargo', ['build', '--release', '-q', '-p', 'commcalc'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return path.join(process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target'), 'release', 'commcalc');
}

/** The page's query as the CLI reads it (the address without `view`). */
function cliQuery(page) {
  const params = new URL(page.url()).searchParams;
  params.delete('view');
  return params.toString().replace(/%2C/gu, ',');
}

/**
 * One run of the CLI in milliseconds, its own timing of the simulation, which it prints on
 * stderr (`commcalc: simulated N events in T ms (…)`; the text form runs the query alone,
 * `--json` would add the calculator's curve, six more runs).
 */
function cliMs(bin, query) {
  const run = spawnSync(bin, ['traffic', query], { encoding: 'utf8' });
  return Number(/ events in ([\d.]+) ms/u.exec(run.stderr)?.[1]);
}

/** Criterion's median of a benchmark in milliseconds, or NaN where it has not been run. */
function criterionMs(name) {
  const file = path.join(ROOT, 'target', 'criterion', ...name.split('/'), 'new', 'estimates.json');
  return fs
    .readFile(file, 'utf8')
    .then((t) => JSON.parse(t).median.point_estimate / 1e6)
    .catch(() => NaN);
}

/**
 * (b): each query's run in Chromium (warm, best of RUNS) and natively: the release CLI's
 * own timing of the same query (best of as many runs), and criterion's median.
 */
async function sameRuns(page, url, bin) {
  const out = [];
  for (const { query, criterion } of SAME_RUNS) {
    await openApp(page, url, query);
    const browser = summary(await alternateRuns(page, RUNS));
    const events = await shownEvents(page);
    const shown = cliQuery(page);
    let cli = Infinity;
    for (let i = 0; i < RUNS; i++) cli = Math.min(cli, cliMs(bin, shown));
    out.push({ query: shown, criterion, events, browser, cli, native: await criterionMs(criterion) });
  }
  return out;
}

/** (c): Figs. 7 and 8 with 10 replications, click → their table filled. */
async function figures(page, url) {
  await openApp(page, url, `${TRAFFIC}&reps=10`);
  const ms = await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const status = document.getElementById('traffic-status');
        const t0 = performance.now();
        const seen = new MutationObserver(() => {
          if (/Ran Figs/u.test(status.textContent)) {
            seen.disconnect();
            resolve(performance.now() - t0);
          } else if (/failed/u.test(status.textContent)) reject(new Error(status.textContent));
        });
        seen.observe(status, { childList: true, characterData: true, subtree: true });
        document.getElementById('traffic-figures-run').click();
      }),
  );
  const points = await page.locator('#traffic-figs-table tbody tr').count();
  return { ms, points };
}

/**
 * (d): the large run in the worker, on a page a person has used: on the freshly opened page,
 * three warm-up inputs (reported apart, `warm`), then IDLE_INPUTS with nothing running (`idle`),
 * then Run, and a slider input every 100 ms until the results arrive (`inputs`); each input is
 * timed from its dispatch until the app's next `commcalc:painted` and the frame's rendering are
 * both done. Why the page is used first: the engine compiles each wasm function of the page on
 * its first call and optimises it again, on background threads, once it is hot; on a fresh page
 * that happens during its first few dozen inputs, whatever runs (traced: the slow inputs of a
 * fresh page coincide with `wasm.TopTierCompilation` of the page's functions, and the same
 * inputs with nothing running are as slow; docs/traffic.md). What the run itself does to an
 * input is the difference between `idle` and `inputs` on the same page. Each measured input's
 * value differs from the one before it, so that every one changes the scenario and is painted
 * (the run is of the address's query with the last idle value: the same events, other lengths).
 * With `during` = 'results', the same page takes no input during the run but one in the frame
 * after the run's results reach the page: the worst moment for an input, whose frame also lays
 * out and paints the results.
 */
async function bigRun(page, url, during = 'inputs') {
  await openApp(page, url, BIG);
  const keys = (await sliderKeys(page)).inputs;
  const key = keys.includes('size') ? 'size' : keys[0];
  return page.evaluate(
    ({ key, idleInputs, during }) =>
      new Promise((resolve) => {
        const el = document.querySelector(`[data-control="${key}"] input[type=range]`);
        const progress = document.getElementById('traffic-progress');
        const results = () => document.querySelector('#traffic-results tr[data-metric="events"]');
        const min = Number(el.min || 0);
        const max = Number(el.max || 100);
        const warm = [];
        const idle = [];
        const inputs = [];
        let progressSeen = false;
        let i = 0;
        let t0 = NaN;
        // The input is dispatched at the start of a frame, as the browser delivers a drag's; it
        // is over once the app says it has painted and a message posted in the same frame has
        // run, which is after that frame's style, layout and paint.
        const input = (value, into) =>
          requestAnimationFrame(() => {
            const start = performance.now();
            let waiting = 2;
            const done = () => {
              if (--waiting === 0) into.push(performance.now() - start);
            };
            document.addEventListener('commcalc:painted', done, { once: true });
            el.value = value;
            el.dispatchEvent(new Event('input', { bubbles: true }));
            const rendered = new MessageChannel();
            rendered.port1.onmessage = done;
            rendered.port2.postMessage(null);
          });
        const measured = () => String(Math.round(min + (max - min) * (0.3 + 0.1 * (i++ % 3))));
        const warmUp = [0.6, 0.7, 0.8].map((f) => String(Math.round(min + (max - min) * f)));
        let idleLeft = idleInputs;
        const tick = () => {
          if (warmUp.length) {
            input(warmUp.shift(), warm);
          } else if (idleLeft > 0) {
            idleLeft -= 1;
            input(measured(), idle);
          } else if (Number.isNaN(t0)) {
            if (during === 'results') {
              // One input only, in the frame after the results reach the table.
              const shown = new MutationObserver(() => {
                shown.disconnect();
                input(measured(), inputs);
              });
              shown.observe(document.querySelector('#traffic-results tbody'), { childList: true, subtree: true, characterData: true });
            }
            document.getElementById('traffic-run').click();
            t0 = performance.now();
          } else if (during === 'results') {
            if (inputs.length) {
              resolve({ key, warm, idle, inputs });
              return;
            }
          } else {
            progressSeen ||= !progress.hidden;
            if (results() || performance.now() - t0 > 120_000) {
              const wallMs = performance.now() - t0;
              // The run's own time, from the status line: off screen, it takes its new text
              // once the slider pauses (the page's off-screen texts wait while a slider moves),
              // so it is read when it has (no more inputs are sent meanwhile).
              const status = document.getElementById('traffic-status');
              const read = (waited) => {
                const ran = /in ([\d.]+) s\./u.exec(status.textContent);
                if (!ran && waited < 2000) {
                  setTimeout(() => read(waited + 50), 50);
                  return;
                }
                resolve({ key, warm, idle, inputs, progressSeen, wallMs, runMs: ran ? 1000 * Number(ran[1]) : NaN, done: Boolean(results()) });
              };
              read(0);
              return;
            }
            input(measured(), inputs);
          }
          setTimeout(tick, 100);
        };
        tick();
      }),
    { key, idleInputs: IDLE_INPUTS, during },
  );
}

/**
 * (d), the comparison: the 4096-node query run by the Traffic view in its worker (the worker's
 * own timing, from the view's status) and by the release CLI, alternated so that both see the
 * machine's load alike, best of BIG_RUNS each, and criterion's median.
 */
async function bigSame(page, url, bin) {
  let browser = Infinity;
  let cli = Infinity;
  let events = NaN;
  for (let i = 0; i < BIG_RUNS; i++) {
    await openApp(page, url, BIG);
    cli = Math.min(cli, cliMs(bin, cliQuery(page)));
    await page.click('#traffic-run');
    events = await shownEvents(page);
    const ran = /in ([\d.]+) s\./u.exec(await page.textContent('#traffic-status'));
    browser = Math.min(browser, ran ? 1000 * Number(ran[1]) : NaN);
  }
  return { events, browser, cli, native: await criterionMs('events/4096x1e6-total') };
}

/** (e): the calculator's per-input task time on its first input and parameter sliders, and a drag. */
async function calculator(page, url) {
  const out = [];
  for (const query of CALCULATOR) {
    await openApp(page, url, query);
    const cdp = await performanceSession(page);
    const keys = await sliderKeys(page);
    const rounds = [];
    for (const key of [keys.inputs[0], keys.parameters[0]].filter(Boolean)) {
      rounds.push(...(await inputWork(page, cdp, key, INPUTS + 2)).slice(2));
    }
    const drag = await frameDrag(page, cdp, keys.inputs[0], 30);
    await cdp.detach();
    out.push({ query, task: summary(rounds.map((r) => r.task)), queued: drag.queued, dragInputs: drag.frames });
  }
  return out;
}

/** Every measure of this module, in one browser context at 1280 × 900. */
export async function benchTraffic(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const loadBefore = os.loadavg()[0];
  try {
    const page = await timedPage(context);
    const bin = releaseCli();
    const paper = await paperInputs(page, url);
    const same = await sameRuns(page, url, bin);
    const figs = await figures(page, url);
    const big = [];
    for (let i = 0; i < INPUT_RUNS; i++) big.push(await bigRun(page, url));
    const resultsFrame = await bigRun(page, url, 'results');
    const bigRatio = await bigSame(page, url, bin);
    const calc = await calculator(page, url);
    // The machine's load: (d) is wall clock, which other work on the machine stretches.
    const load = { before: loadBefore, after: os.loadavg()[0], cpus: os.cpus().length };
    return { paper, same, figs, big, resultsFrame, bigRatio, calc, load };
  } finally {
    await context.close();
  }
}

const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} ms` : 'n/a');
const verdict = (ok) => (ok ? 'pass' : '**FAIL**');

/** The section of docs/web-benchmarks.md. */
export function trafficLines(r) {
  const big = summary(r.big.flatMap((b) => b.inputs));
  const idle = summary(r.big.flatMap((b) => b.idle));
  const each = (f) => r.big.map(f).join(', ');
  const shown = r.big.every((b) => b.done && b.progressSeen);
  return [
    HEADING,
    '',
    'Written by `tests/browser/bench-traffic.mjs` (called by `make bench-web`, or run alone with',
    '`node tests/browser/bench-traffic.mjs`); how each figure is taken is described at its top.',
    ...(r.load ? ['', `1-minute load average ${r.load.before.toFixed(2)} before, ${r.load.after.toFixed(2)} after, on ${r.load.cpus} CPUs.`] : []),
    '',
    '| what | figure | budget | result |',
    '| --- | --- | --- | --- |',
    `| 003's workload (16 nodes, 3000 messages, 1 replication) run on the page as the \`${r.paper.key}\` slider moves (${r.paper.run.n} runs) | run p50 ${ms(r.paper.run.p50)}, p95 ${ms(r.paper.run.p95)}; task per input p50 ${ms(r.paper.task.p50)}, p95 ${ms(r.paper.task.p95)} | run ≤ ${BUDGET.paperMs} ms | ${verdict(r.paper.run.p95 <= BUDGET.paperMs)} |`,
    ...r.same.map(
      (s) =>
        `| \`${s.query}\` (${s.events} events), warm, best of ${s.browser.n} runs each | Chromium ${ms(s.browser.min)} (p50 ${ms(s.browser.p50)}; ${(s.events / s.browser.min / 1e3).toFixed(1)} M events/s), native CLI ${ms(s.cli)}: × ${(s.browser.min / s.cli).toFixed(2)}; criterion \`${s.criterion}\` ${ms(s.native)}: × ${(s.browser.min / s.native).toFixed(2)} | ≤ × ${BUDGET.ratio} | ${verdict(s.browser.min / s.cli <= BUDGET.ratio)} |`,
    ),
    `| Figs. 7 and 8 with 10 replications (${r.figs.points} sweep points × 10, in the worker), click → results | ${ms(r.figs.ms)} | ≤ ${BUDGET.sweepMs} ms (20 × 10) | ${verdict(r.figs.ms <= BUDGET.sweepMs)} |`,
    `| 4096 nodes × 10⁶ messages in the worker, ${INPUT_RUNS} runs on fresh pages, with inputs: Run → results shown (the simulation itself, timed in the worker) | ${each((b) => (b.done ? `${ms(b.wallMs)} (${ms(b.runMs)})` : '**not finished in 120 s**'))}; progress bar ${r.big.every((b) => b.progressSeen) ? 'shown in each' : '**not seen**'} | completes | ${verdict(shown)} |`,
    `| the same query (${r.bigRatio.events} events), in the worker against native, alternated, best of ${BIG_RUNS} runs each | Chromium ${ms(r.bigRatio.browser)} (${(r.bigRatio.events / r.bigRatio.browser / 1e3).toFixed(2)} M events/s), native CLI ${ms(r.bigRatio.cli)} (${(r.bigRatio.events / r.bigRatio.cli / 1e3).toFixed(2)} M events/s): × ${(r.bigRatio.browser / r.bigRatio.cli).toFixed(2)}; criterion \`events/4096x1e6-total\` ${ms(r.bigRatio.native)}: × ${(r.bigRatio.browser / r.bigRatio.native).toFixed(2)} | ≤ × ${BUDGET.ratio} | ${verdict(r.bigRatio.browser / r.bigRatio.cli <= BUDGET.ratio)} |`,
    `| during those runs, \`${r.big[0].key}\` slider input → repainted (\`commcalc:painted\` and the frame's style, layout and paint; ${big.n} inputs, ${each((b) => b.inputs.length)} a run) | p50 ${ms(big.p50)}, p95 ${ms(big.p95)}; the largest of each run ${each((b) => ms(Math.max(...b.inputs)))} (on the same pages before the runs, ${idle.n} inputs with nothing running: p50 ${ms(idle.p50)}, p95 ${ms(idle.p95)}, max ${ms(idle.max)}; each page's first three inputs, before those and not counted: ${each((b) => b.warm.map((x) => x.toFixed(1)).join(' / '))} ms) | p95 ≤ ${BUDGET.inputP95Ms} ms | ${verdict(big.p95 <= BUDGET.inputP95Ms)} |`,
    `| for information: the input in the frame after such a run's results reach the page (a page used as above, no input during the run) | ${ms(r.resultsFrame.inputs[0])} | | |`,
    ...r.calc.map(
      (c) =>
        `| calculator \`${c.query}\`: task time per slider input (${c.task.n} inputs; simulations in the worker) | p50 ${ms(c.task.p50)}, p95 ${ms(c.task.p95)}; drag: ${c.queued} of ${c.dragInputs} inputs queued | p95 ≤ ${BUDGET.inputP95Ms} ms, none queued | ${verdict(c.task.p95 <= BUDGET.inputP95Ms && c.queued === 0)} |`,
    ),
    '',
  ];
}

/** Replaces the section in docs/web-benchmarks.md (or puts it before "## Findings"). */
async function writeSection(lines) {
  const text = await fs.readFile(OUT, 'utf8');
  const start = text.indexOf(`${HEADING}\n`);
  const block = lines.join('\n') + '\n';
  let next;
  if (start >= 0) {
    const end = text.indexOf('\n## ', start + HEADING.length);
    next = text.slice(0, start) + block + (end >= 0 ? text.slice(end + 1) : '');
  } else {
    const at = text.indexOf('\n## Findings\n');
    next = at >= 0 ? text.slice(0, at + 1) + block + '\n' + text.slice(at + 1) : text + '\n' + block;
  }
  await fs.writeFile(OUT, next);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await serveDist();
  const browser = await launchBrowser();
  try {
    const result = await benchTraffic(browser, server.url);
    const lines = trafficLines(result);
    console.log(lines.join('\n'));
    await writeSection(lines);
    console.log(`wrote its section of ${path.relative(ROOT, OUT)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
