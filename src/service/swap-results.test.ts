import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMIT2_ADDRESS, chainById } from '../domain/chains.ts';
import { AllowanceHolderPriceResponseSchema, Permit2PriceResponseSchema, schemaReport } from '../spec/index.ts';
import { Market } from './market/liquidity.ts';
import { DEMO_TAX_TOKENS, marketTokens, type MarketToken } from './market/tokens.ts';
import { findRoute } from './router/router.ts';
import { DEMO_TAKERS } from './swap/taker-state.ts';
import { FIXED_NOW, token, wethToUsdc } from './test-fixtures.ts';
import { startTestService, type TestService } from './test-support.ts';

type Fill = { from: string; to: string; source: string; proportionBps: string };
type Fee = { amount: string; token: string; type: string };
const AH = '/swap/allowance-holder/price';
const P2 = '/swap/permit2/price';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => FIXED_NOW, seed: 11 });
});
afterAll(() => svc.stop());

// A pair of the seeded market (seed 11) with no path at all, found from the market itself.
function unroutablePair(): { chainId: number; sell: MarketToken; buy: MarketToken } {
  const market = new Market(11);
  for (const chainId of [1, 10, 56, 137, 8453, 42161, 43114, 59144]) {
    const state = market.chainState(chainId, FIXED_NOW)!;
    const tokens = marketTokens(chainId).filter((t) => t.kind !== 'native');
    for (const sell of tokens) {
      for (const buy of tokens) {
        if (sell === buy) continue;
        if (!findRoute(market, { state, sell, buy, amountIn: 100 / market.usd(state, sell), excludedSources: new Set(), gasUnitCostInBuy: 0 })) return { chainId, sell, buy };
      }
    }
  }
  throw new Error('every pair of the seeded market has a route');
}

function sumBy(fills: Fill[], pick: (fill: Fill) => boolean): number {
  return fills.filter(pick).reduce((sum, fill) => sum + Number(fill.proportionBps), 0);
}

describe('Allowance Holder and Permit2 prices', () => {
  it('match their spec schemas exactly, mode only on Allowance Holder', async () => {
    const ah = await svc.get(AH, wethToUsdc());
    const p2 = await svc.get(P2, wethToUsdc());
    expect(schemaReport(AllowanceHolderPriceResponseSchema, ah.body)).toEqual([]);
    expect(schemaReport(Permit2PriceResponseSchema, p2.body)).toEqual([]);
    expect(ah.body.mode).toBe('exact-in');
    expect('mode' in p2.body).toBe(false);
  });

  it('set allowanceTarget to the Allowance Holder or Permit2, null for native sells', async () => {
    expect((await svc.get(AH, wethToUsdc())).body.allowanceTarget).toBe(chainById(1)!.allowanceHolder.toLowerCase());
    expect((await svc.get(P2, wethToUsdc())).body.allowanceTarget).toBe(PERMIT2_ADDRESS.toLowerCase());
    const native = wethToUsdc({ sellToken: token(1, 'NATIVE') });
    expect((await svc.get(AH, native)).body.allowanceTarget).toBeNull();
    expect((await svc.get(P2, native)).body.allowanceTarget).toBeNull();
  });

  it('charge Permit2 more settlement gas than Allowance Holder for the same route', async () => {
    const ah = (await svc.get(AH, wethToUsdc())).body;
    const p2 = (await svc.get(P2, wethToUsdc())).body;
    expect(p2.route).toEqual(ah.route);
    expect(BigInt(p2.gas as string)).toBeGreaterThan(BigInt(ah.gas as string));
  });

  it('charge the same gas for a native sell, whose transaction is the same settler call in both models', async () => {
    const native = wethToUsdc({ sellToken: token(1, 'NATIVE'), taker: DEMO_TAKERS.funded });
    const [ahPrice, p2Price, ahQuote, p2Quote] = await Promise.all([svc.get(AH, native), svc.get(P2, native), svc.get('/swap/allowance-holder/quote', native), svc.get('/swap/permit2/quote', native)]);
    type Tx = { to: string; gas: string; value: string };
    const [ahTx, p2Tx] = [ahQuote.body.transaction as Tx, p2Quote.body.transaction as Tx];
    expect({ to: p2Tx.to, value: p2Tx.value }).toEqual({ to: ahTx.to, value: ahTx.value });
    expect({ price: p2Price.body.gas, quote: p2Tx.gas, fee: p2Price.body.totalNetworkFee }).toEqual({ price: ahPrice.body.gas, quote: ahTx.gas, fee: ahPrice.body.totalNetworkFee });
  });
});

