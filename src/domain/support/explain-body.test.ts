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
