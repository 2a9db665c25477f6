import type { TestContext } from 'vitest';

/**
 * Tags a test as one case of docs/RELIABILITY.md (issue 7, item 7). The vitest reporter
 * (build/reliability/vitest-reporter.ts) collects the tags with each test's result; Playwright tests
 * push the same record as a `reliability` annotation (build/reliability/playwright-reporter.ts).
 */

/** The report's areas, in the order docs/RELIABILITY.md lists them, with their headings. */
export const RELIABILITY_AREAS = {
  faults: 'Fault suite: misbehaving servers and timeouts',
  tls: 'Fault suite: TLS and transport refusals',
  history: 'History durability',
  ipc: 'IPC fuzzing',
  'key-canary': 'Key confidentiality canary',
  'security-gate': 'Static security gate',
  packaging: 'Packaging configuration',
} as const;

/** One of the report's areas. */
export type ReliabilityArea = keyof typeof RELIABILITY_AREAS;

/** One case: what the test does to the app, what the app must do, and what this run saw. */
export interface ReliabilityRecord {
  area: ReliabilityArea;
  done: string;
  must: string;
  /** Built from the values the test saw, never a constant, so the report shows this run's outcome. */
  observed: string;
}

declare module 'vitest' {
  interface TaskMeta {
    reliability?: ReliabilityRecord;
  }
}

/**
 * Attaches `record` to the running test. Call it once the outcome is known and before asserting on
 * it, so that a failing assertion still reports what was observed.
 * @example recordReliability(task, { area: 'faults', done: '…', must: '…', observed: `${entry.appError?.code}` });
 */
export function recordReliability(task: TestContext['task'], record: ReliabilityRecord): void {
  task.meta.reliability = record;
}
