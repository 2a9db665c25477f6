import { describe, expect, it } from 'vitest';
import { pickText, tokenOptions } from './token-choices.ts';

describe('tokenOptions', () => {
  it('finds registry symbols by part of the symbol, once each, with the chains that know them', () => {
    const options = tokenOptions('usd');
    expect(options.some((option) => option.pick.kind === 'symbol' && option.pick.symbol === 'USDC')).toBe(true);
    expect(options.every((option) => option.label.toLowerCase().includes('usd'))).toBe(true);
    expect(options.filter((option) => option.key === 'symbol-USDC')).toHaveLength(1);
  });

  it('finds the demo taxed tokens by name and by address prefix, one option per chain', () => {
    expect(tokenOptions('fee-on-transfer').map((option) => option.pick)).toEqual([
      { kind: 'address', chainId: 1, address: '0x7a7a000000000000000000000000000000000002', symbol: 'FOTD', decimals: 18 },
    ]);
    expect(tokenOptions('0x7A7A').filter((option) => option.label.startsWith('TAXD')).map((option) => option.pick.kind === 'address' && option.pick.chainId)).toEqual([1, 8453]);
  });

  it('offers a whole unknown address on every swap chain, with decimals and symbol still to be asked', () => {
    const address = '0x1234567890abcdef1234567890abcdef12345678';
    const options = tokenOptions(` ${address} `);
    expect(options.length).toBeGreaterThan(1);
    expect(options.every((option) => option.pick.kind === 'address' && option.pick.address === address && option.pick.decimals === null && option.pick.symbol === '')).toBe(true);
  });

  it('offers a pasted registry address as its symbol, not as an unknown token', () => {
    const options = tokenOptions('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    expect(options.map((option) => option.pick)).toEqual([{ kind: 'symbol', symbol: 'USDC' }]);
  });
});

describe('pickText', () => {
  it('shows the symbol, or the short address while an address has none', () => {
    expect(pickText({ kind: 'symbol', symbol: 'DAI' })).toBe('DAI');
    expect(pickText({ kind: 'address', chainId: 1, address: '0x1234567890abcdef1234567890abcdef12345678', symbol: '', decimals: null })).toBe('0x1234…5678');
  });
});
