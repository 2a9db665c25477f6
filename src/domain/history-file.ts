import { z } from 'zod';
import { HarEntrySchema } from './har-schema.ts';
import { skimJsonShape, type JsonShape } from './json-skim.ts';
import { fromHarEntry, HistoryEntryLikeSchema, type HistoryEntryLike, type RedactOptions } from './har.ts';
import { whyNotServiceRequest } from './har-service-request.ts';
import { entriesText } from './retention-text.ts';
import { redactEntryCredentials } from './redact.ts';

/**
 * The JSON export of history entries and the import of a file from a customer (HAR or that JSON).
 * An import is all or nothing: one bad entry rejects the file, with the field and the reason. A
 * HAR's entries that are valid but not requests to the service (a browser's preflights, the page's
 * own traffic: har-service-request.ts) are set aside and counted instead.
 * A hostile or huge file is answered quickly and in bounded memory: its shape is skimmed before
 * parsing (entry and object counts, each entry's place in the text), each entry is then parsed and
 * validated on its own, and validation stops at the first MAX_IMPORT_PROBLEMS problems.
 */

/** Marks the app's JSON export so that an import can tell it from any other JSON. */
export const HISTORY_JSON_FORMAT = 'swap-explorer.history';

/** The app's JSON export of history entries. */
export const HistoryJsonSchema = z.object({
  format: z.literal(HISTORY_JSON_FORMAT),
  version: z.literal(1, { message: 'must be 1: the only version this app writes' }),
  entries: z.array(HistoryEntryLikeSchema),
});

/** What went wrong with an imported file: the JSON path of the field and why. */
export interface ImportProblem {
  path: string;
  reason: string;
}

/** Entries of a HAR left out because they are not requests to the service: how many, and the first few with why. */
export interface SetAside {
  count: number;
  examples: ImportProblem[];
}

/** Result of reading an imported file: every entry, or the problems and no entry at all. */
export type ImportResult =
  | { ok: true; kind: 'har' | 'json'; entries: HistoryEntryLike[]; setAside: SetAside }
  | { ok: false; message: string; problems: ImportProblem[] };

/** Writes entries as the app's JSON export, credentials redacted. */
export function buildHistoryJson(entries: readonly HistoryEntryLike[], options: RedactOptions = {}): string {
  return JSON.stringify({ format: HISTORY_JSON_FORMAT, version: 1, entries: entries.map((entry) => redactEntryCredentials(entry, options.apiKeyHeader)) }, null, 2);
}

