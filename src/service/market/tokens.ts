import { findToken, tokensOf, type TokenInfo } from '../../domain/token-registry.ts';
import { DEMO_TAX_TOKENS } from '../../domain/demo-tokens.ts';

/**
 * The tokens the market trades: the registry's, plus a few demo tokens with fee-on-transfer taxes
 * (so that `tokenMetadata` and taxed routes can be tried), and what the market needs to know of
 * each: its tax and its weight in liquidity.
 */

/** Buy, sell and transfer tax in Bps; null where the service cannot tell (best effort). */
export interface TokenTaxes {
  buyTaxBps: number | null;
  sellTaxBps: number | null;
  transferTaxBps: number | null;
}

/** A token as the market sees it. */
export interface MarketToken extends TokenInfo {
  taxes: TokenTaxes;
  isDemo: boolean;
}

/** The demo taxed tokens (TAXD, FOTD): the list lives in src/domain so that the app's token picker offers them too. */
export { DEMO_TAX_TOKENS } from '../../domain/demo-tokens.ts';

const ZERO_TAX: TokenTaxes = { buyTaxBps: 0, sellTaxBps: 0, transferTaxBps: 0 };
const UNKNOWN_TAX: TokenTaxes = { buyTaxBps: null, sellTaxBps: null, transferTaxBps: null };

// Bridged copies are upgradeable contracts the service does not simulate: taxes unknown.
function registryTaxes(token: TokenInfo): TokenTaxes {
  return /\.e$|bC$/.test(token.symbol) ? UNKNOWN_TAX : ZERO_TAX;
}

function fromRegistry(token: TokenInfo): MarketToken {
  return { ...token, taxes: registryTaxes(token), isDemo: false };
}

function demoTokens(chainId: number): MarketToken[] {
  return DEMO_TAX_TOKENS.filter((demo) => demo.chainId === chainId).map((demo) => ({
    chainId,
    address: demo.address,
    symbol: demo.symbol,
    decimals: demo.decimals,
    kind: 'token' as const,
    isStable: false,
    taxes: demo.taxes,
    isDemo: true,
  }));
}

const CACHE = new Map<number, MarketToken[]>();

/** Every token the market trades on a chain (native included). */
export function marketTokens(chainId: number): MarketToken[] {
  let tokens = CACHE.get(chainId);
  if (!tokens) {
    tokens = [...tokensOf(chainId).map(fromRegistry), ...demoTokens(chainId)];
    CACHE.set(chainId, tokens);
  }
  return tokens;
}

/** A market token by address, any case; undefined when the chain does not trade it (TOKEN_NOT_SUPPORTED). */
export function marketToken(chainId: number, address: string): MarketToken | undefined {
  const registry = findToken(chainId, address);
  if (registry) return fromRegistry(registry);
  return marketTokens(chainId).find((token) => token.address.toLowerCase() === address.toLowerCase());
}

/** How much of a chain's liquidity pairs with this token, relative to the wrapped native token. */
export function liquidityWeight(token: MarketToken): number {
  if (token.kind === 'wrapped-native') return 1;
  if (token.symbol === 'USDC') return 1;
  if (token.symbol === 'USDT') return 0.6;
  if (/BTC/.test(token.symbol)) return 0.5;
  if (token.symbol === 'DAI') return 0.35;
  if (token.isStable) return 0.25;
  return 0.2;
}

/** A major token: RFQ makers quote pairs of these only. */
export function isMajor(token: MarketToken): boolean {
  return token.kind === 'wrapped-native' || ['USDC', 'USDT'].includes(token.symbol) || /BTC/.test(token.symbol);
}
