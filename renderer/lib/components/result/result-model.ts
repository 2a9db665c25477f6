import { answerFeeMakeupText } from '../../../../src/domain/network-fee.ts';
import { feeUnitNote, weiText } from '../../../../src/domain/network-fee-unit.ts';
import { findListedToken } from '../../../../src/domain/listed-token.ts';
import { nativeOf } from '../../../../src/domain/token-registry.ts';
import { formatGwei, formatInteger, formatTokenAmount, formatUpperBound, formatWithSymbol } from '../../../../src/domain/number-format.ts';
import { AllowanceHolderPriceExactOutSchema, AllowanceHolderQuoteExactOutSchema, boundedSafeParse, Permit2DataSchema, ServiceErrorSchema, TransactionSchema, Permit2PriceLiquidSchema, QuoteLiquidSchema, type ExactOutPrice, type ExactOutQuote, type Permit2Data, type ServiceError, type Transaction, type LiquidPrice, type LiquidQuote } from '../../../../src/spec/index.ts';

/** A price or a quote with liquidity (exact-in); a quote has gas and gasPrice only under transaction. */
export type SwapResult = LiquidPrice | LiquidQuote;

/** An exact-out price or quote (Allowance Holder with buyAmount): `mode: "exact-out"`. */
export type ExactOutResult = ExactOutPrice | ExactOutQuote;

/** What the result panel reads out of a response body; each part null when the body lacks it. */
export interface ResultModel {
  zid: string | null;
  liquidity: boolean | null;
  price: SwapResult | null;
  /** The exact-out variant, read instead of `price` when the body says `mode: "exact-out"`. */
  exactOut: ExactOutResult | null;
  transaction: Transaction | null;
  permit2: Permit2Data | null;
  serviceError: ServiceError | null;
  /** True when the body was too large to read as a spec answer (see EXPLAIN_MAX_CHARS). */
  tooLarge: boolean;
}

/**
 * Largest body read as a price, quote or error. The service's answers are a few KB; a body 200
 * times that is not one of them, and checking its every node against the schemas costs the
 * renderer half a second at 10 MB (bench/history-viewer.bench.ts). The Body tab still shows it all.
 */
export const EXPLAIN_MAX_CHARS = 1024 * 1024;

