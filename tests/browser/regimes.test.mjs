// Where each algorithm wins (004 §4.1, Figures 4 and 5; 001 §5): the two regime maps are drawn
// in the three algorithms' colours, a cell read by the pointer or the keys gives the same times
// and blocks as the core (`commcalc regimes` and `commcalc eval`), the f(L) selects change the
// address and the maps, the scenario panel's edits move the maps and the sweep, the sweep and
// the Paragon's bulk-transfer chart are drawn, and a machine without NBL parameters says why
// and switches to the DELTA.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';

import {
  afterRepaint,
  appFailures,
  canvasInfo,
  cli,
  evalQuery,
  MIN_DRAWN_FRACTION,
  newAppPage,
  offBlockPixels,
  openApp,
  relDiff,
  ROOT,
  slideMaps,
  useApp,
  waitReady,
} from './harness.mjs';

const DELTA = 'machine=intel-delta&pattern=global-combine';
const REGIMES = `?${DELTA}&view=regimes`;
const ALGORITHMS = ['tree', 'snake', 'fence'];

const app = useApp();

// ---------------------------------------------------------------------------------------------
// What the core says.

const mapCache = new Map();

/** `commcalc regimes --json` for the DELTA under f(L) set `f` (and extra query keys). */
function cliMap(f, extra = '') {
  const query = `${DELTA}&f=${f}${extra}`;
  if (!mapCache.has(query)) {
    // The harness's `cli` builds the binary; a 128×128 map's JSON (about 2 MB) needs a larger
    // buffer than its default.
    cli(['--version']);
    const target = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
    const out = execFileSync(path.join(target, 'debug', 'commcalc'), ['regimes', '--json', query], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    mapCache.set(query, JSON.parse(out));
  }
  return mapCache.get(query);
}

/** The calculator's global-combine metrics for one N, mesh and f(L) set. */
function cliCell(n, mesh, f, extra = '') {
  return evalQuery(`${DELTA}&n=${n}&mesh=${mesh}&f=${f}${extra}`).metrics;
}

// ---------------------------------------------------------------------------------------------
// What the page shows.

/** Both readouts: the text and the data attributes of the cell read. */
function readouts(page) {
  return page.evaluate(() =>
    ['a', 'b'].map((side) => {
      const p = document.getElementById(`map-readout-${side}`);
      const cell = p.querySelector('.map-readout-text');
      return {
        text: cell.textContent.trim(),
        said: p.textContent.replace(/\s+/gu, ' ').trim(),
        live: p.getAttribute('aria-live'),
        n: Number(cell.dataset.n),
        mesh: cell.dataset.mesh,
        fastest: cell.dataset.fastest,
        times: cell.dataset.times.split(',').map(Number),
        blocks: cell.dataset.blocks.split(',').map(Number),
      };
    }),
  );
}

/** "Snake 160 ms (S = 53)" → µs and block; the verdict and N and mesh of a readout's text. */
function parseReadout(text) {
  const head = text.match(/^N = ([\d\s]+), mesh (\d+)×(\d+): /u);
  assert.ok(head, `readout "${text}" starts with "N = …, mesh W×H: "`);
  const unit = { 'µs': 1, ms: 1e3, s: 1e6, min: 6e7, h: 3.6e9 };
  const times = {};
  for (const m of text.matchAll(/(Tree|Snake|Fence) ([\d.]+) (µs|ms|s|min|h)(?: \(S = ([\d\s]+)\))?/gu)) {
    times[m[1].toLowerCase()] = {
      us: Number(m[2]) * unit[m[3]],
      block: m[4] === undefined ? null : Number(m[4].replace(/\s/gu, '')),
    };
  }
  const verdict = text.match(/ — (Tree|Snake|Fence) fastest by (.+)$/u);
  assert.ok(verdict, `readout "${text}" ends with "— X fastest by y%"`);
  return {
    n: Number(head[1].replace(/\s/gu, '')),
    mesh: `${head[2]}x${head[3]}`,
    times,
    fastest: verdict[1].toLowerCase(),
  };
}

/**
 * A readout against the core: the data attributes equal `commcalc regimes`'s cell exactly, the
 * calculator's metrics for the same N and mesh agree, and the text says the same to three
 * significant digits.
 */
function assertReadout(r, f, extra = '') {
  const map = cliMap(f, extra);
  const col = map.lengths.indexOf(r.n);
  const row = map.meshes.findIndex((m) => `${m.width}x${m.height}` === r.mesh);
  assert.ok(col >= 0 && row >= 0, `N = ${r.n}, mesh ${r.mesh} is a cell of the ${f} map`);
  const cell = map.cells[row * map.lengths.length + col];
  assert.equal(r.fastest, cell.fastest, `${f}: fastest at N = ${r.n}, ${r.mesh}`);
  r.times.forEach((t, i) => assert.ok(relDiff(t, cell.times_us[i]) < 1e-12, `${f} ${ALGORITHMS[i]}: ${t} vs ${cell.times_us[i]}`));
  assert.deepEqual(r.blocks, cell.blocks, `${f}: blocks at N = ${r.n}, ${r.mesh}`);

  const metrics = cliCell(r.n, r.mesh, f, extra);
  const text = parseReadout(r.text);
  assert.equal(text.n, r.n);
  assert.equal(text.mesh, r.mesh);
  assert.equal(text.fastest, metrics.fastest, `${f}: the text names the calculator's fastest`);
  for (const [i, a] of ALGORITHMS.entries()) {
    const us = metrics[`${a}_us`];
    assert.ok(relDiff(r.times[i], us) < 1e-9, `${f} ${a}: ${r.times[i]} vs the calculator's ${us}`);
    assert.ok(relDiff(text.times[a].us, us) < 0.006, `${f} ${a}: the text's ${text.times[a].us} µs vs ${us}`);
    if (a !== 'tree') {
      assert.equal(text.times[a].block, metrics[`${a}_block_elems`], `${f} ${a}: the text's S`);
    }
  }
}

/** The colours of a map canvas, each pixel put in its algorithm's family by its hue. */
function mapColours(page, side) {
  return page.evaluate((side) => {
    const css = getComputedStyle(document.documentElement);
    // The custom properties as the browser resolves them ("#fff" for #ffffff).
    const rgb = (name) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${name})`;
      document.body.append(probe);
      const shown = getComputedStyle(probe).color.match(/\d+/g).slice(0, 3).map(Number);
      probe.remove();
      return shown;
    };
    const bg = rgb('--panel');
    const hues = ['--series-0', '--series-1', '--series-2'].map(rgb);
    const c = document.getElementById(`map-${side}`);
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const families = [0, 0, 0, 0];
    const distinct = new Set();
    // Each family is the line from the background to its hue: the nearest line names it.
    const family = (p) => {
      let best = 3;
      let bestResidual = 8;
      hues.forEach((h, i) => {
        const d = h.map((v, k) => v - bg[k]);
        const q = p.map((v, k) => v - bg[k]);
        const t = (q[0] * d[0] + q[1] * d[1] + q[2] * d[2]) / (d[0] ** 2 + d[1] ** 2 + d[2] ** 2);
        const residual = Math.hypot(...q.map((v, k) => v - t * d[k]));
        if (t > 0.2 && t < 1.05 && residual < bestResidual) {
          best = i;
          bestResidual = residual;
        }
      });
      return best;
    };
    const at = (row, col) => {
      const i = ((c.height - 1 - row) * c.width + col) * 4;
      return family([data[i], data[i + 1], data[i + 2]]);
    };
    for (let i = 0; i < data.length; i += 4) {
      distinct.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      families[family([data[i], data[i + 1], data[i + 2]])]++;
    }
    return { width: c.width, height: c.height, distinct: distinct.size, families, corner: [at(c.height - 1, 0), at(0, c.width - 1)] };
  }, side);
}

/** The sweep's optima list: `{ f, snake, fence }` optimal blocks per f(L) set. */
async function sweepOptima(page) {
  const lines = await page.evaluate(() => [...document.querySelectorAll('#sweep-optima li')].map((li) => li.textContent));
  return lines.map((line) => {
    const block = (a) => {
      const m = line.match(new RegExp(`${a} S = ([\\d\\s]+) →`, 'u'));
      assert.ok(m, `"${line}" gives ${a}'s optimal block`);
      return Number(m[1].replace(/\s/gu, ''));
    };
    return { f: line.split(':')[0], snake: block('Snake'), fence: block('Fence') };
  });
}

