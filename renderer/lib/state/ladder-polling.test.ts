import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import type { Result } from '../../../src/ipc/result.ts';
import type { LadderStatus } from '../../../src/ipc/channels/ladder.ts';
import { CompareState } from './compare.svelte.ts';
import { LadderState } from './ladder.svelte.ts';
import { ladderSummaryOf } from '../../../src/ipc/channels/run-summary.ts';
import { deferred } from './test-support.ts';

const REQUEST = { sell: 'USDC', buy: 'WETH', amounts: ['100', '1000'], chains: [1], models: ['allowance-holder', 'permit2'], overrides: [] } as LadderStatus['request'];

function statusOf(state: LadderStatus['state'], done: number): LadderStatus {
  return {
    runId: 'lad-aaaaaa1', state, request: REQUEST, profileId: 'local', done, total: 4, etaMs: null,
    startedAt: '2026-01-01T00:00:00.000Z', finishedAt: state === 'running' ? null : '2026-01-01T00:00:01.000Z', rows: [], error: null,
  };
}
const ok = (value: LadderStatus): Result<LadderStatus> => ({ ok: true, value });
const failed = (code: 'INTERNAL' | 'NOT_FOUND', message: string): Result<LadderStatus> => ({ ok: false, error: { code, message } });

/** ladder.open answers the ladder running; each ladder.status read takes the next queued answer (the last one repeats). */
function fakeEngine(...queued: Result<LadderStatus>[]) {
  const reads: unknown[] = [];
  const list = () => Promise.resolve({ ok: true, value: { runs: [], unreadable: [] } });
  const api = {
    profiles: { list: () => Promise.resolve({ ok: true, value: { profiles: [] } }) },
    compare: { list },
    ladder: {
      list,
      open: () => Promise.resolve(ok(statusOf('running', 1))),
      status: (input: unknown) => {
        reads.push(input);
        return Promise.resolve(queued.length > 1 ? queued.shift()! : queued[0]!);
      },
    },
  };
  return { api: api as unknown as AppApi, reads };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  delete window.api;
});

describe('LadderState: a status read of the ladder on screen that fails', () => {
  it('is read again, as it was asked, after a pause, and a good read clears the problem', async () => {
    const engine = fakeEngine(failed('INTERNAL', 'boom'), ok(statusOf('done', 4)));
    window.api = engine.api;
    const ladder = new LadderState(new CompareState());
    await ladder.open('lad-aaaaaa1');
    expect(ladder.progressReads.problem).toBe('Progress could not be read: boom. Retrying…');
    expect(ladder.isRunning).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(engine.reads).toEqual([{ runId: 'lad-aaaaaa1' }, { runId: 'lad-aaaaaa1' }]);
    expect(ladder.status?.state).toBe('done');
    expect(ladder.progressReads.problem).toBeNull();
    expect(ladder.failure).toBeNull();
  });

  it('is given up when the ladder no longer exists: the screen stops saying it is running', async () => {
    const engine = fakeEngine(failed('NOT_FOUND', 'No size ladder lad-aaaaaa1'));
    window.api = engine.api;
    const ladder = new LadderState(new CompareState());
    await ladder.open('lad-aaaaaa1');

    expect(ladder.isRunning).toBe(false);
    expect(ladder.progressReads.problem).toMatch(/^The size ladder's progress can no longer be read: No size ladder lad-aaaaaa1\./);
    expect(ladder.status?.done).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.reads).toHaveLength(1);
  });
});

describe('LadderState: a cancel the engine refuses', () => {
  it('is said, since the ladder goes on; a cancel of a ladder already ended says nothing', async () => {
    const engine = fakeEngine(ok(statusOf('running', 1)));
    const ladderApi = (engine.api as unknown as { ladder: Record<string, unknown> }).ladder;
    ladderApi.cancel = () => Promise.resolve({ ok: true, value: { cancelled: false } });
    window.api = engine.api;
    const ladder = new LadderState(new CompareState());
    await ladder.open('lad-aaaaaa1');

    await ladder.cancel();
    expect(ladder.failure).toBeNull();

    ladderApi.cancel = () => Promise.resolve({ ok: false, error: { code: 'INTERNAL', message: 'the engine did not answer' } });
    await ladder.cancel();
    expect(ladder.failure).toBe('The size ladder could not be cancelled: the engine did not answer');
  });
});

describe('LadderState: the first status read of a ladder just started, failing', () => {
  it('takes the ladder before off the screen: its table is not this ladder\'s', async () => {
    const engine = fakeEngine(failed('INTERNAL', 'the engine did not answer'), ok({ ...statusOf('running', 1), runId: 'lad-bbbbbb2' }));
    const ladderApi = (engine.api as unknown as { ladder: Record<string, unknown> }).ladder;
    ladderApi.open = () => Promise.resolve(ok(statusOf('done', 4)));
    ladderApi.start = () => Promise.resolve({ ok: true, value: { runId: 'lad-bbbbbb2', total: 4 } });
    window.api = engine.api;
    const ladder = new LadderState(new CompareState());
    await ladder.open('lad-aaaaaa1');
    expect(ladder.status?.runId).toBe('lad-aaaaaa1');

    ladder.amountsText = '100, 1000';
    await ladder.start();
    expect(ladder.status).toBeNull();
    expect(ladder.progressReads.problem).toBe('Progress could not be read: the engine did not answer. Retrying…');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ladder.status?.runId).toBe('lad-bbbbbb2');
  });
});

describe('LadderState: the past ladders list', () => {
  it('keeps the later of two reads when the earlier one, taken while the ladder went, answers last', async () => {
    const engine = fakeEngine(ok(statusOf('done', 4)));
    const lists: ReturnType<typeof deferred<unknown>>[] = [];
    window.api = {
      ...engine.api,
      ladder: {
        ...engine.api.ladder,
        list: () => {
          const answer = deferred<unknown>();
          lists.push(answer);
          return answer.promise;
        },
      },
    } as unknown as AppApi;
    const ladder = new LadderState(new CompareState());
    // Opened while it runs (the list is read then), and followed to its end (read again).
    await ladder.open('lad-aaaaaa1');
    expect(ladder.status?.state).toBe('done');
    expect(lists).toHaveLength(2);
    lists[1]!.resolve({ ok: true, value: { runs: [ladderSummaryOf(statusOf('done', 4))], unreadable: [] } });
    await vi.advanceTimersByTimeAsync(0);
    // The read taken while the ladder went answers last, on a busy machine.
    lists[0]!.resolve({ ok: true, value: { runs: [ladderSummaryOf(statusOf('running', 1))], unreadable: [] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(ladder.pastRuns.map((run) => run.state)).toEqual(['done']);
  });
});
