import { describe, expect, it } from 'vitest';
import { demoTokenNote, ExplorerForm, resolveToken, toBaseUnits } from './explorer-form.svelte.ts';

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

  it('says under the field that a demo token is the local service\'s, and on another profile that it is not listed there', () => {
    expect(demoTokenNote(resolveToken(1, 'taxd'), true)).toBe('TAXD is a demo taxed token of the local service (0x7a7a…0001)');
    expect(demoTokenNote(resolveToken(1, '0x7A7A000000000000000000000000000000000002'), false)).toBe('FOTD is a demo taxed token of the local service (0x7a7a…0002): the profile chosen is another service, which does not list it');
    for (const text of ['USDC', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'NOPE']) expect(demoTokenNote(resolveToken(1, text), false), text).toBeNull();
  });

  it("takes a demo token's symbol in any case on the chains that have it, as Compare's picker offers it", () => {
    for (const text of ['TAXD', 'taxd', 'Taxd']) expect(resolveToken(1, text)).toMatchObject({ token: { address: '0x7a7a000000000000000000000000000000000001', symbol: 'TAXD', decimals: 18 } });
    expect(resolveToken(8453, 'taxd')).toMatchObject({ token: { chainId: 8453, symbol: 'TAXD' } });
    expect(resolveToken(1, 'fotd')).toMatchObject({ token: { address: '0x7a7a000000000000000000000000000000000002', symbol: 'FOTD' } });
    expect(resolveToken(8453, 'FOTD')).toEqual({ error: '"FOTD" is not a token symbol on Base; paste an address instead' });
    const form = new ExplorerForm();
    form.buyToken = 'taxd';
    form.sellToken = 'USDC';
    form.amountSide = 'buy';
    form.amount = '2.5';
    expect(form.params).toMatchObject({ buyToken: '0x7a7a000000000000000000000000000000000001', buyAmount: '2500000000000000000' });
    expect(form.errors).toEqual({});
  });

  it('says text starting 0x is a malformed address, with its count of hex digits, not to paste an address', () => {
    expect(resolveToken(1, '0x1234')).toEqual({ error: 'is a malformed address: it has 4 hex digits after 0x, 40 needed' });
    expect(resolveToken(1, `${TAKER}5`)).toEqual({ error: 'is a malformed address: it has 41 hex digits after 0x, 40 needed' });
    expect(resolveToken(1, '0x')).toEqual({ error: 'is a malformed address: it has 0 hex digits after 0x, 40 needed' });
    expect(resolveToken(1, '0x12zz')).toEqual({ error: 'is a malformed address: after 0x it has 2 hex digits and 2 other characters; an address is 0x and 40 hex digits' });
    expect(resolveToken(1, TAKER.replace('0x', '0X'))).toEqual({ error: 'is a malformed address: it starts with 0X; an address is 0x (lower-case x) and 40 hex digits' });
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
    expect(form.isBuyAmountReadAsSell).toBe(false);
    form.endpoint = 'permit2.price';
    expect(form.params.buyAmount).toBeUndefined();
    expect(form.params.wrapUnwrapMode).toBeUndefined();
    expect(form.params.sellAmount).toBe('100000000000000000000');
    // The same figure now means 100 of the sell token: the form says so, and back on Allowance Holder it is the buy amount again.
    expect(form.isBuyAmountReadAsSell).toBe(true);
    form.endpoint = 'allowance-holder.quote';
    expect(form.isBuyAmountReadAsSell).toBe(false);
    expect(form.params.buyAmount).toBe('100000000');
  });
});

