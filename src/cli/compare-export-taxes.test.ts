import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './test-support.ts';
import { HistoryStore } from '../core/history/index.ts';
import type { TokenTax } from '../spec/index.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// The one-size export carries what the Sizes export does: each token's taxes in bps as the
// answers reported them, and why a network fee could not be priced; against the local service.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-compare-export-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type Exported = Record<string, string>;

async function exports(args: string[]): Promise<{ csv: Exported; json: { allowanceHolder: { zid: string | null; state: string }; tokenTaxes: unknown; feeNotPriced: string | null; hasTax: unknown } }> {
  const base = ['compare', ...args, '--chains', '1', '--data-dir', dir];
  const [csv, json] = [await inProcess([...base, '--format', 'csv']), await inProcess([...base, '--format', 'json'])];
  expect(csv.code, csv.stderr).toBe(0);
  expect(json.code, json.stderr).toBe(0);
  const [header, line] = csv.stdout.trim().split('\r\n').map((text) => text.split(','));
  return { csv: Object.fromEntries(header!.map((name, at) => [name, line![at]!])), json: (JSON.parse(json.stdout) as { rows: never[] }).rows[0]! };
}

function reportedTaxes(zid: string): { sellToken: TokenTax; buyToken: TokenTax } {
  const history = HistoryStore.open(historyFileIn(dir));
  try {
    const [found] = history.findByZid(zid);
    return (history.get(found!.id)!.body as { tokenMetadata: { sellToken: TokenTax; buyToken: TokenTax } }).tokenMetadata;
  } finally {
    history.close();
  }
}

describe('compare --format csv and json', () => {
  it('carry each token\'s buy, sell and transfer tax in bps as the answers reported them', async () => {
    const { csv, json } = await exports(['--sell', 'USDC', '--buy', 'TAXD', '--amount', '1000']);
    const reported = reportedTaxes(json.allowanceHolder.zid!);
    expect(Number(reported.buyToken.sellTaxBps)).toBeGreaterThan(0);
    const cells = (token: 'sellToken' | 'buyToken') => [reported[token].buyTaxBps, reported[token].sellTaxBps, reported[token].transferTaxBps].map(String);
    expect(['buy', 'sell', 'transfer'].map((kind) => csv[`buy_token_${kind}_tax_bps`])).toEqual(cells('buyToken'));
    expect(['buy', 'sell', 'transfer'].map((kind) => csv[`sell_token_${kind}_tax_bps`])).toEqual(cells('sellToken'));
    expect(json.tokenTaxes).toMatchObject({ allowanceHolder: { buyToken: { buyTaxBps: String(reported.buyToken.buyTaxBps) } } });
    expect([csv.fee_not_priced, json.feeNotPriced]).toEqual(['', null]);
  });

  it('say why a network fee could not be priced in the buy token, as the table does', async () => {
    // No market holds 10 million ETH: both models answer without liquidity, so no price gives the rate.
    const { csv, json } = await exports(['--sell', 'ETH', '--buy', 'USDC', '--amount', '10000000']);
    expect(json.feeNotPriced).toMatch(/^fee not priced: /);
    expect(csv.fee_not_priced).toBe(json.feeNotPriced);
    // No answer reported a tax either way.
    expect(csv.buy_token_buy_tax_bps).toBe('');
    expect(json.tokenTaxes).toEqual({ allowanceHolder: null, permit2: null });
  });

  it('name the native token each chain\'s network fee is counted in', async () => {
    const base = ['compare', '--sell', 'USDC', '--buy', 'USDT', '--amount', '1000', '--chains', '1,56,137', '--data-dir', dir];
    const [csv, json] = [await inProcess([...base, '--format', 'csv']), await inProcess([...base, '--format', 'json'])];
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...lines] = csv.stdout.trim().split('\r\n').map((text) => text.split(','));
    const column = (name: string) => lines.map((line) => line[header!.indexOf(name)]);
    // One fee column, three tokens: 0.0000012 on Ethereum is ETH, 0.011 on Polygon is POL.
    expect(column('chain_id')).toEqual(['1', '56', '137']);
    expect(column('native_symbol')).toEqual(['ETH', 'BNB', 'POL']);
    expect(column('allowance_holder_total_network_fee_native').every((fee) => /^0\.[0-9]+$/.test(fee!))).toBe(true);
    const rows = (JSON.parse(json.stdout) as { rows: { chainId: number; nativeSymbol: string | null }[] }).rows;
    expect(rows.map((row) => [row.chainId, row.nativeSymbol])).toEqual([[1, 'ETH'], [56, 'BNB'], [137, 'POL']]);
  });

  it('leave the tax flag empty for a row no answer reported taxes for, not false', async () => {
    const { csv, json } = await exports(['--sell', 'ETH', '--buy', 'USDC', '--amount', '10000000']);
    expect(json.allowanceHolder).toMatchObject({ state: 'no-liquidity' });
    expect([csv.has_tax, json.hasTax]).toEqual(['', null]);
  });
});
