import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The files the test runners' reliability reporters leave for build/reliability-report.ts: one per
 * runner, the tagged cases of its last run with their results.
 */

/**
 * Not under test-results/: Playwright empties its outputDir when it starts, which would delete the
 * unit tests' file between `npm run test:unit` and the report. Git-ignored.
 */
export const RESULTS_DIR = fileURLToPath(new URL('../../reliability-results/', import.meta.url));

/** The runners that write a file. */
export type Runner = 'vitest' | 'playwright';

/** A case as a test tags it (the Playwright annotation's JSON). */
export const RecordSchema = z.object({
  // A string, not the known areas: a Playwright test may name an area the report does not know yet,
  // and it is then shown under its own heading rather than dropped.
  area: z.string().min(1),
  done: z.string(),
  must: z.string(),
  observed: z.string(),
});

const RowSchema = RecordSchema.extend({
  file: z.string(),
  name: z.string(),
  result: z.enum(['pass', 'fail', 'skip']),
  durationMs: z.number().nullable(),
});

/** A test run more than once (Playwright's one retry): what ended its first attempt, and how it ended. */
const RetrySchema = z.object({
  file: z.string(),
  name: z.string(),
  /** The first line of the error that ended the first attempt. */
  firstFailure: z.string(),
  result: z.enum(['pass', 'fail', 'skip']),
});

const RunSchema = z.object({
  runner: z.enum(['vitest', 'playwright']),
  finishedAt: z.string(),
  node: z.string(),
  /** The tested commit, `-dirty` with uncommitted changes; null outside a git checkout. */
  commit: z.string().nullable(),
  rows: z.array(RowSchema),
  /** Every test that was retried (e2e only; absent in files written before retries were allowed). */
  retried: z.array(RetrySchema).optional(),
});

/** A retried test, as the report lists it. */
export type ReliabilityRetry = z.infer<typeof RetrySchema>;

/** One tagged case with its outcome in the run. */
export type ReliabilityRow = z.infer<typeof RowSchema>;

/** One runner's last run. */
export type ReliabilityRun = z.infer<typeof RunSchema>;

/** Where `runner`'s file lives. */
export function runPath(runner: Runner, dir = RESULTS_DIR): string {
  return join(dir, `${runner}.json`);
}

/** The checkout's short commit, with `-dirty` when tracked files have uncommitted changes; null when git cannot tell. */
export function currentCommit(): string | null {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    // Not a checkout (an unpacked source archive) or no git: the report says "unknown".
    return null;
  }
}

/** Writes a run's file, replacing the previous run's. */
export function writeRun(run: ReliabilityRun, dir = RESULTS_DIR): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(runPath(run.runner, dir), `${JSON.stringify(run, null, 2)}\n`);
}

/** Reads a run's file: null when that runner has not run; throws naming the field when it is malformed. */
export function readRun(runner: Runner, dir = RESULTS_DIR): ReliabilityRun | null {
  const path = runPath(runner, dir);
  if (!existsSync(path)) return null;
  const parsed = RunSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return parsed.data;
}
