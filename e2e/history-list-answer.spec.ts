import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';

// A support engineer opening the zid of a chain list found an empty Explained tab: say what it is.
test("a chain list's Explained tab says what the answer is, as explain does, instead of nothing", async ({ app, engine }) => {
  const explorer = new ExplorerPage(app.page);
  await app.show('Explorer');
  await explorer.fill({ endpoint: 'Swap chains' });
  await explorer.send();
  const zid = (await explorer.result.getByLabel('zid', { exact: true }).textContent()) ?? '';
  await explorer.result.getByRole('button', { name: 'Open in history' }).click();
  const history = new HistoryPage(app.page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid);
  await expect(history.detail.getByRole('tab', { name: 'Explained' })).toHaveAttribute('aria-selected', 'true');
  const kept = (await engine.history.get((await engine.history.findByZid(zid))[0]!.id))!;
  const count = (kept.body as { chains: unknown[] }).chains.length;
  expect(count).toBeGreaterThan(0);
  await expect(history.detail.getByText(`A chain list of ${count} chain(s). The Body tab shows it whole.`)).toBeVisible();
});
