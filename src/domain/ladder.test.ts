import { describe, expect, it } from 'vitest';
import { findCrossovers, ladderPoints, netFigure, type LadderPointInput, type LadderSide } from './ladder.ts';
import { amountItemsProblem, canonicalAmount, parseAmountList } from './ladder-amounts.ts';
import { crossoverText, netFigureText } from './ladder-text.ts';

// 6-decimal sell token, 18-decimal buy token; net given per whole unit sold in 1e-6 buy units.
function side(netPerUnitMicro: number | null, state: LadderSide['state'] = 'ok', size = 1): LadderSide {
  const net = netPerUnitMicro === null ? null : BigInt(netPerUnitMicro) * 10n ** 12n * BigInt(size);
  return { state, buyAmount: net === null ? (state === 'ok' ? 5n * 10n ** 18n : null) : net + 1000n, netBuyAmount: net, errorName: state === 'error' ? 'INTERNAL_SERVER_ERROR' : null };
}

function point(size: number, ah: number | null, p2: number | null): LadderPointInput {
  return { size, sellAmount: BigInt(size) * 10n ** 6n, sellDecimals: 6, buyDecimals: 18, allowanceHolder: side(ah, 'ok', size), permit2: side(p2, 'ok', size) };
}

describe('ladder points', () => {
  it('reads net per unit sold and decides the better side exactly on bigint nets', () => {
    const [a, b] = ladderPoints([point(1000, 300, 300), point(100, 290, 295)]);
    expect(a!.size).toBe(100);
    expect(a!.allowanceHolder).toMatchObject({ kind: 'net', perUnit: 0.00029 });
    expect(a!.better).toBe('permit2');
    expect(a!.diffBps).toBeGreaterThan(0);
    expect(b!.better).toBe('tie');
    expect(b!.diffBps).toBe(0);
  });

  it('gives equal buys whose fees cut to the same net to the cheaper network fee, as the single-size table does, not a tie', () => {
    // Both fees came to the same buy-token base units (under one apart): the nets are equal, the fees are not.
    const input = point(100, 300, 300);
    input.allowanceHolder = { ...input.allowanceHolder, totalNetworkFee: 130_000_000_000n };
    input.permit2 = { ...input.permit2, totalNetworkFee: 100_000_000_000n };
    const [priced] = ladderPoints([input]);
    expect(priced!.better).toBe('permit2');
    // Nor is that size listed as tied in the chain's finding.
    const wider = point(1000, 290, 295);
    expect(findCrossovers(ladderPoints([input, wider]))).toMatchObject({ kind: 'none-in-range', better: 'permit2', tied: [] });
    // Equal fees stay a tie.
    input.permit2 = { ...input.permit2, totalNetworkFee: 130_000_000_000n };
    expect(ladderPoints([input])[0]!.better).toBe('tie');
  });

  it('gives no bps difference against a net of zero or below, whose sign would contradict the verdict', () => {
    const [small] = ladderPoints([point(1, -372, -492)]);
    expect(small!.better).toBe('allowance-holder');
    expect(small!.diffBps).toBeNull();
    const [zero] = ladderPoints([point(1, 0, 5)]);
    expect(zero!.better).toBe('permit2');
    expect(zero!.diffBps).toBeNull();
  });

  it('never reads a net below zero as 0 per unit: less than a base unit per unit goes away from zero, as formatBaseUnits does', () => {
    // 10 WETH sold for USDC whose network fee was 3 base units more than the buy: -0.3 base units per WETH.
    const side: LadderSide = { state: 'ok', buyAmount: 1_000_000n, netBuyAmount: -3n, errorName: null };
    const figure = netFigure(side, { sellAmount: 10n * 10n ** 18n, sellDecimals: 18, buyDecimals: 6 });
    expect(figure).toMatchObject({ kind: 'net', net: -3n, perUnitBase: -1n });
    expect(netFigureText(figure, { decimals: 6, symbol: 'USDC' }, { symbol: 'WETH' })).toBe('-0.000001 USDC per WETH net');
  });

  it('keeps a price whose fee was not priced apart from net, and calls nothing better with it', () => {
    const input = point(100, 290, 295);
    input.permit2 = { state: 'ok', buyAmount: 30n * 10n ** 15n, netBuyAmount: null, errorName: null };
    const [only] = ladderPoints([input]);
    expect(only!.permit2).toEqual({ kind: 'fee-not-priced', gross: 30n * 10n ** 15n, grossPerUnit: 0.0003, grossPerUnitBase: 3n * 10n ** 14n });
    expect(only!.better).toBeNull();
    expect(only!.diffBps).toBeNull();
  });

  it('names why a side has no price', () => {
    const at = { sellAmount: 1n, sellDecimals: 0, buyDecimals: 0 };
    expect(netFigure({ state: 'no-liquidity', buyAmount: null, netBuyAmount: null, errorName: null }, at)).toEqual({ kind: 'no-price', reason: 'no liquidity' });
    expect(netFigure({ state: 'error', buyAmount: null, netBuyAmount: null, errorName: 'TOKEN_NOT_SUPPORTED' }, at)).toEqual({ kind: 'no-price', reason: 'TOKEN_NOT_SUPPORTED' });
    expect(netFigure({ state: 'not-requested', buyAmount: null, netBuyAmount: null, errorName: null }, at)).toEqual({ kind: 'no-price', reason: 'not requested' });
    expect(netFigure({ state: 'cancelled', buyAmount: null, netBuyAmount: null, errorName: null }, at)).toEqual({ kind: 'no-price', reason: 'cancelled' });
    expect(netFigure({ state: 'pending', buyAmount: null, netBuyAmount: null, errorName: null }, at)).toEqual({ kind: 'no-price', reason: 'pending' });
    // A size the run never sent because it failed: said with the failure, not as a cancel nobody made.
    expect(netFigure({ state: 'run-failed', buyAmount: null, netBuyAmount: null, errorName: 'NOT_CONFIGURED' }, at)).toEqual({ kind: 'no-price', reason: 'run failed (NOT_CONFIGURED)' });
  });
});

