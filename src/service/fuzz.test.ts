import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensOf } from '../domain/token-registry.ts';
import { ENDPOINTS, ENDPOINT_IDS, ZID_PATTERN } from '../spec/index.ts';
import { KeyRing } from './auth.ts';
import { createHandler } from './handler.ts';
import { Market } from './market/liquidity.ts';
import { DEMO_TAKERS } from './swap/taker-state.ts';
import { FIXED_NOW } from './test-fixtures.ts';
import { startTestService, type TestService } from './test-support.ts';

/**
 * Fuzzing: random query strings never produce a 500 or an exception. 96,000 run in process against
 * the request handler (the same code the HTTPS server calls), 2,000 exact-out trades (Allowance
 * Holder `buyAmount`, the costliest path) in process too, and 2,000 more over real HTTPS: 100,000 in
 * all. Addresses come in every letter case, checksummed or not (a wrong EIP-55 checksum once crashed
 * the calldata encoder), so a crash anywhere in the pricing path shows up here.
 */

const PARAMS = ['chainId', 'buyToken', 'sellToken', 'sellAmount', 'buyAmount', 'taker', 'txOrigin', 'recipient', 'swapFeeRecipient', 'swapFeeBps', 'swapFeeToken', 'tradeSurplusRecipient', 'tradeSurplusMaxBps', 'gasPrice', 'slippageBps', 'slippagePpm', 'excludedSources', 'sellEntireBalance', 'wrapUnwrapMode', 'takerAddress', '__proto__', 'constructor'];
const CHAINS = ['1', '10', '56', '137', '8453', '42161', '43114', '59144', '130', '5000', '0', '-1', '1e3', '99999999999999999999'];
const ADDRESSES = [...new Set([1, 8453, 56, 59144].flatMap((id) => tokensOf(id).map((t) => t.address))), ...Object.values(DEMO_TAKERS), '0x0000000000000000000000000000000000000000'];

// An address with each hex letter's case drawn at random: mostly a failed EIP-55 checksum.
function anyCase(address: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(address, fc.array(fc.boolean(), { minLength: 42, maxLength: 42 })).map(([text, upper]) => [...text].map((char, i) => (i > 1 && upper[i] ? char.toUpperCase() : char.toLowerCase())).join(''));
}
const mixedCase = anyCase(fc.constantFrom(...ADDRESSES));

const value = fc.oneof(
  fc.constantFrom(...CHAINS),
  fc.constantFrom(...ADDRESSES),
  mixedCase,
  fc.bigInt({ min: 0n, max: 2n ** 260n }).map(String),
  fc.integer({ min: -20_000, max: 2_000_000 }).map(String),
  fc.constantFrom('true', 'false', 'direct', 'settler', 'Uniswap_V3,RFQ', 'Curve,,', '', ' ', '1.5', '0x', 'NaN', '1e18'),
  fc.array(fc.oneof(fc.constantFrom(...ADDRESSES), mixedCase), { minLength: 1, maxLength: 3 }).map((list) => list.join(',')),
  fc.array(fc.integer({ min: 0, max: 1200 }), { minLength: 1, maxLength: 3 }).map((list) => list.join(',')),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const structured = fc
  .tuple(fc.dictionary(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PARAMS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }), value, { maxKeys: 12 }), fc.boolean())
  .map(([params, base]) => {
    // Half the cases start from a valid trade so the fuzz reaches the market and router, not only validation.
    const start: Record<string, string> = base ? { chainId: '1', sellToken: ADDRESSES[0]!, buyToken: ADDRESSES[1]!, sellAmount: '1000000000000000000' } : {};
    const merged: Record<string, string> = { ...start };
    for (const [key, text] of Object.entries(params)) Object.defineProperty(merged, key, { value: text, enumerable: true, writable: true, configurable: true });
    return new URLSearchParams(merged).toString();
  });
