import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRun } from './results.ts';
import { isRuntimeCrash, retryVerdict, type Attempt } from './worker-crash-retries.ts';

const died = (signal: string): Attempt => ({ status: 'failed', errors: [{ message: `Error: worker process exited unexpectedly (code=null, signal=${signal})` }] });
const crashed = died('SIGTRAP');
const asserted: Attempt = { status: 'failed', errors: [{ message: 'Error: expect(received).toBe(expected)\n\nExpected: 1' }] };
const passed: Attempt = { status: 'passed', errors: [] };

describe('retryVerdict', () => {
  it('allows a retry after a runtime crash, and no other', () => {
    for (const signal of ['SIGTRAP', 'SIGSEGV', 'SIGABRT']) expect(isRuntimeCrash(died(signal))).toBe(true);
    expect(isRuntimeCrash(died('SIGKILL'))).toBe(false);
    expect(isRuntimeCrash({ status: 'failed', errors: [{ message: 'Error: worker process exited unexpectedly (code=3, signal=null)' }] })).toBe(false);
    expect(retryVerdict([crashed, passed])).toEqual({ allowed: true });
    expect(retryVerdict([asserted, passed])).toEqual({ allowed: false, reason: 'Error: expect(received).toBe(expected)' });
    expect(retryVerdict([{ status: 'timedOut', errors: [] }, passed])).toEqual({ allowed: false, reason: 'status timedOut' });
  });

  it('does not take a crash message beside another error for a crash alone', () => {
    expect(isRuntimeCrash({ status: 'failed', errors: [...crashed.errors, ...asserted.errors] })).toBe(false);
  });
});

// The guard under Playwright itself, with the project's retry policy, on tests that fail once each.
describe.concurrent('the worker-crash guard in a Playwright run', () => {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const config = join(import.meta.dirname, 'test-support/crash-retries/playwright.config.ts');
  let dir: string;
  // The crashing workers' cwd: a core file, where the machine writes one, lands there.
  beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'crash-retries-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  function playwright(file: string): Promise<{ code: number; output: string }> {
    return new Promise((resolve) => {
      const env = { ...process.env, CI: '1', FORCE_COLOR: '0', CRASH_RETRIES_RESULTS: join(dir, file, 'reliability') };
      execFile(process.execPath, [cli, 'test', '-c', config, '--output', join(dir, file, 'output'), file], { cwd: dir, env }, (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code), output: stdout + stderr }),
      );
    });
  }

  it('passes a run whose only failure was V8 killing the worker, and names the test', async () => {
    const run = await playwright('v8-crash.spec.ts');
    expect(run.output).toContain("Retried after its worker's runtime crashed (build/reliability/worker-crash-retries.ts says why): v8-crash.spec.ts:4 › killed by SIGTRAP once: Error: worker process exited unexpectedly (code=null, signal=SIGTRAP); passed on its retry.");
    expect(run.code).toBe(0);
    // The reliability report lists the retry with what ended the first attempt.
    const retried = readRun('playwright', join(dir, 'v8-crash.spec.ts', 'reliability'))?.retried;
    expect(retried).toEqual([{ file: expect.stringMatching(/crash-retries\/v8-crash\.spec\.ts$/), name: 'killed by SIGTRAP once', firstFailure: 'Error: worker process exited unexpectedly (code=null, signal=SIGTRAP)', result: 'pass' }]);
  });

  it('fails a run whose test failed an assertion, though it passed on its retry', async () => {
    const run = await playwright('flaky.spec.ts');
    expect(run.output).toContain('so its retry does not count and the run fails: flaky.spec.ts:4 › fails its assertion once: Error: the attempt');
    expect(run.code).toBe(1);
  });

  it('passes a run whose worker crashed by SIGSEGV, as the runtime did once in e2e', async () => {
    const run = await playwright('segfault.spec.ts');
    expect(run.output).toContain('segfault.spec.ts:4 › killed by SIGSEGV once: Error: worker process exited unexpectedly (code=null, signal=SIGSEGV); passed on its retry.');
    expect(run.code).toBe(0);
  });

  it('fails a run whose worker was killed from outside (SIGKILL), though the test passed on its retry', async () => {
    const run = await playwright('killed.spec.ts');
    expect(run.output).toContain('so its retry does not count and the run fails: killed.spec.ts:5 › killed by SIGKILL once: Error: worker process exited unexpectedly (code=null, signal=SIGKILL)');
    expect(run.code).toBe(1);
  });
});
