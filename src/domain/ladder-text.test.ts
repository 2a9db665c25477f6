import { describe, expect, it } from 'vitest';
import { crossoverText, sizeText } from './ladder-text.ts';

const USDC = { decimals: 6, symbol: 'USDC' };

describe('sizeText', () => {
  it('writes a priced size whole, so a figure is never labelled with an amount it was not priced at', () => {
    expect(sizeText(1.23456, USDC)).toBe('1.23456 USDC');
    expect(sizeText(1_234_567.89, USDC)).toBe('1,234,567.89 USDC');
    expect(sizeText(100, USDC)).toBe('100 USDC');
  });

  it('writes a size below a millionth of a token whole too, never as 0 or as the nearest millionth', () => {
    const WETH = { decimals: 18, symbol: 'WETH' };
    expect(sizeText(0.0000001, WETH)).toBe('0.0000001 WETH');
    expect(sizeText(0.0000005, WETH)).toBe('0.0000005 WETH');
    expect(sizeText(0.0000015, WETH)).toBe('0.0000015 WETH');
    expect(sizeText(1.5e-15, WETH)).toBe('0.0000000000000015 WETH');
    expect(sizeText(123_456.789012345, WETH)).toBe('123,456.789012345 WETH');
    expect(sizeText(1e21, WETH)).toBe('1,000,000,000,000,000,000,000 WETH');
    // A crossover between two such sizes reads in their digits, not as "≈ 0 WETH".
    expect(sizeText(3.16227766e-7, WETH, 3)).toBe('0.000000316 WETH');
    const text = crossoverText({ kind: 'crossovers', comparable: 2, crossovers: [{ size: 3.16227766e-7, from: 'allowance-holder', to: 'permit2', isExact: false, between: [1e-7, 0.000001] }] }, WETH);
    expect(text).toBe('Allowance Holder → Permit2 at ≈ 0.000000316 WETH (between 0.0000001 WETH and 0.000001 WETH)');
  });

  it('rounds only an interpolated size to the significant digits asked', () => {
    expect(sizeText(12_345.678, USDC, 3)).toBe('12,345 USDC');
    expect(sizeText(1.23456, USDC, 3)).toBe('1.23 USDC');
  });

  it('names the priced sizes of a range whole', () => {
    const text = crossoverText({ kind: 'none-in-range', better: 'allowance-holder', comparable: 2, from: 1.23456, to: 1_234_567.89, tied: [] }, USDC);
    expect(text).toContain('(1.23456 USDC to 1,234,567.89 USDC)');
  });
});