describe('route', () => {
  it('splits a large trade, and the fills leaving the sell token and reaching the buy token each sum to 10000', async () => {
    const sells = ['1000000000000000000', '500000000000000000000', '20000000000000000000000'];
    let maxFills = 0;
    for (const sellAmount of sells) {
      const { body } = await svc.get(AH, wethToUsdc({ sellAmount, buyToken: token(1, 'DAI') }));
      const route = body.route as { fills: Fill[]; tokens: { address: string; symbol: string }[] };
      const sell = token(1, 'WETH').toLowerCase();
      const buy = token(1, 'DAI').toLowerCase();
      expect(sumBy(route.fills, (fill) => fill.from === sell)).toBe(10_000);
      expect(sumBy(route.fills, (fill) => fill.to === buy)).toBe(10_000);
      expect(route.tokens[0]).toEqual({ address: sell, symbol: 'WETH' });
      expect(route.tokens.at(-1)).toEqual({ address: buy, symbol: 'DAI' });
      for (const fill of route.fills) expect(route.tokens.map((t) => t.address)).toContain(fill.to);
      maxFills = Math.max(maxFills, route.fills.length);
    }
    expect(maxFills).toBeGreaterThan(1);
  });

  it('leaves out excluded sources and reports unknown labels in invalidSourcesPassed', async () => {
    const plain = (await svc.get(AH, wethToUsdc())).body.route as { fills: Fill[] };
    const used = plain.fills[0]!.source;
    const { body } = await svc.get(AH, wethToUsdc({ excludedSources: `${used},NotASource` }));
    expect((body.route as { fills: Fill[] }).fills.map((fill) => fill.source)).not.toContain(used);
    expect((body.issues as { invalidSourcesPassed: string[] }).invalidSourcesPassed).toEqual(['NotASource']);
  });

  it('answers liquidityAvailable false with only a zid where no pool reaches the pair', async () => {
    const pair = unroutablePair();
    const { status, body } = await svc.get(AH, { chainId: String(pair.chainId), sellToken: pair.sell.address, buyToken: pair.buy.address, sellAmount: '1000000' });
    expect(status).toBe(200);
    expect(body).toEqual({ liquidityAvailable: false, zid: body.zid });
  });

  it('answers liquidityAvailable false when the pools would eat most of the value (a huge sell on thin Linea)', async () => {
    const query = { chainId: '59144', sellToken: chainById(59144)!.wrappedNative!, buyToken: token(59144, 'USDC') };
    expect((await svc.get(AH, { ...query, sellAmount: '1000000000000000000' })).body.liquidityAvailable).toBe(true);
    expect((await svc.get(AH, { ...query, sellAmount: `1${'0'.repeat(24)}` })).body).toMatchObject({ liquidityAvailable: false });
  });
});

