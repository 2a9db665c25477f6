import { describe, expect, it } from 'vitest';
import facts from './data/service-facts.json' with { type: 'json' };
import { CHAINS, PERMIT2_ADDRESS, chainById, chainIdOfQuery, chainLabel, chainName, gaslessChains, swapChains } from './chains.ts';

describe('chains', () => {
  it('lists every chain of the facts with the service name where known', () => {
    expect(CHAINS.map((chain) => chain.chainId)).toEqual(facts.chains.map((chain) => chain.chainId));
    for (const fact of facts.chains) expect(chainById(fact.chainId)?.name).toBe(fact.apiChainName ?? fact.docsName);
  });

  it('serves the issue\'s chains for swaps and leaves Linea out of gasless', () => {
    const swap = swapChains().map((chain) => chain.chainId);
    for (const id of [1, 10, 56, 137, 8453, 42161, 43114, 59144]) expect(swap).toContain(id);
    expect(gaslessChains().map((chain) => chain.chainId)).not.toContain(59144);
  });

  it('strips annotations from wrapped-native symbols', () => {
    for (const chain of CHAINS) if (chain.wrappedNativeSymbol) expect(chain.wrappedNativeSymbol).toMatch(/^[A-Za-z.]+$/);
    expect(chainById(137)?.wrappedNativeSymbol).toBe('WMATIC');
  });

  it('knows Permit2 and returns undefined for unknown chains', () => {
    expect(PERMIT2_ADDRESS).toBe(facts.contracts.permit2.address);
    expect(chainById(5)).toBeUndefined();
  });
});

describe('chain names in the UI', () => {
  it('gives every screen one name per chain, with the id where a selector needs it', () => {
    expect(chainName(1)).toBe('Ethereum');
    expect(chainName(130)).toBe('Unichain');
    expect(chainLabel(8453)).toBe('Base (8453)');
    expect(chainName(12345)).toBe('Chain 12345');
    expect(chainLabel(12345)).toBe('Chain 12345');
  });
});

describe('chainIdOfQuery', () => {
  it('reads a chainId of decimal digits, and nothing else', () => {
    expect(chainIdOfQuery({ chainId: '8453' })).toBe(8453);
    for (const chainId of ['0x1', '8453abc', '', ' 1', '99999999999999999999']) expect(chainIdOfQuery({ chainId })).toBeNull();
    expect(chainIdOfQuery({})).toBeNull();
  });
});
