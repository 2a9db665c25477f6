import { describe, expect, it } from 'vitest';
import { DEMO_TAX_TOKENS } from '../domain/demo-tokens.ts';
import { findTokenBySymbol, wrappedNativeOf } from '../domain/token-registry.ts';
import { UsageError } from './compare-run.ts';
import { pairChains, tokenSide } from './token-flags.ts';

const TAXD = DEMO_TAX_TOKENS.filter((demo) => demo.symbol === 'TAXD');
const USDC_ON_BASE = findTokenBySymbol(8453, 'USDC')!;
const UNLISTED = '0x1234567890abcdef1234567890abcdef12345678';

function refused(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('tokenSide', () => {
  it('leaves a registry symbol to the engine, and an unknown one too (the engine names the chain)', () => {
    expect(tokenSide('sell', 'USDC', undefined, [1])).toEqual({ symbol: 'USDC', overrides: [] });
    expect(tokenSide('sell', 'NOPE', undefined, undefined)).toEqual({ symbol: 'NOPE', overrides: [] });
  });

  it('takes a registry symbol in any case as the lists spell it', () => {
    expect(tokenSide('sell', 'usdc', undefined, [1])).toEqual({ symbol: 'USDC', overrides: [] });
    expect(tokenSide('buy', 'Weth', undefined, undefined)).toEqual({ symbol: 'WETH', overrides: [] });
  });

  it("takes the token list's other name for a registry token as the registry's symbol: Polygon's WPOL is WMATIC", () => {
    expect(tokenSide('sell', 'WPOL', undefined, [137])).toEqual({ symbol: 'WMATIC', overrides: [] });
    expect(tokenSide('buy', 'wpol', undefined, undefined)).toEqual({ symbol: 'WMATIC', overrides: [] });
    expect(findTokenBySymbol(137, 'WMATIC')?.address).toBe(wrappedNativeOf(137)?.address);
  });

  it('turns a demo symbol, any case, into an override on each named chain that has it', () => {
    expect(tokenSide('buy', 'taxd', undefined, undefined)).toEqual({
      symbol: 'TAXD',
      overrides: TAXD.map(({ chainId, address, decimals }) => ({ chainId, side: 'buy', address, decimals, symbol: 'TAXD' })),
    });
    // A named chain without it is refused (below), with what that chain's list has.
    expect(refused(() => tokenSide('buy', 'TAXD', undefined, [10]))).toMatch(/^--buy TAXD is not known on Optimism \(10\), whose token list has ETH, WETH, /);
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
    expect(refused(() => tokenSide('buy', UNLISTED, undefined, [1]))).toBe(`--buy-decimals is needed: ${UNLISTED} is not in the token list of Ethereum`);
    expect(refused(() => tokenSide('buy', UNLISTED, '18', undefined))).toMatch(/^--buy 0x1234\S+ is in no chain's token list: name the chain it is on with --chains/);
    expect(refused(() => tokenSide('sell', 'USDC', '6', [1]))).toMatch(/^--sell-decimals goes with an address/);
    for (const bad of ['256', '-1', '1.5', 'six', '0x10', '1e1', ' 6 ']) expect(refused(() => tokenSide('sell', UNLISTED, bad, [1])), bad).toBe('--sell-decimals must be a whole number from 0 to 255');
  });

  it("refuses decimals given for a listed address that are not its list's, rather than pricing with the list's unsaid", () => {
    const address = USDC_ON_BASE.address;
    expect(refused(() => tokenSide('sell', address, '18', [8453]))).toBe(`--sell-decimals 18 disagrees with the token list of Base (8453), which gives ${address} (USDC) 6 decimals: leave --sell-decimals out, or check the address`);
    expect(refused(() => tokenSide('buy', address, '18', undefined))).toMatch(/^--buy-decimals 18 disagrees with the token list of Base \(8453\)/);
    // The list's own decimals are no disagreement; on a chain whose list lacks the address they are the ones used.
    expect(tokenSide('sell', address, '6', [8453]).overrides).toEqual([{ chainId: 8453, side: 'sell', address, decimals: 6, symbol: 'USDC' }]);
    expect(tokenSide('sell', address, '6', [1, 8453]).overrides).toEqual([
      { chainId: 1, side: 'sell', address, decimals: 6 },
      { chainId: 8453, side: 'sell', address, decimals: 6, symbol: 'USDC' },
    ]);
  });

  it("refuses a symbol a named chain does not know with that chain's list, never sending a compare to an address on every chain", () => {
    // One chain (price): give a symbol its list has, or the address with its decimals.
    expect(refused(() => tokenSide('sell', 'WETH', undefined, [56]))).toBe('--sell WETH is not known on BSC (56), whose token list has BNB, WBNB, USDT, USDC, ETH, BTCB, DAI: give one of them, or the token\'s address with --sell-decimals');
    // Several (compare): an address would go on every chain of --chains (BSC's ETH on Ethereum too),
    // so the way out is to leave the chain out or run it on its own with its own symbol.
    const several = refused(() => tokenSide('sell', 'weth', undefined, [1, 56, 43114]));
    expect(several).toBe(
      '--sell weth is not known on BSC (56), Avalanche (43114). One compare takes one symbol (or one address) on every chain of --chains: leave those chains out, or compare each in a run of its own with a symbol its token list has (BSC (56): BNB, WBNB, USDT, USDC, ETH, BTCB, DAI; Avalanche (43114): AVAX, WAVAX, USDC, USDT, WETH.e, DAI.e, WBTC.e)',
    );
    expect(several).not.toContain('address there');
    // A chain whose list is empty (Tempo) says so, rather than listing nothing.
    expect(refused(() => tokenSide('sell', 'USDC', undefined, [4217]))).toBe('--sell USDC is not known on Tempo (4217), whose token list has no token: give the token\'s address with --sell-decimals');
    expect(refused(() => tokenSide('sell', 'USDC', undefined, [1, 4217]))).toMatch(/\(Tempo \(4217\): no token\)$/);
    // A chain the service does not swap on is the engine's to name; chains that all know it pass.
    expect(tokenSide('sell', 'WETH', undefined, [1, 999999])).toEqual({ symbol: 'WETH', overrides: [] });
    expect(tokenSide('sell', 'weth', undefined, [1, 8453])).toEqual({ symbol: 'WETH', overrides: [] });
  });

  it('runs an address given without --chains on the chains whose list has it, never on a same-symbol token elsewhere', () => {
    const opWeth = '0x4200000000000000000000000000000000000006';
    const sell = tokenSide('sell', opWeth, undefined, undefined);
    const buy = tokenSide('buy', 'USDC', undefined, undefined);
    // The lists call it WETH, as they call Ethereum's 0xC02a…: the run stays on the chains of this address.
    expect(sell.symbol).toBe('WETH');
    const pair = pairChains(sell, buy, undefined, { sell: opWeth, buy: 'USDC' });
    expect(pair.chains).toEqual([10, 8453]);
    expect(pair.overrides.map((item) => item.chainId)).toEqual([10, 8453]);
    // Symbols alone, or --chains given: as they are (the engine's default, or the user's chains).
    expect(pairChains(tokenSide('sell', 'WETH', undefined, undefined), buy, undefined, { sell: 'WETH', buy: 'USDC' })).toEqual({ chains: undefined, overrides: [] });
    expect(pairChains(sell, buy, [8453], { sell: opWeth, buy: 'USDC' }).chains).toEqual([8453]);
    expect(refused(() => pairChains(sell, tokenSide('buy', 'WBTC.e', undefined, undefined), undefined, { sell: opWeth, buy: 'WBTC.e' }))).toBe(
      `--sell ${opWeth} and --buy WBTC.e are in no chain's token list together: name the chains with --chains (an address no list knows needs its decimals)`,
    );
  });
});
