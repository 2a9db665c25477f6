import { describe, expect, it } from 'vitest';
import { formatUnits } from 'viem';
import { Permit2PriceResponseSchema, type LiquidPrice } from '../spec/index.ts';
import { permit2PriceBody } from '../spec/test-fixtures.ts';
import { compareChain } from './compare.ts';
import { COMPARISON_CSV_COLUMNS, COMPARISON_JSON_FORMAT, comparisonToCsv, comparisonToJson, csvField, type ExportRow } from './compare-export.ts';

// An RFC 4180 reader written for the test, independent of the writer.
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

const ahBody = Permit2PriceResponseSchema.parse({ ...permit2PriceBody(), buyAmount: '1000500000', zid: '0xaaaaaaaaaaaaaaaaaaaaaaaa' }) as LiquidPrice;
const items: ExportRow[] = [
  {
    row: compareChain({
      chainId: 1,
      allowanceHolder: { status: 'ok', body: ahBody },
      permit2: { status: 'error', error: { name: 'INPUT_INVALID', message: 'bad "taker", see docs\nline 2', zid: '0xbbbbbbbbbbbbbbbbbbbbbbbb' } },
    }),
    chainName: 'Ethereum, mainnet',
    buyDecimals: 6,
    nativeDecimals: 18,
    sellSymbol: 'WETH',
    buySymbol: 'USDC',
    buyAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    sellAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    sellDecimals: 18,
    sellAmount: '1500000000000000000',
    buyPerNative: null,
    hasTax: true,
    issues: { allowanceHolder: ['allowance', 'balance'], permit2: [] },
    blocks: { allowanceHolder: ahBody.blockNumber, permit2: null },
  },
];
// A row from a run saved before taxes, issues and blocks were kept: not known, which is not "none".
const older: ExportRow = { ...items[0]!, hasTax: undefined, issues: undefined, blocks: undefined, sellAddress: undefined, sellDecimals: undefined, sellAmount: undefined, rateSource: undefined, rateZid: undefined };

