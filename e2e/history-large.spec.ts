import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';

// A 10 MB body (a price-shaped body with ~250,000 route fills that are not the spec's shape) opens,
// explains, and scrolls as a tree and as raw text. Before bounded parsing, zod overflowed Chromium's
// stack on it and the page died. Timings are bench/history-viewer.bench.ts's job, not this test's.
test('a 10 MB response body opens, shows as a JSON tree and scrolls to its last raw line', async ({ app, engine }) => {
  const zid = '0x00000000000000000000b190';
  engine.history.insert(sampleEntry({ zid }, 10 * 1024 * 1024));
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.openByZid(zid);
  await expect(history.detail.getByRole('status')).toContainText('This body is 10.0 MB');
  await history.tab('Body');
  const tree = history.detail.getByRole('list', { name: 'JSON tree' });
  await expect(tree.getByRole('button', { name: 'Expand $.route.fills' })).toBeVisible();
  await tree.getByRole('button', { name: 'Expand $.route.fills' }).click();
  await expect(history.detail.getByText(/^[\d,]+ rows shown$/)).toHaveText(/^2\d\d,\d{3} rows shown$/);
  await history.detail.getByRole('tab', { name: 'Raw text' }).click();
  const raw = history.detail.getByRole('list', { name: 'Raw body' });
  await raw.evaluate((viewport) => viewport.scrollTo({ top: viewport.scrollHeight }));
  await expect(raw.getByRole('listitem').last()).toContainText(/\}\]\}\}$/);
  await history.tab('Request and response');
  await expect(history.detail.getByText('1 attempt', { exact: false })).toBeVisible();
});
