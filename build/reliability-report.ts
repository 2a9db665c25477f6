import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReliability } from './reliability/markdown.ts';
import { readRun, runPath } from './reliability/results.ts';

// docs/RELIABILITY.md (issue 7, item 7) from the files the vitest and Playwright reliability
// reporters wrote in the last test run. The last step of `npm test`.
//   node build/reliability-report.ts

/** Writes the report; returns the process exit code (1 when the unit tests have not run). */
export function writeReport(target: string): number {
  const vitest = readRun('vitest');
  if (!vitest) {
    console.error(`reliability: ${runPath('vitest')} is missing: run the unit tests first (npm run test:unit).`);
    return 1;
  }
  writeFileSync(target, renderReliability({ vitest, playwright: readRun('playwright') }));
  console.log(`reliability: wrote ${target}`);
  return 0;
}

if (import.meta.main) {
  process.exitCode = writeReport(join(import.meta.dirname, '../docs/RELIABILITY.md'));
}
