// Where a slider input's browser time goes, event by event: a Chromium trace (categories
// devtools.timeline and disabled-by-default-devtools.timeline) of a few frame-paced inputs on
// one view (the rounds of input-work.mjs), summed per input: the main thread's events by name
// (self time and time with what they contain), each Paint by the node and rectangle it paints,
// each Layout's dirty objects and roots, and (TRACE_INVALIDATIONS=1) what invalidated style and
// layout. Not a test and not part of the benchmark's figures; run by hand when the per-input
// measure of bench.mjs says a view is slow, after `make site`:
//
//   node tests/browser/trace-inputs.mjs '?machine=fddi-now&pattern=broadcast' [slider key] [inputs]
//
// TRACE_CSS='<rules>' adds a style sheet to the page first, to try a change before making it;
// TRACE_INIT='<script>' runs a script in the page before the app does (to try a change of an API
// the app calls, e.g. the canvases' context options); TRACE_OUT=<file.json> keeps the trace, for
// Chromium's DevTools (Performance, Load profile).
import fs from 'node:fs/promises';

import { launchBrowser, openApp, serveDist } from './harness.mjs';
import { inputWork, performanceSession, sliderKeys } from './input-work.mjs';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  ...(process.env.TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
];

/** `inputs` rounds on the slider `key` of the open page, traced; the trace's events and the rounds. */
async function traceRounds(page, key, inputs) {
  const cdp = await performanceSession(page);
  await inputWork(page, cdp, key, 3); // Warm-up rounds, not traced.
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const rounds = await inputWork(page, cdp, key, inputs);
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return { events, rounds };
}

const threadMs = (e) => (e.tdur ?? e.dur ?? 0) / 1000;

/** Adds `ms` (and one event) to `map`'s entry `key`. */
function add(map, key, ms) {
  const s = map.get(key) ?? { n: 0, ms: 0 };
  s.n++;
  s.ms += ms;
  map.set(key, s);
}

/** The `top` entries of `map`, by time then by count, per input. */
function print(title, map, inputs, top) {
  console.log(title);
  for (const [k, s] of [...map.entries()].sort((a, b) => b[1].ms - a[1].ms || b[1].n - a[1].n).slice(0, top)) {
    console.log(`  ${(s.ms / inputs).toFixed(2).padStart(7)} ms  ${(s.n / inputs).toFixed(1).padStart(5)}×  ${k}`);
  }
}

/** Per event name: time with the events nested in it, and self time (without them). */
function byName(main) {
  const total = new Map();
  const self = new Map();
  const stack = [];
  for (const e of [...main].sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    add(total, e.name, threadMs(e));
    add(self, e.name, threadMs(e));
    if (stack.length) self.get(stack[stack.length - 1].name).ms -= threadMs(e);
    stack.push(e);
  }
  return { total, self };
}

/** Paint events by the node painted and the size of their clip rectangle (a quad). */
function paints(main) {
  const out = new Map();
  for (const p of main.filter((e) => e.name === 'Paint')) {
    const d = p.args?.data ?? {};
    const c = d.clip ?? [];
    const size = (i) => Math.round(Math.max(c[i], c[i + 2], c[i + 4], c[i + 6]) - Math.min(c[i], c[i + 2], c[i + 4], c[i + 6]));
    add(out, `node ${d.nodeId} ${c.length ? `${size(0)}×${size(1)}` : '?'} px`, threadMs(p));
  }
  return out;
}

/** Layout events by their dirty and total objects and roots. */
function layouts(main) {
  const out = new Map();
  for (const l of main.filter((e) => e.name === 'Layout')) {
    const b = l.args?.beginData ?? {};
    const roots = (l.args?.endData?.layoutRoots ?? []).map((r) => `${r.nodeName}#${r.nodeId}`).join(' ');
    add(out, `${b.dirtyObjects} of ${b.totalObjects} objects dirty, partial ${b.partialLayout}, roots ${roots}`, threadMs(l));
  }
  return out;
}

/** Style and layout invalidations by reason and node name (TRACE_INVALIDATIONS=1). */
function invalidations(events) {
  const out = new Map();
  for (const e of events.filter((e) => /Invalidat|ScheduleStyle/.test(e.name))) {
    const d = e.args?.data ?? {};
    add(out, `${e.name}: ${d.reason ?? ''} ${d.nodeName ?? ''}`.trim(), 0);
  }
  return out;
}

async function main() {
  const [query = '?machine=fddi-now&pattern=broadcast', keyArg, inputsArg] = process.argv.slice(2);
  const inputs = Number(inputsArg ?? 10);
  const server = await serveDist();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    if (process.env.TRACE_INIT) await page.addInitScript(process.env.TRACE_INIT);
    await openApp(page, server.url, query);
    if (process.env.TRACE_CSS) await page.addStyleTag({ content: process.env.TRACE_CSS });
    const keys = await sliderKeys(page);
    const key = keyArg ?? keys.inputs[0] ?? keys.parameters[0];
    const { events, rounds } = await traceRounds(page, key, inputs);
    if (process.env.TRACE_OUT) await fs.writeFile(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }));
    const thread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const main = events.filter((e) => thread && e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
    const tasks = rounds.map((r) => r.task).sort((a, b) => a - b);
    console.log(`${query}, slider ${key}: ${inputs} inputs, task p50 ${tasks[inputs >> 1].toFixed(2)} ms (thread time, untraced measure)`);
    const { total, self } = byName(main);
    print('main thread, self time per input:', self, inputs, 18);
    print('main thread, with nested events, per input:', total, inputs, 18);
    print('Paint per input, by node and clip:', paints(main), inputs, 12);
    print('Layout per input:', layouts(main), inputs, 12);
    if (process.env.TRACE_INVALIDATIONS) print('invalidations per input (count):', invalidations(events), inputs, 30);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
