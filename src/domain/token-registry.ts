import facts from './data/service-facts.json' with { type: 'json' };
import { CHAINS, chainById } from './chains.ts';

/**
 * The per-chain token registry: the native asset, the wrapped native token and the tokens of
 * service-facts.json with their real addresses and decimals. The local service trades exactly
 * these; the UI offers them as choices.
 */

/** What a token is to the router: the chain's native asset, its wrapped form, or any other token. */
export type TokenKind = 'native' | 'wrapped-native' | 'token';

/** One token on one chain. */
export interface TokenInfo {
  chainId: number;
  address: string;
  symbol: string;
  decimals: number;
  kind: TokenKind;
  /** A USD stablecoin: stable pairs get stableswap pools and a lower service fee. */
  isStable: boolean;
}

const STABLE_SYMBOLS = new Set(['USDC', 'USDT', 'DAI', 'crvUSD', 'USDbC', 'USDC.e', 'DAI.e']);

// The facts list no tokens for Linea; these are Linea's public bridged-stablecoin contracts (6
// decimals), added so the chain the issue names has a market beyond its native asset.
const SUPPLEMENT: Record<string, { symbol: string; address: string; decimals: number }[]> = {
  '59144': [
    { symbol: 'USDC', address: '0x176211869cA2b568f2A7D4EE941E073a821EE1ff', decimals: 6 },
    { symbol: 'USDT', address: '0xA219439258ca9da29E9Cc4cE5596924745e12B93', decimals: 6 },
  ],
};

function buildChain(chainId: number): TokenInfo[] {
  const chain = chainById(chainId);
  if (!chain) return [];
  const out: TokenInfo[] = [];
  const add = (address: string, symbol: string, decimals: number, kind: TokenKind) => {
    if (out.some((token) => token.address.toLowerCase() === address.toLowerCase())) return;
    out.push({ chainId, address, symbol, decimals, kind, isStable: STABLE_SYMBOLS.has(symbol) });
  };
  if (chain.nativeTokenAddress && chain.nativeSymbol) add(chain.nativeTokenAddress, chain.nativeSymbol, 18, 'native');
  if (chain.wrappedNative && chain.wrappedNativeSymbol) add(chain.wrappedNative, chain.wrappedNativeSymbol, 18, 'wrapped-native');
  const listed = (facts.tokens as Record<string, { symbol: string; address: string; decimals: number }[]>)[String(chainId)] ?? SUPPLEMENT[String(chainId)] ?? [];
  for (const token of listed) {
    const isWrapped = chain.wrappedNative !== null && token.address.toLowerCase() === chain.wrappedNative.toLowerCase();
    add(token.address, token.symbol, token.decimals, isWrapped ? 'wrapped-native' : 'token');
  }
  return out;
}

const REGISTRY = new Map(CHAINS.map((chain) => [chain.chainId, buildChain(chain.chainId)]));

// The facts' token lists name one registry token otherwise: Polygon's wrapped native is WMATIC in
// the registry (its route symbol) and WPOL in the list (its market name since the POL rename).
const LISTED_ALIASES = new Map(
  CHAINS.map((chain) => {
    const listed = (facts.tokens as Record<string, { symbol: string; address: string }[]>)[String(chain.chainId)] ?? [];
    const aliases = listed.flatMap((item) => {
      const token = REGISTRY.get(chain.chainId)!.find((known) => known.address.toLowerCase() === item.address.toLowerCase());
      return token && token.symbol !== item.symbol ? [[item.symbol.toLowerCase(), token] as const] : [];
    });
    return [chain.chainId, new Map(aliases)];
  }),
);
const BY_ADDRESS = new Map(
  [...REGISTRY].map(([chainId, tokens]) => [chainId, new Map(tokens.map((token) => [token.address.toLowerCase(), token]))]),
);

/** The tokens of a chain: native first, then the wrapped native, then the listed tokens. Empty for an unknown chain. */
export function tokensOf(chainId: number): readonly TokenInfo[] {
  return REGISTRY.get(chainId) ?? [];
}

/** A registry token by address (any letter case), or undefined. */
export function findToken(chainId: number, address: string): TokenInfo | undefined {
  return BY_ADDRESS.get(chainId)?.get(address.toLowerCase());
}

/** A registry token by symbol (exact), or undefined. */
export function findTokenBySymbol(chainId: number, symbol: string): TokenInfo | undefined {
  return tokensOf(chainId).find((token) => token.symbol === symbol);
}

/**
 * A registry token by another symbol the token list gives it (any letter case): WPOL for Polygon's
 * WMATIC. Undefined for a symbol the registry itself spells, or one no list gives.
 */
export function findTokenByListedAlias(chainId: number, symbol: string): TokenInfo | undefined {
  return LISTED_ALIASES.get(chainId)?.get(symbol.trim().toLowerCase());
}

/** The chain's wrapped native token, if it has one. */
export function wrappedNativeOf(chainId: number): TokenInfo | undefined {
  return tokensOf(chainId).find((token) => token.kind === 'wrapped-native');
}

/** The chain's native asset, if it has one. */
export function nativeOf(chainId: number): TokenInfo | undefined {
  return tokensOf(chainId).find((token) => token.kind === 'native');
}