/** Waits until canvas `#id` shows something other than the paint hashed `hash`. */
async function redrawn(page, id, hash) {
  await page.waitForFunction(
    ([id, h]) => {
      const c = document.getElementById(id);
      if (!c || !c.width || !c.height) return false;
      const px = new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);
      let hash = 0x811c9dc5;
      for (let i = 0; i < px.length; i++) hash = Math.imul(hash ^ px[i], 16777619);
      return (hash >>> 0).toString(16) !== h;
    },
    [id, hash],
    { timeout: 3000 },
  );
}

/** Presses Tab until the focused element matches `selector`. */
async function tabTo(page, selector, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${selector}`);
}

/** Runs `action` and waits until both maps have been painted again. */
async function afterMapPaints(page, what, action, paints = 2) {
  const before = await page.evaluate(() => window.commcalcMapPaints ?? 0);
  await action();
  try {
    await page.waitForFunction((n) => (window.commcalcMapPaints ?? 0) >= n, before + paints, { timeout: 5000 });
  } catch {
    throw new Error(`${what}: the maps were not painted again (commcalcMapPaints stayed near ${before})`);
  }
}

/** The page's address once the throttled `replaceState` has caught up with `pattern`. */
async function searchMatching(page, pattern) {
  await page.waitForFunction((p) => new RegExp(p).test(location.search), pattern.source, { timeout: 3000 }).catch(() => {});
  return page.evaluate(() => location.search);
}

describe('regimes', () => {
  it('draws both maps in the three algorithms\' colours (004 Fig. 5) and reads the scenario\'s cell', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, REGIMES);
      assert.match(await page.evaluate(() => location.search), /view=regimes&fa=standard&fb=nominal/);
      const [a, b] = [await mapColours(page, 'a'), await mapColours(page, 'b')];
      for (const [name, m] of [['standard', a], ['nominal', b]]) {
        assert.equal(m.width, 128, `${name} map: 128 lengths`);
        assert.equal(m.height, 128, `${name} map: 128 meshes`);
        assert.ok(m.distinct >= 20, `${name} map: ${m.distinct} distinct colours (shading by margin)`);
        assert.equal(m.families[3], 0, `${name} map: every pixel is a shade of Tree, Snake or Fence (${m.families})`);
        // 004 §4.1: "Under both models, the Tree algorithm is fastest for short vectors";
        // long vectors on few nodes are Snake's under both.
        assert.deepEqual(m.corner, [0, 1], `${name} map: Tree at the top left, Snake at the bottom right`);
      }
      // Without the NBL constraint Fence wins "almost everywhere else"; with it Snake takes a
      // large regime.
      assert.ok(a.families[2] > a.families[1], `standard: Fence ${a.families[2]} cells, Snake ${a.families[1]}`);
      assert.ok(b.families[1] > 5 * a.families[1], `nominal Snake ${b.families[1]} cells against standard ${a.families[1]}`);
      const shares = await page.evaluate(() => ['a', 'b'].map((s) => document.getElementById(`map-shares-${s}`).textContent));
      shares.forEach((s) => assert.match(s, /^Tree fastest in \d+% of the cells, Snake in \d+%, Fence in \d+%$/));

      // Before any pointer or key, both readouts give the scenario's cell (N = 10⁴, 16×16).
      const [ra, rb] = await readouts(page);
      assert.equal(ra.live, 'polite', 'the readout is an aria-live region');
      assert.ok(ra.said.startsWith('Map A, standard: N = '), `a screen reader hears which map: "${ra.said}"`);
      assert.ok(rb.said.startsWith('Map B, nominal: N = '), `a screen reader hears which map: "${rb.said}"`);
      assert.equal(ra.mesh, '16x16');
      assert.ok(Math.abs(Math.log10(ra.n / 1e4)) < 0.03, `N = ${ra.n} is the column nearest 10 000`);
      assert.equal(rb.n, ra.n);
      assertReadout(ra, 'standard');
      assertReadout(rb, 'nominal');
      const key = await page.evaluate(() => document.getElementById('map-key').textContent);
      for (const word of ['Tree', 'Snake', 'Fence', '30%']) assert.ok(key.includes(word), `the key names ${word}`);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('hovering a cell reads it on both maps, with the core\'s times and blocks', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, REGIMES);
      const box = await page.locator('#map-area-a').boundingBox();
      const standard = cliMap('standard');
      for (const [col, row] of [[100, 120], [70, 60], [20, 5], [127, 0]]) {
        const x = box.x + ((col + 0.5) / 128) * box.width;
        const y = box.y + ((127 - row + 0.5) / 128) * box.height;
        await page.mouse.move(x, y);
        await page.waitForFunction((n) => document.querySelector('#map-readout-a .map-readout-text')?.dataset.n === String(n), standard.lengths[col], { timeout: 3000 });
        const [ra, rb] = await readouts(page);
        const mesh = standard.meshes[row];
        assert.equal(ra.mesh, `${mesh.width}x${mesh.height}`, `row ${row}`);
        assert.equal(rb.n, ra.n, 'one cursor for both maps');
        assert.equal(rb.mesh, ra.mesh);
        assertReadout(ra, 'standard');
        assertReadout(rb, 'nominal');
      }
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('Tab reaches a map, which shows its focus, and the arrow keys move the cursor', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, REGIMES);
      const map = cliMap('standard');
      const [start] = await readouts(page);
      const col0 = map.lengths.indexOf(start.n);
      const row0 = map.meshes.findIndex((m) => `${m.width}x${m.height}` === start.mesh);
      await tabTo(page, '#map-area-b');
      const focus = await page.evaluate(() => {
        const el = document.activeElement;
        const cs = getComputedStyle(el);
        return { visible: el.matches(':focus-visible'), outline: cs.outlineStyle, width: parseFloat(cs.outlineWidth), label: el.getAttribute('aria-label') };
      });
      assert.ok(focus.visible && focus.outline !== 'none' && focus.width > 0, `focus is shown: ${JSON.stringify(focus)}`);
      assert.match(focus.label, /Regime map B/);

      // Keys, then the move they make in (rows, columns): up is a larger mesh.
      const moves = [
        [['ArrowRight', 'ArrowRight', 'ArrowRight'], 0, 3],
        [['ArrowUp', 'ArrowUp'], 2, 0],
        [['Shift+ArrowLeft'], 0, -10],
        [['ArrowDown'], -1, 0],
      ];
      let [row, col] = [row0, col0];
      for (const [keys, dr, dc] of moves) {
        for (const k of keys) await page.keyboard.press(k);
        row += dr;
        col += dc;
        const mesh = map.meshes[row];
        await page.waitForFunction(
          ([n, m]) => {
            const d = document.querySelector('#map-readout-b .map-readout-text')?.dataset ?? {};
            return d.n === String(n) && d.mesh === m;
          },
          [map.lengths[col], `${mesh.width}x${mesh.height}`],
          { timeout: 3000 },
        );
        const [ra, rb] = await readouts(page);
        assertReadout(ra, 'standard');
        assertReadout(rb, 'nominal');
      }
      await page.keyboard.press('End');
      await page.waitForFunction(() => document.querySelector('#map-readout-b .map-readout-text')?.dataset.n === '1000000', null, { timeout: 3000 });
      const [, end] = await readouts(page);
      assertReadout(end, 'nominal');
      assert.equal(end.fastest, 'snake', 'N = 10⁶: Snake, under the nominal model (004 §4.1)');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a map\'s f(L) select changes the address and the map, and the address brings it back', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, REGIMES);
      const before = [await canvasInfo(page, '#map-a'), await canvasInfo(page, '#map-b')];
      await afterMapPaints(page, 'fa=fitted', () => page.selectOption('#map-f-a', 'fitted'), 1);
      const search = await searchMatching(page, /fa=fitted/);
      assert.match(search, /fa=fitted&fb=nominal/);
      const after = [await canvasInfo(page, '#map-a'), await canvasInfo(page, '#map-b')];
      assert.notEqual(after[0].hash, before[0].hash, 'map A was redrawn for the fitted set');
      assert.equal(after[1].hash, before[1].hash, 'map B is unchanged');
      const [ra] = await readouts(page);
      assertReadout(ra, 'fitted');

      await openApp(page, app.server.url, search);
      assert.equal(await page.inputValue('#map-f-a'), 'fitted');
      assert.equal(await page.inputValue('#map-f-b'), 'nominal');
      assert.equal((await canvasInfo(page, '#map-a')).hash, after[0].hash, 'the address draws the same map');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the scenario panel moves the maps (α) and the sweep (N), and a click takes a cell', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, REGIMES);
      const alpha = page.locator('[data-control="alpha"] input[data-part="number"]');
      const before = await canvasInfo(page, '#map-b');
      await afterMapPaints(page, 'alpha=150', async () => {
        await alpha.fill('150');
        await alpha.press('Enter');
      });
      assert.notEqual((await canvasInfo(page, '#map-b')).hash, before.hash, 'α moved the nominal map');
      const [ra, rb] = await readouts(page);
      assertReadout(ra, 'standard', '&alpha=150');
      assertReadout(rb, 'nominal', '&alpha=150');

      // N moves the mark and the sweep, not the maps.
      const mapPaints = await page.evaluate(() => window.commcalcMapPaints);
      const sweep = await canvasInfo(page, '#sweep-chart');
      const n = page.locator('[data-control="n"] input[data-part="number"]');
      await afterRepaint(page, 'n=100000', async () => {
        await n.fill('100000');
        await n.press('Enter');
      });
      assert.equal(await page.evaluate(() => window.commcalcMapPaints), mapPaints, 'the maps were not recomputed for N');
      await page.waitForFunction(
        () => document.querySelector('#sweep-chart').closest('figure').textContent.replace(/\s/gu, ' ').includes('N = 100 000'),
        null,
        { timeout: 3000 },
      );
      const optima = await sweepOptima(page);
      assert.deepEqual(optima.map((o) => o.f), ['standard', 'nominal']);
      for (const o of optima) {
        const m = cliCell(100000, '16x16', o.f, '&alpha=150');
        assert.equal(o.snake, m.snake_block_elems, `${o.f}: Snake's optimal block`);
        assert.equal(o.fence, m.fence_block_elems, `${o.f}: Fence's optimal block`);
      }
      await redrawn(page, 'sweep-chart', sweep.hash);
      const [ra2] = await readouts(page);
      assert.ok(Math.abs(Math.log10(ra2.n / 1e5)) < 0.03, `the readout follows the scenario: N = ${ra2.n}`);

      // A click takes the cell's N and mesh into the scenario.
      const map = cliMap('nominal', '&alpha=150');
      const [col, row] = [90, 40];
      const box = await page.locator('#map-area-b').boundingBox();
      await afterRepaint(page, 'click a cell', () =>
        page.mouse.click(box.x + ((col + 0.5) / 128) * box.width, box.y + ((127 - row + 0.5) / 128) * box.height),
      );
      const mesh = map.meshes[row];
      const search = await searchMatching(page, new RegExp(`n=${map.lengths[col]}&`));
      assert.match(search, new RegExp(`[?&]mesh=${mesh.width}x${mesh.height}&`));
      assert.match(search, new RegExp(`[?&]n=${map.lengths[col]}&`));
      assert.match(search, /alpha=150/);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a held α slider draws coarse maps, and its release the exact maps its address draws', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, REGIMES);
      const samples = () => page.$$eval('figure.regime-map', (fs) => fs.map((f) => f.dataset.sample));
      assert.deepEqual(await samples(), ['1', '1']);
      const exactBefore = await canvasInfo(page, '#map-b');
      assert.ok((await offBlockPixels(page, '#map-b', 4)) > 0, 'the exact map has detail within 4 × 4 blocks');
      await slideMaps(page, 'alpha', 0.3, 2);
      await slideMaps(page, 'alpha', 0.7, 2);
      assert.deepEqual(await samples(), ['4', '4'], 'held: both maps coarse');
      for (const side of ['a', 'b']) {
        assert.equal(await offBlockPixels(page, `#map-${side}`, 4), 0, `held: map ${side} in 4 × 4 blocks`);
        assert.ok((await canvasInfo(page, `#map-${side}`)).fraction > 0.5, `held: map ${side} drawn`);
      }
      await slideMaps(page, 'alpha', null, 2);
      assert.deepEqual(await samples(), ['1', '1'], 'released: both maps exact');
      const released = [await canvasInfo(page, '#map-a'), await canvasInfo(page, '#map-b')];
      assert.notEqual(released[1].hash, exactBefore.hash, 'α moved the nominal map');
      const search = await searchMatching(page, /alpha=/u);
      assert.match(search, /alpha=/u, 'the release wrote α into the address');
      await openApp(page, app.server.url, search);
      const fresh = [await canvasInfo(page, '#map-a'), await canvasInfo(page, '#map-b')];
      assert.deepEqual(
        fresh.map((c) => c.hash),
        released.map((c) => c.hash),
        'the released maps are the pixels the address draws',
      );
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('draws the block-size sweep (004 Fig. 4) and the Paragon\'s bulk transfer (001 §5) with a link to Compare', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, REGIMES);
      for (const id of ['sweep-chart', 'bulk-chart']) {
        await page.waitForFunction((id) => document.getElementById(id)?.width > 0, id);
        const info = await canvasInfo(page, `#${id}`);
        assert.ok(info.fraction > MIN_DRAWN_FRACTION, `#${id} drawn (${info.fraction})`);
      }
      const optima = await sweepOptima(page);
      assert.deepEqual(optima.map((o) => o.f), ['standard', 'nominal']);
      for (const o of optima) {
        const m = cliCell(10000, '16x16', o.f);
        assert.equal(o.snake, m.snake_block_elems, `${o.f}: Snake's optimal block, as the calculator's`);
        assert.equal(o.fence, m.fence_block_elems, `${o.f}: Fence's optimal block, as the calculator's`);
      }

      const queries = (p) => [
        `machine=intel-paragon&pattern=h-relation&p=${p}`,
        `machine=intel-paragon&pattern=permutation&p=${p}`,
      ];
      const summary = () => page.evaluate(() => document.getElementById('bulk-summary').textContent);
      const expectSentence = (p, text) => {
        const out = JSON.parse(cli(['compare', '--json', ...queries(p)]));
        if (out.crossovers.length === 0) {
          assert.match(text, new RegExp(`^On ${p} processors bulk transfer wins at every size from 1 B to 1 MB`), text);
        } else {
          assert.match(text, /bulk transfer wins (above|below|from)/, text);
        }
      };
      expectSentence(8, await summary());
      const href = await page.getAttribute('#bulk-compare', 'href');
      assert.equal(href, `?view=compare&${queries(8).map((q) => `c=${q.replaceAll('&', ';')}`).join('&')}`);

      const chart = await canvasInfo(page, '#bulk-chart');
      await page.selectOption('#bulk-p', '64');
      await page.waitForFunction(() => document.getElementById('bulk-summary').textContent.startsWith('On 64'), null, { timeout: 3000 });
      expectSentence(64, await summary());
      assert.match(await page.getAttribute('#bulk-compare', 'href'), /p=64&c=.*p=64$/);
      await redrawn(page, 'bulk-chart', chart.hash);
      // The address holds the chosen size, and brings it back.
      await page.waitForFunction(() => /[?&]bp=64(&|$)/.test(location.search), null, { timeout: 3000 });
      const again = await newAppPage(app.browser);
      try {
        await openApp(again.page, page.url(), '');
        assert.equal(await again.page.inputValue('#bulk-p'), '64');
      } finally {
        await again.context.close();
      }

      // The link opens the pair in the Compare view.
      await page.click('#bulk-compare');
      await page.waitForURL(/view=compare/);
      await waitReady(page);
      const cards = await page.evaluate(() => [...document.querySelectorAll('#compared > li code')].map((c) => c.textContent));
      assert.deepEqual(cards, queries(64));
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a machine without NBL parameters says why and switches to the DELTA, keeping the f(L) sets', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong&view=regimes&fa=fitted&fb=testjig');
      const error = await page.evaluate(() => document.getElementById('regimes-error')?.textContent ?? null);
      assert.ok(error, 'the view says why there are no maps');
      assert.match(error, /intel-delta/);
      assert.equal(await page.locator('#map-a').count(), 0, 'no map without NBL parameters');
      const bulk = await canvasInfo(page, '#bulk-chart');
      assert.ok(bulk.fraction > MIN_DRAWN_FRACTION, 'the Paragon chart is still drawn');

      await afterMapPaints(page, 'switch to the DELTA', () => page.click('#regimes-switch'));
      const search = await searchMatching(page, /machine=intel-delta&pattern=global-combine/);
      assert.match(search, /^\?machine=intel-delta&pattern=global-combine.*&view=regimes&fa=fitted&fb=testjig&bp=8$/);
      assert.equal(await page.locator('#regimes-error').count(), 0);
      const [ra, rb] = await readouts(page);
      assertReadout(ra, 'fitted');
      assertReadout(rb, 'testjig');
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('the tab opens from the default page on the nearest scenario with maps, and says so', async () => {
    const { context, page, problems } = await newAppPage(app.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openApp(page, app.server.url, '');
      assert.match(await page.inputValue('#machine'), /intel-paragon/);
      await afterMapPaints(page, 'open the regimes tab', () => page.click('#tab-regimes'));
      assert.equal(await page.locator('#regimes-error').count(), 0, 'no error');
      const note = page.locator('#regimes-note');
      assert.ok(await note.isVisible(), 'a note says what changed');
      assert.match(await note.textContent(), /Intel Paragon has no node-bandwidth-limited parameters.*DELTA/);
      assert.equal(await page.inputValue('#machine'), 'intel-delta');
      assert.ok(await page.locator('#map-a').count(), 'the maps are drawn');
      assert.match(await page.evaluate(() => location.search), /machine=intel-delta.*view=regimes/);
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });

  it('a tap reads a cell out and only a second tap on it takes it into the scenario', async () => {
    const { context, page, problems } = await newAppPage(app.browser, {
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      await openApp(page, app.server.url, REGIMES);
      const before = await page.evaluate(() => location.search);
      const area = page.locator('#map-area-a');
      await area.scrollIntoViewIfNeeded();
      const box = await area.boundingBox();
      const standard = cliMap('standard');
      const [col, row] = [100, 60];
      const at = { x: ((col + 0.5) / 128) * box.width, y: ((127 - row + 0.5) / 128) * box.height };
      await area.tap({ position: at });
      await page.waitForFunction((n) => document.querySelector('#map-readout-a .map-readout-text')?.dataset.n === String(n), standard.lengths[col], { timeout: 3000 });
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => location.search), before, 'one tap leaves the scenario alone');
      await area.tap({ position: at });
      await page.waitForFunction((n) => new URLSearchParams(location.search).get('n') === String(n), standard.lengths[col], { timeout: 3000 });
      assert.deepEqual(appFailures(problems), []);
    } finally {
      await context.close();
    }
  });
});
