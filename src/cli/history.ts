import { toLike } from '../core/history-io/history-io-handlers.ts';
import { zidKeyOf } from '../core/history/search-query.ts';
import type { HistoryStore } from '../core/history/index.ts';
import type { HistoryEntryLike } from '../domain/har.ts';
import { escapeJsonControls, stripTerminalControls } from '../domain/support/index.ts';
import { entriesText, removalText, removedText, retentionText } from '../domain/retention-text.ts';
import { HistoryRetentionSchema, type HistoryRetention } from '../ipc/channels/history.ts';
import type { HistoryEntry, HistorySummary } from '../ipc/schemas/history-entry.ts';
import { toFieldErrors } from '../spec/index.ts';
import type { Command, CommandIo } from './command.ts';
import { choiceFlag, reportError } from './compare-run.ts';
import { DECIMAL_NUMBER, parseCommandLine, UsageError } from './parse-flags.ts';
import { ASK_CUSTOMER, historyDataDir, openHistory, openHistoryToRead, otherHistoryNote } from './history-data.ts';
import { exportEntries } from './history-export.ts';
import { foundInAppLine, historyFolders, historyPlace, searchHistories, searchedText, type HistoryFolder } from './history-search.ts';
import { closeHistory } from './close-history.ts';
import { historyFileIn } from '../core/history/history-path.ts';
import { zidMatches } from './zid-matches.ts';

/**
 * `swap-explorer history find <zid-or-prefix>` and `history export --zid … --format har|json`: the
 * app's history from a terminal (issue 17). Exports are redacted as the app's are, and gathered from
 * every history read, as find lists from each (history-export.ts says how). `history
 * retention` shows and sets how much is kept, as Settings' History card does. Exit codes: 0 found
 * (or shown, or saved), 1 nothing matched (or a removal not confirmed with --yes), 2 usage.
 */

const USAGE = `Usage: swap-explorer history find <zid-or-prefix> [--format text|json] [--data-dir D]
       swap-explorer history export --zid Z [--zid Z2 ...] [--format har|json] [--out FILE] [--data-dir D]
       swap-explorer history retention [--max-entries N|none] [--max-age-days D|none] [--yes] [--data-dir D]

  find                   lists the entries whose zid is, or starts with, the given one; found in
                         both the CLI's and the app's history, each one's under its file (JSON:
                         each row's "history")
  export                 writes the entries of the given zids (or prefixes) as HAR (default) or the
                         app's JSON export, key redacted, to standard output or --out FILE; taken
                         from both the CLI's and the app's history: stderr names the app's file
                         when it gave entries, and each file with its zids when both did. A zid
                         both hold is exported from each (two records); one neither holds is said
  retention              says how much history there is and how much is kept; --max-entries (the
                         newest N) and --max-age-days (sent requests from the last D days; imported
                         entries are kept) change it, none for no limit. A setting that removes
                         entries now says how many and is applied only with --yes
  --data-dir D           where the history is: only that folder. Default: SWAP_EXPLORER_USER_DATA,
                         else the CLI's data dir (SWAP_EXPLORER_DATA_DIR or ~/.swap-explorer); find
                         and export then read the desktop app's too: the
                         swap-explorer folder in $XDG_CONFIG_HOME or ~/.config (Linux),
                         ~/Library/Application Support (macOS), %APPDATA% (Windows).
                         find and export only read each history, never change it

Exit codes: 0 done, 1 nothing to do it on (no history, no entry matching the zid, an --out file that
cannot be written, a retention change that removes entries without --yes), 2 bad input.
`;

