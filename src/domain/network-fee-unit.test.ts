import { describe, expect, it } from 'vitest';
import { NO_NATIVE_TOKEN_NOTE, NO_NATIVE_VALUE_NOTE, UNKNOWN_CHAIN_FEE_NOTE, UNKNOWN_CHAIN_VALUE_NOTE, feeUnitName, feeUnitNote, feeUnitsText, networkFeeText, noNativeTokenNote, valueUnitNote, weiText } from './network-fee-unit.ts';

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

describe('feeUnitNote and valueUnitNote', () => {
  it('say why a figure reads in wei on Tempo and where the chain is not known, and nothing where the chain names its native token', () => {
    expect([1, 8453].map(feeUnitNote)).toEqual([null, null]);
    expect([1, 8453].map(valueUnitNote)).toEqual([null, null]);
    expect(feeUnitNote(4217)).toBe(NO_NATIVE_TOKEN_NOTE);
    expect(valueUnitNote(4217)).toBe(NO_NATIVE_VALUE_NOTE);
    expect([null, undefined, 999_999].map(feeUnitNote)).toEqual([UNKNOWN_CHAIN_FEE_NOTE, UNKNOWN_CHAIN_FEE_NOTE, UNKNOWN_CHAIN_FEE_NOTE]);
    expect([null, undefined, 999_999].map(valueUnitNote)).toEqual([UNKNOWN_CHAIN_VALUE_NOTE, UNKNOWN_CHAIN_VALUE_NOTE, UNKNOWN_CHAIN_VALUE_NOTE]);
  });
});

describe('feeUnitsText and feeUnitName', () => {
  it('name whole units of the native token where the chain has one, and the wei they are where it has none', () => {
    expect([feeUnitsText('1', 'ETH', 18), feeUnitsText('0.1', 'ETH', 18)]).toEqual(['1 ETH', '0.1 ETH']);
    expect([feeUnitsText('1', null, 18), feeUnitsText('0.1', null, 18)]).toEqual(['1,000,000,000,000,000,000 wei', '100,000,000,000,000,000 wei']);
    expect([feeUnitName('POL'), feeUnitName(null)]).toEqual(['POL', 'wei']);
  });
});
