// Where a slider input's browser time goes, event by event: a Chromium trace (devtools.timeline)
// of a few frame-paced inputs on one view, summed by event name, with each Paint's rectangle and
// each Layout's root and node counts. Not a test and not part of the benchmark's figures; run by
// hand when the per-input measure of bench.mjs says a view is slow:
//
//   node tests/browser/trace-inputs.mjs '?machine=fddi-now&pattern=broadcast' [slider key] [inputs]
import { launchBrowser, openApp, serveDist } from './harness.mjs';
import { inputWork, performanceSession, sliderKeys } from './input-work.mjs';

const [query = '?machine=fddi-now&pattern=broadcast', keyArg, inputsArg] = process.argv.slice(2);
const inputs = Number(inputsArg ?? 10);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', ...(process.env.TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : [])];

const server = await serveDist();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openApp(page, server.url, query);
  // TRACE_CSS: a style sheet added to the page first, to try a change before making it.
  if (process.env.TRACE_CSS) await page.addStyleTag({ content: process.env.TRACE_CSS });
  const keys = await sliderKeys(page);
  const key = keyArg ?? keys.inputs[0] ?? keys.parameters[0];
  const cdp = await performanceSession(page);
  await inputWork(page, cdp, key, 3); // warm up
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const rounds = await inputWork(page, cdp, key, inputs);
  await cdp.send('Tracing.end');
  await done;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const mine = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const byName = new Map();
  for (const e of mine) {
    const s = byName.get(e.name) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += (e.tdur ?? e.dur ?? 0) / 1000;
    byName.set(e.name, s);
  }
  // Self time: an event's thread time less that of the events nested in it on the same thread.
  const sorted = [...mine].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const selfMs = new Map();
  const stack = [];
  for (const e of sorted) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const t = (e.tdur ?? e.dur ?? 0) / 1000;
    selfMs.set(e.name, (selfMs.get(e.name) ?? 0) + t);
    if (stack.length) {
      const p = stack[stack.length - 1];
      selfMs.set(p.name, (selfMs.get(p.name) ?? 0) - t);
    }
    stack.push(e);
  }
  console.log('main-thread self time per input:');
  for (const [name, t] of [...selfMs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${name.padEnd(32)} ${(t / inputs).toFixed(2).padStart(7)} ms`);
  console.log(`${query} slider ${key}: ${inputs} inputs, task p50 ${rounds.map((r) => r.task).sort((a, b) => a - b)[inputs >> 1].toFixed(2)} ms`);
  console.log('main-thread events per input (thread time, all nesting levels):');
  for (const [name, s] of [...byName.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
    console.log(`  ${name.padEnd(32)} ${(s.n / inputs).toFixed(1).padStart(6)}×  ${(s.ms / inputs).toFixed(2).padStart(7)} ms`);
  }
  const paints = mine.filter((e) => e.name === 'Paint');
  const rects = new Map();
  for (const p of paints) {
    const d = p.args?.data ?? {};
    const c = d.clip ?? [];
    const w = c.length ? Math.round(Math.max(c[0], c[2], c[4], c[6]) - Math.min(c[0], c[2], c[4], c[6])) : '?';
    const h = c.length ? Math.round(Math.max(c[1], c[3], c[5], c[7]) - Math.min(c[1], c[3], c[5], c[7])) : '?';
    const k = `layer ${d.layerId} node ${d.nodeId} ${w}×${h}`;
    const s = rects.get(k) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += (p.tdur ?? p.dur ?? 0) / 1000;
    rects.set(k, s);
  }
  console.log('Paint events by layer and clip:');
  for (const [k, s] of [...rects.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) console.log(`  ${k}: ${s.n}× ${s.ms.toFixed(2)} ms`);
  const layouts = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.name === 'Layout' && e.ph === 'B');
  const lay = mine.filter((e) => e.name === 'Layout');
  console.log(`Layout: ${lay.length} events; the first twelve (thread time, dirty objects, roots):`);
  for (const l of lay.slice(0, 12)) {
    const b = l.args?.beginData ?? {};
    const roots = (l.args?.endData?.layoutRoots ?? []).map((r) => `${r.nodeName}#${r.nodeId}`).join(' ');
    console.log(`   ${((l.tdur ?? l.dur) / 1000).toFixed(2)} ms dirty ${b.dirtyObjects} of ${b.totalObjects} partial ${b.partialLayout} roots ${roots}`);
  }
  const inval = events.filter((e) => /Invalidat|ScheduleStyle|LayoutInvalidation|PaintInvalidation/.test(e.name));
  const reasons = new Map();
  for (const e of inval) {
    const d = e.args?.data ?? {};
    const k = `${e.name}: ${d.reason ?? ''} ${d.nodeName ?? ''}`.trim();
    reasons.set(k, (reasons.get(k) ?? 0) + 1);
  }
  console.log('invalidations per input:');
  for (const [k, n] of [...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(n / inputs).toFixed(1).padStart(6)}×  ${k}`);
  if (process.env.TRACE_OUT) {
    const fs = await import('node:fs/promises');
    await fs.writeFile(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }));
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