describe('findCrossovers', () => {
  it('says none in range when one model wins at every size', () => {
    const result = findCrossovers(ladderPoints([point(100, 290, 280), point(1000, 300, 299), point(10000, 301, 300)]));
    expect(result).toEqual({ kind: 'none-in-range', better: 'allowance-holder', comparable: 3, from: { size: 100, sellAmount: 100_000_000n }, to: { size: 10000, sellAmount: 10_000_000_000n }, tied: [] });
  });

  it('finds one flip, interpolated on the log axis between the two sizes', () => {
    // Relative difference -1% at 100 and +1% at 10,000: zero half-way on log10, at 1,000.
    const result = findCrossovers(ladderPoints([point(100, 1000, 990), point(10000, 1000, 1010)]));
    expect(result.kind).toBe('crossovers');
    if (result.kind !== 'crossovers') return;
    expect(result.crossovers).toHaveLength(1);
    expect(result.crossovers[0]).toMatchObject({ from: 'allowance-holder', to: 'permit2', isExact: false, between: [{ size: 100, sellAmount: 100_000_000n }, { size: 10000, sellAmount: 10_000_000_000n }] });
    expect(result.crossovers[0]!.size).toBeCloseTo(1000, 6);
  });

  it('weights the interpolation by how far each side is from a tie', () => {
    // -3% at 10 and +1% at 10,000: three quarters of the way on log10 (3 of 4 decades from 10).
    const result = findCrossovers(ladderPoints([point(10, 1000, 970), point(10000, 1000, 1010)]));
    if (result.kind !== 'crossovers') throw new Error(result.kind);
    expect(result.crossovers[0]!.size).toBeCloseTo(10 ** 3.25, 3);
  });

  it('puts the crossover exactly on a tie point between two different verdicts', () => {
    const result = findCrossovers(ladderPoints([point(100, 1000, 990), point(1000, 1000, 1000), point(10000, 1000, 1010)]));
    if (result.kind !== 'crossovers') throw new Error(result.kind);
    expect(result.crossovers).toEqual([{ size: 1000, from: 'allowance-holder', to: 'permit2', isExact: true, between: [{ size: 1000, sellAmount: 1_000_000_000n }, { size: 1000, sellAmount: 1_000_000_000n }] }]);
  });

  it('treats a tie touched by the same winner on both sides as no flip', () => {
    const result = findCrossovers(ladderPoints([point(100, 1000, 1010), point(1000, 1000, 1000), point(10000, 1000, 1020)]));
    expect(result).toMatchObject({ kind: 'none-in-range', better: 'permit2', tied: [{ size: 1000, sellAmount: 1_000_000_000n }] });
    // The tie is named, not counted as Permit2 giving more.
    expect(crossoverText(result, { decimals: 6, symbol: 'USDC' })).toBe(
      'None in range: Permit2 gives more net at every other size priced on both sides (100 USDC to 10,000 USDC), tied at 1,000 USDC',
    );
  });

  it('finds a flip and a flip back', () => {
    const result = findCrossovers(ladderPoints([point(100, 1000, 990), point(1000, 1000, 1010), point(10000, 1000, 1005), point(100000, 1000, 980)]));
    if (result.kind !== 'crossovers') throw new Error(result.kind);
    expect(result.crossovers.map((item) => [item.from, item.to, item.between.map((at) => at.size)])).toEqual([
      ['allowance-holder', 'permit2', [100, 1000]],
      ['permit2', 'allowance-holder', [10000, 100000]],
    ]);
  });

  it('skips sizes not priced net on both sides, and needs two that are', () => {
    const gap = point(1000, 1000, null);
    expect(findCrossovers(ladderPoints([point(100, 1000, 990), gap, point(10000, 1000, 1010)]))).toMatchObject({ kind: 'crossovers', comparable: 2 });
    expect(findCrossovers(ladderPoints([point(100, 1000, 990), gap]))).toEqual({ kind: 'not-enough', comparable: 1 });
    expect(findCrossovers(ladderPoints([point(100, 1000, 1000), point(1000, 1000, 1000)]))).toMatchObject({ kind: 'none-in-range', better: 'tie' });
  });
});

