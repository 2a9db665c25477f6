import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { currentCommit, RecordSchema, writeRun, type ReliabilityRow } from './results.ts';

/**
 * Playwright reporter: every `reliability` annotation, with its test's status and duration, into
 * reliability-results/playwright.json. A test tags a case with
 *   test.info().annotations.push({ type: 'reliability', description: JSON.stringify({ area, done, must, observed }) });
 * Registered next to the list reporter in playwright.config.ts.
 */

const RESULTS: Record<TestResult['status'], ReliabilityRow['result']> = {
  passed: 'pass',
  failed: 'fail',
  timedOut: 'fail',
  interrupted: 'fail',
  skipped: 'skip',
};

/** Collects the annotated cases of each test's last attempt and writes them when the run ends. */
export default class ReliabilityReporter implements Reporter {
  // By test id: a retried test's last attempt replaces the earlier ones.
  private readonly rows = new Map<string, ReliabilityRow[]>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const rows = result.annotations
      .filter((annotation) => annotation.type === 'reliability')
      .map((annotation): ReliabilityRow => {
        const where = { file: relative(process.cwd(), test.location.file), name: test.title, durationMs: result.duration };
        const record = RecordSchema.safeParse(parseJson(annotation.description));
        if (record.success) return { ...record.data, ...where, result: RESULTS[result.status] };
        // Kept as a failed row that says what is wrong, rather than dropped or fatal to the run.
        return { area: 'invalid', done: '', must: 'a reliability annotation is the JSON of {area, done, must, observed}', observed: String(annotation.description), ...where, result: 'fail' };
      });
    if (rows.length > 0) this.rows.set(test.id, rows);
  }

  onEnd(): void {
    writeRun({ runner: 'playwright', finishedAt: new Date().toISOString(), node: process.version, commit: currentCommit(), rows: [...this.rows.values()].flat() });
  }

  printsToStdio(): boolean {
    return false;
  }
}

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}
