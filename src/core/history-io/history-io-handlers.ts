import type { z } from 'zod';
import { buildHar } from '../../domain/har.ts';
import { NO_RESPONSE_STATUS, type HistoryEntryLike } from '../../domain/har.ts';
import { buildHistoryJson, MAX_IMPORT_PROBLEMS, parseHistoryFile } from '../../domain/history-file.ts';
import { isDeeperThan, tooDeepDetail } from '../../domain/json-depth.ts';
import { redactEntryCredentials } from '../../domain/redact.ts';
import { allKeyHeaders, keyHeadersFor } from '../profiles/profile-key-headers.ts';
import type { historyIoChannels } from '../../ipc/channels/history-io.ts';
import { APP_ERROR_CODES, AppError } from '../../ipc/result.ts';
import type { HistoryEntry, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { readServicePath, type ServicePath } from '../../domain/service-path.ts';
import { explainEntry } from '../../domain/support/explain-entry.ts';
import { entriesText } from '../../domain/retention-text.ts';
import { formatInteger } from '../../domain/number-format.ts';
import type { HistoryRetention } from '../../ipc/channels/history.ts';
import { schemaReportOf } from '../../domain/entry-schema-report.ts';

type Channels = typeof historyIoChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** The export/import handlers, typed on their own channels, to spread into the handler map. */
export type HistoryIoHandlers = { [C in keyof Channels]: Handler<C> };

/** What the export/import handlers need from the history store. */
export interface HistoryIoStore {
  get(id: number): HistoryEntry | null;
  insertMany(entries: Iterable<NewHistoryEntry>): number[];
  /** The id of an imported entry that is this one as it came (HistoryStore.findImported), or null. */
  findImported(entry: NewHistoryEntry): number | null;
  /** How many entries are kept, the retention setting in force, and applying it now: an import says what it made go. */
  count(): number;
  retention(): HistoryRetention;
  applyRetention(): number;
}

/** What the handlers need: the store and the app's name and version for the HAR creator. */
export interface HistoryIoDeps {
  history: HistoryIoStore;
  creator: { name: string; version: string };
  now?: () => Date;
  /** Each user profile's key header name by profile id (profile-key-headers.ts): a renamed key header is redacted too. */
  profileKeyHeaders?: () => ReadonlyMap<string, string>;
}

/** Builds history.export and history.import over the history store. */
export function createHistoryIoHandlers(deps: HistoryIoDeps): HistoryIoHandlers {
  const now = deps.now ?? (() => new Date());
  const profileKeyHeaders = deps.profileKeyHeaders ?? (() => new Map<string, string>());
  return {
    'history.export': async ({ ids, format }) => {
      const { entries, removedIds } = readForExport(deps.history, ids, profileKeyHeaders());
      if (entries.length === 0) {
        throw new AppError('NOT_FOUND', `${removedText(removedIds)} no longer in History (the retention setting removed ${removedIds.length === 1 ? 'it' : 'them'}): nothing was exported.`, { removedIds });
      }
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const content = format === 'har' ? JSON.stringify(buildHar(entries, deps.creator), null, 2) : buildHistoryJson(entries);
      return { fileName: `swap-explorer-history-${stamp}.${format === 'har' ? 'har' : 'json'}`, content, count: entries.length, removedIds };
    },
    'history.import': async ({ fileName, content }) => {
      const parsed = parseHistoryFile(content, { apiKeyHeader: allKeyHeaders(profileKeyHeaders()) });
      // Named by the file: the refusal is read in a status line, away from the file chosen or dropped.
      if (!parsed.ok) throw new AppError('INVALID_INPUT', `${fileName}: ${parsed.message}`, { problems: parsed.problems });
      if (parsed.entries.length === 0 && parsed.setAside.count === 0) refuseEmpty(fileName, parsed.kind);
      if (parsed.kind === 'json') refuseUnknownPaths(fileName, parsed.entries);
      const { fresh, alreadyImportedIds } = withoutAlreadyImported(deps.history, parsed.entries.map((entry) => toImported(entry, fileName)));
      refuseOverLimit(deps.history, fileName, fresh.length);
      // Counted, not taken from the passes: insertMany runs one itself once 100 entries went in.
      const before = deps.history.count();
      const importedIds = fresh.length === 0 ? [] : deps.history.insertMany(fresh);
      if (deps.history.retention().maxEntries !== null) deps.history.applyRetention();
      const removedByRetention = Math.max(0, before + importedIds.length - deps.history.count());
      const already = { alreadyImported: alreadyImportedIds.length, alreadyImportedIds: [...new Set(alreadyImportedIds)].slice(0, MAX_IMPORT_PROBLEMS) };
      return { importedIds, kind: parsed.kind, setAside: parsed.setAside.count, setAsideExamples: parsed.setAside.examples, removedByRetention, ...already };
    },
  };
}

/**
 * A file's entries less those History already holds as imported (the same file imported again, or a
 * second file repeating the first's requests): listing one request twice left the user unable to
 * tell the copies apart, and every count read double. The entries a file holds twice are both
 * kept, as they came: only what an earlier import stored is skipped, and counted in the answer.
 */
function withoutAlreadyImported(history: HistoryIoStore, entries: readonly NewHistoryEntry[]): { fresh: NewHistoryEntry[]; alreadyImportedIds: number[] } {
  const fresh: NewHistoryEntry[] = [];
  const alreadyImportedIds: number[] = [];
  for (const entry of entries) {
    const id = history.findImported(entry);
    if (id === null) fresh.push(entry);
    else alreadyImportedIds.push(id);
  }
  return { fresh, alreadyImportedIds };
}

/**
 * The entries of `ids` still kept, and the ids of those retention removed since they were chosen (the
 * window's checked set outlives them). The kept ones are exported and the others named: one entry
 * gone must not cost the user the export of all the others.
 */
function readForExport(history: HistoryIoStore, ids: readonly number[], profileKeyHeaders: ReadonlyMap<string, string>): { entries: HistoryEntryLike[]; removedIds: number[] } {
  const entries: HistoryEntryLike[] = [];
  const removedIds: number[] = [];
  for (const id of ids) {
    const entry = history.get(id);
    // Each entry redacted under its own key header names (an old import may hold a renamed one).
    if (entry) entries.push(redactEntryCredentials(toLike(entry), keyHeadersFor(entry, profileKeyHeaders)));
    else removedIds.push(id);
  }
  return { entries, removedIds };
}

function removedText(ids: readonly number[]): string {
  const named = ids.map((id) => `#${id}`).join(', ');
  return ids.length === 1 ? `Entry ${named} is` : `Entries ${named} are`;
}

/** A stored entry as exports see it (status 0 when no response arrived). */
export function toLike(entry: HistoryEntry): HistoryEntryLike {
  return {
    url: entry.url,
    method: entry.method,
    requestHeaders: entry.requestHeaders,
    query: entry.query,
    status: entry.status ?? NO_RESPONSE_STATUS,
    statusText: entry.statusText,
    responseHeaders: entry.responseHeaders,
    bodyText: entry.bodyText,
    startedAt: entry.startedAt,
    durationMs: entry.durationMs,
    zid: entry.zid,
    appError: entry.appError === null ? null : { code: entry.appError.code, message: entry.appError.message },
    clientError: entry.clientError,
  };
}

/**
 * What the "newest N entries" setting does to an import. A file of more entries than N would lose its
 * own first ones at once: refused, with the numbers. Otherwise the oldest entries go as they do for
 * each request sent, applied at once and counted in the answer: an import of 100 or more ran the
 * retention pass, and said only "Imported 120 entries" while 70 of the user's own went.
 */
function refuseOverLimit(history: HistoryIoStore, fileName: string, adding: number): void {
  const limit = history.retention().maxEntries;
  if (limit === null || adding <= limit) return;
  throw new AppError(
    'INVALID_INPUT',
    `${fileName} holds ${entriesText(adding)}, more than the newest ${formatInteger(limit)} History keeps (Settings, History): its first ${entriesText(adding - limit)} would be removed as soon as imported. Nothing was imported: raise or switch off the entries limit in Settings, or import a file of fewer entries.`,
    { problems: [{ path: '$', reason: `holds more entries than History keeps (${formatInteger(limit)})` }] },
  );
}

/**
 * A file with no entry at all: "Imported 0 entries" read as a success and left the user nowhere. A
 * browser's HAR is empty when its developer tools were opened after the request: said, with what to
 * ask the customer for.
 */
function refuseEmpty(fileName: string, kind: 'har' | 'json'): never {
  const advice = kind === 'har' ? ' A browser records requests only while its developer tools are open: ask the customer to open them (the Network tab) before making the request again, then save the HAR.' : '';
  throw new AppError('INVALID_INPUT', `${fileName} holds no entry: nothing was imported.${advice}`, { problems: [{ path: kind === 'har' ? '$.log.entries' : '$.entries', reason: 'holds no entry' }] });
}

/**
 * An entry of the app's JSON export whose URL is no path of the service (edited by hand, or by a
 * script): refused with its place in the file, as a bad field is, so that the user can find it among
 * thousands. A HAR's such entries are set aside before (har-service-request.ts); `explain` reads
 * them all the same, and lints the path.
 */
function refuseUnknownPaths(fileName: string, entries: readonly HistoryEntryLike[]): void {
  const problems = entries.flatMap((entry, index) => {
    const path = new URL(entry.url).pathname;
    return readServicePath(path) ? [] : [{ path: `$.entries[${index}].url`, reason: `is not a path of the service (${path})` }];
  });
  const [first] = problems;
  if (first) throw new AppError('INVALID_INPUT', `${fileName}: Not a valid Swap Explorer history export: ${first.path} ${first.reason}${problems.length > 1 ? `, and ${problems.length - 1} more entr${problems.length === 2 ? 'y' : 'ies'} like it` : ''}. Nothing was imported.`, { problems: problems.slice(0, MAX_IMPORT_PROBLEMS) });
}

// The path read as the HAR filter and the linter read it (service-path.ts): a v1 path is filed under
// the v2 endpoint explain corrects it to, its URL and query kept as the customer sent them.
function servicePathOf(url: string): ServicePath {
  const path = new URL(url).pathname;
  const found = readServicePath(path);
  if (!found) throw new AppError('INVALID_INPUT', `Not an endpoint of the service: ${path}. Nothing was imported.`, { problems: [{ path: '$.url', reason: 'unknown endpoint' }] });
  return found;
}

/**
 * The chain and tokens an entry is listed and searched by. A v1 request named its chain by its host
 * and its tokens by v1 names, so they are read from the v2 request explain corrects it to (the
 * entry's findings say where each came from); a v2 request's are its own query's.
 */
function listedParams(entry: HistoryEntryLike, isV1: boolean): Record<string, string | undefined> {
  if (!isV1) return entry.query;
  return explainEntry(entry).corrected?.params ?? {};
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

// The error an export carried. A code this version does not know (a later one's) is kept in the
// message rather than refuse the file for it.
function importedAppError(error: HistoryEntryLike['appError']): NewHistoryEntry['appError'] {
  if (!error) return null;
  const code = APP_ERROR_CODES.find((known) => known === error.code);
  return code ? { code, message: error.message } : { code: 'INTERNAL', message: `${error.code}: ${error.message}` };
}

function toImported(entry: HistoryEntryLike, fileName: string): NewHistoryEntry {
  const parsed = parseBody(entry.bodyText);
  // Too deep to store or show as JSON: kept as its text, with a warning (issue 17).
  const isTooDeep = isDeeperThan(parsed);
  const body = isTooDeep ? null : parsed;
  const appError = importedAppError(entry.appError);
  // As a sent entry is named (build-entry.ts): the service's error name, else the app's error code,
  // so that the error-name filter finds a TIMEOUT imported as it finds the one sent.
  const serviceName = entry.status >= 400 && body && typeof body === 'object' && typeof (body as { name?: unknown }).name === 'string' ? (body as { name: string }).name : null;
  const errorName = serviceName ?? appError?.code ?? null;
  const { endpoint, isV1 } = servicePathOf(entry.url);
  const listed = listedParams(entry, isV1);
  const chainId = Number.parseInt(listed.chainId ?? '', 10);
  return {
    startedAt: entry.startedAt,
    origin: 'imported',
    profileId: 'imported',
    profileName: `Imported: ${fileName}`,
    endpoint,
    chainId: Number.isFinite(chainId) ? chainId : null,
    sellToken: listed.sellToken ?? null,
    buyToken: listed.buyToken ?? null,
    status: entry.status === NO_RESPONSE_STATUS ? null : entry.status,
    errorName,
    zid: entry.zid,
    durationMs: entry.durationMs,
    replayOf: null,
    method: 'GET',
    url: entry.url,
    query: entry.query,
    requestHeaders: entry.requestHeaders,
    statusText: entry.statusText,
    responseHeaders: entry.responseHeaders,
    bodyText: entry.bodyText,
    body,
    // Checked as a body sent here is: an empty report reads "the body matches the spec's schema".
    schemaReport: isTooDeep ? [{ kind: 'invalid', path: '$', detail: tooDeepDetail() }] : schemaReportOf(endpoint, entry.status, body),
    attempts: 0,
    appError,
    clientError: entry.clientError ?? null,
  };
}
