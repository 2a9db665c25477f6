import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { AppError } from '../src/ipc/result.ts';
import { expect, test } from './fixtures.ts';
import { holdHandler } from './hold-handler.ts';
import { HistoryPage } from './pages/history-page.ts';

// A customer's (imported) entry is replayed on a profile chosen beside Replay. That picker was read
// once per window (shared with the paste box): empty until the listing answered, empty for good
// when it failed, and Replay then went to Local service with no word of it.

const ZID = '0x000000000000000000abe101';

test('Replay of an imported entry pressed while the profiles are listed waits for the list, then replays on the profile shown', async ({ app, engine }) => {
  await engine.history.insert(sampleEntry({ zid: ZID, origin: 'imported' }));
  const listing = holdHandler(engine.handlers, 'profiles.list');
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.row(ZID).getByRole('button').click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(ZID);
  await expect.poll(listing.asked).toBe(1);
  const picker = history.detail.getByRole('combobox', { name: 'Replay with' });
  await expect(picker).toHaveText('Listing…');
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(history.detail.getByRole('button', { name: 'Replaying…', exact: true })).toHaveAttribute('aria-disabled', 'true');
  expect((await engine.handlers['history.count']()).count).toBe(1);

  listing.release();
  await expect(history.diff).toBeVisible({ timeout: 30_000 });
  expect((await engine.handlers['history.get']({ id: 2 })).profileId).toBe('local');
});

test('with the profiles not listed, Replay of an imported entry replays nothing and says why', async ({ app, engine }) => {
  await engine.history.insert(sampleEntry({ zid: ZID, origin: 'imported' }));
  const reason = "The keychain could not be read (Couldn't access platform storage).";
  engine.handlers['profiles.list'] = () => Promise.reject(new AppError('STORAGE', reason));
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.row(ZID).getByRole('button').click();
  const picker = history.detail.getByRole('combobox', { name: 'Replay with' });
  await expect(picker).toHaveText('Not listed');
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(history.detail.getByRole('alert')).toHaveText(`The profiles could not be listed: ${reason} Nothing is replayed until the profiles can be listed.`);
  expect((await engine.handlers['history.count']()).count).toBe(1);
  await app.expectNoSeriousAxe('history, imported entry with the profiles not listed');
  await app.screenshotAtBothSizes('history-imported-profiles-not-listed', () => picker.scrollIntoViewIfNeeded());
});
