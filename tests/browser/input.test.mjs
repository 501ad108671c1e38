// What a person may type or slide: sizes are whole bytes (elements, words) from 1 up, and a
// number field takes exactly what the query language takes (k, M, G, Ki, Mi, Gi), with the
// core's own messages. Nothing is dropped in silence and no size reads in milli-bytes.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { afterRepaint, appFailures, metricMap, newAppPage, openApp, shownErrors, useApp } from './harness.mjs';

const app = useApp();

/** The visible text of the page (results, controls, errors). */
function pageText(page) {
  return page.evaluate(() => document.body.innerText);
}

describe('sizes', () => {
  it('rejects fractions of a byte in the address and says what is accepted', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong&size=0.5&from=0.001');
      const errors = await shownErrors(page);
      for (const key of ['size', 'from']) {
        const e = errors.find((x) => x.key === key);
        assert.ok(e, `an error about ${key}: ${JSON.stringify(errors)}`);
        assert.match(e.text, /a whole number from 1/);
      }
      const text = await pageText(page);
      assert.doesNotMatch(text, /\d\s?mB\b|\bpB\b/, 'no milli- or pico-bytes on the page');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('slides the size through whole bytes only', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      const seen = new Set();
      for (const step of [0, 13, 101, 217, 333, 450, 611, 777, 999]) {
        await afterRepaint(page, `slide the size to step ${step}`, () =>
          page.evaluate((v) => {
            const el = document.querySelector('[data-control="size"] input[type=range]');
            el.value = String(v);
            el.dispatchEvent(new Event('input', { bubbles: true }));
            // A click on the track: released at once, so the address follows now.
            el.dispatchEvent(new Event('change', { bubbles: true }));
          }, step),
        );
        const size = new URLSearchParams(await page.evaluate(() => location.search)).get('size');
        if (size === null) continue;
        seen.add(size);
        assert.ok(Number.isInteger(Number(size)) && Number(size) >= 1, `size=${size} at step ${step}`);
      }
      assert.ok(seen.size >= 5, `the slider moved the size: ${[...seen]}`);
      assert.deepEqual(await shownErrors(page), []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});

/** Types `text` into a control's number field and commits it with Enter. */
async function type(page, key, text) {
  const field = page.locator(`[data-control="${key}"] input[data-part="number"]`);
  await field.fill(text);
  await field.press('Enter');
}

describe('number fields', () => {
  it('take the suffixes of the query language, and refuse the rest with its message', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      for (const [typed, bytes] of [['12.7k', '12700'], ['64Ki', '65536'], ['1M', '1000000'], ['2Mi', '2097152']]) {
        await afterRepaint(page, `type ${typed}`, () => type(page, 'size', typed));
        const search = new URLSearchParams(await page.evaluate(() => location.search));
        assert.equal(search.get('size'), bytes, `${typed} is ${bytes} B`);
        const m = await metricMap(page);
        assert.equal(m.time_us.value !== null, true);
      }
      // A letter the language does not know is not dropped: the size stays and the core says why.
      await afterRepaint(page, 'type 12.7x', () => type(page, 'size', '12.7x'));
      const search = new URLSearchParams(await page.evaluate(() => location.search));
      assert.equal(search.get('size'), '2097152', 'the size is kept');
      const error = (await shownErrors(page)).find((e) => e.key === 'size');
      assert.ok(error, 'an error next to the size');
      assert.match(error.text, /size=12\.7x/);
      assert.match(error.text, /k, M, G, Ki, Mi or Gi/);
      // The same text in the address gives the same message.
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong&size=12.7x');
      const fromUrl = (await shownErrors(page)).find((e) => e.key === 'size');
      assert.equal(fromUrl?.text, error.text);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
