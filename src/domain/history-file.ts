import { z } from 'zod';
import { HarSchema } from './har-schema.ts';
import { fromHarEntry, HistoryEntryLikeSchema, type HistoryEntryLike, type RedactOptions } from './har.ts';
import { redactHeaders, redactUrl } from './redact.ts';

/**
 * The JSON export of history entries and the import of a file from a customer (HAR or that JSON).
 * An import is all or nothing: one bad entry rejects the file, with the field and the reason.
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

/** Result of reading an imported file: every entry, or the problems and no entry at all. */
export type ImportResult =
  | { ok: true; kind: 'har' | 'json'; entries: HistoryEntryLike[] }
  | { ok: false; message: string; problems: ImportProblem[] };

/** Writes entries as the app's JSON export, key redacted. */
export function buildHistoryJson(entries: readonly HistoryEntryLike[], options: RedactOptions = {}): string {
  return JSON.stringify({ format: HISTORY_JSON_FORMAT, version: 1, entries: entries.map((entry) => redactEntry(entry, options)) }, null, 2);
}

function redactEntry(entry: HistoryEntryLike, options: RedactOptions): HistoryEntryLike {
  return {
    ...entry,
    url: redactUrl(entry.url, options.apiKeyHeader),
    requestHeaders: redactHeaders(entry.requestHeaders, options.apiKeyHeader),
    query: redactHeaders(entry.query, options.apiKeyHeader),
  };
}

function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`), '$');
}

const MAX_PROBLEMS = 20;

function failure(what: string, error: z.ZodError, prefix: readonly PropertyKey[] = []): ImportResult {
  const problems = error.issues.slice(0, MAX_PROBLEMS).map((issue) => ({ path: jsonPath([...prefix, ...issue.path]), reason: issue.message }));
  const first = problems[0]!;
  return { ok: false, message: `Not a valid ${what}: ${first.path} ${first.reason}. Nothing was imported.`, problems };
}

function foreign(reason: string): ImportResult {
  return { ok: false, message: `${reason}. Nothing was imported.`, problems: [{ path: '$', reason }] };
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

function readHar(document: unknown, options: RedactOptions): ImportResult {
  const har = HarSchema.safeParse(document);
  if (!har.success) return failure('HAR 1.2 file', har.error);
  const entries: HistoryEntryLike[] = [];
  for (const [index, harEntry] of har.data.log.entries.entries()) {
    let candidate: unknown;
    try {
      candidate = fromHarEntry(harEntry, options);
    } catch {
      return foreign(`$.log.entries[${index}].response.content.text is not valid base64`);
    }
    const entry = HistoryEntryLikeSchema.safeParse(candidate);
    if (!entry.success) return failure('HAR file for this app', harPaths(entry.error), ['log', 'entries', index]);
    entries.push(entry.data);
  }
  return { ok: true, kind: 'har', entries };
}

/** Reads an imported file (HAR 1.2 or the app's JSON export); keys found in it are redacted. */
export function parseHistoryFile(text: string, options: RedactOptions = {}): ImportResult {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return foreign(`The file is not JSON (${(error as Error).message})`);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return foreign('The file is neither a HAR file nor a Swap Explorer history export: its top level is not an object');
  }
  if ('log' in document) return readHar(document, options);
  if ('format' in document && document.format === HISTORY_JSON_FORMAT) {
    const parsed = HistoryJsonSchema.safeParse(document);
    if (!parsed.success) return failure('Swap Explorer history export', parsed.error);
    return { ok: true, kind: 'json', entries: parsed.data.entries.map((entry) => redactEntry(entry, options)) };
  }
  return foreign(`The file is neither a HAR file (no "log" member) nor a Swap Explorer history export ("format": "${HISTORY_JSON_FORMAT}")`);
}
