import { describe, expect, it } from 'vitest';
import { Market, priceQuery } from '../../service/index.ts';
import { FIXED_NOW, token } from '../../service/test-fixtures.ts';
import { recognizePaste } from './recognize.ts';

// A customer with only a failed transaction sends its input data: the box reads what it does and
// finds the request by the zid it carries (before, hex that is neither zid nor address was "Not recognised").

const TAKER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function quote(id: 'allowance-holder.quote' | 'permit2.quote', query: Record<string, string>): { data: string; zid: string; minBuyAmount: string } {
  const answered = priceQuery(new Market(1), id, { chainId: '1', taker: TAKER, ...query }, { nowMs: FIXED_NOW });
  if (!answered.ok) throw new Error(answered.message);
  const body = answered.body as { transaction: { data: string }; zid: string; minBuyAmount: string };
  return { data: body.transaction.data, zid: body.zid, minBuyAmount: body.minBuyAmount };
}

describe('pasted calldata', () => {
  it('reads a quote transaction: the call, its minimum in the buy token, the zid it carries and each action', () => {
    const sent = quote('permit2.quote', { sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000' });
    const recognized = recognizePaste(`  ${sent.data}\n`);
    expect(recognized.kind).toBe('calldata');
    if (recognized.kind !== 'calldata') return;
    expect(recognized.reading).toMatchObject({ zid: sent.zid, isDecoded: true });
    const facts = Object.fromEntries(recognized.reading.facts.map((fact) => [fact.label, fact.value]));
    expect(facts['calldata min buy']).toBe(`${sent.minBuyAmount} base units of ${token(1, 'WETH').toLowerCase()}`);
    expect(facts['calldata zid']).toBe(sent.zid);
    // Whom the settler pays: before, a customer's failed transaction said nothing of where the tokens were to go.
    expect(facts['calldata recipient']).toBe(`${TAKER} (receives the buy token)`);
    expect(facts['action 1']).toMatch(/^pull 1000000000 base units of /);
    expect(facts.amounts).toContain('calldata names no chain');
  });

  it("reads an Allowance Holder call's wrapped settler call", () => {
    const sent = quote('allowance-holder.quote', { sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000' });
    const recognized = recognizePaste(sent.data.toUpperCase().replace('0X', '0x'));
    expect(recognized.kind === 'calldata' && recognized.reading.zid).toBe(sent.zid);
    expect(recognized.kind === 'calldata' && recognized.reading.facts.find((fact) => fact.label === 'calldata')?.value).toMatch(/^exec -> execute \(\d+ bytes\)$/);
  });

  it('says what a transaction hash is, and what hex the settler does not decode is', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(recognizePaste(hash)).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('transaction or block hash') });
    const other = recognizePaste(`0xa9059cbb${'00'.repeat(64)}`);
    expect(other).toMatchObject({ kind: 'calldata', reading: { isDecoded: false, zid: null } });
  });
});
