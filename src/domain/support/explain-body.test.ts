import { describe, expect, it } from 'vitest';
import { Market, priceQuery } from '../../service/index.ts';
import { FIXED_NOW, token } from '../../service/test-fixtures.ts';
import { formatWithSymbol } from '../number-format.ts';
import { parseUnits } from 'viem';
import { explainBody } from './explain-body.ts';

/** The explainer over bodies the local service really answers (in process, no server). */

function body(id: 'allowance-holder.price' | 'allowance-holder.quote', query: Record<string, string>): Record<string, unknown> {
  const result = priceQuery(new Market(1), id, { chainId: '1', ...query }, { nowMs: FIXED_NOW });
  if (!result.ok) throw new Error(`${id}: ${result.name} ${result.message}`);
  return result.body;
}

describe('explainBody: price and quote answers', () => {
  it('names the tokens of an exact-in answer from route.tokens and gives its sell amount as spent', () => {
    const price = body('allowance-holder.price', { sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000' });
    expect(explainBody(price).summary).toBe(`A price: sells 1000000000 base units of USDC for ${String(price.buyAmount)} base units of WETH.`);
  });

  it('names the tokens of an exact-out answer from routes.forward and gives maxSellAmount as "at most"', () => {
    const quote = body('allowance-holder.quote', { sellToken: token(1, 'WETH'), buyToken: token(1, 'USDC'), buyAmount: '1500000000', taker: '0xde30000000000000000000000000000000000001' });
    expect(quote.mode).toBe('exact-out');
    expect(quote.route).toBeUndefined();
    const explained = explainBody(quote);
    expect(explained.kind).toBe('quote');
    expect(explained.summary).toBe(`A quote: sells at most ${String(quote.maxSellAmount)} base units of WETH for exactly 1500000000 base units of USDC.`);
    // What it is expected to spend, as History's 'Estimated net sell amount', read on its chain too.
    const net = String(quote.estimatedNetSellAmount);
    expect(BigInt(net)).toBeLessThan(BigInt(String(quote.maxSellAmount)));
    expect(explained.facts?.find((fact) => fact.label === 'estimated net sell')?.value).toBe(`${net} base units of WETH`);
    expect(explainBody(quote, 1).facts?.find((fact) => fact.label === 'estimated net sell')?.value).toBe(`${formatWithSymbol(net, { decimals: 18, symbol: 'WETH' })} (${net} base units)`);
  });

  it("says a native sell's 0xeeee… is the native-asset placeholder and names no token while the chain is not named", () => {
    // The route names the wrapped token (WMATIC), so nothing in the body names 0xeeee…: read alone, the
    // summary said 'sells 1000… base units of 0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'.
    const quote = body('allowance-holder.quote', { chainId: '137', sellToken: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', buyToken: token(137, 'USDC'), sellAmount: '1000000000000000000000', taker: '0xde30000000000000000000000000000000000001' });
    expect(explainBody(quote).summary).toBe(`A quote: sells 1000000000000000000000 base units of 0xeeee…eeee (the native-asset placeholder; the chain is not known, so no token can be named) for ${String(quote.buyAmount)} base units of USDC.`);
    expect(explainBody(quote, 137).summary).toMatch(/^A quote: sells 1,000 POL \(1000000000000000000000 base units\) for /);
    // Tempo has no native token: "the native token" named one it has not.
    expect(explainBody(quote, 4217).summary).toMatch(/^A quote: sells 1000000000000000000000 base units of 0xeeee…eeee \(the native-asset placeholder; Tempo has no native token\) for /);
  });

  it("explains a native sell's placeholder once in the view, not again in the tax and issue lines", () => {
    // A taker holding 1,000 base units: the issue line named 0xeeee… twice, each with the summary's
    // whole explanation, and the tax line a third time.
    const quote = body('allowance-holder.quote', { chainId: '137', sellToken: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', buyToken: token(137, 'USDC'), sellAmount: '1000000000000000000000', taker: '0xde30000000000000000000000000000000000003' });
    for (const [chainId, why] of [[undefined, 'the chain is not known, so no token can be named'], [4217, 'Tempo has no native token']] as const) {
      const explained = explainBody(quote, chainId);
      const views = [explained.summary, ...explained.facts!.map((fact) => fact.value)].join('\n');
      expect(views.split(`(the native-asset placeholder; ${why})`)).toHaveLength(2);
      expect(explained.summary).toContain(`0xeeee…eeee (the native-asset placeholder; ${why})`);
      expect(explained.facts!.find((fact) => fact.value.startsWith('balance too low'))?.value).toBe('balance too low: has 1000 base units of 0xeeee…eeee, needs 1000000000000000000000 base units of 0xeeee…eeee');
      expect(explained.facts!.find((fact) => fact.label === 'tax')?.value).toBe('none: 0 bps on 0xeeee…eeee and USDC');
    }
  });

  it('with the chain its request named, reads the amounts in token units, base units beside them', () => {
    const price = body('allowance-holder.price', { sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000' });
    const buy = String(price.buyAmount);
    expect(explainBody(price, 1).summary).toBe(`A price: sells 1,000 USDC (1000000000 base units) for ${formatWithSymbol(buy, { decimals: 18, symbol: 'WETH' })} (${buy} base units).`);
    const quote = body('allowance-holder.quote', { sellToken: token(1, 'WETH'), buyToken: token(1, 'USDC'), buyAmount: '1500000000', taker: '0xde30000000000000000000000000000000000001' });
    expect(explainBody(quote, 1).summary).toMatch(/^A quote: sells at most [\d.]+ WETH \(\d+ base units\) for exactly 1,500 USDC \(1500000000 base units\)\.$/);
    // The most it may spend is rounded up where it is shortened: cut, it would read less than it is.
    const max = String(quote.maxSellAmount);
    const shown = /at most ([\d.]+) WETH/.exec(explainBody(quote, 1).summary ?? '')![1]!;
    expect(parseUnits(shown, 18)).toBeGreaterThanOrEqual(BigInt(max));
    expect(shown.replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(7);
    // On a chain where the addresses are not these tokens, nothing is guessed.
    expect(explainBody(price, 8453).summary).toContain('1000000000 base units of USDC');
  });

  it("says an amount sent as a JSON number past 2^53 was read rounded, never giving the rounded digits as the body's", () => {
    const price = body('allowance-holder.price', { sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000' });
    // A customer's body with its amounts as numbers: JSON.parse keeps 15 to 17 significant digits.
    const buy = String(price.buyAmount);
    const parsed = JSON.parse(JSON.stringify(price).replace(`"buyAmount":"${buy}"`, `"buyAmount":${buy}`)) as Record<string, unknown>;
    expect(typeof parsed.buyAmount).toBe('number');
    const rounded = BigInt(parsed.buyAmount as number).toString();
    expect(rounded).not.toBe(buy);
    for (const chainId of [1, undefined]) {
      const summary = explainBody(parsed, chainId).summary ?? '';
      expect(summary).toContain('sent as a JSON number, so read rounded');
      expect(summary).toContain(`≈${rounded} base units`);
      expect(summary).not.toMatch(new RegExp(`[^≈]${rounded} base units`));
    }
    expect(explainBody(parsed, 1).summary).toMatch(/for ≈0\.\d+ WETH \(sent as a JSON number/);
    // A safe integer is exact, and reads as one.
    expect(explainBody({ ...parsed, buyAmount: 1234567 }, 1).summary).toContain('(1234567 base units)');
  });
});

describe('explainBody: answers of v1, as a customer still on it holds them', () => {
  const v1Price = { chainId: 137, price: '0.00028', guaranteedPrice: '0.000277', sellTokenAddress: '0x2791bca1f2de4661ed88a30c99a7a9449aa84174', buyTokenAddress: '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619', sellAmount: '1000000', buyAmount: '280000000000000', sources: [], allowanceTarget: '0xdef1c0ded9bec7f1a1670819833240f027b25eff' };

  it('names a v1 price as one, with its amounts as given, not as a source list of the service', () => {
    const explained = explainBody(v1Price);
    expect(explained.kind).toBe('unknown');
    expect(explained.summary).toContain(`A v1 price answer: sells ${v1Price.sellAmount} of ${v1Price.sellTokenAddress} for ${v1Price.buyAmount} of ${v1Price.buyTokenAddress}`);
    expect(explained.summary).toContain('Send the corrected v2 request');
    expect(explainBody({ ...v1Price, to: '0xdef1c0ded9bec7f1a1670819833240f027b25eff', data: '0xd9627aa4' }).summary).toMatch(/^A v1 quote answer/);
  });

  it('names a v1 error with its code, reason and each field, where it read as a body the service never sends', () => {
    const explained = explainBody({ code: 100, reason: 'Validation Failed', validationErrors: [{ field: 'sellAmount', code: 1004, reason: 'INSUFFICIENT_ASSET_LIQUIDITY' }] });
    expect(explained.kind).toBe('unknown');
    expect(explained.summary).toMatch(/^A v1 error answer: code 100, Validation Failed; sellAmount: INSUFFICIENT_ASSET_LIQUIDITY \(code 1004\)\. v1 was sunset on 2025-04-11/);
    // A v2 error is still a v2 error, and a v2 source list still one.
    expect(explainBody({ name: 'INPUT_INVALID', message: 'x', data: { zid: '0x1', code: 1 } }).kind).toBe('error');
    expect(explainBody({ sources: ['Uniswap_V3'], zid: '0x1' }).kind).toBe('sources');
  });
});
