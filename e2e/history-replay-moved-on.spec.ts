import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { setRate } from './compare-runs.ts';
import { HistoryPage } from './pages/history-page.ts';

// A replay waits for its profile's rate budget (or a slow service); the user opens another entry
// meanwhile. Before the fix that entry's Replay button read "Replaying…" as if it were the one
// replaying, and the answer, once in, took the detail away from it to the first entry's replay
// (a failure would have been said under it as its own).
test("a replay that comes back after another entry was opened is said as that replay's, and leaves the entry open", async ({ app, engine }) => {
  const [first, second] = ['0x000000000000000000abc101', '0x000000000000000000abc102'];
  await engine.history.insertMany([sampleEntry({ zid: first, startedAt: '2026-01-01T00:00:00.000Z' }), sampleEntry({ zid: second, startedAt: '2026-01-01T00:00:01.000Z' })]);
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.loaded).toHaveText('2 entries loaded');
  await history.row(first).getByRole('button').click();
  const heading = history.detail.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(/^Entry #1 /);
  // One start every 10 s: the replay below waits for the one before it.
  await setRate(app.page, 0.1);
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(heading).toHaveText(/^Entry #3 /);
  await history.searchFor(first);
  await history.row(first).getByRole('button').click();
  await expect(heading).toHaveText(/^Entry #1 /);
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(history.detail.getByRole('button', { name: 'Replaying…', exact: true })).toBeVisible();

  await history.searchFor(second);
  await history.row(second).getByRole('button').click();
  await expect(heading).toHaveText(/^Entry #2 /);
  // Entry #2 is not the one replaying, and its button says whose replay it waits for.
  const waiting = history.detail.getByRole('button', { name: 'Replaying #1…', exact: true });
  await expect(waiting).toHaveAttribute('aria-disabled', 'true');
  await expect(history.detail.getByRole('alert')).toHaveText('Replay of #1 came back as #4 while this entry was open: open #1 to find it under its replays.', { timeout: 30_000 });
  await expect(heading).toHaveText(/^Entry #2 /);
  await expect(history.detail.getByRole('button', { name: 'Replay', exact: true })).toHaveAttribute('aria-disabled', 'false');
  await app.expectNoSeriousAxe('history, a replay said under another entry');
  await app.screenshotAtBothSizes('history-replay-moved-on', () => history.detail.getByRole('alert').scrollIntoViewIfNeeded());
});
