import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { Market, priceQuery } from '../src/service/index.ts';
import { formatInteger } from '../src/domain/number-format.ts';
import { findTokenBySymbol } from '../src/domain/token-registry.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';

// Tempo (4217) has no native token (service-facts.json, nativeSymbol null): a quote's transaction
// value there read "0 native", a token that does not exist, and a diff of two answers read the
// fee by 18 decimals as a bare native amount. The local service trades no token on Tempo, so the
// entries carry its Ethereum quotes' bodies as Tempo requests would.

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const [USDC, WETH] = [findTokenBySymbol(1, 'USDC')!, findTokenBySymbol(1, 'WETH')!];

function tempoQuote(sellAmount: string, gasPrice: string) {
  const query = { chainId: '1', sellToken: USDC.address, buyToken: WETH.address, sellAmount, taker: TAKER };
  const result = priceQuery(new Market(1), 'permit2.quote', query, {});
  if (!result.ok) throw new Error(`${result.name} ${result.message}`);
  const quote = result.body as Record<string, unknown> & { zid: string; transaction: { gas: string; gasPrice: string; value: string } };
  // Another gas price: the second answer's fee differs from the first's, as two answers' do.
  const body = { ...quote, transaction: { ...quote.transaction, gasPrice }, totalNetworkFee: (BigInt(quote.transaction.gas) * BigInt(gasPrice)).toString() };
  const tempo = { ...query, chainId: '4217' };
  return sampleEntry({ zid: quote.zid, endpoint: 'permit2.quote', chainId: 4217, query: tempo, url: `https://127.0.0.1:4443/swap/permit2/quote?${new URLSearchParams(tempo).toString()}`, body, bodyText: JSON.stringify(body) });
}

test('a Tempo quote in History reads its transaction value and network fee in wei, and a diff of two reads their fees in wei', async ({ app, engine }) => {
  const first = tempoQuote('1000000000', '2500000');
  const second = tempoQuote('2000000000', '5000000');
  await engine.history.insert(first);
  await engine.history.insert(second);
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.row(second.zid!).getByRole('button').click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(second.zid!);
  const body = second.body as { totalNetworkFee: string; transaction: { value: string } };
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
