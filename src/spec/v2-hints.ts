import { z } from 'zod';
import { NATIVE_TOKEN_PLACEHOLDER } from './constants.ts';
import { AddressSchema, integerParam, notAddressReason, stringOrNumber } from './primitives.ts';

/**
 * Errors that teach v2: the reasons given to the inputs real clients most often still send from v1
 * (real-service-shapes.md, "Errors real clients meet"; spec, "Versioning" 3). A retired parameter
 * names its v2 replacement and the unit change (a fraction became basis points: 0.01 is 100 Bps);
 * a token symbol is told it is not an address (the native asset is 0xeeee…eeee); a chain name is
 * told that chainId is a number from GET /swap/chains.
 */

/** The reason given to a retired v1 parameter, from its value. */
export type V1Hint = (value: unknown) => string;

const NATIVE = NATIVE_TOKEN_PLACEHOLDER.toLowerCase();

// "0.01" -> " (slippagePercentage=0.01 is slippageBps=100)": the converted value when it reads as a fraction.
function converted(name: string, replacement: string, value: unknown): string {
  const fraction = typeof value === 'string' && /^\s*(0|1|0?\.[0-9]+)\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(fraction) ? ` (${name}=${String(value).trim()} is ${replacement}=${Math.round(fraction * 10_000)})` : '';
}

const renamedTo = (replacement: string): V1Hint => () => `is a v1 parameter; in v2 use ${replacement}`;
const removed = (why: string): V1Hint => () => `is a v1 parameter removed in v2 with no replacement: ${why}; drop it`;

/** v1 parameter names and the reason each gets: its v2 replacement, or why it is gone. */
export const V1_PARAMETERS: Record<string, V1Hint> = {
  takerAddress: renamedTo('taker'),
  sellTokenAddress: renamedTo('sellToken'),
  buyTokenAddress: renamedTo('buyToken'),
  slippagePercentage: (value) =>
    `is a v1 parameter; in v2 use slippageBps, in basis points instead of a fraction: 0.01 (1 %) is 100${converted('slippagePercentage', 'slippageBps', value)}`,
  buyTokenPercentageFee: (value) =>
    `is a v1 parameter; in v2 use swapFeeBps together with swapFeeRecipient, in basis points instead of a fraction: 0.01 (1 %) is 100${converted('buyTokenPercentageFee', 'swapFeeBps', value)}`,
  feeRecipient: renamedTo('swapFeeRecipient (with swapFeeBps, in basis points)'),
  // The support linter's v1 names (src/domain/support/v1-params.ts) are all here, so the sandbox
  // teaches what a support engineer's lint of the same request says.
  feeRecipientTradeSurplus: renamedTo('tradeSurplusRecipient'),
  shouldSellEntireBalance: renamedTo('sellEntireBalance'),
  skipValidation: removed('validation always runs'),
  affiliateAddress: removed('integrator fees go to swapFeeRecipient with swapFeeBps'),
  intentOnFilling: removed('every quote is firm'),
  enableSlippageProtection: removed('slippage is bounded by slippageBps'),
  priceImpactProtectionPercentage: removed('there is no price-impact parameter; slippageBps bounds the trade'),
  includedSources: removed('sources can only be excluded (excludedSources)'),
};

// Letters first, then letters, digits, dots: ETH, USDC, WETH.e, USDbC. An address never matches.
const SYMBOL = /^[A-Za-z][A-Za-z0-9.]{0,15}$/;

/** A token parameter (sellToken, buyToken): an address; a symbol is told to use an address, or 0xeeee… for the native asset. */
export const TokenAddressSchema = z.string().superRefine((value, ctx) => {
  if (AddressSchema.safeParse(value).success) return;
  const text = value.trim();
  const message = SYMBOL.test(text)
    ? `"${text}" is a symbol, not an address: for the chain's native asset use ${NATIVE}; for a token, its contract address (0x followed by 40 hex digits)`
    : notAddressReason(value);
  ctx.addIssue({ code: 'custom', message });
});

/** The chainId parameter: a whole number; a chain name is pointed to GET /swap/chains, a hex id given its decimal. */
export function chainIdParam() {
  const number = integerParam(1, Number.MAX_SAFE_INTEGER);
  return stringOrNumber().transform((value, ctx) => {
    const text = String(value).trim();
    if (/^[A-Za-z][A-Za-z0-9 _-]*$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `must be a chain id number, not a name ("${text.slice(0, 30)}"): GET /swap/chains lists each chainId with its chainName` });
      return z.NEVER;
    }
    // A wallet's eth_chainId answers in hex ("0x2105"), which dapps pass on as it came: named as
    // hex with its decimal value, rather than "must be a whole number", which 0x2105 reads as.
    if (/^0x[0-9a-fA-F]{1,13}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `must be a decimal number, not hex (the form eth_chainId answers in): ${text} is ${Number.parseInt(text.slice(2), 16)}` });
      return z.NEVER;
    }
    const parsed = number.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });
}
