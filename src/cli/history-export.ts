import { rename, rm, writeFile } from 'node:fs/promises';
import packageJson from '../../package.json' with { type: 'json' };
import { keyHeadersFor, requireProfileKeyHeaders } from '../core/profiles/profile-key-headers.ts';
import { toLike } from '../core/history-io/history-io-handlers.ts';
import type { HistoryStore } from '../core/history/index.ts';
import { buildHar, type HistoryEntryLike } from '../domain/har.ts';
import { buildHistoryJson } from '../domain/history-file.ts';
import { formatInteger } from '../domain/number-format.ts';
import { redactEntryCredentials } from '../domain/redact.ts';
import { entriesText } from '../domain/retention-text.ts';
import { escapeJsonControls, stripTerminalControls } from '../domain/support/index.ts';
import type { HistoryEntry } from '../ipc/schemas/history-entry.ts';
import { closeHistory } from './close-history.ts';
import type { CommandIo } from './command.ts';
import { knownKeyRedactor } from './echoed-keys.ts';
import { openHistoryToRead, otherHistoryNote } from './history-data.ts';
import { foundInAppLine, historyPlace, searchHistories, searchedText, type HistoryFolder } from './history-search.ts';
import { zidMatches } from './zid-matches.ts';

/**
 * `history export --zid Z [--zid Z2 …]`: the entries of the given zids (or prefixes) as HAR or the
 * app's JSON export, key redacted. With no folder named, they are gathered from every history a
 * lookup reads (the CLI's, then the desktop app's), each read-only: a support engineer exporting a
 * zid run in the CLI and one run in the app got only the first history's, without a word. A zid
 * both histories hold is exported from each: both are real records (ids are only an entry's within
 * its own file, so nothing says they are one), and stderr names each file with its entries' zids,
 * as `history find` lists each file's rows under its name. Each entry is redacted with the profiles
 * of its own folder: the app's may rename the key header that the CLI's know nothing of.
 */

/** The entries one history holds of the zids given, and which of those zids matched there. */
interface FolderEntries {
  folder: HistoryFolder;
  stored: HistoryEntry[];
  matchedZids: ReadonlySet<string>;
}

// Each entry once, though two zids given (a zid and its prefix) both match it.
function entriesOf(history: HistoryStore, zids: string[]): Omit<FolderEntries, 'folder'> {
  const seen = new Set<number>();
  const stored: HistoryEntry[] = [];
  const matchedZids = new Set<string>();
  for (const zid of zids) {
    for (const row of zidMatches(history, zid)) {
      matchedZids.add(zid);
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      stored.push(history.get(row.id)!);
    }
  }
  return { stored, matchedZids };
}

// The entries from the one folder named, else from every history holding any; `where` names the
// histories read, for a zid that none of them holds.
async function exportedEntries(folders: HistoryFolder[], zids: string[], warn: (line: string) => void): Promise<{ found: FolderEntries[]; where: string }> {
  if (folders.length === 1) {
    const folder = folders[0]!;
    const history = openHistoryToRead(folder.dir);
    try {
      const read = entriesOf(history, zids);
      return { found: read.stored.length > 0 ? [{ folder, ...read }] : [], where: `the history at ${folder.dir}` };
    } finally {
      closeHistory(history, warn);
    }
  }
  const search = await searchHistories(folders, (history) => entriesOf(history, zids), (read) => read.stored.length > 0, warn, { isEveryFolder: true });
  const found = [search.found, ...search.alsoFound].flatMap((answered) => (answered === null ? [] : [{ folder: answered.folder, ...answered.value }]));
  return { found, where: searchedText(search.searched) };
}

