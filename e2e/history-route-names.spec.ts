import { chainLabel } from '../src/domain/chains.ts';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';
import { saveScreenshotSet } from './screenshot.ts';

// The real service names Arbitrum's USDC.e "USDC" in its routes, beside native USDC (route symbols
// need not be unique), as the local service does: a route through both must not read "USDC → USDC".
test('a route through two tokens the answer names alike reads as two tokens in History', async ({ app }, testInfo) => {
  const explorer = new ExplorerPage(app.page);
  await app.show('Explorer');
  await explorer.fill({ endpoint: 'Allowance Holder price', chain: chainLabel(42161), sell: 'USDC.e', buy: 'WETH', amount: '1000' });
  await explorer.send();
  await explorer.result.getByRole('button', { name: 'Open in history' }).click();
  const history = new HistoryPage(app.page);
  const route = history.detail.getByRole('group', { name: 'Route' });
  await expect(route.getByRole('img', { name: /^USDC\.e → USDC: / })).toBeVisible();
  await expect(route.getByRole('img', { name: /^USDC → WETH: / })).toBeVisible();
  await expect(route).not.toContainText('USDC → USDC');
  // The tax table names the sell token as the summary does.
  await expect(history.detail.getByRole('table', { name: 'Summary' })).toContainText('1,000 USDC.e');
  await expect(history.detail.getByText('Sell USDC.e', { exact: true })).toBeVisible();
  await route.scrollIntoViewIfNeeded();
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'history-route-names');
});
