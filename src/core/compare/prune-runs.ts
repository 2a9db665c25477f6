import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The folders of a data dir that hold run files (each run saved once, when it ends) and their
 * names: `cmp-`/`lad-`, the start time in ms in base 36 (8 digits from 1973 to 2059), random hex
 * (runner.ts, ladder-runner.ts).
 */
const RUN_FOLDERS = [
  { folder: 'comparisons', runFile: /^cmp-([0-9a-z]{8})[0-9a-f]*\.json$/ },
  { folder: 'ladders', runFile: /^lad-([0-9a-z]{8})[0-9a-f]*\.json$/ },
];

/**
 * Removes the comparison and size-ladder runs made only of requests the history has removed, so
 * that its retention setting covers everything the app keeps of a request: a run file holds each
 * side's whole response body, and without this the run folders grew without bound (an analyst's
 * CLI loop leaves a run per command).
 *
 * `keptSinceMs` is the start time of the oldest sent request the history still keeps: every
 * request sent before it is gone. A run's requests all started between the run's start and its
 * file's last write (a run is saved when it ends), so a run whose file was last written before
 * `keptSinceMs` has none left, and goes. Its start time, read from its name, rules out newer runs
 * without a stat. Anything else in the folders (other names, `.tmp` files of a save in progress)
 * is left alone. Best effort: a file that cannot be removed is tried again on the next pass.
 * @returns how many run files were removed
 */
export function pruneRuns(dataDir: string, keptSinceMs: number): number {
  let removed = 0;
  for (const { folder, runFile } of RUN_FOLDERS) {
    const dir = join(dataDir, folder);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      // No such folder (no run saved yet) or unreadable: nothing to prune here.
      continue;
    }
    for (const name of names) {
      const startDigits = runFile.exec(name)?.[1];
      if (startDigits === undefined || parseInt(startDigits, 36) >= keptSinceMs) continue;
      const file = join(dir, name);
      try {
        if (statSync(file).mtimeMs >= keptSinceMs) continue;
        rmSync(file);
        removed++;
      } catch {
        // Gone meanwhile, or not removable now: the next pass tries again.
      }
    }
  }
  return removed;
}
