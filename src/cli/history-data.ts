import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HistoryStore } from '../core/history/index.ts';
import { pruneRuns } from '../core/compare/prune-runs.ts';
import { AppError } from '../ipc/result.ts';
import { HISTORY_FILE } from './compare-engine.ts';
import { defaultDataDir } from './compare-run.ts';

/**
 * Where `explain` and `history` find the history: --data-dir, else SWAP_EXPLORER_USER_DATA (the
 * variable that points the app at its data dir, so the CLI reads the app's own history), else the
 * CLI's default data dir (SWAP_EXPLORER_DATA_DIR or ~/.swap-explorer, where compare and price keep
 * theirs).
 */

/** The data dir holding the history to read. */
export function historyDataDir(flag: string | undefined): string {
  return flag ?? process.env.SWAP_EXPLORER_USER_DATA ?? defaultDataDir();
}

/**
 * Opens the history of a data dir; a missing file is NOT_FOUND rather than a new empty history.
 * @throws AppError NOT_FOUND, or STORAGE from the store.
 */
export function openHistory(dataDir: string): HistoryStore {
  const path = join(dataDir, HISTORY_FILE);
  if (!existsSync(path)) throw new AppError('NOT_FOUND', `There is no history at ${path} (set --data-dir or SWAP_EXPLORER_USER_DATA to the app's data folder).${otherHistoryNote(dataDir)}`);
  return HistoryStore.open(path, { onEntriesRemoved: (keptSinceMs) => pruneRuns(dataDir, keptSinceMs) });
}

/**
 * " price and compare keep theirs in …" when the history read is not the CLI's own and the CLI's
 * own exists: with SWAP_EXPLORER_USER_DATA set (the app's), a zid that `price` just printed is in
 * the other file, and the message should say where. Empty otherwise.
 */
export function otherHistoryNote(dataDir: string): string {
  const own = defaultDataDir();
  if (resolve(own) === resolve(dataDir) || !existsSync(join(own, HISTORY_FILE))) return '';
  return ` The CLI's own history (price, compare) is in ${own}: add --data-dir ${own} to look there.`;
}

/** The next step when a zid is not in the history, said by `explain` and `history find` alike. */
export const ASK_CUSTOMER = 'Ask the customer for their HAR or history export (swap-explorer explain <file>), or for the request they sent (a URL or curl line).';
