import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_PLACEHOLDER } from '../../spec/constants.ts';
import { isNativePlaceholder, nativePlaceholderName, sayPlaceholderOnce } from './native-placeholder.ts';

describe('nativePlaceholderName', () => {
  it("is the chain's native symbol where the chain has one at 0xeeee…", () => {
    expect([1, 137, 56].map(nativePlaceholderName)).toEqual(['ETH', 'POL', 'BNB']);
  });

  it('says what the placeholder is, naming no token, on Tempo (no native token) and where the chain is not known', () => {
    expect(nativePlaceholderName(4217)).toBe('0xeeee…eeee (the native-asset placeholder; Tempo has no native token)');
    const unknown = '0xeeee…eeee (the native-asset placeholder; the chain is not known, so no token can be named)';
    expect([undefined, null, 999_999].map(nativePlaceholderName)).toEqual([unknown, unknown, unknown]);
  });

  it("does not call it Mantle's native token, which has an address of its own", () => {
    expect(nativePlaceholderName(5000)).toBe("0xeeee…eeee (the native-asset placeholder; Mantle's MNT is 0xdeaddeaddeaddeaddeaddeaddeaddeaddead0000)");
  });

  it('recognises the placeholder in any letter case', () => {
    expect([NATIVE_TOKEN_PLACEHOLDER, NATIVE_TOKEN_PLACEHOLDER.toLowerCase(), '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 42].map(isNativePlaceholder)).toEqual([true, true, false, false]);
  });
});

describe('sayPlaceholderOnce', () => {
  const unknown = nativePlaceholderName(undefined);

  it('explains the placeholder at its first mention across the texts, and names it alone after', () => {
    const texts = [`sells 1 base units of ${unknown}`, 'no mention', `has 1 base units of ${unknown}, needs 2 base units of ${unknown}`];
    expect(sayPlaceholderOnce(texts, undefined)).toEqual([`sells 1 base units of ${unknown}`, 'no mention', 'has 1 base units of 0xeeee…eeee, needs 2 base units of 0xeeee…eeee']);
    // The first mention may be inside a later text: it is explained there.
    expect(sayPlaceholderOnce(['no mention', `has ${unknown}, needs ${unknown}`], null)).toEqual(['no mention', `has ${unknown}, needs 0xeeee…eeee`]);
  });

  it('leaves the texts alone where the chain names the placeholder (ETH)', () => {
    expect(sayPlaceholderOnce(['1 ETH', '2 ETH'], 1)).toEqual(['1 ETH', '2 ETH']);
  });
});
