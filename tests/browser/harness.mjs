// Shared set-up for the browser tests, the benchmark and the screenshots: a static server for
// dist/, Debian's Chromium through playwright-core, the catalog from the CLI, and the page
// helpers that read what a person sees (selects, charts, metrics, errors) through the DOM
// contract of the web app. This file is not a test: its name matches none of node --test's
// test-file patterns.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { after, before } from 'node:test';

import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built site; COMMCALC_DIST points the tests at another build. */
export const DIST = path.resolve(process.env.COMMCALC_DIST ?? path.join(ROOT, 'dist'));
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** How long the app may take to become ready after a navigation. */
export const READY_TIMEOUT_MS = 20_000;
/** How long a repaint may take after an edit before a test calls it missing. */
export const PAINT_TIMEOUT_MS = 5_000;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Serves `root` (dist/ by default) on 127.0.0.1 at a free port. Resolves to `{ url, sent, close }`;
 * `url` ends with a slash, so `url + '?machine=…'` is the app with that query; `sent` lists every
 * answered request (`{ path, status }`, 304 when the browser's copy was still current). With `prefix`
 * (e.g. '/course/commcalc/') the site is served under that sub-path only, as on a static host
 * that serves it from a folder; every other path is a 404.
 */
export async function serveDist(root = DIST, { prefix = '/' } = {}) {
  if (!prefix.startsWith('/') || !prefix.endsWith('/')) {
    throw new Error(`serveDist: prefix must start and end with a slash, got ${JSON.stringify(prefix)}`);
  }
  const base = path.resolve(root);
  /** Each answered request: the file's path under the prefix and the status sent. */
  const sent = [];
  try {
    await fs.access(path.join(base, 'index.html'));
  } catch {
    throw new Error(`${base}/index.html is missing: build the site first (make site)`);
  }
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (!url.pathname.startsWith(prefix)) throw new Error('outside the prefix');
      let rel = '/' + decodeURIComponent(url.pathname.slice(prefix.length));
      if (rel.endsWith('/')) rel += 'index.html';
      const file = path.resolve(base, '.' + rel);
      if (file !== base && !file.startsWith(base + path.sep)) {
        res.writeHead(403).end();
        return;
      }
      const data = await fs.readFile(file);
      // Validators as a static host gives them: a request that names the current ETag gets a
      // bodiless 304, so the browser's HTTP cache can revalidate instead of downloading again.
      const etag = `"${createHash('sha1').update(data).digest('hex')}"`;
      const status = req.headers['if-none-match'] === etag ? 304 : 200;
      sent.push({ path: rel, status });
      res.writeHead(status, {
        'content-type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        ...(status === 200 ? { 'content-length': data.length } : {}),
        'cache-control': 'no-cache',
        etag,
      });
      res.end(req.method === 'HEAD' || status === 304 ? undefined : data);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    sent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** Debian's Chromium, headless, with the flags that keep it off the network. */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

// ---------------------------------------------------------------------------------------------
// The catalog, from the CLI: the same core the app runs, so it is the independent truth for
// which pairs exist, what their canonical query is and which metrics they report.

let cliBin;

function commcalcBin() {
  if (!cliBin) {
    execFileSync('cargo', ['build', '-q', '-p', 'commcalc'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const target = process.env.CARGO_TARGET_DIR
      ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR)
      : path.join(ROOT, 'target');
    cliBin = path.join(target, 'debug', 'commcalc');
  }
  return cliBin;
}

/**
 * Runs the commcalc CLI and returns its stdout. `options` go to execFileSync (e.g. `{ stdio:
 * 'pipe' }` to keep an expected error off the test's output: it is then on the thrown error's
 * `stderr`).
 */
export function cli(args, options = {}) {
  return execFileSync(commcalcBin(), args, { cwd: ROOT, encoding: 'utf8', ...options });
}

/** Every machine × valid pattern pair, as `{ machine, pattern }`, in catalog order. */
export function catalogPairs() {
  const patterns = JSON.parse(cli(['patterns', '--json']));
  return patterns.flatMap((p) => p.machines.map((machine) => ({ machine, pattern: p.id })));
}

/** The CLI's report of a query: `{ query (canonical), metrics, curve, warnings }`. */
export function evalQuery(query) {
  return JSON.parse(cli(['eval', '--json', query]));
}

// ---------------------------------------------------------------------------------------------
// Pages.

/** A new context and page; console errors and uncaught exceptions are collected in `problems`. */
export async function newAppPage(browser, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { context, page, problems };
}

/** Collects console messages of type error and uncaught page errors, with where they came from. */
export function watchProblems(page) {
  const problems = { console: [], page: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const loc = msg.location();
      problems.console.push(`${msg.text()} (${loc.url}:${loc.lineNumber})`);
    }
  });
  page.on('pageerror', (err) => problems.page.push(String(err.stack ?? err)));
  return problems;
}

/**
 * The app's own failures among `problems`: uncaught errors (a Rust panic is one) and console
 * errors, leaving out failed resource loads. Those are the load test's to report, once, rather
 * than every test's.
 */
export function appFailures(problems) {
  return [...problems.page, ...problems.console.filter((m) => !m.startsWith('Failed to load resource'))];
}

/** Navigates to the app with `query` ('' or '?a=b…') and waits for the first full render. */
export async function openApp(page, baseUrl, query = '') {
  await page.goto(baseUrl + query, { waitUntil: 'load' });
  await waitReady(page);
}

export async function waitReady(page, timeout = READY_TIMEOUT_MS) {
  try {
    await page.waitForFunction(() => document.body?.dataset.ready === '1', null, { timeout });
  } catch (err) {
    const ready = await page.evaluate(() => document.body?.dataset.ready ?? null).catch(() => '?');
    throw new Error(
      `the page at ${page.url()} never became ready: expected document.body.dataset.ready === "1" ` +
        `within ${timeout} ms, got ${JSON.stringify(ready)} (${err.message.split('\n')[0]})`,
    );
  }
  await settle(page);
}

/** `window.commcalcPaints`, or null when the app does not define it. */
export function paints(page) {
  return page.evaluate(() => (typeof window.commcalcPaints === 'number' ? window.commcalcPaints : null));
}

/** Waits until no repaint has happened for `quietMs`. */
export async function settle(page, quietMs = 100, timeout = PAINT_TIMEOUT_MS) {
  const end = Date.now() + timeout;
  let last = await paints(page);
  while (Date.now() < end) {
    await page.waitForTimeout(quietMs);
    const now = await paints(page);
    if (now === last) return;
    last = now;
  }
  throw new Error(`the charts kept repainting for ${timeout} ms (window.commcalcPaints = ${last})`);
}

/**
 * Runs `action` (what a person does) and waits for the charts to repaint after it, then for the
 * page to settle. `what` names the action in the failure message.
 */
export async function afterRepaint(page, what, action) {
  const before = await paints(page);
  if (before === null) {
    throw new Error('window.commcalcPaints is not a number (contract: it counts repaints of both charts)');
  }
  await action();
  try {
    await page.waitForFunction((n) => window.commcalcPaints > n, before, { timeout: PAINT_TIMEOUT_MS });
  } catch {
    throw new Error(
      `${what}: window.commcalcPaints stayed at ${before} for ${PAINT_TIMEOUT_MS} ms, ` +
        'so the charts were not repainted',
    );
  }
  await settle(page);
}

/**
 * What a canvas shows: its size, how many pixels differ from the background (the top-left
 * pixel) and a hash of all pixels, to tell whether two paints differ.
 */
export function canvasInfo(page, selector) {
  return page.evaluate((sel) => {
    const c = document.querySelector(sel);
    if (!c) return { missing: true };
    const { width, height } = c;
    const ctx = width && height ? c.getContext('2d') : null;
    if (!ctx) return { width, height, nonBackground: 0, fraction: 0, hash: 'none' };
    const px = new Uint32Array(ctx.getImageData(0, 0, width, height).data.buffer);
    const bg = px[0];
    let nonBackground = 0;
    let hash = 0x811c9dc5;
    for (let i = 0; i < px.length; i++) {
      const v = px[i];
      if (v !== bg) nonBackground++;
      hash = Math.imul(hash ^ v, 16777619);
    }
    return {
      width,
      height,
      cssWidth: c.clientWidth,
      cssHeight: c.clientHeight,
      nonBackground,
      fraction: nonBackground / px.length,
      hash: (hash >>> 0).toString(16),
    };
  }, selector);
}

/**
 * A held slider and its release, as the views with maps see them: the range slider of control
 * `key` moved to `frac` of its range with an `input` event (a step of a drag), or, with
 * `frac` null, left where it is and released with a `change` event. Returns once `paints`
 * more maps are painted (`window.commcalcMapPaints`).
 */
export async function slideMaps(page, key, frac, paints) {
  const before = await page.evaluate(() => window.commcalcMapPaints ?? 0);
  await page.evaluate(
    ([key, frac]) => {
      const el = document.querySelector(`[data-control="${key}"] input[type=range]`);
      if (frac !== null) {
        const [min, max] = [Number(el.min || 0), Number(el.max || 100)];
        el.value = String(Math.round(min + (max - min) * frac));
      }
      el.dispatchEvent(new Event(frac === null ? 'change' : 'input', { bubbles: true }));
    },
    [key, frac],
  );
  await page.waitForFunction((n) => (window.commcalcMapPaints ?? 0) >= n, before + paints, { timeout: PAINT_TIMEOUT_MS });
}

/**
 * How many pixels of a map's canvas differ from the pixel of their k × k block's corner cell,
 * counting rows from the bottom (row 0, the map's first, is the canvas's last line) and
 * columns from the left: 0 for a coarse map sampled every k-th row and column.
 */
export function offBlockPixels(page, selector, k) {
  return page.evaluate(
    ([sel, k]) => {
      const c = document.querySelector(sel);
      const px = new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);
      const at = (row, col) => px[(c.height - 1 - row) * c.width + col];
      let off = 0;
      for (let row = 0; row < c.height; row++) {
        for (let col = 0; col < c.width; col++) {
          if (at(row, col) !== at(row - (row % k), col - (col % k))) off++;
        }
      }
      return off;
    },
    [selector, k],
  );
}

