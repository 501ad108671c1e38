// Full-page screenshots of the release site for docs/screenshots/ (shown in the README): the
// calculator at 1280×800 (desktop) and 375×812 (phone), light and dark; the compare, validate,
// regimes, collectives, traffic and import views, a guided tour, and an embedded view inside a
// sample course page.
//
//   make screenshots      (builds the release site, then runs: node tests/browser/screenshots.mjs)
//
// It also prints, per shot, what a reviewer should look at: horizontal overflow (the page wider
// than the window), elements past the right edge, and boxes that scroll inside themselves (their
// hidden part is not in a full-page screenshot).

import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

import { ROOT, launchBrowser, openApp, serveDist } from './harness.mjs';

const OUT = path.join(ROOT, 'docs', 'screenshots');

const DESKTOP = { name: '1280', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const PHONE = { name: '375', viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const BOTH = ['light', 'dark'];

/** Each view with the sizes and colour schemes it is shot in. */
const VIEWS = [
  { name: 'paragon-pingpong', query: '?machine=intel-paragon&pattern=pingpong', sizes: [DESKTOP, PHONE], schemes: BOTH },
  { name: 'delta-global-combine', query: '?machine=intel-delta&pattern=global-combine', sizes: [DESKTOP, PHONE], schemes: BOTH },
  {
    name: 'compare-hypercubes',
    query: '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong&c=machine=jpl-mark3;pattern=pingpong',
    sizes: [DESKTOP],
    schemes: BOTH,
  },
  { name: 'validate-atm-separate', query: '?view=validate&set=atm-separate', sizes: [DESKTOP], schemes: BOTH },
  { name: 'validate-testjig-f', query: '?view=validate&set=delta-testjig-f', sizes: [DESKTOP], schemes: ['light'] },
  {
    name: 'regimes-delta',
    query: '?machine=intel-delta&pattern=global-combine&n=100000&view=regimes&fa=standard&fb=nominal',
    sizes: [DESKTOP, PHONE],
    schemes: BOTH,
  },
  { name: 'collectives-delta-allreduce', query: '?machine=intel-delta&pattern=allreduce&view=collectives', sizes: [DESKTOP, PHONE], schemes: BOTH },
  {
    name: 'traffic-ipsc',
    query: '?machine=intel-ipsc&pattern=traffic&view=traffic',
    sizes: [DESKTOP],
    schemes: BOTH,
    prepare: (page) => page.waitForSelector('#traffic-results tr'),
  },
  {
    name: 'import-csd3-ib',
    query: '?view=import',
    sizes: [DESKTOP, PHONE],
    schemes: ['light'],
    prepare: async (page) => {
      await page.fill('textarea#import-text', readFileSync(path.join(ROOT, 'tests/data/measurements/csd3-ib-osu_latency.txt'), 'utf8'));
      await page.click('button#import-fit');
      await page.waitForSelector('#import-links a');
    },
  },
];

/** The sample course page an embedded view is shot in: the Share dialog's snippet in prose. */
const COURSE = (snippet) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parallel computing, week 3</title>
<style>body{font:16px/1.5 Georgia,serif;max-width:820px;margin:2rem auto;padding:0 1rem;color:#222;background:#fdfcf8}h1{font-size:1.6rem}</style></head>
<body><h1>Week 3: latency and bandwidth</h1>
<p>Hockney's model says a message of <i>n</i> bytes takes <i>T</i> = α + β<i>n</i>. Move the size and the start-up α below and watch where the Paragon's curve turns from latency-bound to bandwidth-bound (n½).</p>
${snippet}
<p>Exercise: find the message size at which the Paragon reaches half its asymptotic bandwidth.</p></body></html>`;

async function main() {
  await fs.mkdir(OUT, { recursive: true });
  const server = await serveDist();
  const browser = await launchBrowser();
  const written = [];
  try {
    for (const view of VIEWS) {
      for (const size of view.sizes) {
        for (const colorScheme of view.schemes) {
          const { name: sizeName, ...options } = size;
          const context = await browser.newContext({ ...options, colorScheme });
          const page = await context.newPage();
          const errors = [];
          page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
          page.on('pageerror', (e) => errors.push(String(e)));
          await openApp(page, server.url, view.query);
          if (view.prepare) await view.prepare(page);
          const layout = await page.evaluate(() => {
            const vw = document.documentElement.clientWidth;
            const describe = (el) => {
              const id = el.id ? `#${el.id}` : '';
              const cls = el.classList.length ? `.${[...el.classList].join('.')}` : '';
              return `${el.tagName.toLowerCase()}${id}${cls}`;
            };
            const clipper = (el) => {
              for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
                if (getComputedStyle(a).overflowX !== 'visible') return a;
              }
              return null;
            };
            const outside = new Set();
            const scrollsX = new Set();
            for (const el of document.querySelectorAll('body *')) {
              const r = el.getBoundingClientRect();
              if (!(r.width > 0 && r.right > vw + 1)) continue;
              const c = clipper(el);
              if (c) scrollsX.add(`${describe(c)} (content ${Math.round(c.scrollWidth)} px in ${c.clientWidth} px)`);
              else outside.add(`${describe(el)} right=${Math.round(r.right)}`);
            }
            // Boxes that scroll vertically show only part of their content in a full-page shot.
            const scrollsY = [...document.querySelectorAll('body *')]
              .filter((el) => {
                const o = getComputedStyle(el).overflowY;
                return (o === 'auto' || o === 'scroll') && el.scrollHeight > el.clientHeight + 1;
              })
              .map((el) => `${describe(el)} (shows ${el.clientHeight} of ${el.scrollHeight} px)`);
            return {
              viewport: vw,
              scrollWidth: document.documentElement.scrollWidth,
              height: document.documentElement.scrollHeight,
              outside: [...outside].slice(0, 6),
              scrollsX: [...scrollsX],
              scrollsY,
            };
          });
          const file = path.join(OUT, `${view.name}-${sizeName}-${colorScheme}.png`);
          await fullPage(page, file);
          written.push(file);
          const overflow = layout.scrollWidth > layout.viewport ? ` OVERFLOW: page ${layout.scrollWidth}px wide in a ${layout.viewport}px window` : '';
          console.log(`${path.relative(ROOT, file)}  ${layout.viewport}×${layout.height}${overflow}`);
          if (layout.outside.length) console.log(`  past the right edge of the page: ${layout.outside.join(', ')}`);
          if (layout.scrollsX.length) console.log(`  scrolls sideways inside: ${layout.scrollsX.join(', ')}`);
          if (layout.scrollsY.length) console.log(`  scrolls vertically inside (cut in a full-page shot): ${layout.scrollsY.join(', ')}`);
          if (errors.length) console.log(`  console/page errors: ${errors.join(' | ')}`);
          await context.close();
        }
      }
    }
    written.push(await embedded(browser, server));
    written.push(await guidedTour(browser, server));
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`wrote ${written.length} screenshots to ${path.relative(ROOT, OUT)}/`);
}

