import { describe, expect, it } from 'vitest';
import { AllowanceHolderPriceResponseSchema, Permit2PriceResponseSchema } from './price-response.ts';
import { AllowanceHolderQuoteResponseSchema, Permit2QuoteResponseSchema } from './quote-response.ts';
import { schemaReport } from './schema-report.ts';
import { allowanceHolderPriceBody, permit2PriceBody } from './test-fixtures.ts';

const transaction = { to: '0x7f6cee965959295cc64d0e6c00d99d6532d8e86b', data: '0xabcdef', gas: '288079', gasPrice: '4837860000', value: '0' };

// A price body as the quote of its model: gas and gasPrice move under transaction.
function quoteOf(price: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { gas: _gas, gasPrice: _gasPrice, ...fields } = price;
  return { ...fields, transaction, ...extra };
}

function without(body: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));
}

describe('schema report of an answer whose discriminator matches no variant', () => {
  it('names a missing buyAmount of an Allowance Holder price without mode, and mode with the values it takes', () => {
    expect(schemaReport(AllowanceHolderPriceResponseSchema, without(allowanceHolderPriceBody(), 'mode', 'buyAmount'))).toEqual([
      { kind: 'missing', path: '$.mode', detail: 'expected "exact-in" or "exact-out"' },
      { kind: 'missing', path: '$.buyAmount', detail: 'expected string' },
    ]);
  });

  it('names a wrong-typed field of an Allowance Holder price whose mode is unknown, with the value it got', () => {
    const body = { ...allowanceHolderPriceBody(), mode: 'exact-both', buyAmount: 100037537 };
    expect(schemaReport(AllowanceHolderPriceResponseSchema, body)).toEqual([
      { kind: 'invalid', path: '$.mode', detail: 'expected "exact-in" or "exact-out", got "exact-both"' },
      { kind: 'wrong-type', path: '$.buyAmount', detail: 'expected string, got number' },
    ]);
  });

  it('names a nested field of an Allowance Holder quote without mode', () => {
    const body = quoteOf(without(allowanceHolderPriceBody(), 'mode'), { transaction: without(transaction, 'to') });
    expect(schemaReport(AllowanceHolderQuoteResponseSchema, body)).toEqual([
      { kind: 'missing', path: '$.mode', detail: 'expected "exact-in" or "exact-out"' },
      { kind: 'missing', path: '$.transaction.to', detail: 'expected string' },
    ]);
  });

  it('reads a full Permit2 price without liquidityAvailable as the with-liquidity variant', () => {
    expect(schemaReport(Permit2PriceResponseSchema, without(permit2PriceBody(), 'liquidityAvailable', 'buyAmount'))).toEqual([
      { kind: 'missing', path: '$.liquidityAvailable', detail: 'expected true or false' },
      { kind: 'missing', path: '$.buyAmount', detail: 'expected string' },
    ]);
  });

  it('names what is wrong in the permit2 member of a Permit2 quote whose liquidityAvailable is a string', () => {
    const body = quoteOf({ ...permit2PriceBody(), liquidityAvailable: 'yes' }, { permit2: { type: 'Permit2' } });
    expect(schemaReport(Permit2QuoteResponseSchema, body)).toEqual([
      { kind: 'invalid', path: '$.liquidityAvailable', detail: 'expected true or false, got "yes"' },
      { kind: 'missing', path: '$.permit2.eip712', detail: 'expected object' },
    ]);
  });

  it('lists the keys the closest variant does not name', () => {
    const body = { ...without(allowanceHolderPriceBody(), 'mode'), surplus: '1' };
    expect(schemaReport(AllowanceHolderPriceResponseSchema, body)).toEqual([
      { kind: 'missing', path: '$.mode', detail: 'expected "exact-in" or "exact-out"' },
      { kind: 'unexpected', path: '$.surplus', detail: 'not in the spec (string)' },
    ]);
  });
});

describe('schema report of a field that takes one of several types', () => {
  it('names every type gas takes, null included, when it is none of them', () => {
    expect(schemaReport(AllowanceHolderPriceResponseSchema, { ...allowanceHolderPriceBody(), gas: true })).toEqual([
      { kind: 'wrong-type', path: '$.gas', detail: 'expected string, number or null, got boolean' },
    ]);
    expect(schemaReport(Permit2PriceResponseSchema, without(permit2PriceBody(), 'gas'))).toEqual([{ kind: 'missing', path: '$.gas', detail: 'expected string, number or null' }]);
  });

  it("gives the string option's own reason for a gas string that is not a whole number", () => {
    const [finding] = schemaReport(Permit2PriceResponseSchema, { ...permit2PriceBody(), gas: '2.5e5' });
    expect(finding).toMatchObject({ kind: 'invalid', path: '$.gas' });
    expect(finding!.detail).toMatch(/whole number/);
  });
});