describe('amount lists', () => {
  it('reads commas or spaces and keeps the items as typed', () => {
    expect(parseAmountList(' 100, 1000 10000,100000 ')).toEqual({ ok: true, amounts: ['100', '1000', '10000', '100000'] });
    expect(parseAmountList('0.5,.25')).toEqual({ ok: true, amounts: ['0.5', '.25'] });
  });

  it('names the item for empty items, non-numbers, zero, duplicates and too many amounts', () => {
    const reason = (text: string) => (parseAmountList(text) as { ok: false; problem: { reason: string } }).problem.reason;
    expect(reason('')).toBe('enter at least one amount');
    expect(reason('100,,1000')).toBe('item 2 is empty');
    expect(reason('100,')).toBe('item 2 is empty');
    expect(reason('100,ten')).toMatch(/^item 2 "ten" is not a number/);
    expect(reason('1,000.5.2')).toMatch(/^item 2 "000.5.2" is not a number/);
    expect(reason('100,0.0')).toBe('item 2 "0.0" must be greater than zero');
    expect(reason('100,1000,1000.00')).toBe('item 3 "1000.00" repeats item 2');
    expect(reason('1 2 3 4 5 6 7 8 9')).toBe('holds 9 amounts; at most 8');
    expect(amountItemsProblem(['1', '2', '3', '4', '5', '6', '7', '8'])).toBeNull();
  });

  it('canonicalises decimals so equal sizes are seen as equal', () => {
    expect(canonicalAmount('0100.500')).toBe('100.5');
    expect(canonicalAmount('.5')).toBe('0.5');
    expect(canonicalAmount('10.')).toBe('10');
  });
});
