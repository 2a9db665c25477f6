import { join } from 'node:path';

/**
 * Where a data folder keeps its history. The app's engine (data-ops.ts), About (app-info.ts) and
 * every CLI command open or name the same file, so the name is said here once; this module imports
 * nothing else, so the CLI's start and Electron's main reach it without loading SQLite.
 */

/** The history file's name in a data folder (with its -wal and -shm beside it). */
export const HISTORY_FILE = 'history.db';

/** The history file's path in `dataDir`: the one way to build it, to open the file or to name it. */
export function historyFileIn(dataDir: string): string {
  return join(dataDir, HISTORY_FILE);
}
