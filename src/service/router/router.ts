import type { ChainState, Market } from '../market/liquidity.ts';
import type { PoolEdge } from '../market/pools.ts';
import type { MarketToken } from '../market/tokens.ts';
import { marketTokens } from '../market/tokens.ts';
import { pathOutput, solveSplit, type PathEdges, type PathState } from './split.ts';

/**
 * The router: direct and two-hop paths (via the wrapped native token and via USDC), the amount split
 * across paths and pools by `split.ts`, then pools that cost more gas than they add dropped one at a
 * time (a fill is kept only when its extra output, valued at the marginal rate of the others, beats
 * its gas in buy-token terms), so the result maximises the buy amount net of gas.
 */

/** What to route. Amounts are in whole tokens (human units). */
export interface RouteRequest {
  state: ChainState;
  sell: MarketToken;
  buy: MarketToken;
  amountIn: number;
  /** Source labels to leave out, lower case. */
  excludedSources: ReadonlySet<string>;
  /** Cost of one unit of gas in buy-token units; 0 routes for the gross output. */
  gasUnitCostInBuy: number;
  /** Greedy granularity (default 64). */
  chunks?: number;
}

/** One used pool with its amounts and share of the sell amount. */
export interface RoutedFill {
  edge: PoolEdge;
  amountIn: number;
  amountOut: number;
  /** Share of the original sell amount in basis points (exact, before rounding). */
  share: number;
  pathIndex: number;
  hopIndex: number;
}

/** A route: output, fills and the gas of its pools. */
export interface RouteResult {
  amountOut: number;
  fills: RoutedFill[];
  poolGas: number;
  /** The token sequence of each path used. */
  paths: MarketToken[][];
}

const DEFAULT_CHUNKS = 64;
const MAX_PRUNES = 4;

function candidatePaths(market: Market, request: RouteRequest): MarketToken[][] {
  const { state, sell, buy } = request;
  const tokens = marketTokens(state.chain.chainId);
  const hubs = tokens.filter((token) => token.kind === 'wrapped-native' || (token.symbol === 'USDC' && !token.isDemo));
  const same = (a: MarketToken, b: MarketToken) => a.address.toLowerCase() === b.address.toLowerCase();
  const paths: MarketToken[][] = [[sell, buy]];
  for (const hub of hubs) if (!same(hub, sell) && !same(hub, buy)) paths.push([sell, hub, buy]);
  return paths.filter((path) => path.every((token, i) => i === 0 || market.edges(state, path[i - 1]!, token).length > 0));
}

function edgesOf(market: Market, request: RouteRequest, path: MarketToken[], dropped: ReadonlySet<string>): PathEdges | undefined {
  const hops: PathEdges = [];
  for (let i = 1; i < path.length; i++) {
    const edges = market.edges(request.state, path[i - 1]!, path[i]!).filter((edge) => !request.excludedSources.has(edge.source.toLowerCase()) && !dropped.has(edge.id));
    if (edges.length === 0) return undefined;
    hops.push(edges);
  }
  return hops;
}

interface Solved {
  states: PathState[];
  paths: MarketToken[][];
  amountOut: number;
  allocated: number;
  gas: number;
}

function solve(market: Market, request: RouteRequest, candidates: MarketToken[][], dropped: ReadonlySet<string>): Solved | undefined {
  const usable = candidates.map((path) => ({ path, edges: edgesOf(market, request, path, dropped) })).filter((entry) => entry.edges);
  if (usable.length === 0) return undefined;
  const states = solveSplit(usable.map((entry) => entry.edges!), request.amountIn, request.chunks ?? DEFAULT_CHUNKS);
  let gas = 0;
  for (const state of states) for (const hop of state.hops) hop.alloc.forEach((value, i) => (gas += value > 0 ? hop.edges[i]!.gas : 0));
  return {
    states,
    paths: usable.map((entry) => entry.path),
    amountOut: states.reduce((sum, state) => sum + pathOutput(state), 0),
    allocated: states.reduce((sum, state) => sum + state.amountIn, 0),
    gas,
  };
}

function marginal(edge: PoolEdge, at: number): number {
  const eps = Math.max(at * 1e-6, 1e-12);
  return (edge.quote(at + eps) - edge.quote(at)) / eps;
}

// The used pool whose gas most exceeds what it adds over letting the other pools of its hop take its share.
function worstPool(solved: Solved, gasUnitCost: number): string | undefined {
  let worst: string | undefined;
  let worstExcess = 0;
  for (const state of solved.states) {
    let downstream = 1;
    for (let h = state.hops.length - 1; h >= 0; h--) {
      const hop = state.hops[h]!;
      const used = hop.alloc.map((value, i) => ({ value, i })).filter((entry) => entry.value > 0);
      const rate = Math.max(0, ...used.map(({ value, i }) => marginal(hop.edges[i]!, value)));
      for (const { value, i } of used) {
        if (used.length < 2 && solved.states.filter((s) => s.amountIn > 0).length < 2) continue;
        const adds = (hop.outs[i]! - rate * value) * downstream;
        const excess = hop.edges[i]!.gas * gasUnitCost - adds;
        if (excess > worstExcess) [worst, worstExcess] = [hop.edges[i]!.id, excess];
      }
      downstream *= rate;
    }
  }
  return worst;
}

/** Routes a trade; undefined when no path exists or the pools cannot absorb the whole amount. */
export function findRoute(market: Market, request: RouteRequest): RouteResult | undefined {
  const candidates = candidatePaths(market, request);
  const dropped = new Set<string>();
  let best = solve(market, request, candidates, dropped);
  if (!best || best.allocated < request.amountIn * (1 - 1e-9)) return undefined;
  const net = (solved: Solved) => solved.amountOut - solved.gas * request.gasUnitCostInBuy;
  for (let i = 0; i < MAX_PRUNES && request.gasUnitCostInBuy > 0; i++) {
    const worst = worstPool(best, request.gasUnitCostInBuy);
    if (!worst) break;
    const trial = solve(market, request, candidates, new Set([...dropped, worst]));
    if (!trial || trial.allocated < request.amountIn * (1 - 1e-9) || net(trial) <= net(best)) break;
    dropped.add(worst);
    best = trial;
  }
  return toResult(best, request.amountIn);
}

function toResult(solved: Solved, amountIn: number): RouteResult {
  const fills: RoutedFill[] = [];
  const usedPaths: MarketToken[][] = [];
  solved.states.forEach((state, pathIndex) => {
    if (state.amountIn <= 0) return;
    usedPaths.push(solved.paths[pathIndex]!);
    const pathShare = (state.amountIn / amountIn) * 10_000;
    state.hops.forEach((hop, hopIndex) => {
      const hopTotal = hop.alloc.reduce((sum, value) => sum + value, 0);
      hop.alloc.forEach((value, i) => {
        if (value <= 0) return;
        fills.push({ edge: hop.edges[i]!, amountIn: value, amountOut: hop.outs[i]!, share: (pathShare * value) / hopTotal, pathIndex, hopIndex });
      });
    });
  });
  return { amountOut: solved.amountOut, fills, poolGas: solved.gas, paths: usedPaths };
}
