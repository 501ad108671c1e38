// Full-page screenshots of the release site for docs/screenshots/ (shown in the README):
// two views, each at 1280×800 (desktop) and 375×812 (phone), light and dark.
//
//   make screenshots      (builds the release site, then runs: node tests/browser/screenshots.mjs)
//
// It also prints, per shot, what a reviewer should look at: horizontal overflow (the page wider
// than the window), elements past the right edge, and boxes that scroll inside themselves (their
// hidden part is not in a full-page screenshot).

import fs from 'node:fs/promises';
import path from 'node:path';

import { ROOT, launchBrowser, openApp, serveDist } from './harness.mjs';

const OUT = path.join(ROOT, 'docs', 'screenshots');

const VIEWS = [
  { name: 'paragon-pingpong', query: '?machine=intel-paragon&pattern=pingpong' },
  { name: 'delta-global-combine', query: '?machine=intel-delta&pattern=global-combine' },
];

const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: '375', viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
];

const SCHEMES = ['light', 'dark'];

async function main() {
  await fs.mkdir(OUT, { recursive: true });
  const server = await serveDist();
  const browser = await launchBrowser();
  const written = [];
  try {
    for (const view of VIEWS) {
      for (const size of SIZES) {
        for (const colorScheme of SCHEMES) {
          const { name: sizeName, ...options } = size;
          const context = await browser.newContext({ ...options, colorScheme });
          const page = await context.newPage();
          const errors = [];
          page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
          page.on('pageerror', (e) => errors.push(String(e)));
          await openApp(page, server.url, view.query);
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
          await page.screenshot({ path: file, fullPage: true });
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
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`wrote ${written.length} screenshots to ${path.relative(ROOT, OUT)}/`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
