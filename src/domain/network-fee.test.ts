import { describe, expect, it } from 'vitest';
import { networkFeeMakeup, networkFeeMakeupText } from './network-fee.ts';

const wei = (value: bigint) => `${value} wei`;

describe('networkFeeMakeup', () => {
  it('says a total of exactly gas × gas price, on any chain', () => {
    expect(networkFeeMakeup('567000000000000', '180000', '3150000000', 1)).toEqual({ kind: 'gas-only', gasCost: 567_000_000_000_000n });
    expect(networkFeeMakeup('900', 180, '5', 8453)).toEqual({ kind: 'gas-only', gasCost: 900n });
  });

  it('names the rest the L1 data cost only on a chain that has one (Base, Optimism, Scroll), and only when it is a surplus', () => {
    expect(networkFeeMakeup('2537416475500', '225000', '3953654', 8453)).toEqual({ kind: 'l1-data', gasCost: 889_572_150_000n, l1DataCost: 1_647_844_325_500n });
    expect(networkFeeMakeup('1000', '100', '5', 10)).toEqual({ kind: 'l1-data', gasCost: 500n, l1DataCost: 500n });
    // Below gas × gas price there is no L1 cost to name, and on Ethereum or an unknown chain no L1 cost at all.
    expect(networkFeeMakeup('400', '100', '5', 8453)).toEqual({ kind: 'differs', gasCost: 500n, difference: -100n });
    expect(networkFeeMakeup('1000', '100', '5', 1)).toEqual({ kind: 'differs', gasCost: 500n, difference: 500n });
    expect(networkFeeMakeup('1000', '100', '5', null)).toEqual({ kind: 'differs', gasCost: 500n, difference: 500n });
  });

  it('says nothing when the body lacks a part or a part is not a whole number', () => {
    for (const [total, gas, price] of [[null, '1', '1'], ['1', null, '1'], ['1', '1', undefined], ['1.5', '1', '1'], ['1', '-1', '1'], ['1', '1', '0x10']]) {
      expect(networkFeeMakeup(total, gas, price, 1), JSON.stringify([total, gas, price])).toBeNull();
    }
  });
});

describe('networkFeeMakeupText', () => {
  it('words each makeup with the amounts it was given', () => {
    expect(networkFeeMakeupText({ kind: 'gas-only', gasCost: 5n }, wei)).toBe('gas × gas price');
    expect(networkFeeMakeupText({ kind: 'l1-data', gasCost: 5n, l1DataCost: 7n }, wei)).toBe('gas × gas price 5 wei + L1 data cost 7 wei');
    expect(networkFeeMakeupText({ kind: 'differs', gasCost: 5n, difference: 2n }, wei)).toBe('gas × gas price is 5 wei; the total is 2 wei more');
    expect(networkFeeMakeupText({ kind: 'differs', gasCost: 5n, difference: -2n }, wei)).toBe('gas × gas price is 5 wei; the total is 2 wei less');
  });
});