function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`), '$');
}

/** Largest history file read, in UTF-16 code units of its text (about 50 MB): the import's cap, and the paste box's. */
export const MAX_HISTORY_FILE_CHARS = 50 * 1024 * 1024;
/** Most problems an import reports; checking stops once it has them (a hostile file may have millions). */
export const MAX_IMPORT_PROBLEMS = 20;
/**
 * Most entries one import takes: a 50 MB HAR of genuine entries holds about 20,000, so this is far
 * above any real file and far below what exhausts memory (1.6 million empty entries fit in 4.8 MB).
 */
export const MAX_IMPORT_ENTRIES = 100_000;
/** Most objects and arrays one import holds (a genuine HAR entry has about 20 to 50). */
export const MAX_IMPORT_CONTAINERS = 2_000_000;
/** Most objects and arrays in one entry: a request and its answer need far fewer. */
export const MAX_ENTRY_CONTAINERS = 50_000;
/** Most objects and arrays outside the entries (log, creator, pages, the export's header). */
export const MAX_ENVELOPE_CONTAINERS = 10_000;

/** Problems collected up to MAX_IMPORT_PROBLEMS; `full` says checking should stop. */
class Problems {
  readonly list: ImportProblem[] = [];
  /** What the file failed to be, from the first problem (a HAR 1.2 file, or a HAR for this app). */
  what: string | null = null;

  get full(): boolean {
    return this.list.length >= MAX_IMPORT_PROBLEMS;
  }

  add(error: z.ZodError, prefix: readonly PropertyKey[] = [], what?: string): void {
    if (what && this.list.length === 0) this.what = what;
    for (const issue of error.issues) {
      if (this.full) return;
      this.list.push({ path: jsonPath([...prefix, ...issue.path]), reason: issue.message });
    }
  }

  failure(fallback: string): ImportResult {
    const what = this.what ?? fallback;
    const first = this.list[0]!;
    const more = this.full ? ` (checking stopped at the first ${MAX_IMPORT_PROBLEMS} problems)` : '';
    return { ok: false, message: `Not a valid ${what}: ${first.path} ${first.reason}${more}. Nothing was imported.`, problems: this.list };
  }
}

function foreign(reason: string, path = '$'): ImportResult {
  return { ok: false, message: `${reason}. Nothing was imported.`, problems: [{ path, reason }] };
}

// Where each field of a history entry comes from in a HAR entry: problems point into the file the
// person holds, not into the app's internal shape.
const HAR_FIELD: Record<string, PropertyKey[]> = {
  url: ['request', 'url'],
  method: ['request', 'method'],
  requestHeaders: ['request', 'headers'],
  query: ['request', 'queryString'],
  status: ['response', 'status'],
  statusText: ['response', 'statusText'],
  responseHeaders: ['response', 'headers'],
  bodyText: ['response', 'content', 'text'],
  startedAt: ['startedDateTime'],
  durationMs: ['time'],
  zid: ['_zid'],
};

function harPaths(error: z.ZodError): z.ZodError {
  const issues = error.issues.map((issue) => {
    const [field, ...rest] = issue.path;
    const mapped = typeof field === 'string' ? HAR_FIELD[field] : undefined;
    return mapped ? { ...issue, path: [...mapped, ...rest] } : issue;
  });
  return new z.ZodError(issues);
}

const HarEnvelopeSchema = z.looseObject({
  log: z.looseObject({ version: z.string(), creator: z.looseObject({ name: z.string(), version: z.string() }), entries: z.array(z.unknown()) }),
});
const JsonEnvelopeSchema = HistoryJsonSchema.extend({ entries: z.array(z.unknown()) });

function readHarEntry(raw: unknown, index: number, problems: Problems, setAside: SetAside, options: RedactOptions): HistoryEntryLike | null {
  const prefix = ['log', 'entries', index];
  const harEntry = HarEntrySchema.safeParse(raw);
  if (!harEntry.success) {
    problems.add(harEntry.error, prefix);
    return null;
  }
  const notToService = whyNotServiceRequest(harEntry.data);
  if (notToService !== null) {
    setAside.count++;
    if (setAside.examples.length < MAX_IMPORT_PROBLEMS) setAside.examples.push({ path: `$.log.entries[${index}]`, reason: notToService });
    return null;
  }
  let candidate: unknown;
  try {
    candidate = fromHarEntry(harEntry.data, options);
  } catch {
    if (problems.list.length === 0) problems.what = 'HAR file for this app';
    problems.list.push({ path: `$.log.entries[${index}].response.content.text`, reason: 'is not valid base64' });
    return null;
  }
  const entry = HistoryEntryLikeSchema.safeParse(candidate);
  if (entry.success) return entry.data;
  problems.add(harPaths(entry.error), prefix, 'HAR file for this app');
  return null;
}

/** The entries of a file, each parsed from its own slice of the text when asked for. */
interface EntryTexts {
  count: number;
  /** The parsed entry, or undefined when its text is not JSON. */
  parse(index: number): unknown;
}

function entryTexts(text: string, spans: number[] | null, document: unknown, path: readonly string[]): EntryTexts {
  if (spans !== null) {
    return {
      count: spans.length / 2,
      parse: (index) => {
        try {
          return JSON.parse(text.slice(spans[index * 2], spans[index * 2 + 1])) as unknown;
        } catch {
          return undefined;
        }
      },
    };
  }
  // No entries array was found by the skim: the envelope check reports what is there instead.
  const items = path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  return Array.isArray(items) ? { count: items.length, parse: (index) => items[index] } : { count: 0, parse: () => undefined };
}

const JSON_SPACE = /^[ \t\n\r]*$/;
const JSON_COMMA = /^[ \t\n\r]*,[ \t\n\r]*$/;

/**
 * Where the text between the entries array's brackets and its entries is not what JSON allows
 * there (white space, and one comma between two entries), or null. The envelope and each entry are
 * parsed on their own (parseHistoryFile), so without this a missing, doubled or trailing comma, which
 * JSON.parse and `explain` refuse, was imported as if it were there.
 */
function separatorProblemAt(text: string, array: [number, number], spans: number[]): number | null {
  const gaps = [array[0] + 1, ...spans, array[1] - 1];
  for (let at = 0; at < gaps.length; at += 2) {
    const [from, to] = [gaps[at]!, gaps[at + 1]!];
    const isBetweenEntries = at > 0 && at < gaps.length - 2;
    if (!(isBetweenEntries ? JSON_COMMA : JSON_SPACE).test(text.slice(from, to))) return from;
  }
  return null;
}

// Entries one by one, stopping at MAX_IMPORT_PROBLEMS: a file of a million bad entries is answered
// from its first few instead of validating (and describing) every one, and only one entry's tree is
// in memory at a time.
function readEntries(items: EntryTexts, read: (raw: unknown, index: number) => HistoryEntryLike | null, problems: Problems, path: string): HistoryEntryLike[] {
  const entries: HistoryEntryLike[] = [];
  for (let index = 0; index < items.count && !problems.full; index++) {
    const raw = items.parse(index);
    if (raw === undefined) {
      problems.list.push({ path: `${path}[${index}]`, reason: 'is not valid JSON' });
      continue;
    }
    const entry = read(raw, index);
    if (entry && problems.list.length === 0) entries.push(entry);
  }
  return entries;
}

function readHar(document: unknown, items: EntryTexts, options: RedactOptions): ImportResult {
  const problems = new Problems();
  const envelope = HarEnvelopeSchema.safeParse(document);
  if (!envelope.success) {
    problems.add(envelope.error);
    return problems.failure('HAR 1.2 file');
  }
  const setAside: SetAside = { count: 0, examples: [] };
  const entries = readEntries(items, (raw, index) => readHarEntry(raw, index, problems, setAside, options), problems, '$.log.entries');
  if (problems.list.length > 0) return problems.failure('HAR 1.2 file');
  if (entries.length === 0 && setAside.count > 0) {
    const first = setAside.examples[0]!;
    return { ok: false, message: `This HAR holds no request to the service: ${entriesText(setAside.count)} set aside (${first.path}: ${first.reason}). Nothing was imported.`, problems: setAside.examples };
  }
  return { ok: true, kind: 'har', entries, setAside };
}

function readJson(document: unknown, items: EntryTexts, options: RedactOptions): ImportResult {
  const problems = new Problems();
  const envelope = JsonEnvelopeSchema.safeParse(document);
  if (!envelope.success) {
    problems.add(envelope.error);
    return problems.failure('Swap Explorer history export');
  }
  const read = (raw: unknown, index: number) => {
    const entry = HistoryEntryLikeSchema.safeParse(raw);
    if (!entry.success) problems.add(entry.error, ['entries', index]);
    return entry.success ? redactEntryCredentials(entry.data, options.apiKeyHeader) : null;
  };
  const entries = readEntries(items, read, problems, '$.entries');
  if (problems.list.length > 0) return problems.failure('Swap Explorer history export');
  return { ok: true, kind: 'json', entries, setAside: { count: 0, examples: [] } };
}

const SKIM_LIMITS = { maxEntries: MAX_IMPORT_ENTRIES, maxContainers: MAX_IMPORT_CONTAINERS, maxEntryContainers: MAX_ENTRY_CONTAINERS, maxEnvelopeContainers: MAX_ENVELOPE_CONTAINERS };

/** Why a JSON text of this shape (skimJsonShape's) is refused before it is parsed, and where; null when it is within the caps. */
export function shapeRefusal(shape: JsonShape): { reason: string; path: string } | null {
  const count = (value: number) => value.toLocaleString('en-US');
  switch (shape.exceeded) {
    case null:
      return null;
    case 'entries':
      return { reason: `The file has more than ${count(MAX_IMPORT_ENTRIES)} entries, the most one import takes; split it into smaller files`, path: '$.log.entries' };
    case 'entry-containers':
      return { reason: `Entry ${shape.exceededAt} holds more than ${count(MAX_ENTRY_CONTAINERS)} JSON objects and arrays, far more than a request and its answer need`, path: `$.log.entries[${shape.exceededAt}]` };
    default:
      return { reason: `The file holds more than ${count(shape.exceeded === 'containers' ? MAX_IMPORT_CONTAINERS : MAX_ENVELOPE_CONTAINERS)} JSON objects and arrays ${shape.exceeded === 'containers' ? 'in all' : 'outside its entries'}; it is not a history file this app can read`, path: '$' };
  }
}

function refusal(shape: JsonShape): ImportResult | null {
  const refused = shapeRefusal(shape);
  return refused ? foreign(refused.reason, refused.path) : null;
}

/** Reads an imported file (HAR 1.2 or the app's JSON export); credentials found in it are redacted (redact.ts). */
export function parseHistoryFile(text: string, options: RedactOptions = {}): ImportResult {
  // "Unexpected end of JSON input" told the user of an empty file (a download cut off, a save that
  // failed) that it was malformed; trim() also takes a byte order mark.
  if (text.trim() === '') return foreign('The file is empty');
  const shape = skimJsonShape(text, SKIM_LIMITS);
  const refused = refusal(shape);
  if (refused) return refused;
  // The envelope is parsed with an empty entries array; each entry is parsed from its own slice.
  const array = shape.entriesArray !== null && shape.entriesArray[1] > 0 ? shape.entriesArray : null;
  let document: unknown;
  try {
    document = JSON.parse(array ? `${text.slice(0, array[0])}[]${text.slice(array[1])}` : text);
  } catch (error) {
    return foreign(`The file is not JSON (${(error as Error).message})`);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return foreign('The file is neither a HAR file nor a Swap Explorer history export: its top level is not an object');
  }
  const spans = array ? shape.entrySpans : null;
  const badSeparator = array && spans ? separatorProblemAt(text, array, spans) : null;
  if (badSeparator !== null) return foreign(`The file is not JSON (expected ',' or ']' after an entry at position ${badSeparator})`);
  if ('log' in document) return readHar(document, entryTexts(text, spans, document, ['log', 'entries']), options);
  if ('format' in document && document.format === HISTORY_JSON_FORMAT) return readJson(document, entryTexts(text, spans, document, ['entries']), options);
  return foreign(`The file is neither a HAR file (no "log" member) nor a Swap Explorer history export ("format": "${HISTORY_JSON_FORMAT}")`);
}
