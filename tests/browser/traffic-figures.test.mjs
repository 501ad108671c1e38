// 003's traffic figures as a student hands them in, and the Traffic view's numbers as they are
// labelled: Figs. 7 and 8 read 0.2 on their unitless axes (not "200 m"), have their keys on the
// screen, and export (from a dark page) as light charts with their title, query, key and axes'
// titles; the results table labels each quantity with the core's words, which say whether it
// is a mean over the replications or a total of them; the latency histogram's caption names no
// unit of its own; the cube's node numbers are legible in both themes and the drawing fits the
// screen; the links' histogram offers no export while it is not shown; Cancel before any result
// does not speak of results shown; the tour and the catalog agree on the iPSC's node count; and
// the worker's loader starts wasm-bindgen's init without its deprecated form.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';

import { appFailures, DIST, newAppPage, openApp, ROOT, useApp } from './harness.mjs';

const app = useApp();
const BASE = 'machine=intel-ipsc&pattern=traffic&count=400&reps=2';

/** Clicks an export button and returns the download's name and bytes. */
async function download(page, what) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-traffic-export="${what}"]`)]);
  return { name: file.suggestedFilename(), bytes: await fs.readFile(await file.path()) };
}

/** The core's label of each metric, as `commcalc machines`/`patterns` print the catalogue into
 * docs/catalog.md (crates/cli/tests/catalog_doc.rs keeps the file equal to the CLI's output). */
async function coreLabels() {
  const text = await fs.readFile(path.join(ROOT, 'docs', 'catalog.md'), 'utf8');
  const labels = {};
  for (const m of text.matchAll(/^\| `([a-z0-9_]+)` \| [^|]* \| ([^|]+) \| [^|]* \|$/gmu)) labels[m[1]] = m[2].trim();
  return labels;
}

/** The texts of an SVG's text elements, as the browser parses it. */
function svgTexts(page, bytes) {
  return page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return [...doc.querySelectorAll('text')].map((e) => e.textContent.trim());
  }, bytes.toString('utf8'));
}

/** A PNG decoded by the browser: its size, its top-left pixel and the dark pixels of its top
 * eighth (the title's and the key's ink). */
function pngInfo(page, bytes) {
  return page.evaluate(async (b64) => {
    const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const img = await createImageBitmap(new Blob([bin], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const band = ctx.getImageData(0, 0, img.width, Math.round(img.height / 8)).data;
    let ink = 0;
    for (let i = 0; i < band.length; i += 4) if (band[i] + band[i + 1] + band[i + 2] < 300) ink++;
    return { width: img.width, height: img.height, corner: [...ctx.getImageData(1, 1, 1, 1).data], ink };
  }, bytes.toString('base64'));
}

/** WCAG's contrast ratio of two CSS colours `rgb(r, g, b)`. */
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, b] = css.match(/[\d.]+/gu).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Waits for the run's results in the table. */
function results(page) {
  return page.waitForSelector('#traffic-results tr[data-metric="completion_us"]');
}

describe('traffic figures and labels', () => {
  it('Figs. 7 and 8: plain axes, keys on screen, and light exports with title, query, key and axes from a dark page', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { colorScheme: 'dark', acceptDownloads: true });
    try {
      await openApp(page, app.server.url, `?${BASE}&view=traffic`);
      await results(page);
      // Until they are run, a sentence stands where the figures' charts and table will be.
      assert.equal(await page.locator('#traffic-fig8, #traffic-fig7-radius, #traffic-fig7-decay, #traffic-figs-table').count(), 0);
      assert.match(await page.textContent('#traffic-figs-none'), /press Run Figs\. 7 and 8/u);
      await page.click('#traffic-figures-run');
      await page.waitForFunction(() => document.querySelectorAll('#traffic-figs-table tr').length >= 10, null, { timeout: 30_000 });
      assert.equal(await page.locator('#traffic-figs-none').count(), 0, 'the sentence gives way to the figures');
      const csv = (await download(page, 'figures-csv')).bytes.toString('utf8');
      const series = (fig) => [...new Set(csv.trim().split('\r\n').slice(2)
        .filter((r) => r.startsWith(`${fig},`))
        .map((r) => r.match(/^\d,("[^"]*"|[^,]*)/u)[1].replaceAll('"', '')))];
      // The keys on the screen: Fig. 8's three models; Fig. 7's decay with uniform dashed.
      const key = (id) => page.$$eval(`#${id}-key .coll-key`, (es) => es.map((e) => e.textContent.trim()));
      assert.deepEqual(await key('traffic-fig8'), series(8), 'Fig. 8 keys its three series');
      const decay = await key('traffic-fig7-decay');
      assert.equal(decay.length, 2, JSON.stringify(decay));
      assert.ok(decay[0].startsWith('decreasing') && /uniform.*dashed/u.test(decay[1]), JSON.stringify(decay));
      assert.ok(await page.isVisible('#traffic-fig8-key'));

      const labels = await coreLabels();
      const svg = await download(page, 'fig8-svg');
      const texts = await svgTexts(page, svg.bytes);
      assert.ok(texts.some((t) => /^0\.\d$/u.test(t)), `a probability reads 0.2: ${JSON.stringify(texts)}`);
      assert.ok(!texts.some((t) => /^\d+ m$/u.test(t)), `no milli- prefix on a probability: ${JSON.stringify(texts)}`);
      assert.ok(texts.some((t) => t.includes('Fig. 8')), 'the title');
      assert.ok(texts.some((t) => t.includes('count=400')), 'the query');
      for (const name of series(8)) assert.ok(texts.includes(name), `the key names ${name}: ${JSON.stringify(texts)}`);
      assert.ok(texts.includes(labels.completion_us), `the ordinate is the core's "${labels.completion_us}"`);
      assert.ok(texts.some((t) => /hit probability/u.test(t)), 'the abscissa is titled');
      const decaySvg = await svgTexts(page, (await download(page, 'fig7-decay-svg')).bytes);
      assert.ok(!decaySvg.some((t) => /^\d+ m$/u.test(t)), `Fig. 7's decay reads plainly: ${JSON.stringify(decaySvg)}`);

      const png = await pngInfo(page, (await download(page, 'fig8-png')).bytes);
      assert.deepEqual(png.corner, [255, 255, 255, 255], 'a light background from a dark page');
      assert.ok(png.width >= 1200 && png.height >= 600, `a slide-sized chart: ${png.width}×${png.height}`);
      assert.ok(png.ink > 1000, `a title and key above the chart: ${png.ink} dark pixels`);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('labels each result with the core\'s words, the histogram without a unit of its own', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&view=traffic');
      await results(page);
      const labels = await coreLabels();
      const rows = await page.$$eval('#traffic-results tr[data-metric]', (trs) => trs.map((tr) => [tr.dataset.metric, tr.querySelector('th').textContent]));
      assert.ok(rows.length > 10);
      for (const [key, th] of rows) {
        assert.ok(labels[key], `${key} is catalogued`);
        assert.ok(th.startsWith(labels[key]), `${key}: "${th}" starts with the core's label "${labels[key]}"`);
      }
      const head = await page.textContent('#traffic-results thead');
      assert.doesNotMatch(head, /mean/u, 'the header does not call totals means');
      const caption = await page.textContent('figure:has(canvas#traffic-latency) figcaption');
      assert.doesNotMatch(caption, /µs|ms\b/u, 'the axis carries the unit');
      // The 16-node cube's 32 links only: its links' histogram is not shown, nor are its exports.
      assert.equal(await page.isVisible('[data-traffic-export="utilisation-png"]'), false);
      assert.equal(await page.isVisible('[data-traffic-export="utilisation-svg"]'), false);
      assert.equal(await page.isVisible('[data-traffic-export="latency-png"]'), true);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  for (const colorScheme of ['light', 'dark']) {
    it(`draws the cube legibly and within the screen (${colorScheme})`, async () => {
      const { context, page, problems } = await newAppPage(app.browser, { colorScheme, viewport: { width: 1280, height: 900 } });
      try {
        await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&view=traffic');
        await page.waitForSelector('#traffic-cube .cube-label');
        const drawn = await page.evaluate(() => {
          const fill = (sel) => getComputedStyle(document.querySelector(sel)).fill;
          const box = document.querySelector('#traffic-cube').getBoundingClientRect();
          return { node: fill('#traffic-cube .cube-node'), label: fill('#traffic-cube .cube-label'), height: box.height, width: box.width };
        });
        assert.ok(contrast(drawn.node, drawn.label) >= 4.5, `node numbers ${drawn.label} on ${drawn.node}`);
        assert.ok(drawn.height <= 480, `the drawing is ${Math.round(drawn.height)} px tall`);
        assert.deepEqual(appFailures(problems), []);
      } finally {
        await context.close();
      }
    });
  }

  it('Cancel before any run has finished does not speak of results shown', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&dim=10&count=1000000&reps=20&view=traffic');
      await page.click('#traffic-run');
      await page.waitForSelector('#traffic-progress:not([hidden])');
      await page.click('#traffic-cancel');
      await page.waitForFunction(() => /Cancelled/u.test(document.querySelector('#traffic-status').textContent));
      assert.match(await page.textContent('#traffic-of'), /No run yet/u);
      assert.doesNotMatch(await page.textContent('#traffic-status'), /results shown/u);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the tours name the iPSC with the catalog\'s node count', async () => {
    // The stories the page shows: the built site's copy, fetched beside the page.
    const tours = Object.values(JSON.parse(await fs.readFile(path.join(DIST, 'tours.json'), 'utf8'))).join('\n');
    const catalog = await fs.readFile(path.join(ROOT, 'docs', 'catalog.md'), 'utf8');
    // `commcalc machines`' entry: the id and name, then the description.
    const entry = catalog.split('\n\n').find((b) => b.startsWith('intel-ipsc '));
    const nodes = entry?.match(/(\d+)-node hypercube/u)?.[1];
    assert.ok(nodes, `the catalog describes the iPSC's nodes: ${entry?.slice(0, 200)}`);
    const said = [...tours.matchAll(/(\d+)-node (?:Intel )?iPSC/gu)].map((m) => m[1]);
    assert.ok(said.length > 0, 'a tour names the iPSC\'s size');
    for (const n of said) assert.equal(n, nodes, `a tour's ${n}-node iPSC against the catalog's ${nodes}`);
  });

  it('starts the worker with wasm-bindgen\'s current init: no deprecation warning', async () => {
    const loader = await fs.readFile(path.join(DIST, 'traffic-worker_loader.js'), 'utf8');
    assert.match(loader, /wasm_bindgen\(\{ module_or_path: /u, 'the loader passes { module_or_path }');
    const { context, page, problems } = await newAppPage(app.browser);
    const said = [];
    page.on('console', (m) => said.push(m.text()));
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=traffic&dim=9&count=150000&reps=1&view=traffic');
      await page.click('#traffic-run');
      await page.waitForFunction(() => /in the background in/u.test(document.querySelector('#traffic-status').textContent), null, { timeout: 60_000 });
      assert.equal(page.workers().length, 1, 'the run went to the worker');
      assert.deepEqual(said.filter((t) => /deprecated/u.test(t)), []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
