import type { NewHistoryEntry } from '../src/ipc/schemas/history-entry.ts';
import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { Market, priceQuery } from '../src/service/index.ts';
import { findTokenBySymbol } from '../src/domain/token-registry.ts';
import type { Engine } from '../src/core/engine.ts';
import { expect } from './fixtures.ts';
import type { AppPage } from './pages/app-page.ts';
import { HistoryPage } from './pages/history-page.ts';

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const [USDC, WETH] = [findTokenBySymbol(1, 'USDC')!, findTokenBySymbol(1, 'WETH')!];

/**
 * A Permit2 quote of the local service on Ethereum, stored as an entry on a chain whose native
 * token cannot be named: Tempo (4217), which has none, or no chain at all (`chainId: null`, as
 * imported from a file whose request named none). The local service trades no token on Tempo, so
 * the Ethereum body stands in. `gasPrice` sets the fee, so two entries' fees differ as two answers' do.
 */
function quoteEntryOn(chainId: 4217 | null, sellAmount: string, gasPrice: string): NewHistoryEntry {
  const query = { chainId: '1', sellToken: USDC.address, buyToken: WETH.address, sellAmount, taker: TAKER };
  const result = priceQuery(new Market(1), 'permit2.quote', query, {});
  if (!result.ok) throw new Error(`${result.name} ${result.message}`);
  const quote = result.body as Record<string, unknown> & { zid: string; transaction: { gas: string; gasPrice: string; value: string } };
  const body = { ...quote, transaction: { ...quote.transaction, gasPrice }, totalNetworkFee: (BigInt(quote.transaction.gas) * BigInt(gasPrice)).toString() };
  const { chainId: _ethereum, ...noChain } = query;
  const sentQuery = chainId === null ? noChain : { ...query, chainId: String(chainId) };
  const url = `https://127.0.0.1:4443/swap/permit2/quote?${new URLSearchParams(sentQuery).toString()}`;
  return sampleEntry({ zid: quote.zid, ...(chainId === null ? { origin: 'imported' as const } : {}), endpoint: 'permit2.quote', chainId, query: sentQuery, url, body, bodyText: JSON.stringify(body) });
}

/**
 * Stores two such quotes (the first to diff against), opens History on the second and waits for its
 * detail; returns the page and the second's body, whose value and fee the specs read.
 */
export async function openSecondOfTwo(app: AppPage, engine: Engine, chainId: 4217 | null): Promise<{ history: HistoryPage; first: NewHistoryEntry; body: { totalNetworkFee: string; transaction: { value: string } } }> {
  const first = quoteEntryOn(chainId, '1000000000', '2500000');
  const second = quoteEntryOn(chainId, '2000000000', '5000000');
  await engine.history.insert(first);
  await engine.history.insert(second);
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.row(second.zid!).getByRole('button').click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(second.zid!);
  return { history, first, body: second.body as { totalNetworkFee: string; transaction: { value: string } } };
}
