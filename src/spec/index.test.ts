import { describe, expect, it } from 'vitest';
import * as spec from './index.ts';
import { lazySchemasBuilt } from './lazy-schema.ts';
import { allowanceHolderPriceBody } from './test-fixtures.ts';

// Each test file gets its own module graph, so the count starts at zero when these imports load.

/** How many lazy schemas `use` builds. */
function builtBy(use: () => unknown): number {
  const before = lazySchemasBuilt();
  use();
  return lazySchemasBuilt() - before;
}

const PRICE_QUERY = { chainId: '1', sellToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', buyToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', sellAmount: '1000000000' };

describe('the spec builds its schemas on first use (issue 14)', () => {
  it('builds no object schema when imported: not the endpoints, not the responses', () => {
    expect(lazySchemasBuilt()).toBe(0);
    expect(spec.ENDPOINT_IDS).toHaveLength(8);
    expect(lazySchemasBuilt()).toBe(0);
  });

  it('builds only the Allowance Holder price query to check one price request', () => {
    expect(builtBy(() => expect(spec.ENDPOINTS['allowance-holder.price'].query.safeParse(PRICE_QUERY).success).toBe(true))).toBe(1);
    // The other endpoints' queries were not built along with it: using them now builds them.
    expect(builtBy(() => spec.ENDPOINTS['allowance-holder.quote'].query.safeParse(PRICE_QUERY))).toBe(1);
    expect(builtBy(() => spec.ENDPOINTS['permit2.price'].query.safeParse(PRICE_QUERY))).toBe(1);
  });

  it('builds the Allowance Holder price response and its parts, not the quotes or Permit2 price', () => {
    expect(builtBy(() => expect(spec.ENDPOINTS['allowance-holder.price'].response.safeParse(allowanceHolderPriceBody()).success).toBe(true))).toBeGreaterThan(1);
    expect(builtBy(() => spec.Permit2PriceResponseSchema.safeParse({}))).toBeGreaterThan(0);
    expect(builtBy(() => spec.AllowanceHolderQuoteResponseSchema.safeParse({}))).toBeGreaterThan(0);
  });
});
