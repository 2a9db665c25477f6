import { findDemoToken, findDemoTokenBySymbol } from './demo-tokens.ts';
import { findToken, findTokenBySymbol, tokensOf } from './token-registry.ts';

/**
 * The tokens the app can name and read amounts of on a chain: the registry's, and the local
 * service's demo taxed tokens (TAXD, FOTD). The demo tokens are kept out of the registry because
 * only the local service trades them, but they are real tokens of that service with known decimals,
 * so an answer about one reads in its units and with its symbol, as the Compare picker offers it.
 */

/** What naming a token and reading its amounts needs. */
export interface ListedToken {
  chainId: number;
  address: string;
  symbol: string;
  decimals: number;
}

/** A registry or demo token of the chain by address (any case), or undefined. */
export function findListedToken(chainId: number, address: string): ListedToken | undefined {
  return findToken(chainId, address) ?? findDemoToken(chainId, address);
}

/**
 * A token of the chain by symbol, any case: the registry's exact spelling first, then its spelling
 * in another case (no two registry symbols differ only in case), then a demo token; a registry
 * symbol wins over a demo token's, as in the CLI's `--sell`/`--buy`.
 */
export function findListedTokenBySymbol(chainId: number, symbol: string): ListedToken | undefined {
  const text = symbol.trim();
  const lower = text.toLowerCase();
  return findTokenBySymbol(chainId, text) ?? tokensOf(chainId).find((token) => token.symbol.toLowerCase() === lower) ?? findDemoTokenBySymbol(chainId, text);
}
