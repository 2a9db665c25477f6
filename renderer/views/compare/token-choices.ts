import { shortAddress } from '../../../src/domain/address-text.ts';
import { chainById, swapChains } from '../../../src/domain/chains.ts';
import { tokensOf } from '../../../src/domain/token-registry.ts';
import { DEMO_TAX_TOKENS } from '../../../src/domain/demo-tokens.ts';
import { findListedToken } from '../../../src/domain/listed-token.ts';
import { isAddress } from './override-check.ts';
import { SYMBOLS } from './pair-options.ts';

/**
 * What the Sell and Buy token pickers offer for a search (issue 11, "Tokens"): the registry's
 * symbols (each on the chains that know it), the local service's demo taxed tokens, and a pasted
 * address. A symbol is resolved per chain by the engine; an address is one chain's token, so it
 * goes into the request as an address override of that chain and side, as the override rows do.
 */

/** What picking an option does to one side of the pair. */
export type TokenPick =
  | { kind: 'symbol'; symbol: string }
  | { kind: 'address'; chainId: number; address: string; symbol: string; decimals: number | null };

/** One option of the picker's list. */
export interface TokenOption {
  /** Stable and unique within one list (used for the option's DOM id). */
  key: string;
  /** The option's accessible name: symbol or address, then what it is and where. */
  label: string;
  pick: TokenPick;
}

const MAX_OPTIONS = 60;
const KIND_TEXT = { native: 'native asset', 'wrapped-native': 'wrapped native', token: 'token' } as const;

function chainName(chainId: number): string {
  return chainById(chainId)?.name ?? `chain ${chainId}`;
}

// One option per registry symbol; searched by symbol, kind and each chain's address.
function symbolOptions(query: string): TokenOption[] {
  return SYMBOLS.flatMap((symbol) => {
    const tokens = swapChains().flatMap((chain) => tokensOf(chain.chainId).filter((token) => token.symbol === symbol));
    const kinds = [...new Set(tokens.map((token) => KIND_TEXT[token.kind]))].join(', ');
    const byAddress = query.startsWith('0x') && query.length >= 4 ? tokens.filter((token) => token.address.toLowerCase().startsWith(query)) : [];
    const isMatch = query === '' || symbol.toLowerCase().includes(query) || kinds.includes(query) || byAddress.length > 0;
    if (!isMatch) return [];
    const where = byAddress.length > 0 ? `${shortAddress(byAddress[0]!.address)} on ${byAddress.map((token) => chainName(token.chainId)).join(', ')}` : `on ${tokens.length} chain${tokens.length === 1 ? '' : 's'}`;
    return [{ key: `symbol-${symbol}`, label: `${symbol} · ${kinds} · ${where}`, pick: { kind: 'symbol', symbol } }];
  });
}

function demoOptions(query: string): TokenOption[] {
  return DEMO_TAX_TOKENS.filter((token) => query === '' || token.symbol.toLowerCase().includes(query) || token.name.toLowerCase().includes(query) || token.address.toLowerCase().startsWith(query)).map((token) => ({
    key: `demo-${token.chainId}-${token.address}`,
    label: `${token.symbol} · ${token.name} (local service, taxed) · ${shortAddress(token.address)} on ${chainName(token.chainId)}`,
    pick: { kind: 'address', chainId: token.chainId, address: token.address, symbol: token.symbol, decimals: token.decimals },
  }));
}

// A whole pasted address no list knows: one option per chain, since an address is one chain's token.
function pastedOptions(address: string): TokenOption[] {
  const isKnown = swapChains().some((chain) => findListedToken(chain.chainId, address));
  if (isKnown) return [];
  return swapChains().map((chain) => ({
    key: `pasted-${chain.chainId}`,
    label: `${shortAddress(address)} on ${chain.name} · not in the token list: decimals and symbol asked`,
    pick: { kind: 'address', chainId: chain.chainId, address, symbol: '', decimals: null },
  }));
}

/** The options for a typed search (symbol, name, kind or address; any case), at most 60. */
export function tokenOptions(search: string): TokenOption[] {
  const query = search.trim().toLowerCase();
  const pasted = isAddress(query) ? pastedOptions(search.trim()) : [];
  return [...symbolOptions(query), ...demoOptions(query), ...pasted].slice(0, MAX_OPTIONS);
}

/** What the picker's field shows for a side: the symbol, or the address's short form while it has none. */
export function pickText(pick: TokenPick): string {
  if (pick.kind === 'symbol') return pick.symbol;
  return pick.symbol || shortAddress(pick.address);
}
