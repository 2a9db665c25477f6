import { routeSymbol } from '../market/route-symbols.ts';
import type { MarketToken } from '../market/tokens.ts';
import { roundShares } from '../router/bps.ts';
import type { RouteResult } from '../router/router.ts';
import type { CalldataFill } from './calldata.ts';
import type { ResolvedSwap } from './resolve.ts';

/**
 * The `route` member of an answer (spec, "Route object") from a routed trade, and the fills the
 * calldata executes. Every address is lower case, as the real service sends them.
 */

/** A route as the answer shows it, with the calldata fills it stands for. */
export interface RouteMember {
  fills: { from: string; to: string; source: string; proportionBps: string }[];
  tokens: { address: string; symbol: string }[];
  calldataFills: CalldataFill[];
}

const lower = (address: string) => address.toLowerCase();
// route.tokens shows the real service's route symbol where the facts record one (USDC.e as "USDC").
const tokenEntry = (token: MarketToken) => ({ address: lower(token.address), symbol: routeSymbol(token.chainId, token.address, token.symbol) });

/**
 * A routed path from `first` to `last`: fills whose rounded share is 0 are left out, and tokens
 * are listed once each, `first` first and `last` last. `display` replaces a routed token by the
 * one the answer names (the native placeholder for a native buy).
 */
export function pathMember(route: RouteResult, first: MarketToken, last: MarketToken, display: (token: MarketToken) => MarketToken = (token) => token): RouteMember {
  const bps = roundShares(route.fills);
  const used = route.fills.map((fill, i) => ({ fill, bps: bps[i]! })).filter((entry) => entry.bps > 0);
  const tokenOf = (address: string) => route.paths.flat().find((token) => lower(token.address) === lower(address))!;
  const fills = used.map(({ fill, bps: share }) => ({
    from: lower(display(tokenOf(fill.edge.sellToken)).address),
    to: lower(display(tokenOf(fill.edge.buyToken)).address),
    source: fill.edge.source,
    proportionBps: String(share),
  }));
  const seen = new Map<string, MarketToken>();
  for (const token of [first, ...route.paths.flat().map(display), last]) if (!seen.has(lower(token.address))) seen.set(lower(token.address), token);
  const end = seen.get(lower(last.address))!;
  seen.delete(lower(last.address));
  seen.set(lower(last.address), end);
  const calldataFills = used.map(({ fill, bps: share }) => ({ sellToken: fill.edge.sellToken, buyToken: fill.edge.buyToken, bps: share, source: fill.edge.source, pool: fill.edge.address }));
  return { fills, tokens: [...seen.values()].map(tokenEntry), calldataFills };
}

/**
 * The route of a trade. A native sell is routed and shown as the wrapped native token, as the real
 * service shows it (real-service-shapes.md, "Selling the native asset"); a native buy keeps the
 * placeholder. Wrap/unwrap is one fill through the wrapped-native contract.
 */
export function routeMember(swap: ResolvedSwap, route: RouteResult | null): RouteMember {
  if (!route) {
    const fill = { from: lower(swap.sell.address), to: lower(swap.buy.address), source: swap.wrapUnwrap === 'wrap' ? 'Wrap' : 'Unwrap', proportionBps: '10000' };
    return { fills: [fill], tokens: [swap.sell, swap.buy].map(tokenEntry), calldataFills: [] };
  }
  const display = (token: MarketToken) => (lower(token.address) === lower(swap.routeBuy.address) ? swap.buy : token);
  return pathMember(route, swap.routeSell, swap.buy, display);
}
