import type { TokenOverride } from '../../../src/ipc/channels/compare.ts';
import { swapChains } from '../../../src/domain/chains.ts';
import { findToken, findTokenBySymbol, tokensOf } from '../../../src/domain/token-registry.ts';

/** What the Compare form offers: symbols of the registry and the chains where a pair is known. */

/** Every symbol known on some swap chain, sorted, for the pair pickers. */
export const SYMBOLS: readonly string[] = [...new Set(swapChains().flatMap((chain) => tokensOf(chain.chainId).map((token) => token.symbol)))].sort((a, b) => a.localeCompare(b));

/** Chains where both symbols resolve, from the registry or an override (the default chain set). */
export function chainsWithBoth(sell: string, buy: string, overrides: readonly TokenOverride[]): number[] {
  const known = (chainId: number, symbol: string, side: 'sell' | 'buy') => {
    const override = overrides.find((item) => item.chainId === chainId && item.side === side);
    if (override) return Boolean(findToken(chainId, override.address)) || override.decimals !== undefined;
    return Boolean(findTokenBySymbol(chainId, symbol));
  };
  return swapChains().map((chain) => chain.chainId).filter((chainId) => known(chainId, sell, 'sell') && known(chainId, buy, 'buy'));
}