describe('what is sent is what is in the form', () => {
  it('sends an unknown symbol and an unreadable amount as typed, with the inline reasons kept', () => {
    const form = new ExplorerForm();
    form.sellToken = 'FOO';
    form.amount = '1.2.3';
    expect(form.params).toMatchObject({ sellToken: 'FOO', sellAmount: '1.2.3' });
    expect(form.errors.sellToken?.[0]).toMatch(/is not a token symbol/);
    expect(form.errors.amount).toHaveLength(1);
  });

  it('names the Advanced fields that have a problem', () => {
    const form = new ExplorerForm();
    expect(form.advancedErrorFields).toEqual([]);
    form.setAdvanced('slippageBps', '20000');
    form.setAdvanced('txOrigin', 'nope');
    expect(form.advancedErrorFields).toEqual(['slippageBps', 'txOrigin']);
  });
});

describe('filling the form from a sent request', () => {
  const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
  const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';

  it('gives back exactly the query that was sent, amounts shown in token units', () => {
    const sent = { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000500000', taker: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', slippageBps: '50' };
    const form = new ExplorerForm();
    form.fill('permit2.quote', sent);
    expect(form.amount).toBe('1000.5');
    expect(form.params).toEqual(sent);
  });

  it('keeps an exact-out amount on the buy side and base units for an unknown token', () => {
    const unknown = '0x1111111111111111111111111111111111111111';
    const sent = { chainId: '8453', sellToken: unknown, buyToken: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', buyAmount: '2500000' };
    const form = new ExplorerForm();
    form.fill('allowance-holder.price', sent);
    expect(form.amountSide).toBe('buy');
    expect(form.amount).toBe('2.5');
    expect(form.params).toEqual(sent);
    form.fill('allowance-holder.price', { chainId: '8453', sellToken: unknown, buyToken: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', sellAmount: '77' });
    expect(form.amount).toBe('77');
    expect(form.advanced).toEqual({});
  });

  it('keeps parameters it has no field for, and Allowance Holder-only ones on Permit2, sending them as they were', () => {
    const sent = { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000000', slippagePpm: '500', wrapUnwrapMode: 'settler', feeRecipient: '0xabc' };
    const form = new ExplorerForm();
    form.fill('permit2.price', sent);
    expect(form.extra).toEqual({ slippagePpm: '500', wrapUnwrapMode: 'settler', feeRecipient: '0xabc' });
    expect(form.params).toEqual(sent);
    expect(form.fillDifferences).toEqual([]);
    // The spec's own reason still shows for a name the endpoint refuses.
    expect(Object.keys(form.errors)).toContain('feeRecipient');
    form.removeExtra('feeRecipient');
    expect(form.params.feeRecipient).toBeUndefined();
    expect(form.params.slippagePpm).toBe('500');
  });

  it('keeps parameters named like Object.prototype members, with the spec\'s reason beside them', () => {
    // JSON.parse makes "__proto__" an own key, as a pasted request's corrected parameters have it.
    const sent = JSON.parse(`{"chainId":"1","sellToken":"${USDC}","buyToken":"${WETH}","sellAmount":"1000000","__proto__":"1","constructor":"2"}`) as Record<string, string>;
    const form = new ExplorerForm();
    form.fill('permit2.price', sent);
    expect(Object.entries(form.params)).toEqual(Object.entries(sent));
    expect(form.fillDifferences).toEqual([]);
    expect(Object.hasOwn(form.errors, '__proto__') && Object.hasOwn(form.errors, 'constructor')).toBe(true);
    expect(Object.getPrototypeOf(form.errors)).toBe(Object.prototype);
  });

  it('keeps buyAmount on Permit2 as buyAmount, never turning it into a sellAmount', () => {
    const sent = { chainId: '1', sellToken: USDC, buyToken: WETH, buyAmount: '1000000000000000000' };
    const form = new ExplorerForm();
    form.fill('permit2.price', sent);
    expect(form.params).toEqual(sent);
    expect(form.extra).toEqual({ buyAmount: '1000000000000000000' });
  });

  it('keeps a chain id the app does not know, and a chain parameter on an endpoint without a chain field', () => {
    const form = new ExplorerForm();
    form.fill('allowance-holder.price', { chainId: '999999', sellToken: USDC, buyToken: WETH, sellAmount: '5' });
    expect(form.chainId).toBe(999999);
    expect(form.params).toEqual({ chainId: '999999', sellToken: USDC, buyToken: WETH, sellAmount: '5' });
    form.fill('swap.chains', { chainId: '1' });
    expect(form.params).toEqual({ chainId: '1' });
  });

  it('names what it cannot give back exactly: a chain id that is not a number', () => {
    const form = new ExplorerForm();
    form.fill('allowance-holder.price', { chainId: 'ethereum', sellToken: USDC, buyToken: WETH, sellAmount: '5' });
    expect(form.fillDifferences).toEqual([{ name: 'chainId', requested: 'ethereum', sent: '1', reason: 'is not a chain id; the form sends the chain chosen above' }]);
    form.fill('allowance-holder.price', { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '5' });
    expect(form.fillDifferences).toEqual([]);
  });

  it('puts a kept parameter in its field once the endpoint has one, so the field shows what is sent', () => {
    const form = new ExplorerForm();
    form.fill('permit2.price', { chainId: '1', sellToken: 'WETH', buyToken: 'USDC', sellAmount: '5', slippagePpm: '500', feeRecipient: TAKER });
    expect(form.extra).toEqual({ slippagePpm: '500', feeRecipient: TAKER });
    form.endpoint = 'allowance-holder.price';
    expect(form.advanced.slippagePpm).toBe('500');
    expect(form.extra).toEqual({ feeRecipient: TAKER });
    form.setAdvanced('slippagePpm', '300');
    expect(form.params.slippagePpm).toBe('300');
    expect(Object.values(form.extra)).not.toContain('500');
    // A field the user filled is not written over: the kept value stays listed apart.
    form.fill('swap.chains', { taker: TAKER });
    form.taker = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    form.endpoint = 'allowance-holder.quote';
    expect(form.params.taker).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    expect(form.extra).toEqual({ taker: TAKER });
    expect(form.unsentExtras).toEqual(['taker']);
  });

  it('opening a chain-list request leaves the swap fields as the user had them', () => {
    const form = new ExplorerForm();
    form.chainId = 8453;
    form.sellToken = 'USDC';
    form.buyToken = 'WETH';
    form.amount = '250';
    form.taker = TAKER;
    form.setAdvanced('slippageBps', '40');
    form.fill('swap.chains', {});
    expect(form.params).toEqual({});
    form.endpoint = 'allowance-holder.price';
    expect(form.params).toEqual({ chainId: '8453', sellToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', buyToken: '0x4200000000000000000000000000000000000006', sellAmount: '250000000', taker: TAKER, slippageBps: '40' });
    // Liquidity sources has a chain: it takes the request's.
    form.fill('sources', { chainId: '1' });
    expect(form.params).toEqual({ chainId: '1' });
    expect(form.sellToken).toBe('USDC');
  });

  it('waits for a mistyped token before reading the amount, rather than read it as base units', () => {
    const form = new ExplorerForm();
    form.sellToken = 'USDCC';
    form.buyToken = 'WETH';
    form.amount = '1.5';
    expect(form.errors.amount).toEqual(["is read in the units of the token sold, once that token is known"]);
    form.amount = '1500000';
    expect(form.errors.amount).toEqual(["is read in the units of the token sold, once that token is known"]);
    form.amount = '1.5';
    form.sellToken = 'USDC';
    expect(form.params.sellAmount).toBe('1500000');
    expect(form.errors).toEqual({});
    form.amountSide = 'buy';
    form.buyToken = 'WETHH';
    expect(form.errors.amount).toEqual(["is read in the units of the token bought, once that token is known"]);
    // A pasted address the app does not list is still read in base units (its decimals are unknown, not its name).
    form.buyToken = `0x${'1'.repeat(40)}`;
    form.amount = '1000';
    expect(form.params.buyAmount).toBe('1000');
  });
});
