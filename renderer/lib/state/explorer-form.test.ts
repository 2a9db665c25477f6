import { describe, expect, it } from 'vitest';
import { ExplorerForm, resolveToken, toBaseUnits } from './explorer-form.svelte.ts';

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('explorer form', () => {
  it('converts a human amount with the token decimals and shows unknown tokens in base units', () => {
    expect(toBaseUnits('1.5', 18)).toEqual({ value: '1500000000000000000' });
    expect(toBaseUnits('2', 6)).toEqual({ value: '2000000' });
    expect(toBaseUnits('1.5', null)).toEqual({ error: 'must be whole base units (the token is not in the registry)' });
    expect(toBaseUnits('1000', null)).toEqual({ value: '1000' });
    expect('error' in toBaseUnits('1.1234567', 6)).toBe(true);
  });

  it('resolves symbols from the chain registry and keeps pasted unknown addresses', () => {
    const weth = resolveToken(1, 'WETH');
    expect('token' in weth && weth.token.decimals).toBe(18);
    expect(resolveToken(1, TAKER)).toEqual({ address: TAKER, decimals: null });
    expect('error' in resolveToken(1, 'NOPE')).toBe(true);
  });

  it('builds the query in base units and is valid for the default price', () => {
    const form = new ExplorerForm();
    expect(form.params.sellAmount).toBe('1000000000000000000');
    expect(form.params.chainId).toBe('1');
    expect(form.isValid).toBe(true);
  });

  it('reports the service reasons next to fields: slippage above the cap, taker for a quote', () => {
    const form = new ExplorerForm();
    form.setAdvanced('slippageBps', '20000');
    expect(form.errors.slippageBps?.[0]).toMatch(/10000/);
    form.endpoint = 'permit2.quote';
    expect(form.errors.taker).toEqual(['is required for a firm quote']);
    form.taker = TAKER;
    form.setAdvanced('slippageBps', '50');
    expect(form.isValid).toBe(true);
  });

  it('sends buyAmount only on Allowance Holder and drops Allowance Holder-only fields on Permit2', () => {
    const form = new ExplorerForm();
    form.amountSide = 'buy';
    form.amount = '100';
    expect(form.params.buyAmount).toBe('100000000');
    form.setAdvanced('wrapUnwrapMode', 'settler');
    expect(form.params.wrapUnwrapMode).toBe('settler');
    form.endpoint = 'permit2.price';
    expect(form.params.buyAmount).toBeUndefined();
    expect(form.params.wrapUnwrapMode).toBeUndefined();
    expect(form.params.sellAmount).toBe('100000000000000000000');
  });
});
