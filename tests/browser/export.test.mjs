// Export: each chart as PNG and SVG, the curve data as CSV and the report as JSON, each file
// checked for what it must hold; and the print stylesheet keeps the charts and metrics on one
// page.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { describe, it } from 'node:test';

import { appFailures, cli, newAppPage, openApp, relDiff, useApp } from './harness.mjs';

const PARAGON = 'machine=intel-paragon&pattern=pingpong';
const app = useApp();

/** Clicks an export button and returns the download's file name and bytes. */
async function download(page, what) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-export="${what}"]`)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await fs.readFile(path) };
}

/** Parses CSV rows of plain fields (the app quotes none here). */
function rows(text) {
  return text.trim().split('\r\n').map((l) => l.split(','));
}

describe('export', () => {
  it('saves each chart as PNG and SVG', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { acceptDownloads: true });
    try {
      await openApp(page, app.server.url, `?${PARAGON}`);
      for (const chart of ['latency', 'bandwidth']) {
        const png = await download(page, `${chart}-png`);
        assert.equal(png.name, `commcalc-intel-paragon-pingpong-${chart}.png`);
        assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
        const width = png.bytes.readUInt32BE(16);
        const canvasWidth = await page.$eval(`#${chart}-chart`, (c) => c.width);
        assert.equal(width, canvasWidth, 'the PNG is the canvas at its full pixel size');

        const svg = await download(page, `${chart}-svg`);
        assert.equal(svg.name, `commcalc-intel-paragon-pingpong-${chart}.svg`);
        const text = svg.bytes.toString('utf8');
        // A real SVG document: the browser parses it, with the curve and the tick labels.
        const parsed = await page.evaluate((t) => {
          const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
          return {
            error: doc.querySelector('parsererror')?.textContent ?? null,
            root: doc.documentElement.nodeName,
            lines: doc.querySelectorAll('polyline, path, line').length,
            texts: [...doc.querySelectorAll('text')].map((e) => e.textContent.trim()),
          };
        }, text);
        assert.equal(parsed.error, null);
        assert.equal(parsed.root, 'svg');
        assert.ok(parsed.lines > 5, `${parsed.lines} lines`);
        assert.ok(parsed.texts.includes('1 kB') || parsed.texts.some((t) => /kB|MB/.test(t)), parsed.texts.join('|'));
        if (chart === 'latency') assert.ok(parsed.texts.includes('n½ = 12.7 kB'), `the n½ mark is in the SVG: ${parsed.texts.join('|')}`);
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('saves the curve as CSV and the report as JSON, equal to the CLI', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { acceptDownloads: true });
    try {
      await openApp(page, app.server.url, `?${PARAGON}`);
      const expected = JSON.parse(cli(['eval', '--json', PARAGON]));

      const csv = await download(page, 'csv');
      assert.equal(csv.name, 'commcalc-intel-paragon-pingpong.csv');
      const [head, ...body] = rows(csv.bytes.toString('utf8'));
      assert.deepEqual(head, ['scenario', 'query', 'size_bytes', 'time_us', 'bandwidth_MBps']);
      assert.equal(body.length, expected.curve.length);
      body.forEach((r, i) => {
        const p = expected.curve[i];
        assert.equal(r[1], expected.query);
        assert.ok(relDiff(Number(r[2]), p.size_bytes) < 1e-12 && relDiff(Number(r[3]), p.time_us) < 1e-12, `row ${i}`);
        assert.ok(relDiff(Number(r[4]), p.bandwidth_MBps) < 1e-12, `row ${i}`);
      });

      const json = await download(page, 'json');
      assert.equal(json.name, 'commcalc-intel-paragon-pingpong.json');
      const report = JSON.parse(json.bytes.toString('utf8'));
      assert.deepEqual(Object.keys(report).sort(), ['curve', 'metrics', 'query', 'warnings']);
      assert.equal(report.query, expected.query);
      assert.deepEqual(report.warnings, expected.warnings);
      for (const [k, v] of Object.entries(expected.metrics)) {
        assert.ok(typeof v !== 'number' || relDiff(report.metrics[k], v) < 1e-12, k);
      }
      assert.equal(report.curve.length, expected.curve.length);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('saves a comparison as the CLI prints it', async () => {
    const { context, page } = await newAppPage(app.browser, { acceptDownloads: true });
    try {
      const a = 'machine=intel-ipsc&pattern=pingpong';
      const b = 'machine=ametek-s14&pattern=pingpong';
      await openApp(page, app.server.url, `?view=compare&c=${a.replace('&', ';')}&c=${b.replace('&', ';')}`);
      const expected = JSON.parse(cli(['compare', '--json', a, b]));
      const json = JSON.parse((await download(page, 'json')).bytes.toString('utf8'));
      assert.deepEqual(Object.keys(json).sort(), Object.keys(expected).sort());
      assert.equal(json.crossovers.length, 1);
      assert.ok(relDiff(json.crossovers[0].size_bytes, expected.crossovers[0].size_bytes) < 1e-12);
      const csv = rows((await download(page, 'csv')).bytes.toString('utf8'));
      assert.deepEqual([...new Set(csv.slice(1).map((r) => r[0]))], ['A', 'B']);
    } finally {
      await context.close();
    }
  });

  it('prints the charts and the metrics on one page', async () => {
    const { context, page } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `?${PARAGON}`);
      await page.emulateMedia({ media: 'print' });
      const shown = await page.evaluate(() => {
        const visible = (sel) => [...document.querySelectorAll(sel)].some((e) => e.getClientRects().length > 0);
        return {
          charts: visible('#latency-chart') && visible('#bandwidth-chart'),
          metrics: visible('table#metrics'),
          controls: visible('.side'),
          tabs: visible('.bar'),
        };
      });
      assert.deepEqual(shown, { charts: true, metrics: true, controls: false, tabs: false });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      assert.equal(pages, 1, `the print takes ${pages} pages`);
    } finally {
      await context.close();
    }
  });

  it('exports a slide-sized PNG and an SVG with a title, the scenario and the axes', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { acceptDownloads: true });
    try {
      await openApp(page, app.server.url, `?${PARAGON}`);
      const slide = await download(page, 'latency-slide');
      assert.equal(slide.name, 'commcalc-intel-paragon-pingpong-latency-slide.png');
      assert.deepEqual([slide.bytes.readUInt32BE(16), slide.bytes.readUInt32BE(20)], [1600, 900], 'a 1600×900 PNG');
      const svg = await download(page, 'latency-svg');
      const texts = await page.evaluate((t) => {
        const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
        return [...doc.querySelectorAll('text')].map((e) => e.textContent.trim());
      }, svg.bytes.toString('utf8'));
      assert.ok(texts.some((t) => t.startsWith('Latency T against')), `a title: ${texts.join('|')}`);
      assert.ok(texts.some((t) => t.startsWith('Ping-pong on Intel Paragon')), `the scenario: ${texts.join('|')}`);
      assert.ok(texts.some((t) => t.endsWith('(bytes)')), `the abscissa's title: ${texts.join('|')}`);
      assert.ok(texts.includes('n½ = 12.7 kB'), `the marks are still drawn: ${texts.join('|')}`);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
