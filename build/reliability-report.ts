import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReliability } from './reliability/markdown.ts';
import { readRun, runPath } from './reliability/results.ts';

// docs/RELIABILITY.md (issue 7, item 7) from the files the vitest and Playwright reliability
// reporters wrote in the last test run. The last step of `npm test`.
//   node build/reliability-report.ts

function shortCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    // Not a checkout (an unpacked source archive): the report says "unknown" rather than failing.
    return null;
  }
}

/** Writes the report; returns the process exit code (1 when the unit tests have not run). */
export function writeReport(target: string): number {
  const vitest = readRun('vitest');
  if (!vitest) {
    console.error(`reliability: ${runPath('vitest')} is missing: run the unit tests first (npm run test:unit).`);
    return 1;
  }
  writeFileSync(target, renderReliability({ vitest, playwright: readRun('playwright'), commit: shortCommit() }));
  console.log(`reliability: wrote ${target}`);
  return 0;
}

if (import.meta.main) {
  process.exitCode = writeReport(join(import.meta.dirname, '../docs/RELIABILITY.md'));
}
