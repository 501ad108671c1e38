// Compare: scenarios side by side on one pair of charts, the crossovers computed by the core
// and listed, every scenario editable in place, and the whole comparison in the address bar.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  afterRepaint,
  appFailures,
  charts,
  cli,
  MIN_DRAWN_FRACTION,
  newAppPage,
  openApp,
  relDiff,
  shownErrors,
  useApp,
} from './harness.mjs';

const IPSC = 'machine=intel-ipsc&pattern=pingpong';
const AMETEK = 'machine=ametek-s14&pattern=pingpong';
/** The address of a comparison: `view=compare` and one `c=` per scenario (`;` for `&`). */
const compareUrl = (...queries) =>
  `?view=compare&${queries.map((q) => `c=${q.replaceAll('&', ';')}`).join('&')}`;

const app = useApp();

/** The cards, as `{ title, query, edited }`. */
function cards(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#compared > li')].map((li) => ({
      title: li.querySelector('strong').textContent,
      query: li.querySelector('code').textContent,
      edited: li.classList.contains('edited'),
    })),
  );
}

/** The crossovers table: `{ pair, size }` rows, the size in bytes. */
function crossovers(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#crossovers tbody tr')].map((tr) => ({
      pair: tr.dataset.pair,
      size: Number(tr.querySelector('td.value').dataset.value),
      order: tr.lastElementChild.textContent,
    })),
  );
}

/** The crossovers `commcalc compare --json` finds for the same queries. */
function cliCrossovers(...queries) {
  const out = JSON.parse(cli(['compare', '--json', ...queries]));
  return out.crossovers.map((c) => ({ pair: `${c.a}-${c.b}`, size: c.size_bytes }));
}

function sameCrossovers(shown, expected) {
  assert.deepEqual(shown.map((c) => c.pair), expected.map((c) => c.pair));
  shown.forEach((c, i) => assert.ok(relDiff(c.size, expected[i].size) < 1e-9, `${c.pair}: ${c.size} vs ${expected[i].size}`));
}

