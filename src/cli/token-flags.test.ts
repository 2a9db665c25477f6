import { describe, expect, it } from 'vitest';
import { DEMO_TAX_TOKENS } from '../domain/demo-tokens.ts';
import { findTokenBySymbol } from '../domain/token-registry.ts';
import { UsageError } from './compare-run.ts';
import { tokenSide } from './token-flags.ts';

const TAXD = DEMO_TAX_TOKENS.filter((demo) => demo.symbol === 'TAXD');
const USDC_ON_BASE = findTokenBySymbol(8453, 'USDC')!;
const UNLISTED = '0x1234567890abcdef1234567890abcdef12345678';

describe('tokenSide', () => {
  it('leaves a registry symbol to the engine, and an unknown one too (the engine names the chain)', () => {
    expect(tokenSide('sell', 'USDC', undefined, [1])).toEqual({ symbol: 'USDC', overrides: [] });
    expect(tokenSide('sell', 'NOPE', undefined, undefined)).toEqual({ symbol: 'NOPE', overrides: [] });
  });

  it('takes a registry symbol in any case as the lists spell it', () => {
    expect(tokenSide('sell', 'usdc', undefined, [1])).toEqual({ symbol: 'USDC', overrides: [] });
    expect(tokenSide('buy', 'Weth', undefined, undefined)).toEqual({ symbol: 'WETH', overrides: [] });
  });

  it('turns a demo symbol, any case, into an override on each named chain that has it', () => {
    expect(tokenSide('buy', 'taxd', undefined, undefined)).toEqual({
      symbol: 'TAXD',
      overrides: TAXD.map(({ chainId, address, decimals }) => ({ chainId, side: 'buy', address, decimals, symbol: 'TAXD' })),
    });
    // A named chain without it gets no override: the engine then says TAXD is not known there.
    expect(tokenSide('buy', 'TAXD', undefined, [10]).overrides).toEqual([]);
  });

  it('takes an address on every named chain, with the list\'s decimals and symbol where it knows it', () => {
    expect(tokenSide('sell', USDC_ON_BASE.address, undefined, [8453])).toEqual({
      symbol: 'USDC',
      overrides: [{ chainId: 8453, side: 'sell', address: USDC_ON_BASE.address, decimals: USDC_ON_BASE.decimals, symbol: 'USDC' }],
    });
    // Unlisted: its decimals from the flag, the short address as the symbol (the route names it).
    expect(tokenSide('buy', UNLISTED, '9', [1, 10])).toEqual({
      symbol: '0x1234…5678',
      overrides: [1, 10].map((chainId) => ({ chainId, side: 'buy', address: UNLISTED, decimals: 9 })),
    });
  });

  it('finds the chains of a listed address when none are named', () => {
    expect(tokenSide('sell', USDC_ON_BASE.address, undefined, undefined).overrides.map((item) => item.chainId)).toContain(8453);
  });

  it('refuses what it cannot price, naming the flag and what to give', () => {
    const refused = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused(() => tokenSide('buy', UNLISTED, undefined, [1]))).toBe(`--buy-decimals is needed: ${UNLISTED} is not in the token list of Ethereum`);
    expect(refused(() => tokenSide('buy', UNLISTED, '18', undefined))).toMatch(/^--buy 0x1234\S+ is in no chain's token list: name the chain it is on with --chains/);
    expect(refused(() => tokenSide('sell', 'USDC', '6', [1]))).toMatch(/^--sell-decimals goes with an address/);
    for (const bad of ['256', '-1', '1.5', 'six']) expect(refused(() => tokenSide('sell', UNLISTED, bad, [1]))).toBe('--sell-decimals must be a whole number from 0 to 255');
  });
});
