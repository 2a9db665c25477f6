import { describe, expect, it } from 'vitest';
import { findDemoToken } from './demo-tokens.ts';
import { findListedToken, findListedTokenBySymbol } from './listed-token.ts';
import { findToken, findTokenBySymbol } from './token-registry.ts';

const TAXD = '0x7a7a000000000000000000000000000000000001';

describe('listed tokens', () => {
  it('finds a demo token of the local service by address, on the chains that have it only', () => {
    expect(findListedToken(1, TAXD)).toMatchObject({ symbol: 'TAXD', decimals: 18 });
    expect(findListedToken(8453, TAXD.toUpperCase().replace('0X', '0x'))).toMatchObject({ symbol: 'TAXD', decimals: 18 });
    expect(findListedToken(10, TAXD)).toBeUndefined();
  });

  it('finds a demo symbol in any case, on the chains that have it only', () => {
    for (const text of ['TAXD', 'taxd', 'TaxD', ' taxd ']) expect(findListedTokenBySymbol(1, text)).toBe(findDemoToken(1, TAXD));
    expect(findListedTokenBySymbol(1, 'fotd')?.symbol).toBe('FOTD');
    expect(findListedTokenBySymbol(8453, 'FOTD')).toBeUndefined();
    expect(findListedTokenBySymbol(10, 'TAXD')).toBeUndefined();
  });

  it('leaves registry tokens as the registry has them, in any case', () => {
    const usdc = findTokenBySymbol(1, 'USDC')!;
    expect(findListedToken(1, usdc.address)).toBe(usdc);
    expect(findListedTokenBySymbol(1, 'USDC')).toBe(usdc);
    expect(findListedTokenBySymbol(1, 'usdc')).toBe(usdc);
    expect(findListedToken(1, '0x1234567890abcdef1234567890abcdef12345678')).toBe(findToken(1, '0x1234567890abcdef1234567890abcdef12345678'));
  });
});
