import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CompareRequestSchema, RunStatusSchema, type CompareRequestInput } from '../../ipc/channels/compare.ts';
import { isAppError } from '../../ipc/result.ts';
import { chainsWithBoth, planComparison } from './plan.ts';
import { RecordingScheduler, startCompareRig, type CompareRig } from './test-support.ts';
import { createCompareRunner } from './runner.ts';
import { createRunStore } from './run-store.ts';

const POLYGON_WETH = '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619';
const request = (input: Partial<CompareRequestInput> = {}) => CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', ...input });

function invalid(work: () => unknown): { field: string; reason: string }[] {
  try {
    work();
  } catch (error) {
    if (isAppError(error) && error.code === 'INVALID_INPUT') return error.details as { field: string; reason: string }[];
    throw error;
  }
  throw new Error('expected INVALID_INPUT');
}

describe('planComparison', () => {
  it('defaults to every chain where both symbols are in the registry', () => {
    expect(chainsWithBoth('USDC', 'WETH')).toEqual([1, 10, 137, 8453, 42161, 59144]);
    expect(planComparison(request()).map((chain) => chain.chainId)).toEqual([1, 10, 137, 8453, 42161, 59144]);
  });

  it('converts the human amount with each chain\'s sell-token decimals (USDC has 18 on BSC)', () => {
    const [eth, bsc] = planComparison(request({ buy: 'DAI', chains: [1, 56] }));
    expect(eth!.sellAmount).toBe(1_000_000_000n);
    expect(bsc!.sellAmount).toBe(1000n * 10n ** 18n);
    expect(eth!.requests.map((item) => item.endpoint)).toEqual(['allowance-holder.price', 'permit2.price']);
  });

  it('names the field and the chain when a token is unknown there, and takes an address override with decimals', () => {
    expect(invalid(() => planComparison(request({ chains: [130] })))).toContainEqual({ field: 'sell', reason: expect.stringContaining('Unichain') });
    const override = { chainId: 130, side: 'sell' as const, address: '0x078D782b760474a361dDA0AF3839290b0EF57AD6', decimals: 6 };
    const [chain] = planComparison(request({ chains: [130], overrides: [override] }));
    expect(chain!.sell).toMatchObject({ address: override.address, decimals: 6 });
    expect(invalid(() => planComparison(request({ chains: [130], overrides: [{ ...override, decimals: undefined }] })))[0]!.field).toBe('sell');
  });

  it('refuses a bad amount, an unknown chain and too many decimals with field reasons', () => {
    expect(invalid(() => planComparison(request({ amount: '1.0000001', chains: [1] })))).toEqual([{ field: 'amount', reason: '"1.0000001" has 7 decimals; USDC has 6 on Ethereum' }]);
    expect(invalid(() => planComparison(request({ amount: 'ten' })))[0]!.field).toBe('amount');
    expect(invalid(() => planComparison(request({ chains: [999_999] })))[0]).toEqual({ field: 'chains.0', reason: expect.stringContaining('not a chain') });
  });

  it('names the chains whose sell token has too few decimals for the amount, once, and not those where it fits', () => {
    // USDC has 6 decimals on Ethereum and Polygon, 18 on BSC: 7 decimals fit BSC only.
    expect(invalid(() => planComparison(request({ buy: 'DAI', amount: '1.0000001', chains: [1, 56, 137] })))).toEqual([
      { field: 'amount', reason: '"1.0000001" has 7 decimals; USDC has 6 on Ethereum, Polygon' },
    ]);
    expect(planComparison(request({ buy: 'DAI', amount: '1.0000001', chains: [56] }))[0]!.sellAmount).toBe(1_000_000_100_000_000_000n);
  });

  it('validates the fee pair in the input schema', () => {
    const parsed = CompareRequestSchema.safeParse({ sell: 'USDC', buy: 'WETH', amount: '1', swapFeeBps: 10 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['swapFeeRecipient']);
  });
});

describe('comparison runner against the local service', () => {
  let rig: CompareRig;
  beforeAll(async () => {
    rig = await startCompareRig({ blocked: { buyTokens: [POLYGON_WETH] } });
  });
  afterAll(() => rig.close());

  it('prices every chain x model, builds one row per chain with entry ids and routes, and saves the run', async () => {
    const { runId, total, finished } = rig.runner.start(request({ chains: [1, 10, 8453, 42161] }));
    expect(total).toBe(8);
    const status = await finished;
    expect(RunStatusSchema.parse(status)).toBeTruthy();
    expect(status).toMatchObject({ state: 'done', done: 8, total: 8, etaMs: null, error: null });
    expect(status.rows.map((row) => row.chainId)).toEqual([1, 10, 8453, 42161]);
    for (const row of status.rows) {
      expect(row.allowanceHolder.state).toBe('ok');
      expect(row.permit2.state).toBe('ok');
      expect(row.diffBps).toEqual(expect.any(Number));
      expect(row.better).not.toBeNull();
      // WETH is the wrapped native: the network fee is priced 1:1 and the verdict uses net amounts.
      expect(row.networkFeeRate?.source).toBe('buy-is-native');
      expect(row.basis).toBe('net');
      expect(BigInt(row.allowanceHolder.netBuyAmount!)).toBe(BigInt(row.allowanceHolder.buyAmount!) - BigInt(row.allowanceHolder.totalNetworkFee!));
      expect(row.allowanceHolder.fills.length).toBeGreaterThan(0);
      const entry = rig.history.get(row.permit2.entryId!)!;
      expect(entry.zid).toBe(row.permit2.zid);
      expect(entry.endpoint).toBe('permit2.price');
    }
    expect(await readdir(join(rig.dataDir, 'comparisons'))).toEqual([`${runId}.json`]);
    expect((await rig.runner.list()).runs[0]).toMatchObject({ runId, state: 'done', sell: 'USDC', buy: 'WETH', chains: [1, 10, 8453, 42161] });
    const detail = await rig.runner.detail(runId, 8453);
    expect(detail.permit2).toMatchObject({ zid: status.rows[2]!.permit2.zid, body: { liquidityAvailable: true } });
  });

  it('prices the network fee in the buy token for any pair with one extra rate request per chain, and judges net', async () => {
    const status = await rig.runner.start(request({ sell: 'WBTC', buy: 'DAI', amount: '1', chains: [1] })).finished;
    expect(status).toMatchObject({ state: 'done', done: 3, total: 3 });
    const [row] = status.rows;
    expect(row!.networkFeeRate).toMatchObject({ source: 'quoted', entryId: expect.any(Number), zid: expect.stringMatching(/^0x/) });
    const rateEntry = rig.history.get(row!.networkFeeRate!.entryId!)!;
    expect(rateEntry.endpoint).toBe('allowance-holder.price');
    expect(rateEntry.query).toMatchObject({ sellToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', buyToken: row!.buyToken.address, sellAmount: '100000000000000000' });
    expect(BigInt(row!.networkFeeRate!.buyPerNative)).toBe((BigInt((rateEntry.body as { buyAmount: string }).buyAmount) * 10n ** 18n) / 10n ** 17n);
    for (const side of [row!.allowanceHolder, row!.permit2]) {
      const fee = (BigInt(side.totalNetworkFee!) * BigInt(row!.networkFeeRate!.buyPerNative)) / 10n ** 18n;
      expect(BigInt(side.networkFeeInBuyToken!)).toBe(fee);
      expect(BigInt(side.netBuyAmount!)).toBe(BigInt(side.buyAmount!) - fee);
    }
    expect(row).toMatchObject({ basis: 'net', feeNotPriced: null, netDiffBps: expect.any(Number) });
  });

  it('reports errors by name inline and marks a model that was not requested', async () => {
    const { finished } = rig.runner.start(request({ chains: [1, 137], models: ['permit2'] }));
    const status = await finished;
    // WETH is not Polygon's wrapped native: its rate request is the third.
    expect(status.total).toBe(3);
    const [eth, polygon] = status.rows;
    expect(eth!.allowanceHolder.state).toBe('not-requested');
    // One model alone is not a comparison: nothing is called better.
    expect(eth).toMatchObject({ better: null, basis: null, diffBps: null });
    expect(polygon!.feeNotPriced).toMatch(/^fee not priced: BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE for POL → WETH/);
    expect(polygon!.permit2).toMatchObject({ state: 'error', errorName: 'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE', zid: expect.any(String) });
    expect(polygon!.better).toBeNull();
  });

  it('builds its rows when they are read or the run ends, not again at every answer', async () => {
    // Each answer's body counts its reads: building a row reads the bodies of its sides.
    let bodyReads = 0;
    const counted: typeof rig.requests = {
      ...rig.requests,
      async send(input) {
        const sent = await rig.requests.send(input);
        const { body, ...entry } = sent.entry;
        return { ...sent, entry: Object.defineProperty(entry, 'body', { enumerable: true, get: () => ((bodyReads += 1), body) }) as typeof sent.entry };
      },
    };
    const runner = createCompareRunner({ requests: counted, store: createRunStore(rig.dataDir), defaultProfileId: 'local' });
    const readsOf = async (chains: number[]) => {
      bodyReads = 0;
      const status = await runner.start(request({ chains })).finished;
      expect(status.rows.map((row) => row.chainId)).toEqual(chains);
      return bodyReads;
    };
    const one = await readsOf([1]);
    expect(one).toBeGreaterThan(0);
    // Four chains' answers are read four times as often as one chain's: once each at the end. Rebuilt
    // at every answer, the first chain's would have been read again at each of the seven after it.
    expect(await readsOf([1, 10, 8453, 42161])).toBe(4 * one);
  });
});

describe('cancelling a run', () => {
  let rig: CompareRig;
  beforeAll(async () => {
    rig = await startCompareRig({}, 4);
  });
  afterAll(() => rig.close());

  it('keeps the finished rows, stops the queued requests and says cancelled', async () => {
    const { runId, total, finished } = rig.runner.start(request());
    // 6 chains x 2 models, and Polygon's rate request (WETH is not its wrapped native).
    expect(total).toBe(13);
    await vi.waitFor(async () => expect((await rig.runner.status(runId)).done).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 20 });
    expect(rig.runner.cancel(runId)).toBe(true);
    const status = await finished;
    expect(status.state).toBe('cancelled');
    expect(status.done).toBeLessThan(total);
    expect(status.rows.length).toBeGreaterThanOrEqual(1);
    // Only requests that had started reached the service: the queue was emptied.
    expect(rig.statuses.length).toBeLessThan(total);
    expect((await rig.runner.status(runId)).state).toBe('cancelled');
    expect(rig.runner.cancel(runId)).toBe(false);
  });

  it('lists every chain of a cancelled run, a chain cut before its first answer reading cancelled on both sides, with its (empty) detail', async () => {
    const { runId, finished } = rig.runner.start(request());
    await vi.waitFor(async () => expect((await rig.runner.status(runId)).done).toBeGreaterThanOrEqual(1), { timeout: 30_000, interval: 20 });
    rig.runner.cancel(runId);
    const status = await finished;
    // Cut before most chains answered, the run left them out: its table, caption and exports read as a run on fewer chains.
    expect(status.rows.map((row) => row.chainId)).toEqual([1, 10, 137, 8453, 42161, 59144]);
    const unanswered = status.rows.filter((row) => row.allowanceHolder.state === 'cancelled' && row.permit2.state === 'cancelled');
    expect(unanswered.length).toBeGreaterThan(0);
    for (const row of unanswered) {
      expect(row).toMatchObject({ better: null, basis: null, diffBps: null, netDiffBps: null });
      expect(await rig.runner.detail(runId, row.chainId)).toEqual({ allowanceHolder: null, permit2: null });
    }
    expect((await rig.runner.status(runId)).rows).toHaveLength(6);
  });

  it('keeps a cancelled run without an estimate of time left: reopened later, it says how it ended, not how long it had to go', async () => {
    const { runId, finished } = rig.runner.start(request());
    await vi.waitFor(async () => expect((await rig.runner.status(runId)).done).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 20 });
    rig.runner.cancel(runId);
    expect(await finished).toMatchObject({ state: 'cancelled', etaMs: null });
    // Reopened in a later session (another runner over the same folder), as compare.open reads it from its file.
    const later = createCompareRunner({ requests: rig.requests, store: createRunStore(rig.dataDir), defaultProfileId: 'local' });
    const reopened = await later.status(runId);
    expect(reopened).toMatchObject({ runId, state: 'cancelled', etaMs: null, finishedAt: expect.any(String) });
  });

  it('keeps no rows for a run that failed as a whole before any answer (its profile is gone): nothing was cut, nothing compared', async () => {
    const status = await rig.runner.start(request({ profileId: 'gone' })).finished;
    expect(status).toMatchObject({ state: 'failed', done: 0, rows: [], error: { code: 'NOT_FOUND' } });
  });
});

/** The profile's pacing, with when it let each request start and the group it started with. */
describe('rate budget', () => {
  let rig: CompareRig;
  const scheduler = new RecordingScheduler();
  beforeAll(async () => {
    rig = await startCompareRig({ rateLimitRps: 5 }, 5, scheduler);
  });
  afterAll(() => rig.close());

  // What the pacing controls is when requests start, so the rule is checked on the starts: a check
  // that the service counted no 429 also measured the send-to-arrival lag, which on two busy cores
  // (the event loop starved for a few hundred ms) exceeded any margin (one run in six failed).
  it('never goes above the profile budget: 13 requests (rate request included) start at most 5 in any window, each answered by a service limiting at the same 5 rps', async () => {
    const started = performance.now();
    const status = await rig.runner.start(request()).finished;
    expect(status).toMatchObject({ state: 'done', done: 13, total: 13 });
    expect(rig.statuses.filter((code) => code === 200)).toHaveLength(13);
    for (const row of status.rows) for (const side of [row.allowanceHolder, row.permit2]) expect(side, `chain ${row.chainId}`).toMatchObject({ state: 'ok' });
    // Any two starts 5 apart in order are a whole window (1.025 s, the default margin) apart; the
    // starts are recorded as each request goes, so a busy machine's few ms of work between them are allowed.
    const windowMs = 1025;
    // (A retry, had the service still counted one too many, is paced by the same rule: all starts count.)
    const times = scheduler.releases.map((release) => release.at).sort((a, b) => a - b);
    expect(scheduler.releases.filter((release) => release.group !== 'none')).toHaveLength(13);
    for (let index = 5; index < times.length; index += 1) expect(times[index]! - times[index - 5]!, `start ${index + 1}`).toBeGreaterThanOrEqual(windowMs - 50);
    // 13 starts, at most 5 in any window: the last ones start two windows in.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * windowMs - 50);
    // A chain's sides (both models, and Polygon's rate) start together, not 1/5 s apart: the
    // pacing falls between chains (a chain's group waits for a window with room for all of it).
    // Released by one timer, each side records its start after the one before has sent its request,
    // which a busy machine may take tens of milliseconds over; paced, they would be 205 ms apart.
    const byGroup = new Map<string, number[]>();
    for (const release of scheduler.releases.filter((first) => first.group !== 'none')) byGroup.set(release.group, [...(byGroup.get(release.group) ?? []), release.at]);
    expect(byGroup.size).toBe(6);
    for (const [group, groupTimes] of byGroup) expect(Math.max(...groupTimes) - Math.min(...groupTimes), group).toBeLessThan(150);
  });
});
