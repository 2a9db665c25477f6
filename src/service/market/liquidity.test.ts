import { describe, expect, it } from 'vitest';
import { Market } from './liquidity.ts';
import { marketTokens } from './tokens.ts';
import { findRoute } from '../router/router.ts';

const START = Date.UTC(2026, 0, 15, 12);

/** |change| in bps of the best USDC -> WETH output from one block of a chain to the next, at 40 times an hour apart. */
function blockToBlockBps(chainId: number): number[] {
  const market = new Market(3);
  const tokens = marketTokens(chainId);
  const usdc = tokens.find((token) => token.symbol === 'USDC')!;
  const weth = tokens.find((token) => token.symbol === 'WETH')!;
  const out = (block: number) => findRoute(market, { state: market.chainState(chainId, 0, block)!, sell: usdc, buy: weth, amountIn: 10_000, excludedSources: new Set(), gasUnitCostInBuy: 0 })!.amountOut;
  return Array.from({ length: 40 }, (_, i) => {
    const block = market.chainState(chainId, START + i * 3_600_000)!.block;
    return Math.abs(out(block + 1) / out(block) - 1) * 10_000;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Two requests of a comparison land a few hundred ms apart: on Arbitrum (a block every 250 ms)
// often in two blocks. Pool lags and maker spreads drawn anew at every block moved its prices
// a median 5 bps from one block to the next, more than the models differ; they now move over seconds.
describe('the market from one block to the next', () => {
  it('moves a fast chain little between adjacent blocks, and a 12-second chain more', () => {
    const arbitrum = median(blockToBlockBps(42161));
    const ethereum = median(blockToBlockBps(1));
    expect(arbitrum).toBeLessThan(1);
    // Twelve seconds is two of the lag's periods: the pools' lags are drawn anew, as arbitrage moves them.
    expect(ethereum).toBeGreaterThan(1);
    expect(ethereum).toBeGreaterThan(3 * arbitrum);
  });
});