describe('dust trades', () => {
  it('buy no more than they sell is worth, into 18-decimal tokens and through stableswap pools alike', async () => {
    // sellAmount=1000 (an amount written without its decimals) of ETH bought 7.5e9 wei of DAI,
    // 2,400 times its worth: a stableswap pool on the way answered 1.5e-8 for any input below that.
    const market = new Market(11);
    const overpaid: string[] = [];
    for (const chainId of [1, 56]) {
      const state = market.chainState(chainId, FIXED_NOW)!;
      const tokens = marketTokens(chainId);
      for (const sell of tokens) {
        for (const buy of tokens) {
          if (sell === buy) continue;
          const answer = await svc.get(AH, { chainId: String(chainId), sellToken: sell.address, buyToken: buy.address, sellAmount: '1000' });
          if (answer.body.liquidityAvailable !== true) continue;
          const worthIn = (1000 / 10 ** sell.decimals) * market.usd(state, sell);
          const worthOut = (Number(answer.body.buyAmount) / 10 ** buy.decimals) * market.usd(state, buy);
          if (worthOut > worthIn * 1.02) overpaid.push(`${chainId} ${sell.symbol}->${buy.symbol}: ${String(answer.body.buyAmount)}`);
        }
      }
    }
    expect(overpaid).toEqual([]);
  });
});

describe('fees and slippage', () => {
  it('derives minBuyAmount from slippageBps (default 100) or slippagePpm, rounded down', async () => {
    for (const [extra, ppm] of [[{}, 10_000n], [{ slippageBps: '37' }, 3_700n], [{ slippagePpm: '1234' }, 1_234n], [{ slippageBps: '0' }, 0n]] as const) {
      const { body } = await svc.get(AH, wethToUsdc(extra));
      const buy = BigInt(body.buyAmount as string);
      expect(BigInt(body.minBuyAmount as string)).toBe((buy * (1_000_000n - ppm)) / 1_000_000n);
    }
  });

  it('charges one integrator fee per recipient, in the named token, and the service fee on the buy token', async () => {
    const r1 = '0x00000000000000000000000000000000000000f1';
    const r2 = '0x00000000000000000000000000000000000000f2';
    const plain = (await svc.get(AH, wethToUsdc())).body;
    const { body } = await svc.get(AH, wethToUsdc({ swapFeeRecipient: `${r1},${r2}`, swapFeeBps: '25,40', swapFeeToken: `${token(1, 'USDC')},${token(1, 'WETH')}` }));
    const fees = body.fees as { integratorFee: Fee; integratorFees: Fee[]; serviceFee: Fee; gasFee: null };
    expect(fees.integratorFees).toHaveLength(2);
    expect(fees.integratorFee).toEqual(fees.integratorFees[0]);
    expect(fees.gasFee).toBeNull();
    const sell = BigInt(body.sellAmount as string);
    expect(fees.integratorFees[1]).toEqual({ amount: ((sell * 40n) / 10_000n).toString(), token: token(1, 'WETH').toLowerCase(), type: 'volume' });
    // buy = gross - service fee (15 bps) - buy-side integrator fee (25 bps): reconstruct gross from the service fee.
    const serviceFee = BigInt(fees.serviceFee.amount);
    const integrator = BigInt(fees.integratorFees[0]!.amount);
    const buy = BigInt(body.buyAmount as string);
    const gross = buy + serviceFee + integrator;
    expect(serviceFee).toBe((gross * 15n) / 10_000n);
    expect(integrator).toBe((gross * 25n) / 10_000n);
    expect(buy).toBeLessThan(BigInt(plain.buyAmount as string));
  });

  it('takes a lower service fee on stable pairs and none on wrap', async () => {
    const stable = (await svc.get(AH, wethToUsdc({ sellToken: token(1, 'USDT'), buyToken: token(1, 'USDC'), sellAmount: '1000000000' }))).body;
    const fee = BigInt((stable.fees as { serviceFee: Fee }).serviceFee.amount);
    expect(fee).toBe(((BigInt(stable.buyAmount as string) + fee) * 5n) / 10_000n);
    const wrap = (await svc.get(AH, { chainId: '1', sellToken: token(1, 'NATIVE'), buyToken: token(1, 'WETH'), sellAmount: '123456789' })).body;
    expect((wrap.fees as { serviceFee: Fee | null }).serviceFee).toBeNull();
    expect(wrap.buyAmount).toBe('123456789');
    expect(wrap.allowanceTarget).toBeNull();
  });

  it('uses the gasPrice parameter and adds an L1 data cost on Base but not on Ethereum', async () => {
    const eth = (await svc.get(AH, wethToUsdc({ gasPrice: '1000000000' }))).body;
    expect(eth.gasPrice).toBe('1000000000');
    expect(BigInt(eth.totalNetworkFee as string)).toBe(BigInt(eth.gas as string) * 1_000_000_000n);
    const base = (await svc.get(AH, { chainId: '8453', sellToken: token(8453, 'WETH'), buyToken: token(8453, 'USDC'), sellAmount: '1000000000000000000' })).body;
    expect(BigInt(base.totalNetworkFee as string)).toBeGreaterThan(BigInt(base.gas as string) * BigInt(base.gasPrice as string));
  });
});

