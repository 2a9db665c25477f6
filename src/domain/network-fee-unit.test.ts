import { describe, expect, it } from 'vitest';
import { NO_NATIVE_TOKEN_NOTE, networkFeeText, noNativeTokenNote, weiText } from './network-fee-unit.ts';

describe('networkFeeText', () => {
  it('writes a fee in the chain\'s native token where it has one, and in whole wei where it has none', () => {
    expect(networkFeeText(450_000_000_000_000n, 'ETH', 18)).toBe('0.00045 ETH');
    expect(networkFeeText('412500000000', null, 18)).toBe('412,500,000,000 wei');
    // Where the chain is known to have none, the same text without decimals it does not use.
    expect(weiText('412500000000')).toBe(networkFeeText('412500000000', null, 18));
  });
});

describe('noNativeTokenNote', () => {
  it('is said for Tempo, which has no native token, and for no chain that has one or is not known', () => {
    expect(noNativeTokenNote(4217)).toBe(NO_NATIVE_TOKEN_NOTE);
    expect([1, 8453, 999_999, null, undefined].map(noNativeTokenNote)).toEqual([null, null, null, null, null]);
  });
});
