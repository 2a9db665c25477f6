import type { AllowanceHolderPriceQuery, AllowanceModel, Permit2PriceQuery } from '../../spec/index.ts';
import { NATIVE_TOKEN_PLACEHOLDER, splitList } from '../../spec/index.ts';
import { swapChains } from '../../domain/chains.ts';
import type { Team } from '../auth.ts';
import { ServiceFailure, invalidInput } from '../errors.ts';
import type { ChainState, Market } from '../market/liquidity.ts';
import { marketToken, marketTokens, type MarketToken } from '../market/tokens.ts';
import { checkAuthorized, type BlockedLists } from './checks.ts';
import { integratorFeeSpecs, slippagePpm, type IntegratorFeeSpec } from './fees.ts';

/**
 * Turns a validated swap query into what the pricing needs: the chain at its current block, the
 * tokens, whether it is a wrap or unwrap, fees, slippage and excluded sources, after every refusal
 * that does not depend on amounts (unknown chain, unsupported token, blocked parties, plan,
 * recipient on wrap/unwrap).
 */

/** A validated query of either model (quote queries have the same fields). */
export type AnySwapQuery = AllowanceHolderPriceQuery | Permit2PriceQuery;

/** What a request acts in: the market, the caller's team, the configured refusals, the clock and the zid. */
export interface SwapContext {
  market: Market;
  team: Team;
  blocked: BlockedLists;
  nowMs: number;
  zid: string;
  /** Price at this block instead of the clock's (tests and benchmarks). */
  block?: number;
}

/** A resolved swap request. */
export interface ResolvedSwap {
  model: AllowanceModel;
  isQuote: boolean;
  query: AnySwapQuery;
  state: ChainState;
  sell: MarketToken;
  buy: MarketToken;
  /** The tokens routed: native replaced by the wrapped native token. */
  routeSell: MarketToken;
  routeBuy: MarketToken;
  wrapUnwrap: 'wrap' | 'unwrap' | null;
  /** How a wrap/unwrap settles (Permit2 takes no wrapUnwrapMode, so it is always `direct` there). */
  wrapUnwrapMode: 'direct' | 'settler';
  /**
   * Who the calldata pays trade surplus to: `tradeSurplusRecipient` for a team on the custom plan;
   * null otherwise, where the taker receives it or, when a team on another plan names a recipient,
   * the service collects it (spec, the tradeSurplusRecipient row), as it does its own fee.
   */
  surplusRecipient: string | null;
  fees: IntegratorFeeSpec[];
  slippagePpm: number;
  excludedSources: Set<string>;
  invalidSourcesPassed: string[];
  gasPriceWei: bigint;
}

function wrappedOf(tokens: MarketToken[]): MarketToken | undefined {
  return tokens.find((token) => token.kind === 'wrapped-native');
}

// Mantle's MNT has its own address (service-facts.json nativeTokenAddress), so 0xeeee…eeee is not
// a token there: the refusal names the address that is.
function nativeNote(chain: ChainState['chain'], address: string): string {
  const native = chain.nativeTokenAddress?.toLowerCase();
  if (!native || native === NATIVE_TOKEN_PLACEHOLDER.toLowerCase() || address.toLowerCase() !== NATIVE_TOKEN_PLACEHOLDER.toLowerCase()) return '';
  return `; the native asset ${chain.nativeSymbol ?? ''} on this chain is ${native}`;
}

// A token of another chain's registry (Ethereum's WETH sent with chainId=8453, the usual slip when
// code written for one chain is pointed at another): the refusal says where the address is from
// and, when this chain trades a token of that symbol, its address here.
function otherChainNote(chain: ChainState['chain'], address: string): string {
  const wanted = address.toLowerCase();
  for (const other of swapChains()) {
    const token = other.chainId === chain.chainId ? undefined : marketTokens(other.chainId).find((candidate) => candidate.kind !== 'native' && candidate.address.toLowerCase() === wanted);
    if (!token) continue;
    const here = marketTokens(chain.chainId).find((candidate) => candidate.kind !== 'native' && candidate.symbol === token.symbol);
    return `; it is ${token.symbol} on ${other.name} (chainId ${other.chainId})${here ? `, and ${here.symbol} on ${chain.name} is ${here.address.toLowerCase()}` : ''}`;
  }
  return '';
}

