// Temporary: screenshots for checking layout (not committed).
import { launchBrowser, serveDist, openApp } from './harness.mjs';
import fs from 'node:fs';
const server = await serveDist();
const browser = await launchBrowser();
const FILE = fs.readFileSync(new URL('../data/measurements/csd3-roce-osu_latency.txt', import.meta.url), 'utf8');
const shots = [
  ['coll-fresh', '?view=collectives', 1280, 'light'],
  ['coll-pingpong', '?machine=intel-paragon&pattern=pingpong&view=collectives', 1280, 'light'],
  ['coll-phone', '?machine=intel-paragon&pattern=broadcast&p=16&view=collectives', 390, 'dark'],
  ['regimes-fresh', '?view=regimes', 1280, 'light'],
];
for (const [name, q, w, scheme] of shots) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, colorScheme: scheme, isMobile: w < 500, hasTouch: w < 500 });
  const page = await ctx.newPage();
  await openApp(page, server.url, q);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/pi-shots/${name}.png`, fullPage: w < 500 });
  await ctx.close();
}
for (const [w, scheme] of [[1280, 'light'], [390, 'dark']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, colorScheme: scheme, isMobile: w < 500, hasTouch: w < 500 });
  const page = await ctx.newPage();
  await openApp(page, server.url, '?view=import');
  await page.fill('textarea#import-text', FILE);
  await page.click('button#import-fit');
  await page.waitForSelector('#import-links a');
  await page.click('button#import-save');
  await page.fill('textarea#import-text', 'not a benchmark');
  await page.click('button#import-fit');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/pi-shots/import-${w}-${scheme}.png`, fullPage: false });
  await page.locator('#import-saved').scrollIntoViewIfNeeded();
  await page.click('#import-saved .kept-rename');
  await page.screenshot({ path: `/tmp/pi-shots/import-kept-${w}-${scheme}.png`, fullPage: false });
  await ctx.close();
}
await browser.close();
server.close?.();
process.exit(0);
