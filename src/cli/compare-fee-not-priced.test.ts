import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type RunningService } from '../service/index.ts';
import { openProfileStore, ProfileInputSchema } from '../core/profiles/index.ts';
import { NATIVE_TOKEN_PLACEHOLDER } from '../spec/constants.ts';
import { inProcess } from './test-support.ts';

// A chain whose network fee cannot be priced in the buy token: the local service refuses the native
// asset as a sell token, so the one extra price of 0.1 ETH -> USDT that gives the rate is refused
// (SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE) while USDC -> USDT itself is priced on both models.

const REASON = 'fee not priced: SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE for ETH → USDT';

let dir: string;
let service: RunningService;
let savedKey: string | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-fee-not-priced-'));
  service = await startLocalService({ dataDir: join(dir, 'service'), apiKeys: [{ key: 'no-native-key', team: 'no-native' }], blocked: { sellTokens: [NATIVE_TOKEN_PLACEHOLDER] } });
  const profiles = await openProfileStore(dir);
  await profiles.save(ProfileInputSchema.parse({ name: 'No native', baseUrl: service.baseUrl, caPem: service.caCertPem, trustSystemCertificates: false, rateBudgetRps: 20 }));
  savedKey = process.env.SVC_API_KEY;
  process.env.SVC_API_KEY = 'no-native-key';
});
afterAll(async () => {
  if (savedKey === undefined) delete process.env.SVC_API_KEY;
  else process.env.SVC_API_KEY = savedKey;
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

const trade = () => ['compare', '--sell', 'USDC', '--buy', 'USDT', '--chains', '1', '--profile', 'No native', '--data-dir', dir];

describe('compare where the network fee cannot be priced in the buy token', { timeout: 60_000 }, () => {
  it('says under the table why the net figures are missing and what the verdict stands on', async () => {
    const ran = await inProcess([...trade(), '--amount', '1000']);
    expect(ran.code, ran.stderr).toBe(0);
    const row = ran.stdout.split('\n').find((line) => line.startsWith('Ethereum (1)'))!;
    // Both buys, no nets: the row alone does not say why.
    expect(row).toMatch(/ - +- +(Allowance Holder|Permit2|tie) \((gross|same buy, lower fee)\)$/);
    expect(ran.stdout).toContain(`\nnetwork fee not priced in the buy token (no net buy or net difference; the verdict compares gross buys, or the network fees where the buys are equal):\n  ${REASON}\n    on Ethereum (1)\n`);
  });

  it('calls the model with the cheaper network fee better when both buy the same, never a tie', async () => {
    type Side = { buyAmount: string; totalNetworkFee: string; netBuyAmount: string | null };
    type Row = { allowanceHolder: Side; permit2: Side; better: string; basis: string };
    // The premise, from the answers (the run as saved): one route, one buy; Permit2's settlement
    // costs more gas. The two requests start together, so they price at one 12 s Ethereum block but
    // for a rare run landing on a block's edge: that one is run again (at most twice).
    let [row, table]: [Row | undefined, string] = [undefined, ''];
    for (let run = 0; run < 3 && (!row || row.allowanceHolder.buyAmount !== row.permit2.buyAmount); run++) {
      const ran = await inProcess([...trade(), '--amount', '1000']);
      expect(ran.code, ran.stderr).toBe(0);
      const runId = /\(run (cmp-[0-9a-z]+)\)/.exec(ran.stdout)![1]!;
      row = (JSON.parse(await readFile(join(dir, 'comparisons', `${runId}.json`), 'utf8')) as { status: { rows: Row[] } }).status.rows[0];
      table = ran.stdout;
    }
    const { allowanceHolder: ah, permit2: p2 } = row!;
    expect(ah.buyAmount).toBe(p2.buyAmount);
    expect(BigInt(ah.totalNetworkFee)).toBeLessThan(BigInt(p2.totalNetworkFee));
    expect([ah.netBuyAmount, p2.netBuyAmount]).toEqual([null, null]);
    expect([row!.better, row!.basis]).toEqual(['allowance-holder', 'network-fee']);
    expect(table).toMatch(/^Ethereum \(1\) .* Allowance Holder \(same buy, lower fee\)$/m);
  });

  it('says it under the size ladder\'s table too, for each size it applies to', async () => {
    const ran = await inProcess([...trade(), '--amounts', '100,1000']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^Ethereum \(1\) +100 USDC +fee not priced +fee not priced +- +-$/m);
    expect(ran.stdout).toContain(`\nnetwork fee not priced in the buy token (no net per unit or verdict at that size):\n  ${REASON}\n    on Ethereum (1) 100 USDC, Ethereum (1) 1,000 USDC\n`);
  });
});
