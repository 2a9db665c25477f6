import { Market } from '../src/service/market/liquidity.ts';
import type { PoolEdge } from '../src/service/market/pools.ts';
import { marketTokens, type MarketToken } from '../src/service/market/tokens.ts';
import { findRoute } from '../src/service/router/router.ts';
import { pathOutput, solveSplit } from '../src/service/router/split.ts';
import type { BenchRow } from './types.ts';

/**
 * Router quality: the router's buy amount against the optimum of the same pools, found by an
 * independent fine-grained reference solver: 100,000 equal chunks, each sent down the path and
 * pools that pay most for it (for concave pools this converges to the optimum as the chunk shrinks;
 * its own error is far below 0.01 bp here). Gas is left out on both sides so both maximise the same
 * gross output. Cases cover one-hop splits, two-hop and multi-path routes and a three-hop path.
 */

const NOW = Date.UTC(2026, 0, 15, 12);
const REFERENCE_CHUNKS = 100_000;

function reference(paths: PoolEdge[][][], amount: number): number {
  const state = paths.map((hops) => hops.map((edges) => ({ edges, alloc: edges.map(() => 0), outs: edges.map(() => 0) })));
  const chunk = amount / REFERENCE_CHUNKS;
  for (let c = 0; c < REFERENCE_CHUNKS; c++) {
    let best = { gain: 0, path: -1, picks: [] as number[], moved: [] as number[] };
    state.forEach((hops, p) => {
      let carry = chunk;
      const picks: number[] = [];
      const moved: number[] = [];
      for (const hop of hops) {
        let pick = -1;
        let gain = 0;
        hop.edges.forEach((edge, i) => {
          const g = edge.quote(hop.alloc[i]! + carry) - hop.outs[i]!;
          if (g > gain) [pick, gain] = [i, g];
        });
        if (pick < 0) return;
        picks.push(pick);
        moved.push(carry);
        carry = gain;
      }
      if (carry > best.gain) best = { gain: carry, path: p, picks, moved };
    });
    if (best.path < 0) break;
    state[best.path]!.forEach((hop, h) => {
      const i = best.picks[h]!;
      hop.alloc[i]! += best.moved[h]!;
      hop.outs[i] = hop.edges[i]!.quote(hop.alloc[i]!);
    });
  }
  return state.reduce((sum, hops) => sum + hops[hops.length - 1]!.outs.reduce((a, b) => a + b, 0), 0);
}

interface Case {
  label: string;
  hops: number;
  chainId: number;
  path: string[];
  /** Whole tokens sold. */
  amount: number;
  /** Route with the full router (all paths); else split only along `path`. */
  isFullRouter: boolean;
}

const CASES: Case[] = [
  { label: '1 hop WETH->USDC 50', hops: 1, chainId: 1, path: ['WETH', 'USDC'], amount: 50, isFullRouter: false },
  { label: '1 hop WETH->USDC 5000', hops: 1, chainId: 1, path: ['WETH', 'USDC'], amount: 5_000, isFullRouter: false },
  { label: '1 hop USDC->USDT 20M', hops: 1, chainId: 1, path: ['USDC', 'USDT'], amount: 20_000_000, isFullRouter: false },
  { label: '1 hop WETH->USDC 800 (Base)', hops: 1, chainId: 8453, path: ['WETH', 'USDC'], amount: 800, isFullRouter: false },
  { label: '1 hop WBNB->USDT 5000 (BSC)', hops: 1, chainId: 56, path: ['WBNB', 'USDT'], amount: 5_000, isFullRouter: false },
  { label: '2 hop WBTC->WETH->DAI 40', hops: 2, chainId: 1, path: ['WBTC', 'WETH', 'DAI'], amount: 40, isFullRouter: false },
  { label: '2 hop cbBTC->USDC->DAI 30 (Base)', hops: 2, chainId: 8453, path: ['cbBTC', 'USDC', 'DAI'], amount: 30, isFullRouter: false },
  { label: '3 hop WBTC->WETH->USDC->DAI 60', hops: 3, chainId: 1, path: ['WBTC', 'WETH', 'USDC', 'DAI'], amount: 60, isFullRouter: false },
  { label: 'router WETH->DAI 20000 (all paths)', hops: 2, chainId: 1, path: ['WETH', 'DAI'], amount: 20_000, isFullRouter: true },
  { label: 'router WMATIC->DAI 2M (Polygon)', hops: 2, chainId: 137, path: ['WMATIC', 'DAI'], amount: 2_000_000, isFullRouter: true },
  { label: 'router WBTC->USDT 100 (Arbitrum)', hops: 2, chainId: 42161, path: ['WBTC', 'USDT'], amount: 100, isFullRouter: true },
];

function tokenOf(chainId: number, symbol: string): MarketToken {
  const token = marketTokens(chainId).find((t) => t.symbol === symbol);
  if (!token) throw new Error(`no ${symbol} on ${chainId}`);
  return token;
}

function measure(market: Market, testCase: Case): { routerOut: number; referenceOut: number } {
  const state = market.chainState(testCase.chainId, NOW)!;
  const tokens = testCase.path.map((symbol) => tokenOf(testCase.chainId, symbol));
  const hopsOf = (path: MarketToken[]) => path.slice(1).map((token, i) => market.edges(state, path[i]!, token));
  if (!testCase.isFullRouter) {
    const hops = hopsOf(tokens);
    const routerOut = pathOutput(solveSplit([hops], testCase.amount, 64)[0]!);
    return { routerOut, referenceOut: reference([hops], testCase.amount) };
  }
  const [sell, buy] = tokens as [MarketToken, MarketToken];
  const route = findRoute(market, { state, sell, buy, amountIn: testCase.amount, excludedSources: new Set(), gasUnitCostInBuy: 0 })!;
  // The same candidate paths the router considers: direct, via the wrapped native token, via USDC.
  const hubs = marketTokens(testCase.chainId).filter((t) => t.kind === 'wrapped-native' || t.symbol === 'USDC').filter((t) => t !== sell && t !== buy);
  const paths = [[sell, buy], ...hubs.map((hub) => [sell, hub, buy])].map(hopsOf).filter((hops) => hops.every((edges) => edges.length > 0));
  return { routerOut: route.amountOut, referenceOut: reference(paths, testCase.amount) };
}

/** The router-quality rows: worst shortfall per hop count, in bps of the optimum. */
export async function run(): Promise<BenchRow[]> {
  const market = new Market(1);
  const shortfalls = CASES.map((testCase) => {
    const { routerOut, referenceOut } = measure(market, testCase);
    return { testCase, bps: Math.max(0, ((referenceOut - routerOut) / referenceOut) * 10_000), above: routerOut > referenceOut };
  });
  const rows: BenchRow[] = [];
  for (const hops of [1, 2, 3]) {
    const group = shortfalls.filter((entry) => entry.testCase.hops === hops);
    const worst = group.reduce((a, b) => (b.bps > a.bps ? b : a));
    rows.push({
      name: `router shortfall vs optimum, ${hops} hop${hops > 1 ? 's' : ''} (worst of ${group.length})`,
      value: worst.bps,
      unit: 'bp',
      target: 1,
      comparison: '<=',
      detail: group.map((entry) => `${entry.testCase.label}: ${entry.bps.toFixed(4)} bp`).join('; '),
    });
  }
  return rows;
}