describe('compare', () => {
  it('puts two hypercubes on one chart and marks where they cross (003: "more than 150 bytes")', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, compareUrl(IPSC, AMETEK));
      const list = await cards(page);
      assert.deepEqual(list.map((c) => c.query), [IPSC, AMETEK]);
      assert.deepEqual(list.map((c) => c.edited), [true, false]);
      const shown = await crossovers(page);
      sameCrossovers(shown, cliCrossovers(IPSC, AMETEK));
      assert.ok(shown[0].size > 150 && shown[0].size < 200, `crossover at ${shown[0].size} B`);
      assert.match(shown[0].order, /B faster below, A above/);
      const drawn = await charts(page);
      for (const [name, info] of Object.entries(drawn)) {
        assert.ok(info.fraction > MIN_DRAWN_FRACTION, `${name} chart drawn`);
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('adds, edits in place and removes scenarios, the URL following each step', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, compareUrl(IPSC, AMETEK));
      // Add: a copy of the edited scenario (A), edited at once; then make it a Mark-III.
      await afterRepaint(page, 'add a scenario', () => page.click('#add-compared'));
      await afterRepaint(page, 'switch the new one to the Mark-III', () =>
        page.selectOption('#machine', 'jpl-mark3'),
      );
      const MARK3 = 'machine=jpl-mark3&pattern=pingpong';
      let list = await cards(page);
      assert.deepEqual(list.map((c) => c.query), [IPSC, AMETEK, MARK3]);
      assert.deepEqual(list.map((c) => c.edited), [false, false, true]);
      // The address says which one is edited (the third), so that a reload keeps it.
      assert.equal(new URL(page.url()).search, `${compareUrl(IPSC, AMETEK, MARK3)}&edit=3`);
      sameCrossovers(await crossovers(page), cliCrossovers(IPSC, AMETEK, MARK3));

      // Edit A in place: its card becomes the edited one and the panel shows its values (the
      // curves stay as they are).
      await page.click('#compared > li:nth-child(1) .edit-compared');
      await page.waitForSelector('#compared > li:nth-child(1).edited');
      assert.equal(await page.inputValue('#machine'), 'intel-ipsc');
      const field = page.locator('[data-control="alpha"] input[data-part="number"]');
      await afterRepaint(page, 'type a new α (t_l) for A', async () => {
        await field.fill('1000');
        await field.press('Enter');
      });
      const IPSC_FAST = `${IPSC}&alpha=1000`;
      list = await cards(page);
      assert.deepEqual(list.map((c) => c.query), [IPSC_FAST, AMETEK, MARK3]);
      assert.equal(new URL(page.url()).search, compareUrl(IPSC_FAST, AMETEK, MARK3));
      sameCrossovers(await crossovers(page), cliCrossovers(IPSC_FAST, AMETEK, MARK3));

      // Remove B: A stays the edited one, the letters follow the order.
      await afterRepaint(page, 'remove B', () => page.click('#compared > li:nth-child(2) .remove-compared'));
      list = await cards(page);
      assert.deepEqual(list.map((c) => c.query), [IPSC_FAST, MARK3]);
      assert.deepEqual(list.map((c) => c.edited), [true, false]);
      assert.equal(new URL(page.url()).search, compareUrl(IPSC_FAST, MARK3));

      // The address alone brings the same comparison back.
      const url = page.url();
      const again = await newAppPage(app.browser);
      try {
        await openApp(again.page, url, '');
        assert.deepEqual(await cards(again.page), list);
        assert.deepEqual(await crossovers(again.page), await crossovers(page));
      } finally {
        await again.context.close();
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('holds at most four scenarios and keeps the last one', async () => {
    const { context, page } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, compareUrl(IPSC, AMETEK, IPSC, AMETEK));
      assert.equal(await page.isDisabled('#add-compared'), true);
      await openApp(page, app.server.url, compareUrl(IPSC));
      assert.equal(await page.isDisabled('#compared > li .remove-compared'), true);
      assert.match(await page.textContent('section[aria-labelledby="crossovers-title"]'), /Add a scenario to see where the curves cross/);
    } finally {
      await context.close();
    }
  });

  it('names a bad compared scenario and keeps the good ones', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, `${compareUrl(AMETEK)}&c=machine=nosuch;pattern=pingpong`);
      const errors = await shownErrors(page);
      assert.equal(errors.length, 1, JSON.stringify(errors));
      assert.equal(errors[0].key, 'c2');
      assert.match(errors[0].text, /nosuch/);
      assert.match(errors[0].text, /intel-ipsc/, 'the accepted machines are listed');
      assert.deepEqual((await cards(page)).map((c) => c.query), [AMETEK]);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('tells coinciding curves apart and lists each scenario at its size', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { colorScheme: 'light' });
    try {
      // The same scenario twice: the curves coincide everywhere.
      const PARAGON = 'machine=intel-paragon&pattern=pingpong';
      await openApp(page, app.server.url, compareUrl(PARAGON, PARAGON));
      const counts = await page.evaluate(() => {
        const c = document.querySelector('canvas#latency-chart');
        const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        // The first two colours of the light palette (Okabe and Ito's blue and vermilion).
        const colours = [[0x00, 0x72, 0xb2], [0xd5, 0x5e, 0x00]];
        const n = colours.map(() => 0);
        for (let i = 0; i < px.length; i += 4) {
          colours.forEach(([r, g, b], k) => {
            if (Math.abs(px[i] - r) + Math.abs(px[i + 1] - g) + Math.abs(px[i + 2] - b) < 40) n[k]++;
          });
        }
        return n;
      });
      assert.ok(counts[0] > 100 && counts[1] > 100, `both curves show where they coincide: ${counts}`);

      // Each scenario's time at its size, r∞ and n½, as `commcalc compare` computes them.
      await openApp(page, app.server.url, compareUrl(IPSC, AMETEK));
      const want = JSON.parse(cli(['compare', '--json', IPSC, AMETEK])).scenarios;
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll('table#scenarios tbody tr')].map((tr) => ({
          head: tr.querySelector('th').textContent,
          values: Object.fromEntries(
            [...tr.querySelectorAll('td[data-metric]')].map((td) => [td.dataset.metric, Number(td.dataset.value)]),
          ),
        })),
      );
      assert.equal(rows.length, 2);
      assert.match(rows[0].head, /A Intel iPSC/);
      assert.match(rows[1].head, /B Ametek S\/14/);
      rows.forEach((row, i) => {
        for (const key of ['time_us', 'r_inf_MBps', 'n_half_bytes']) {
          assert.ok(relDiff(row.values[key], want[i].metrics[key]) < 1e-9, `${row.head} ${key}`);
        }
      });
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