function record(body: unknown): Record<string, unknown> | null {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** Reads a body leniently: parts that fail their schema are left null and the raw JSON still shows. */
export function resultModel(body: unknown, textLength = 0): ResultModel {
  const object = record(body);
  if (textLength > EXPLAIN_MAX_CHARS) {
    return { zid: typeof object?.zid === 'string' ? object.zid : null, liquidity: null, price: null, exactOut: null, transaction: null, permit2: null, serviceError: null, tooLarge: true };
  }
  const data = record(object?.data);
  const isExactOut = object?.mode === 'exact-out';
  const asPrice = isExactOut ? null : boundedSafeParse(Permit2PriceLiquidSchema, body);
  const price = asPrice === null ? null : asPrice.success ? asPrice : boundedSafeParse(QuoteLiquidSchema, body);
  const asExactOut = isExactOut ? boundedSafeParse(AllowanceHolderPriceExactOutSchema, body) : null;
  const exactOut = asExactOut === null ? null : asExactOut.success ? asExactOut : boundedSafeParse(AllowanceHolderQuoteExactOutSchema, body);
  const transaction = boundedSafeParse(TransactionSchema, object?.transaction);
  const permit2 = boundedSafeParse(Permit2DataSchema, object?.permit2);
  const serviceError = boundedSafeParse(ServiceErrorSchema, body);
  const zid = typeof object?.zid === 'string' ? object.zid : typeof data?.zid === 'string' ? data.zid : null;
  return {
    zid,
    liquidity: typeof object?.liquidityAvailable === 'boolean' ? object.liquidityAvailable : null,
    price: price?.success ? (price.data as SwapResult) : null,
    exactOut: exactOut?.success ? (exactOut.data as ExactOutResult) : null,
    transaction: transaction.success ? transaction.data : null,
    permit2: permit2.success ? permit2.data : null,
    serviceError: serviceError.success ? serviceError.data : null,
    tooLarge: false,
  };
}

/**
 * The gas limit and price of a result as text: a price's top-level fields, else a quote's
 * `transaction` (in v2 a quote carries them only there).
 */
export function gasText(price: SwapResult | ExactOutResult | null, transaction: Transaction | null): string {
  const parts = gasParts(price, transaction);
  return parts ? `${parts.gas} at ${parts.gasPrice}` : '—';
}

/**
 * Gas limit and gas price through the app's one formatter ("195,000", "12.3 gwei"), with the gas
 * price in wei for a tooltip; a quote has them only under `transaction` (v2).
 */
export function gasParts(price: SwapResult | ExactOutResult | null, transaction: Transaction | null): { gas: string; gasPrice: string; gasPriceWei: string } | null {
  const source = price && 'gasPrice' in price && typeof price.gasPrice === 'string' ? price : transaction;
  if (!source) return null;
  const gas = source.gas === null || source.gas === undefined ? '—' : /^[0-9]+$/.test(String(source.gas)) ? formatInteger(String(source.gas)) : String(source.gas);
  const wei = String(source.gasPrice);
  return { gas, gasPrice: /^[0-9]+$/.test(wei) ? formatGwei(wei) : `${wei} wei`, gasPriceWei: wei };
}

/**
 * A block number as every screen and the CLI write it ("26,556,410": Compare's detail, its blocks
 * line, `compare`'s notes); anything that is not a whole number is shown as it came.
 */
export function blockText(block: unknown): string {
  if (block === null || block === undefined) return '—';
  return /^[0-9]+$/.test(String(block)) ? formatInteger(String(block)) : String(block);
}

/**
 * How the network fee is made up of gas × gas price (and an L1 data cost where the chain has one),
 * in words with native amounts; null when the body lacks gas, gas price or the total.
 */
export function networkFeeMakeupOf(price: SwapResult | ExactOutResult | null, chainId: number | null): string | null {
  return answerFeeMakeupText(price, chainId, (wei) => networkFeeAmount(String(wei), chainId));
}

/**
 * A network fee (wei) as the Summary shows it: in the chain's native units, or whole wei on a chain
 * without a native token (Tempo) or not known, where "0.0000004 native" named a token that does not
 * exist or that nobody can name.
 */
export function networkFeeAmount(wei: unknown, chainId: number | null): string {
  return nativeAmount(wei, chainId);
}

/**
 * Symbol and decimals of a token of the chain, or undefined: the registry's, and the local service's
 * demo taxed tokens (TAXD), whose amounts read in TAXD as Compare reads them, not in base units.
 */
export function tokenLookup(chainId: number | null) {
  return (address: string): { symbol: string; decimals: number } | undefined => {
    const token = chainId === null ? undefined : findListedToken(chainId, address);
    if (token) return { symbol: token.symbol, decimals: token.decimals };
    return undefined;
  };
}

/**
 * A base-unit amount of a token in human units with its symbol, or base units when unknown. An
 * upper bound (maxSellAmount, what calldata may pull) is rounded up rather than cut (formatUpperBound).
 */
export function humanAmount(amount: string | null | undefined, address: string, chainId: number | null, isUpperBound = false): string {
  if (amount === null || amount === undefined) return '—';
  const info = tokenLookup(chainId)(address);
  try {
    if (!info) return `${amount} base units`;
    return isUpperBound ? formatUpperBound(amount, info) : formatWithSymbol(amount, info);
  } catch {
    return amount;
  }
}

/**
 * A wei amount in the chain's native units; an upper bound (an exact-out native sell's value, what
 * it may spend) rounded up rather than cut, as maxSellAmount is read (formatUpperBound). On a chain
 * with no native token (Tempo), or one not known (an imported entry, a request that failed before
 * its chain was checked), whole wei: a quote's value there read "0 native", a token that does not
 * exist or that nobody can name, and scaling by 18 decimals would invent its decimals too.
 */
export function nativeAmount(wei: unknown, chainId: number | null, isUpperBound = false): string {
  if (wei === null || wei === undefined) return '—';
  const text = String(wei);
  if (feeUnitNote(chainId) !== null) return /^[0-9]+$/.test(text) ? weiText(text) : text;
  const native = chainId === null ? undefined : nativeOf(chainId);
  const symbol = native?.symbol ?? '';
  try {
    const decimals = native?.decimals ?? 18;
    return isUpperBound ? formatUpperBound(text, { decimals, symbol }) : `${formatTokenAmount(text, decimals)} ${symbol}`;
  } catch {
    return text;
  }
}