describe('comparisonToCsv', () => {
  it('writes a header and one row per chain that a CSV reader gets back field for field', () => {
    const [header, row, ...rest] = readCsv(comparisonToCsv(items));
    expect(rest).toEqual([]);
    expect(header).toEqual(COMPARISON_CSV_COLUMNS);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('chain_name')).toBe('Ethereum, mainnet');
    expect(cell('allowance_holder_buy_amount')).toBe('1000.5');
    expect(cell('allowance_holder_buy_amount_base_units')).toBe('1000500000');
    expect(cell('buy_symbol')).toBe('USDC');
    expect(cell('net_diff_bps_permit2_vs_allowance_holder')).toBe('');
    expect(cell('allowance_holder_zid')).toBe(ahBody.zid);
    expect(cell('allowance_holder_total_network_fee_native')).toBe(formatUnits(BigInt(ahBody.totalNetworkFee as string), 18));
    expect(cell('permit2_state')).toBe('error');
    expect(cell('permit2_error_name')).toBe('INPUT_INVALID');
    expect(cell('permit2_zid')).toBe('0xbbbbbbbbbbbbbbbbbbbbbbbb');
    expect(cell('better')).toBe('allowance-holder');
    expect(cell('has_tax')).toBe('true');
    expect(cell('allowance_holder_issues')).toBe('allowance; balance');
    expect(cell('permit2_issues')).toBe('');
    expect(cell('allowance_holder_block')).toBe(ahBody.blockNumber);
    expect(cell('permit2_block')).toBe('');
    // The trade asked, not only what came back: the sell token's address and the amount both ways.
    expect(cell('sell_token')).toBe('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2');
    expect(cell('sell_amount')).toBe('1.5');
    expect(cell('sell_amount_base_units')).toBe('1500000000000000000');
  });

  it('adds later columns after every column it had, so earlier columns keep their place', () => {
    expect(COMPARISON_CSV_COLUMNS.slice(-27)).toEqual([
      'has_tax', 'allowance_holder_issues', 'permit2_issues', 'allowance_holder_block', 'permit2_block', 'sell_token', 'sell_amount', 'sell_amount_base_units', 'buy_per_native_source', 'buy_per_native_zid',
      'sell_token_buy_tax_bps', 'sell_token_sell_tax_bps', 'sell_token_transfer_tax_bps', 'buy_token_buy_tax_bps', 'buy_token_sell_tax_bps', 'buy_token_transfer_tax_bps', 'fee_not_priced', 'net_diff_not_taken', 'native_symbol', 'profile',
      'models', 'taker', 'slippage_bps', 'swap_fee_bps', 'swap_fee_recipient', 'total_network_fee_native_not_given', 'run_state',
    ]);
    expect(COMPARISON_CSV_COLUMNS.indexOf('permit2_net_buy_amount_base_units')).toBe(COMPARISON_CSV_COLUMNS.length - 28);
    const [header, row] = readCsv(comparisonToCsv([older]));
    expect(row!.slice(header!.indexOf('has_tax'))).toEqual(Array.from({ length: 27 }, () => ''));
  });

  it('says on every line and in the JSON how far the run had got: an export of a run still going or cancelled is not read as a whole run', () => {
    const [header, line] = readCsv(comparisonToCsv(items, undefined, undefined, { state: 'running', done: 5, total: 13 }));
    expect(line![header!.indexOf('run_state')]).toBe('running: 5/13 requests answered');
    const [, cancelled] = readCsv(comparisonToCsv(items, undefined, undefined, { state: 'cancelled', done: 3, total: 13 }));
    expect(cancelled![header!.indexOf('run_state')]).toBe('cancelled: 3/13 requests answered');
    expect(JSON.parse(comparisonToJson(items, undefined, undefined, { state: 'done', done: 13, total: 13 })).run).toEqual({ state: 'done', done: 13, total: 13 });
    expect(JSON.parse(comparisonToJson(items)).run).toBeNull();
  });

  it('says on every line and in the JSON what else the run sent: its models, taker, slippage and integrator fee, empty where none was sent', () => {
    // The min buys are after this slippage and the buys after this fee: taken once the form had
    // moved on, an export without them could not say what its figures answer.
    const taker = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const sent = { models: ['allowance-holder', 'permit2'], taker, slippageBps: 30, swapFeeBps: 25, swapFeeRecipient: taker };
    const [header, line] = readCsv(comparisonToCsv(items, { id: 'local', name: 'Local service' }, sent));
    const cell = (name: string) => line![header!.indexOf(name)];
    expect([cell('models'), cell('taker'), cell('slippage_bps'), cell('swap_fee_bps'), cell('swap_fee_recipient')]).toEqual(['allowance-holder; permit2', taker, '30', '25', taker]);
    expect(JSON.parse(comparisonToJson(items, undefined, sent)).sent).toEqual(sent);
    // Nothing sent but the model: the service's defaults applied, which the cells and null say.
    const [, bare] = readCsv(comparisonToCsv(items, undefined, { models: ['permit2'] }));
    expect(bare!.slice(header!.indexOf('models'))).toEqual(['permit2', '', '', '', '', '', '']);
    expect(JSON.parse(comparisonToJson(items, undefined, { models: ['permit2'] })).sent).toEqual({ models: ['permit2'], taker: null, slippageBps: null, swapFeeBps: null, swapFeeRecipient: null });
  });

  it('names the profile the run priced with on every line and in the JSON, so a sandbox run is not read as the service\'s', () => {
    const [header, row] = readCsv(comparisonToCsv(items, { id: 'local', name: 'Local service' }));
    expect(row![header!.indexOf('profile')]).toBe('Local service');
    // A profile deleted since the run: its id, the one thing still known of it.
    const [, gone] = readCsv(comparisonToCsv(items, { id: '3f0c9a1e', name: null }));
    expect(gone![header!.indexOf('profile')]).toBe('3f0c9a1e');
    expect(JSON.parse(comparisonToJson(items, { id: 'prod', name: 'Production' }))).toMatchObject({ format: COMPARISON_JSON_FORMAT, profile: { id: 'prod', name: 'Production' } });
  });

  it('quotes commas, quotes and line breaks, and defuses formulas but not negative numbers', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('x\ny')).toBe('"x\ny"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(null)).toBe('');
    // Text that only looks like a number in exponent form is still defused; a number is not.
    expect(csvField('-1e3+A1')).toBe(`'-1e3+A1`);
  });

  it('writes a bps difference too small for plain notation as the number the JSON holds, not as defused text', () => {
    // Same gross buy, network fees one buy-token base unit apart: the net difference (-2.8e-14 bps)
    // decides the verdict, and JavaScript writes it in exponent form.
    const price = (totalNetworkFee: string, zid: string) => Permit2PriceResponseSchema.parse({ ...permit2PriceBody(), buyAmount: '360065000000000000', totalNetworkFee, zid }) as LiquidPrice;
    const row = compareChain({
      chainId: 10,
      allowanceHolder: { status: 'ok', body: price('100', '0xaaaaaaaaaaaaaaaaaaaaaaaa') },
      permit2: { status: 'ok', body: price('101', '0xbbbbbbbbbbbbbbbbbbbbbbbb') },
      nativeToBuy: { buyPerNative: 1n, nativeDecimals: 0 },
    });
    expect(row.better).toBe('allowance-holder');
    const item: ExportRow = { row, chainName: 'OP Mainnet', buyDecimals: 18, nativeDecimals: 18 };
    const [header, line] = readCsv(comparisonToCsv([item]));
    const json = (JSON.parse(comparisonToJson([item])) as { rows: { netDiffBps: number }[] }).rows[0]!.netDiffBps;
    expect(json).toBeLessThan(0);
    expect(String(json)).toContain('e-');
    expect(Number(line![header!.indexOf('net_diff_bps_permit2_vs_allowance_holder')])).toBe(json);
  });
});

