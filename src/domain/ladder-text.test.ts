import { describe, expect, it } from 'vitest';
import { crossoverText, sizeText } from './ladder-text.ts';

const USDC = { decimals: 6, symbol: 'USDC' };

describe('sizeText', () => {
  it('writes a priced size whole, so a figure is never labelled with an amount it was not priced at', () => {
    expect(sizeText(1.23456, USDC)).toBe('1.23456 USDC');
    expect(sizeText(1_234_567.89, USDC)).toBe('1,234,567.89 USDC');
    expect(sizeText(100, USDC)).toBe('100 USDC');
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
