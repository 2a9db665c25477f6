import type { Handlers } from '../src/core/dispatch.ts';
import { AppError } from '../src/ipc/result.ts';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';

// A comparison whose status reads fail while it runs: the screen said "running" with its bar and
// Cancel for good, with nothing following the run any more. It now says the reads are retried,
// then that it no longer follows the run, its last figures as last read, and how to read it again.

/** Makes `channel` fail with INTERNAL until the returned function puts the real handler back. */
function failHandler(handlers: Handlers, channel: keyof Handlers): () => void {
  const table = handlers as unknown as Record<string, (input: never) => Promise<unknown>>;
  const original = table[channel]!;
  table[channel] = () => Promise.reject(new AppError('INTERNAL', 'the engine did not answer'));
  return () => {
    table[channel] = original;
  };
}

test('a running comparison whose progress can no longer be read says so, stops claiming it runs, and reads again once reopened', async ({ app, engine }) => {
  const compare = new ComparePage(app.page);
  await expect(app.heading('Compare')).toBeVisible();
  // 0.5 rps: six requests on three chains take about 10 s, so the run is going when the reads fail.
  const answer = await app.page.evaluate(() =>
    (window as unknown as { api: { profiles: { setRateBudget: (input: unknown) => Promise<{ ok: boolean }> } } }).api.profiles.setRateBudget({ profileId: 'local', rateBudgetRps: 0.5 }),
  );
  expect(answer.ok).toBe(true);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum', 'Base', 'Optimism'] });
  await expect(compare.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();

  const restore = failHandler(engine.handlers, 'compare.status');
  const retrying = app.page.getByRole('status').filter({ hasText: /^Progress could not be read: the engine did not answer\. Retrying…$/ });
  await expect(retrying).toBeVisible();
  // Still going in the engine as far as anyone knows: bar and Cancel stay while the reads are retried.
  await expect(compare.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // Six failed reads, about 11 s of retrying, then given up.
  const givenUp = app.page.getByRole('alert').filter({ hasText: /^The comparison's progress can no longer be read: the engine did not answer\./ });
  await expect(givenUp).toBeVisible({ timeout: 40_000 });
  await expect(givenUp).toContainText(/(The figures below are as last read \([1-6]\/6 requests\), not current|No answer had been read \(0\/6 requests\))\. The comparison may still be going: reopen it from Past comparisons to read it again\.$/);
  await expect(compare.progress).toHaveText(/^No longer followed: \d+\/6 requests when last read\s*$/);
  await expect(compare.progress.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(compare.progress.getByRole('progressbar')).toHaveCount(0);
  await expect(retrying).toHaveCount(0);
  await app.expectNoSeriousAxe('compare, progress no longer read');
  await app.screenshotAtBothSizes('compare-progress-unreadable', () => givenUp.scrollIntoViewIfNeeded());

  // The reads answer again: the run reopened from the list is read, and followed to its end.
  restore();
  const past = app.page.getByRole('region', { name: 'Past comparisons' });
  await past.getByRole('button', { name: /^Open comparison 1,000 USDC to WETH/ }).first().click();
  await expect(compare.progress).toContainText('Done: 6/6 requests on 3 chains', { timeout: 40_000 });
  await expect(givenUp).toHaveCount(0);
});