describe('comparisonToJson', () => {
  it('writes amounts as base-unit strings with their decimals and keeps zids', () => {
    const parsed = JSON.parse(comparisonToJson(items));
    expect(parsed.format).toBe(COMPARISON_JSON_FORMAT);
    const row = parsed.rows[0];
    expect(row.buyDecimals).toBe(6);
    expect(BigInt(row.allowanceHolder.buyAmount)).toBe(BigInt(ahBody.buyAmount));
    expect(row.allowanceHolder.zid).toBe(ahBody.zid);
    expect(row.permit2.zid).toBe('0xbbbbbbbbbbbbbbbbbbbbbbbb');
    expect(row.permit2.errorMessage).toContain('line 2');
    expect(row.hasTax).toBe(true);
    expect(row.issues).toEqual({ allowanceHolder: ['allowance', 'balance'], permit2: [] });
    // Not known (an older run) is null, never an empty list that would read as "none reported".
    const before = JSON.parse(comparisonToJson([older])).rows[0];
    expect([before.hasTax, before.issues, before.blocks]).toEqual([null, { allowanceHolder: null, permit2: null }, { allowanceHolder: null, permit2: null }]);
    expect(row.blocks).toEqual({ allowanceHolder: ahBody.blockNumber, permit2: null });
    // Each row names the trade its requests priced.
    expect(row.sellToken).toEqual({ symbol: 'WETH', address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', decimals: 18 });
    expect(row.buyToken).toEqual({ symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 });
    expect(row.sellAmount).toBe('1500000000000000000');
    expect([before.sellToken.address, before.sellAmount]).toEqual([null, null]);
  });

  it('keeps the rate each network fee was priced in the buy token with, as the CSV does', () => {
    const rate = 2_500_000_000n;
    const priced: ExportRow = {
      ...items[0]!,
      row: compareChain({ chainId: 1, allowanceHolder: { status: 'ok', body: ahBody }, permit2: { status: 'ok', body: ahBody }, nativeToBuy: { buyPerNative: rate, nativeDecimals: 18 } }),
      buyPerNative: rate.toString(),
    };
    const row = JSON.parse(comparisonToJson([priced])).rows[0];
    expect(row.buyPerNative).toBe(rate.toString());
    expect(BigInt(row.allowanceHolder.networkFeeInBuyToken)).toBe((BigInt(row.allowanceHolder.totalNetworkFee) * BigInt(row.buyPerNative)) / 10n ** BigInt(row.nativeDecimals));
    expect(JSON.parse(comparisonToJson(items)).rows[0].buyPerNative).toBeNull();
  });
});

describe('a net difference not taken', () => {
  it('says why in the CSV and the JSON when Allowance Holder\'s net, worked out from its answer, is not above zero', () => {
    const tiny = (fee: string, zid: string) => Permit2PriceResponseSchema.parse({ ...permit2PriceBody(), buyAmount: '336', minBuyAmount: '332', totalNetworkFee: fee, zid }) as LiquidPrice;
    const [ah, p2] = [tiny('640000', '0xaaaaaaaaaaaaaaaaaaaaaaaa'), tiny('731000', '0xbbbbbbbbbbbbbbbbbbbbbbbb')];
    const rate = { buyPerNative: 10n ** 18n, nativeDecimals: 18 };
    const row = compareChain({ chainId: 1, allowanceHolder: { status: 'ok', body: ah }, permit2: { status: 'ok', body: p2 }, nativeToBuy: rate });
    // The premise, from the answer: its buy less its fee (rate 1:1) is below zero.
    expect(BigInt(ah.buyAmount) - BigInt(ah.totalNetworkFee as string)).toBeLessThan(0n);
    const item: ExportRow = { row, chainName: 'Ethereum', buyDecimals: 18, nativeDecimals: 18, buyPerNative: rate.buyPerNative.toString() };
    const [header, line] = readCsv(comparisonToCsv([item]));
    const cell = (name: string) => line![header!.indexOf(name)];
    expect(cell('net_diff_bps_permit2_vs_allowance_holder')).toBe('');
    expect(cell('net_diff_not_taken')).toMatch(/^no net difference in bps: Allowance Holder's net buy is not above zero/);
    const json = JSON.parse(comparisonToJson([item])) as { rows: { netDiffBps: number | null; netDiffNotTaken: string | null }[] };
    expect(json.rows[0]).toMatchObject({ netDiffBps: null, netDiffNotTaken: cell('net_diff_not_taken') });
    // A row with a net difference says nothing there.
    const [, normal] = readCsv(comparisonToCsv(items));
    expect(normal![header!.indexOf('net_diff_not_taken')]).toBe('');
  });
});
