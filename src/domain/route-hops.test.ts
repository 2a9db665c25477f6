import { describe, expect, it } from 'vitest';
import { Market, priceQuery } from '../service/index.ts';
import { FIXED_NOW, token } from '../service/test-fixtures.ts';
import { DEMO_TAX_TOKENS } from './demo-tokens.ts';
import { hopName, hopPartTitle, routeHops, type RouteFill, type RouteToken } from './route-hops.ts';

/** Route answers the local service really gives (in process, at a fixed time), read hop by hop. */

const USDC_ADDRESS = token(1, 'USDC');
const WETH_ADDRESS = token(1, 'WETH');
const TAXD = DEMO_TAX_TOKENS.find((demo) => demo.chainId === 1 && demo.symbol === 'TAXD')!.address;

function route(sellToken: string, buyToken: string, sellAmount: string): { fills: RouteFill[]; tokens: RouteToken[] } {
  const result = priceQuery(new Market(1), 'allowance-holder.price', { chainId: '1', sellToken, buyToken, sellAmount }, { nowMs: FIXED_NOW });
  if (!result.ok) throw new Error(`${result.name} ${result.message}`);
  return result.body.route as { fills: RouteFill[]; tokens: RouteToken[] };
}

describe('routeHops', () => {
  it('splits each hop of 1,000 USDC -> TAXD among its own fills: all via one source per hop, never 50/50', () => {
    const answer = route(token(1, 'USDC'), TAXD, '1000000000');
    // The answer: USDC -> WETH, then WETH -> TAXD, each hop carrying the whole trade (10000 bps).
    expect(answer.tokens.map((item) => item.symbol)).toEqual(['USDC', 'WETH', 'TAXD']);
    expect(answer.fills.map((fill) => fill.proportionBps)).toEqual(['10000', '10000']);
    const hops = routeHops(answer.fills, answer.tokens);
    expect(hops.map((hop) => hopName(hop))).toEqual(['USDC → WETH', 'WETH → TAXD']);
    expect(hops.map((hop) => hop.parts.map((part) => [part.source, part.share, part.start]))).toEqual([
      [[answer.fills[0]!.source, 1, 0]],
      [[answer.fills[1]!.source, 1, 0]],
    ]);
    expect(hopPartTitle(hops[0]!, hops[0]!.parts[0]!)).toBe(`USDC → WETH · ${answer.fills[0]!.source} 100.0%`);
    expect(hopPartTitle(hops[1]!, hops[1]!.parts[0]!)).toBe(`WETH → TAXD · ${answer.fills[1]!.source} 100.0%`);
  });

  it('gives a single-hop route one hop whose parts are the fills\' own shares', () => {
    const answer = route(token(1, 'USDC'), token(1, 'WETH'), '1000000000');
    const hops = routeHops(answer.fills, answer.tokens);
    expect(hops).toHaveLength(1);
    expect(hops[0]!.parts.map((part) => part.share)).toEqual(answer.fills.map((fill) => Number(fill.proportionBps) / 10_000));
    expect(hopName(hops[0]!)).toBe('USDC → WETH');
  });

  it('names the share of the trade a hop of one of several paths carries, and splits it among its own fills', () => {
    // 1,000 WETH -> USDT goes mostly direct and partly via USDC (two paths, three hops).
    const answer = route(token(1, 'WETH'), token(1, 'USDT'), '1000000000000000000000');
    const hops = routeHops(answer.fills, answer.tokens);
    expect(hops.length).toBeGreaterThanOrEqual(3);
    const direct = hops.find((hop) => hop.label === 'WETH → USDT')!;
    const viaUsdc = hops.filter((hop) => hop.label === 'WETH → USDC' || hop.label === 'USDC → USDT');
    expect(viaUsdc).toHaveLength(2);
    // The paths share the trade: the direct hop and the path via USDC add up to all of it.
    expect(direct.bps + viaUsdc[0]!.bps).toBe(10_000);
    for (const hop of [direct, ...viaUsdc]) {
      expect(hop.parts.reduce((sum, part) => sum + part.share, 0)).toBeCloseTo(1);
      expect(hopName(hop)).toBe(`${hop.label} (${(hop.bps / 100).toFixed(2)}% of the trade)`);
    }
  });

  it('labels a token route.tokens does not list by its shortened address, its end kept so two such tokens read apart', () => {
    const hops = routeHops([{ from: '0x00000000000000000000000000000000000000aa', to: '0x00000000000000000000000000000000000000bb', source: 'RFQ', proportionBps: '10000' }], []);
    expect(hops[0]!.label).toBe('0x0000…00aa → 0x0000…00bb');
  });

  it('says a hop of 9999 bps carries 99.99% of the trade, not a rounded 100.0%', () => {
    const [hop] = routeHops([{ from: USDC_ADDRESS, to: WETH_ADDRESS, source: 'RFQ', proportionBps: '9999' }], []);
    expect(hopName(hop!)).toMatch(/ \(99\.99% of the trade\)$/);
  });
});