// Stored entries as the export writes them: known keys out of echoes, then the key headers of the
// entry's own folder's profiles (read first: an unreadable profiles file stops the export).
async function redactedEntries(found: FolderEntries[], warn: (line: string) => void): Promise<HistoryEntryLike[]> {
  const keyHeaders = found.map(({ folder }) => requireProfileKeyHeaders(folder.dir));
  const redactKnownKeys = await knownKeyRedactor(found.flatMap(({ stored }) => stored.map((entry) => entry.profileId)), { warn });
  return found.flatMap(({ stored }, index) => stored.map((entry) => redactEntryCredentials(toLike(redactKnownKeys(entry)), keyHeadersFor(entry, keyHeaders[index]!))));
}

// Said on stderr, as standard output is the export: which file each entry came from (nothing when
// all came from the CLI's own, the default place), and each zid given that no history holds.
function sayWhereFrom(found: FolderEntries[], zids: string[], where: string, warn: (line: string) => void): void {
  const only = found.length === 1 ? foundInAppLine(found[0]!.folder) : null;
  if (only !== null) warn(only);
  if (found.length > 1) {
    for (const { folder, stored } of found) warn(`${entriesText(stored.length)} from ${historyPlace(folder)}: ${zidsText(stored)}`);
  }
  const missing = zids.filter((zid) => !found.some(({ matchedZids }) => matchedZids.has(zid)));
  // searchedText ends its own sentences; the one folder named is said without a stop.
  const stop = where.endsWith('.') ? '' : '.';
  for (const zid of missing) warn(`${zid} is not in this export: no entry matching it is in ${where}${stop}`);
}

// A prefix may match hundreds of entries: the line names the first zids and counts the rest.
const ZIDS_NAMED = 10;

function zidsText(stored: HistoryEntry[]): string {
  const zids = [...new Set(stored.map((entry) => entry.zid ?? 'no zid'))];
  const more = zids.length > ZIDS_NAMED ? `, … and ${formatInteger(zids.length - ZIDS_NAMED)} more` : '';
  return `${zids.slice(0, ZIDS_NAMED).join(', ')}${more}`;
}

async function writeOut(out: string, content: string, warn: (line: string) => void): Promise<boolean> {
  // Written beside it and renamed over it: a write that fails (a full disk) leaves no half file,
  // and a file already there as it was, as the message says.
  const aside = `${out}.${process.pid}.tmp`;
  try {
    await writeFile(aside, content, { flag: 'wx' });
    await rename(aside, out);
    return true;
  } catch (error) {
    await rm(aside, { force: true }).catch(() => undefined);
    warn(`--out ${out} cannot be written (${writeFailure(error)}); nothing was written`);
    return false;
  }
}

/** Writes the entries of `zids` as HAR or JSON to standard output or `out`; 0 written, 1 nothing to write or not written. */
export async function exportEntries(folders: HistoryFolder[], zids: string[], format: 'har' | 'json', out: string | undefined, io: CommandIo): Promise<number> {
  const warn = (line: string) => io.stderr(`swap-explorer history export: ${stripTerminalControls(line)}\n`);
  const { found, where } = await exportedEntries(folders, zids, warn);
  if (found.length === 0) {
    const dataDir = folders[0]!.dir;
    warn(folders.length === 1 ? `no entry in ${where} matches ${zids.join(', ')}; nothing was written.${otherHistoryNote(dataDir)}` : `nothing was written: no entry matching ${zids.join(', ')} is in ${where}`);
    return 1;
  }
  const entries = await redactedEntries(found, warn);
  const creator = { name: 'Swap Explorer', version: packageJson.version };
  const content = format === 'har' ? JSON.stringify(buildHar(entries, creator), null, 2) : buildHistoryJson(entries);
  if (out === undefined) io.stdout(`${escapeJsonControls(content)}\n`);
  else if (!(await writeOut(out, content, warn))) return 1;
  sayWhereFrom(found, zids, where, warn);
  if (out !== undefined) io.stderr(`history export: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} written to ${stripTerminalControls(out)}\n`);
  return 0;
}

// The reason in words, not the system's "ENOENT: no such file or directory, open …".
function writeFailure(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return 'its folder does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EDQUOT') return 'over the disk quota';
  if (code === 'EFBIG') return 'larger than this system lets a file be';
  return code ?? message;
}
