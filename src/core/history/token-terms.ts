import type { SQLInputValue } from 'node:sqlite';
import { tokensNamed } from '../../domain/token-symbols.ts';

/**
 * How the history search reads a token typed as a symbol or an address. A symbol names a
 * different address on each chain (src/domain/token-symbols.ts), so it becomes one alternative per
 * (chain, address, side), plus the symbol itself as an imported request may have named it
 * literally. Each alternative is equalities on the leading columns of one index that ends with
 * started_ms, so the search walks each in time order and stops at the page size (search-query.ts)
 * instead of sorting every match: USDC on Ethereum may be a third of a big history.
 */

/** One alternative: a condition and its parameters. */
export interface TokenTerm {
  sql: string;
  params: SQLInputValue[];
}

const SIDES = ['sell_token_key', 'buy_token_key'] as const;

/**
 * The alternatives for a whole token (address or symbol, any case), on `chainId` alone when the
 * search is filtered to one chain. `unknownSymbols` receives a symbol no chain's token list has.
 */
export function tokenTerms(token: string, chainId: number | undefined, unknownSymbols: string[]): TokenTerm[] {
  const key = token.trim().toLowerCase();
  // The token as the request named it: an address (any chain), or a symbol kept literally.
  const terms: TokenTerm[] = SIDES.map((column) => ({ sql: `${column} = ?`, params: [key] }));
  if (key.startsWith('0x')) return terms;
  const named = tokensNamed(key);
  if (named.length === 0) unknownSymbols.push(token.trim());
  for (const { chainId: chain, address } of named) {
    if (chainId !== undefined && chain !== chainId) continue;
    for (const column of SIDES) terms.push({ sql: `chain_id = ? AND ${column} = ?`, params: [chain, address] });
  }
  return terms;
}