// Most chains of /swap/chains have no token list in the facts, so this service trades only their
// native asset and wrapped native token there (Tempo: nothing). A right address of such a chain's
// USDC was refused as if it were wrong: the reason names what is traded there, so an integrator
// does not hunt for a fault in its address.
const FEW_TOKENS = 3;

function tradedNote(chain: ChainState['chain']): string {
  const tokens = marketTokens(chain.chainId);
  if (tokens.length > FEW_TOKENS) return '';
  if (tokens.length === 0) return `; the local service trades no token on ${chain.name}`;
  const named = tokens.map((token) => `${token.symbol} (${token.address.toLowerCase()})`);
  return `; on ${chain.name} the local service trades only ${named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0]}`;
}

function supportedToken(chain: ChainState['chain'], address: string, field: 'sellToken' | 'buyToken'): MarketToken {
  const token = marketToken(chain.chainId, address);
  if (!token) {
    const native = nativeNote(chain, address);
    const notes = native || `${otherChainNote(chain, address)}${tradedNote(chain)}`;
    throw new ServiceFailure('TOKEN_NOT_SUPPORTED', `${field} ${address} is not supported on chain ${chain.chainId}${notes}`);
  }
  return token;
}

function excluded(query: AnySwapQuery, labels: string[]): { set: Set<string>; invalid: string[] } {
  const known = new Set(labels.map((label) => label.toLowerCase()));
  const given = query.excludedSources ? splitList(query.excludedSources).filter((label) => label !== '') : [];
  return { set: new Set(given.map((label) => label.toLowerCase())), invalid: given.filter((label) => !known.has(label.toLowerCase())) };
}

/** Resolves a query or throws the ServiceFailure that refuses it. */
export function resolveSwap(ctx: SwapContext, model: AllowanceModel, isQuote: boolean, query: AnySwapQuery): ResolvedSwap {
  const state = ctx.market.chainState(query.chainId, ctx.nowMs, ctx.block);
  if (!state || !state.chain.isSwap) throw invalidInput('chainId', `${query.chainId} is not a supported chain (see GET /swap/chains)`);
  const sell = supportedToken(state.chain, query.sellToken, 'sellToken');
  const buy = supportedToken(state.chain, query.buyToken, 'buyToken');
  checkAuthorized(query, ctx.blocked, ctx.team);
  const wrapped = wrappedOf(marketTokens(query.chainId));
  const wrapUnwrap = sell.kind === 'native' && buy.kind === 'wrapped-native' ? 'wrap' : sell.kind === 'wrapped-native' && buy.kind === 'native' ? 'unwrap' : null;
  if (wrapUnwrap && query.recipient) throw new ServiceFailure('RECIPIENT_NOT_SUPPORTED', `recipient is not supported for ${wrapUnwrap === 'wrap' ? 'wrapping' : 'unwrapping'}; the taker receives the tokens`);
  const sources = excluded(query, ctx.market.sourcesOf(query.chainId));
  return {
    model,
    isQuote,
    query,
    state,
    sell,
    buy,
    routeSell: sell.kind === 'native' && wrapped ? wrapped : sell,
    routeBuy: buy.kind === 'native' && wrapped ? wrapped : buy,
    wrapUnwrap,
    wrapUnwrapMode: 'wrapUnwrapMode' in query ? (query.wrapUnwrapMode ?? 'direct') : 'direct',
    surplusRecipient: ctx.team.plan === 'custom' ? (query.tradeSurplusRecipient ?? null) : null,
    fees: wrapUnwrap ? [] : integratorFeeSpecs(query, sell, buy),
    slippagePpm: slippagePpm(query as { slippageBps?: number; slippagePpm?: number }),
    excludedSources: sources.set,
    invalidSourcesPassed: sources.invalid,
    gasPriceWei: query.gasPrice ? BigInt(query.gasPrice) : state.gasPriceWei,
  };
}
