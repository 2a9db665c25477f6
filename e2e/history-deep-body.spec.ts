import { expect, test } from './fixtures.ts';
import { customerEntry, HistoryPage } from './pages/history-page.ts';

// A body nested deeper than the history keeps parsed (MAX_JSON_DEPTH, 1,000 levels) is kept as its
// text only. Before the fix History's body bar called it "not JSON", which it is not: the schema
// report beside it said why it was kept as text, and the bar contradicted it.

const DEPTH = 5_000;
const ZID = '0x9c1f8a2d4e6b7c30a1b2c3d4';

test('a body nested too deep for the tree reads as JSON kept as text only, not as "not JSON"', async ({ app }) => {
  await app.show('History');
  const entry = customerEntry('https://api.example.test/swap/permit2/price?chainId=1&sellAmount=100000000', `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`, ZID);
  const history = new HistoryPage(app.page);
  await history.importEntries([entry]);
  await history.row(ZID).getByRole('button').click();
  await history.tab('Request and response');
  await expect(history.detail.getByRole('table', { name: 'Schema report' })).toContainText('kept as text only', { timeout: 20_000 });
  await history.tab('Body');
  await expect(history.detail.getByText('JSON nested more than 1,000 levels deep: kept as text only', { exact: false })).toBeVisible();
  await expect(history.detail.getByText(/not JSON/)).toHaveCount(0);
  await expect(history.detail.getByRole('tablist', { name: 'Body view' }).getByRole('tab')).toHaveText(['Raw text']);
  // Its raw text is a list with nothing focusable in it: the list takes the focus, and keys scroll it.
  const raw = history.detail.getByRole('list', { name: 'Raw body' });
  await raw.focus();
  await app.page.keyboard.press('PageDown');
  await expect.poll(() => raw.evaluate((list) => list.scrollTop)).toBeGreaterThan(0);
  await app.screenshotAtBothSizes('history-deep-body', () => history.detail.getByRole('tablist', { name: 'Body view' }).scrollIntoViewIfNeeded());
  await app.expectNoSeriousAxe('an entry whose body is too deep for the tree');
});
