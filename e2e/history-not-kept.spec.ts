import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { saveScreenshot } from './screenshot.ts';
import { historyFileIn } from '../src/core/history/history-path.ts';

// The history held by another writer past the store's busy timeout (the same STORAGE failure as a
// full disk): a comparison's figures are shown, and the app says its requests were not kept, where
// before the "open in history" links went without a word and History never found those requests.
// Once the file is free again, the next run's requests are kept.

test('a comparison whose requests cannot be kept says so, and the next run once the history is free keeps them', async ({ app, engine, userDataDir }, testInfo) => {
  // Held once the data worker has opened the file, as when another writer takes it while the app runs.
  expect(await engine.handlers['history.notices'](undefined)).toEqual({ notices: [] });
  const holder = new DatabaseSync(historyFileIn(userDataDir));
  holder.exec('BEGIN IMMEDIATE');
  let isHeld = true;
  try {
    await app.show('Compare');
    const compare = new ComparePage(app.page);
    await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Optimism'] });
    await compare.waitForEnd();
    await expect(compare.progress).toContainText('Done: 2/2 requests');
    await expect(compare.rows).toHaveCount(1);
    await expect(compare.table.getByRole('button', { name: /open in history$/ })).toHaveCount(0);
    const notice = app.page.getByRole('region', { name: 'Notices' }).getByRole('alert');
    await expect(notice).toHaveCount(1, { timeout: 15_000 });
    await expect(notice).toContainText('Requests are not being kept in history (database is locked). Their answers are shown all the same, but History will not find them');
    const serious = (await new AxeBuilder({ page: app.page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id), 'axe').toEqual([]);
    for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
      await app.page.setViewportSize({ width, height });
      await saveScreenshot(app.page, { path: testInfo.outputPath(`history-not-kept-${width}.png`) });
    }

    holder.exec('ROLLBACK');
    isHeld = false;
    await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
    await compare.waitForEnd();
    await expect(compare.table.getByRole('button', { name: /^Allowance Holder buy on Optimism: .* WETH, open in history$/ })).toBeVisible();
    await expect(notice).toHaveCount(1);
  } finally {
    if (isHeld) holder.exec('ROLLBACK');
    holder.close();
  }
});
