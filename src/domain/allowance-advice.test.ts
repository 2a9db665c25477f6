import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_PLACEHOLDER, Permit2PriceResponseSchema, type LiquidPrice } from '../spec/index.ts';
import { permit2PriceBody } from '../spec/test-fixtures.ts';
import { allowanceAdvice, type AdviceBody } from './allowance-advice.ts';
import { formatUpperBound, formatWithSymbol } from './number-format.ts';

const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const ALLOWANCE_HOLDER = '0x0000000000001fF3684f28c67538d4D072C22734';
const SETTLER = '0x7f6cee965959295cc64d0e6c00d99d6532d8e86b';

function body(overrides: Record<string, unknown> = {}, issues: Record<string, unknown> = {}): LiquidPrice {
  const base = permit2PriceBody();
  return Permit2PriceResponseSchema.parse({ ...base, ...overrides, issues: { ...(base.issues as object), ...issues } }) as LiquidPrice;
}

const USDC = { symbol: 'USDC', decimals: 6 };
const tx = (to: string) => ({ to, data: '0x', gas: '1', gasPrice: '1', value: '0' });
const codes = (items: { code: string }[]) => items.map((item) => item.code);

describe('allowanceAdvice', () => {
  it('on a Permit2 quote names the spender and the settler it must never be set on', () => {
    const quote: AdviceBody = { ...body(), transaction: tx(SETTLER), permit2: null };
    const [first] = allowanceAdvice({ model: 'permit2', kind: 'quote', body: quote });
    expect(first!.code).toBe('SET_ALLOWANCE');
    expect(first!.text).toContain(`Set the allowance on ${PERMIT2} (Permit2), never on the settler ${SETTLER}`);
  });

  it('on a price says not to request a quote when the balance is too low, both figures through the formatter with the symbol', () => {
    const price = body();
    const balance = price.issues.balance!;
    const item = allowanceAdvice({ model: 'permit2', kind: 'price', body: price, tokenInfo: () => USDC }).find((i) => i.code === 'BALANCE_TOO_LOW');
    expect(item!.text).toBe(`Balance too low: has ${formatWithSymbol(balance.actual, USDC)}, needs ${formatUpperBound(balance.expected, USDC)}; do not request a quote.`);
    expect(item!.text).not.toContain(balance.token);
    expect(item!.parts).toContainEqual({ text: formatUpperBound(balance.expected, USDC), base: balance.expected });
    expect(item!.severity).toBe('action');
  });

  it('reads what the trade needs rounded up, as the exact-out spend bound it equals, never below it', () => {
    // 0.491044133… WETH: cut to six digits it read 0.491044, below the answer's maxSellAmount (0.491045 shown).
    const price = body({}, { balance: { token: `0x${'c'.repeat(40)}`, actual: '2531230000000000', expected: '491044133984021876' } });
    const weth = { symbol: 'WETH', decimals: 18 };
    const item = allowanceAdvice({ model: 'allowance-holder', kind: 'quote', body: price, tokenInfo: () => weth }).find((i) => i.code === 'BALANCE_TOO_LOW');
    expect(item!.text).toContain('has 0.00253123 WETH, needs 0.491045 WETH;');
  });

  it('names a token it does not know by address and keeps its amounts in base units', () => {
    const price = body();
    const balance = price.issues.balance!;
    const item = allowanceAdvice({ model: 'permit2', kind: 'price', body: price, tokenInfo: () => undefined }).find((i) => i.code === 'BALANCE_TOO_LOW');
    expect(item!.text).toBe(`Balance too low of token ${balance.token}: has ${balance.actual} base units, needs ${balance.expected} base units; do not request a quote.`);
  });

  it('says the current allowance with its symbol, base units kept for the tooltip', () => {
    const price = body({}, { allowance: { actual: '2500000', spender: PERMIT2 } });
    const item = allowanceAdvice({ model: 'permit2', kind: 'price', body: price, tokenInfo: (address) => (address === price.sellToken ? USDC : undefined) }).find((i) => i.code === 'SET_ALLOWANCE');
    expect(item!.text).toMatch(/Current allowance: 2\.5 USDC\.$/);
    expect(item!.parts).toContainEqual({ text: '2.5 USDC', base: '2500000' });
  });

  it('needs no allowance when the native asset is sold', () => {
    const native = body({ sellToken: NATIVE_TOKEN_PLACEHOLDER, allowanceTarget: null }, { allowance: null });
    const items = allowanceAdvice({ model: 'allowance-holder', kind: 'price', body: native });
    expect(items.find((i) => i.code === 'NO_ALLOWANCE_NEEDED')!.text).toMatch(/^No allowance needed: native asset sold/);
    expect(codes(items)).not.toContain('SET_ALLOWANCE');
  });

  it('asks to sign permit2.eip712 and append the signature when permit2 carries typed data', () => {
    const eip712 = { types: {}, domain: {}, message: {}, primaryType: 'PermitTransferFrom' };
    const quote: AdviceBody = { ...body({}, { allowance: null }), transaction: tx(SETTLER), permit2: { eip712 } };
    const item = allowanceAdvice({ model: 'permit2', kind: 'quote', body: quote }).find((i) => i.code === 'SIGN_PERMIT2');
    expect(item!.text).toMatch(/Sign permit2\.eip712.*append the signature length and the signature to transaction\.data/);
  });

  it('says not to sign a permit whose spender, token or amount is not the quote\'s, naming the parts, instead of asking to sign it', () => {
    const quote = (message: Record<string, unknown>): AdviceBody => {
      const base = body({}, { allowance: null });
      const eip712 = { types: {}, domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 }, message: { permitted: { token: base.sellToken, amount: base.sellAmount }, spender: SETTLER, ...message }, primaryType: 'PermitTransferFrom' };
      return { ...base, transaction: tx(SETTLER), permit2: { eip712 } };
    };
    const advice = (message: Record<string, unknown>) => allowanceAdvice({ model: 'permit2', kind: 'quote', body: quote(message) }).filter((i) => i.code === 'SIGN_PERMIT2' || i.code === 'PERMIT2_SIGNS_OTHER');
    expect(codes(advice({}))).toEqual(['SIGN_PERMIT2']);
    const [other] = advice({ spender: PERMIT2 });
    expect(other).toMatchObject({ code: 'PERMIT2_SIGNS_OTHER', severity: 'warning', rule: 3 });
    expect(other!.text).toBe("Do not sign permit2.eip712: its spender is not this quote's, so the signature would not be for this trade (Permit2 EIP-712, below, names both values).");
    const [both] = advice({ permitted: { token: SETTLER, amount: '1' } });
    expect(both!.text).toMatch(/^Do not sign permit2\.eip712: its permitted token, permitted amount are not this quote's/);
  });

  it("says not to sign a permit for another chain than the request's, naming domain.chainId, and checks no chain the request does not name", () => {
    const base = body({}, { allowance: null });
    const eip712 = { types: {}, domain: { name: 'Permit2', chainId: 8453, verifyingContract: PERMIT2 }, message: { permitted: { token: base.sellToken, amount: base.sellAmount }, spender: SETTLER }, primaryType: 'PermitTransferFrom' };
    const quote: AdviceBody = { ...base, transaction: tx(SETTLER), permit2: { eip712 } };
    const signing = (chainId?: number) => allowanceAdvice({ model: 'permit2', kind: 'quote', body: quote, ...(chainId ? { chainId } : {}) }).filter((i) => i.code === 'SIGN_PERMIT2' || i.code === 'PERMIT2_SIGNS_OTHER');
    expect(signing(1).map((item) => item.text)).toEqual(["Do not sign permit2.eip712: its domain.chainId is not this quote's, so the signature would not be for this trade (Permit2 EIP-712, below, names both values)."]);
    expect(codes(signing(8453))).toEqual(['SIGN_PERMIT2']);
    expect(codes(signing())).toEqual(['SIGN_PERMIT2']);
  });

  it('reports simulationIncomplete as ignorable and lists invalid sources', () => {
    const price = body({}, { simulationIncomplete: true, invalidSourcesPassed: ['Foo', 'BarSwap'] });
    const items = allowanceAdvice({ model: 'permit2', kind: 'price', body: price });
    expect(items.find((i) => i.code === 'SIMULATION_INCOMPLETE')!.text).toContain('may be ignored');
    expect(items.find((i) => i.code === 'INVALID_SOURCES')!.text).toContain('Foo, BarSwap');
  });

  it('says the allowance is sufficient when issues.allowance is null, and stays quiet on a clean price', () => {
    const clean = body({}, { allowance: null, balance: null, simulationIncomplete: false });
    const items = allowanceAdvice({ model: 'permit2', kind: 'price', body: clean });
    expect(codes(items)).toEqual(['ALLOWANCE_SUFFICIENT']);
    // Said as what the service found, with the field it comes from.
    expect(items[0]!.text).toMatch(/^The service found the taker's allowance on 0x[0-9a-fA-F]{40} \(Permit2\) sufficient: the answer reports no allowance issue \(issues\.allowance is null\)\.$/);
  });

  it('says the allowance was not checked when no taker was sent, never that it is sufficient', () => {
    const clean = body({}, { allowance: null, balance: null, simulationIncomplete: false });
    const items = allowanceAdvice({ model: 'allowance-holder', kind: 'price', body: clean, taker: null });
    expect(codes(items)).toEqual(['ALLOWANCE_NOT_CHECKED']);
    expect(items[0]!.text).toContain('not checked: no taker');
    expect(codes(allowanceAdvice({ model: 'allowance-holder', kind: 'price', body: clean, taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }))).toEqual(['ALLOWANCE_SUFFICIENT']);
  });

  it('warns when an Allowance Holder quote sends the token swap to another contract (rule 2)', () => {
    const ah = body({ allowanceTarget: ALLOWANCE_HOLDER }, { allowance: { actual: '0', spender: ALLOWANCE_HOLDER } });
    expect(codes(allowanceAdvice({ model: 'allowance-holder', kind: 'quote', body: { ...ah, transaction: tx(ALLOWANCE_HOLDER.toLowerCase()) } }))).not.toContain('ALLOWANCE_HOLDER_NOT_TX_TO');
    expect(codes(allowanceAdvice({ model: 'allowance-holder', kind: 'quote', body: { ...ah, transaction: tx(SETTLER) } }))).toContain('ALLOWANCE_HOLDER_NOT_TX_TO');
  });

  it('warns when a Permit2 quote sends the swap to Permit2 itself (rule 3) or spender and target differ (rule 1)', () => {
    const items = allowanceAdvice({ model: 'permit2', kind: 'quote', body: { ...body({ allowanceTarget: ALLOWANCE_HOLDER }), transaction: tx(PERMIT2), permit2: null } });
    expect(codes(items)).toEqual(expect.arrayContaining(['PERMIT2_TX_TO_IS_SPENDER', 'SPENDER_NOT_ALLOWANCE_TARGET']));
  });

  it('puts actions before warnings before information', () => {
    const price = body({ allowanceTarget: ALLOWANCE_HOLDER }, { invalidSourcesPassed: ['X'] });
    const severities = allowanceAdvice({ model: 'permit2', kind: 'price', body: price }).map((i) => i.severity);
    expect(severities).toEqual([...severities].sort((a, b) => ['action', 'warning', 'info'].indexOf(a) - ['action', 'warning', 'info'].indexOf(b)));
    expect(severities[0]).toBe('action');
  });

  it('has one item for a result without liquidity', () => {
    expect(codes(allowanceAdvice({ model: 'permit2', kind: 'price', body: { liquidityAvailable: false, zid: '0x1' } }))).toEqual(['NO_LIQUIDITY']);
  });
});
