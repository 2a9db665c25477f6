import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../src/ipc/result.ts';
import { BackgroundRunFollower, LIST_POLL_MS, type ListedRun } from './running-entries.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('BackgroundRunFollower', () => {
  it('reads a run whose status read failed again, so that its entry does not say running after it ended', async () => {
    const answers: Result<ListedRun>[] = [
      { ok: false, error: { code: 'INTERNAL', message: 'The data worker stopped' } },
      { ok: true, value: { runId: 'cmp-a', state: 'done' } },
    ];
    const reads: string[] = [];
    const applied: ListedRun[][] = [];
    const follower = new BackgroundRunFollower(
      (runId: string) => {
        reads.push(runId);
        return Promise.resolve(answers.shift()!);
      },
      (status: ListedRun) => status,
      (entries) => applied.push(entries),
      () => null,
    );
    follower.follow(['cmp-a']);
    await vi.advanceTimersByTimeAsync(LIST_POLL_MS * 3);
    expect(reads).toEqual(['cmp-a', 'cmp-a']);
    expect(applied.flat()).toEqual([{ runId: 'cmp-a', state: 'done' }]);
    follower.follow([]);
  });

  it('hands a run that no longer exists (NOT_FOUND) to onGone and reads it no more', async () => {
    const reads: string[] = [];
    const gone: string[] = [];
    const follower = new BackgroundRunFollower(
      (runId: string): Promise<Result<ListedRun>> => {
        reads.push(runId);
        return Promise.resolve({ ok: false, error: { code: 'NOT_FOUND', message: `No comparison ${runId}` } });
      },
      (status: ListedRun) => status,
      () => {},
      () => null,
      (runIds) => gone.push(...runIds),
    );
    follower.follow(['cmp-a']);
    await vi.advanceTimersByTimeAsync(LIST_POLL_MS * 5);
    expect(reads).toEqual(['cmp-a']);
    expect(gone).toEqual(['cmp-a']);
  });
});
