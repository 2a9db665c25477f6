import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';

// Issue 11's acceptance asks for axe on every screen and main state: Compare, Explorer, Settings and
// the paste box have their own checks; this one covers History (list, each tab of an entry, the
// diff) and About, in light and dark.
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function sendPrice(app: { page: Page }, amount: string): Promise<string> {
  await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Explorer', exact: true }).click();
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount });
  await explorer.send();
  return (await explorer.result.getByLabel('zid', { exact: true }).textContent()) ?? '';
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test('History: list, entry tabs and a diff; About', async ({ app }) => {
      test.setTimeout(180_000);
      const first = await sendPrice(app, '1');
      const second = await sendPrice(app, '2');
      await app.show('History');
      const history = new HistoryPage(app.page);
      await expect(history.row(second)).toBeVisible();
      expect(await seriousViolations(app.page), 'list').toEqual([]);

      await history.row(second).getByRole('button').click();
      await expect(history.detail.getByLabel('Entry zid')).toHaveText(second);
      expect(await seriousViolations(app.page), 'explained').toEqual([]);
      await history.tab('Request and response');
      expect(await seriousViolations(app.page), 'request and response').toEqual([]);
      await history.tab('Body');
      await expect(history.detail.getByRole('list', { name: 'JSON tree' })).toBeVisible();
      expect(await seriousViolations(app.page), 'body').toEqual([]);

      await history.tab('Explained');
      await history.detail.getByRole('button', { name: 'Compare with…' }).click();
      await history.row(first).getByRole('button').click();
      await expect(history.diff.getByRole('table', { name: 'Body differences' })).toBeVisible();
      expect(await seriousViolations(app.page), 'diff').toEqual([]);

      await app.show('About');
      expect(await seriousViolations(app.page), 'about').toEqual([]);
    });
  });
}
