import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './test-support.ts';
import { HistoryStore } from '../core/history/index.ts';
import type { TokenTax } from '../spec/index.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// The rate each network fee is converted into the buy token with, checked against the raw answer
// it was taken from (the history entry its zid names), against the local service in this process.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-compare-rate-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Side { zid: string; totalNetworkFee: string; networkFeeInBuyToken: string; buyAmount: string; netBuyAmount: string }
interface Row { sellAmount: string; buyPerNative: string; buyPerNativeSource: string; buyPerNativeZid: string | null; allowanceHolder: Side }
interface RawPrice { buyAmount: string; sellAmount: string; tokenMetadata: { buyToken: TokenTax } }

async function compareRow(sell: string): Promise<Row> {
  const ran = await inProcess(['compare', '--sell', sell, '--buy', 'TAXD', '--amount', sell === 'ETH' ? '1' : '1000', '--chains', '1', '--models', 'allowance-holder', '--format', 'json', '--data-dir', dir]);
  expect(ran.code, ran.stderr).toBe(0);
  return (JSON.parse(ran.stdout) as { rows: Row[] }).rows[0]!;
}

function rawAnswer(zid: string): RawPrice {
  const history = HistoryStore.open(historyFileIn(dir));
  try {
    const [found] = history.findByZid(zid);
    return history.get(found!.id)!.body as RawPrice;
  } finally {
    history.close();
  }
}

// Buy base units per whole native unit before the buy token's buy and transfer tax (spec, "Token tax object").
function preTaxRate(answer: RawPrice): bigint {
  const { buyTaxBps, transferTaxBps } = answer.tokenMetadata.buyToken;
  const kept = 10_000n - BigInt(buyTaxBps ?? 0) - BigInt(transferTaxBps ?? 0);
  return (BigInt(answer.buyAmount) * 10n ** 18n * 10_000n) / (BigInt(answer.sellAmount) * kept);
}

describe('compare buying a taxed token', () => {
  it.each([
    ['ETH', 'sell-is-native'],
    ['USDC', 'quoted'],
  ])('converts %s -> TAXD network fees at the native price before TAXD\'s buy tax (%s rate)', async (sell, source) => {
    const row = await compareRow(sell);
    expect(row.buyPerNativeSource).toBe(source);
    const answer = rawAnswer(row.buyPerNativeZid ?? row.allowanceHolder.zid);
    // TAXD's taxes are reported in the very answer the rate comes from, and are not zero.
    expect(Number(answer.tokenMetadata.buyToken.buyTaxBps)).toBeGreaterThan(0);
    const rate = preTaxRate(answer);
    expect(BigInt(row.buyPerNative)).toBe(rate);
    // Not the taxed price: the network fee in TAXD is what the native paid is worth before the tax.
    expect(rate).toBeGreaterThan((BigInt(answer.buyAmount) * 10n ** 18n) / BigInt(answer.sellAmount));
    const side = row.allowanceHolder;
    const fee = (BigInt(side.totalNetworkFee) * rate) / 10n ** 18n;
    expect(BigInt(side.networkFeeInBuyToken)).toBe(fee);
    expect(BigInt(side.netBuyAmount)).toBe(BigInt(side.buyAmount) - fee);
  });
});
