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

/** Rounds of the exact-out search: each prices one sell amount through the router. */
const EXACT_OUT_ROUNDS = 30;
/** How far past what a buy is worth a sell amount that buys nothing is still doubled (rounding, not liquidity). */
const ROUNDING_REACH = 4n;

/** A sell amount tried by the exact-out search and the net buy amount it gave. */
interface Tried {
  sell: bigint;
  buy: bigint;
}

// The next sell amount to try: a step in log space with the output's elasticity to the input read
// off the last two tries (1 at first; below 1 where the pools' price impact bends the output), so a
// deep trade does not creep up on the target; kept strictly inside the bracket of a sell amount
// that buys too little and one that buys enough, halving it when the step leaves it.
function nextSellAmount(swap: ResolvedSwap, buyAmount: bigint, last: Tried, before: Tried | undefined, short: bigint, enough: bigint | undefined): bigint {
  const measured = before ? Math.log(Number(last.buy) / Number(before.buy)) / Math.log(Number(last.sell) / Number(before.sell)) : 1;
  const elasticity = Number.isFinite(measured) && measured > 0.05 ? Math.min(measured, 1) : 1;
  const step = (Number(buyAmount) / Number(last.buy)) ** (1 / elasticity) * (1 + 2e-7);
  const next = toBase(toHuman(last.sell, swap.sell.decimals) * step, swap.sell.decimals);
  if (enough === undefined) return next > short ? next : short + 1n;
  return next > short && next < enough ? next : (short + enough) / 2n;
}

/**
 * Prices buying exactly `buyAmount` (net of fees): the least sell amount found whose net buy amount
 * meets it, within a millionth of `buyAmount` or one base unit of the sell token; undefined when no
 * sell amount reaches it. The best amount found is kept: a sell token whose base unit buys more than
 * that millionth (a satoshi of WBTC buys about 1,000 units of USDC) makes the tries alternate
 * between one unit short and one unit over, and the search must not end on the short one.
 */
export function tradeExactOut(market: Market, swap: ResolvedSwap, buyAmount: bigint): Trade | undefined {
  if (swap.wrapUnwrap) return withFees(swap, buyAmount, buyAmount, null);
  const rate = market.usd(swap.state, swap.routeBuy) / market.usd(swap.state, swap.routeSell);
  // At least one base unit: a buy worth less than one unit of the sell token (1 wei of WETH for
  // USDC) rounds down to 0, which the search never left, answering no liquidity for a buy that
  // selling the one unit makes.
  let guess = toBase(toHuman(buyAmount, swap.buy.decimals) * rate * 1.005, swap.sell.decimals);
  if (guess < 1n) guess = 1n;
  const worth = guess;
  let short = 0n;
  let enough: Trade | undefined;
  let last: Tried | undefined;
  let before: Tried | undefined;
  for (let round = 0; round < EXACT_OUT_ROUNDS && guess > short && (enough === undefined || guess < enough.sellAmount); round++) {
    const trade = tradeExactIn(market, swap, guess);
    if (!trade) {
      // A few base units buy nothing once pool and service fees and taxes are taken and each
      // amount is rounded down (1 unit of USDC for 1 unit of USDT): that is short, not a lack of
      // liquidity, so the search doubles. Past a few times what the buy is worth, it is the pools.
      if (enough !== undefined || guess >= worth * ROUNDING_REACH) break;
      short = guess;
      guess *= 2n;
      continue;
    }
    if (trade.buyAmount >= buyAmount) {
      enough = trade;
      if (trade.buyAmount - buyAmount <= buyAmount / 1_000_000n) break;
    } else short = guess;
    [before, last] = [last, { sell: guess, buy: trade.buyAmount }];
    guess = nextSellAmount(swap, buyAmount, last, before, short, enough?.sellAmount);
  }
  return enough && { ...enough, buyAmount };
}