/**
 * A shot of the whole page as a person sees it scrolling down. Chromium's capture beyond the
 * window does not render what the page lets it skip while off screen (`content-visibility:
 * auto`, the results' formulas), so that is made visible for the shot: a person scrolling to it
 * sees it rendered.
 */
async function fullPage(page, file) {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: file, fullPage: true });
}

/** An embedded view in the sample course page, made from the Share dialog's snippet. */
async function embedded(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await openApp(page, server.url, '?machine=intel-paragon&pattern=pingpong&size=12000');
  await page.click('#share');
  for (const key of ['size', 'alpha']) await page.check(`#share-dialog input[name=show][value="${key}"]`);
  const snippet = await page.inputValue('#embed-snippet');
  const course = await context.newPage();
  await course.setContent(COURSE(snippet));
  const frame = await (await course.waitForSelector('iframe[data-commcalc]')).contentFrame();
  await frame.waitForFunction(() => document.body?.dataset.ready === '1', null, { timeout: 20_000 });
  await course.waitForFunction(() => document.querySelector('iframe').style.height !== '640px', null, { timeout: 10_000 });
  await course.waitForTimeout(300);
  const file = path.join(OUT, 'embed-course-page.png');
  await course.screenshot({ path: file, fullPage: true });
  console.log(path.relative(ROOT, file));
  await context.close();
  return file;
}

/** The first guided tour, opened from its link as a person does. */
async function guidedTour(browser, server) {
  const context = await browser.newContext({ viewport: DESKTOP.viewport });
  const page = await context.newPage();
  await openApp(page, server.url, '');
  const link = page.locator('#presets a[data-preset]').first();
  const href = await link.getAttribute('href');
  await openApp(page, server.url, href);
  const file = path.join(OUT, 'guided-tour.png');
  await fullPage(page, file);
  console.log(`${path.relative(ROOT, file)}  (${href})`);
  await context.close();
  return file;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
