import { describe, expect, it } from 'vitest';
import {
  AllowanceHolderPriceResponseSchema,
  Permit2PriceResponseSchema,
} from './price-response.ts';
import { AllowanceHolderQuoteResponseSchema, Permit2QuoteResponseSchema } from './quote-response.ts';
import { ChainListResponseSchema } from './chains.ts';
import { ServiceErrorSchema } from './error.ts';
import { ERROR_STATUS } from './constants.ts';
import { schemaReport } from './schema-report.ts';
import { allowanceHolderPriceBody, permit2PriceBody } from './test-fixtures.ts';

const transaction = { to: '0x7f6cee965959295cc64d0e6c00d99d6532d8e86b', data: '0xabcdef', gas: '288079', gasPrice: '4837860000', value: '0' };

describe('price responses', () => {
  it('parses both allowance models from the spec field table', () => {
    expect(Permit2PriceResponseSchema.safeParse(permit2PriceBody()).success).toBe(true);
    expect(AllowanceHolderPriceResponseSchema.safeParse(allowanceHolderPriceBody()).success).toBe(true);
  });

  it('requires mode on Allowance Holder only', () => {
    expect(AllowanceHolderPriceResponseSchema.safeParse(permit2PriceBody()).success).toBe(false);
    expect(schemaReport(AllowanceHolderPriceResponseSchema, permit2PriceBody())).toContainEqual(expect.objectContaining({ kind: 'missing', path: '$.mode' }));
    expect(schemaReport(Permit2PriceResponseSchema, allowanceHolderPriceBody())).toEqual([{ kind: 'unexpected', path: '$.mode', detail: 'not in the spec (string)' }]);
  });

  it('accepts the without-liquidity variant with only liquidityAvailable and zid', () => {
    const body = { liquidityAvailable: false, zid: '0x111111111111111111111111' };
    expect(Permit2PriceResponseSchema.parse(body)).toEqual(body);
    expect(AllowanceHolderPriceResponseSchema.parse(body)).toEqual(body);
  });

  it('keeps an unknown field and reports it as unexpected', () => {
    const body = { ...permit2PriceBody(), newField: { nested: 1 } };
    expect(Permit2PriceResponseSchema.parse(body)).toHaveProperty('newField', { nested: 1 });
    expect(schemaReport(Permit2PriceResponseSchema, body)).toEqual([{ kind: 'unexpected', path: '$.newField', detail: 'not in the spec (object)' }]);
  });

  it('reports a missing member of a nested object with its JSON path', () => {
    const body = permit2PriceBody();
    delete (body.fees as Record<string, unknown>).gasFee;
    expect(schemaReport(Permit2PriceResponseSchema, body)).toEqual([expect.objectContaining({ kind: 'missing', path: '$.fees.gasFee' })]);
  });

  it('reports a wrong type inside an array with its index', () => {
    const body = permit2PriceBody();
    const fills = (body.route as { fills: Record<string, unknown>[] }).fills;
    fills[0] = { ...fills[0], proportionBps: 10000 };
    expect(schemaReport(Permit2PriceResponseSchema, body)).toEqual([
      { kind: 'wrong-type', path: '$.route.fills[0].proportionBps', detail: 'expected string, got number' },
    ]);
  });

  it('is empty for a body exactly of the spec shape', () => {
    expect(schemaReport(Permit2PriceResponseSchema, permit2PriceBody())).toEqual([]);
  });
});

describe('quote responses', () => {
  it('has no top-level gas or gasPrice: a quote carrying them parses, and the report lists them as unexpected', () => {
    const { gas: _gas, gasPrice: _gasPrice, ...fields } = allowanceHolderPriceBody();
    expect(schemaReport(AllowanceHolderQuoteResponseSchema, { ...fields, transaction })).toEqual([]);
    expect(schemaReport(AllowanceHolderQuoteResponseSchema, { ...allowanceHolderPriceBody(), transaction })).toEqual([
      { kind: 'unexpected', path: '$.gas', detail: 'not in the spec (string)' },
      { kind: 'unexpected', path: '$.gasPrice', detail: 'not in the spec (string)' },
    ]);
  });

  it('adds transaction on Allowance Holder and transaction plus permit2 on Permit2', () => {
    expect(AllowanceHolderQuoteResponseSchema.safeParse({ ...allowanceHolderPriceBody(), transaction }).success).toBe(true);
    expect(AllowanceHolderQuoteResponseSchema.safeParse(allowanceHolderPriceBody()).success).toBe(false);
    const eip712 = {
      types: { PermitTransferFrom: [{ name: 'permitted', type: 'TokenPermissions' }] },
      domain: { name: 'Permit2', chainId: 1, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
      message: { nonce: '1' },
      primaryType: 'PermitTransferFrom',
    };
    expect(Permit2QuoteResponseSchema.safeParse({ ...permit2PriceBody(), transaction, permit2: { eip712 } }).success).toBe(true);
    expect(Permit2QuoteResponseSchema.safeParse({ ...permit2PriceBody(), transaction, permit2: null }).success).toBe(true);
    expect(Permit2QuoteResponseSchema.safeParse({ ...permit2PriceBody(), transaction }).success).toBe(false);
  });
});

describe('chains and errors', () => {
  it('parses a chain list', () => {
    expect(ChainListResponseSchema.safeParse({ chains: [{ chainId: 1, chainName: 'Ethereum' }], zid: '0x111111111111111111111111' }).success).toBe(true);
    expect(schemaReport(ChainListResponseSchema, { chains: [{ chainId: '1', chainName: 'Ethereum' }], zid: 'x' })).toEqual([
      { kind: 'wrong-type', path: '$.chains[0].chainId', detail: 'expected number, got string' },
    ]);
  });

  it('parses an INPUT_INVALID error with its details', () => {
    const body = { name: 'INPUT_INVALID', message: 'Validation Failed', data: { zid: '0x111111111111111111111111', details: [{ field: 'sellAmount', reason: 'is required' }] } };
    expect(ServiceErrorSchema.parse(body).data.details).toEqual(body.data.details);
  });

  it('maps every error name of the table to a 4xx or 5xx status', () => {
    for (const [name, status] of Object.entries(ERROR_STATUS)) {
      expect([400, 403, 422, 500], name).toContain(status);
    }
    expect(ERROR_STATUS.INPUT_INVALID).toBe(400);
    expect(ERROR_STATUS.TAKER_NOT_AUTHORIZED_FOR_TRADE).toBe(403);
    expect(ERROR_STATUS.SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE).toBe(422);
  });
});
