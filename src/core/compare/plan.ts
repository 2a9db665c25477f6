import { chainById, swapChains } from '../../domain/chains.ts';
import { findToken, findTokenBySymbol, nativeOf, wrappedNativeOf } from '../../domain/token-registry.ts';
import { AmountError, parseHumanAmount } from '../../domain/units.ts';
import type { EndpointId } from '../../spec/index.ts';
import { AppError } from '../../ipc/result.ts';
import type { CompareRequest, TokenOverride } from '../../ipc/channels/compare.ts';
import type { AllowanceModel } from '../../domain/compare.ts';
import type { FieldError } from '../../spec/index.ts';
import { validateParams } from '../request/send-request.ts';
import { shortAddress } from '../../domain/address-text.ts';

/**
 * Turns a comparison request into the price requests it stands for: tokens resolved per chain
 * (registry by symbol, or a per-chain address override), the human amount converted with that
 * chain's sell-token decimals (USDC has 18 on BSC), and every chain x model query checked against
 * the spec before anything is sent, so bad input fails the start with `{field, reason}`.
 */

/** A token as the plan uses it. */
export interface PlannedToken {
  address: string;
  /** The registry's symbol, the override's typed symbol, or '' when neither knows it (the row reads it from the route). */
  symbol: string;
  decimals: number;
  kind: 'native' | 'wrapped-native' | 'token';
  /** Came from a per-chain address override rather than the pair's symbol. */
  isOverride: boolean;
}

/**
 * The extra indicative price that gives the native -> buy rate of a chain whose buy and sell
 * tokens are both ordinary tokens (issue 11, "net of fees for every pair"): RATE_PROBE of the
 * native asset sold for the buy token, one request per chain per run, paced like the others.
 */
export interface RateRequest {
  endpoint: EndpointId;
  params: Record<string, string>;
  /** Native base units sold (RATE_PROBE). */
  sellAmount: bigint;
  nativeDecimals: number;
}

/** 0.1 of a native unit: large enough to price well, small enough to avoid price impact on thin pools. */
export const RATE_PROBE = 10n ** 17n;

/** One chain of a run. */
export interface PlannedChain {
  chainId: number;
  chainName: string;
  sell: PlannedToken;
  buy: PlannedToken;
  sellAmount: bigint;
  nativeSymbol: string | null;
  requests: { model: AllowanceModel; endpoint: EndpointId; params: Record<string, string> }[];
  /** The native -> buy rate request, or null when the rate comes from the trade itself (see build-row.ts). */
  rateRequest: RateRequest | null;
}

function resolveToken(chainId: number, symbol: string, override: TokenOverride | undefined): PlannedToken | null {
  if (override) {
    const known = findToken(chainId, override.address);
    if (known) return { address: known.address, symbol: known.symbol, decimals: known.decimals, kind: known.kind, isOverride: true };
    if (override.decimals === undefined) return null;
    // Never the pair's symbol: the address is some other token (issue 11, wrong-figure case 2).
    return { address: override.address, symbol: override.symbol ?? '', decimals: override.decimals, kind: 'token', isOverride: true };
  }
  const token = findTokenBySymbol(chainId, symbol);
  return token ? { address: token.address, symbol: token.symbol, decimals: token.decimals, kind: token.kind, isOverride: false } : null;
}

function overrideOf(request: CompareRequest, chainId: number, side: 'sell' | 'buy'): TokenOverride | undefined {
  return request.overrides.find((item) => item.chainId === chainId && item.side === side);
}

/** The chains where both tokens resolve (from the registry or an override): the default chain set. */
export function chainsWithBoth(sell: string, buy: string, overrides: readonly TokenOverride[] = []): number[] {
  const request = { sell, buy, overrides } as unknown as CompareRequest;
  return swapChains()
    .map((chain) => chain.chainId)
    .filter((chainId) => resolveToken(chainId, sell, overrideOf(request, chainId, 'sell')) && resolveToken(chainId, buy, overrideOf(request, chainId, 'buy')));
}

function queryOf(request: CompareRequest, chainId: number, sell: PlannedToken, buy: PlannedToken, sellAmount: bigint): Record<string, string> {
  const params: Record<string, string> = { chainId: String(chainId), sellToken: sell.address, buyToken: buy.address, sellAmount: sellAmount.toString() };
  if (request.taker) params.taker = request.taker;
  if (request.slippageBps !== undefined) params.slippageBps = String(request.slippageBps);
  if (request.swapFeeBps !== undefined && request.swapFeeRecipient) {
    params.swapFeeBps = String(request.swapFeeBps);
    params.swapFeeRecipient = request.swapFeeRecipient;
  }
  return params;
}

/**
 * An amount with more decimals than a chain's sell token has, said once for all such chains with the
 * token and those chains ("USDC has 6 on Ethereum, Polygon"): "this token has 6" left a run over
 * chains where the same symbol has 6 and 18 decimals (USDC on BSC) without saying where it failed.
 * Key: the reason without its chains; value: the chains' names.
 */
type RefusedDecimals = Map<string, string[]>;

