import { describe, expect, it } from 'vitest';
import { seriesClass, seriesNumber } from './route-colors.ts';
import { routeChartLayout } from './route-chart-layout.ts';
import { overrideProblems, parseOverride, tokenChoices } from './override-check.ts';
import { whyText, rateText } from './detail-model.ts';
import { ladderCaption, runCaption } from './caption.ts';
import type { LadderStatus } from '../../../src/ipc/channels/ladder.ts';
import { basisText, blocksText, bpsText, netDiffMissingText, noVerdictText, rowFlags, sideProblem } from './table-model.ts';
import { okSide, problemSide, row } from './test-rows.ts';
import type { ModelSideWire, RunStatus } from '../../../src/ipc/channels/compare.ts';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const C = '0x00000000000000000000000000000000000000cc';
const draft = (fields: Partial<{ chainId: number; address: string; decimals: string; symbol: string }>) => ({ chainId: 1, side: 'buy' as const, address: '', decimals: '', symbol: '', ...fields });

describe('routeChartLayout', () => {
  const twoHop = (model: 'allowance-holder' | 'permit2', entryId: number) => ({
    ...okSide(model, 10n ** 18n, entryId),
    fills: [{ from: A, to: B, source: 'RFQ', proportionBps: '10000' }, { from: B, to: C, source: 'Uniswap_V2', proportionBps: '10000' }],
    routeTokens: [{ address: A, symbol: 'USDC' }, { address: B, symbol: 'WETH' }, { address: C, symbol: 'TAXD' }],
  });

  it('keeps a single-hop run as it was: two 12-px bars 14 px apart per chain, 34 px per chain, no hop labels', () => {
    const layout = routeChartLayout([row(1, 'Ethereum', okSide('allowance-holder', 1n, 1), okSide('permit2', 1n, 2), 0, null), row(10, 'Optimism', okSide('allowance-holder', 1n, 3), okSide('permit2', 1n, 4), 0, null)]);
    expect(layout.rows.map((line) => [line.labelY, ...line.lanes.flatMap((lane) => lane.bars.map((bar) => bar.y))])).toEqual([[20, 4, 18], [54, 38, 52]]);
    expect(layout.height).toBe(2 * 34 + 8);
    expect(layout.hopLabelWidth).toBe(0);
    expect(layout.rows[0]!.lanes[0]!.bars[0]!.hop!.parts.map((part) => part.share)).toEqual([1]);
  });

  it('draws one lane per chain for a run of one model: no track for the model not asked', () => {
    const notAsked: ModelSideWire = { ...problemSide('permit2', 'error', 0), state: 'not-requested', entryId: null };
    const layout = routeChartLayout([row(1, 'Ethereum', okSide('allowance-holder', 1n, 1), notAsked, null, null), row(10, 'Optimism', okSide('allowance-holder', 1n, 3), notAsked, null, null)]);
    expect(layout.models).toEqual(['allowance-holder']);
    expect(layout.rows.map((line) => line.lanes.map((lane) => lane.model))).toEqual([['allowance-holder'], ['allowance-holder']]);
    // 12 px bar and 8 px under it per chain, where two lanes took 34.
    expect(layout.rows.map((line) => line.lanes[0]!.bars[0]!.y)).toEqual([4, 24]);
    expect(layout.height).toBe(2 * 20 + 8);
  });

  it('gives each hop of a two-hop route its own named bar, each wholly its own source', () => {
    const layout = routeChartLayout([row(1, 'Ethereum', twoHop('allowance-holder', 1), twoHop('permit2', 2), 0, null)]);
    const [ah, p2] = layout.rows[0]!.lanes;
    expect(ah!.bars.map((bar) => [bar.label, bar.hop!.parts.map((part) => [part.source, part.start, part.share])])).toEqual([
      ['USDC → WETH', [['RFQ', 0, 1]]],
      ['WETH → TAXD', [['Uniswap_V2', 0, 1]]],
    ]);
    // Permit2's bars start below Allowance Holder's, with a wider gap between the two models.
    expect(p2!.bars[0]!.y - ah!.bars[1]!.y).toBeGreaterThan(ah!.bars[1]!.y - ah!.bars[0]!.y);
    expect(layout.hasMultiHop).toBe(true);
    expect(layout.hopLabelWidth).toBeGreaterThan(0);
  });
});

