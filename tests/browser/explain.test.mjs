// Explain: the "What am I looking at?" panel follows the scenario's pattern and model (the idea,
// the formula in MathML, its assumptions and source), and every guided tour opens its canonical
// address with its story on screen.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { afterRepaint, appFailures, catalogPairs, newAppPage, openApp, settle, useApp, waitReady } from './harness.mjs';

const app = useApp();

/** The explain panel's two sections, as `{ id, title, formula, assumptions, source }`. */
function explained(page) {
  return page.evaluate(() => {
    const read = (kind) => {
      const s = document.querySelector(`#explain-${kind}`);
      if (!s) return null;
      return {
        id: s.dataset[kind],
        title: s.querySelector('h3').textContent,
        formula: s.querySelector('.formula').textContent.replace(/\s+/g, ''),
        maths: s.querySelectorAll('.formula math').length,
        assumptions: s.querySelectorAll('.assumptions li').length,
        source: s.querySelector('.cite').textContent,
      };
    };
    return { open: document.querySelector('#explain')?.open ?? null, pattern: read('pattern'), model: read('model') };
  });
}

/**
 * Opens the explain panel if it is closed, and waits for its sections: on the calculator the
 * page's first module loads the explanations (the full module) when the panel is first opened.
 */
async function openExplain(page) {
  if (!(await page.evaluate(() => document.querySelector('#explain')?.open))) await page.click('#explain > summary');
  await page.waitForSelector('#explain-model', { state: 'attached', timeout: 20_000 });
}

/** The tours as listed: `{ id, href, title }`. */
function tours(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#presets a[data-preset]')].map((a) => ({
      id: a.dataset.preset,
      href: a.getAttribute('href'),
      title: a.textContent,
    })),
  );
}

/** The story on screen: `{ id, visible, text, edited }`, or null. */
function story(page) {
  return page.evaluate(() => {
    const s = document.querySelector('#preset-story');
    if (!s) return null;
    const r = s.getBoundingClientRect();
    return {
      id: s.dataset.preset,
      visible: r.width > 0 && r.height > 0,
      text: s.textContent,
      edited: s.dataset.edited === 'true',
    };
  });
}

