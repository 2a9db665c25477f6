import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';

test('an open entry that retention removed is marked, and the list drops the removed rows once one fails to open', async ({ app, engine }) => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const zids = Array.from({ length: 8 }, (_, i) => `0x${(0xabc000 + i).toString(16).padStart(24, '0')}`);
  await engine.history.insertMany(zids.map((zid, i) => sampleEntry({ zid, startedAt: new Date(base + i * 1000).toISOString() })));
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.loaded).toHaveText('8 entries loaded');
  await history.row(zids[1]!).getByRole('button').click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[1]!);
  // Retention applied meanwhile (a CLI command, or the newest 100,000 passed): the oldest five go.
  await engine.handlers['history.setRetention']({ maxEntries: 3, maxAgeDays: null });
  await history.row(zids[0]!).getByRole('button').click();
  await expect(history.detail.getByRole('alert').filter({ hasText: 'NOT_FOUND' })).toBeVisible();
  await expect(history.detail.getByRole('alert').filter({ hasText: 'No longer in History: removed by retention.' })).toBeVisible();
  await expect(history.loaded).toHaveText('3 entries loaded');
  await expect(history.row(zids[0]!)).toHaveCount(0);
  // An entry still kept opens unmarked.
  await history.row(zids[7]!).getByRole('button').click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[7]!);
  await expect(history.detail.getByRole('alert')).toHaveCount(0);
});