describe('route colours', () => {
  it('numbers a source by its place in the run, not in the route', () => {
    expect(seriesNumber('Uniswap_V3', ['Balancer', 'Uniswap_V3'])).toBe(2);
    // 13 sources in one run (the local service's chains together): 13 different colours.
    const thirteen = Array.from({ length: 13 }, (_, index) => `Source_${String(index).padStart(2, '0')}`);
    expect(new Set(thirteen.map((source) => seriesClass(source, thirteen))).size).toBe(13);
  });
});

describe('override checks', () => {
  it('names the field of a bad address, decimals or a missing decimals for an unknown address', () => {
    expect(overrideProblems(draft({ address: '0x12' }))[0]).toMatchObject({ field: 'Address' });
    expect(overrideProblems(draft({ address: A, decimals: '300' }))[0]).toMatchObject({ field: 'Decimals', message: 'must be a whole number from 0 to 255' });
    expect(overrideProblems(draft({ address: A }))[0]).toMatchObject({ field: 'Decimals', message: expect.stringContaining('not in the token list of Ethereum') });
    expect(overrideProblems(draft({ address: A, decimals: '6' }))).toEqual([]);
    // A chain the app does not list is named as every screen names it (chainName).
    expect(overrideProblems(draft({ address: A, chainId: 999999 }))[0]?.message).toContain('not in the token list of Chain 999999');
    expect(overrideProblems(draft({}))).toEqual([]);
  });

  it('knows the local service\'s demo taxed tokens: decimals and symbol go along untyped', () => {
    const taxd = '0x7a7a000000000000000000000000000000000001';
    expect(overrideProblems(draft({ address: taxd }))).toEqual([]);
    expect(parseOverride(draft({ address: taxd }))).toEqual({ chainId: 1, side: 'buy', address: taxd, decimals: 18, symbol: 'TAXD' });
    expect(tokenChoices(1).map((choice) => choice.label.split(' ')[0])).toEqual(expect.arrayContaining(['ETH', 'WETH', 'USDC', 'TAXD', 'FOTD']));
    expect(tokenChoices(10).some((choice) => choice.label.startsWith('TAXD'))).toBe(false);
  });
});

