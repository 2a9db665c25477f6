import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FAILURES, ProgressReads } from './progress-reads.svelte.ts';
import { StatusReads, type ReadStatus } from './status-reads.ts';

const running: ReadStatus = { runId: 'run-a', state: 'running', done: 1, total: 4 };
const FAILED = { code: 'INTERNAL' as const, message: 'The data worker stopped' };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('StatusReads', () => {
  it('reads a failed run again after a pause, and once given up stops and has the past runs read again', () => {
    const stopped: string[] = [];
    const reads = new StatusReads<ReadStatus>(new ProgressReads('comparison', 'Past comparisons'), () => stopped.push('list read'));
    reads.current = 'run-a';
    let readAgain = 0;
    for (let failure = 1; failure < MAX_FAILURES; failure++) {
      expect(reads.failed('run-a', running, FAILED, () => readAgain++)).toBe(running);
      vi.runOnlyPendingTimers();
    }
    expect(readAgain).toBe(MAX_FAILURES - 1);
    expect(stopped).toEqual([]);
    reads.failed('run-a', running, FAILED, () => readAgain++);
    expect(stopped).toEqual(['list read']);
    expect(reads.current).toBeNull();
    vi.runOnlyPendingTimers();
    expect(readAgain).toBe(MAX_FAILURES - 1);
  });

  it('keeps off the screen a status of another run than the one whose read failed', () => {
    const reads = new StatusReads<ReadStatus>(new ProgressReads('comparison', 'Past comparisons'), () => undefined);
    expect(reads.failed('run-b', running, FAILED, () => undefined)).toBeNull();
  });

  it('resumes a run only while it is going and not already read', () => {
    const reads = new StatusReads<ReadStatus>(new ProgressReads('comparison', 'Past comparisons'), () => undefined);
    const resumed: string[] = [];
    reads.resume({ ...running, state: 'done' }, (status) => resumed.push(status.runId));
    reads.resume(null, (status) => resumed.push(status.runId));
    expect(resumed).toEqual([]);
    reads.resume(running, (status) => resumed.push(status.runId));
    expect(resumed).toEqual(['run-a']);
    expect(reads.current).toBe('run-a');
    reads.resume(running, (status) => resumed.push(status.runId));
    expect(resumed).toEqual(['run-a']);
  });
});
