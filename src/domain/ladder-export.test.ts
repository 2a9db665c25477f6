import { describe, expect, it } from 'vitest';
import type { ComparisonRow, ModelSide } from './compare.ts';
import { LADDER_CSV_COLUMNS, LADDER_JSON_FORMAT, ladderToCsv, ladderToJson, type LadderExportChain } from './ladder-export.ts';

const USDC = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 };
const WETH = { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', decimals: 18 };

function side(model: ModelSide['model'], net: bigint | null, zid: string, feePriced = true): ModelSide {
  const buy = net === null ? null : net + 10n ** 12n;
  return {
    model, state: net === null ? 'no-liquidity' : 'ok', zid, errorName: null, errorMessage: null, buyAmount: buy, minBuyAmount: buy, integratorFees: [], serviceFee: null,
    gas: 1n, totalNetworkFee: 10n ** 12n, networkFeeInBuyToken: feePriced && net !== null ? 10n ** 12n : null, netBuyAmount: feePriced ? net : null,
  };
}

function row(ah: ModelSide, p2: ModelSide): ComparisonRow {
  const both = ah.netBuyAmount !== null && p2.netBuyAmount !== null;
  return { chainId: 1, allowanceHolder: ah, permit2: p2, diffBps: null, netDiffBps: null, better: both ? (ah.netBuyAmount! > p2.netBuyAmount! ? 'allowance-holder' : 'permit2') : null, basis: both ? 'net' : null };
}

// 100 USDC: AH 0.0300 WETH net, P2 0.0299; 1000 USDC: AH 0.300, P2 0.301 (a flip between).
const chain: LadderExportChain = {
  chainId: 1, chainName: 'Ethereum', sell: USDC, buy: WETH,
  rows: [
    { amount: '100', sellAmount: 100_000_000n, row: row(side('allowance-holder', 30n * 10n ** 15n, '0xa1'), side('permit2', 299n * 10n ** 14n, '0xb1')), feeRate: { source: 'quoted', zid: '0xr1' } },
    { amount: '1000', sellAmount: 1_000_000_000n, row: row(side('allowance-holder', 300n * 10n ** 15n, '0xa2'), side('permit2', 301n * 10n ** 15n, '0xb2')) },
    {
      amount: '10000', sellAmount: 10_000_000_000n, row: row(side('allowance-holder', 3n * 10n ** 18n, '0xa3'), side('permit2', 3n * 10n ** 18n, '0xb3', false)), feeNotPriced: 'fee not priced: no liquidity for ETH → WETH',
      // The taker's balance runs out at this size; the first two sizes come from a ladder saved before issues were kept.
      issues: { allowanceHolder: ['balance', 'simulation-incomplete'], permit2: [] },
      // Priced at two blocks; Permit2 had no answer there.
      blocks: { allowanceHolder: '23234885', permit2: null },
    },
  ],
};

// A CSV line's fields: split at the commas outside quotes (a crossover's text has its own).
const fields = (line: string) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);

