import { describe, expect, it } from 'vitest';
import { replayRequestOf } from './replay-request.ts';

const base = { method: 'GET' as const, requestHeaders: {}, status: 400, statusText: '', responseHeaders: {}, bodyText: '', startedAt: '2026-11-20T09:30:00.000Z', durationMs: 1, zid: null };

describe('replayRequestOf', () => {
  it("sends a v2 entry's request as it was sent", () => {
    const query = { chainId: '1', sellToken: 'USDC', buyToken: 'WETH', sellAmount: '1', takerAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' };
    expect(replayRequestOf({ ...base, endpoint: 'permit2.price', url: `https://api.example.com/swap/permit2/price?${new URLSearchParams(query)}`, query })).toEqual({ endpoint: 'permit2.price', params: query, isCorrectedV1: false });
  });

  it("sends a customer's v1 request as the v2 request explain corrects it to", () => {
    const query = { sellToken: '0x2791bca1f2de4661ed88a30c99a7a9449aa84174', buyToken: '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619', sellAmount: '1000000', takerAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', slippagePercentage: '0.005' };
    const replay = replayRequestOf({ ...base, endpoint: 'allowance-holder.quote', url: `https://polygon.api.example.com/swap/v1/quote?${new URLSearchParams(query)}`, query });
    expect(replay).toEqual({ endpoint: 'allowance-holder.quote', isCorrectedV1: true, params: { chainId: '137', sellToken: query.sellToken, buyToken: query.buyToken, sellAmount: query.sellAmount, taker: query.takerAddress, slippageBps: '50' } });
  });
});
