import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CompareRequestSchema } from '../../ipc/channels/compare.ts';
import { LadderRequestSchema } from '../../ipc/channels/ladder.ts';
import { AppError } from '../../ipc/result.ts';
import { createLadderRunner } from './ladder-runner.ts';
import { createLadderStore } from './ladder-store.ts';
import { endState, runError, runningFirst, saveEnded } from './run-ending.ts';
import { createRunStore } from './run-store.ts';
import { createCompareRunner } from './runner.ts';
import { startCompareRig, type CompareRig } from './test-support.ts';

const settled = (...outcomes: (Error | 'ok')[]): PromiseSettledResult<unknown>[] =>
  outcomes.map((outcome) => (outcome === 'ok' ? { status: 'fulfilled', value: undefined } : { status: 'rejected', reason: outcome }));

describe('how a run ends', () => {
  it('takes the first rejection as the error: an AppError as it is, anything else INTERNAL and logged', () => {
    expect(runError(settled('ok', 'ok'), 'comparison')).toBeNull();
    expect(runError(settled('ok', new AppError('NOT_CONFIGURED', 'no key'), new TypeError('later')), 'comparison')).toEqual({ code: 'NOT_CONFIGURED', message: 'no key' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const defect = new TypeError('x is undefined');
      expect(runError(settled(defect), 'size ladder')).toEqual({ code: 'INTERNAL', message: 'The size ladder failed; the details are in the log.' });
      expect(log).toHaveBeenCalledWith('size ladder run failed', defect);
    } finally {
      log.mockRestore();
    }
  });

  it('ends failed over cancelled over done', () => {
    expect(endState({ code: 'INTERNAL', message: '' }, true)).toBe('failed');
    expect(endState(null, true)).toBe('cancelled');
    expect(endState(null, false)).toBe('done');
  });

  it('makes a failed save the error, unless the run already failed', async () => {
    const fresh = { error: null };
    await saveEnded(() => Promise.reject(new AppError('STORAGE', 'disk full')), fresh);
    expect(fresh.error).toEqual({ code: 'STORAGE', message: 'disk full' });
    const failed = { error: { code: 'INTERNAL' as const, message: 'first' } };
    await saveEnded(() => Promise.reject(new Error('disk full')), failed);
    expect(failed.error).toEqual({ code: 'INTERNAL', message: 'first' });
  });

  it('lists running runs first, and a stored one only where it is not running', () => {
    expect(runningFirst([{ runId: 'b' }], [{ runId: 'a' }, { runId: 'b' }, { runId: 'c' }])).toEqual([{ runId: 'b' }, { runId: 'a' }, { runId: 'c' }]);
  });
});

describe('a run that cannot be saved', () => {
  let rig: CompareRig;
  let notAFolder: string;
  beforeAll(async () => {
    rig = await startCompareRig();
    notAFolder = join(await mkdtemp(join(tmpdir(), 'run-ending-')), 'file');
    await writeFile(notAFolder, '');
  });
  afterAll(async () => {
    await rig.close();
    await rm(join(notAFolder, '..'), { recursive: true, force: true });
  });

  // Every answer came: the run is done, and its error says it will not be listed again.
  it('keeps its rows and says the comparison could not be saved', async () => {
    const runner = createCompareRunner({ requests: rig.requests, store: createRunStore(notAFolder), defaultProfileId: 'local' });
    const status = await runner.start(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1] })).finished;
    expect(status.state).toBe('done');
    expect(status.error).toMatchObject({ code: 'STORAGE', message: expect.stringMatching(/^The comparison could not be saved: /) });
    expect(status.rows.map((row) => [row.chainId, row.allowanceHolder.state, row.permit2.state])).toEqual([[1, 'ok', 'ok']]);
  });

  it('says the same of a size ladder', async () => {
    const runner = createLadderRunner({ requests: rig.requests, store: createLadderStore(notAFolder), defaultProfileId: 'local' });
    const status = await runner.start(LadderRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amounts: ['100', '1000'], chains: [1], models: ['permit2'] })).finished;
    expect(status.state).toBe('done');
    expect(status.error).toMatchObject({ code: 'STORAGE', message: expect.stringMatching(/^The size ladder could not be saved: /) });
    expect(status.done).toBe(2);
  });
});
