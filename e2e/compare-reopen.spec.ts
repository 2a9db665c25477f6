import { rm } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { copyAsEarlierRun, setRate } from './compare-runs.ts';

/** Past comparisons reopened while another comparison is still running. */

/** The state of a run as the engine has it, read past the screen. */
async function runState(page: Page, runId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const api = (window as unknown as { api: { compare: { status: (input: unknown) => Promise<{ ok: boolean; value: { state: string } }> } } }).api;
    return (await api.compare.status({ runId: id })).value.state;
  }, runId);
}

test('a past run opened while another runs stays on screen as it was run, also once the other ends', async ({ app }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  await expect(compare.caption).toContainText('1,000 USDC → WETH on 1 chain');

  // 0.1 rps: one start every 10 s or so (a chain's two sides together), so the run is still going
  // when the past run is opened, and for a good while after.
  await setRate(app.page, 0.1);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '5', chains: ['Ethereum', 'Base'] });
  await expect(compare.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const runningId = await app.page.evaluate(async () => {
    const api = (window as unknown as { api: { compare: { list: () => Promise<{ value: { runs: { runId: string; state: string }[] } }> } } }).api;
    return (await api.compare.list()).value.runs.find((run) => run.state === 'running')!.runId;
  });

  await compare.reopen('1,000 USDC to WETH');
  await expect(compare.caption).toContainText('1,000 USDC → WETH on 1 chain');
  await expect(compare.form.getByLabel(/^Amount/)).toHaveValue('1000');
  // The run left going is listed, so that it can be gone back to.
  const pastRuns = app.page.getByRole('region', { name: 'Past comparisons' });
  await expect(pastRuns.getByRole('listitem').first()).toContainText(/5 USDC → WETH.* · running · /);

  // The other run answers its last requests and ends: the screen still shows the run opened, and
  // the form still states it (no "changed since" line).
  await expect.poll(() => runState(app.page, runningId), { timeout: 90_000 }).toBe('done');
  await expect(compare.progress).toContainText('Done: 2/2 requests on 1 chain.');
  await expect(compare.caption).toContainText('1,000 USDC → WETH on 1 chain');
  await expect(compare.rows).toHaveCount(1);
  await expect(app.page.getByText(/changed since/)).toHaveCount(0);

  // The run that was going reopens as it ended.
  await compare.reopen('5 USDC to WETH');
  await expect(compare.caption).toContainText('5 USDC → WETH on 2 chains');
  await expect(compare.progress).toContainText('Done: 4/4 requests on 2 chains.');
});

test('a past run that is gone says so, and the next run opened shows without that message', async ({ app, userDataDir }) => {
  const compare = new ComparePage(app.page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  // A run of an earlier session (this one's are also held in memory): a copy of the file, as 7 USDC.
  const copy = await copyAsEarlierRun(userDataDir);
  await compare.reopen('1,000 USDC to WETH');
  const pastRuns = app.page.getByRole('region', { name: 'Past comparisons' });
  await expect(pastRuns.getByRole('button', { name: /^Open comparison 7 USDC to WETH/ })).toHaveCount(1);
  // Its file goes while it is listed (retention removes a run whose requests it removed).
  await rm(copy);
  await compare.reopen('7 USDC to WETH');
  const gone = app.page.getByRole('alert').filter({ hasText: /^No comparison cmp-earlier0001/ });
  await expect(gone).toBeVisible();
  await compare.reopen('1,000 USDC to WETH');
  await expect(compare.caption).toContainText('1,000 USDC → WETH on 1 chain');
  await expect(gone).toHaveCount(0);
});
