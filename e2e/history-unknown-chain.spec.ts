import { formatInteger } from '../src/domain/number-format.ts';
import { expect, test } from './fixtures.ts';
import { openSecondOfTwo } from './native-unit-entries.ts';

// An entry whose chain is not known (imported with no chainId, or a request that failed before its
// chain was checked) read its transaction value and network fee as "0.001 native": a token nobody
// named, by decimals nobody gave. They now read in wei, with why no token is named.

const UNKNOWN_FEE = 'chain not known: the service gives the fee as gas × gas price in wei, and with no chain no token can be named for it';
const UNKNOWN_VALUE = 'chain not known: the service gives the value the call carries in wei, and with no chain no token can be named for it';

test('an entry whose chain is not known reads its transaction value and network fee in wei, saying why no token is named, and so does a diff of two', async ({ app, engine }) => {
  const { history, first, body } = await openSecondOfTwo(app, engine, null);
  const transaction = history.detail.getByRole('table', { name: 'Transaction' });
  await expect(transaction.getByRole('row', { name: /^value/ }).getByRole('cell')).toHaveText(`${formatInteger(body.transaction.value)} wei${UNKNOWN_VALUE}`, { timeout: 30_000 });
  await expect(history.detail.getByRole('row', { name: /^Network fee/ }).getByRole('cell')).toContainText(`${formatInteger(body.totalNetworkFee)} wei`);
  await expect(history.detail.getByRole('row', { name: /^Network fee/ }).getByRole('cell')).toContainText(UNKNOWN_FEE);
  // No figure anywhere in the entry reads in a token nobody named ("0.001 native").
  await expect(history.detail.getByText(/[0-9] native\b/)).toHaveCount(0);
  await app.expectNoSeriousAxe('history, an entry whose chain is not known');
  await app.screenshotAtBothSizes('history-unknown-chain-quote', () => transaction.scrollIntoViewIfNeeded());

  await history.detail.getByRole('button', { name: 'Compare with…' }).click();
  await history.row(first.zid!).getByRole('button').click();
  const fee = history.diff.getByRole('table', { name: 'Body differences' }).getByRole('row', { name: /^\$\.totalNetworkFee changed/ });
  const before = (first.body as { totalNetworkFee: string }).totalNetworkFee;
  const [beforeCell, afterCell] = [fee.getByRole('cell').nth(1), fee.getByRole('cell').nth(2)];
  await expect(beforeCell).toHaveText(`"${before}"${formatInteger(before)} weichain not known, so no token can be named`, { timeout: 30_000 });
  await expect(afterCell).toContainText(`"${body.totalNetworkFee}"${formatInteger(body.totalNetworkFee)} weichain not known, so no token can be named`);
  // The note wraps in its cell: the table fits the panel, its After column not cut off at 1280 px.
  await app.page.setViewportSize({ width: 1280, height: 800 });
  const table = history.diff.getByRole('table', { name: 'Body differences' });
  const [tableBox, panelBox] = [await table.boundingBox(), await history.diff.boundingBox()];
  expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
  await app.expectNoSeriousAxe('history, a diff of two entries whose chain is not known');
  await app.screenshotAtBothSizes('history-unknown-chain-diff', () => fee.scrollIntoViewIfNeeded());
});
