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
  await expect(entry).toContainText(/3 chains · 6\/6 · done · /, { timeout: 30_000 });
  // The screen still shows the run opened.
  await expect(compare.caption).toContainText('1,000 USDC → WETH on 1 chain');
});
