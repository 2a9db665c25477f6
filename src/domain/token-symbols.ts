import { shortAddress } from './address-text.ts';
import { CHAINS } from './chains.ts';
import { DEMO_TAX_TOKENS } from './demo-tokens.ts';
import { findListedToken } from './listed-token.ts';
import { tokensOf } from './token-registry.ts';

/**
 * Token symbols as people type them, and tokens as a request named them. A symbol names a
 * different address on each chain (USDC is 0xa0b8… on Ethereum, 0x8335… on Base), so a symbol
 * reads as (chain, address) pairs: the registry's tokens and the local service's demo taxed tokens.
 */

/** One token one symbol names on one chain; `address` lowercased, as the history's lookup keys are. */
export interface TokenOnChain {
  chainId: number;
  address: string;
}

// Built on the first lookup, not as the module loads: every chain's registry is walked, about 5 ms
// that `swap-explorer price` paid at start for an index only History's search reads (issue 14).
let bySymbol: Map<string, TokenOnChain[]> | undefined;
function symbolIndex(): Map<string, TokenOnChain[]> {
  if (bySymbol) return bySymbol;
  const index = new Map<string, TokenOnChain[]>();
  const addNamed = (symbol: string, chainId: number, address: string): void => {
    const key = symbol.toLowerCase();
    const named = index.get(key) ?? [];
    if (!named.some((token) => token.chainId === chainId && token.address === address.toLowerCase())) named.push({ chainId, address: address.toLowerCase() });
    index.set(key, named);
  };
  for (const chain of CHAINS) for (const token of tokensOf(chain.chainId)) addNamed(token.symbol, token.chainId, token.address);
  for (const token of DEMO_TAX_TOKENS) addNamed(token.symbol, token.chainId, token.address);
  bySymbol = index;
  return index;
}

/** Every (chain, address) the symbol names, any letter case (`usdc` is USDC); empty for an unknown symbol. */
export function tokensNamed(symbol: string): readonly TokenOnChain[] {
  return symbolIndex().get(symbol.trim().toLowerCase()) ?? [];
}

/**
 * A token as a request named it, for a label: a symbol stays as written; an address becomes its
 * symbol on that chain (registry or demo token), or its short form when the chain has no such token.
 */
export function tokenLabel(chainId: number | null, token: string | null): string {
  if (token === null) return '?';
  if (!/^0x/i.test(token)) return token;
  const known = chainId === null ? undefined : findListedToken(chainId, token);
  return known?.symbol ?? shortAddress(token);
}
