import { describe, expect, it } from 'vitest';
import { customerSide } from '../../lib/diff-side.ts';
import { amountToken, humanAmount, pathKeys } from './diff-units.ts';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const side = customerSide({
  endpoint: 'allowance-holder.price',
  query: { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000000000' },
  body: { buyAmount: '400000000000000000', sellAmount: '1000000000', fees: { gasFee: { amount: '5000000', token: USDC } } },
  zid: null,
});

describe('pathKeys', () => {
  it('reads identifiers, indexes and quoted keys', () => {
    expect(pathKeys('$.fees.gasFee["a b"][0]')).toEqual(['fees', 'gasFee', 'a b', 0]);
  });

  it('refuses text that is not a path', () => {
    expect(pathKeys('fees.gasFee')).toBeNull();
    expect(pathKeys('$.a..b')).toBeNull();
  });
});

describe('amountToken', () => {
  it('counts buy and sell amounts in the request tokens', () => {
    expect(amountToken('$.buyAmount', side)?.symbol).toBe('WETH');
    expect(amountToken('$.minBuyAmount', side)?.symbol).toBe('WETH');
    expect(amountToken('$.sellAmount', side)?.symbol).toBe('USDC');
  });

  it('counts a fee amount in the token beside it', () => {
    expect(amountToken('$.fees.gasFee.amount', side)?.symbol).toBe('USDC');
  });
});

describe('humanAmount', () => {
  it('shows base units in human units with the symbol', () => {
    expect(humanAmount('$.sellAmount', '1000000000', side)).toBe('1,000 USDC');
    expect(humanAmount('$.buyAmount', '400000000000000000', side)).toBe('0.4 WETH');
  });

  it('is empty for a value that is not an amount or a path with no token', () => {
    expect(humanAmount('$.blockNumber', '123', side)).toBe('');
    expect(humanAmount('$.buyAmount', 'abc', side)).toBe('');
  });
});
