// Offline (docs/web-app.md, "Offline"): served from a sub-path, the app registers its service worker on
// the first visit and then loads and computes with the server stopped; a new build shows an
// "update available" banner instead of the old build forever; a course page opened online once
// shows its embeds offline, and an embed shows no banner; the web manifest is served and uses
// relative URLs.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { chromium } from 'playwright-core';

import {
  CHROMIUM,
  CHROMIUM_ARGS,
  DIST,
  MIN_DRAWN_FRACTION,
  ROOT,
  appFailures,
  canvasInfo,
  charts,
  evalQuery,
  launchBrowser,
  metricMap,
  newAppPage,
  openApp,
  relDiff,
  serveDist,
} from './harness.mjs';

/** A static host that serves the site from a folder, not from its root. */
const PREFIX = '/course/commcalc/';
const SCENARIO = 'machine=ibm-sp2&pattern=pairs&p=16&algo=two-frames&size=64k';

let browser;
const cleanup = [];

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  for (const f of cleanup.reverse()) await f();
  await browser?.close();
});

/** A private copy of dist/ served under PREFIX: a test may stop it or change its files. */
async function serveCopy() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'commcalc-dist-'));
  await fs.cp(DIST, dir, { recursive: true });
  const server = await serveDist(dir, { prefix: PREFIX });
  cleanup.push(async () => {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  return { dir, ...server };
}

/** Waits until a service worker controls the page, and returns its scope. */
async function waitControlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

/** The build id and file list that scripts/post-build.mjs wrote into sw.js (minified: the two
 * constants are declared together, `const BUILD="…",FILES=[…]`). */
function workerConstants(source) {
  const build = source.match(/\bBUILD\s*=\s*"([0-9a-f]+)"/);
  const files = source.match(/\bFILES\s*=\s*(\[[^\]]*\])/);
  assert.ok(build && files, 'sw.js has its build id and file list filled in (make site)');
  return { build: build[1], files: JSON.parse(files[1]) };
}

/** Every file under dir, relative, with / separators. */
async function listFiles(dir, prefix = '') {
  const out = [];
  for (const e of await fs.readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    out.push(...(e.isDirectory() ? await listFiles(dir, rel) : [rel]));
  }
  return out.sort();
}

async function assertComputes(page, query) {
  const state = await page.evaluate(() => document.body.dataset.ready);
  assert.equal(state, '1', 'body.dataset.ready is "1"');
  const c = await charts(page);
  for (const [name, info] of Object.entries(c)) {
    assert.ok(!info.missing && info.fraction >= MIN_DRAWN_FRACTION, `the ${name} chart is drawn`);
  }
  const m = await metricMap(page);
  const expected = evalQuery(query).metrics;
  assert.ok(m.time_us, 'the metrics table has time_us');
  assert.ok(relDiff(Number(m.time_us.value), expected.time_us) <= 1e-9, `time_us ${m.time_us.value} vs the CLI's ${expected.time_us}`);
}

