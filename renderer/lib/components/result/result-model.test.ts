import { describe, expect, it } from 'vitest';
import { findTokenBySymbol } from '../../../../src/domain/token-registry.ts';
import { blockText, humanAmount, tokenLookup } from './result-model.ts';

const TAXD = '0x7a7a000000000000000000000000000000000001';

describe('token lookup of the result panel', () => {
  it("reads a demo token's amounts in its units with its symbol, not in base units", () => {
    expect(tokenLookup(1)(TAXD)).toEqual({ symbol: 'TAXD', decimals: 18 });
    expect(tokenLookup(8453)(TAXD)).toEqual({ symbol: 'TAXD', decimals: 18 });
    // A buy amount the audit saw shown in base units.
    expect(humanAmount('69865842660697361880', TAXD, 1)).toBe('69.8658 TAXD');
  });

  it('keeps base units where the chain has no such token, and registry tokens as before', () => {
    expect(tokenLookup(10)(TAXD)).toBeUndefined();
    expect(humanAmount('69865842660697361880', TAXD, 10)).toBe('69865842660697361880 base units');
    expect(humanAmount('1500000', findTokenBySymbol(1, 'USDC')!.address, 1)).toBe('1.5 USDC');
  });
});

describe('blockText', () => {
  it('writes a block number as Compare and the CLI do, and anything else as it came', () => {
    expect(blockText('26556410')).toBe('26,556,410');
    expect(blockText('latest')).toBe('latest');
    expect(blockText(undefined)).toBe('—');
  });
});
