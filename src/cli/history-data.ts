import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { HistoryStore } from '../core/history/index.ts';
import { pruneRuns } from '../core/compare/prune-runs.ts';
import { AppError, isAppError } from '../ipc/result.ts';
import { historyFileIn } from '../core/history/history-path.ts';
import { defaultDataDir } from './compare-run.ts';
import { dataDirOption, folderFromEnv } from './data-dir-names.ts';
import { desktopAppDataDir } from './desktop-app-data-dir.ts';

/**
 * Where `history retention` finds the history it sets: --data-dir, else SWAP_EXPLORER_USER_DATA (the
 * variable that points the app at its data dir, so the CLI reads the app's own history), else the
 * CLI's default data dir (SWAP_EXPLORER_DATA_DIR or ~/.swap-explorer, where compare and price keep
 * theirs). Lookups by zid read the desktop app's too (history-search.ts).
 */

/** The data dir holding the history to set. */
export function historyDataDir(flag: string | undefined): string {
  return dataDirOption(flag) ?? folderFromEnv('SWAP_EXPLORER_USER_DATA') ?? defaultDataDir();
}

/**
 * Opens the history of a data dir; a missing file is NOT_FOUND rather than a new empty history.
 * @throws AppError NOT_FOUND, or STORAGE from the store.
 */
export function openHistory(dataDir: string): HistoryStore {
  return HistoryStore.open(existingHistory(dataDir), { onEntriesRemoved: (keptSinceMs) => pruneRuns(dataDir, keptSinceMs) });
}

/**
 * Opens the history of a data dir for a command that only reads it (explain, history find, history
 * export), whichever folder is named: its files are left byte for byte as they were, with no
 * migration, retention pass (nor the run files it prunes), quarantine or closing checkpoint
 * (HistoryStore.openReadOnly). The folder named may be the desktop app's: SWAP_EXPLORER_USER_DATA
 * names it, and --data-dir may, with nothing to tell it from the CLI's own. A lookup that rewrote
 * the app's file could migrate it past the app's version or prune the app's runs; so a corrupt or
 * older file is refused (STORAGE, its reason said), left for its owner (the app, or price and
 * compare for the CLI's own) to set aside or update when it next opens it. The one exception: the
 * CLI's default folder holding an older CLI's file is opened as price opens it (isOwnOlderHistory).
 * @throws AppError NOT_FOUND, or STORAGE from the store.
 */
export function openHistoryToRead(dataDir: string): HistoryStore {
  const path = existingHistory(dataDir);
  try {
    return HistoryStore.openReadOnly(path);
  } catch (error) {
    if (isOwnOlderHistory(dataDir, error)) return openHistory(dataDir);
    // Read-write, the store said it moved the file aside; read-only, the user must hear it was not.
    if (isAppError(error) && error.code === 'STORAGE') throw new AppError('STORAGE', `${error.message} ${LEFT_AS_IT_WAS}`);
    throw error;
  }
}

/**
 * The CLI's own history written by an older CLI: the CLI owns that file, so a lookup migrates it as
 * `price` and `compare` would at their next run (HistoryStore.open), rather than refusing a file the
 * user can do nothing about but run another command first. Only the CLI's default folder: a folder
 * named may be the app's, whose schema is the app's to change.
 */
function isOwnOlderHistory(dataDir: string, error: unknown): boolean {
  if (!isCliOwn(dataDir) || !isAppError(error) || error.code !== 'STORAGE') return false;
  const details = error.details as { schemaVersion?: unknown; readsVersion?: unknown } | undefined;
  return typeof details?.schemaVersion === 'number' && typeof details.readsVersion === 'number' && details.schemaVersion < details.readsVersion;
}

/** Said of a history a lookup could not read: it was not set aside, and who will. */
export const LEFT_AS_IT_WAS = 'It was left as it was (explain and history find and export only read); the app, or price and compare in their own folder, set a damaged file aside when they next open it.';

// The history file of a data dir, when there is one: a missing one is NOT_FOUND, not a new history.
function existingHistory(dataDir: string): string {
  const path = historyFileIn(dataDir);
  // Reading the CLI's own, the note says where the app's is; the hint would say it twice.
  const hint = isCliOwn(dataDir) ? '' : " (set --data-dir or SWAP_EXPLORER_USER_DATA to the app's data folder)";
  if (!existsSync(path)) throw new AppError('NOT_FOUND', `There is no history at ${path}${hint}.${otherHistoryNote(dataDir)}`);
  return path;
}

/**
 * Where else a zid may be, after the one history named lacked it. Reading another history than the
 * CLI's own (the app's, by SWAP_EXPLORER_USER_DATA) while the CLI's own exists: where `price` keeps
 * the zid it just printed. Reading the CLI's own (--data-dir naming it): that the app's requests and
 * imports, a customer's HAR imported in History among them, are in the app's data folder. Empty
 * otherwise.
 */
export function otherHistoryNote(dataDir: string): string {
  const own = defaultDataDir();
  if (isCliOwn(dataDir)) return ` ${appHistoryNote()}`;
  if (!existsSync(historyFileIn(own))) return '';
  return ` The CLI's own history (price, compare) is in ${own}: add --data-dir ${own} to look there.`;
}

function isCliOwn(dataDir: string): boolean {
  return resolve(dataDir) === resolve(defaultDataDir());
}

// Where the app's history is, for a command told to read only the CLI's own (--data-dir naming it):
// without the flag, history-search.ts reads both.
function appHistoryNote(): string {
  return `The app's requests and imports are in the app's own data folder (${desktopAppDataDir()} unless it was moved; its About screen shows it): add --data-dir with that folder, or leave --data-dir out to look in the CLI's history and then the app's.`;
}

/** The next step when a zid is not in the history, said by `explain` and `history find` alike. */
export const ASK_CUSTOMER = 'Ask the customer for their HAR or history export (swap-explorer explain <file>), or for the request they sent (a URL or curl line).';
