import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';

test('the notice that a replay is hidden by the filters goes once the filters are cleared and it shows', async ({ app, engine }) => {
  const zid = '0x000000000000000000abc001';
  await engine.history.insertMany([sampleEntry({ zid, status: 400, statusText: 'Bad Request', errorName: 'INPUT_INVALID' })]);
  await app.show('History');
  const history = new HistoryPage(app.page);
  const filters = app.page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Status').selectOption({ label: '400' });
  await expect(history.loaded).toHaveText('1 entry loaded');
  await history.row(zid).getByRole('button').click();
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  const notice = app.page.getByText(/^Replay #\d+ is hidden by the filters/);
  await expect(notice).toBeVisible();
  await filters.getByRole('button', { name: /^Clear filters/ }).click();
  await expect(history.loaded).toHaveText('2 entries loaded');
  await expect(notice).toHaveCount(0);
});
