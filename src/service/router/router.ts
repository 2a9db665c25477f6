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

// Used pools whose gas exceeds what they add over letting the other pools of their hop take their
// share (valued at those pools' mean marginal rate), worst first.
function prunable(solved: Solved, gasUnitCost: number): string[] {
  const found: { id: string; excess: number }[] = [];
  const activePaths = solved.states.filter((state) => state.amountIn > 0).length;
  for (const state of solved.states) {
    let downstream = 1;
    for (let h = state.hops.length - 1; h >= 0; h--) {
      const hop = state.hops[h]!;
      const used = hop.alloc.map((value, i) => ({ value, i, rate: marginal(hop.edges[i]!, value) })).filter((entry) => entry.value > 0);
      for (const { value, i } of used) {
        const others = used.filter((entry) => entry.i !== i);
        if (others.length === 0 && activePaths < 2) continue;
        const weight = others.reduce((sum, entry) => sum + entry.value, 0);
        const rate = weight > 0 ? others.reduce((sum, entry) => sum + entry.rate * entry.value, 0) / weight : 0;
        const adds = (hop.outs[i]! - rate * value) * downstream;
        const excess = hop.edges[i]!.gas * gasUnitCost - adds;
        if (excess > 0) found.push({ id: hop.edges[i]!.id, excess });
      }
      const hopRate = used.reduce((sum, entry) => sum + entry.rate * entry.value, 0) / Math.max(used.reduce((sum, entry) => sum + entry.value, 0), 1e-300);
      downstream *= hopRate;
    }
  }
  return found.sort((a, b) => b.excess - a.excess).map((entry) => entry.id);
}

/** Routes a trade; undefined when no path exists or the pools cannot absorb the whole amount. */
export function findRoute(market: Market, request: RouteRequest): RouteResult | undefined {
  const candidates = candidatePaths(market, request);
  const dropped = new Set<string>();
  let best = solve(market, request, candidates, dropped);
  if (!best || best.allocated < request.amountIn * (1 - 1e-9)) return undefined;
  const net = (solved: Solved) => solved.amountOut - solved.gas * request.gasUnitCostInBuy;
  for (let round = 0; round < MAX_PRUNES && request.gasUnitCostInBuy > 0; round++) {
    let improved = false;
    for (const id of prunable(best, request.gasUnitCostInBuy).slice(0, 2)) {
      const trial = solve(market, request, candidates, new Set([...dropped, id]));
      if (!trial || trial.allocated < request.amountIn * (1 - 1e-9) || net(trial) <= net(best)) continue;
      dropped.add(id);
      best = trial;
      improved = true;
      break;
    }
    if (!improved) break;
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
