import { allowanceHolderPriceBody } from '../src/spec/test-fixtures.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';

// A support engineer opens a customer's Allowance Holder answer from a server that dropped `mode`
// and `buyAmount`: the schema report names both, not only the discriminator zod stopped at.
test("an imported Allowance Holder answer without mode has the missing buyAmount in its schema report, beside mode's values", async ({ app }) => {
  await app.show('History');
  const { mode: _mode, buyAmount: _buyAmount, ...body } = allowanceHolderPriceBody();
  const zid = body.zid as string;
  const entry = {
    url: 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=100000000',
    method: 'GET',
    requestHeaders: { 'svc-version': 'v2' },
    query: { chainId: '1', sellAmount: '100000000' },
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' },
    bodyText: JSON.stringify(body),
    startedAt: '2026-11-20T09:30:00.000Z',
    durationMs: 12,
    zid,
  };
  await app.page.getByLabel('Import file').setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [entry] })) });
  const history = new HistoryPage(app.page);
  await history.row(zid).getByRole('button').click();
  await history.tab('Request and response');
  const report = history.detail.getByRole('table', { name: 'Schema report' });
  await expect(report.getByRole('row')).toHaveText(['KindPathDetail', 'missing$.modeexpected "exact-in" or "exact-out"', 'missing$.buyAmountexpected string'], { timeout: 20_000 });
  await report.scrollIntoViewIfNeeded();
  await app.screenshot('history-schema-report-no-mode');
});
