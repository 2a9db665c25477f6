import { describe, expect, it } from 'vitest';
import { tokensOf } from '../domain/token-registry.ts';
import { NATIVE_TOKEN_PLACEHOLDER } from '../spec/index.ts';
import { KeyRing } from './auth.ts';
import { createHandler, type HandlerResponse } from './handler.ts';
import { Market } from './market/liquidity.ts';
import { cachedPriceSwap } from './price-cache.ts';
import { QueryMemo } from './query-memo.ts';
import { sequence } from './rng.ts';
import { serializeBody } from './serialized-body.ts';
import { priceSwap } from './swap/price.ts';
import { DEMO_TAKERS } from './swap/taker-state.ts';
import { FIXED_NOW, token } from './test-fixtures.ts';

const KEYS = new KeyRing([
  { key: 'standard-key', team: 'a' },
  { key: 'custom-key', team: 'b', plan: 'custom' },
]);
const CHAINS = [1, 8453, 56, 42161, 10, 137, 43114, 59144];
const ENDPOINTS = ['/swap/allowance-holder/price', '/swap/allowance-holder/quote', '/swap/permit2/price', '/swap/permit2/quote'];
const TAKERS = [...Object.values(DEMO_TAKERS), '0x1111111111111111111111111111111111111111'];

// A random query: chain, tokens (native included), amounts over 22 decades, takers with every demo
// wallet state, slippage, fees, excluded sources, exact-out, and a few invalid ones.
function randomRequest(next: () => number): { url: string; key: string } {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chainId = pick(CHAINS);
  const tokens = [...tokensOf(chainId).map((token) => token.address), NATIVE_TOKEN_PLACEHOLDER];
  const sell = pick(tokens.slice(0, 5));
  const query: Record<string, string> = { chainId: String(chainId), sellToken: sell, buyToken: pick(tokens.slice(0, 5)), sellAmount: String(10n ** BigInt(Math.floor(next() * 22)) * BigInt(1 + Math.floor(next() * 3))) };
  if (next() < 0.7) query.taker = pick(TAKERS);
  if (next() < 0.2) query.slippageBps = String(Math.floor(next() * 300));
  if (next() < 0.15) Object.assign(query, { swapFeeBps: '25', swapFeeRecipient: TAKERS[5]!, swapFeeToken: query.buyToken! });
  if (next() < 0.1) query.excludedSources = pick(['RFQ', 'Uniswap_V3,Curve', 'Nope']);
  if (next() < 0.05) query.tradeSurplusRecipient = TAKERS[5]!;
  if (next() < 0.05) query.sellAmount = 'not-a-number';
  const endpoint = pick(ENDPOINTS);
  if (endpoint.includes('allowance-holder') && next() < 0.1) {
    delete query.sellAmount;
    query.buyAmount = '1000000';
  }
  return { url: `${endpoint}?${new URLSearchParams(query)}`, key: pick(['standard-key', 'custom-key']) };
}

// Status, headers and body with the request's own zid replaced: what must match, zid aside.
function comparable(answer: HandlerResponse): string {
  return JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body }).replaceAll(answer.zid.slice(2), '<zid>');
}

describe('per-block price cache and query memo', () => {
  it('answers 10,000 random queries exactly as without them, zid aside, with the zid in body and calldata', () => {
    const next = sequence(20_261_123);
    // Drawn from a pool of 250 so that queries repeat within a block (hits) as well as across blocks.
    const pool = Array.from({ length: 250 }, () => randomRequest(next));
    let nowMs = FIXED_NOW;
    const now = () => nowMs;
    let computed = 0;
    const counting: typeof priceSwap = (...args) => {
      computed++;
      return priceSwap(...args);
    };
    const config = { keys: KEYS, blocked: { takers: [TAKERS[5]!] }, now };
    const uncached = createHandler({ ...config, market: new Market(7) });
    const cache = cachedPriceSwap(counting);
    let asked = 0;
    const queryMemo = new QueryMemo();
    const cached = createHandler({ ...config, market: new Market(7), priceSwap: (...args) => (asked++, cache(...args)), queryMemo });
    let quotesWithCalldata = 0;
    let prepared = 0;
    for (let i = 0; i < 10_000; i++) {
      nowMs += 10;
      const { url, key } = pool[Math.floor(next() * pool.length)]!;
      const request = { method: 'GET', url, headers: { 'svc-api-key': key, 'svc-version': 'v2' } };
      const expected = uncached(request);
      const actual = cached(request);
      expect(comparable(actual), url).toBe(comparable(expected));
      // What the server sends: a hit's prepared text must be exactly its body's JSON.
      expect(serializeBody(actual.body), url).toBe(JSON.stringify(actual.body));
      const body = actual.body as { zid?: string; transaction?: { data: string } };
      if (actual.status === 200) expect(body.zid).toBe(actual.zid);
      if (body.transaction?.data.includes(actual.zid.slice(2))) quotesWithCalldata++;
      if (Object.getOwnPropertySymbols(actual.body ?? {}).length > 0) prepared++;
    }
    const hits = asked - computed;
    // The draw must exercise hits, and quotes whose calldata carries the zid.
    expect(hits).toBeGreaterThan(2_000);
    expect(computed).toBeGreaterThan(500);
    expect(quotesWithCalldata).toBeGreaterThan(500);
    // Hits of 200 answers (refusals are hits too, without a body) carry their prepared text.
    expect(prepared).toBeGreaterThan(1_000);
    // The pool's valid queries were validated once each and then reused; its invalid ones never kept.
    expect(queryMemo.size).toBeGreaterThan(150);
    expect(queryMemo.size).toBeLessThan(250);
  }, 300_000);

  it('reuses work within a block and recomputes when the block moves on', () => {
    let nowMs = FIXED_NOW;
    let calls = 0;
    const counting: typeof priceSwap = (...args) => {
      calls++;
      return priceSwap(...args);
    };
    const handle = createHandler({ keys: KEYS, blocked: {}, now: () => nowMs, market: new Market(1), priceSwap: cachedPriceSwap(counting) });
    const url = `/swap/permit2/quote?chainId=1&sellToken=${token(1, 'USDC')}&buyToken=${token(1, 'WETH')}&sellAmount=1000000000&taker=${DEMO_TAKERS.funded}`;
    const ask = () => handle({ method: 'GET', url, headers: { 'svc-api-key': 'standard-key', 'svc-version': 'v2' } });
    const first = ask();
    const second = ask();
    expect(calls).toBe(1);
    expect(second.zid).not.toBe(first.zid);
    expect((second.body as { transaction: { data: string } }).transaction.data).toContain(second.zid.slice(2));
    expect((second.body as { transaction: { data: string } }).transaction.data).not.toContain(first.zid.slice(2));
    nowMs += 60_000;
    ask();
    expect(calls).toBe(2);
  });
});
