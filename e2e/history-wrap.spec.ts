import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';
import { overflowsRight } from './line-breaks.ts';
import { saveScreenshotSet } from './screenshot.ts';

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

// A wrap or unwrap in the spec's default wrapUnwrapMode (direct) calls the wrapped native token
// itself: deposit() or withdraw(wad). The support engineer must read that call, not a decoding failure.
test("a direct wrap and unwrap quote's calldata reads as WETH's deposit and withdraw, with what each does", async ({ app }, testInfo) => {
  const explorer = new ExplorerPage(app.page);
  const history = new HistoryPage(app.page);
  for (const [sell, buy, amount, functionName, step] of [
    ['ETH', 'WETH', '1', 'deposit', "wrap 1 ETH into WETH, one for one (WETH's own deposit(), not the settler: no minimum is enforced and no zid is carried)"],
    ['WETH', 'ETH', '2.5', 'withdraw', "unwrap 2.5 WETH into the native token, one for one (WETH's own withdraw(), not the settler: no minimum is enforced and no zid is carried)"],
  ] as const) {
    await app.show('Explorer');
    await explorer.fill({ endpoint: 'Allowance Holder quote', sell, buy, amount, taker: TAKER });
    await explorer.send();
    await explorer.result.getByRole('button', { name: 'Open in history' }).click();
    await expect(history.detail.getByLabel('Decoded function')).toHaveText(functionName);
    await expect(history.detail.getByText('Not decoded')).toHaveCount(0);
    await expect(history.detail.getByRole('list', { name: 'What the calldata does' })).toHaveText(step);
    // deposit has no argument, so no empty table; withdraw's one is listed.
    if (functionName === 'deposit') await expect(history.detail.getByRole('table', { name: 'Calldata arguments' })).toHaveCount(0);
  }
  await expect(history.detail.getByRole('table', { name: 'Calldata arguments' })).toContainText(/wad\s*uint256\s*2500000000000000000/);
  await history.detail.getByRole('table', { name: 'Calldata arguments' }).scrollIntoViewIfNeeded();
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'history-unwrap');
  // The calldata line stays inside the panel at the narrowest window: withdraw's 36 bytes (74
  // characters) were shown whole and ran past its edge, their amount cut off.
  await app.page.setViewportSize({ width: 1280, height: 800 });
  const data = history.detail.getByRole('table', { name: 'Transaction' }).getByRole('row', { name: /^data / }).locator('.data').first();
  await expect(data).toContainText('…');
  expect(await overflowsRight(data, 'article'), 'calldata runs past the panel').toBe(false);
});
