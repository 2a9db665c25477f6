import { entriesText } from '../domain/retention-text.ts';
import { explainEntry, type EntryExplanation } from '../domain/support/index.ts';
import type { HistoryStore } from '../core/history/index.ts';
import { isAppError } from '../ipc/result.ts';
import { closeHistory } from './close-history.ts';
import { knownKeyRedactor } from './echoed-keys.ts';
import { ASK_CUSTOMER, openHistoryToRead, otherHistoryNote } from './history-data.ts';
import { foundInAppLine, historyPlace, searchHistories, searchedText, type HistoryFolder, type SearchedFolder } from './history-search.ts';
import { entryLike } from './history.ts';

/**
 * Where `explain` looks a zid up: the one folder named (--data-dir, SWAP_EXPLORER_USER_DATA), or the
 * CLI's history and then the desktop app's (history-search.ts). `history` is the folder read (the
 * one the entries came from); `searched`, present when several were, says what each held, and
 * `alsoIn` which of the others hold the zid too: a zid and a pasted body's zid are looked up alike.
 */

/** Where the zid a pasted body carries is in the history: the entries holding it (none: not there). */
export interface BodyZidLookup {
  zid: string;
  history: string;
  entryIds: number[];
  isDesktopApp?: boolean;
  searched?: SearchedFolder[];
  /** The other folders whose histories hold the zid too, when several were searched. */
  alsoIn?: OtherHistory[];
}

/** Another history holding the zid looked up, with its entries' ids (ids are only unique within one file). */
export interface OtherHistory {
  history: string;
  isDesktopApp: boolean;
  entryIds: number[];
}

/** The entries of a zid (or prefix) and where they were looked for. */
export interface ZidLookup {
  history: string;
  entries: (EntryExplanation & { id: number })[];
  /** Why no history was read (none at the one data dir named). */
  noHistory?: string;
  isDesktopApp?: boolean;
  searched?: SearchedFolder[];
  /** The other folders whose histories hold the zid too (their entries are not explained), when several were searched. */
  alsoIn?: OtherHistory[];
}

// Entries are read with the known keys redacted where their answers echo them (echoed-keys.ts).
async function zidEntries(history: HistoryStore, zid: string, warn: (line: string) => void): Promise<ZidLookup['entries']> {
  const rows = history.search({ text: zid, limit: 100 }).rows;
  const stored = rows.map((row) => history.get(row.id)!);
  const redact = await knownKeyRedactor(stored.map((entry) => entry.profileId), { warn });
  return stored.map((entry) => ({ id: entry.id, ...explainEntry(entryLike(redact(entry))) }));
}

// One history named: missing is said as no history there (a support engineer's machine that never
// ran the app, a data dir mistyped), with what to ask the customer for.
async function inOne<T>(dataDir: string, read: (history: HistoryStore) => T | Promise<T>, warn: (line: string) => void): Promise<{ value: T } | { noHistory: string }> {
  let history: HistoryStore;
  try {
    history = openHistoryToRead(dataDir);
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return { noHistory: error.message };
    throw error;
  }
  try {
    return { value: await read(history) };
  } finally {
    closeHistory(history, warn);
  }
}

/** The entries of `zid` in the folders' histories, and where they were looked for. */
export async function lookUpZid(zid: string, folders: HistoryFolder[], warn: (line: string) => void): Promise<ZidLookup> {
  if (folders.length === 1) {
    const dir = folders[0]!.dir;
    const read = await inOne(dir, (history) => zidEntries(history, zid, warn), warn);
    return 'noHistory' in read ? { history: dir, entries: [], noHistory: read.noHistory } : { history: dir, entries: read.value };
  }
  const search = await searchHistories(folders, (history) => zidEntries(history, zid, warn), (entries) => entries.length > 0, warn, { isEveryFolder: true });
  const { found, alsoFound, searched } = search;
  const alsoIn = otherHistories(alsoFound.map(({ folder, value }) => ({ folder, value: value.map((entry) => entry.id) })));
  return { history: found?.folder.dir ?? folders[0]!.dir, entries: found?.value ?? [], isDesktopApp: found?.folder.isDesktopApp ?? false, searched, alsoIn };
}

