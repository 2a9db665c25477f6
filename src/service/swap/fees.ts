import { LIMITS, splitList } from '../../spec/index.ts';
import type { MarketToken } from '../market/tokens.ts';

/**
 * Fee and slippage arithmetic, in base units (bigint), rounded down as a contract would:
 *
 * - Integrator fees: one entry per `swapFeeRecipient`, `swapFeeBps` of the sell amount when taken in
 *   the sell token (deducted before routing) or of the gross buy amount when taken in the buy token.
 *   Without `swapFeeToken` the service picks, preferring a stablecoin, then the native or wrapped
 *   native token, then a major token, then the buy token.
 * - Service fee schedule (documented in `serviceFeeBps`): taken in the buy token.
 * - minBuyAmount = buyAmount * (1e6 - slippage in ppm) / 1e6, from slippageBps (x100) or slippagePpm;
 *   default 100 Bps.
 */

/** One integrator fee as requested. */
export interface IntegratorFeeSpec {
  recipient: string;
  bps: number;
  /** The token the fee is taken in. */
  token: MarketToken;
  isSellSide: boolean;
}

/** The fields of a swap query the fees read. */
export interface FeeQuery {
  swapFeeRecipient?: string | undefined;
  swapFeeBps?: string | undefined;
  swapFeeToken?: string | undefined;
}

function rank(token: MarketToken): number {
  if (token.isStable) return 3;
  if (token.kind !== 'token') return 2;
  if (/BTC/.test(token.symbol)) return 1;
  return 0;
}

/** The token the service takes an integrator fee in when the request does not say. */
export function preferredFeeToken(sell: MarketToken, buy: MarketToken): MarketToken {
  return rank(sell) > rank(buy) ? sell : buy;
}

/** The integrator fees of a request (empty without swapFeeRecipient). */
export function integratorFeeSpecs(query: FeeQuery, sell: MarketToken, buy: MarketToken): IntegratorFeeSpec[] {
  if (!query.swapFeeRecipient || !query.swapFeeBps) return [];
  const recipients = splitList(query.swapFeeRecipient);
  const bps = splitList(query.swapFeeBps).map(Number);
  const tokens = query.swapFeeToken ? splitList(query.swapFeeToken) : [];
  return recipients.map((recipient, i) => {
    const named = tokens[i]?.toLowerCase();
    const token = named === undefined ? preferredFeeToken(sell, buy) : named === sell.address.toLowerCase() ? sell : buy;
    return { recipient, bps: bps[i] ?? bps[0] ?? 0, token, isSellSide: token === sell };
  });
}

/**
 * Service fee in Bps: 0 on wrap/unwrap (no swap happens), 5 when both tokens are stablecoins,
 * 15 otherwise (the rate seen on the service's standard plans).
 */
export function serviceFeeBps(sell: MarketToken, buy: MarketToken, isWrapUnwrap: boolean): number {
  if (isWrapUnwrap) return 0;
  return sell.isStable && buy.isStable ? 5 : 15;
}

/** `amount * bps / 10000`, rounded down. */
export function bpsOf(amount: bigint, bps: number): bigint {
  return (amount * BigInt(bps)) / BigInt(LIMITS.bpsDenominator);
}

/** Slippage tolerance in ppm from slippageBps or slippagePpm (default 100 Bps). */
export function slippagePpm(query: { slippageBps?: number | undefined; slippagePpm?: number | undefined }): number {
  if (query.slippagePpm !== undefined) return query.slippagePpm;
  return (query.slippageBps ?? LIMITS.slippageBpsDefault) * (LIMITS.ppmDenominator / LIMITS.bpsDenominator);
}

/** The minimum buy amount for a slippage tolerance in ppm, rounded down. */
export function minBuyAmount(buyAmount: bigint, ppm: number): bigint {
  const denominator = BigInt(LIMITS.ppmDenominator);
  return (buyAmount * (denominator - BigInt(ppm))) / denominator;
}
