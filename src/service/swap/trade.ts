import { findRoute, type RouteResult } from '../router/router.ts';
import type { Market } from '../market/liquidity.ts';
import type { MarketToken } from '../market/tokens.ts';
import { bpsOf, serviceFeeBps, type IntegratorFeeSpec } from './fees.ts';
import type { ResolvedSwap } from './resolve.ts';

/**
 * The amounts of a trade in base units: sell-side integrator fees come off the sell amount before
 * routing, taxes come off as the token contracts would take them, then the service fee and the
 * buy-side integrator fees come off the routed output. Exact-out requests (Allowance Holder
 * `buyAmount`) search the sell amount whose net buy amount meets the target.
 */

/** One integrator fee with its amount. */
export interface ChargedFee {
  spec: IntegratorFeeSpec;
  amount: bigint;
}

/** A priced trade. */
export interface Trade {
  sellAmount: bigint;
  /** The routed output before the service and buy-side integrator fees. */
  grossBuy: bigint;
  buyAmount: bigint;
  serviceFee: bigint;
  integratorFees: ChargedFee[];
  /** Null for wrap/unwrap. */
  route: RouteResult | null;
}

/** Output worth less than this share of the input (at reference prices) counts as no liquidity. */
const MIN_VALUE_RETAINED = 0.5;

function toHuman(amount: bigint, decimals: number): number {
  return Number(amount) / 10 ** decimals;
}

function toBase(amount: number, decimals: number): bigint {
  if (!(amount > 0) || !Number.isFinite(amount)) return 0n;
  return BigInt(Math.floor(amount * 10 ** decimals));
}

function taxKeep(token: MarketToken, side: 'buy' | 'sell'): number {
  const tax = (side === 'buy' ? token.taxes.buyTaxBps : token.taxes.sellTaxBps) ?? 0;
  return 1 - (tax + (token.taxes.transferTaxBps ?? 0)) / 10_000;
}

/** Gas cost of one gas unit in whole buy tokens, so the router can weigh a fill against its gas. */
export function gasUnitCostInBuy(market: Market, swap: ResolvedSwap): number {
  const wrapped = swap.routeSell.kind === 'wrapped-native' ? swap.routeSell : swap.routeBuy.kind === 'wrapped-native' ? swap.routeBuy : undefined;
  const nativeUsd = wrapped ? market.usd(swap.state, wrapped) : market.prices.usdPrice(market.prices.familyOf(swap.state.chain.wrappedNativeSymbol ?? 'ETH', false), `${swap.state.chain.chainId}:${swap.state.chain.wrappedNative}`, swap.state.timeMs);
  return (Number(swap.gasPriceWei) / 1e18) * (nativeUsd / market.usd(swap.state, swap.routeBuy));
}

function withFees(swap: ResolvedSwap, sellAmount: bigint, grossBuy: bigint, route: RouteResult | null): Trade {
  const integratorFees = swap.fees.map((spec) => ({ spec, amount: bpsOf(spec.isSellSide ? sellAmount : grossBuy, spec.bps) }));
  const serviceFee = bpsOf(grossBuy, serviceFeeBps(swap.sell, swap.buy, swap.wrapUnwrap !== null));
  const buySideFees = integratorFees.filter((fee) => !fee.spec.isSellSide).reduce((sum, fee) => sum + fee.amount, 0n);
  const buyAmount = grossBuy - serviceFee - buySideFees;
  return { sellAmount, grossBuy, buyAmount: buyAmount > 0n ? buyAmount : 0n, serviceFee, integratorFees, route };
}

/** Prices selling `sellAmount`; undefined when there is no liquidity for it. */
export function tradeExactIn(market: Market, swap: ResolvedSwap, sellAmount: bigint, chunks?: number): Trade | undefined {
  if (swap.wrapUnwrap) return withFees(swap, sellAmount, sellAmount, null);
  const sellFees = swap.fees.filter((fee) => fee.isSellSide).reduce((sum, fee) => sum + bpsOf(sellAmount, fee.bps), 0n);
  const routedHuman = toHuman(sellAmount - sellFees, swap.sell.decimals) * taxKeep(swap.sell, 'sell');
  if (!(routedHuman > 0)) return undefined;
  const route = findRoute(market, {
    state: swap.state,
    sell: swap.routeSell,
    buy: swap.routeBuy,
    amountIn: routedHuman,
    excludedSources: swap.excludedSources,
    gasUnitCostInBuy: gasUnitCostInBuy(market, swap),
    ...(chunks ? { chunks } : {}),
  });
  if (!route) return undefined;
  const outHuman = route.amountOut * taxKeep(swap.buy, 'buy');
  const valueIn = toHuman(sellAmount, swap.sell.decimals) * market.usd(swap.state, swap.routeSell);
  if (outHuman * market.usd(swap.state, swap.routeBuy) < valueIn * MIN_VALUE_RETAINED) return undefined;
  const trade = withFees(swap, sellAmount, toBase(outHuman, swap.buy.decimals), route);
  return trade.buyAmount > 0n ? trade : undefined;
}

/** Prices buying exactly `buyAmount` (net of fees); undefined when no sell amount reaches it. */
export function tradeExactOut(market: Market, swap: ResolvedSwap, buyAmount: bigint): Trade | undefined {
  if (swap.wrapUnwrap) return withFees(swap, buyAmount, buyAmount, null);
  const rate = market.usd(swap.state, swap.routeBuy) / market.usd(swap.state, swap.routeSell);
  let guess = toBase(toHuman(buyAmount, swap.buy.decimals) * rate * 1.005, swap.sell.decimals);
  let trade: Trade | undefined;
  // Fixed-point on the sell amount: output is close to proportional, so a few rounds converge.
  for (let round = 0; round < 10 && guess > 0n; round++) {
    trade = tradeExactIn(market, swap, guess);
    if (!trade) return undefined;
    if (trade.buyAmount >= buyAmount && trade.buyAmount - buyAmount <= buyAmount / 1_000_000n) break;
    const ratio = Number(buyAmount) / Number(trade.buyAmount);
    const next = toBase(toHuman(guess, swap.sell.decimals) * ratio * (1 + 2e-7), swap.sell.decimals);
    guess = next > guess || trade.buyAmount > buyAmount ? next : guess + 1n;
  }
  if (!trade || trade.buyAmount < buyAmount) return undefined;
  return { ...trade, buyAmount };
}