describe('issues from the taker state', () => {
  it('is all clear without a taker and for the funded demo taker', async () => {
    const clear = { allowance: null, balance: null, simulationIncomplete: false, invalidSourcesPassed: [] };
    expect((await svc.get(AH, wethToUsdc())).body.issues).toEqual(clear);
    expect((await svc.get(AH, wethToUsdc({ taker: DEMO_TAKERS.funded }))).body.issues).toEqual(clear);
  });

  it('reports a missing allowance on the model\'s spender', async () => {
    const ah = (await svc.get(AH, wethToUsdc({ taker: DEMO_TAKERS.fundedNoAllowance }))).body;
    expect(ah.issues).toMatchObject({ allowance: { actual: '0', spender: chainById(1)!.allowanceHolder.toLowerCase() }, balance: null });
    const p2 = (await svc.get(P2, wethToUsdc({ taker: DEMO_TAKERS.fundedNoAllowance }))).body;
    expect(p2.issues).toMatchObject({ allowance: { actual: '0', spender: PERMIT2_ADDRESS.toLowerCase() } });
  });

  it('reports a low balance with simulationIncomplete', async () => {
    const { body } = await svc.get(P2, wethToUsdc({ taker: DEMO_TAKERS.lowBalance }));
    expect(body.issues).toMatchObject({ balance: { token: token(1, 'WETH').toLowerCase(), actual: '1000', expected: body.sellAmount }, simulationIncomplete: true, allowance: null });
  });

  it('reports no balance to top up when the taker sells its entire balance, only that the simulation is incomplete', async () => {
    // sellEntireBalance: sellAmount is "the maximum estimate" and the taker sells what it holds. A
    // balance issue there told the client not to quote (Allowance rules 4): a dead end for the flow.
    const entire = (await svc.get(P2, wethToUsdc({ taker: DEMO_TAKERS.lowBalance, sellEntireBalance: 'true' }))).body;
    expect(entire.issues).toEqual({ allowance: null, balance: null, simulationIncomplete: true, invalidSourcesPassed: [] });
    const quote = await svc.get('/swap/allowance-holder/quote', wethToUsdc({ taker: DEMO_TAKERS.lowBalance, sellEntireBalance: 'true' }));
    expect(quote.status).toBe(200);
    expect(quote.body.issues).toMatchObject({ balance: null, simulationIncomplete: true });
    // A taker holding enough is clear; sellEntireBalance=false keeps the balance issue.
    expect((await svc.get(P2, wethToUsdc({ taker: DEMO_TAKERS.funded, sellEntireBalance: 'true' }))).body.issues).toMatchObject({ balance: null, simulationIncomplete: false });
    expect((await svc.get(P2, wethToUsdc({ taker: DEMO_TAKERS.lowBalance, sellEntireBalance: 'false' }))).body.issues).toMatchObject({ balance: { actual: '1000' }, simulationIncomplete: true });
  });

  it('gives any other address the same state every time', async () => {
    const other = '0x1234000000000000000000000000000000005678';
    const a = (await svc.get(AH, wethToUsdc({ taker: other }))).body.issues;
    const b = (await svc.get(AH, wethToUsdc({ taker: other }))).body.issues;
    expect(a).toEqual(b);
  });
});

