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

describe('gas and L1 data prices from one block to the next', () => {
  // 2,400 consecutive blocks of each chain: 10 minutes of Arbitrum, 80 of Base, 8 hours of Ethereum.
  const largestStep = (chainId: number, priceAt: (state: NonNullable<ReturnType<Market['chainState']>>) => bigint) => {
    const market = new Market(3);
    const first = market.chainState(chainId, START)!.block;
    let largest = 0;
    let previous = Number(priceAt(market.chainState(chainId, 0, first)!));
    for (let block = first + 1; block <= first + 2_400; block++) {
      const price = Number(priceAt(market.chainState(chainId, 0, block)!));
      largest = Math.max(largest, Math.abs(Math.log(price / previous)));
      previous = price;
    }
    return largest;
  };

  it('never steps a fast chain\'s gas price or an L2\'s L1 data price by a block (under 3% a block)', () => {
    // Drawn per 600 blocks, Arbitrum's gas price jumped by tens of percent every 150 s, and Base's
    // L1 data price every 300 blocks: a comparison's two requests could straddle such a step.
    expect(largestStep(42161, (state) => state.gasPriceWei)).toBeLessThan(0.03);
    expect(largestStep(8453, (state) => state.l1WeiPerByte)).toBeLessThan(0.03);
  });

  it('still moves Ethereum\'s gas price from block to block, as its base fee does', () => {
    expect(largestStep(1, (state) => state.gasPriceWei)).toBeGreaterThan(0.05);
  });
});
