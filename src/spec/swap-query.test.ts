import { describe, expect, it } from 'vitest';
import {
  AllowanceHolderPriceQuerySchema,
  AllowanceHolderQuoteQuerySchema,
  Permit2PriceQuerySchema,
  Permit2QuoteQuerySchema,
} from './swap-query.ts';
import { toFieldErrors, type FieldError } from './field-errors.ts';
import { LIMITS } from './constants.ts';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FEE_WALLET = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const base = { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000000000' };

function errorsOf(schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, query: Record<string, unknown>): FieldError[] {
  const result = schema.safeParse(query);
  if (result.success) return [];
  return toFieldErrors(result.error as Parameters<typeof toFieldErrors>[0]);
}

function fields(errors: FieldError[]): string[] {
  return errors.map((error) => error.field);
}

describe('swap query rules', () => {
  it('says a chainId or integer parameter is missing, or of a type that is neither number nor text, in its own reason', () => {
    const { chainId: _, ...withoutChain } = base;
    expect(errorsOf(AllowanceHolderPriceQuerySchema, withoutChain)).toEqual([{ field: 'chainId', reason: 'is required' }]);
    // Forms and the CLI pass parsed values: one of another type is named as such, not "Invalid input".
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, chainId: true, slippageBps: [] })).toEqual([
      { field: 'chainId', reason: 'must be a number or a string of digits' },
      { field: 'slippageBps', reason: 'must be a number or a string of digits' },
    ]);
  });

  it('accepts a minimal Allowance Holder query and parses chainId to a number', () => {
    const parsed = AllowanceHolderPriceQuerySchema.parse(base);
    expect(parsed.chainId).toBe(Number(base.chainId));
    expect(parsed.sellAmount).toBe(base.sellAmount);
  });

  it.each([
    ['sellToken', '0x1234'],
    ['buyToken', 'WETH'],
    ['taker', `0x${'g'.repeat(40)}`],
    ['recipient', `${USDC}00`],
    ['txOrigin', 'USDC'],
  ])('rejects a malformed address in %s', (field, value) => {
    const errors = errorsOf(AllowanceHolderPriceQuerySchema, { ...base, [field]: value });
    expect(errors).toContainEqual({ field, reason: expect.stringContaining('address') });
  });

  it.each(['1.5', '-1', '1e18', ' 10', '0x10', '01'])('rejects sellAmount %j that is not base units', (amount) => {
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, sellAmount: amount }))).toEqual(['sellAmount']);
  });

  it.each([
    ['0001000000', 'must be written without leading zeros: 1000000'],
    [' 1000', 'must be digits only, without spaces'],
    ['1000 ', 'must be digits only, without spaces'],
    ['1.5', 'must be a whole number of base units as a decimal string (no decimals, sign or exponent)'],
  ])('says what is wrong with sellAmount %j', (amount, reason) => {
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, sellAmount: amount })).toEqual([{ field: 'sellAmount', reason }]);
  });

  it('rejects a zero sell amount', () => {
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, sellAmount: '0' })).toEqual([{ field: 'sellAmount', reason: 'must be greater than zero' }]);
  });

  it('rejects slippagePpm together with slippageBps', () => {
    const errors = errorsOf(AllowanceHolderPriceQuerySchema, { ...base, slippageBps: '50', slippagePpm: '3000' });
    expect(fields(errors)).toEqual(['slippagePpm']);
  });

  it('enforces the slippage ranges in Bps and ppm', () => {
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, slippageBps: String(LIMITS.slippageBpsMax) })).toEqual([]);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, slippageBps: String(LIMITS.slippageBpsMax + 1) }))).toEqual(['slippageBps']);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, slippagePpm: String(LIMITS.slippagePpmMax + 1) }))).toEqual(['slippagePpm']);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, slippageBps: '-1' }))).toEqual(['slippageBps']);
  });

  it('requires swapFeeBps with swapFeeRecipient and the other way round', () => {
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, swapFeeRecipient: FEE_WALLET })).toEqual([
      { field: 'swapFeeBps', reason: 'is required with swapFeeRecipient' },
    ]);
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, swapFeeBps: '10' })).toEqual([
      { field: 'swapFeeRecipient', reason: 'is required with swapFeeBps' },
    ]);
  });

  it('requires equal counts of fee recipients and fee Bps', () => {
    const errors = errorsOf(AllowanceHolderPriceQuerySchema, { ...base, swapFeeRecipient: `${FEE_WALLET},${TAKER}`, swapFeeBps: '10' });
    expect(fields(errors)).toEqual(['swapFeeRecipient']);
    expect(errors[0]?.reason).toContain('counts must be equal');
  });

  it('caps each swapFeeBps at the default maximum', () => {
    const ok = { ...base, swapFeeRecipient: `${FEE_WALLET},${TAKER}`, swapFeeBps: `${LIMITS.swapFeeBpsMax},5` };
    expect(errorsOf(AllowanceHolderPriceQuerySchema, ok)).toEqual([]);
    const errors = errorsOf(AllowanceHolderPriceQuerySchema, { ...ok, swapFeeBps: `5,${LIMITS.swapFeeBpsMax + 1}` });
    expect(errors).toEqual([{ field: 'swapFeeBps', reason: expect.stringContaining(`cap of ${LIMITS.swapFeeBpsMax}`) }]);
  });

  it('requires each swapFeeToken to be the buy or the sell token, with a matching count', () => {
    const fee = { ...base, swapFeeRecipient: FEE_WALLET, swapFeeBps: '10' };
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...fee, swapFeeToken: WETH.toLowerCase() })).toEqual([]);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...fee, swapFeeToken: TAKER }))).toEqual(['swapFeeToken']);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...fee, swapFeeToken: `${WETH},${USDC}` }))).toEqual(['swapFeeToken']);
  });

  it('limits tradeSurplusMaxBps to 0..10000 (the spec states no minimum; 0 collects none) and only with tradeSurplusRecipient', () => {
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, tradeSurplusMaxBps: '500' }))).toEqual(['tradeSurplusMaxBps']);
    const withRecipient = { ...base, tradeSurplusRecipient: FEE_WALLET };
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...withRecipient, tradeSurplusMaxBps: '10000' })).toEqual([]);
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...withRecipient, tradeSurplusMaxBps: '0' })).toEqual([]);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...withRecipient, tradeSurplusMaxBps: '-1' }))).toEqual(['tradeSurplusMaxBps']);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...withRecipient, tradeSurplusMaxBps: '10001' }))).toEqual(['tradeSurplusMaxBps']);
  });

  it('accepts only the enum values of sellEntireBalance and wrapUnwrapMode', () => {
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, sellEntireBalance: 'true', wrapUnwrapMode: 'settler' })).toEqual([]);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, sellEntireBalance: 'yes' }))).toEqual(['sellEntireBalance']);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, wrapUnwrapMode: 'indirect' }))).toEqual(['wrapUnwrapMode']);
  });

  it('requires exactly one of sellAmount and buyAmount on Allowance Holder', () => {
    const { sellAmount: _omit, ...noAmount } = base;
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, noAmount))).toEqual(['sellAmount']);
    expect(errorsOf(AllowanceHolderPriceQuerySchema, { ...noAmount, buyAmount: '5' })).toEqual([]);
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, buyAmount: '5' }))).toEqual(['buyAmount']);
  });

  it('refuses buyAmount, slippagePpm and wrapUnwrapMode on Permit2 and requires sellAmount', () => {
    const errors = errorsOf(Permit2PriceQuerySchema, { ...base, buyAmount: '1', slippagePpm: '10', wrapUnwrapMode: 'direct' });
    expect(fields(errors).sort()).toEqual(['buyAmount', 'slippagePpm', 'wrapUnwrapMode']);
    const { sellAmount: _omit, ...noAmount } = base;
    expect(fields(errorsOf(Permit2PriceQuerySchema, noAmount))).toEqual(['sellAmount']);
    expect(Permit2PriceQuerySchema.parse(base)).not.toHaveProperty('buyAmount');
  });

  it('requires taker on both quote endpoints but not on price', () => {
    for (const schema of [AllowanceHolderQuoteQuerySchema, Permit2QuoteQuerySchema]) {
      expect(errorsOf(schema, base)).toEqual([{ field: 'taker', reason: 'is required for a firm quote' }]);
      expect(errorsOf(schema, { ...base, taker: TAKER })).toEqual([]);
    }
  });

  it('reports every bad field of one query at once', () => {
    const errors = errorsOf(AllowanceHolderPriceQuerySchema, { chainId: 'one', sellToken: 'USDC', buyToken: WETH, sellAmount: '1.5', typo: 'x' });
    expect(fields(errors).sort()).toEqual(['chainId', 'sellAmount', 'sellToken', 'typo']);
  });

  it('names v1 parameters with their v2 replacement', () => {
    const errors = errorsOf(AllowanceHolderPriceQuerySchema, { ...base, takerAddress: TAKER });
    expect(errors).toEqual([{ field: 'takerAddress', reason: expect.stringContaining('taker') }]);
  });

  it('rejects buyToken equal to sellToken in any case', () => {
    expect(fields(errorsOf(AllowanceHolderPriceQuerySchema, { ...base, buyToken: USDC.toLowerCase() }))).toEqual(['buyToken']);
  });
});
