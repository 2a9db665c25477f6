import { expect, test } from './fixtures.ts';
import { holdHandler } from './hold-handler.ts';
import { ComparePage } from './pages/compare-page.ts';
import { LadderPage } from './pages/ladder-page.ts';

// On a busy machine a run's start may take a while to answer, and until then the screen showed
// nothing new: the Compare (or Run size ladder) button read as not pressed, and a second press
// started a second run, twice the requests on the profile's rate budget and a run in the
// background the user never meant to start.

test('Compare pressed again while the start is being answered starts one run, and says it is starting', async ({ app, engine }) => {
  const start = holdHandler(engine.handlers, 'compare.start');
  const compare = new ComparePage(app.page);
  await expect(app.heading('Compare')).toBeVisible();
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Optimism'] });
  await expect.poll(start.asked).toBe(1);
  const button = compare.form.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare.progress).toHaveText('Starting the comparison…');
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // A pointer's press (Playwright waits for an aria-disabled button to be enabled unless forced) and a key's.
  await button.click({ force: true });
  await button.press('Enter');
  await app.expectNoSeriousAxe('compare, a run starting');
  await app.screenshotAtBothSizes('compare-starting', () => compare.progress.scrollIntoViewIfNeeded());

  start.release();
  await compare.waitForEnd();
  await expect(compare.progress).toContainText('Done: 2/2 requests on 1 chain');
  expect(start.asked()).toBe(1);
  await expect(app.page.getByRole('region', { name: 'Past comparisons' }).getByRole('listitem')).toHaveCount(1);
  expect((await engine.handlers['history.count']()).count).toBe(2);
});

test('Run size ladder pressed again while the start is being answered starts one ladder, and says it is starting', async ({ app, engine }) => {
  const start = holdHandler(engine.handlers, 'ladder.start');
  await expect(app.heading('Compare')).toBeVisible();
  const ladder = new LadderPage(app.page);
  await ladder.open();
  await ladder.pickChains(['Optimism']);
  await ladder.amounts.fill('100, 1000');
  const run = ladder.form.getByRole('button', { name: 'Run size ladder', exact: true });
  await run.click();
  await expect.poll(start.asked).toBe(1);
  await expect(ladder.progress).toHaveText('Starting the size ladder…');
  await expect(run).toHaveAttribute('aria-disabled', 'true');
  await run.click({ force: true });
  await run.press('Enter');

  start.release();
  await ladder.waitForEnd();
  await expect(ladder.progress).toHaveText('Done: 4/4 requests, 2 sizes on 1 chain.');
  expect(start.asked()).toBe(1);
  expect((await engine.handlers['history.count']()).count).toBe(4);
});