describe('detail texts', () => {
  it('names the signed columns its bps repeat, so the model that buys more is not read as losing', () => {
    const ah = okSide('allowance-holder', 354_000_000_000_000_000n, 3);
    const p2 = okSide('permit2', 353_900_000_000_000_000n, 4);
    const text = whyText({ ...row(8453, 'Base', ah, p2, -2.82, 'allowance-holder'), netDiffBps: -2.82 });
    expect(text).toBe('Allowance Holder buys 0.0001 WETH more (diff -2.82 bps); the network fees are equal, so Allowance Holder gives more net of fees (net diff -2.82 bps).');
  });

  it('says why the better model won net of fees although the gross amounts are equal', () => {
    const ah = okSide('allowance-holder', 10n ** 18n, 1);
    const p2 = { ...okSide('permit2', 10n ** 18n, 2), networkFeeInBuyToken: '2000000000000', netBuyAmount: (10n ** 18n - 2_000_000_000_000n).toString() };
    const text = whyText({ ...row(1, 'Ethereum', ah, p2, 0, 'allowance-holder'), netDiffBps: -0.01 });
    expect(text).toBe('Both buy the same amount; Permit2\'s network fee costs 0.000001 WETH more, so Allowance Holder gives more net of fees (net diff -0.01 bps).');
  });

  it('says why the model with the cheaper network fee is better when the fee is not priced in the buy token', () => {
    const unpriced = (side: ModelSideWire, fee: string): ModelSideWire => ({ ...side, totalNetworkFee: fee, networkFeeInBuyToken: null, netBuyAmount: null });
    const reason = 'fee not priced: NETWORK for ETH → USDC';
    const fee = {
      ...row(1, 'Ethereum', unpriced(okSide('allowance-holder', 10n ** 18n, 1), '640000000000000'), unpriced(okSide('permit2', 10n ** 18n, 2), '731000000000000'), 0, 'allowance-holder'),
      basis: 'network-fee' as const, networkFeeRate: null, feeNotPriced: reason, netDiffBps: null,
    };
    expect(basisText(fee)).toBe('same buy, lower network fee');
    expect(whyText(fee)).toBe(`Both buy the same amount; Permit2's network fee costs 0.000091 ETH more, so Allowance Holder gives more net of fees at any price of ETH; what the fees are worth in WETH is not known (${reason}).`);
    expect(netDiffMissingText(fee)).toBe(reason);
  });

  it('says the priced fees came to the same base units, not that they are not priced, when the cheaper fee decided equal buys', () => {
    // 1 ETH = 3,500,000 satoshi: fees of 1e11 and 1.3e11 wei are 0.35 and 0.455 satoshi, both cut to 0.
    const priced = (side: ModelSideWire, fee: string): ModelSideWire => ({ ...side, totalNetworkFee: fee, networkFeeInBuyToken: '0', netBuyAmount: side.buyAmount });
    const fee = {
      ...row(42161, 'Arbitrum', priced(okSide('allowance-holder', 10n ** 8n, 1), '100000000000'), priced(okSide('permit2', 10n ** 8n, 2), '130000000000'), 0, 'allowance-holder'),
      buyToken: { address: '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', symbol: 'WBTC', decimals: 8 },
      basis: 'network-fee' as const, networkFeeRate: { buyPerNative: '3500000', source: 'quoted' as const }, feeNotPriced: null, netDiffBps: 0,
    };
    expect(whyText(fee)).toBe("Both buy the same amount; Permit2's network fee costs 0.00000003 ETH more, so Allowance Holder gives more net of fees at any price of ETH; at the run's rate the two fees differ by under one base unit of WBTC, so the two net buys read the same.");
  });

  it('never calls two different network fees equal because they came to the same buy-token base units', () => {
    // 1 ETH = 3,500,000 satoshi: fees of 1e11 and 1.3e11 wei both cut to 0 satoshi; Permit2 buys 1 satoshi more.
    const priced = (side: ModelSideWire, fee: string): ModelSideWire => ({ ...side, totalNetworkFee: fee, networkFeeInBuyToken: '0', netBuyAmount: side.buyAmount });
    const net = {
      ...row(42161, 'Arbitrum', priced(okSide('allowance-holder', 10n ** 8n, 1), '100000000000'), priced(okSide('permit2', 10n ** 8n + 1n, 2), '130000000000'), 0.1, 'permit2'),
      buyToken: { address: '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', symbol: 'WBTC', decimals: 8 },
      networkFeeRate: { buyPerNative: '3500000', source: 'quoted' as const }, feeNotPriced: null, netDiffBps: 0.1,
    };
    expect(whyText(net)).toBe("Permit2 buys 0.00000001 WBTC more (diff +0.10 bps); Permit2's network fee costs 0.00000003 ETH more, under one base unit of WBTC, so Permit2 gives more net of fees (net diff +0.10 bps).");
  });

  it('weighs two Tempo network fees in wei, the unit the spec gives, naming no token the chain does not have', () => {
    const unpriced = (side: ModelSideWire, fee: string): ModelSideWire => ({ ...side, totalNetworkFee: fee, networkFeeInBuyToken: null, netBuyAmount: null });
    const reason = 'fee not priced: the chain has no native asset to price';
    const fee = {
      ...row(4217, 'Tempo', unpriced(okSide('allowance-holder', 10n ** 18n, 1), '412500000000'), unpriced(okSide('permit2', 10n ** 18n, 2), '481250000000'), 0, 'allowance-holder'),
      nativeSymbol: null, basis: 'network-fee' as const, networkFeeRate: null, feeNotPriced: reason, netDiffBps: null,
    };
    expect(whyText(fee)).toBe(`Both buy the same amount; Permit2's network fee costs 68,750,000,000 wei more, so Allowance Holder gives more net of fees at any price of what the fee is paid in; what the fees are worth in WETH is not known (${reason}).`);
  });

  it('names a Tempo fee rate per whole wei with why, never "1 native", a token the chain does not have', () => {
    const tempo = { ...row(4217, 'Tempo', okSide('allowance-holder', 1n, 1), okSide('permit2', 1n, 2), 0, 'allowance-holder'), nativeSymbol: null };
    const why = 'no native token on this chain: the service gives the fee as gas × gas price in wei and names no token it is paid in';
    const rated = (source: 'buy-is-native' | 'sell-is-native' | 'quoted') => ({ ...tempo, networkFeeRate: { buyPerNative: (10n ** 15n).toString(), source } });
    expect(rateText(rated('sell-is-native'))).toBe(`1,000,000,000,000,000,000 wei = 0.001 WETH (from this trade's own price, before integrator fees and the buy token's tax; ${why})`);
    expect(rateText(rated('quoted'))).toBe(`1,000,000,000,000,000,000 wei = 0.001 WETH (indicative price of 100,000,000,000,000,000 wei → WETH, requested once for this run, before the buy token's tax; ${why})`);
    expect(rateText(rated('buy-is-native'))).not.toContain('native =');
  });

  it('says why there is no net difference in bps when Allowance Holder\'s fee costs more than it buys, never "(— bps)"', () => {
    // okSide's fee is 10^12 base units: a buy of 336 nets below zero on both sides.
    const ah = okSide('allowance-holder', 336n, 1);
    const p2 = { ...okSide('permit2', 336n, 2), networkFeeInBuyToken: '2000000000000', netBuyAmount: (336n - 2_000_000_000_000n).toString() };
    const tiny = { ...row(1, 'Ethereum', ah, p2, 0, 'allowance-holder'), netDiffBps: null };
    const reason = "no net difference in bps: Allowance Holder's net buy is not above zero, as its network fee costs more than it buys";
    expect(whyText(tiny)).toBe(`Both buy the same amount; Permit2's network fee costs 0.000001 WETH more, so Allowance Holder gives more net of fees (${reason}).`);
    expect(netDiffMissingText(tiny)).toBe(reason);
    expect(netDiffMissingText({ ...tiny, feeNotPriced: 'fee not priced: no liquidity for ETH → WETH' })).toBe('fee not priced: no liquidity for ETH → WETH');
  });

  it('gives no verdict reason while a side is pending, and names the rate used', () => {
    const pending = { ...problemSide('permit2', 'no-liquidity', 2), state: 'pending' as const };
    expect(whyText(row(1, 'Ethereum', okSide('allowance-holder', 1n, 1), pending, null, null))).toBe('No verdict yet: waiting for both sides.');
    expect(rateText(row(1, 'Ethereum', okSide('allowance-holder', 1n, 1), pending, null, null))).toMatch(/^1 ETH = 1 WETH/);
  });
});

