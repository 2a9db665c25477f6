import { describe, expect, it } from 'vitest';
import type { CompareRowWire } from '../ipc/channels/compare.ts';
import { amountOf } from '../domain/support/body-reading.ts';
import { chargeAndIssueFacts } from '../domain/support/charge-facts.ts';
import { priceAnswerLines } from './answer-lines.ts';

const USDC = { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC', decimals: 6, isOverride: false };
const WETH = { address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', symbol: 'WETH', decimals: 18, isOverride: false };
const row = { chainId: 1, sellToken: USDC, buyToken: WETH, nativeDecimals: 18, nativeSymbol: 'ETH' } as unknown as CompareRowWire;
const NO_TAX = { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' };
// A taker holding 1 USDC against a trade that needs 2,999.101968 USDC.
const body = {
  liquidityAvailable: true,
  sellToken: USDC.address,
  buyToken: WETH.address,
  fees: { integratorFee: null, integratorFees: null, serviceFee: null, gasFee: null },
  tokenMetadata: { sellToken: NO_TAX, buyToken: NO_TAX },
  issues: { allowance: null, balance: { token: USDC.address, actual: '1000000', expected: '2999101968' }, simulationIncomplete: false, invalidSourcesPassed: [] },
};

describe('priceAnswerLines', () => {
  it('rounds the balance a trade needs up, as explain reads the same answer: cut, it read below the need', () => {
    const issue = priceAnswerLines(row, body, `0x${'11'.repeat(20)}`).find(([label]) => label === 'issue')?.[1];
    const explained = chargeAndIssueFacts(body, (value, address, isUpperBound) => amountOf(body, value, address, 1, isUpperBound)).find((fact) => fact.label === 'issue')?.value;
    expect(explained).toContain('needs 2,999.11 USDC');
    // What the taker has is a plain amount, cut as every figure is.
    expect(issue).toBe('balance too low: has 1 USDC, needs 2,999.11 USDC');
  });
});
