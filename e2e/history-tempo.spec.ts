import { formatInteger } from '../src/domain/number-format.ts';
import { expect, test } from './fixtures.ts';
import { openSecondOfTwo } from './native-unit-entries.ts';

// Tempo (4217) has no native token (service-facts.json, nativeSymbol null): a quote's transaction
// value there read "0 native", a token that does not exist, and a diff of two answers read the
// fee by 18 decimals as a bare native amount. The local service trades no token on Tempo, so the
// entries carry its Ethereum quotes' bodies as Tempo requests would.

test('a Tempo quote in History reads its transaction value and network fee in wei, and a diff of two reads their fees in wei', async ({ app, engine }) => {
  const { history, first, body } = await openSecondOfTwo(app, engine, 4217);
  const transaction = history.detail.getByRole('table', { name: 'Transaction' });
  await expect(transaction.getByRole('row', { name: /^value/ }).getByRole('cell')).toHaveText(`${formatInteger(body.transaction.value)} weino native token on this chain: the service gives the value the call carries in wei and names no token it is in`, { timeout: 30_000 });
  await expect(history.detail.getByRole('row', { name: /^Network fee/ }).getByRole('cell')).toContainText(`${formatInteger(body.totalNetworkFee)} wei`);
  // No figure anywhere in the entry reads in a native token ("0 native").
  await expect(history.detail.getByText(/[0-9] native\b/)).toHaveCount(0);
  await app.expectNoSeriousAxe('history, a Tempo quote');
  await app.screenshotAtBothSizes('history-tempo-quote', () => transaction.scrollIntoViewIfNeeded());

  await history.detail.getByRole('button', { name: 'Compare with…' }).click();
  await history.row(first.zid!).getByRole('button').click();
  const fee = history.diff.getByRole('table', { name: 'Body differences' }).getByRole('row', { name: /^\$\.totalNetworkFee changed/ });
  const before = (first.body as { totalNetworkFee: string }).totalNetworkFee;
  await expect(fee).toContainText(`${formatInteger(before)} wei`, { timeout: 30_000 });
  await expect(fee).toContainText(`${formatInteger(body.totalNetworkFee)} wei`);
  await app.expectNoSeriousAxe('history, a diff of two Tempo quotes');
  await app.screenshotAtBothSizes('history-tempo-diff', () => fee.scrollIntoViewIfNeeded());
});