describe('a side that failed', () => {
  it('withholds the verdict and says which model failed, in the row and its detail', () => {
    const failed = row(59144, 'Linea', problemSide('allowance-holder', 'error', 1, 'NETWORK'), okSide('permit2', 10n ** 18n, 2), null, null);
    expect(noVerdictText(failed)).toBe('no verdict: Allowance Holder failed (NETWORK)');
    expect(whyText(failed)).toBe('No verdict: Allowance Holder failed (NETWORK), which says nothing of its price; Permit2 priced alone.');
    const both = row(59144, 'Linea', problemSide('allowance-holder', 'error', 1, 'NETWORK'), problemSide('permit2', 'error', 2, 'TIMEOUT'), null, null);
    expect(noVerdictText(both)).toBe('no verdict: Allowance Holder failed (NETWORK), Permit2 failed (TIMEOUT)');
    // Neither priced, without a failure: as before.
    const neither = row(1, 'Ethereum', problemSide('allowance-holder', 'no-liquidity', 1), problemSide('permit2', 'no-liquidity', 2), null, null);
    expect(noVerdictText(neither)).toBe('neither priced');
    expect(whyText(neither)).toBe('No verdict: neither model has a price.');
  });
});

describe('rowFlags', () => {
  it('flags a tax the service could not determine apart from a tax it reported', () => {
    const base = row(42161, 'Arbitrum', okSide('allowance-holder', 1n, 1), okSide('permit2', 1n, 2), 0, 'tie');
    expect(rowFlags({ ...base, hasTax: false, hasUnknownTax: true }).map((flag) => flag.label)).toEqual(['tax unknown']);
    expect(rowFlags({ ...base, hasTax: true, hasUnknownTax: true }).map((flag) => flag.label)).toEqual(['tax']);
    expect(rowFlags({ ...base, hasTax: false, hasUnknownTax: false })).toEqual([]);
  });
});

describe('blocksText', () => {
  it('says the block both answers priced at, or warns that they differ, and nothing without both', () => {
    expect(blocksText('23234885', '23234885')).toEqual({ text: 'Both answers priced at block 23,234,885.', isSameBlock: true });
    const differ = blocksText('372400000', '372400003');
    expect(differ?.isSameBlock).toBe(false);
    expect(differ?.text).toMatch(/^The answers priced at different blocks \(Allowance Holder 372,400,000, Permit2 372,400,003\): /);
    expect(blocksText('1', undefined)).toBeNull();
    expect(blocksText(null, '1')).toBeNull();
    expect(blocksText('0x10', '16')).toBeNull();
  });
});

