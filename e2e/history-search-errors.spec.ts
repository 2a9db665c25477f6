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

test('the start of a zid typed without its 0x is said to need it, with a button that searches it so, not called an unknown token symbol', async ({ app, engine }) => {
  const zid = '0x3fa2b1c4d5e6f708192a3b4c';
  await engine.history.insertMany([sampleEntry({ zid }), sampleEntry({ zid: '0x000000000000000000000111' })]);
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.searchFor('3FA2B1C4');
  await expect(history.loaded).toHaveText('0 entries loaded');
  const said = app.page.getByRole('status').filter({ hasText: 'is no token symbol' });
  await expect(said).toHaveText('“3FA2B1C4” is no token symbol. If it is the start of a zid, search it with its 0x: a zid prefix starts with 0x (only a whole zid of 24 hex digits is read without it).');
  await expect(app.page.getByText('is not a known token symbol')).toHaveCount(0);
  await app.expectNoSeriousAxe('a zid prefix typed without its 0x');
  await app.page.getByRole('button', { name: 'Search zid 0x3fa2b1c4…' }).click();
  await expect(history.search).toHaveValue('0x3fa2b1c4');
  await expect(history.loaded).toHaveText('1 entry loaded');
  await expect(history.row(zid)).toBeVisible();
  // A word that is no hex is still an unknown symbol, said as before.
  await history.searchFor('USDX');
  await expect(app.page.getByRole('status').filter({ hasText: '“USDX” is not a known token symbol on any chain' })).toBeVisible();
  await expect(app.page.getByRole('button', { name: /^Search zid/ })).toHaveCount(0);
});