function planChain(request: CompareRequest, chainId: number, index: number, errors: FieldError[], refusedDecimals: RefusedDecimals): PlannedChain | null {
  const chain = chainById(chainId);
  if (!chain?.isSwap) {
    errors.push({ field: `chains.${index}`, reason: `${chainId} is not a chain the service swaps on` });
    return null;
  }
  const sell = resolveToken(chainId, request.sell, overrideOf(request, chainId, 'sell'));
  const buy = resolveToken(chainId, request.buy, overrideOf(request, chainId, 'buy'));
  if (!sell) errors.push({ field: 'sell', reason: `${request.sell} is not known on ${chain.name}: give its address there, with its decimals` });
  if (!buy) errors.push({ field: 'buy', reason: `${request.buy} is not known on ${chain.name}: give its address there, with its decimals` });
  if (!sell || !buy) return null;
  if (sell.address.toLowerCase() === buy.address.toLowerCase()) {
    errors.push({ field: 'buy', reason: `must differ from the sell token (both are ${sell.address} on ${chain.name})` });
    return null;
  }
  let sellAmount: bigint;
  try {
    sellAmount = parseHumanAmount(request.amount, sell.decimals);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    if (error.code === 'TOO_MANY_DECIMALS') {
      const reason = error.message.replace('; this token has', `; ${sell.symbol || shortAddress(sell.address)} has`);
      refusedDecimals.set(reason, [...(refusedDecimals.get(reason) ?? []), chain.name]);
    } else errors.push({ field: 'amount', reason: error.message });
    return null;
  }
  if (sellAmount === 0n) {
    errors.push({ field: 'amount', reason: 'must be greater than zero' });
    return null;
  }
  const params = queryOf(request, chainId, sell, buy, sellAmount);
  const requests = request.models.map((model) => ({ model, endpoint: `${model}.price` as EndpointId, params }));
  return { chainId, chainName: chain.name, sell, buy, sellAmount, nativeSymbol: chain.nativeSymbol, requests, rateRequest: rateRequestOf(request, chainId, sell, buy) };
}

/** The rate request of a chain, or null when the buy or sell token is native or wrapped native (rate from the run). */
function rateRequestOf(request: CompareRequest, chainId: number, sell: PlannedToken, buy: PlannedToken): RateRequest | null {
  if (buy.kind !== 'token' || sell.kind !== 'token') return null;
  const native = nativeOf(chainId) ?? wrappedNativeOf(chainId);
  if (!native) return null;
  const params = { chainId: String(chainId), sellToken: native.address, buyToken: buy.address, sellAmount: RATE_PROBE.toString() };
  return { endpoint: `${request.models[0] ?? 'allowance-holder'}.price` as EndpointId, params, sellAmount: RATE_PROBE, nativeDecimals: native.decimals };
}

// The query parameters a run's fields become, back to those fields: the form and the CLI name the
// field typed, and an error on `sellAmount` was shown by neither form (nothing happened on Compare).
const REQUEST_FIELD_OF: Readonly<Record<string, string>> = { sellAmount: 'amount', sellToken: 'sell', buyToken: 'buy', chainId: 'chains' };

/**
 * A query parameter's error as the run's field's: "amount: must fit in 256 bits (as sellAmount, in
 * base units, on Ethereum)", since the human amount becomes base units per chain. Other parameters
 * (taker, slippageBps, …) are the run's fields already.
 */
function requestFieldError(error: FieldError, chain: PlannedChain): FieldError {
  const field = REQUEST_FIELD_OF[error.field];
  return field ? { field, reason: `${error.reason} (as ${error.field}, in base units, on ${chain.chainName})` } : error;
}

/**
 * The run's chains and requests.
 * @throws AppError INVALID_INPUT with every `{field, reason}` found (each reason at most once).
 */
export function planComparison(request: CompareRequest): PlannedChain[] {
  const chainIds = request.chains?.length ? [...new Set(request.chains)] : chainsWithBoth(request.sell, request.buy, request.overrides);
  const errors: FieldError[] = [];
  if (chainIds.length === 0) errors.push({ field: 'chains', reason: `no chain knows both ${request.sell} and ${request.buy}: pick the chains, and give a token the lists lack by its address` });
  const refusedDecimals: RefusedDecimals = new Map();
  const plan = chainIds.map((chainId, index) => planChain(request, chainId, index, errors, refusedDecimals)).filter((chain) => chain !== null);
  for (const [reason, chains] of refusedDecimals) errors.push({ field: 'amount', reason: `${reason} on ${chains.join(', ')}` });
  for (const chain of plan) {
    for (const item of chain.rateRequest ? [...chain.requests, chain.rateRequest] : chain.requests) {
      try {
        validateParams(item.endpoint, item.params);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push(...((error.details as FieldError[] | undefined) ?? [{ field: '(input)', reason: error.message }]).map((found) => requestFieldError(found, chain)));
      }
    }
  }
  const unique = errors.filter((error, index) => errors.findIndex((other) => other.field === error.field && other.reason === error.reason) === index);
  if (unique.length > 0) throw new AppError('INVALID_INPUT', `${unique[0]!.field} ${unique[0]!.reason}`, unique);
  return plan;
}