const OPTIONS = {
  format: { type: 'string' },
  zid: { type: 'string', multiple: true },
  out: { type: 'string' },
  'max-entries': { type: 'string' },
  'max-age-days': { type: 'string' },
  yes: { type: 'boolean' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** A stored entry as exports see it. */
export function entryLike(entry: HistoryEntry): HistoryEntryLike {
  return toLike(entry);
}

// A zid as History's search box takes one: as explain does (quoted, labelled, cut with an
// ellipsis), or its hex digits without 0x, or the one whole zid in other text (a screenshot's or
// chat's: "Request ID: 0x…"). `explain --zid` takes one so too.
/** A zid or zid prefix given on the command line, lower-cased; a UsageError when it is neither. */
export function zidArgument(text: string): string {
  const key = zidKeyOf(text);
  if (key === null || key.length < 8) throw new UsageError(`"${text}" is not a zid or a zid prefix (24 hex digits, with or without 0x, or 0x and at least 6)`);
  return key;
}

// One line on stderr, named by the action, as export's other warnings are.
function warnFor(action: string, io: CommandIo): (line: string) => void {
  return (line) => io.stderr(`swap-explorer history ${action}: ${stripTerminalControls(line)}\n`);
}

function summaryLine(row: HistorySummary): string {
  const status = row.status === null ? 'no response' : String(row.status);
  const pair = row.sellToken && row.buyToken ? `${row.sellToken} -> ${row.buyToken}` : '';
  return [String(row.id).padStart(6), row.startedAt, status.padEnd(11), row.endpoint.padEnd(22), `chain ${row.chainId ?? '-'}`.padEnd(12), row.zid ?? '-', row.errorName ?? '', pair, row.origin === 'imported' ? `(${row.profileName})` : ''].join('  ').trimEnd();
}

function printFound(rows: HistorySummary[], zid: string, where: string, format: 'text' | 'json', io: CommandIo): number {
  if (format === 'json') io.stdout(`${escapeJsonControls(JSON.stringify(rows, null, 2))}\n`);
  else if (rows.length === 0) io.stdout(`No entry with a zid starting ${zid} in ${where}\n${ASK_CUSTOMER}\n`);
  else io.stdout(`${stripTerminalControls(rows.map(summaryLine).join('\n'))}\n`);
  return rows.length > 0 ? 0 : 1;
}

// Said on stderr: standard output stays the rows that scripts read.
function sayFoundIn(folder: HistoryFolder, action: string, io: CommandIo): void {
  const line = foundInAppLine(folder);
  if (line !== null) warnFor(action, io)(line);
}

async function find(folders: HistoryFolder[], zid: string, format: 'text' | 'json', io: CommandIo): Promise<number> {
  if (folders.length === 1) {
    const dataDir = folders[0]!.dir;
    const history = openHistoryToRead(dataDir);
    try {
      return printFound(zidMatches(history, zid), zid, `the history at ${dataDir}.${otherHistoryNote(dataDir)}`, format, io);
    } finally {
      closeHistory(history, warnFor('find', io));
    }
  }
  const { found, alsoFound, searched } = await searchHistories(folders, (history) => zidMatches(history, zid), (rows) => rows.length > 0, warnFor('find', io), { isEveryFolder: true });
  if (found && alsoFound.length > 0) return printEachFolder([found, ...alsoFound], format, io);
  if (found) sayFoundIn(found.folder, 'find', io);
  return printFound(found?.value ?? [], zid, searchedText(searched), format, io);
}

// Both the CLI's and the app's histories hold the zid: each one's rows under its name, as an id is
// only an entry's within its own file (JSON: each row names its file, in `history`).
function printEachFolder(answered: { folder: HistoryFolder; value: HistorySummary[] }[], format: 'text' | 'json', io: CommandIo): number {
  if (format === 'json') {
    const rows = answered.flatMap(({ folder, value }) => value.map((row) => ({ ...row, history: historyFileIn(folder.dir) })));
    io.stdout(`${escapeJsonControls(JSON.stringify(rows, null, 2))}\n`);
  } else {
    const blocks = answered.map(({ folder, value }) => `In ${historyPlace(folder)}:\n${value.map(summaryLine).join('\n')}`);
    io.stdout(`${stripTerminalControls(blocks.join('\n\n'))}\n`);
  }
  return 0;
}

// The flag of each retention field, for errors.
const RETENTION_FLAGS: Record<keyof HistoryRetention, string> = { maxEntries: '--max-entries', maxAgeDays: '--max-age-days' };

/** A retention flag's value: a number, none (no limit), or the setting in force when not given. */
function retentionFlag(field: keyof HistoryRetention, text: string | undefined, current: number | null): number | null {
  if (text === undefined) return current;
  if (text.trim().toLowerCase() === 'none') return null;
  if (!DECIMAL_NUMBER.test(text)) throw new UsageError(`${RETENTION_FLAGS[field]} must be a number in decimal digits or none, got "${text}"`);
  return Number(text);
}

function retention(history: HistoryStore, flags: { maxEntries?: string; maxAgeDays?: string; yes?: boolean }, io: CommandIo): number {
  const saved = history.retention();
  const where = (count: number) => `${entriesText(count)} in ${stripTerminalControls(history.path)}`;
  if (flags.maxEntries === undefined && flags.maxAgeDays === undefined) {
    io.stdout(`history  ${where(history.count())}\nkeeps    ${retentionText(saved)}\n`);
    return 0;
  }
  const next = { maxEntries: retentionFlag('maxEntries', flags.maxEntries, saved.maxEntries), maxAgeDays: retentionFlag('maxAgeDays', flags.maxAgeDays, saved.maxAgeDays) };
  const parsed = HistoryRetentionSchema.safeParse(next);
  if (!parsed.success) {
    const [first] = toFieldErrors(parsed.error, next);
    throw new UsageError(`${RETENTION_FLAGS[first!.field as keyof HistoryRetention] ?? first!.field} ${first!.reason}`);
  }
  const preview = history.previewRetention(parsed.data);
  const removes = removalText(preview.removes, preview.count);
  if (removes !== null && !flags.yes) {
    io.stderr(`swap-explorer history retention: the history holds ${where(preview.count)}. ${removes} Nothing was changed: run again with --yes to apply it.\n`);
    return 1;
  }
  const removed = history.setRetention(parsed.data);
  io.stdout(`saved: keeps ${retentionText(parsed.data)}; ${removedText(removed)}\nhistory  ${where(history.count())}\n`);
  return 0;
}

function parse(argv: string[]) {
  return parseCommandLine(argv, OPTIONS, true);
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  try {
    const { values, positionals } = parse(argv);
    const [action, ...rest] = positionals;
    if (values.help || action === undefined) {
      (values.help ? io.stdout : io.stderr)(USAGE);
      return values.help ? 0 : 2;
    }
    if (action === 'find') {
      if (rest.length !== 1) throw new UsageError('history find takes one zid or zid prefix');
      const zid = zidArgument(rest[0]!);
      const format = choiceFlag('format', values.format, ['text', 'json'] as const, 'text');
      return await find(historyFolders(values['data-dir']), zid, format, io);
    }
    if (action === 'export') {
      if (rest.length > 0 || !values.zid?.length) throw new UsageError('history export takes --zid (one or more)');
      const zids = values.zid.map(zidArgument);
      const format = choiceFlag('format', values.format, ['har', 'json'] as const, 'har');
      if (values.out === '') throw new UsageError('--out must not be empty: name the file, or leave --out out to write to standard output (a script\'s --out "$FILE" with FILE unset gives an empty one)');
      return await exportEntries(historyFolders(values['data-dir']), zids, format, values.out, io);
    }
    if (action === 'retention') {
      if (rest.length > 0) throw new UsageError('history retention takes only flags');
      const history = openHistory(historyDataDir(values['data-dir']));
      try {
        return retention(history, { maxEntries: values['max-entries'], maxAgeDays: values['max-age-days'], yes: values.yes }, io);
      } finally {
        closeHistory(history, warnFor('retention', io));
      }
    }
    throw new UsageError(`unknown action "${action}": use find, export or retention`);
  } catch (error) {
    return reportError('history', error, USAGE, io);
  }
}

/** The history subcommand. */
export const historyCommand: Command = { name: 'history', summary: 'find entries by zid, export them (HAR or JSON), show or set retention', usage: USAGE, run };
