import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainById } from '../../domain/chains.ts';
import { FIXED_NOW, token } from '../test-fixtures.ts';
import { startTestService, type TestService } from '../test-support.ts';
import { routeSymbol, routeSymbolOf } from './route-symbols.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => FIXED_NOW });
});
afterAll(() => svc.stop());

type Route = { tokens: { address: string; symbol: string }[] };

describe('route.tokens symbols', () => {
  it("reads the symbol each of the facts' route annotations names", () => {
    expect(routeSymbolOf("bridged; route token symbol shows 'USDC'")).toBe('USDC');
    expect(routeSymbolOf("route token symbol 'USD₮0'")).toBe('USD₮0');
    expect(routeSymbolOf("wrapped native; route.tokens symbol 'WMATIC' (2024 example)")).toBe('WMATIC');
    expect(routeSymbolOf('WMATIC in a route.tokens (2024); market name WPOL')).toBe('WMATIC');
    for (const plain of ['WETH (unverified symbol)', 'native', 'bridged USDT', "no canonical WBTC on Base", null]) expect(routeSymbolOf(plain)).toBeUndefined();
  });

  it("shows Arbitrum's USDC.e as USDC and its USDT as USD₮0 in a route, as the real service does", async () => {
    const usdcE = token(42161, 'USDC.e').toLowerCase();
    const usdt = token(42161, 'USDT').toLowerCase();
    const { status, body } = await svc.get('/swap/allowance-holder/price', { chainId: '42161', sellToken: usdcE, buyToken: usdt, sellAmount: '1000000000' });
    expect(status).toBe(200);
    const tokens = (body.route as Route).tokens;
    expect([tokens[0], tokens.at(-1)]).toEqual([{ address: usdcE, symbol: 'USDC' }, { address: usdt, symbol: 'USD₮0' }]);
  });

  it('keeps the market symbol where the facts record no route symbol, and names Polygon\'s wrapped native WMATIC', () => {
    expect(routeSymbol(42161, token(42161, 'USDC'), 'USDC')).toBe('USDC');
    expect(routeSymbol(1, token(1, 'USDT'), 'USDT')).toBe('USDT');
    expect(routeSymbol(137, chainById(137)!.wrappedNative!.toUpperCase().replace('0X', '0x'), 'WPOL')).toBe('WMATIC');
  });
});
