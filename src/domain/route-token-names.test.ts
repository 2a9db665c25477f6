import { describe, expect, it } from 'vitest';
import { Market, priceQuery } from '../service/index.ts';
import { FIXED_NOW, token } from '../service/test-fixtures.ts';
import { explainBody } from './support/explain-body.ts';
import { distinctRouteTokens } from './route-token-names.ts';
import { routeHops } from './route-hops.ts';

const USDC_E = token(42161, 'USDC.e').toLowerCase();
const USDC = token(42161, 'USDC').toLowerCase();
const WETH = token(42161, 'WETH').toLowerCase();

// What the real service sends on Arbitrum (real-service facts: USDC.e is "USDC" in routes), as the local service does.
function arbitrumPrice(): Record<string, unknown> & { route: { fills: { from: string; to: string; source: string; proportionBps: string }[]; tokens: { address: string; symbol: string }[] } } {
  const answered = priceQuery(new Market(1), 'allowance-holder.price', { chainId: '42161', sellToken: USDC_E, buyToken: WETH, sellAmount: '1000000000' }, { nowMs: FIXED_NOW });
  if (!answered.ok) throw new Error(answered.message);
  return answered.body as ReturnType<typeof arbitrumPrice>;
}

describe('distinctRouteTokens', () => {
  it('tells apart two route tokens the answer gives one symbol, by the chain token list, else by short address', () => {
    const tokens = [{ address: USDC_E, symbol: 'USDC' }, { address: USDC, symbol: 'USDC' }, { address: WETH, symbol: 'WETH' }];
    expect(distinctRouteTokens(tokens, 42161).map((item) => item.symbol)).toEqual(['USDC.e', 'USDC', 'WETH']);
    // A body alone names no chain: each keeps its symbol, followed by its short address.
    expect(distinctRouteTokens(tokens).map((item) => item.symbol)).toEqual([`USDC (${USDC_E.slice(0, 6)}…${USDC_E.slice(-4)})`, `USDC (${USDC.slice(0, 6)}…${USDC.slice(-4)})`, 'WETH']);
    // Symbols given to one address each are kept as the answer wrote them (WMATIC stays WMATIC).
    const plain = [{ address: USDC, symbol: 'USDC' }, { address: WETH, symbol: 'WMATIC' }];
    expect(distinctRouteTokens(plain, 42161)).toEqual(plain);
  });

  it("an Arbitrum route through USDC.e and USDC reads as two tokens in History's route and in explain, not 'USDC -> USDC'", () => {
    const price = arbitrumPrice();
    const symbols = new Set(price.route.tokens.map((item) => item.symbol));
    expect(price.route.tokens.length, 'the answer itself names two tokens alike').toBeGreaterThan(symbols.size);
    const hops = routeHops(price.route.fills, distinctRouteTokens(price.route.tokens, 42161));
    expect(hops.map((hop) => hop.label)).toEqual(['USDC.e → USDC', 'USDC → WETH']);
    const route = explainBody(price, 42161).facts?.find((fact) => fact.label === 'route')?.value;
    expect(route).toMatch(/^100\.00% \w+ USDC\.e -> USDC; 100\.00% \w+ USDC -> WETH$/);
  });
});
