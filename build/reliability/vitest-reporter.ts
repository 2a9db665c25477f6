import type { Reporter, TestCase, TestModule } from 'vitest/node';
// For its TaskMeta augmentation, which types meta().reliability.
import '../../src/test-support/reliability.ts';
import { currentCommit, writeRun, type ReliabilityRow } from './results.ts';

/**
 * Vitest reporter: every test tagged with recordReliability, with its result and duration, into
 * reliability-results/vitest.json. Registered next to the default reporter in vitest.config.ts.
 */

const RESULTS: Record<ReturnType<TestCase['result']>['state'], ReliabilityRow['result']> = {
  passed: 'pass',
  failed: 'fail',
  skipped: 'skip',
  // Not finished when the run ended (interrupted): it did not pass.
  pending: 'fail',
};

function rowOf(test: TestCase): ReliabilityRow | null {
  const record = test.meta().reliability;
  if (!record) return null;
  return { ...record, file: test.module.relativeModuleId, name: test.name, result: RESULTS[test.result().state], durationMs: test.diagnostic()?.duration ?? null };
}

/** Writes the tagged cases when the run ends. */
export default class ReliabilityReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.flatMap((module) => [...module.children.allTests()].map(rowOf).filter((row) => row !== null));
    writeRun({ runner: 'vitest', finishedAt: new Date().toISOString(), node: process.version, commit: currentCommit(), rows });
  }
}
