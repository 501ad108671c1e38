// What a first visit downloads (docs/development.md, "Performance budgets": at most 200 kB gzip of wasm +
// JavaScript + CSS for the calculator). Every file the browser fetches for the page on a cold
// visit (a fresh context: empty HTTP cache, no service worker yet) is recorded with the Chrome
// DevTools Protocol's Network events, and each one's file in dist/ is compressed with Node's
// zlib at level 9 (the DEFLATE level of `gzip -9`). The wasm, JavaScript and CSS among them are
// the budgeted figure; the other files (HTML, icon, manifest) are listed too. What dist/ holds
// in all is reported beside it: the service worker precaches all of it in the background after
// the first visit (for offline use), and the other views load from it when first opened.
//
//   node tests/browser/first-visit.mjs     (after `make site`): prints both, touches nothing
//
// tests/browser/bench.mjs calls the same functions for docs/web-benchmarks.md.

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import { DIST, launchBrowser, openApp, serveDist } from './harness.mjs';

/** The first visit the budget is about: the calculator. */
export const FIRST_VISIT_QUERY = '?machine=intel-paragon&pattern=pingpong';
/** The files the budget counts. */
const BUDGETED = /\.(wasm|js|css)$/;
/** After the page is ready, how long the network must stay quiet for the visit to be over. */
const QUIET_MS = 1000;

/** Raw and gzip -9 sizes of a file of dist/ (relative path). */
async function sizes(file) {
  const raw = await fs.readFile(path.join(DIST, file));
  return { file, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length };
}

const total = (files, key) => files.reduce((s, f) => s + f[key], 0);

/**
 * Every file a cold visit to `url` fetches for the page, until the page is ready and the
 * network has been quiet for a second: `{ files, budgeted: { files, raw, gzip }, other }`,
 * each file `{ file, raw, gzip, status }` with its dist/ path. A fetch that is not a file of
 * dist/ (none is expected) is listed with raw and gzip 0 and its URL as `file`.
 */
export async function firstVisitBytes(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const fetched = new Map();
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      fetched.set(requestId, { url: response.url, status: response.status });
    });
    let last = Date.now();
    cdp.on('Network.loadingFinished', () => (last = Date.now()));
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await openApp(page, url);
    while (Date.now() - last < QUIET_MS) await new Promise((r) => setTimeout(r, 100));
    const base = new URL('.', url).href;
    // The service worker's script is fetched by the browser for the registration, outside the
    // page's network log: it counts when the page registered one. (The files the worker then
    // precaches in the background are dist/, reported apart.)
    const worker = await page.evaluate(async () => {
      const r = await navigator.serviceWorker?.getRegistration();
      return (r?.active ?? r?.waiting ?? r?.installing)?.scriptURL;
    });
    if (worker) fetched.set('service worker', { url: worker, status: 200 });
    const files = [];
    for (const { url: u, status } of fetched.values()) {
      const clean = u.split(/[?#]/)[0];
      if (!clean.startsWith(base)) {
        files.push({ file: u, raw: 0, gzip: 0, status });
        continue;
      }
      const rel = decodeURIComponent(clean.slice(base.length)) || 'index.html';
      files.push({ ...(await sizes(rel)), status });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    const budgeted = files.filter((f) => BUDGETED.test(f.file));
    return {
      files,
      budgeted: { files: budgeted, raw: total(budgeted, 'raw'), gzip: total(budgeted, 'gzip') },
      other: files.filter((f) => !BUDGETED.test(f.file)),
    };
  } finally {
    await context.close();
  }
}

/** Every .wasm, .js and .css file of dist/, as `{ files, raw, gzip }`. */
export async function distBytes() {
  const files = [];
  async function walk(dir) {
    for (const ent of await fs.readdir(dir, { withFileTypes: true })) {
      // Dot entries are not shipped: Trunk stages a build in dist/.stage while it runs.
      if (ent.name.startsWith('.')) continue;
      const p = path.join(dir, ent.name);
      if (ent.isDirectory()) await walk(p);
      else if (BUDGETED.test(ent.name)) files.push(await sizes(path.relative(DIST, p)));
    }
  }
  await walk(DIST);
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, raw: total(files, 'raw'), gzip: total(files, 'gzip') };
}

const kB = (b) => `${(b / 1000).toFixed(1)} kB`;

/** The markdown table of a file list. */
export function bytesTable(files) {
  return [
    '| file | raw | gzip -9 |',
    '| --- | ---: | ---: |',
    ...files.map((f) => `| \`${f.file}\` | ${kB(f.raw)} | ${kB(f.gzip)} |`),
  ];
}

async function main() {
  const server = await serveDist();
  const browser = await launchBrowser();
  try {
    const visit = await firstVisitBytes(browser, server.url + FIRST_VISIT_QUERY);
    const dist = await distBytes();
    console.log(`first visit to ${FIRST_VISIT_QUERY}: every file the page fetched`);
    console.log(bytesTable(visit.files).join('\n'));
    console.log(`\nbudgeted (wasm + JavaScript + CSS): ${kB(visit.budgeted.gzip)} gzip -9 (${kB(visit.budgeted.raw)} raw), budget 200.0 kB`);
    console.log(`dist/ in all (wasm + JavaScript + CSS, every module): ${kB(dist.gzip)} gzip -9 (${kB(dist.raw)} raw)`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
