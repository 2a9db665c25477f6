import type { ComparisonRow, ModelSide } from '../../domain/compare.ts';
import type { ExportRow } from '../../domain/compare-export.ts';
import type { CompareRowWire, ModelSideWire } from './compare-row.ts';

/**
 * Wire rows to and from the domain's bigint ComparisonRow: the runner builds wire sides from domain
 * ones, the exporter (the app's Export buttons, the CLI's --format) reads them back. Apart from the
 * schemas (compare-row.ts) because these are conversions, not the contract's shape.
 */

const big = (value: string | null): bigint | null => (value === null ? null : BigInt(value));
const text = (value: bigint | null): string | null => (value === null ? null : value.toString());

/** A domain side on the wire, with its entry id and route. */
export function sideToWire(side: ModelSide, extra: Pick<ModelSideWire, 'entryId' | 'fills' | 'routeTokens' | 'issues' | 'blockNumber' | 'tokenTaxes'>): ModelSideWire {
  return {
    ...side,
    buyAmount: text(side.buyAmount),
    minBuyAmount: text(side.minBuyAmount),
    integratorFees: side.integratorFees.map((fee) => ({ token: fee.token, amount: fee.amount.toString() })),
    serviceFee: side.serviceFee ? { token: side.serviceFee.token, amount: side.serviceFee.amount.toString() } : null,
    gas: text(side.gas),
    totalNetworkFee: text(side.totalNetworkFee),
    networkFeeInBuyToken: text(side.networkFeeInBuyToken),
    netBuyAmount: text(side.netBuyAmount),
    ...extra,
  };
}

/** A wire side back in bigint form. */
export function sideFromWire(side: ModelSideWire): ModelSide {
  return {
    model: side.model,
    state: side.state,
    zid: side.zid,
    errorName: side.errorName,
    errorMessage: side.errorMessage,
    buyAmount: big(side.buyAmount),
    minBuyAmount: big(side.minBuyAmount),
    integratorFees: side.integratorFees.map((fee) => ({ token: fee.token, amount: BigInt(fee.amount) })),
    serviceFee: side.serviceFee ? { token: side.serviceFee.token, amount: BigInt(side.serviceFee.amount) } : null,
    gas: big(side.gas),
    totalNetworkFee: big(side.totalNetworkFee),
    networkFeeInBuyToken: big(side.networkFeeInBuyToken),
    netBuyAmount: big(side.netBuyAmount),
  };
}

/** A wire row as the domain's ComparisonRow (for comparisonToCsv / comparisonToJson). */
export function rowFromWire(row: CompareRowWire): ComparisonRow {
  return {
    chainId: row.chainId,
    allowanceHolder: sideFromWire(row.allowanceHolder),
    permit2: sideFromWire(row.permit2),
    diffBps: row.diffBps,
    netDiffBps: row.netDiffBps ?? null,
    better: row.better,
    basis: row.basis,
  };
}

/** A wire row as the CSV/JSON exporter takes it: the app's Export buttons and the CLI's --format alike. */
export function exportRowOf(row: CompareRowWire): ExportRow {
  return {
    row: rowFromWire(row),
    chainName: row.chainName,
    buyDecimals: row.buyToken.decimals,
    nativeDecimals: row.nativeDecimals,
    nativeSymbol: row.nativeSymbol,
    sellSymbol: row.sellToken.symbol,
    buySymbol: row.buyToken.symbol,
    buyAddress: row.buyToken.address,
    sellAddress: row.sellToken.address,
    sellDecimals: row.sellToken.decimals,
    sellAmount: row.sellAmount,
    buyPerNative: row.networkFeeRate?.buyPerNative ?? null,
    rateSource: row.networkFeeRate?.source ?? null,
    // A quoted rate's zid; none for the other sources (they come from the row's own answers).
    rateZid: row.networkFeeRate?.zid ?? null,
    hasTax: row.hasTax,
    hasUnknownTax: row.hasUnknownTax,
    tokenTaxes: { allowanceHolder: row.allowanceHolder.tokenTaxes, permit2: row.permit2.tokenTaxes },
    feeNotPriced: row.feeNotPriced,
    issues: { allowanceHolder: row.allowanceHolder.issues, permit2: row.permit2.issues },
    blocks: { allowanceHolder: row.allowanceHolder.blockNumber, permit2: row.permit2.blockNumber },
  };
}
