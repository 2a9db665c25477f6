import { describe, expect, it } from 'vitest';
import facts from './data/service-facts.json' with { type: 'json' };
import { CHAINS } from './chains.ts';
import { findToken, findTokenByListedAlias, findTokenBySymbol, nativeOf, tokensOf, wrappedNativeOf } from './token-registry.ts';

describe('token registry', () => {
  it('holds every token of the facts with its address and decimals', () => {
    for (const [chainId, tokens] of Object.entries(facts.tokens as Record<string, { address: string; decimals: number }[]>)) {
      for (const token of tokens) expect(findToken(Number(chainId), token.address)?.decimals).toBe(token.decimals);
    }
  });

  it('finds tokens in any letter case', () => {
    const usdc = findTokenBySymbol(1, 'USDC')!;
    expect(findToken(1, usdc.address.toLowerCase())).toBe(usdc);
    expect(findToken(1, usdc.address.toUpperCase().replace('0X', '0x'))).toBe(usdc);
  });

  it('gives each chain with a native asset the placeholder and its wrapped native', () => {
    for (const chain of CHAINS) {
      if (!chain.nativeTokenAddress) continue;
      expect(nativeOf(chain.chainId)?.address).toBe(chain.nativeTokenAddress);
      expect(wrappedNativeOf(chain.chainId)?.address.toLowerCase()).toBe(chain.wrappedNative?.toLowerCase());
    }
  });

  it('marks stablecoins and lists no address twice', () => {
    expect(findTokenBySymbol(1, 'DAI')?.isStable).toBe(true);
    expect(findTokenBySymbol(1, 'WBTC')?.isStable).toBe(false);
    for (const chain of CHAINS) {
      const addresses = tokensOf(chain.chainId).map((token) => token.address.toLowerCase());
      expect(new Set(addresses).size).toBe(addresses.length);
    }
  });

  it('gives Linea stablecoins and nothing for an unknown chain', () => {
    expect(findTokenBySymbol(59144, 'USDC')?.decimals).toBe(6);
    expect(tokensOf(5)).toEqual([]);
  });

  it("finds a registry token by the other symbol the facts' list gives it, and only then", () => {
    expect(findTokenByListedAlias(137, 'wpol')).toBe(wrappedNativeOf(137));
    expect(wrappedNativeOf(137)?.symbol).toBe('WMATIC');
    expect(findTokenByListedAlias(137, 'WMATIC')).toBeUndefined();
    expect(findTokenByListedAlias(1, 'USDC')).toBeUndefined();
    expect(findTokenByListedAlias(1, 'WPOL')).toBeUndefined();
  });
});
