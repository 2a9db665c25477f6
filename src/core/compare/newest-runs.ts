import { readdir } from 'node:fs/promises';
import { AppError } from '../../ipc/result.ts';

/**
 * The newest `limit` runs of a folder of run files (comparisons/, ladders/), newest first, reading
 * only as many files as it returns (plus any it skips as damaged).
 *
 * Folders are pruned only with the history's retention (prune-runs.ts), so an analyst's CLI loop
 * leaves thousands of runs: reading every file to list the 100 newest took 250-400 ms for 1,089
 * one-chain comparisons, each time the Compare screen listed its past runs. A run id starts with its start time in base 36 (`cmp-`/`lad-`, then
 * 8 digits from 1973 to 2059, then random hex: runner.ts, ladder-runner.ts), so names sorted
 * backwards are newest first and the files are read in that order until `limit` have been found.
 * What is returned is sorted by each run's own `startedAt`, which the id's time equals.
 *
 * @param summaryOf reads one run by id; null (or a rejection) skips a damaged file rather than hiding the others
 * @param what the folder's contents in a sentence ("comparisons"), for the STORAGE error
 * @param onUnreadable told of each file skipped for a rejection, with its message, so the user hears of it
 */
export async function newestRuns<T extends { startedAt: string }>(
  dir: string,
  limit: number,
  summaryOf: (runId: string) => Promise<T | null>,
  what: string,
  onUnreadable: (runId: string, message: string) => void = () => {},
): Promise<T[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new AppError('STORAGE', `The ${what} could not be listed: ${(error as Error).message}`);
  }
  names.sort().reverse();
  const summaries: T[] = [];
  for (const name of names) {
    if (summaries.length >= limit) break;
    const runId = name.slice(0, -'.json'.length);
    const summary = await summaryOf(runId).catch((error: unknown) => {
      onUnreadable(runId, error instanceof Error ? error.message : String(error));
      return null;
    });
    if (summary) summaries.push(summary);
  }
  return summaries.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