describe('token metadata and taxes', () => {
  it('reports the taxes of a demo taxed token and buys less of it than an untaxed equivalent', async () => {
    const taxd = DEMO_TAX_TOKENS.find((demo) => demo.chainId === 1 && demo.symbol === 'TAXD')!;
    const { body } = await svc.get(AH, wethToUsdc({ buyToken: taxd.address, sellAmount: '1000000000000000000' }));
    expect(body.tokenMetadata).toEqual({
      buyToken: { buyTaxBps: '300', sellTaxBps: '500', transferTaxBps: '100' },
      sellToken: { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' },
    });
  });

  it('reports unknown taxes as null for bridged tokens', async () => {
    const { body } = await svc.get(AH, { chainId: '43114', sellToken: chainById(43114)!.wrappedNative!, buyToken: token(43114, 'WETH.e'), sellAmount: '1000000000000000000' });
    expect(body.tokenMetadata).toEqual({ buyToken: { buyTaxBps: null, sellTaxBps: null, transferTaxBps: null }, sellToken: { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' } });
  });
});

describe('exact out on Allowance Holder', () => {
  it('sells what it takes to buy exactly buyAmount', async () => {
    const { body } = await svc.get(AH, { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), buyAmount: '2000000000000000000' });
    expect(body.buyAmount).toBe('2000000000000000000');
    const sell = BigInt(body.estimatedNetSellAmount as string);
    const back = (await svc.get(AH, { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: sell.toString() })).body;
    expect(BigInt(back.buyAmount as string)).toBeGreaterThanOrEqual(2_000_000_000_000_000_000n);
    expect(BigInt(back.buyAmount as string) - 2_000_000_000_000_000_000n).toBeLessThan(2_000_000_000_000_000_000n / 10_000n);
  });

  it('finds the least sell amount when one unit of the sell token buys more than a millionth of buyAmount (WBTC for USDC)', async () => {
    // A satoshi buys about 1,000 units of USDC: the search alternated between one satoshi short
    // and one over, ended short and answered liquidityAvailable false for 100 and 535 USDC.
    const pair = { chainId: '1', sellToken: token(1, 'WBTC'), buyToken: token(1, 'USDC') };
    for (const buyAmount of [100_000_000n, 535_000_000n, 1_000_000_000n, 5_000_000_000n]) {
      const { body } = await svc.get(AH, { ...pair, buyAmount: buyAmount.toString() });
      expect(body.liquidityAvailable, `${buyAmount}`).toBe(true);
      const sell = BigInt(body.estimatedNetSellAmount as string);
      const bought = async (sellAmount: bigint) => BigInt((await svc.get(AH, { ...pair, sellAmount: sellAmount.toString() })).body.buyAmount as string);
      expect(await bought(sell), `${buyAmount}`).toBeGreaterThanOrEqual(buyAmount);
      expect(await bought(sell - 1n), `${buyAmount}`).toBeLessThan(buyAmount);
    }
  });

  it('sells one base unit for a buy worth less than one unit of the sell token, as selling that unit shows it can', async () => {
    // The search started from the sell amount the buy is worth, which rounded down to 0 base
    // units, and stopped there: 1 wei of WETH for USDC was answered liquidityAvailable false
    // while selling 1 unit of USDC (exact in) buys hundreds of millions of wei.
    for (const [sell, buy] of [['USDC', 'WETH'], ['WBTC', 'USDC']] as const) {
      const pair = { chainId: '1', sellToken: token(1, sell), buyToken: token(1, buy) };
      const oneUnit = (await svc.get(AH, { ...pair, sellAmount: '1' })).body;
      expect(oneUnit.liquidityAvailable, `${sell} -> ${buy}`).toBe(true);
      for (const buyAmount of ['1', (BigInt(oneUnit.buyAmount as string) / 2n).toString()]) {
        const { body } = await svc.get(AH, { ...pair, buyAmount });
        expect(body.liquidityAvailable, `${sell} -> ${buy}, buyAmount ${buyAmount}`).toBe(true);
        expect(body.buyAmount).toBe(buyAmount);
        expect(body.estimatedNetSellAmount, `${sell} -> ${buy}, buyAmount ${buyAmount}`).toBe('1');
        expect(BigInt(body.maxSellAmount as string)).toBeGreaterThanOrEqual(1n);
      }
    }
  });

  it('buys one base unit that a unit or two of the sell token buy nothing of once fees and rounding are taken', async () => {
    // One unit of USDC buys 0 of USDT after the pool and service fees are taken and rounded down,
    // and a few wei of DAI buy no TAXD after its taxes: the search stopped at the first amount that
    // bought nothing and answered liquidityAvailable false, where a few more units buy it.
    const taxd = DEMO_TAX_TOKENS.find((demo) => demo.chainId === 1 && demo.symbol === 'TAXD')!.address;
    for (const [sellToken, buyToken, label] of [[token(1, 'USDC'), token(1, 'USDT'), 'USDC -> USDT'], [token(1, 'DAI'), taxd, 'DAI -> TAXD']] as const) {
      const pair = { chainId: '1', sellToken, buyToken };
      const { body } = await svc.get(AH, { ...pair, buyAmount: '1' });
      expect(body.liquidityAvailable, label).toBe(true);
      const sell = BigInt(body.estimatedNetSellAmount as string);
      const bought = (await svc.get(AH, { ...pair, sellAmount: sell.toString() })).body;
      expect(BigInt(bought.buyAmount as string), label).toBeGreaterThanOrEqual(1n);
    }
  });

  it('reaches a buy deep into the price impact that selling 10,000 WETH on thin Optimism shows it can', async () => {
    // Each proportional step undershot where the output bends, and 10 rounds ended short of 90 %.
    const pair = { chainId: '10', sellToken: token(10, 'WETH'), buyToken: token(10, 'USDC') };
    const reached = BigInt((await svc.get(AH, { ...pair, sellAmount: '10000000000000000000000' })).body.buyAmount as string);
    const { body } = await svc.get(AH, { ...pair, buyAmount: ((reached * 9n) / 10n).toString() });
    expect(body.liquidityAvailable).toBe(true);
    expect(BigInt(body.estimatedNetSellAmount as string)).toBeLessThan(10_000_000_000_000_000_000_000n);
  });
});

describe('determinism', () => {
  it('gives the same answer for the same seed and clock, and a different one for another seed', async () => {
    const twin = await startTestService({ now: () => FIXED_NOW, seed: 11 });
    const other = await startTestService({ now: () => FIXED_NOW, seed: 12 });
    try {
      const query = wethToUsdc({ sellAmount: '300000000000000000000', taker: DEMO_TAKERS.funded });
      const strip = (body: Record<string, unknown>): Record<string, unknown> => ({ ...body, zid: undefined });
      const a = strip((await svc.get(AH, query)).body);
      expect(strip((await twin.get(AH, query)).body)).toEqual(a);
      expect(strip((await other.get(AH, query)).body).buyAmount).not.toEqual(a.buyAmount);
    } finally {
      await twin.stop();
      await other.stop();
    }
  });

  it('advances blockNumber and moves prices with the clock', async () => {
    let now = FIXED_NOW;
    const moving = await startTestService({ now: () => now, seed: 11 });
    try {
      const first = (await moving.get(AH, wethToUsdc())).body;
      now += 120_000;
      const later = (await moving.get(AH, wethToUsdc())).body;
      expect(BigInt(later.blockNumber as string) - BigInt(first.blockNumber as string)).toBe(10n);
      expect(later.buyAmount).not.toBe(first.buyAmount);
    } finally {
      await moving.stop();
    }
  });
});