function otherHistories(alsoFound: { folder: HistoryFolder; value: number[] }[]): OtherHistory[] {
  return alsoFound.map(({ folder, value }) => ({ history: folder.dir, isDesktopApp: folder.isDesktopApp, entryIds: value }));
}

/**
 * The lines naming the other histories that hold the zid too, each ended by `then` (given the
 * folder: the command that explains their entries): only the first history's entries are named
 * or explained, and without these lines they read as the only ones.
 */
export function alsoInLines(what: string, lookup: Pick<ZidLookup, 'alsoIn'>, then: (dir: string) => string = (dir) => `, not explained here; add --data-dir ${dir} to explain them.`): string[] {
  return (lookup.alsoIn ?? []).map((other) => {
    const place = historyPlace({ dir: other.history, isDesktopApp: other.isDesktopApp });
    const ids = other.entryIds.map((id) => `#${id}`).join(', ');
    return `${what} is also in ${place}: ${entriesText(other.entryIds.length)} (${ids})${then(other.history)}`;
  });
}

/**
 * A customer's pasted error or answer carries the zid of their request: whether the history holds
 * it is the next thing the support engineer needs (the paste box looks it up too), and when it does
 * not, what to ask the customer for. A data dir with no history holds no zid.
 */
export async function lookUpBodyZid(zid: string | null, folders: HistoryFolder[], warn: (line: string) => void): Promise<BodyZidLookup | null> {
  if (zid === null) return null;
  const ids = (history: HistoryStore) => history.findByZid(zid).map((row) => row.id);
  if (folders.length === 1) {
    const dir = folders[0]!.dir;
    const read = await inOne(dir, ids, warn);
    return { zid, history: dir, entryIds: 'noHistory' in read ? [] : read.value };
  }
  // Every history, as explain's zid lookup reads them: the zid in both is named in the other too.
  const { found, alsoFound, searched } = await searchHistories(folders, ids, (entryIds) => entryIds.length > 0, warn, { isEveryFolder: true });
  return { zid, history: found?.folder.dir ?? folders[0]!.dir, entryIds: found?.value ?? [], isDesktopApp: found?.folder.isDesktopApp ?? false, searched, alsoIn: otherHistories(alsoFound) };
}

/** Where `what` (a zid, said as the caller names it) is not: every folder searched, or the one read. */
export function notFoundText(what: string, lookup: { history: string; searched?: SearchedFolder[] }): string {
  if (lookup.searched) return `${what} is not in ${searchedText(lookup.searched)}\n${ASK_CUSTOMER}`;
  return `${what} is not in the history at ${lookup.history}.${otherHistoryNote(lookup.history)}\n${ASK_CUSTOMER}`;
}

/** The line naming the desktop app's history when the entries came from it, as a list of lines (none otherwise). */
export function foundInAppLines(lookup: { history: string; isDesktopApp?: boolean }): string[] {
  const line = lookup.isDesktopApp ? foundInAppLine({ dir: lookup.history, isDesktopApp: true }) : null;
  return line === null ? [] : [line];
}

/** What a pasted body's zid lookup found, to follow the body's explanation. */
export function lookupText(lookup: BodyZidLookup | null): string {
  if (lookup === null) return '';
  const { zid, history, entryIds } = lookup;
  if (entryIds.length === 0) return `\n\n${notFoundText(`zid ${zid}`, lookup)}`;
  const ids = entryIds.map((id) => `#${id}`).join(', ');
  const app = foundInAppLines(lookup).map((line) => `\n${line}`).join('');
  const others = alsoInLines(`zid ${zid}`, lookup, (dir) => `; swap-explorer explain ${zid} --data-dir ${dir} shows them.`).map((line) => `\n${line}`).join('');
  return `\n\nzid ${zid}: ${entriesText(entryIds.length)} in the history at ${history} (${ids}); swap-explorer explain ${zid} shows the request that got this answer.${app}${others}`;
}