describe('offline', () => {
  it('sw.js precaches every built file but itself and the modules of one view, under a build id', async () => {
    const { build, files } = workerConstants(await fs.readFile(path.join(DIST, 'sw.js'), 'utf8'));
    const all = await listFiles(DIST);
    const oneView = /^commcalc-(compare|validate|regimes|collectives|traffic|import)(\.js|_bg\.wasm)$/;
    assert.equal(all.filter((f) => oneView.test(f)).length, 12, 'six modules of one view, a script and a wasm each');
    assert.deepEqual(files, all.filter((f) => f !== 'sw.js' && !oneView.test(f)), 'the precache list is dist/ without sw.js and them');
    assert.ok(files.includes('index.html') && files.includes('commcalc.js'), 'index.html and commcalc.js are precached');
    assert.ok(files.some((f) => /^commcalc-web-[0-9a-f]+_bg\.wasm$/.test(f)), 'the hashed wasm keeps its name');
    assert.ok(files.includes('commcalc-full_bg.wasm') && files.includes('commcalc-full.js'), 'the full module is precached');
    assert.ok(files.every((f) => !f.startsWith('/') && !f.includes('://')), 'relative URLs only');
    assert.match(build, /^[0-9a-f]{16}$/);
  });

  it('after one visit from a sub-path, the app loads and computes with the server stopped', async () => {
    const server = await serveCopy();
    const { context, page, problems } = await newAppPage(browser);
    try {
      await openApp(page, server.url, '?machine=intel-paragon&pattern=pingpong');
      assert.equal(await waitControlled(page), server.url, "the worker's scope is the sub-path");
      await server.close();

      // A scenario never visited, with the server gone: everything comes from the cache.
      await openApp(page, server.url, '?' + SCENARIO);
      await assertComputes(page, SCENARIO);
      // A tour never opened online: its story (tours.json, fetched when a tour is shown) too.
      await openApp(page, server.url, '?machine=atm-sparc20&pattern=pipelined-send&size=2000');
      await page.waitForSelector('#preset-story p.story:not(.loading)', { timeout: 10_000 });
      assert.equal(await page.locator('#preset-story p.story.error').count(), 0, 'the story comes from the cache');
      assert.ok((await page.textContent('#preset-story p.story')).length > 200, 'the whole story');
      // Another view, never opened online: the full module comes from the cache as well.
      await page.click('#tab-compare');
      await page.waitForSelector('#add-compared', { timeout: 20_000 });
      // A link to a view with a module of its own, which is not precached: the full module
      // shows the view.
      await page.goto(`${server.url}?machine=intel-delta&pattern=allreduce&view=collectives`, { waitUntil: 'load' });
      await page.waitForSelector('#coll-map-area', { timeout: 20_000 });
      assert.equal(await page.inputValue('#machine'), 'intel-delta');
      // The JavaScript API's example page works offline too.
      await page.goto(server.url + 'api-example.html', { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#r-inf')?.textContent, null, { timeout: 20_000 });
      const unreached = /commcalc-collectives|Failed to load resource/;
      assert.deepEqual(appFailures(problems).filter((m) => !unreached.test(m)), [], "no console or page error but the view's own module unreached");
    } finally {
      await context.close();
    }
  });

  it('a first visit downloads each file once: the precache revalidates what the page has', async () => {
    const server = await serveCopy();
    const { context, page, problems } = await newAppPage(browser);
    try {
      await openApp(page, server.url, '?machine=intel-paragon&pattern=pingpong');
      await waitControlled(page);
      const wasm = server.sent.filter((s) => /^\/commcalc-web-[0-9a-f]+_bg\.wasm$/.test(s.path));
      assert.deepEqual(
        wasm.map((s) => s.status),
        [200, 304],
        "the calculator's module is sent once; the service worker's request is answered 304",
      );
      const full = server.sent.filter((s) => s.path === '/commcalc-full_bg.wasm').map((s) => s.status);
      assert.deepEqual(full, [200], 'a file the page did not fetch is downloaded by the precache');
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('the network switched off in the browser works as well', async () => {
    const server = await serveCopy();
    const { context, page, problems } = await newAppPage(browser);
    try {
      await openApp(page, server.url, '');
      await waitControlled(page);
      await context.setOffline(true);
      await page.reload({ waitUntil: 'load' });
      await openApp(page, server.url, '?' + SCENARIO);
      await assertComputes(page, SCENARIO);
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('a new build shows an "update available" banner, and Reload switches to it', async () => {
    const server = await serveCopy();
    const { context, page, problems } = await newAppPage(browser);
    try {
      await openApp(page, server.url, '?machine=intel-paragon&pattern=pingpong');
      await waitControlled(page);
      assert.equal(await page.locator('#update-banner').count(), 0, 'no banner on the first visit');

      // "Deploy" a new build: the same files under another build id.
      const file = path.join(server.dir, 'sw.js');
      const source = await fs.readFile(file, 'utf8');
      const { build } = workerConstants(source);
      const next = 'feedfacefeedface';
      await fs.writeFile(file, source.replace(`"${build}"`, `"${next}"`));

      // Until the person chooses, the old build keeps running and says a new one is there.
      await openApp(page, server.url, '?machine=intel-paragon&pattern=pingpong');
      const banner = page.getByRole('status').filter({ hasText: 'A new version of commcalc is available' });
      await banner.waitFor({ timeout: 20_000 });
      const cachesBefore = await page.evaluate(() => caches.keys());
      assert.ok(cachesBefore.some((k) => k.endsWith(build)), 'the old build is still cached');

      await Promise.all([
        page.waitForEvent('load', { timeout: 20_000 }),
        banner.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await page.waitForFunction(() => document.body?.dataset.ready === '1', null, { timeout: 20_000 });
      const cachesAfter = await page.evaluate(() => caches.keys());
      assert.deepEqual(
        cachesAfter.filter((k) => k.startsWith('commcalc ')),
        [`commcalc ${server.url} ${next}`],
        'only the new build is cached',
      );
      assert.equal(await page.locator('#update-banner').count(), 0, 'no banner after the reload');
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('the README tells a teacher the steps the next test takes', async () => {
    // What a teacher must do for embeds to work offline, in the README (the newcomer's page):
    // the steps the course-page test below takes, and what commcalc does not do for them.
    const readme = await fs.readFile(path.join(ROOT, 'README.md'), 'utf8');
    for (const step of [
      /embed views in a course page that also works offline/u,
      /HTTPS \(or from `localhost`\)/u,
      /open the course page once with the network on/u,
      /at least one embed load/u,
      /course page itself must be available offline by its own means/u,
    ]) assert.match(readme.replace(/\s+/gu, ' '), step);
  });

  it('a course page opened online once shows its embeds offline', async () => {
    // The course page is on another site (localhost, the app on 127.0.0.1), as on a real course
    // site, and is the top-level document. It comes from the test, not the network (as a
    // course page kept by the browser or saved would): offline, only the embeds are the app's.
    // A page fulfilled by the test has no address, so Chromium's local network access checks
    // would take it for a public page and refuse its iframes on the loopback address; a real
    // course page and commcalc are both on public hosts. This test's browser goes without them.
    const server = await serveCopy();
    const lna = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'],
    });
    const { context, page, problems } = await newAppPage(lna);
    const course = `http://localhost:${new URL(server.url).port}/week3.html`;
    const embeds = [
      `${server.url}?${SCENARIO}&embed=1&show=size`,
      `${server.url}?machine=intel-ipsc&pattern=traffic&view=traffic&embed=1`,
    ];
    await context.route(course, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>Week 3</title><h1>Week 3: latency and traffic</h1>${embeds
          .map((src) => `<iframe data-commcalc src="${src}" style="width:900px;height:700px;border:0"></iframe>`)
          .join('')}`,
      }),
    );
    // The embeds' frames, in the page's order (each writes its canonical address once open).
    const frames = async () => Promise.all((await page.$$('iframe[data-commcalc]')).map((e) => e.contentFrame()));
    const ready = async () => {
      const all = await frames();
      assert.equal(all.length, embeds.length);
      for (const frame of all) {
        assert.ok(frame, 'the iframe loaded the app');
        await frame.waitForFunction(() => document.body?.dataset.ready === '1', null, { timeout: 20_000 });
      }
    };
    try {
      await page.goto(course, { waitUntil: 'load' });
      await ready();
      // The embeds' worker takes control once it has precached the build.
      for (const frame of await frames()) await waitControlled(frame);

      await context.setOffline(true);
      await page.reload({ waitUntil: 'load' });
      await ready();
      const [calculator, traffic] = await frames();
      const drawn = await canvasInfo(calculator, 'canvas#latency-chart');
      assert.ok(drawn.fraction > MIN_DRAWN_FRACTION, "the calculator's chart is drawn offline");
      await traffic.waitForSelector('#traffic-results tr[data-metric="completion_us"]');
      assert.equal(await traffic.locator('#traffic-cube line[data-link]').count(), 32, 'the traffic run offline');
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
      await lna.close();
    }
  });

  it("an embed offers no update banner: the course page is not the app's to cover", async () => {
    const server = await serveCopy();
    const { context, page, problems } = await newAppPage(browser);
    try {
      await openApp(page, server.url, '?machine=intel-paragon&pattern=pingpong&embed=1');
      await waitControlled(page);
      // A new build on the server: the browser finds it on the next navigation.
      const file = path.join(server.dir, 'sw.js');
      await fs.writeFile(file, (await fs.readFile(file, 'utf8')) + '\n// another build\n');
      await openApp(page, server.url, '?machine=intel-paragon&pattern=pingpong&embed=1&size=1000');
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null, null, { timeout: 20_000 });
      await page.waitForTimeout(500);
      assert.equal(await page.locator('#update-banner').count(), 0);
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('the web manifest is served, linked, and relative to where the site is', async () => {
    const server = await serveCopy();
    const { context, page, problems } = await newAppPage(browser);
    try {
      await openApp(page, server.url, '');
      const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
      assert.equal(href, 'manifest.webmanifest', 'index.html links the manifest with a relative URL');
      const response = await page.request.get(server.url + href);
      assert.equal(response.status(), 200);
      assert.match(response.headers()['content-type'], /^application\/manifest\+json/);
      const manifest = JSON.parse(await response.text());
      assert.equal(manifest.start_url, '.');
      assert.equal(manifest.scope, '.');
      assert.equal(manifest.display, 'standalone');
      assert.ok(manifest.name && manifest.short_name && manifest.theme_color, 'name, short_name, theme_color');
      for (const icon of manifest.icons) {
        assert.ok(!icon.src.startsWith('/') && !icon.src.includes('://'), `icon ${icon.src} is relative`);
        assert.equal((await page.request.get(new URL(icon.src, server.url).href)).status(), 200, `icon ${icon.src} is served`);
      }
      // What Chromium makes of it: no parse errors, and start_url/scope inside the sub-path.
      const cdp = await context.newCDPSession(page);
      const parsed = await cdp.send('Page.getAppManifest');
      assert.deepEqual(parsed.errors, [], 'Chromium reports no manifest errors');
      assert.equal(parsed.url, server.url + 'manifest.webmanifest');
      const chromium = JSON.parse(parsed.data);
      assert.equal(new URL(chromium.start_url, parsed.url).href, server.url);
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });
});
