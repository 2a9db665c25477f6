import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';
import { saveScreenshotSet } from './screenshot.ts';

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
// Enough entries that the list is as tall as it grows (520 px), the hardest case to keep in view.
const OTHER_ENTRIES = 14;

// A quote's detail (summary, route, transaction, decoded calldata, EIP-712) is many screens long.
// Scrolled down to read it, the entry list went up and out of the window with the rest of the page,
// leaving a blank left column: the next entry was a scroll back to the top away. The list now stays
// in view wherever the detail is scrolled, at both window sizes.
test('the entry list stays in the window while a long entry detail is scrolled to its end', async ({ app, engine }, testInfo) => {
  for (let index = 0; index < OTHER_ENTRIES; index++) await engine.history.insert(sampleEntry());
  const explorer = new ExplorerPage(app.page);
  const history = new HistoryPage(app.page);
  await app.show('Explorer');
  await explorer.fill({ endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: TAKER });
  await explorer.send();
  await explorer.result.getByRole('button', { name: 'Open in history' }).click();
  await expect(history.detail.getByLabel('Decoded function')).toHaveText('execute', { timeout: 20_000 });
  await expect(history.loaded).toHaveText(`${OTHER_ENTRIES + 1} entries loaded`);
  const quoteZid = (await history.detail.getByLabel('Entry zid').textContent())!.trim();
  const main = app.page.getByRole('main');
  for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
    await app.page.setViewportSize({ width, height });
    await history.row(quoteZid).getByRole('button').click();
    await expect(history.detail.getByLabel('Entry zid')).toHaveText(quoteZid);
    // The detail must be longer than the window, or nothing here is tested.
    await expect.poll(() => main.evaluate((element) => element.scrollHeight - element.clientHeight), { timeout: 20_000 }).toBeGreaterThan(height);
    await expect(async () => {
      await main.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      expect(await main.evaluate((element) => Math.ceil(element.scrollTop + element.clientHeight) >= element.scrollHeight)).toBe(true);
    }).toPass({ timeout: 20_000 });
    await expect(history.list, `the entry list at ${width} x ${height}`).toBeInViewport({ ratio: 1 });
    await expect(history.search, `the search box at ${width} x ${height}`).toBeInViewport({ ratio: 1 });
    // The next entry opens from there, with no scroll back up.
    const next = history.list.getByRole('listitem').filter({ hasNotText: quoteZid }).first();
    const nextZid = (await next.locator('.zid').textContent())!.trim();
    await next.getByRole('button').click();
    await expect(history.detail.getByLabel('Entry zid')).toHaveText(nextZid);
  }
  await history.row(quoteZid).getByRole('button').click();
  await main.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'history-list-in-view');
});
