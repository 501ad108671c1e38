// Accessibility: axe-core audits every view in light and dark colours, and the embedded page,
// and finds no serious or critical violation (WCAG 2.x A and AA rules, contrast included).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { axeViolations as audit, newAppPage, openApp, useApp } from './harness.mjs';

/** Every view, as a person reaches it by its address. */
const VIEWS = {
  calculator: '?machine=intel-paragon&pattern=pingpong',
  compare: '?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong',
  validate: '?view=validate&set=atm-separate',
  // A shared link to a fitted machine's own points, opened where they are not kept.
  'validate, fitted set without its points':
    '?machine=custom&pattern=pingpong&alpha=1.2&beta=0.0001&view=validate&set=fitted&fitted=my+cluster',
  regimes: '?machine=intel-delta&pattern=global-combine&view=regimes&fa=standard&fb=nominal',
  collectives: '?machine=intel-delta&pattern=allreduce&view=collectives',
  traffic: '?machine=intel-ipsc&pattern=traffic&view=traffic',
  import: '?view=import',
  embed: '?machine=intel-paragon&pattern=pingpong&embed=1&show=size,alpha',
  'bad address': '?machine=nosuch&p=-3',
};

const app = useApp();

describe('accessibility', () => {
  for (const scheme of ['light', 'dark']) {
    for (const [name, query] of Object.entries(VIEWS)) {
      it(`${name}, ${scheme}: no serious or critical axe violations`, async () => {
        const { context, page } = await newAppPage(app.browser, { colorScheme: scheme });
        try {
          await openApp(page, app.server.url, query);
          assert.deepEqual(await audit(page), []);
        } finally {
          await context.close();
        }
      });
    }
  }

  it('the share dialog passes too', async () => {
    const { context, page } = await newAppPage(app.browser);
    try {
      await openApp(page, app.server.url, VIEWS.calculator);
      await page.click('#share');
      await page.waitForSelector('#share-dialog[open]');
      assert.deepEqual(await audit(page), []);
    } finally {
      await context.close();
    }
  });
});