export const CHARTS = ['canvas#latency-chart', 'canvas#bandwidth-chart'];

/** Both charts, as `{ latency, bandwidth }` canvasInfo records. */
export async function charts(page) {
  const [latency, bandwidth] = await Promise.all(CHARTS.map((sel) => canvasInfo(page, sel)));
  return { latency, bandwidth };
}

/** A chart is drawn when it has a size and at least this share of non-background pixels. */
export const MIN_DRAWN_FRACTION = 0.005;

/** Rows of table#metrics: `{ key, text, value }` with `value` the raw data-value string. */
export function metrics(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('table#metrics tr[data-metric]')].map((tr) => {
      const td = tr.querySelector('td.value');
      return {
        key: tr.dataset.metric,
        text: td ? td.textContent.replace(/\s+/g, ' ').trim() : null,
        value: td ? (td.dataset.value ?? null) : null,
      };
    }),
  );
}

/** The metrics as a map key → { text, value }. */
export async function metricMap(page) {
  return Object.fromEntries((await metrics(page)).map((m) => [m.key, m]));
}

/** `ul#errors > li` as `{ key, text, visible }`. */
export function shownErrors(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('ul#errors > li')].map((li) => ({
      key: li.dataset.key ?? null,
      text: li.textContent.replace(/\s+/g, ' ').trim(),
      visible: !!(li.offsetWidth || li.offsetHeight || li.getClientRects().length),
    })),
  );
}

