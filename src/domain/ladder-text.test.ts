import { describe, expect, it } from 'vitest';
import { findCrossovers, ladderPoints, type LadderPointInput } from './ladder.ts';
import { crossoverText, sizeAxisLabels, sizeText } from './ladder-text.ts';
import { formatBaseUnits } from './units.ts';

const USDC = { decimals: 6, symbol: 'USDC' };

describe('sizeText', () => {
  it('writes a priced size whole, so a figure is never labelled with an amount it was not priced at', () => {
    expect(sizeText(1.23456, USDC)).toBe('1.23456 USDC');
    expect(sizeText(1_234_567.89, USDC)).toBe('1,234,567.89 USDC');
    expect(sizeText(100, USDC)).toBe('100 USDC');
  });

  it('writes a size below a millionth of a token whole too, never as 0 or as the nearest millionth', () => {
    const WETH = { decimals: 18, symbol: 'WETH' };
    expect(sizeText(0.0000001, WETH)).toBe('0.0000001 WETH');
    expect(sizeText(0.0000005, WETH)).toBe('0.0000005 WETH');
    expect(sizeText(0.0000015, WETH)).toBe('0.0000015 WETH');
    expect(sizeText(1.5e-15, WETH)).toBe('0.0000000000000015 WETH');
    expect(sizeText(123_456.789012345, WETH)).toBe('123,456.789012345 WETH');
    expect(sizeText(1e21, WETH)).toBe('1,000,000,000,000,000,000,000 WETH');
    // A crossover between two such sizes reads in their digits, not as "≈ 0 WETH".
    expect(sizeText(3.16227766e-7, WETH, 3)).toBe('0.000000316 WETH');
    const text = crossoverText({ kind: 'crossovers', comparable: 2, crossovers: [{ size: 3.16227766e-7, from: 'allowance-holder', to: 'permit2', isExact: false, between: [{ size: 1e-7, sellAmount: 10n ** 11n }, { size: 0.000001, sellAmount: 10n ** 12n }] }] }, WETH);
    expect(text).toBe('Allowance Holder → Permit2 at ≈ 0.000000316 WETH (between 0.0000001 WETH and 0.000001 WETH)');
  });

  it('rounds only an interpolated size to the significant digits asked', () => {
    expect(sizeText(12_345.678, USDC, 3)).toBe('12,345 USDC');
    expect(sizeText(1.23456, USDC, 3)).toBe('1.23 USDC');
  });

  it('names the priced sizes of a range whole', () => {
    const text = crossoverText({ kind: 'none-in-range', better: 'allowance-holder', comparable: 2, from: { size: 1.23456, sellAmount: 1_234_560n }, to: { size: 1_234_567.89, sellAmount: 1_234_567_890_000n }, tied: [] }, USDC);
    expect(text).toContain('(1.23456 USDC to 1,234,567.89 USDC)');
  });
});

describe('crossoverText: priced sizes whose floats are one number', () => {
  const WETH = { decimals: 18, symbol: 'WETH' };
  // A size as the ladder places it on its axis (a float), and the base units it sold.
  function sized(sellAmount: bigint, decimals: number, ahNet: bigint, p2Net: bigint): LadderPointInput {
    const side = (net: bigint) => ({ state: 'ok' as const, buyAmount: net + 1n, netBuyAmount: net, errorName: null });
    const size = Number(formatBaseUnits(sellAmount, decimals, { grouping: false }));
    return { size, sellAmount, sellDecimals: decimals, buyDecimals: 18, allowanceHolder: side(ahNet), permit2: side(p2Net) };
  }

  it('names each of two sizes a float cannot tell apart by what it sold', () => {
    const million = 10n ** 24n;
    const points = ladderPoints([sized(10n ** 18n, 18, 10n, 9n), sized(million, 18, 10n, 9n), sized(million + 1n, 18, 9n, 10n)]);
    // The premise: both sizes sit at one place on the axis.
    expect(points[1]!.size).toBe(points[2]!.size);
    const text = crossoverText(findCrossovers(points), WETH);
    expect(text).toContain('(between 1,000,000 WETH and 1,000,000.000000000000000001 WETH)');
  });

  it('names a range end and a tie past 2^53 whole tokens as sold, not as the float nearest', () => {
    const USDC_UNIT = 10n ** 6n;
    const tie = 9_007_199_254_740_992n * USDC_UNIT;
    const last = 9_007_199_254_740_993n * USDC_UNIT;
    const points = ladderPoints([sized(USDC_UNIT, 6, 10n, 9n), sized(tie, 6, 10n, 10n), sized(last, 6, 10n, 9n)]);
    expect(points[1]!.size).toBe(points[2]!.size);
    expect(crossoverText(findCrossovers(points), USDC)).toBe(
      'None in range: Allowance Holder gives more net at every other size priced on both sides (1 USDC to 9,007,199,254,740,993 USDC), tied at 9,007,199,254,740,992 USDC',
    );
  });

  it('names an exact tie that flips the verdict by what it sold', () => {
    const million = 10n ** 24n;
    const points = ladderPoints([sized(10n ** 18n, 18, 10n, 9n), sized(million, 18, 10n, 9n), sized(million + 1n, 18, 10n, 10n), sized(2n * million, 18, 9n, 10n)]);
    expect(crossoverText(findCrossovers(points), WETH)).toBe('Allowance Holder → Permit2 at 1,000,000.000000000000000001 WETH (an exact tie there)');
  });

  it('orders two sizes one float cannot tell apart by what they sold, not as they were typed', () => {
    const million = 10n ** 24n;
    // Typed larger first: kept in that order, Permit2 would seem to win at the smaller and lose at the larger.
    const points = ladderPoints([sized(10n ** 18n, 18, 10n, 9n), sized(million + 1n, 18, 9n, 10n), sized(million, 18, 10n, 9n)]);
    expect(points.map((point) => point.sellAmount)).toEqual([10n ** 18n, million, million + 1n]);
    expect(crossoverText(findCrossovers(points), WETH)).toBe('Allowance Holder → Permit2 at ≈ 1,000,000 WETH (between 1,000,000 WETH and 1,000,000.000000000000000001 WETH)');
  });
});

describe('sizeAxisLabels', () => {
  it('gives more digits only to labels that would read as another size', () => {
    expect(sizeAxisLabels([1_000_010n, 1_000_020n, 2_500_000n, 123_456n], 6)).toEqual(['1.00001', '1.00002', '2.5', '0.1234']);
    expect(sizeAxisLabels([123_451n, 123_452n], 6)).toEqual(['0.123451', '0.123452']);
  });

  it('keeps whole digits as they are, so sizes apart in them read apart at 4 significant digits', () => {
    expect(sizeAxisLabels([1_000_000_000_000n, 1_000_400_000_000n, 12_345_000_000n, 12_346_000_000n], 6)).toEqual(['1,000,000', '1,000,400', '12,345', '12,346']);
  });

  it('goes to every decimal the token has where that is what tells two sizes apart', () => {
    expect(sizeAxisLabels([10n ** 24n, 10n ** 24n + 1n], 18)).toEqual(['1,000,000', '1,000,000.000000000000000001']);
  });
});
