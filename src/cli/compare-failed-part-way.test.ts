import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompareRequestSchema } from '../ipc/channels/compare.ts';
import { createCompareRunner } from '../core/compare/runner.ts';
import { createRunStore } from '../core/compare/run-store.ts';
import { profileUnusableAfter, startCompareRig, type CompareRig } from '../core/compare/test-support.ts';
import type { FinishedRun } from './compare-run.ts';
import { reportRun } from './compare-report.ts';
import { sideText } from './compare-format.ts';

// A comparison against the local service that fails part-way: Ethereum's two sides are answered,
// then the profile is refused (NOT_CONFIGURED) and Optimism's are never sent. compare printed
// Optimism's sides as "cancelled" (nobody cancelled them) under a bare error line.

let rig: CompareRig;
let finished: FinishedRun;
beforeAll(async () => {
  rig = await startCompareRig();
  const runner = createCompareRunner({ requests: profileUnusableAfter(rig, 2), store: createRunStore(rig.dataDir), defaultProfileId: 'local' });
  const status = await runner.start(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1, 10] })).finished;
  const details: FinishedRun['details'] = {};
  for (const row of status.rows) details[row.chainId] = await runner.detail(status.runId, row.chainId);
  finished = { status, details, profile: { id: 'local', name: 'Local service' }, isInterrupted: false };
});
afterAll(() => rig.close());

function printed(format: 'table' | 'csv' | 'json') {
  const io = { stdout: '', stderr: '' };
  const code = reportRun(finished, format, undefined, { stdout: (text) => (io.stdout += text), stderr: (text) => (io.stderr += text) });
  return { code, ...io };
}

const FAILED_LINE = 'swap-explorer compare: the run failed after 2/4 requests: The API key stored for Local service cannot be sent: it was removed. Enter it again in Settings.; the answers are shown, the sides not answered say "run failed (NOT_CONFIGURED)"\n';

describe('compare of a run that failed part-way', () => {
  it('names a side the failed run left by the failure, not as cancelled', () => {
    expect(finished.status.state).toBe('failed');
    const optimism = finished.status.rows.find((row) => row.chainId === 10)!;
    expect(sideText(optimism.allowanceHolder, 18)).toBe('run failed (NOT_CONFIGURED)');
  });

  it('prints the answered chain, the other chain\'s sides as "run failed (NOT_CONFIGURED)", and why on stderr; exits 1', () => {
    const ran = printed('table');
    expect(ran.code).toBe(1);
    const optimism = ran.stdout.split('\n').find((line) => line.startsWith('Optimism'))!;
    expect(optimism.match(/run failed \(NOT_CONFIGURED\)/g)).toHaveLength(2);
    expect(ran.stdout).not.toContain('cancelled');
    expect(ran.stderr).toBe(FAILED_LINE);
  });

  it('says run-failed with the error name in CSV and JSON, and the run as failed', () => {
    const csv = printed('csv');
    expect(csv.code).toBe(1);
    expect(csv.stdout).not.toContain('cancelled');
    expect(csv.stdout).toContain('run-failed,NOT_CONFIGURED,');
    expect(csv.stdout).toContain('failed: 2/4 requests answered');
    const json = printed('json');
    expect(json.stderr).toBe(FAILED_LINE);
    const exported = JSON.parse(json.stdout) as { run: unknown; rows: { chainId: number; allowanceHolder: { state: string; errorName: string | null } }[] };
    expect(exported.run).toEqual({ state: 'failed', done: 2, total: 4 });
    expect(exported.rows.find((row) => row.chainId === 10)!.allowanceHolder).toMatchObject({ state: 'run-failed', errorName: 'NOT_CONFIGURED' });
  });
});
