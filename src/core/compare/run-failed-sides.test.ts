import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompareRequestSchema, RunStatusSchema } from '../../ipc/channels/compare.ts';
import { LadderRequestSchema, LadderStatusSchema } from '../../ipc/channels/ladder.ts';
import { buildRow, type ChainResults } from './build-row.ts';
import { createCompareRunner } from './runner.ts';
import { createLadderRunner } from './ladder-runner.ts';
import { createLadderStore } from './ladder-store.ts';
import { createRunStore } from './run-store.ts';
import { planComparison } from './plan.ts';
import { profileUnusableAfter, startCompareRig, type CompareRig } from './test-support.ts';

// A run that failed part-way (its profile became unusable after some requests) left sides that
// nobody cancelled: they say the run failed and at what, never "cancelled", which is a user's act.

const NOT_CONFIGURED = { code: 'NOT_CONFIGURED' as const, message: 'The API key stored for Local service cannot be sent: it was removed. Enter it again in Settings.' };

describe('the sides a failed run left unanswered', () => {
  let rig: CompareRig;
  beforeAll(async () => {
    rig = await startCompareRig();
  });
  afterAll(() => rig.close());

  it('buildRow names the run\'s failure on a side never answered, and keeps cancelled for a run the user cancelled', async () => {
    // Polygon: WETH is not its wrapped native, so the row also waits on a rate request.
    const [chain] = planComparison(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [137] }));
    const ah = chain!.requests.find((item) => item.model === 'allowance-holder')!;
    const results: ChainResults = { 'allowance-holder': { entry: (await rig.requests.send({ profileId: 'local', endpoint: ah.endpoint, params: ah.params })).entry } };

    const failed = buildRow(chain!, results, true, NOT_CONFIGURED);
    expect(failed.allowanceHolder.state).toBe('ok');
    expect(failed.permit2).toMatchObject({ state: 'run-failed', errorName: 'NOT_CONFIGURED', errorMessage: NOT_CONFIGURED.message, entryId: null, buyAmount: null });
    expect(failed).toMatchObject({ better: null, basis: null, feeNotPriced: 'fee not priced: the rate request was not answered, the run failed (NOT_CONFIGURED)' });

    const cancelled = buildRow(chain!, results, true);
    expect(cancelled.permit2).toMatchObject({ state: 'cancelled', errorName: null });
    expect(cancelled.feeNotPriced).toBe('fee not priced: the rate request was cancelled');
    // While the run goes on the side is pending, whatever comes after.
    expect(buildRow(chain!, results, false, NOT_CONFIGURED).permit2.state).toBe('pending');
  });

  it('a comparison that failed part-way keeps its answers and says run-failed, with the error, on the sides it never sent, stored so', async () => {
    // Ethereum's two sides are resolved first, then the profile is refused: Optimism's never go out.
    const runner = createCompareRunner({ requests: profileUnusableAfter(rig, 2), store: createRunStore(rig.dataDir), defaultProfileId: 'local' });
    const { runId, finished } = runner.start(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1, 10] }));
    const status = await finished;
    expect(status).toMatchObject({ state: 'failed', done: 2, total: 4, error: { code: 'NOT_CONFIGURED' } });
    const [ethereum, optimism] = status.rows;
    expect([ethereum!.allowanceHolder.state, ethereum!.permit2.state]).toEqual(['ok', 'ok']);
    for (const side of [optimism!.allowanceHolder, optimism!.permit2]) expect(side).toMatchObject({ state: 'run-failed', errorName: 'NOT_CONFIGURED', entryId: null });
    expect(optimism).toMatchObject({ better: null, basis: null });
    expect(JSON.stringify(status.rows)).not.toContain('cancelled');
    // Reopened from its file (a new runner: the app restarted), it reads the same.
    const reopened = createCompareRunner({ requests: rig.requests, store: createRunStore(rig.dataDir), defaultProfileId: 'local' });
    const stored = RunStatusSchema.parse(await reopened.status(runId));
    expect(stored).toMatchObject({ state: 'failed', error: { code: 'NOT_CONFIGURED' } });
    expect(stored.rows).toEqual(status.rows);
  });

  it('a size ladder that failed part-way says run-failed on every size it never sent', async () => {
    const runner = createLadderRunner({ requests: profileUnusableAfter(rig, 2), store: createLadderStore(rig.dataDir), defaultProfileId: 'local' });
    const status = await runner.start(LadderRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amounts: ['100', '1000'], chains: [1] })).finished;
    expect(LadderStatusSchema.parse(status)).toMatchObject({ state: 'failed', done: 2, total: 4, error: { code: 'NOT_CONFIGURED' } });
    const [first, second] = status.rows;
    expect([first!.allowanceHolder.state, first!.permit2.state]).toEqual(['ok', 'ok']);
    expect([second!.allowanceHolder.state, second!.permit2.state]).toEqual(['run-failed', 'run-failed']);
    expect(second!.permit2.errorName).toBe('NOT_CONFIGURED');
  });
});