// Plausible trades with a few optional parameters, one sometimes replaced by a random value: these
// reach the market, the router, fees and calldata rather than stopping at validation.
const address = fc.oneof(fc.constantFrom(...Object.values(DEMO_TAKERS)), fc.stringMatching(/^0x[0-9a-f]{40}$/), anyCase(fc.stringMatching(/^0x[0-9a-f]{40}$/)));
const optional = fc.record(
  {
    recipient: address,
    txOrigin: address,
    slippageBps: fc.integer({ min: 0, max: 10_000 }).map(String),
    gasPrice: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String),
    excludedSources: fc.constantFrom('RFQ', 'Uniswap_V3,Curve', 'Nope', 'Uniswap_V2,SushiSwap,RFQ'),
    sellEntireBalance: fc.constantFrom('true', 'false'),
    swapFeeBps: fc.integer({ min: 0, max: 1000 }).map(String),
    swapFeeRecipient: address,
  },
  { requiredKeys: [] },
);
const plausible = fc
  .tuple(fc.constantFrom(1, 8453, 56, 59144, 10, 137, 42161, 43114), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 24 }), optional, fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...PARAMS), value) }), fc.oneof({ weight: 4, arbitrary: address }, { weight: 1, arbitrary: fc.constant(undefined) }), fc.constantFrom<'as-listed' | 'lower' | 'upper'>('as-listed', 'lower', 'upper'))
  .map(([chainId, a, b, mantissa, exponent, extra, mutation, taker, letterCase]) => {
    const amount = BigInt(mantissa) * 10n ** BigInt(exponent);
    const cased = (address: string) => (letterCase === 'lower' ? address.toLowerCase() : letterCase === 'upper' ? `0x${address.slice(2).toUpperCase()}` : address);
    const tokens = tokensOf(chainId).map((t) => cased(t.address));
    const query: Record<string, string> = { chainId: String(chainId), sellToken: tokens[a % tokens.length]!, buyToken: tokens[(a + 1 + (b % (tokens.length - 1))) % tokens.length]!, sellAmount: String(amount), ...(taker ? { taker } : {}), ...extra };
    if (query.swapFeeBps && !query.swapFeeRecipient) delete query.swapFeeBps;
    if (query.swapFeeRecipient && !query.swapFeeBps) query.swapFeeBps = '10';
    if (mutation) Object.defineProperty(query, mutation[0], { value: mutation[1], enumerable: true, writable: true, configurable: true });
    return new URLSearchParams(query).toString();
  });
const raw = fc.oneof(fc.string({ maxLength: 120 }), fc.stringMatching(/^([a-zA-Z_]{1,12}=[%0-9a-zA-Z,.&=+-]{0,30}&?){0,8}$/));
const path = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...ENDPOINT_IDS.map((id) => ENDPOINTS[id].path)) }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => `/${s}`) });
const swapPath = fc.constantFrom('/swap/allowance-holder/price', '/swap/allowance-holder/quote', '/swap/permit2/price', '/swap/permit2/quote');
// The same plausible trades buying an exact amount instead of selling one.
const exactOut = fc.tuple(fc.constantFrom('/swap/allowance-holder/price', '/swap/allowance-holder/quote'), plausible).map(([p, q]) => {
  const query = new URLSearchParams(q);
  const amount = query.get('sellAmount');
  if (amount !== null) {
    query.delete('sellAmount');
    query.set('buyAmount', amount);
  }
  return [p, query.toString()] as const;
});
/** A path and a query string. */
const request = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(swapPath, plausible) },
  { weight: 3, arbitrary: fc.tuple(path, structured) },
  { weight: 1, arbitrary: fc.tuple(path, raw) },
);

function inProcess(requests: fc.Arbitrary<readonly [string, string]>, numRuns: number, seed: number): void {
  const unexpected: unknown[] = [];
  const handle = createHandler({ market: new Market(9), keys: new KeyRing([{ key: 'k', team: 't' }]), blocked: {}, now: () => FIXED_NOW, onUnexpected: (error) => unexpected.push(error) });
  fc.assert(
    fc.property(requests, ([p, q]) => {
      const answer = handle({ method: 'GET', url: `${p}?${q}`, headers: { 'svc-api-key': 'k', 'svc-version': 'v2' } });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      expect(answer.zid).toMatch(ZID_PATTERN);
      expect(() => JSON.parse(JSON.stringify(answer.body))).not.toThrow();
    }),
    { numRuns, seed },
  );
  expect(unexpected).toEqual([]);
}

describe('fuzz', () => {
  it('answers 96,000 random query strings in process without a 500 or an exception', () => {
    inProcess(request, 96_000, 20260115);
  }, 900_000);

  it('answers 2,000 exact-out trades in process without a 500 or an exception', () => {
    inProcess(exactOut, 2_000, 20261123);
  }, 300_000);

  describe('over HTTPS', () => {
    let svc: TestService;
    beforeAll(async () => {
      svc = await startTestService({ now: () => FIXED_NOW });
    });
    afterAll(() => svc.stop());

    it('answers 2,000 random query strings with JSON, never a 500, and is still up afterwards', async () => {
      await fc.assert(
        fc.asyncProperty(request, async ([p, q]) => {
          const answer = await svc.get(`${p.replace(/[?#]/g, '')}?${q.replace(/#/g, '%23')}`);
          expect(answer.status).toBeLessThan(500);
        }),
        { numRuns: 2_000, seed: 7 },
      );
      expect((await svc.get('/swap/chains')).status).toBe(200);
    });
  });
});
