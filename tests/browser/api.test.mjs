// The JavaScript API for course pages (docs/api.md): its example page
// computes and shows the Paragon's n½ and r∞ and a bad query's message, exactly as the CLI
// does; `evaluate` and `catalog` return the CLI's JSON as plain objects; and loading the
// module on a page that is not the app mounts no app.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

import {
  DIST,
  ROOT,
  appFailures,
  cli,
  evalQuery,
  newAppPage,
  openApp,
  relDiff,
  shownErrors,
  useApp,
} from './harness.mjs';

const app = useApp();

const EXAMPLE = path.join(ROOT, 'web', 'api-example.html');
const GOOD = 'machine=intel-paragon&pattern=pingpong';
const BAD = 'machine=nosuch';
/** Several problems at once: the message has one line per problem. */
const BAD_MANY = 'machine=intel-paragon&pattern=pingpong&size=-3&p=1&colour=red';

/** The problems the CLI prints on stderr for a rejected query, one per line. */
function cliProblems(query) {
  try {
    cli(['eval', query], { stdio: 'pipe' });
  } catch (err) {
    assert.equal(err.status, 2, `commcalc eval "${query}" exits with 2`);
    const [head, ...lines] = err.stderr.trimEnd().split('\n');
    assert.match(head, /^commcalc: the query is not accepted/);
    return lines.map((l) => l.trim());
  }
  throw new Error(`commcalc eval "${query}" was expected to fail`);
}

/** Opens the example page and waits until it shows its three values. */
async function openExample(page) {
  await page.goto(app.server.url + 'api-example.html', { waitUntil: 'load' });
  await page.waitForFunction(
    () => ['#n-half', '#r-inf', '#error'].every((s) => document.querySelector(s)?.textContent),
    null,
    { timeout: 20_000 },
  );
}

/** Numbers equal to 1e-12 (the same Rust code, natively and as wasm); everything else exactly. */
function assertClose(actual, expected, where) {
  if (typeof expected === 'number' && typeof actual === 'number') {
    assert.ok(relDiff(actual, expected) <= 1e-12, `${where}: ${actual} vs the CLI's ${expected}`);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: an array`);
    assert.equal(actual.length, expected.length, `${where}: length`);
    expected.forEach((e, i) => assertClose(actual[i], e, `${where}[${i}]`));
  } else if (expected && typeof expected === 'object') {
    assert.equal(Object.getPrototypeOf(actual), Object.prototype, `${where}: a plain object`);
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${where}: keys`);
    for (const k of Object.keys(expected)) assertClose(actual[k], expected[k], `${where}.${k}`);
  } else {
    assert.equal(actual, expected, where);
  }
}

describe('the JavaScript API', () => {
  it("is documented in docs/api.md with the example page's exact content", () => {
    const page = fs.readFileSync(path.join(ROOT, 'docs', 'api.md'), 'utf8');
    const block = page.match(/^```html\n([\s\S]*?)^```$/m);
    assert.ok(block, 'docs/api.md has an ```html block');
    assert.equal(block[1], fs.readFileSync(EXAMPLE, 'utf8'), 'the example in docs/api.md is web/api-example.html');
    assert.equal(
      fs.readFileSync(path.join(DIST, 'api-example.html'), 'utf8'),
      fs.readFileSync(EXAMPLE, 'utf8'),
      'dist/api-example.html is web/api-example.html (rebuild with make site)',
    );
  });

  it("the example page shows the CLI's n½, r∞ and error message, and mounts no app", async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openExample(page);
      const shown = await page.evaluate(() =>
        Object.fromEntries(['n-half', 'r-inf', 'error'].map((id) => [id, document.getElementById(id).textContent])),
      );
      const { metrics } = evalQuery(GOOD);
      assert.equal(shown['n-half'], metrics.n_half_bytes.toFixed(0), 'n½ in bytes');
      assert.equal(shown['r-inf'], metrics.r_inf_MBps.toFixed(1), 'r∞ in MB/s');
      assert.ok(relDiff(Number(shown['n-half']), 12_700) <= 0.01, `n½ ≈ 12.7 kB (001 §2), got ${shown['n-half']}`);
      assert.equal(shown.error, cliProblems(BAD).join('\n'), "the Error's message is the CLI's");

      const mounted = await page.evaluate(() => ({
        app: document.querySelector('#app, main, canvas, table#metrics, ul#errors, select') !== null,
        tags: [...document.body.children].map((e) => e.tagName.toLowerCase()),
      }));
      assert.equal(mounted.app, false, `no app on the example page (body: ${mounted.tags.join(', ')})`);
      assert.deepEqual(mounted.tags, ['p', 'p', 'script'], "the body is the page's own");
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('evaluate() returns the report of `commcalc eval --json` as a plain object', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openExample(page);
      for (const query of [GOOD, 'machine=ethernet-now&pattern=all-to-all&p=8&size=1k', 'machine=intel-delta&pattern=global-combine']) {
        const report = await page.evaluate(async (q) => (await import('./commcalc.js')).evaluate(q), query);
        assertClose(report, evalQuery(query), query);
      }
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });

  it('evaluate() throws an Error with the message the CLI and the app show', async () => {
    const { context, page } = await newAppPage(app.browser);
    try {
      await openExample(page);
      const thrown = await page.evaluate(async (q) => {
        const { evaluate } = await import('./commcalc.js');
        try {
          evaluate(q);
        } catch (e) {
          return { error: e instanceof Error, message: e.message };
        }
        return null;
      }, BAD_MANY);
      assert.ok(thrown, `evaluate("${BAD_MANY}") throws`);
      assert.equal(thrown.error, true, 'it throws an Error');
      const lines = cliProblems(BAD_MANY);
      assert.ok(lines.length >= 3, `several problems: ${lines.join(' | ')}`);
      assert.equal(thrown.message, lines.join('\n'), 'one line per problem, as on stderr');

      // The app lists the same problems for the same URL.
      await openApp(page, app.server.url, '?' + BAD_MANY);
      const listed = (await shownErrors(page)).map((e) => e.text);
      for (const line of lines) assert.ok(listed.includes(line), `the app lists "${line}" (it lists ${JSON.stringify(listed)})`);
    } finally {
      await context.close();
    }
  });

  it('catalog() lists every machine and pattern as `commcalc machines/patterns --json` do', async () => {
    const { context, page, problems } = await newAppPage(app.browser);
    try {
      await openExample(page);
      const catalog = await page.evaluate(async () => (await import('./commcalc.js')).catalog());
      assert.deepEqual(Object.keys(catalog).sort(), ['machines', 'patterns']);
      const machines = JSON.parse(cli(['machines', '--json']));
      const patterns = JSON.parse(cli(['patterns', '--json']));
      assert.deepEqual(catalog.machines.map((m) => m.id), machines.map((m) => m.id), 'machine ids, in order');
      assert.deepEqual(catalog.patterns.map((p) => p.id), patterns.map((p) => p.id), 'pattern ids, in order');
      assertClose(catalog.machines, machines, 'machines');
      assertClose(catalog.patterns, patterns, 'patterns');
      assert.deepEqual(appFailures(problems), [], 'no console or page error');
    } finally {
      await context.close();
    }
  });
});
