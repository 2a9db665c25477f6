import { LIMITS } from '../../spec/index.ts';
import type { Market } from '../market/liquidity.ts';
import { findRoute } from '../router/router.ts';
import { pathMember, routeMember, type RouteMember } from './route-member.ts';
import type { ResolvedSwap } from './resolve.ts';
import type { Trade } from './trade.ts';

/**
 * The exact-out variant (Allowance Holder with `buyAmount`; real-service-shapes.md, "Buying an
 * exact amount"). The taker asks for exactly `buyAmount`; the swap pulls at most `maxSellAmount`
 * (the sell amount needed at the current block plus the slippage tolerance, rounded up), the
 * forward route buys at least `buyAmount` with it (the calldata's `minAmountOut` is `buyAmount`),
 * and the refund route sells the surplus buy token back into the sell token for the taker, so the
 * expected net spend (`estimatedNetSellAmount`) is the amount needed at the current block.
 */

/** What the exact-out answer and its calldata add to a priced trade. */
export interface ExactOutPlan {
  maxSellAmount: bigint;
  estimatedNetSellAmount: bigint;
  forward: RouteMember;
  refund: RouteMember;
  /** Gas of the refund route's pools. */
  refundGas: number;
}

/** `needed` raised by the slippage tolerance in ppm, rounded up: the most the swap may spend. */
export function maxSellAmount(needed: bigint, slippagePpm: number): bigint {
  const denominator = BigInt(LIMITS.ppmDenominator);
  return (needed * (denominator + BigInt(slippagePpm)) + denominator - 1n) / denominator;
}

const EMPTY_ROUTE: RouteMember = { fills: [], tokens: [], calldataFills: [] };

// The surplus the forward route buys with the extra sell amount at the current rate; at zero
// slippage there is none, and the path is still described with a token amount of one basis point.
function refundRoute(market: Market, swap: ResolvedSwap, trade: Trade, max: bigint): { member: RouteMember; gas: number } {
  if (!trade.route) return { member: EMPTY_ROUTE, gas: 0 };
  const extraShare = Number(max - trade.sellAmount) / Number(trade.sellAmount);
  const buyHuman = Number(trade.buyAmount) / 10 ** swap.buy.decimals;
  const amountIn = buyHuman * Math.max(extraShare, 1e-4);
  const route = findRoute(market, { state: swap.state, sell: swap.routeBuy, buy: swap.routeSell, amountIn, excludedSources: swap.excludedSources, gasUnitCostInBuy: 0 });
  if (!route) return { member: EMPTY_ROUTE, gas: 0 };
  return { member: pathMember(route, swap.routeBuy, swap.routeSell), gas: route.poolGas };
}

/** The plan of an exact-out trade whose `sellAmount` is the amount needed for its `buyAmount`. */
export function planExactOut(market: Market, swap: ResolvedSwap, trade: Trade): ExactOutPlan {
  // Wrap and unwrap are one to one: nothing to bound, nothing to refund.
  const max = swap.wrapUnwrap ? trade.sellAmount : maxSellAmount(trade.sellAmount, swap.slippagePpm);
  const refund = refundRoute(market, swap, trade, max);
  return { maxSellAmount: max, estimatedNetSellAmount: trade.sellAmount, forward: routeMember(swap, trade.route), refund: refund.member, refundGas: refund.gas };
}

/** The amount members of an exact-out answer (the exact-in ones are sellAmount, minBuyAmount, route). */
export function exactOutMembers(plan: ExactOutPlan, buyAmount: bigint): Record<string, unknown> {
  const shown = (route: RouteMember) => ({ fills: route.fills, tokens: route.tokens });
  return {
    buyAmount: buyAmount.toString(),
    estimatedNetSellAmount: plan.estimatedNetSellAmount.toString(),
    maxSellAmount: plan.maxSellAmount.toString(),
    mode: 'exact-out',
    routes: { forward: shown(plan.forward), refund: shown(plan.refund) },
  };
}
