import { describe, expect, it } from 'vitest';
import { Market } from './market/liquidity.ts';
import { priceQuery } from './price-query.ts';
import { FIXED_NOW, wethToUsdc } from './test-fixtures.ts';

describe('priceQuery', () => {
  const market = new Market(4);

  it('prices in process exactly as the endpoint would, at a pinned block', () => {
    const state = market.chainState(1, FIXED_NOW)!;
    const a = priceQuery(market, 'allowance-holder.price', wethToUsdc(), { block: state.block });
    const b = priceQuery(new Market(4), 'allowance-holder.price', wethToUsdc(), { nowMs: FIXED_NOW });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect({ ...a.body, zid: '' }).toEqual({ ...b.body, zid: '' });
    expect(a.body.blockNumber).toBe(String(state.block));
  });

  it('reports validation failures and refusals with the service\'s names', () => {
    expect(priceQuery(market, 'permit2.price', wethToUsdc({ buyAmount: '1' }))).toMatchObject({ ok: false, status: 400, name: 'INPUT_INVALID' });
    expect(priceQuery(market, 'permit2.price', wethToUsdc({ buyToken: '0x1111111111111111111111111111111111111111' }))).toMatchObject({ ok: false, name: 'TOKEN_NOT_SUPPORTED' });
  });
});