/**
 * Everything a person could set: the three pickers, the scale, and every control's inputs
 * (range, number, select, mesh parts) by data-control key, plus location.search.
 */
export function pageState(page) {
  return page.evaluate(() => {
    const val = (sel) => document.querySelector(sel)?.value ?? null;
    const controls = {};
    for (const box of document.querySelectorAll('[data-control]')) {
      const inputs = [...box.querySelectorAll('input, select')].map((el) => {
        const role = el.dataset.part ?? el.type ?? el.tagName.toLowerCase();
        return `${role}=${el.value}`;
      });
      controls[box.dataset.control] = inputs.join(' ');
    }
    return {
      search: location.search,
      machine: val('#machine'),
      pattern: val('#pattern'),
      model: val('#model'),
      scale: val('#scale'),
      controls,
    };
  });
}

/** Relative difference of two numbers. */
export function relDiff(a, b) {
  if (a === b) return 0;
  return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
}

/**
 * Runs axe-core on the page (WCAG 2.x A and AA rules); returns the serious and critical
 * violations, described.
 */
export async function axeViolations(page) {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Starts the static server and Chromium before a test file's tests and stops them after:
 * `const app = useApp();` then `app.server.url` and `app.browser` inside the tests.
 */
export function useApp() {
  const app = {};
  before(async () => {
    app.server = await serveDist();
    app.browser = await launchBrowser();
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
