// The page's modules (crates/web/src/lazy.rs): a first visit to the calculator runs the
// calculator's module only, a link to the Collectives or the Traffic view that view's module only,
// an address of another view the full module only (Trunk.toml's loader); the full module (every
// view, and the calculator's scenarios that need the traffic simulator or MPI's collective
// algorithms) loads when another view or such a scenario first opens, shows a loading notice
// meanwhile, and takes the page over with everything the person had: the scenario, the focused
// tab, Back and Forward. A failed load says so and can be retried.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { afterRepaint, appFailures, cli, evalQuery, metricMap, newAppPage, openApp, shownErrors, useApp } from './harness.mjs';

const app = useApp();

/** The full module's files, which only another view (or an export) fetches. */
const FULL = /\/commcalc-full(_bg\.wasm|\.js)$/;

/**
 * A page without a service worker (which would serve the full module from its cache, out of
 * the test's sight), recording every URL it requests.
 */
async function recordingPage(options = {}) {
  const opened = await newAppPage(app.browser, { serviceWorkers: 'block', ...options });
  const requested = [];
  opened.page.on('request', (r) => requested.push(r.url()));
  return { ...opened, requested };
}

/**
 * The app's failures, but for sw-register.js finding no service worker to register (they are
 * blocked here) and `also`.
 */
const failures = (problems, also = /^$/) =>
  appFailures(problems).filter((m) => !m.includes('/sw-register.js') && !also.test(m));

const openTab = (page) => page.evaluate(() => document.querySelector('nav.tabs [aria-current="page"]')?.id);

/** The modules of one view: their files, which only a link to their view fetches. */
const ONE_VIEW = /\/commcalc-(compare|validate|regimes|collectives|traffic|import)(_bg\.wasm|\.js)$/;
const CALCULATOR = /\/commcalc-web-[0-9a-f]+(_bg\.wasm|\.js)$/;

/**
 * The module a fresh page of `query` in `context` starts ('calculator', 'full' or a view's):
 * the first wasm the page asks for, which is refused, so that nothing is compiled.
 */
async function startedModule(context, query) {
  const page = await context.newPage();
  await page.route('**/*.wasm', (route) => route.abort());
  const first = new Promise((resolve) => page.on('request', (r) => r.url().endsWith('.wasm') && resolve(r.url())));
  await page.goto(`${app.server.url}?${query}`, { waitUntil: 'load' });
  const wasm = await Promise.race([first, new Promise((resolve) => setTimeout(() => resolve(''), 10_000))]);
  await page.close();
  assert.ok(wasm, `${query}: no module requested`);
  if (CALCULATOR.test(wasm)) return 'calculator';
  const name = wasm.match(/\/commcalc-(\w+)_bg\.wasm$/)?.[1];
  assert.ok(['full', 'compare', 'validate', 'regimes', 'collectives', 'traffic', 'import'].includes(name), `${query}: an unknown module ${wasm}`);
  return name;
}

const startsFull = async (context, query) => (await startedModule(context, query)) === 'full';

