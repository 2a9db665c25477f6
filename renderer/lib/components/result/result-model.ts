import { chainById } from '../../../../src/domain/chains.ts';
import { findToken, nativeOf } from '../../../../src/domain/token-registry.ts';
import { formatTokenAmount, formatWithSymbol } from '../../../../src/domain/number-format.ts';
import { boundedSafeParse, Permit2DataSchema, ServiceErrorSchema, TransactionSchema, Permit2PriceLiquidSchema, type Permit2Data, type ServiceError, type Transaction, type LiquidPrice } from '../../../../src/spec/index.ts';

/** What the result panel reads out of a response body; each part null when the body lacks it. */
export interface ResultModel {
  zid: string | null;
  liquidity: boolean | null;
  price: LiquidPrice | null;
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
    return { zid: typeof object?.zid === 'string' ? object.zid : null, liquidity: null, price: null, transaction: null, permit2: null, serviceError: null, tooLarge: true };
  }
  const data = record(object?.data);
  const price = boundedSafeParse(Permit2PriceLiquidSchema, body);
  const transaction = boundedSafeParse(TransactionSchema, object?.transaction);
  const permit2 = boundedSafeParse(Permit2DataSchema, object?.permit2);
  const serviceError = boundedSafeParse(ServiceErrorSchema, body);
  const zid = typeof object?.zid === 'string' ? object.zid : typeof data?.zid === 'string' ? data.zid : null;
  return {
    zid,
    liquidity: typeof object?.liquidityAvailable === 'boolean' ? object.liquidityAvailable : null,
    price: price.success ? (price.data as LiquidPrice) : null,
    transaction: transaction.success ? transaction.data : null,
    permit2: permit2.success ? permit2.data : null,
    serviceError: serviceError.success ? serviceError.data : null,
    tooLarge: false,
  };
}

/** Symbol and decimals of a registry token of the chain, or undefined. */
export function tokenLookup(chainId: number | null) {
  return (address: string): { symbol: string; decimals: number } | undefined => {
    const token = chainId === null ? undefined : findToken(chainId, address);
    if (token) return { symbol: token.symbol, decimals: token.decimals };
    return undefined;
  };
}

/** A base-unit amount of a token in human units with its symbol, or base units when unknown. */
export function humanAmount(amount: string | null | undefined, address: string, chainId: number | null): string {
  if (amount === null || amount === undefined) return '—';
  const info = tokenLookup(chainId)(address);
  try {
    return info ? formatWithSymbol(amount, info) : `${amount} base units`;
  } catch {
    return amount;
  }
}

/** A wei amount in the chain's native units. */
export function nativeAmount(wei: unknown, chainId: number | null): string {
  if (wei === null || wei === undefined) return '—';
  const text = String(wei);
  const native = chainId === null ? undefined : nativeOf(chainId);
  const symbol = (chainId === null ? null : chainById(chainId)?.nativeSymbol) ?? 'native';
  try {
    return `${formatTokenAmount(text, native?.decimals ?? 18)} ${symbol}`;
  } catch {
    return text;
  }
}
