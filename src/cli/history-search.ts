import { existsSync } from 'node:fs';
import type { HistoryStore } from '../core/history/index.ts';
import { isAppError } from '../ipc/result.ts';
import { closeHistory } from './close-history.ts';
import { historyFileIn } from '../core/history/history-path.ts';
import { defaultDataDir } from './compare-run.ts';
import { dataDirOption, folderFromEnv } from './data-dir-names.ts';
import { desktopAppDataDir } from './desktop-app-data-dir.ts';
import { openHistoryToRead } from './history-data.ts';

/**
 * A zid looked up with no folder named: in the CLI's history, then the desktop app's. A support
 * engineer runs the customer's request in the app, then `explain <zid>` in a terminal: the CLI read
 * only its own folder and said the zid was not there. Every file is opened as openHistoryToRead
 * opens a folder named: read-only, so a lookup never migrates, prunes or sets aside a history, but
 * for the CLI's own written by an older CLI, which it opens as `price` would.
 */

/** A data folder whose history a lookup reads. */
export interface HistoryFolder {
  dir: string;
  isDesktopApp: boolean;
}

/** A folder a lookup went through, and what it found there. */
export interface SearchedFolder extends HistoryFolder {
  /** `read`: its history was read; `none`: it holds no history; `unopenable`: it could not be read (`reason`). */
  state: 'read' | 'none' | 'unopenable';
  reason?: string;
}

/** What a search of several folders found: the first folder whose history answered, and every folder gone through. */
export interface FolderSearch<T> {
  found: { folder: HistoryFolder; value: T } | null;
  /** With `isEveryFolder`, the folders after the first whose histories answered too, in order. */
  alsoFound: { folder: HistoryFolder; value: T }[];
  searched: SearchedFolder[];
}

/**
 * The folders a lookup reads: the one --data-dir (else SWAP_EXPLORER_USER_DATA) names, alone; else
 * the CLI's own (SWAP_EXPLORER_DATA_DIR or ~/.swap-explorer) and then the desktop app's.
 */
export function historyFolders(flag: string | undefined): HistoryFolder[] {
  const named = dataDirOption(flag) ?? folderFromEnv('SWAP_EXPLORER_USER_DATA');
  if (named !== undefined) return [{ dir: named, isDesktopApp: false }];
  return [
    { dir: defaultDataDir(), isDesktopApp: false },
    { dir: desktopAppDataDir(), isDesktopApp: true },
  ];
}

/**
 * Reads each folder's history in turn with `look` until `isFound` says one answered, or, with
 * `isEveryFolder`, reads them all: a zid the customer sent from both the CLI and the app is in both
 * histories, and a lookup that stopped at the first showed one copy as if it were the only one. A
 * folder with no history is passed over without a word; one whose history cannot be opened is said
 * through `warn` with its reason, and the search goes on.
 */
export async function searchHistories<T>(folders: HistoryFolder[], look: (history: HistoryStore) => T | Promise<T>, isFound: (value: T) => boolean, warn: (line: string) => void, options: { isEveryFolder?: boolean } = {}): Promise<FolderSearch<T>> {
  const searched: SearchedFolder[] = [];
  const answered: { folder: HistoryFolder; value: T }[] = [];
  for (const folder of folders) {
    if (!existsSync(historyFileIn(folder.dir))) {
      searched.push({ ...folder, state: 'none' });
      continue;
    }
    let history: HistoryStore;
    try {
      history = openHistoryToRead(folder.dir);
    } catch (error) {
      if (!isAppError(error)) throw error;
      // Read to the last folder (isEveryFolder), a later one's failure leaves the list found incomplete.
      const after = folder !== folders.at(-1) ? '; looking on in the others.' : answered.length > 0 ? ', so whether it holds this too is not known.' : '.';
      warn(`${historyPlace(folder)} could not be opened (${error.message})${after}`);
      searched.push({ ...folder, state: 'unopenable', reason: error.message });
      continue;
    }
    searched.push({ ...folder, state: 'read' });
    try {
      const value = await look(history);
      if (isFound(value)) answered.push({ folder, value });
    } finally {
      closeHistory(history, warn);
    }
    if (answered.length > 0 && !options.isEveryFolder) break;
  }
  const [found = null, ...alsoFound] = answered;
  return { found, alsoFound, searched };
}

/** How a history is named to the user: the CLI's or the desktop app's, with its file. */
export function historyPlace(folder: HistoryFolder): string {
  return `${historyName(folder)} at ${historyFileIn(folder.dir)}`;
}

function historyName(folder: HistoryFolder): string {
  return folder.isDesktopApp ? "the desktop app's history" : "the CLI's history";
}

/** The line said when the answer came from the desktop app's history, else null. */
export function foundInAppLine(folder: HistoryFolder): string | null {
  return folder.isDesktopApp ? `found in the desktop app's history: ${historyFileIn(folder.dir)}` : null;
}

/** Every folder searched, for "… is not in <this>.", with what stood in the way of each; then where else the app's may be. */
export function searchedText(searched: SearchedFolder[]): string {
  const each = searched.map((folder) => {
    const where = historyPlace(folder);
    if (folder.state === 'none') return `${where} (there is none)`;
    if (folder.state === 'unopenable') return `${where} (it could not be opened: ${folder.reason})`;
    return where;
  });
  const app = searched.find((folder) => folder.isDesktopApp);
  // Set up with SWAP_EXPLORER_USER_DATA (a portable install), the app keeps it elsewhere: About shows where.
  const elsewhere = app?.state === 'none' ? " If the app keeps its data in another folder (its About screen shows it), add --data-dir with that folder." : '';
  return `${each.join(', nor in ')}.${elsewhere}`;
}
