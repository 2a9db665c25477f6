import { expect, test } from './fixtures.ts';
import { LadderPage } from './pages/ladder-page.ts';
import { textsOnSeveralLines } from './line-breaks.ts';

// Compare's Sizes table: the verdict columns (Net diff, Better) read on one line at both window
// sizes, and leave every per-model figure clear of them.

test('the size ladder verdict reads on one line at 1280 and 1920, clear of every figure', async ({ app }) => {
  const ladder = new LadderPage(app.page);
  await ladder.open();
  // Three chains with a fee-rate note each, and 100 USDC buying WETH figures of 11 and 13 fraction
  // digits: the widest per-model columns the table holds, beside the verdict.
  await ladder.run('100, 100000', ['Ethereum', 'Base', 'Arbitrum'], { sell: 'USDC', buy: 'WETH' });
  await ladder.waitForEnd();
  const table = ladder.table('100 USDC');
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    await app.page.setViewportSize(viewport);
    await table.scrollIntoViewIfNeeded();
    // "Net diff" / "(bps)" and "Allowance" / "Holder" read as two things; the verdict is the column read first.
    const verdictCells = table.locator('th.verdict, td.verdict');
    await expect(verdictCells).toHaveCount(2 + 2 * 3);
    expect(await textsOnSeveralLines(verdictCells), `verdict split at ${viewport.width}`).toEqual([]);
    // ...with nothing of the figures under the sticky verdict columns, and all of them in view.
    const firstFigure = (await table.getByRole('columnheader', { name: 'Allowance Holder buy' }).boundingBox())!;
    const verdict = (await table.getByRole('columnheader', { name: 'Better (net)' }).boundingBox())!;
    expect(firstFigure.x, `Allowance Holder's first column starts under the verdict at ${viewport.width}`).toBeGreaterThanOrEqual(verdict.x + verdict.width - 1);
    await expect(table.getByRole('columnheader', { name: 'Better (net)' })).toBeInViewport({ ratio: 1 });
    await expect(table.getByRole('columnheader', { name: 'Permit2 net buy, and per unit sold' })).toBeInViewport({ ratio: 1 });
  }
});

test('a size whose Allowance Holder net is not above zero says why it has no net difference in bps', async ({ app }) => {
  const ladder = new LadderPage(app.page);
  await ladder.open();
  // A millionth of a USDC buys far less ETH than the network fee costs.
  await ladder.run('0.000001, 1000', ['Ethereum'], { sell: 'USDC', buy: 'ETH' });
  await ladder.waitForEnd();
  const row = ladder.table('0.000001 USDC').locator('tbody tr[data-chain="1"]');
  // Allowance Holder's net buy (its third cell, after the two of the verdict) as the table shows it: below zero.
  await expect(row.locator('td').nth(4)).toHaveText(/^-0\.[0-9]+/);
  await expect(row.locator('td.net-diff [title]')).toHaveAttribute('title', "no net difference in bps: Allowance Holder's net buy is not above zero, as its network fee costs more than it buys");
  await app.expectNoSeriousAxe('a size with no net difference in bps');
  await app.screenshotAtBothSizes('compare-ladder-net-diff-below-zero', () => row.scrollIntoViewIfNeeded());
});
