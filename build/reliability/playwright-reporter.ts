import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { currentCommit, RecordSchema, RESULTS_DIR, writeRun, type ReliabilityRetry, type ReliabilityRow } from './results.ts';

/**
 * Playwright reporter: every `reliability` annotation, with its test's status and duration, into
 * reliability-results/playwright.json. A test tags a case with
 *   test.info().annotations.push({ type: 'reliability', description: JSON.stringify({ area, done, must, observed }) });
 * Registered next to the list reporter in playwright.config.ts. Every retried test is listed with
 * what ended its first attempt, so the report shows each retry worker-crash-retries.ts allowed.
 */

const RESULTS: Record<TestResult['status'], ReliabilityRow['result']> = {
  passed: 'pass',
  failed: 'fail',
  timedOut: 'fail',
  interrupted: 'fail',
  skipped: 'skip',
};

/** Where the run's file goes: the project's results folder unless the config names another (its tests do). */
export interface ReliabilityReporterOptions {
  dir?: string;
}

/** Collects the annotated cases of each test's last attempt and writes them when the run ends. */
export default class ReliabilityReporter implements Reporter {
  // By test id: a retried test's last attempt replaces the earlier ones.
  private readonly rows = new Map<string, ReliabilityRow[]>();
  // By test id: the first line of the error that ended a failed first attempt.
  private readonly firstFailures = new Map<string, string>();
  // By test id: each retried test, with that line and its retry's outcome.
  private readonly retried = new Map<string, ReliabilityRetry>();
  private readonly dir: string;

  constructor(options: ReliabilityReporterOptions = {}) {
    this.dir = options.dir ?? RESULTS_DIR;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(process.cwd(), test.location.file);
    if (result.retry === 0 && result.status !== 'passed') this.firstFailures.set(test.id, (result.errors[0]?.message ?? `status ${result.status}`).split('\n')[0]!);
    if (result.retry > 0) this.retried.set(test.id, { file, name: test.title, firstFailure: this.firstFailures.get(test.id) ?? 'unknown', result: RESULTS[result.status] });
    const rows = result.annotations
      .filter((annotation) => annotation.type === 'reliability')
      .map((annotation): ReliabilityRow => {
        const where = { file, name: test.title, durationMs: result.duration };
        const record = RecordSchema.safeParse(parseJson(annotation.description));
        if (record.success) return { ...record.data, ...where, result: RESULTS[result.status] };
        // Kept as a failed row that says what is wrong, rather than dropped or fatal to the run.
        return { area: 'invalid', done: '', must: 'a reliability annotation is the JSON of {area, done, must, observed}', observed: String(annotation.description), ...where, result: 'fail' };
      });
    if (rows.length > 0) this.rows.set(test.id, rows);
  }

  onEnd(): void {
    const rows = [...this.rows.values()].flat();
    writeRun({ runner: 'playwright', finishedAt: new Date().toISOString(), node: process.version, commit: currentCommit(), rows, retried: [...this.retried.values()] }, this.dir);
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
