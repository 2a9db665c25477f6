import { describe, expect, it } from 'vitest';
import { maxUint256 } from 'viem';
import { Market, priceQuery } from '../../service/index.ts';
import { FIXED_NOW, token } from '../../service/test-fixtures.ts';
import { permit2Facts } from './permit2-facts.ts';

const TAKER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe('permit2Facts', () => {
  it('reads a deadline past year 9999 as no expiry, in seconds, and only the amount in base units', () => {
    const result = priceQuery(new Market(1), 'permit2.quote', { chainId: '1', taker: TAKER, sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000' }, { nowMs: FIXED_NOW });
    if (!result.ok) throw new Error(result.name);
    const body = structuredClone(result.body) as { permit2: { eip712: { message: { deadline: string } } } } & Record<string, unknown>;
    body.permit2.eip712.message.deadline = maxUint256.toString();
    const valueOf = (label: string) => permit2Facts(body, 1).find((fact) => fact.label === label)?.value;
    expect(valueOf('signs deadline')).toBe(`no expiry (far future) (${maxUint256})`);
    expect(valueOf('signs permitted.amount')).toBe('1,000 USDC (1000000000 base units)');
  });
});
