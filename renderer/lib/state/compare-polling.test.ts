import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import type { Result } from '../../../src/ipc/result.ts';
import type { RunStatus } from '../../../src/ipc/channels/compare.ts';
import { summaryOf } from '../../../src/ipc/channels/run-summary.ts';
import { CompareState } from './compare.svelte.ts';
import { deferred } from './test-support.ts';

const REQUEST = { sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1], models: ['allowance-holder', 'permit2'], overrides: [] } as RunStatus['request'];

function statusOf(runId: string, state: RunStatus['state'], done: number): RunStatus {
  return {
    runId, state, request: REQUEST, profileId: 'local', done, total: 4, etaMs: null,
    startedAt: '2026-01-01T00:00:00.000Z', finishedAt: state === 'running' ? null : '2026-01-01T00:00:01.000Z', rows: [], error: null,
  };
}
const ok = (value: RunStatus): Result<RunStatus> => ({ ok: true, value });
const failed = (code: 'INTERNAL' | 'NOT_FOUND' | 'STORAGE', message: string): Result<RunStatus> => ({ ok: false, error: { code, message } });

/**
 * The engine as the Compare state sees it: compare.open answers each run's status, and each
 * compare.status read takes the next answer the test queued for its run (the last one repeats).
 */
function fakeEngine(opened: Record<string, RunStatus>) {
  const reads: string[] = [];
  const answers = new Map<string, (Result<RunStatus> | Promise<Result<RunStatus>>)[]>();
  const api = {
    profiles: { list: () => Promise.resolve({ ok: true, value: { profiles: [] } }) },
    compare: {
      open: ({ runId }: { runId: string }) => Promise.resolve(ok(opened[runId]!)),
      status: ({ runId }: { runId: string }) => {
        reads.push(runId);
        const queue = answers.get(runId) ?? [];
        return Promise.resolve(queue.length > 1 ? queue.shift()! : queue[0]!);
      },
      list: () => Promise.resolve({ ok: true, value: { runs: [], unreadable: [] } }),
      cancel: () => Promise.resolve({ ok: true, value: { cancelled: false } }),
    },
  };
  return {
    api: api as unknown as AppApi,
    reads,
    /** The answers the run's next status reads get, in order. */
    answer(runId: string, ...queued: (Result<RunStatus> | Promise<Result<RunStatus>>)[]) {
      answers.set(runId, queued);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  delete window.api;
});

describe('CompareState: a status read of the run on screen that fails', () => {
  it('is read again after a pause, saying so meanwhile, and a good read clears that and follows the run to its end', async () => {
    const engine = fakeEngine({ 'cmp-a': statusOf('cmp-a', 'running', 1) });
    window.api = engine.api;
    engine.answer('cmp-a', failed('INTERNAL', 'The data worker stopped'), ok(statusOf('cmp-a', 'running', 2)), ok(statusOf('cmp-a', 'done', 4)));
    const compare = new CompareState();
    await compare.open('cmp-a');
    expect(compare.progressReads.problem).toBe('Progress could not be read: The data worker stopped. Retrying…');
    // Still followed: the run goes on in the main process and the screen says so.
    expect(compare.isRunning).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(engine.reads.length).toBeGreaterThanOrEqual(3);
    expect(compare.status?.state).toBe('done');
    expect(compare.status?.done).toBe(4);
    expect(compare.progressReads.problem).toBeNull();
    expect(compare.failure).toBeNull();
  });

  it('is given up after failing again and again: the screen stops saying the run is running and says what to do', async () => {
    const engine = fakeEngine({ 'cmp-a': statusOf('cmp-a', 'running', 1) });
    window.api = engine.api;
    engine.answer('cmp-a', failed('STORAGE', 'The comparison file could not be read'));
    const compare = new CompareState();
    await compare.open('cmp-a');

    await vi.advanceTimersByTimeAsync(60_000);
    expect(compare.isRunning).toBe(false);
    expect(compare.progressReads.hasGivenUp).toBe(true);
    expect(compare.progressReads.problem).toMatch(/^The comparison's progress can no longer be read: The comparison file could not be read\./);
    expect(compare.progressReads.problem).toMatch(/as last read \(1\/4 requests\), not current\. The comparison may still be going: reopen it from Past comparisons to read it again\.$/);
    // The last figures read stay on screen, and nothing reads the run any more.
    expect(compare.status?.done).toBe(1);
    const reads = engine.reads.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.reads).toHaveLength(reads);
  });

  it('given up before any answer was read, says none was rather than pointing at figures below', async () => {
    const engine = fakeEngine({ 'cmp-a': statusOf('cmp-a', 'running', 0) });
    window.api = engine.api;
    engine.answer('cmp-a', failed('STORAGE', 'The comparison file could not be read'));
    const compare = new CompareState();
    await compare.open('cmp-a');

    await vi.advanceTimersByTimeAsync(60_000);
    expect(compare.progressReads.hasGivenUp).toBe(true);
    expect(compare.progressReads.problem).toMatch(/\. No answer had been read \(0\/4 requests\)\. The comparison may still be going/);
    expect(compare.progressReads.problem).not.toMatch(/figures below/);
  });

  it('is given up at once when the run no longer exists (NOT_FOUND)', async () => {
    const engine = fakeEngine({ 'cmp-a': statusOf('cmp-a', 'running', 1) });
    window.api = engine.api;
    engine.answer('cmp-a', failed('NOT_FOUND', 'No comparison cmp-a'));
    const compare = new CompareState();
    await compare.open('cmp-a');

    expect(compare.isRunning).toBe(false);
    expect(compare.progressReads.problem).toMatch(/^The comparison's progress can no longer be read: No comparison cmp-a\./);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.reads).toEqual(['cmp-a']);
  });

  it('is not read again, nor put back on screen, once another run is opened during the retries', async () => {
    const engine = fakeEngine({ 'cmp-a': statusOf('cmp-a', 'running', 1), 'cmp-b': statusOf('cmp-b', 'done', 4) });
    window.api = engine.api;
    const retry = deferred<Result<RunStatus>>();
    engine.answer('cmp-a', failed('INTERNAL', 'boom'), retry.promise);
    const compare = new CompareState();
    await compare.open('cmp-a');
    // The retry of run A is on its way when the user opens run B from the past runs.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(engine.reads).toEqual(['cmp-a', 'cmp-a']);
    await compare.open('cmp-b');
    expect(compare.progressReads.problem).toBeNull();

    retry.resolve(ok(statusOf('cmp-a', 'running', 3)));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(compare.status?.runId).toBe('cmp-b');
    expect(compare.isRunning).toBe(false);
    expect(compare.progressReads.problem).toBeNull();
    expect(engine.reads).toEqual(['cmp-a', 'cmp-a']);
  });
});

describe('CompareState: a cancel the engine refuses', () => {
  it('is said, since the run goes on; a cancel of a run already ended says nothing', async () => {
    const engine = fakeEngine({ 'cmp-a': statusOf('cmp-a', 'running', 1) });
    window.api = engine.api;
    engine.answer('cmp-a', ok(statusOf('cmp-a', 'running', 1)));
    const compare = new CompareState();
    await compare.open('cmp-a');

    await compare.cancel();
    expect(compare.failure).toBeNull();

    const cancel = (engine.api as unknown as { compare: { cancel: unknown } }).compare;
    cancel.cancel = () => Promise.resolve({ ok: false, error: { code: 'INTERNAL', message: 'the engine did not answer' } });
    await compare.cancel();
    expect(compare.failure).toBe('The comparison could not be cancelled: the engine did not answer');
  });
});

describe('CompareState: the first status read of a run just started, failing', () => {
  it('takes the run before off the screen: its table is not this run\'s', async () => {
    const engine = fakeEngine({ 'cmp-a': statusOf('cmp-a', 'done', 4) });
    const compareApi = (engine.api as unknown as { compare: Record<string, unknown> }).compare;
    compareApi.start = () => Promise.resolve({ ok: true, value: { runId: 'cmp-b', total: 4 } });
    engine.answer('cmp-b', failed('INTERNAL', 'the engine did not answer'), ok(statusOf('cmp-b', 'running', 1)));
    window.api = engine.api;
    const compare = new CompareState();
    await compare.open('cmp-a');
    expect(compare.status?.runId).toBe('cmp-a');

    await compare.start();
    expect(compare.status).toBeNull();
    expect(compare.progressReads.problem).toBe('Progress could not be read: the engine did not answer. Retrying…');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(compare.status?.runId).toBe('cmp-b');
    expect(compare.progressReads.problem).toBeNull();
  });
});

describe('CompareState: the open detail, read again', () => {
  const side = (state: string, entryId: number | null) => ({ state, entryId });
  // The row with `answered` of its two sides answered (Allowance Holder first).
  const withRow = (status: RunStatus, answered: 0 | 1 | 2): RunStatus => ({
    ...status,
    rows: [{ chainId: 1, chainName: 'Ethereum', sellToken: { symbol: 'USDC' }, buyToken: { symbol: 'WETH' }, allowanceHolder: answered > 0 ? side('ok', 7) : side('pending', null), permit2: answered > 1 ? side('ok', 8) : side('pending', null) }] as unknown as RunStatus['rows'],
  });

  it('says a failure to read it at the top, and takes that back once a later read answers', async () => {
    const engine = fakeEngine({ 'cmp-a': withRow(statusOf('cmp-a', 'running', 0), 0) });
    const compareApi = (engine.api as unknown as { compare: Record<string, unknown> }).compare;
    const detail = { chainId: 1, allowanceHolder: null, permit2: null };
    const detailAnswers = [{ ok: true, value: detail }, { ok: false, error: { code: 'STORAGE', message: 'The comparison file could not be read' } }, { ok: true, value: detail }];
    compareApi.detail = () => Promise.resolve(detailAnswers.length > 1 ? detailAnswers.shift() : detailAnswers[0]);
    engine.answer('cmp-a', ok(withRow(statusOf('cmp-a', 'running', 0), 0)), ok(withRow(statusOf('cmp-a', 'running', 1), 1)), ok(withRow(statusOf('cmp-a', 'done', 2), 2)));
    window.api = engine.api;
    const compare = new CompareState();
    await compare.open('cmp-a');
    await compare.openDetail(1);
    expect(compare.detail).not.toBeNull();

    // A side answered: the detail is read again, and that read fails (the one shown stays).
    await vi.advanceTimersByTimeAsync(200);
    expect(compare.failure).toBe('The comparison file could not be read');
    expect(compare.detail).not.toBeNull();
    // The other side answered: read again, it answers, and the failure is over.
    await vi.advanceTimersByTimeAsync(200);
    expect(compare.status?.state).toBe('done');
    expect(compare.failure).toBeNull();
  });
});

describe('CompareState: the past runs list', () => {
  it('keeps the later of two reads when the earlier one, taken while the run went, answers last', async () => {
    const engine = fakeEngine({ 'cmp-a': statusOf('cmp-a', 'running', 1) });
    engine.answer('cmp-a', ok(statusOf('cmp-a', 'done', 4)));
    const lists: ReturnType<typeof deferred<unknown>>[] = [];
    window.api = {
      ...engine.api,
      compare: {
        ...engine.api.compare,
        list: () => {
          const answer = deferred<unknown>();
          lists.push(answer);
          return answer.promise;
        },
      },
    } as unknown as AppApi;
    const compare = new CompareState();
    // Opened while it runs (the list is read then), and followed to its end (read again).
    await compare.open('cmp-a');
    expect(compare.status?.state).toBe('done');
    expect(lists).toHaveLength(2);
    lists[1]!.resolve({ ok: true, value: { runs: [summaryOf(statusOf('cmp-a', 'done', 4))], unreadable: [] } });
    await vi.advanceTimersByTimeAsync(0);
    // The read taken while the run went answers last, on a busy machine.
    lists[0]!.resolve({ ok: true, value: { runs: [summaryOf(statusOf('cmp-a', 'running', 1))], unreadable: [] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(compare.pastRuns.map((run) => run.state)).toEqual(['done']);
  });
});
