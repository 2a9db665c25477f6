import { describe, expect, it } from 'vitest';
import { ladderChains, twoBlockSizes } from './ladder-chains.ts';
import type { LadderRowWire } from '../../../../src/ipc/channels/ladder.ts';
import { BOX, X_LABEL_CHAR, chartModel, significantFor, xLabelRows } from './chart-model.ts';

const USDC = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 };
const WETH = { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', decimals: 18 };

function side(model: 'allowance-holder' | 'permit2', net: string | null, state: LadderRowWire['permit2']['state'] = 'ok', errorName: string | null = null): LadderRowWire['permit2'] {
  return {
    model, state, zid: `0x${model.length}`, errorName, errorMessage: null, buyAmount: net, minBuyAmount: net, integratorFees: [], serviceFee: null, gas: null,
    totalNetworkFee: null, networkFeeInBuyToken: net === null ? null : '0', netBuyAmount: net, entryId: 1, fills: [], routeTokens: [],
  };
}

function row(amountIndex: number, amount: string, ah: string | null, p2: string | null): LadderRowWire {
  return {
    chainId: 1, chainName: 'Ethereum', sellToken: USDC, buyToken: WETH, sellAmount: `${amount}000000`, nativeSymbol: 'ETH', nativeDecimals: 18,
    networkFeeRate: null, allowanceHolder: side('allowance-holder', ah), permit2: p2 === null ? side('permit2', null, 'cancelled') : side('permit2', p2),
    diffBps: null, better: null, basis: null, amount, amountIndex,
  };
}

describe('ladder chart model', () => {
  // Given out of order: the chart sorts by size; Permit2 at 10,000 was cancelled.
  const [chain] = ladderChains([row(1, '10000', '3000000000000000000', null), row(0, '100', '29000000000000000', '30000000000000000'), row(2, '1000', '300000000000000000', '290000000000000000')]);
  const model = chartModel(chain!);

  it('places sizes left to right on a log axis inside the box', () => {
    expect(model.xTicks.map((tick) => tick.size)).toEqual([100, 1000, 10000]);
    const [a, b, c] = model.xTicks.map((tick) => tick.x);
    expect(b! - a!).toBeCloseTo(c! - b!, 6);
    expect(a!).toBeGreaterThan(BOX.left);
    expect(c!).toBeLessThan(BOX.width - BOX.right);
  });

  it('plots only net figures and lists the others as gaps with their reason', () => {
    expect(model.series['allowance-holder']).toHaveLength(3);
    expect(model.series.permit2.map((point) => point.size)).toEqual([100, 1000]);
    expect(model.gaps).toEqual([{ x: model.xTicks[2]!.x, size: 10000, sellAmount: 10_000_000_000n, model: 'permit2', reason: 'cancelled' }]);
  });

  it('marks the crossover between the sizes where the better model flips', () => {
    expect(chain!.crossover.kind).toBe('crossovers');
    expect(model.crossovers).toHaveLength(1);
    expect(model.crossovers[0]!.x).toBeGreaterThan(model.xTicks[0]!.x);
    expect(model.crossovers[0]!.x).toBeLessThan(model.xTicks[1]!.x);
    expect(model.crossovers[0]!.anchor).toBe('middle');
  });

  it('anchors a crossover label near the right edge at its end, so it is not cut', () => {
    // Permit2 is better up to 10,000 and Allowance Holder at 10,001: the crossover sits at the edge.
    const [edge] = ladderChains([row(0, '100', '29000000000000000', '30000000000000000'), row(1, '10000', '2900000000000000000', '3000000000000000000'), row(2, '10001', '3100000000000000000', '2900000000000000000')]);
    const crossovers = chartModel(edge!).crossovers;
    expect(crossovers).toHaveLength(1);
    expect(crossovers[0]!.x).toBeGreaterThan(BOX.width - 44);
    expect(crossovers[0]!.anchor).toBe('end');
  });

  it('puts a crossover label on the second row when it would overlap the one before, by where each spans', () => {
    // Allowance Holder is better up to 10, Permit2 just past 100 at ≈ 98, Allowance Holder again
    // just before 1,000 at ≈ 977: the last label, anchored at its end by the box's edge, reaches
    // back over the one before although their points are more than a label's half apart (seen on
    // Arbitrum: "≈ 90.5 WETH" and "≈ 999 WETH" drawn over each other).
    const [flips] = ladderChains([
      row(0, '1', '1000000', '900000'),
      row(1, '10', '10000000', '9000000'),
      row(2, '100', '100000000', '100100000'),
      row(3, '1000', '1000000000', '999990000'),
    ]);
    const [first, second] = chartModel(flips!).crossovers;
    expect(second!.anchor).toBe('end');
    expect(first!.anchor).toBe('middle');
    expect(second!.x - first!.x).toBeGreaterThan(80);
    // Where each is drawn: a centred label spans 44 px either side, an end-anchored one 88 px to its left.
    expect(second!.x - 88).toBeLessThan(first!.x + 44);
    expect([first!.row, second!.row]).toEqual([0, 1]);
  });

  it('gives the y labels enough digits to tell close ticks apart', () => {
    expect(significantFor([0.00035255, 0.00035258, 0.00035261])).toBeGreaterThanOrEqual(6);
    expect(significantFor([1, 2, 3])).toBe(4);
  });
});

describe('twoBlockSizes', () => {
  it('names the sizes whose two answers priced at different blocks, smallest first, and no size where one is missing or both match', () => {
    const at = (amountIndex: number, amount: string, ah: string | undefined, p2: string | undefined): LadderRowWire => {
      const base = row(amountIndex, amount, '29000000000000000', '30000000000000000');
      return { ...base, allowanceHolder: { ...base.allowanceHolder, blockNumber: ah }, permit2: { ...base.permit2, blockNumber: p2 } };
    };
    const [chain] = ladderChains([at(0, '1000', '100', '101'), at(1, '100', '99', '98'), at(2, '10', '97', '97'), at(3, '10000', '102', undefined)]);
    expect(twoBlockSizes(chain!)).toEqual([100_000_000n, 1_000_000_000n]);
  });
});

describe('ladderChains of two sizes one float cannot tell apart', () => {
  it('orders them by what they sold, each point with its own row, whatever order they were typed in', () => {
    // 1,000,000.000000000000000001 and 1,000,000 WETH, typed in that order.
    const weth = (amountIndex: number, amount: string, sellAmount: bigint, ah: string, p2: string): LadderRowWire => ({ ...row(amountIndex, amount, ah, p2), sellToken: WETH, buyToken: USDC, sellAmount: sellAmount.toString() });
    const million = 10n ** 24n;
    const [chain] = ladderChains([weth(0, '1000000.000000000000000001', million + 1n, '3000', '3001'), weth(1, '1000000', million, '3001', '3000')]);
    expect(chain!.points.map((point) => [point.sellAmount, point.row.amountIndex])).toEqual([[million, 1], [million + 1n, 0]]);
    // The figures at each point are its own row's: Allowance Holder better at 1,000,000, Permit2 past it.
    expect(chain!.points.map((point) => point.better)).toEqual(['allowance-holder', 'permit2']);
  });
});

describe('xLabelRows', () => {
  it('keeps labels that clear each other on one row, and puts one that would overlap its neighbour a row lower', () => {
    // Eight sizes over seven decades: 52 px apart, "1,000,000" and "10,000,000" 63 and 70 px wide.
    const labels = ['1', '10', '100', '1,000', '10,000', '100,000', '1,000,000', '10,000,000'];
    const ticks = labels.map((_, index) => ({ x: 78 + index * 52 }));
    const rows = xLabelRows(ticks, labels);
    expect(rows).toEqual([0, 0, 0, 0, 0, 0, 1, 0]);
    // No two labels on one row overlap.
    const spans = labels.map((label, index) => ({ row: rows[index], from: ticks[index]!.x - (X_LABEL_CHAR * label.length) / 2, to: ticks[index]!.x + (X_LABEL_CHAR * label.length) / 2 }));
    for (const a of spans) for (const b of spans) if (a !== b && a.row === b.row) expect(a.to <= b.from || b.to <= a.from).toBe(true);
  });

  it('places by position, not by the order the sizes were given, and uses a third row when two are not enough', () => {
    expect(xLabelRows([{ x: 300 }, { x: 100 }], ['1,000', '10'])).toEqual([0, 0]);
    expect(xLabelRows([{ x: 100 }, { x: 104 }, { x: 108 }], ['100', '110', '120'])).toEqual([0, 1, 2]);
  });
});

describe('ladder chart gaps while a rate is asked', () => {
  it('gives a net not yet priced because the chain\'s rate has not answered as pending, not as not priced', () => {
    const base = row(0, '100', '29000000000000000', '30000000000000000');
    const waiting = { ...base, allowanceHolder: { ...base.allowanceHolder, netBuyAmount: null, networkFeeInBuyToken: null }, feeNotPriced: null };
    const model = chartModel(ladderChains([waiting])[0]!);
    expect(model.gaps.map((gap) => gap.reason)).toEqual(['network fee rate pending']);
  });
});