describe('bpsText', () => {
  it('shows a difference below 0.005 bps with its own digits, never as 0.00 beside a verdict', () => {
    expect(bpsText(-0.0021)).toBe('-0.0021');
    expect(bpsText(0.0004)).toBe('+0.00040');
    expect(bpsText(0)).toBe('0.00');
    expect(bpsText(9.081)).toBe('+9.08');
    expect(bpsText(-3.1)).toBe('-3.10');
    expect(bpsText(null)).toBe('—');
  });
});

describe('runCaption', () => {
  it('labels the figures with the tokens each chain used, an override\'s symbol included', () => {
    const plain = row(10, 'Optimism', okSide('allowance-holder', 1n, 1), okSide('permit2', 1n, 2), 0, 'tie');
    const taxed = { ...row(1, 'Ethereum', okSide('allowance-holder', 1n, 3), okSide('permit2', 1n, 4), 0, 'tie'), buyToken: { address: A, symbol: 'TAXD', decimals: 18, isOverride: true } };
    const status = { request: { amount: '1000', sell: 'USDC', buy: 'WETH', models: ['allowance-holder', 'permit2'] }, rows: [taxed, plain] } as unknown as RunStatus;
    expect(runCaption(status)).toBe('1,000 sold: USDC → TAXD on Ethereum, address override · USDC → WETH on Optimism');
    expect(runCaption({ ...status, rows: [plain] })).toBe('1,000 USDC → WETH on 1 chain');
    // A run of one model compares nothing, and says which model it priced.
    expect(runCaption({ ...status, rows: [plain], request: { ...status.request, models: ['allowance-holder'] } })).toBe('1,000 USDC → WETH on 1 chain, Allowance Holder only');
  });
});

describe('ladderCaption', () => {
  it('names the pair and every size, each chain once though it has a row per size', () => {
    const optimism = row(10, 'Optimism', okSide('allowance-holder', 1n, 1), okSide('permit2', 1n, 2), 0, 'tie');
    const ethereum = row(1, 'Ethereum', okSide('allowance-holder', 1n, 3), okSide('permit2', 1n, 4), 0, 'tie');
    const status = { request: { amounts: ['1', '10', '1000'], sell: 'USDC', buy: 'WETH', models: ['allowance-holder', 'permit2'] }, rows: [optimism, ethereum, optimism, ethereum] } as unknown as LadderStatus;
    expect(ladderCaption(status)).toBe('USDC → WETH at 1, 10, 1,000 on 2 chains');
    const taxed = { ...ethereum, buyToken: { address: A, symbol: 'TAXD', decimals: 18, isOverride: true } };
    expect(ladderCaption({ ...status, rows: [optimism, taxed] } as unknown as LadderStatus)).toBe('At 1, 10, 1,000: USDC → WETH on Optimism · USDC → TAXD on Ethereum, address override');
  });

  it('says when the ladder asked for one model only, as a comparison\'s caption does', () => {
    const ethereum = row(1, 'Ethereum', okSide('allowance-holder', 1n, 3), okSide('permit2', 1n, 4), 0, 'tie');
    const status = { request: { amounts: ['1', '10'], sell: 'USDC', buy: 'WETH', models: ['permit2'] }, rows: [ethereum] } as unknown as LadderStatus;
    expect(ladderCaption(status)).toBe('USDC → WETH at 1, 10 on 1 chain, Permit2 only');
  });
});

describe('a side a failed run left unanswered', () => {
  // Nobody cancelled it: the cell, the verdict and the detail say the run failed, and at what.
  const left = { ...problemSide('permit2', 'error', 0), state: 'run-failed' as const, entryId: null, errorName: 'NOT_CONFIGURED', errorMessage: 'The API key stored for Local service cannot be sent' };
  const failed = row(10, 'Optimism', okSide('allowance-holder', 10n ** 18n, 1), left, null, null);

  it('reads "run failed (CODE)" in its cell and no verdict for the run failing, never cancelled', () => {
    expect(sideProblem(left)).toBe('run failed (NOT_CONFIGURED)');
    expect(noVerdictText(failed)).toBe('no verdict: run failed');
  });

  it('says in the detail what the run failed at, and that nobody cancelled it', () => {
    expect(whyText(failed)).toBe('No verdict: the run failed (NOT_CONFIGURED: The API key stored for Local service cannot be sent) before both sides were answered; nobody cancelled them.');
  });
});
