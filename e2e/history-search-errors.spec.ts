import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';

test('a search the engine refuses names the field and empties the list instead of leaving the previous answer', async ({ app, engine }) => {
  const zid = '0x000000000000000000abc001';
  await engine.history.insertMany([sampleEntry({ zid }), sampleEntry()]);
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.searchFor(zid);
  await expect(history.loaded).toHaveText('1 entry loaded');
  // A customer's whole message pasted into the box: longer than the search takes.
  await history.searchFor(`${zid} ${'x'.repeat(250)}`);
  await expect(app.page.getByRole('alert')).toContainText('text must have at most 200 characters');
  await expect(history.loaded).toHaveText('0 entries loaded');
  await expect(app.page.getByRole('button', { name: /^Select all shown/ })).toBeDisabled();
  // Nothing typed is lost, and the box searches again once it is short enough.
  await expect(history.search).toHaveValue(`${zid} ${'x'.repeat(250)}`);
  await history.searchFor(zid);
  await expect(history.loaded).toHaveText('1 entry loaded');
  await expect(app.page.getByRole('alert')).toHaveCount(0);
});
