// Keyboard only: Tab to the machine picker and change it with the arrow keys, then the pattern,
// then a slider; the state and the URL follow, focus stays where the person is, and the focused
// control is visibly marked and labelled for screen readers. Then the views, the compare list
// and the share dialog, by Tab, Enter and Escape.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  afterRepaint,
  appFailures,
  newAppPage,
  openApp,
  pageState,
  useApp,
} from './harness.mjs';

const app = useApp();

/** Presses Tab until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page, selector, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return i + 1;
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`${max} presses of Tab never reached ${selector} (focus ended on ${at})`);
}

/** How the focused element is marked and named. */
function focusInfo(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const cs = getComputedStyle(el);
    const labelled =
      (el.tagName === 'BUTTON' && el.textContent.trim()) ||
      (el.labels && [...el.labels].some((l) => l.textContent.trim())) ||
      (el.getAttribute('aria-label') ?? '').trim() ||
      (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .some((id) => document.getElementById(id)?.textContent.trim());
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      focusVisible: el.matches(':focus-visible'),
      outline: `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`,
      outlineShown: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0,
      boxShadow: cs.boxShadow,
      labelled: !!labelled,
    };
  });
}

function assertFocusShown(info, what) {
  assert.ok(info.focusVisible, `${what} matches :focus-visible after Tab`);
  assert.ok(
    info.outlineShown || (info.boxShadow && info.boxShadow !== 'none'),
    `${what} shows a focus mark (outline "${info.outline}", box-shadow "${info.boxShadow}")`,
  );
  assert.ok(info.labelled, `${what} has a label for screen readers`);
}

/** The arrow key that moves a focused select to another enabled option. */
function arrowForSelect(page, selector) {
  return page.evaluate((sel) => {
    const s = document.querySelector(sel);
    const after = [...s.options].slice(s.selectedIndex + 1).some((o) => !o.disabled);
    return after ? 'ArrowDown' : 'ArrowUp';
  }, selector);
}

describe('keyboard only', () => {
  it('Tab and the arrow keys pick a machine, a pattern and move a slider', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '');

      // The machine.
      await tabTo(page, '#machine');
      assertFocusShown(await focusInfo(page), '#machine');
      const s0 = await pageState(page);
      const machineKey = await arrowForSelect(page, '#machine');
      await afterRepaint(page, `${machineKey} on #machine`, () => page.keyboard.press(machineKey));
      const s1 = await pageState(page);
      assert.notEqual(s1.machine, s0.machine, `${machineKey} changed the machine`);
      assert.equal(new URLSearchParams(s1.search).get('machine'), s1.machine, `the URL follows: ${s1.search}`);
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        'machine',
        'focus stays on #machine after changing it',
      );

      // The pattern.
      await tabTo(page, '#pattern');
      assertFocusShown(await focusInfo(page), '#pattern');
      const patternKey = await arrowForSelect(page, '#pattern');
      await afterRepaint(page, `${patternKey} on #pattern`, () => page.keyboard.press(patternKey));
      const s2 = await pageState(page);
      assert.notEqual(s2.pattern, s1.pattern, `${patternKey} changed the pattern`);
      assert.equal(s2.machine, s1.machine, 'the machine is kept');
      assert.equal(new URLSearchParams(s2.search).get('pattern'), s2.pattern, `the URL follows: ${s2.search}`);
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        'pattern',
        'focus stays on #pattern after changing it',
      );

      // A slider.
      await tabTo(page, '[data-control] input[type=range]');
      const slider = await focusInfo(page);
      assertFocusShown(slider, 'the first slider');
      const key = await page.evaluate(() => document.activeElement.closest('[data-control]').dataset.control);
      const before = await page.evaluate(() => document.activeElement.value);
      const atMax = await page.evaluate(() => Number(document.activeElement.value) >= Number(document.activeElement.max));
      const arrow = atMax ? 'ArrowLeft' : 'ArrowRight';
      await afterRepaint(page, `${arrow} on the ${key} slider`, async () => {
        for (let i = 0; i < 5; i++) await page.keyboard.press(arrow);
      });
      const after = await page.evaluate(() => document.activeElement.value);
      assert.notEqual(after, before, `${arrow} moved the ${key} slider`);
      const s3 = await pageState(page);
      assert.notEqual(s3.search, s2.search, `the URL follows the ${key} slider: ${s3.search}`);
      assert.ok(new URLSearchParams(s3.search).has(key), `the URL holds ${key}: ${s3.search}`);
      assert.equal(s3.controls[key] === s2.controls[key], false, `the ${key} control shows the new value`);
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('Tab and Enter reach every view and work the compare list and the share dialog', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=pingpong');

      // The views, by their tabs.
      for (const [tab, shown] of [
        ['#tab-validate', '#dataset'],
        ['#tab-traffic', '#traffic-results tr[data-metric]'],
        ['#tab-regimes', '#regimes-title'],
        ['#tab-collectives', '#coll-map-area'],
        ['#tab-compare', '#add-compared'],
      ]) {
        await page.evaluate(() => document.activeElement?.blur());
        await page.focus('body');
        await tabTo(page, tab);
        assertFocusShown(await focusInfo(page), tab);
        await page.keyboard.press('Enter');
        await page.waitForSelector(shown);
        assert.equal(await page.getAttribute(tab, 'aria-current'), 'page', `${tab} says its view is open`);
      }

      // Compare: add a scenario, then edit the first again, from the keyboard.
      await tabTo(page, '#add-compared');
      assertFocusShown(await focusInfo(page), '#add-compared');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('#compared > li').length === 2);
      await page.focus('body');
      await tabTo(page, '#compared > li:first-child .edit-compared');
      assertFocusShown(await focusInfo(page), 'the first Edit button');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#compared > li:first-child.edited');
      assert.match(page.url(), /view=compare&c=.*&c=/);

      // Share: opens on Enter, Escape closes it and focus comes back.
      await tabTo(page, '#share');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#share-dialog[open]');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('#share-dialog').open);
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'share', 'focus returns to Share');

      // The views closed on the way left nothing behind that breaks on a resize or a change
      // of colour scheme (their observers and listeners outlive them).
      await page.setViewportSize({ width: 900, height: 700 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForTimeout(200);
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });
});
