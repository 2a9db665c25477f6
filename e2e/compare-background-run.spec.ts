import { rm } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { copyAsEarlierRun, setRate } from './compare-runs.ts';

/** A comparison left going while another run is opened: what the screen and the list say of it. */

// 0.5 rps: a chain's requests start about every 2 s, so three chains are still going when the
// next step is taken, and done within seconds after.
async function startSlowRun(compare: ComparePage): Promise<void> {
  await setRate(compare.page, 0.5);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '5', chains: ['Ethereum', 'Base', 'Arbitrum'] });
  await expect(compare.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
}

test('a past run whose file is gone leaves the run on screen marked as not it, and still polled', async ({ app, userDataDir }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  // A run of an earlier session, listed, whose file then goes (retention removes a run whose requests it removed).
  const copy = await copyAsEarlierRun(userDataDir);
  await compare.reopen('1,000 USDC to WETH');
  await expect(app.page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: /^Open comparison 7 USDC to WETH/ })).toHaveCount(1);
  await rm(copy);

  await startSlowRun(compare);
  await compare.reopen('7 USDC to WETH');
  await expect(app.page.getByRole('alert').filter({ hasText: /^No comparison cmp-earlier0001/ })).toHaveText(/The comparison below is the one shown before, not this run\.$/);
  await expect(compare.caption).toContainText('5 USDC → WETH');
  // The run on screen is still read: it ends on screen, every row in.
  await expect(compare.progress).toContainText('Done: 6/6 requests on 3 chains.', { timeout: 30_000 });
  await expect(compare.rows).toHaveCount(3);
});

test('a run left going in the background reads as it ends in Past comparisons, without reloading the list', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await startSlowRun(compare);
  await compare.reopen('1,000 USDC to WETH');
  const entry = app.page.getByRole('region', { name: 'Past comparisons' }).getByRole('listitem').filter({ hasText: /^5 USDC → WETH/ });
  await expect(entry).toContainText(/ · running · /);
  await expect(entry).toContainText(/Ethereum, Base, Arbitrum · 6\/6 · done · /, { timeout: 30_000 });
  // The screen still shows the run opened.
  await expect(compare.caption).toContainText('1,000 USDC → WETH on 1 chain');
});

test("a row's detail that cannot be read, its run's file gone since it was opened, says so in its place rather than loading for good", async ({ app, userDataDir }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  // A run of an earlier session (not held in memory), opened, whose file then goes.
  const copy = await copyAsEarlierRun(userDataDir);
  await compare.reopen('1,000 USDC to WETH');
  await compare.reopen('7 USDC to WETH');
  await expect(compare.caption).toContainText('7 USDC → WETH');
  await rm(copy);
  await compare.table.getByRole('button', { name: 'Details for Ethereum' }).click();
  await expect(compare.table.getByRole('alert')).toHaveText('The detail could not be read: No comparison cmp-earlier0001. The row above is as it was read when the run was opened.');
  await expect(app.page.getByText('Loading the detail…')).toHaveCount(0);
  await app.expectNoSeriousAxe('a detail that could not be read');
  await app.screenshotAtBothSizes('compare-detail-unreadable', () => compare.table.getByRole('alert').scrollIntoViewIfNeeded());
  // Closed, the problem goes with it.
  await compare.table.getByRole('button', { name: 'Details for Ethereum' }).click();
  await expect(compare.table.getByRole('alert')).toHaveCount(0);
});
