/**
 * The v1 parameter names customers still send and what v2 does with them
 * (real-service-shapes.md, "Errors real clients meet"; spec "Versioning" 3).
 */

/** What became of a v1 parameter in v2. */
export type V1Param =
  | { kind: 'renamed'; to: string }
  | { kind: 'unit'; to: string; why: string }
  | { kind: 'removed'; why: string };

/** Every v1 name the linter knows, by name. */
export const V1_PARAMS: Record<string, V1Param> = {
  takerAddress: { kind: 'renamed', to: 'taker' },
  sellTokenAddress: { kind: 'renamed', to: 'sellToken' },
  buyTokenAddress: { kind: 'renamed', to: 'buyToken' },
  feeRecipient: { kind: 'renamed', to: 'swapFeeRecipient' },
  feeRecipientTradeSurplus: { kind: 'renamed', to: 'tradeSurplusRecipient' },
  shouldSellEntireBalance: { kind: 'renamed', to: 'sellEntireBalance' },
  slippagePercentage: { kind: 'unit', to: 'slippageBps', why: 'v1 took a fraction (0.01 = 1 %); v2 takes basis points (100 = 1 %)' },
  buyTokenPercentageFee: { kind: 'unit', to: 'swapFeeBps', why: 'v1 took a fraction of the buy amount (0.01 = 1 %); v2 takes basis points (100 = 1 %), with swapFeeToken naming the token' },
  affiliateAddress: { kind: 'removed', why: 'v2 has no affiliate parameter; integrator fees use swapFeeRecipient and swapFeeBps' },
  skipValidation: { kind: 'removed', why: 'validation always runs in v2' },
  intentOnFilling: { kind: 'removed', why: 'v2 has no such parameter: a quote is always meant to be filled' },
  enableSlippageProtection: { kind: 'removed', why: 'v2 has no such parameter; slippageBps bounds the trade' },
  priceImpactProtectionPercentage: { kind: 'removed', why: 'v2 has no price-impact parameter; slippageBps bounds the trade' },
  includedSources: { kind: 'removed', why: 'v2 only excludes sources (excludedSources)' },
};

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * A decimal fraction scaled to an integer (`0.01` × 10000 = 100), exactly, without floating point;
 * null when it is not a plain decimal or not whole after scaling.
 */
export function scaleFraction(value: string, scaleDigits: number): string | null {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > scaleDigits && /[1-9]/.test(fraction.slice(scaleDigits))) return null;
  const digits = `${whole}${fraction.slice(0, scaleDigits).padEnd(scaleDigits, '0')}`;
  return BigInt(digits === '' ? '0' : digits).toString();
}
