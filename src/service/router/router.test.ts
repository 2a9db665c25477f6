import { describe, expect, it } from 'vitest';
import { constantProduct, type PoolEdge } from '../market/pools.ts';
import { Market } from '../market/liquidity.ts';
import { marketTokens } from '../market/tokens.ts';
import { roundShares } from './bps.ts';
import { findRoute, type RoutedFill } from './router.ts';
import { solveSplit } from './split.ts';

const NOW = Date.UTC(2026, 0, 15, 12);

function edge(id: string, reserveIn: number, reserveOut: number, gas = 70_000): PoolEdge {
  return { id, source: id, kind: 'constant-product', address: '0x0', sellToken: 'a', buyToken: 'b', gas, quote: constantProduct(reserveIn, reserveOut, 3000) };
}

describe('solveSplit', () => {
  it('splits between two identical pools evenly and beats either pool alone', () => {
    const pools = [edge('p', 1_000, 1_000), edge('q', 1_000, 1_000)];
    const [state] = solveSplit([[pools]], 200, 64);
    const hop = state!.hops[0]!;
    expect(Math.abs(hop.alloc[0]! - hop.alloc[1]!)).toBeLessThan(200 / 64);
    const total = hop.outs[0]! + hop.outs[1]!;
    expect(total).toBeGreaterThan(pools[0]!.quote(200));
  });

  it('equalises marginal rates across unequal pools (the optimum\'s condition)', () => {
    const pools = [edge('deep', 10_000, 10_000), edge('thin', 1_000, 1_000)];
    const [state] = solveSplit([[pools]], 2_000, 64);
    const hop = state!.hops[0]!;
    const marginal = (i: number) => (pools[i]!.quote(hop.alloc[i]! + 1e-3) - pools[i]!.quote(hop.alloc[i]!)) / 1e-3;
    expect(Math.abs(marginal(0) - marginal(1)) / marginal(0)).toBeLessThan(1e-3);
  });

  it('routes through a two-hop path when it pays more than the direct pool', () => {
    const direct = [edge('direct', 100, 100)];
    const hop1 = [edge('h1', 100_000, 100_000)];
    const hop2 = [edge('h2', 100_000, 100_000)];
    const states = solveSplit([[direct], [hop1, hop2]], 50, 64);
    expect(states[1]!.amountIn).toBeGreaterThan(states[0]!.amountIn);
  });
});

describe('roundShares', () => {
  it('rounds to whole bps with each path\'s hops carrying the same total', () => {
    const fill = (pathIndex: number, hopIndex: number, share: number) => ({ pathIndex, hopIndex, share }) as RoutedFill;
    const fills = [fill(0, 0, 3333.4), fill(0, 0, 3333.3), fill(1, 0, 3333.3), fill(1, 1, 1111.1), fill(1, 1, 2222.2)];
    const bps = roundShares(fills);
    expect(bps.every(Number.isInteger)).toBe(true);
    expect(bps[0]! + bps[1]! + bps[2]!).toBe(10_000);
    expect(bps[3]! + bps[4]!).toBe(bps[2]);
  });
});

describe('findRoute on the seeded market', () => {
  const market = new Market(21);
  const state = market.chainState(1, NOW)!;
  const tokens = marketTokens(1);
  const weth = tokens.find((t) => t.symbol === 'WETH')!;
  const dai = tokens.find((t) => t.symbol === 'DAI')!;
  const request = (amountIn: number, gasUnitCostInBuy: number, excluded: string[] = []) => ({ state, sell: weth, buy: dai, amountIn, excludedSources: new Set(excluded), gasUnitCostInBuy });

  it('is deterministic for a seed and block', () => {
    expect(findRoute(new Market(21), request(50, 0))!.amountOut).toBe(findRoute(market, request(50, 0))!.amountOut);
  });

  it('uses more pools for bigger trades and never gets less than the best single pool', () => {
    const small = findRoute(market, request(0.1, 1e-6))!;
    const big = findRoute(market, request(5_000, 1e-6))!;
    expect(big.fills.length).toBeGreaterThan(small.fills.length);
    const direct = market.edges(state, weth, dai);
    const bestSingle = Math.max(...direct.map((e) => e.quote(5_000)));
    expect(big.amountOut).toBeGreaterThanOrEqual(bestSingle);
  });

  it('drops fills whose gas costs more than they add when gas is dear', () => {
    const cheap = findRoute(market, request(20_000, 0))!;
    const dear = findRoute(market, request(20_000, 0.01))!;
    expect(dear.fills.length).toBeLessThan(cheap.fills.length);
    const net = (r: { amountOut: number; poolGas: number }) => r.amountOut - r.poolGas * 0.01;
    expect(net(dear)).toBeGreaterThan(net(cheap));
  });

  it('honours excluded sources', () => {
    const route = findRoute(market, request(100, 0, ['uniswap_v3', 'rfq']))!;
    expect(route.fills.map((f) => f.edge.source.toLowerCase())).not.toContain('uniswap_v3');
  });
});
