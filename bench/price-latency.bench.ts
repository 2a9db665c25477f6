import { Market } from '../src/service/market/liquidity.ts';
import { priceQuery, type SwapEndpointId } from '../src/service/price-query.ts';
import { DEMO_TAKERS } from '../src/service/swap/taker-state.ts';
import { tokensOf } from '../src/domain/token-registry.ts';
import type { BenchRow } from './types.ts';

/**
 * In-process price latency: priceQuery (validation, market, router, fees, calldata) over a mix of
 * chains, pairs, sizes and both models, prices and quotes. The clock moves one block every ten
 * requests, so pools are rebuilt as they would be on a live chain and cold paths are included.
 */

const ENDPOINTS: SwapEndpointId[] = ['allowance-holder.price', 'permit2.price', 'allowance-holder.quote', 'permit2.quote'];
const CHAINS = [1, 8453, 42161, 10, 56, 137, 43114, 59144];
const WARMUP = 300;
const MEASURED = 3_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function query(i: number): { id: SwapEndpointId; query: Record<string, string> } {
  const chainId = CHAINS[i % CHAINS.length]!;
  const tokens = tokensOf(chainId);
  const sell = tokens[(i * 7) % tokens.length]!;
  const buy = tokens[(i * 7 + 1 + ((i >> 3) % (tokens.length - 1))) % tokens.length]!;
  const amount = 10n ** BigInt(Math.max(0, sell.decimals - 3 + ((i * 13) % 8)));
  return { id: ENDPOINTS[(i >> 1) % ENDPOINTS.length]!, query: { chainId: String(chainId), sellToken: sell.address, buyToken: buy.address, sellAmount: amount.toString(), taker: DEMO_TAKERS.funded } };
}

/** p50 and p99 of in-process pricing in ms. */
export async function run(): Promise<BenchRow[]> {
  const market = new Market(1);
  let nowMs = Date.UTC(2026, 0, 15, 12);
  const times: number[] = [];
  for (let i = 0; i < WARMUP + MEASURED; i++) {
    if (i % 10 === 0) nowMs += 12_000;
    const { id, query: q } = query(i);
    const started = performance.now();
    const result = priceQuery(market, id, q, { nowMs });
    const elapsed = performance.now() - started;
    if (!result.ok && result.status >= 500) throw new Error(`unexpected failure: ${result.name}`);
    if (i >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const detail = `${MEASURED} requests over ${CHAINS.length} chains, both models, price and quote`;
  return [
    { name: 'in-process price latency p50', value: percentile(times, 50), unit: 'ms', target: 1, comparison: '<=', detail },
    { name: 'in-process price latency p99', value: percentile(times, 99), unit: 'ms', target: 5, comparison: '<=' },
  ];
}