describe('size ladder export', () => {
  it('writes one CSV line per chain and size with net per unit, zids and the chain crossover', () => {
    const lines = ladderToCsv([chain]).trim().split('\r\n');
    expect(lines[0]).toBe(LADDER_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    const cell = (line: number, column: string) => lines[line]!.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[LADDER_CSV_COLUMNS.indexOf(column)];
    expect(cell(1, 'amount')).toBe('100');
    expect(cell(1, 'allowance_holder_net_per_unit_sold')).toBe('0.0003');
    expect(cell(1, 'permit2_net_per_unit_sold')).toBe('0.000299');
    expect(cell(1, 'permit2_zid')).toBe('0xb1');
    expect(cell(1, 'better')).toBe('allowance-holder');
    expect(Number(cell(1, 'net_diff_bps_permit2_vs_allowance_holder'))).toBeCloseTo(-33.33, 2);
    // The fee was not priced on Permit2 at 10,000: no net figure and no verdict on that line.
    expect(cell(3, 'permit2_net_per_unit_sold')).toBe('');
    expect(cell(3, 'better')).toBe('');
    expect([cell(1, 'fee_rate_source'), cell(1, 'fee_rate_zid')]).toEqual(['quoted', '0xr1']);
    expect(cell(3, 'fee_not_priced')).toBe('fee not priced: no liquidity for ETH → WETH');
    expect(LADDER_CSV_COLUMNS.slice(-18, -14)).toEqual(['allowance_holder_issues', 'permit2_issues', 'allowance_holder_block', 'permit2_block']);
    expect(LADDER_CSV_COLUMNS.slice(-7)).toEqual(['profile', 'models', 'taker', 'slippage_bps', 'swap_fee_bps', 'swap_fee_recipient', 'run_state']);
    expect([cell(3, 'allowance_holder_block'), cell(3, 'permit2_block'), cell(1, 'allowance_holder_block')]).toEqual(['23234885', '', '']);
    expect([cell(3, 'allowance_holder_issues'), cell(3, 'permit2_issues'), cell(1, 'allowance_holder_issues')]).toEqual(['balance; simulation-incomplete', '', '']);
    expect(cell(1, 'chain_crossover')).toMatch(/^"?Allowance Holder → Permit2 at ≈ [0-9,]+ USDC \(between 100 USDC and 1,000 USDC\)"?$/);
  });

  it('names the profile the ladder priced with on every line and in the JSON', () => {
    const lines = ladderToCsv([chain], { id: 'local', name: 'Local service' }).trim().split('\r\n');
    expect(lines.slice(1).map((line) => fields(line)[LADDER_CSV_COLUMNS.indexOf('profile')])).toEqual(['Local service', 'Local service', 'Local service']);
    const request = { sell: 'USDC', buy: 'WETH', amounts: ['100', '1000', '10000'] };
    expect(JSON.parse(ladderToJson(request, [chain], { id: 'prod', name: 'Production' }))).toMatchObject({ format: LADDER_JSON_FORMAT, profile: { id: 'prod', name: 'Production' } });
  });

  it('says on every line and in the JSON what else the ladder sent: its models, taker, slippage and integrator fee, empty where none was sent', () => {
    const taker = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const sent = { models: ['allowance-holder', 'permit2'], taker, slippageBps: 30, swapFeeBps: 25, swapFeeRecipient: taker };
    const lines = ladderToCsv([chain], undefined, sent).trim().split('\r\n');
    const from = LADDER_CSV_COLUMNS.indexOf('models');
    for (const line of lines.slice(1)) expect(fields(line).slice(from)).toEqual(['allowance-holder; permit2', taker, '30', '25', taker, '']);
    const request = { sell: 'USDC', buy: 'WETH', amounts: ['100', '1000', '10000'] };
    expect(JSON.parse(ladderToJson({ ...request, ...sent }, [chain])).sent).toEqual(sent);
    expect(JSON.parse(ladderToJson({ ...request, models: ['permit2'] }, [chain])).sent).toEqual({ models: ['permit2'], taker: null, slippageBps: null, swapFeeBps: null, swapFeeRecipient: null });
    expect(fields(ladderToCsv([chain], undefined, { models: ['permit2'] }).trim().split('\r\n')[1]!).slice(from)).toEqual(['permit2', '', '', '', '', '']);
  });

  it('calls a model better in the JSON only where the CSV and the table do: on nets priced on both sides', () => {
    // Permit2 has no liquidity at 1,000 USDC, and the fee is not priced at 10,000: the row's own verdicts are 'only-side' and 'gross'.
    const onlyAh = { ...row(side('allowance-holder', 300n * 10n ** 15n, '0xa2'), side('permit2', null, '0xb2')), better: 'allowance-holder' as const, basis: 'only-side' as const };
    const gross = { ...chain.rows[2]!.row, better: 'permit2' as const, basis: 'gross' as const };
    const mixed: LadderExportChain = { ...chain, rows: [chain.rows[0]!, { ...chain.rows[1]!, row: onlyAh }, { ...chain.rows[2]!, row: gross }] };
    const points = (JSON.parse(ladderToJson({ sell: 'USDC', buy: 'WETH', amounts: ['100', '1000', '10000'] }, [mixed])) as { chains: { points: { better: unknown; basis: unknown }[] }[] }).chains[0]!.points;
    expect(points.map((point) => [point.better, point.basis])).toEqual([['allowance-holder', 'net'], [null, null], [null, null]]);
    const lines = ladderToCsv([mixed]).trim().split('\r\n').slice(1);
    expect(lines.map((line) => fields(line)[LADDER_CSV_COLUMNS.indexOf('better')])).toEqual(['allowance-holder', '', '']);
  });

  it('exports the better model of a size whose equal nets the cheaper network fee decided, as the ladder table shows it, on that basis', () => {
    // Equal buys, both fees cut to the same buy-token base units (equal nets), Permit2's fee the lower: compareChain says 'network-fee'.
    const cheaperP2 = { ...side('permit2', 300n * 10n ** 15n, '0xb2'), totalNetworkFee: 10n ** 12n - 1n };
    const byFee = { ...row(side('allowance-holder', 300n * 10n ** 15n, '0xa2'), cheaperP2), better: 'permit2' as const, basis: 'network-fee' as const };
    const decided: LadderExportChain = { ...chain, rows: [{ ...chain.rows[1]!, row: byFee }] };
    const points = (JSON.parse(ladderToJson({ sell: 'USDC', buy: 'WETH', amounts: ['1000'] }, [decided])) as { chains: { points: { better: unknown; basis: unknown }[] }[] }).chains[0]!.points;
    expect(points.map((point) => [point.better, point.basis])).toEqual([['permit2', 'network-fee']]);
    const [line] = ladderToCsv([decided]).trim().split('\r\n').slice(1);
    expect([fields(line!)[LADDER_CSV_COLUMNS.indexOf('better')], fields(line!)[LADDER_CSV_COLUMNS.indexOf('better_basis')]]).toEqual(['permit2', 'network-fee']);
  });

  it('says on every line and in the JSON how far the ladder had got, so one exported while going or cancelled reads as such', () => {
    const request = { sell: 'USDC', buy: 'WETH', amounts: ['100', '1000', '10000'] };
    const lines = ladderToCsv([chain], undefined, undefined, { state: 'running', done: 4, total: 7 }).trim().split('\r\n');
    for (const line of lines.slice(1)) expect(fields(line)[LADDER_CSV_COLUMNS.indexOf('run_state')]).toBe('running: 4/7 requests answered');
    expect(JSON.parse(ladderToJson(request, [chain], undefined, { state: 'cancelled', done: 4, total: 7 })).run).toEqual({ state: 'cancelled', done: 4, total: 7 });
    expect(JSON.parse(ladderToJson(request, [chain])).run).toBeNull();
  });

  it('writes JSON with base-unit strings, the crossover found and its text', () => {
    const parsed = JSON.parse(ladderToJson({ sell: 'USDC', buy: 'WETH', amounts: ['100', '1000', '10000'] }, [chain])) as {
      format: string; chains: { crossover: { kind: string; text: string; crossovers: { from: string; to: string }[] }; points: { amount: string; sellAmount: string; permit2: { netPerUnitSold: string | null; zid: string } }[] }[];
    };
    expect(parsed.format).toBe(LADDER_JSON_FORMAT);
    const [eth] = parsed.chains;
    expect(eth!.crossover).toMatchObject({ kind: 'crossovers', crossovers: [{ from: 'allowance-holder', to: 'permit2' }] });
    expect(eth!.crossover.text).toMatch(/^Allowance Holder → Permit2/);
    // The crossover's priced sizes keep the file's shape: the sizes on the axis, the text naming them as sold.
    expect((eth!.crossover as unknown as { crossovers: { between: unknown }[] }).crossovers[0]!.between).toEqual([100, 1000]);
    expect(eth!.points.map((point) => [point.amount, point.sellAmount, point.permit2.netPerUnitSold, point.permit2.zid])).toEqual([
      ['100', '100000000', '0.000299', '0xb1'],
      ['1000', '1000000000', '0.000301', '0xb2'],
      ['10000', '10000000000', null, '0xb3'],
    ]);
    // Issues by kind; null where not known (a ladder saved before they were kept), never [] that reads as none.
    const issues = (parsed.chains[0]!.points as unknown as { allowanceHolder: { issues: unknown } }[]).map((point) => point.allowanceHolder.issues);
    expect(issues).toEqual([null, null, ['balance', 'simulation-incomplete']]);
    const blocks = (parsed.chains[0]!.points as unknown as { allowanceHolder: { blockNumber: unknown }; permit2: { blockNumber: unknown } }[]).map((point) => [point.allowanceHolder.blockNumber, point.permit2.blockNumber]);
    expect(blocks).toEqual([[null, null], [null, null], ['23234885', null]]);
  });
});

describe('size ladder export of a size with many decimals', () => {
  it('names the priced sizes of its crossover finding as they were sold, in the CSV and the JSON', () => {
    const many: LadderExportChain = {
      chainId: 1, chainName: 'Ethereum', sell: WETH, buy: USDC,
      rows: [
        { amount: '0.123456789012345678', sellAmount: 123_456_789_012_345_678n, row: row(side('allowance-holder', 414_114_725n, '0xa1'), side('permit2', 413_865_181n, '0xb1')) },
        { amount: '1', sellAmount: 10n ** 18n, row: row(side('allowance-holder', 3_364_959_851n, '0xa2'), side('permit2', 3_364_710_307n, '0xb2')) },
      ],
    };
    // A float reads the first back as 0.12345678901234568 WETH: more than was sold.
    const range = '(0.123456789012345678 WETH to 1 WETH)';
    expect(ladderToCsv([many])).toContain(range);
    const crossover = JSON.parse(ladderToJson({ sell: 'WETH', buy: 'USDC', amounts: ['0.123456789012345678', '1'] }, [many])).chains[0].crossover;
    expect(crossover.text).toContain(range);
    expect([crossover.from, crossover.to, crossover.tied]).toEqual([0.12345678901234568, 1, []]);
  });
});