describe('explain', () => {
  it('explains the pattern and model on screen, and follows the pickers', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      let e = await explained(page);
      assert.equal(e.open, false, 'the panel starts closed');
      await openExplain(page);
      e = await explained(page);
      assert.equal(e.open, true);
      assert.equal(e.pattern.id, 'pingpong');
      assert.match(e.pattern.title, /Ping-pong/);
      // The pattern's formula is the Hockney one the results use, not 000's hyperbolic block.
      assert.match(e.pattern.formula, /^T=α\+β·n/);
      assert.doesNotMatch(e.pattern.formula, /max|a=|b=/);
      assert.equal(e.model.id, 'hockney');
      assert.match(e.model.title, /Hockney/);
      assert.match(e.model.formula, /T\(n\)=α\+β·n/);
      assert.ok(e.model.assumptions >= 2);
      assert.match(e.model.source, /003 eq\. 1/);
      const box = await page.locator('#explain-model .formula math').first().boundingBox();
      assert.ok(box && box.width > 20 && box.height > 5, 'the MathML is laid out');

      // The pattern picker: BSP h-relation on the same machine.
      await afterRepaint(page, 'pick h-relation', () => page.selectOption('#pattern', 'h-relation'));
      e = await explained(page);
      assert.equal(e.pattern.id, 'h-relation');
      assert.match(e.pattern.title, /h-relation/);
      assert.equal(e.model.id, 'bsp');
      assert.match(e.model.formula, /g·h\+L/);
      assert.match(e.model.source, /001 §1, Table 1/);

      // The model picker: ping-pong again, then the MPI (hyperbolic) parameter set.
      await afterRepaint(page, 'pick ping-pong', () => page.selectOption('#pattern', 'pingpong'));
      await afterRepaint(page, 'pick hyperbolic', () => page.selectOption('#model', 'hyperbolic'));
      e = await explained(page);
      assert.equal(e.model.id, 'hyperbolic');
      assert.match(e.model.title, /Hyperbolic/);
      assert.match(e.model.formula, /T\(x\)=a2a\+b·x\+b·x/);
      assert.equal(e.model.assumptions, 4, 'the four rules');
      // 000 eq. 12 at n = 1: node, router, router, node in series (Rule 1); the core's sum
      // (a_pc − a_c) + a_c + a_c + (a_pc − a_c) is shown with its equal terms collected.
      assert.match(e.pattern.formula, /a=2apc/);
      assert.match(e.pattern.formula, /b=max\(bp,bc\)/);

      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('shows the formulas of the selected model for every machine × pattern × model', { timeout: 600_000 }, async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    const failures = [];
    let combinations = 0;
    try {
      for (const { machine, pattern } of catalogPairs()) {
        const query = `?machine=${machine}&pattern=${pattern}`;
        await openApp(page, app.server.url, query);
        await openExplain(page);
        const models = await page.evaluate(() => [...document.querySelectorAll('#model option')].map((o) => o.value));
        for (const model of models.length ? models : [null]) {
          if (model !== null && (await page.inputValue('#model')) !== model) {
            await afterRepaint(page, `pick ${model}`, () => page.selectOption('#model', model));
          }
          combinations++;
          const got = await page.evaluate(() => {
            const text = (el) => (el ? el.textContent.replace(/\s+/g, '') : null);
            return {
              model: document.querySelector('#model')?.value ?? null,
              explained: document.querySelector('#explain-model')?.dataset.model ?? null,
              formula: text(document.querySelector('#explain-pattern .formula math')),
              time: text(document.querySelector('tr[data-metric="time_us"] math')),
            };
          });
          const where = `${query}&model=${got.model}`;
          if (got.explained !== got.model) failures.push(`${where}: the panel explains ${got.explained}`);
          // The panel's time formula is the results' time formula, in symbols.
          if (!got.formula || !got.time?.startsWith(got.formula)) {
            failures.push(`${where}: the panel shows ${got.formula}, the results ${got.time}`);
          }
        }
      }
      assert.ok(combinations > 60, `${combinations} combinations`);
      assert.deepEqual(failures, []);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('lists the guided tours, each a link to its canonical address', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url);
      const list = await tours(page);
      assert.ok(list.length >= 4 && list.length <= 9, `${list.length} tours`);
      for (const id of ['paragon-bulk', 'delta-snake-fence', 'atm-chunk', 'paragon-broadcast-mpich']) {
        assert.ok(list.some((t) => t.id === id), `tour ${id}`);
      }
      assert.equal(await story(page), null, 'no story off a tour');
      for (const t of list) {
        assert.ok(t.href.startsWith('?'), `${t.id}: ${t.href}`);
        // Follow the link as a reader does.
        await Promise.all([page.waitForURL((u) => u.search === t.href), page.click(`a[data-preset="${t.id}"]`)]);
        await waitReady(page);
        // The app rewrites the address to its canonical form: it must be the tour's own.
        await page.waitForTimeout(250);
        const search = await page.evaluate(() => location.search);
        assert.equal(decodeURIComponent(search), decodeURIComponent(t.href), `${t.id}: the address stays canonical`);
        assert.equal(search, t.href, `${t.id}: the address is the tour's`);
        // The stories are a file fetched the first time a tour is shown (tours.json).
        await page.waitForSelector('#preset-story p.story:not(.loading)', { timeout: 10_000 });
        assert.equal(await page.locator('#preset-story p.story.error').count(), 0, `${t.id}: the story loaded`);
        const s = await story(page);
        assert.ok(s, `${t.id}: a story`);
        assert.equal(s.id, t.id);
        assert.ok(s.visible, `${t.id}: the story is visible`);
        assert.ok(s.text.includes(t.title), `${t.id}: the story has its title`);
        assert.ok(s.text.length > 200, `${t.id}: a story, not a caption`);
        assert.equal(s.edited, false);
        const current = await page.getAttribute(`a[data-preset="${t.id}"]`, 'aria-current');
        assert.equal(current, 'true', `${t.id}: marked as the tour on screen`);
        assert.deepEqual(appFailures(problems), [], `${t.id}: no console errors`);
      }
    } finally {
      await context.close();
    }
  });

  it('keeps the story while the reader tries what it says, with a way back', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, '?machine=atm-sparc20&pattern=pipelined-send&size=2000');
      let s = await story(page);
      assert.equal(s.id, 'atm-chunk');
      assert.equal(await page.isVisible('#preset-story a.restart'), false);
      await afterRepaint(page, 'set the message size', async () => {
        await page.fill('[data-control="size"] input[data-part="number"]', '20000');
        await page.press('[data-control="size"] input[data-part="number"]', 'Enter');
      });
      await settle(page, 300);
      s = await story(page);
      assert.equal(s.id, 'atm-chunk', 'the story stays');
      assert.equal(s.edited, true);
      assert.equal(await page.isVisible('#preset-story a.restart'), true);
      await page.click('#preset-story button.close');
      assert.equal(await story(page), null, 'closed');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('keeps the current tour in view in the list on a phone', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 375, height: 812 } });
    try {
      await openApp(page, app.server.url, '?machine=ethernet-now&pattern=all-to-all&p=8');
      await page.waitForTimeout(200);
      const box = await page.evaluate(() => {
        const a = document.querySelector('#presets a[aria-current="true"]').getBoundingClientRect();
        const list = document.querySelector('#presets .preset-list').getBoundingClientRect();
        return { a: [a.left, a.right], list: [list.left, list.right] };
      });
      assert.ok(box.a[0] >= box.list[0] - 1 && box.a[1] <= box.list[1] + 1, `the chip ${box.a} is inside the list ${box.list}`);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
