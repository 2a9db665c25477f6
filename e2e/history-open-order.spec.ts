import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';

// On a busy machine an entry's read may answer after the user has clicked another row. The late
// answer used to replace the entry clicked last: the detail showed #1 under the row of #2 the user
// had chosen, and its figures read as #2's.

test('an entry whose read answers after another row was opened does not take the detail back', async ({ app, engine }) => {
  const [first, second] = ['0x000000000000000000abd101', '0x000000000000000000abd102'];
  await engine.history.insertMany([sampleEntry({ zid: first, startedAt: '2026-01-01T00:00:00.000Z' }), sampleEntry({ zid: second, startedAt: '2026-01-01T00:00:01.000Z' })]);
  const get = engine.handlers['history.get'];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let heldAsked = 0;
  let heldAnswered = false;
  engine.handlers['history.get'] = async (input) => {
    if (input.id !== 1) return get(input);
    heldAsked += 1;
    await released;
    const entry = await get(input);
    heldAnswered = true;
    return entry;
  };
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.loaded).toHaveText('2 entries loaded');
  await history.row(first).getByRole('button').click();
  await expect.poll(() => heldAsked).toBe(1);
  await history.row(second).getByRole('button').click();
  const heading = history.detail.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(/^Entry #2 /);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(second);

  release();
  await expect.poll(() => heldAnswered).toBe(true);
  // The answer went to the page before this call: once a frame has been drawn after it, the page
  // has done what it does with the answer.
  await app.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(heading).toHaveText(/^Entry #2 /);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(second);
  // The list's chosen row and the detail agree.
  await expect(history.row(second).getByRole('button')).toHaveAttribute('aria-current', 'true');
});
