import type { ResolvedSwap } from './resolve.ts';
import type { Trade } from './trade.ts';

/**
 * Gas of a trade: a settlement overhead per allowance model (Permit2 also verifies a signature and
 * calls Permit2, so it costs more than Allowance Holder), the gas of each pool used, and extras for
 * wrapping a native sell, unwrapping a native buy, each integrator fee, surplus routing and taxed
 * tokens. Wrap/unwrap in `direct` mode is a plain call of the wrapped-native contract.
 */

/** Fixed settlement overhead per model. */
export const SETTLEMENT_GAS = { 'allowance-holder': 95_000, permit2: 125_000 } as const;

const WRAP_GAS = 25_000;
const UNWRAP_GAS = 30_000;
const FEE_GAS = 20_000;
const SURPLUS_GAS = 10_000;
const TAXED_TOKEN_GAS = 25_000;
const DIRECT_GAS = { wrap: 45_000, unwrap: 38_000 } as const;

function isTaxed(taxes: { buyTaxBps: number | null; sellTaxBps: number | null; transferTaxBps: number | null }): boolean {
  return (taxes.buyTaxBps ?? 0) + (taxes.sellTaxBps ?? 0) + (taxes.transferTaxBps ?? 0) > 0;
}

// A native sell calls the settler directly in both models (spec, "Allowance rules" 2): no exec on
// Allowance Holder, no Permit2 signature to check, the same transaction whichever endpoint made it,
// so one overhead. Permit2's 30,000 more had made the same ETH sell look dearer on Permit2.
function settlementGas(swap: ResolvedSwap): number {
  return swap.sell.kind === 'native' ? SETTLEMENT_GAS['allowance-holder'] : SETTLEMENT_GAS[swap.model];
}

/** The gas limit estimate of a trade. */
export function estimateGas(swap: ResolvedSwap, trade: Trade): bigint {
  if (swap.wrapUnwrap && swap.wrapUnwrapMode === 'direct') return BigInt(DIRECT_GAS[swap.wrapUnwrap]);
  let gas = settlementGas(swap) + (trade.route?.poolGas ?? 0);
  if (swap.sell.kind === 'native') gas += WRAP_GAS;
  if (swap.buy.kind === 'native') gas += UNWRAP_GAS;
  gas += FEE_GAS * swap.fees.length;
  if (swap.surplusRecipient) gas += SURPLUS_GAS;
  if (isTaxed(swap.sell.taxes)) gas += TAXED_TOKEN_GAS;
  if (isTaxed(swap.buy.taxes)) gas += TAXED_TOKEN_GAS;
  return BigInt(gas);
}

/** Bytes of calldata in a hex string. */
export function calldataBytes(data: string): bigint {
  return BigInt(Math.max(0, (data.length - 2) / 2));
}

/**
 * Bytes a Permit2 taker appends to `transaction.data` before sending it (spec, "Allowance rules" 3):
 * the signature's length as a 32-byte word, then the 65-byte signature.
 */
export const PERMIT2_SIGNATURE_BYTES = 32n + 65n;

/**
 * gas * gasPrice, plus the L1 data cost on chains that pay one (spec, totalNetworkFee), of the data
 * the transaction is sent with: `data` and the `appendedBytes` the taker adds to it (a Permit2
 * signature), which the L1 fee is charged on as much as on the rest.
 */
export function totalNetworkFee(gas: bigint, gasPriceWei: bigint, l1WeiPerByte: bigint, data: string, appendedBytes = 0n): bigint {
  return gas * gasPriceWei + (calldataBytes(data) + appendedBytes) * l1WeiPerByte;
}
