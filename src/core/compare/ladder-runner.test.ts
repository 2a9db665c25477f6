import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findCrossovers, ladderPoints } from '../../domain/ladder.ts';
import { LadderRequestSchema, LadderStatusSchema, ladderInputOf, type LadderRequestInput } from '../../ipc/channels/ladder.ts';
import { isAppError } from '../../ipc/result.ts';
import { ladderRequestCount, planLadder } from './ladder-plan.ts';
import { createLadderRunner, type LadderRunner } from './ladder-runner.ts';
import { createLadderStore } from './ladder-store.ts';
import { RecordingScheduler, startCompareRig, type CompareRig } from './test-support.ts';

const request = (input: Partial<LadderRequestInput> = {}) => LadderRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amounts: ['100', '1000', '10000'], ...input });

function invalid(work: () => unknown): { field: string; reason: string }[] {
  try {
    work();
  } catch (error) {
    if (isAppError(error) && error.code === 'INVALID_INPUT') return error.details as { field: string; reason: string }[];
    throw error;
  }
  throw new Error('expected INVALID_INPUT');
}

function ladderOn(rig: CompareRig): LadderRunner {
  return createLadderRunner({ requests: rig.requests, store: createLadderStore(rig.dataDir), defaultProfileId: 'local' });
}

describe('planLadder', () => {
  it('plans chains x models x amounts requests, each amount in each chain\'s decimals', () => {
    const rungs = planLadder(request({ chains: [1, 8453, 42161], amounts: ['100', '1000', '10000', '100000'] }));
    expect(ladderRequestCount(rungs)).toBe(3 * 2 * 4);
    expect(rungs.map((rung) => rung.amount)).toEqual(['100', '1000', '10000', '100000']);
    expect(rungs[1]!.chains[0]!.sellAmount).toBe(1_000_000_000n);
    expect(ladderRequestCount(planLadder(request({ chains: [1, 10], models: ['permit2'] })))).toBe(2 * 1 * 3);
    const bsc = planLadder(request({ buy: 'DAI', chains: [56], amounts: ['1'] }));
    expect(bsc[0]!.chains[0]!.sellAmount).toBe(10n ** 18n);
    // Token for token: one native -> buy rate per chain for the whole ladder, not one per size.
    expect(ladderRequestCount(planLadder(request({ buy: 'DAI', chains: [1, 8453] })))).toBe(2 * 2 * 3 + 2);
  });

  it('names the amounts field and the item for too many decimals, before anything is sent', () => {
    expect(invalid(() => planLadder(request({ chains: [1], amounts: ['100', '0.0000001'] })))).toEqual([{ field: 'amounts', reason: 'item 2 "0.0000001" has 7 decimals; USDC has 6 on Ethereum' }]);
    expect(invalid(() => planLadder(request({ chains: [130] }))).map((item) => item.field)).toEqual(['sell']);
  });

  it('refuses empty items, non-numbers, duplicates and more than 8 amounts in the input schema', () => {
    const reasonOf = (amounts: string[]) => LadderRequestSchema.safeParse({ sell: 'USDC', buy: 'WETH', amounts }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(reasonOf([])).toEqual([['amounts', 'enter at least one amount']]);
    expect(reasonOf(['100', ' '])).toEqual([['amounts', 'item 2 is empty']]);
    expect(reasonOf(['1e3'])).toEqual([['amounts', expect.stringMatching(/^item 1 "1e3" is not a number/)]]);
    expect(reasonOf(['100', '100.0'])).toEqual([['amounts', 'item 2 "100.0" repeats item 1']]);
    expect(reasonOf(['1', '2', '3', '4', '5', '6', '7', '8', '9'])).toEqual([['amounts', 'holds 9 amounts; at most 8']]);
    expect(LadderRequestSchema.safeParse({ sell: 'USDC', buy: 'WETH', amount: '1', amounts: ['1'] }).success).toBe(false);
  });
});

describe('size ladder against the local service', () => {
  let rig: CompareRig;
  beforeAll(async () => {
    rig = await startCompareRig();
  });
  afterAll(() => rig.close());

  it('prices every chain x model x amount into one row per chain and size, net of fees, and saves it', async () => {
    const runner = ladderOn(rig);
    const { runId, total, finished } = runner.start(request({ chains: [1, 8453] }));
    expect(total).toBe(12);
    const status = await finished;
    expect(LadderStatusSchema.parse(status)).toBeTruthy();
    expect(status).toMatchObject({ state: 'done', done: 12, total: 12, error: null });
    expect(status.rows.map((row) => [row.amount, row.chainId])).toEqual([['100', 1], ['100', 8453], ['1000', 1], ['1000', 8453], ['10000', 1], ['10000', 8453]]);
    for (const row of status.rows) {
      expect(row.basis).toBe('net');
      expect(rig.history.get(row.permit2.entryId!)!.zid).toBe(row.permit2.zid);
    }
    const eth = ladderPoints(status.rows.filter((row) => row.chainId === 1).map(ladderInputOf));
    expect(eth.map((point) => point.size)).toEqual([100, 1000, 10000]);
    for (const point of eth) expect(point.allowanceHolder.kind).toBe('net');
    expect(['crossovers', 'none-in-range']).toContain(findCrossovers(eth).kind);

    expect(await readdir(join(rig.dataDir, 'ladders'))).toEqual([`${runId}.json`]);
    // A new runner on the same folder (the app restarted) lists and reopens it whole.
    const reopened = ladderOn(rig);
    expect((await reopened.list()).runs[0]).toMatchObject({ runId, state: 'done', amounts: ['100', '1000', '10000'], chains: [1, 8453], done: 12 });
    expect(await reopened.status(runId)).toEqual(status);
  });

  it('prices the network fee of a token-for-token ladder with one rate request per chain, used at every size', async () => {
    const status = await ladderOn(rig).start(request({ buy: 'DAI', chains: [1], amounts: ['100', '10000'] })).finished;
    expect(status).toMatchObject({ state: 'done', done: 5, total: 5 });
    const [small, large] = status.rows;
    expect(small!.networkFeeRate).toMatchObject({ source: 'quoted', zid: expect.any(String) });
    expect(large!.networkFeeRate).toEqual(small!.networkFeeRate);
    for (const row of status.rows) expect(row.basis).toBe('net');
    expect(rig.history.get(small!.networkFeeRate!.entryId!)!.zid).toBe(small!.networkFeeRate!.zid);
  });
});

describe('a cancelled ladder', () => {
  let rig: CompareRig;
  beforeAll(async () => {
    rig = await startCompareRig({}, 4);
  });
  afterAll(() => rig.close());

  it('keeps what was answered and marks every other side cancelled', async () => {
    const runner = ladderOn(rig);
    const { runId, total, finished } = runner.start(request({ chains: [1, 10, 8453] }));
    expect(total).toBe(18);
    await vi.waitFor(async () => expect((await runner.status(runId)).done).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
    expect(runner.cancel(runId)).toBe(true);
    const status = await finished;
    expect(status.state).toBe('cancelled');
    expect(status.done).toBeLessThan(total);
    expect(status.rows).toHaveLength(9);
    const sides = status.rows.flatMap((row) => [row.allowanceHolder, row.permit2]);
    expect(sides.filter((side) => side.state === 'ok').length).toBe(status.done);
    expect(sides.filter((side) => side.state === 'cancelled').length).toBe(total - status.done);
    // No verdict is given at a size where a side was cancelled.
    for (const row of status.rows) if (row.allowanceHolder.state === 'cancelled' || row.permit2.state === 'cancelled') expect(row.better).toBeNull();
    expect(rig.statuses.length).toBeLessThan(total);
    expect((await ladderOn(rig).status(runId)).state).toBe('cancelled');
  });
});

describe('a ladder within the rate budget', () => {
  let rig: CompareRig;
  const scheduler = new RecordingScheduler();
  beforeAll(async () => {
    rig = await startCompareRig({ rateLimitRps: 5 }, 5, scheduler);
  });
  afterAll(() => rig.close());

  // Checked on the starts, as runner.test.ts's rate budget is: a check that the service counted no
  // 429 also measured the send-to-arrival lag, which two busy cores stretched past the scheduler's
  // margin (one 429, retried, in 9 runs beside a CI run).
  it('sends 12 requests, at most 5 starting in any window, each answered by a service limiting at the same 5 rps', async () => {
    scheduler.releases.length = 0;
    const started = performance.now();
    const status = await ladderOn(rig).start(request({ chains: [1, 8453] })).finished;
    expect(status).toMatchObject({ state: 'done', done: 12 });
    expect(rig.statuses.filter((code) => code === 200)).toHaveLength(12);
    // Any two starts 5 apart in order are a whole window (1.025 s, the default margin) apart, less
    // the few ms a busy machine takes between a release and its record.
    const windowMs = 1025;
    const times = scheduler.releases.map((release) => release.at).sort((a, b) => a - b);
    expect(scheduler.releases.filter((release) => release.group !== 'none')).toHaveLength(12);
    for (let index = 5; index < times.length; index += 1) expect(times[index]! - times[index - 5]!, `start ${index + 1}`).toBeGreaterThanOrEqual(windowMs - 50);
    // 12 starts, at most 5 in any window: the last ones start two windows in.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * windowMs - 50);
  });

  it('answers a status read with afterDone at the next answer instead of on a timer', async () => {
    const runner = ladderOn(rig);
    const { runId, finished } = runner.start(request({ chains: [1], amounts: ['100', '1000'] }));
    let seen = 0;
    const reads: number[] = [];
    for (;;) {
      const status = await runner.status(runId, seen, 5_000);
      reads.push(status.done);
      if (status.state !== 'running') break;
      expect(status.done).toBeGreaterThan(seen);
      seen = status.done;
    }
    await finished;
    // Four requests at 5 rps: each read came back with one more answer (or the end), never empty-handed.
    expect(reads.at(-1)).toBe(4);
    expect(reads.length).toBeLessThanOrEqual(5);
  });
});
