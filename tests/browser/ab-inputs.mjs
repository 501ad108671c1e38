// Two builds compared on the per-input measure of bench.mjs, their rounds interleaved: for each
// view, a page of build A and a page of build B (each in a browser context of its own, so in a
// renderer of its own) take turns, one input each, on the first slider of the pattern's inputs
// and the first of the machine's parameters. Whatever else the machine does (another build, its
// load rising) falls on both builds alike, which two full runs of bench.mjs one after the other
// cannot promise on a shared 2-CPU machine. Not a test and not part of `make bench-web`; run by
// hand to measure a change before and after, each build made with `make site`:
//
//   A_DIST=/tmp/before B_DIST=dist node tests/browser/ab-inputs.mjs '?machine=intel-paragon&pattern=pingpong' …
//
// Per view and slider, then over both sliders: task and script p50 and p95 (ms per input).
// INPUTS=<n> rounds per slider and build (20); B_INIT='<script>' runs a script in B's pages
// before the app does (to try a change of an API the app calls on the same build).
import { launchBrowser, openApp, serveDist } from './harness.mjs';
import { inputWork, performanceSession, sliderKeys } from './input-work.mjs';

const INPUTS = Number(process.env.INPUTS ?? 20);
const views = process.argv.slice(2);
if (!process.env.A_DIST || !process.env.B_DIST || views.length === 0) {
  console.error("usage: A_DIST=<dist> B_DIST=<dist> node tests/browser/ab-inputs.mjs '?<query>' …");
  process.exit(2);
}

/** The value below which a fraction `p` of `values` lie (nearest rank). */
function quantile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];
}

const ms = (v) => `p50 ${quantile(v, 0.5).toFixed(2)} p95 ${quantile(v, 0.95).toFixed(2)}`;

/** A page of the build served by `server` on `view`, with its protocol session. */
async function side(browser, server, view, init) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await openApp(page, server.url + view);
  return { context, page, cdp: await performanceSession(page) };
}

const servers = { A: await serveDist(process.env.A_DIST), B: await serveDist(process.env.B_DIST) };
const browser = await launchBrowser();
try {
  for (const view of views) {
    const pages = {
      A: await side(browser, servers.A, view),
      B: await side(browser, servers.B, view, process.env.B_INIT),
    };
    const keys = await sliderKeys(pages.A.page);
    const sliders = [keys.inputs[0], keys.parameters[0]].filter(Boolean);
    const all = { A: { task: [], script: [] }, B: { task: [], script: [] } };
    console.log(view);
    for (const key of sliders) {
      const one = { A: { task: [], script: [] }, B: { task: [], script: [] } };
      for (const p of Object.values(pages)) await inputWork(p.page, p.cdp, key, 2); // Warm-up.
      for (let i = 0; i < INPUTS; i++) {
        // Each build goes first every other round.
        for (const build of i % 2 ? ['A', 'B'] : ['B', 'A']) {
          const [round] = await inputWork(pages[build].page, pages[build].cdp, key, 1, { first: 2 + i }); // After the warm-up's two.
          for (const m of ['task', 'script']) {
            one[build][m].push(round[m]);
            all[build][m].push(round[m]);
          }
        }
      }
      for (const build of ['A', 'B']) {
        console.log(`  ${key.padEnd(8)} ${build}: task ${ms(one[build].task)}, script ${ms(one[build].script)}`);
      }
    }
    for (const build of ['A', 'B']) {
      console.log(`  ${'both'.padEnd(8)} ${build}: task ${ms(all[build].task)}, script ${ms(all[build].script)}`);
    }
    for (const p of Object.values(pages)) await p.context.close();
  }
} finally {
  await browser.close();
  for (const s of Object.values(servers)) s.close();
}