describe('the calculator module, the modules of one view and the full module', () => {
  it('opens the calculator without the full module, and another view with it, keeping the state', async () => {
    const { context, page, problems, requested } = await recordingPage();
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      await afterRepaint(page, 'pick the DELTA', () => page.selectOption('#machine', 'intel-delta'));
      assert.deepEqual(requested.filter((u) => FULL.test(u)), [], 'the calculator needs no full module');

      // Held back until the notice has been seen, as on a slow connection.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route('**/commcalc-full_bg.wasm', async (route) => {
        await held;
        await route.continue();
      });
      await page.focus('#tab-compare');
      await page.keyboard.press('Enter');
      const notice = page.getByRole('status').filter({ hasText: 'Loading “Compare”…' });
      await notice.waitFor({ timeout: 10_000 });
      release();
      await page.waitForSelector('#add-compared', { timeout: 20_000 });
      assert.equal(await notice.count(), 0, 'the notice goes');
      assert.equal(requested.filter((u) => FULL.test(u)).length, 2, 'the full module: its script and wasm, once');
      assert.equal(await openTab(page), 'tab-compare');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'tab-compare', 'the focus stays on the tab');
      assert.ok(!page.url().includes('asked='), `the hand-over's key leaves the address: ${page.url()}`);
      assert.equal(await page.inputValue('#machine'), 'intel-delta', 'the scenario is kept');

      await page.goBack();
      await page.waitForFunction(() => document.querySelector('#tab-calculator')?.getAttribute('aria-current') === 'page');
      assert.equal(await page.inputValue('#machine'), 'intel-delta');
      assert.ok(await page.isVisible('canvas#latency-chart'), 'the full module shows the calculator too');
      await page.goForward();
      await page.waitForFunction(() => document.querySelector('#tab-compare')?.getAttribute('aria-current') === 'page');
      assert.deepEqual(failures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it("refuses a traffic key on another pattern in the calculator's module, which does not read the traffic keys", async () => {
    // The calculator's module is built without the traffic pattern's keys (index.html): a key
    // of the simulator on another pattern is refused by name, as the CLI refuses it, and the
    // rest of the address stands.
    const { context, page, problems, requested } = await recordingPage();
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=pingpong&size=2000&dim=3');
      const errors = await shownErrors(page);
      const dim = errors.find((e) => e.key === 'dim');
      assert.ok(dim, `ul#errors > li[data-key="dim"], got ${JSON.stringify(errors)}`);
      assert.match(dim.text, /does not take dim/);
      assert.equal(await page.inputValue('[data-control="size"] input[data-part="number"]'), '2000', 'the size stands');
      assert.ok(!(await page.evaluate(() => location.search.includes('dim='))), 'the refused key leaves the address');
      assert.throws(
        () => cli(['eval', 'machine=intel-ipsc&pattern=pingpong&size=2000&dim=3'], { stdio: 'pipe' }),
        (e) => /does not take dim/.test(String(e.stderr)),
        'the CLI refuses the key too',
      );
      assert.deepEqual(requested.filter((u) => FULL.test(u)), [], 'the calculator module alone');
      assert.deepEqual(failures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it("makes the calculator's exports with the full module, saying so while it loads", async () => {
    const { context, page, problems, requested } = await recordingPage({ acceptDownloads: true });
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route('**/commcalc-full_bg.wasm', async (route) => {
        await held;
        await route.continue();
      });
      const saved = page.waitForEvent('download', { timeout: 20_000 });
      await page.click('[data-export="csv"]');
      await page.getByRole('status').filter({ hasText: 'Loading the exports…' }).waitFor({ timeout: 10_000 });
      release();
      const file = await saved;
      assert.equal(file.suggestedFilename(), 'commcalc-intel-paragon-pingpong.csv');
      assert.equal(requested.filter((u) => FULL.test(u)).length, 2, 'the full module, once');
      assert.equal(await page.locator('[data-export]').count(), 8, "the full module's export bar is on screen");
      assert.deepEqual(failures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('opens another view straight from the full module, without the calculator module', async () => {
    const { context, page, problems, requested } = await recordingPage();
    try {
      // A fitted machine named in the address: only the full module lists it.
      await openApp(page, app.server.url, '?machine=custom&pattern=pingpong&alpha=1&beta=0.01&fitted=my+cluster&view=compare');
      await page.waitForSelector('#add-compared', { timeout: 20_000 });
      assert.deepEqual(requested.filter((u) => CALCULATOR.test(u) || ONE_VIEW.test(u)), [], 'no calculator module, no module of one view');
      assert.equal(requested.filter((u) => FULL.test(u)).length, 2, 'the full module: its script and wasm');
      assert.deepEqual(failures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  /**
   * Opens `query`, a link to `view`, which its own module shows (`ready`, a selector of the
   * view's); then `next`'s tab, which the full module takes over, keeping the scenario.
   */
  async function oneView(view, query, ready, next, nextReady) {
    const { context, page, problems, requested } = await recordingPage();
    try {
      await openApp(page, app.server.url, query);
      await page.waitForSelector(ready, { timeout: 20_000 });
      const own = new RegExp(`/commcalc-${view}(_bg\\.wasm|\\.js)$`, 'u');
      assert.equal(requested.filter((u) => own.test(u)).length, 2, `the ${view} module: its script and wasm`);
      assert.deepEqual(requested.filter((u) => FULL.test(u) || CALCULATOR.test(u)), [], 'no full module, no calculator module');
      // The Validate view has no scenario panel.
      const machineOf = async () => ((await page.locator('#machine').count()) ? page.inputValue('#machine') : null);
      const machine = await machineOf();
      await page.focus(`#tab-${next}`);
      await page.keyboard.press('Enter');
      await page.waitForSelector(nextReady, { timeout: 30_000 });
      assert.equal(requested.filter((u) => FULL.test(u)).length, 2, 'then the full module: its script and wasm, once');
      assert.equal(await openTab(page), `tab-${next}`);
      assert.equal(await page.evaluate(() => document.activeElement?.id), `tab-${next}`, 'the focus stays on the tab');
      const nextMachine = await machineOf();
      if (machine && nextMachine) assert.equal(nextMachine, machine, 'the machine is kept');
      assert.ok(!page.url().includes('asked='), `the hand-over's key leaves the address: ${page.url()}`);
      const sheets = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent));
      assert.ok(sheets.length > 0, "the views' style sheets are in the page");
      assert.equal(new Set(sheets).size, sheets.length, "the views' style sheets are in the page once each");
      await page.goBack();
      await page.waitForSelector(ready, { timeout: 20_000 });
      assert.equal(await openTab(page), `tab-${view}`, 'Back returns to the view, now in the full module');
      assert.deepEqual(failures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  }

  it('opens the Collectives view from its own module, and another view with the full module', () =>
    oneView('collectives', '?machine=intel-delta&pattern=allreduce&view=collectives', '#coll-map-area', 'compare', '#add-compared'));

  it('opens the Traffic view from its own module, and the calculator with the full module', () =>
    oneView('traffic', '?machine=intel-ipsc&pattern=traffic&view=traffic', '#traffic-results tr[data-metric="completion_us"]', 'calculator', 'table#metrics tr[data-metric="completion_us"]'));

  it('opens the Regimes, Compare, Validate and Import views from their own modules, each handing another view over', async () => {
    await oneView('regimes', '?machine=intel-delta&pattern=global-combine&view=regimes', '#regimes-title', 'collectives', '#coll-map-area');
    await oneView('compare', '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong', '#add-compared', 'validate', '#validate-title');
    await oneView('validate', '?view=validate', '#validate-title', 'regimes', '#regimes-title');
    await oneView('import', '?view=import', 'textarea#import-text', 'compare', '#add-compared');
  });

  it("names the validation data set in the page's title in the Validate view's own module", async () => {
    const { context, page } = await recordingPage();
    try {
      await openApp(page, app.server.url, '?view=validate');
      await page.waitForSelector('#validate-title', { timeout: 20_000 });
      assert.ok((await page.title()).includes(await page.textContent('#validate-title')), await page.title());
    } finally {
      await context.close();
    }
  });

  it('starts a view\'s own module for a link to it alone, and the full module for anything more', async () => {
    const { context } = await recordingPage();
    try {
      const expected = {
        'machine=intel-delta&pattern=allreduce&view=collectives': 'collectives',
        'view=collectives': 'collectives',
        'machine=intel-ipsc&pattern=traffic&view=traffic&embed=1': 'traffic',
        'view=traffic': 'traffic',
        'view=regimes': 'regimes',
        'machine=intel-delta&pattern=global-combine&view=regimes&embed=1': 'regimes',
        'view=compare&c=machine=intel-ipsc;pattern=pingpong': 'compare',
        'view=validate&set=001-table1': 'validate',
        'view=import': 'import',
        'view=calculator': 'full',
        'view=collectives&view=traffic': 'full',
        'view=collectives&fitted=my+cluster': 'full',
        'view=traffic&asked=share': 'full',
      };
      for (const [query, module] of Object.entries(expected)) {
        assert.equal(await startedModule(context, query), module, query);
      }
    } finally {
      await context.close();
    }
  });

  /**
   * Picks `pattern` in the calculator's module (on `from`), sees the notice for `title` while
   * the full module is held back, then the full module's report: the CLI's `metric`.
   */
  async function handedOver(from, pattern, title, metric) {
    const { context, page, problems, requested } = await recordingPage();
    try {
      await openApp(page, app.server.url, from);
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route('**/commcalc-full_bg.wasm', async (route) => {
        await held;
        await route.continue();
      });
      await page.selectOption('#pattern', pattern);
      const notice = page.getByRole('status').filter({ hasText: `Loading “${title}”…` });
      await notice.waitFor({ timeout: 10_000 });
      assert.equal(await page.inputValue('#pattern'), pattern, 'the picker shows the choice meanwhile');
      assert.equal(await page.locator('#errors li').count(), 0, 'no problem listed meanwhile');
      release();
      await page.waitForSelector(`table#metrics tr[data-metric="${metric}"] td.value`, { timeout: 30_000 });
      assert.equal(await notice.count(), 0, 'the notice goes');
      assert.equal(requested.filter((u) => FULL.test(u)).length, 2, 'the full module: its script and wasm, once');
      const query = new URL(page.url()).search.slice(1);
      assert.match(query, new RegExp(`pattern=${pattern}`, 'u'));
      assert.equal((await metricMap(page))[metric]?.value, String(evalQuery(query).metrics[metric]), "the CLI's numbers");
      assert.deepEqual(failures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  }

  it('hands the traffic pattern over to the full module when picked in the calculator', () =>
    handedOver('?machine=intel-ipsc&pattern=pingpong', 'traffic', 'Synthetic traffic', 'completion_us'));

  it("hands a collective costed by MPI's algorithms over to the full module, and keeps a paper's collective", async () => {
    await handedOver('?machine=intel-paragon&pattern=pingpong', 'allreduce', 'Allreduce', 'time_us');
    const { context, page, problems, requested } = await recordingPage();
    try {
      await openApp(page, app.server.url, '?machine=intel-ipsc&pattern=pingpong');
      await afterRepaint(page, "pick 003's broadcast", () => page.selectOption('#pattern', 'broadcast'));
      const query = new URL(page.url()).search.slice(1);
      assert.equal((await metricMap(page)).time_us?.value, String(evalQuery(query).metrics.time_us), "the CLI's numbers");
      assert.deepEqual(requested.filter((u) => FULL.test(u)), [], "003's broadcast on the iPSC needs no full module");
      assert.deepEqual(failures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it("starts the full module straight away for an address of the traffic pattern or a collective's", async () => {
    const { context } = await recordingPage();
    try {
      for (const { id, machines } of JSON.parse(cli(['patterns', '--json']))) {
        const query = `machine=${machines[0]}&pattern=${id}`;
        let collective = true;
        try {
          cli(['collectives', query], { stdio: 'pipe' });
        } catch {
          collective = false;
        }
        const full = await startsFull(context, query);
        assert.equal(full, id === 'traffic' || collective, `${query}: the full module ${full ? 'started' : 'not started'}`);
      }
    } finally {
      await context.close();
    }
  });

  it('starts the full module straight away for a browser that keeps fitted machines, or an address naming one', async () => {
    const { context, page } = await recordingPage();
    try {
      const calculator = 'machine=intel-paragon&pattern=pingpong';
      assert.equal(await startsFull(context, calculator), false, 'nothing kept: the calculator module');
      assert.equal(await startsFull(context, `machine=custom&pattern=pingpong&alpha=1&beta=0.01&fitted=my+cluster`), true, 'fitted= in the address');
      // The Import view's storage keys (crates/web/src/import.rs), the current one and the first.
      for (const key of ['commcalc.fitted.v3', 'commcalc.fitted.v2', 'commcalc.fitted.v1']) {
        await page.goto(app.server.url, { waitUntil: 'load' });
        await page.evaluate((k) => { localStorage.clear(); localStorage.setItem(k, 'kept'); }, key);
        assert.equal(await startsFull(context, calculator), true, `${key} kept: the full module lists them`);
        assert.equal(await startsFull(context, `${calculator}&embed=1`), false, `${key} kept, embedded: an embed reads no storage`);
      }
    } finally {
      await context.close();
    }
  });

  it('says so when the full module cannot be loaded, and loads it when the view is opened again', async () => {
    const { context, page, problems } = await recordingPage();
    try {
      await openApp(page, app.server.url, '?machine=intel-paragon&pattern=pingpong');
      await page.route('**/commcalc-full_bg.wasm', (route) => route.abort());
      await page.click('#tab-compare');
      const failed = page.getByRole('status').filter({ hasText: /“Compare” could not be loaded/ });
      await failed.waitFor({ timeout: 10_000 });
      assert.ok(await page.isVisible('#machine'), 'the calculator module still runs the page');

      // Opened again (another view here), the load is tried again. The Paragon has no maps, so
      // the full module, taking the page over, moves to the DELTA and says so.
      await page.unroute('**/commcalc-full_bg.wasm');
      await page.click('#tab-regimes');
      await page.waitForSelector('#regimes-note', { timeout: 20_000 });
      assert.match(await page.textContent('#regimes-note'), /Intel Paragon has no node-bandwidth-limited parameters.*DELTA/);
      assert.deepEqual(failures(problems, /commcalc-full_bg\.wasm/), [], 'no console or page error but the failed fetch');
    } finally {
      await context.close();
    }
  });
});
