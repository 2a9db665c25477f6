import type { SQLInputValue } from 'node:sqlite';
import { isDeeperThan } from '../../domain/json-depth.ts';
import { SCHEMA_REPORT_VERSION } from '../../domain/entry-schema-report.ts';
import type { HistoryEntry, HistorySummary, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';

/**
 * Entries to rows and back. Rows are not re-validated with zod on read: only this module writes
 * them, and a list of 1,000 summaries must stay cheap. Headers, query, schema report and app error
 * are JSON text; the body is kept once when it is just the parse of its text.
 */

/** The summary columns, in HistorySummary's order, for SELECTs that feed lists. */
export const SUMMARY_COLUMNS =
  'id, started_at, origin, profile_id, profile_name, endpoint, chain_id, sell_token, buy_token, status, error_name, zid, duration_ms, replay_of';

/** Every column written on insert, in the order of `entryParams`. */
export const INSERT_COLUMNS = [
  'started_at', 'started_ms', 'origin', 'profile_id', 'profile_name', 'endpoint', 'chain_id', 'sell_token', 'buy_token',
  'sell_token_key', 'buy_token_key', 'status', 'error_name', 'zid', 'zid_key', 'duration_ms', 'replay_of', 'method', 'url',
  'query_json', 'request_headers_json', 'status_text', 'response_headers_json', 'body_text', 'body_kind', 'body_json',
  'schema_report_json', 'attempts', 'app_error_json', 'schema_report_version', 'client_error',
] as const;

/** The summary as read from a row. */
export type SummaryRow = Record<string, SQLInputValue>;

const BODY_NULL = 0;
const BODY_FROM_TEXT = 1;
const BODY_STORED = 2;

/** Lowercased, trimmed key for case-insensitive lookups; null stays null. */
export function lookupKey(text: string | null): string | null {
  return text === null ? null : text.trim().toLowerCase();
}

function parsesTo(text: string, json: string): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === json;
  } catch {
    return false;
  }
}

// The client's body is JSON.parse(bodyText) almost always, so it need not be stored twice (that
// halves the file); anything else (an import, a transformed body) is kept as its own JSON.
// A body too deep to stringify (issue 17) is kept as its text only, never as a failed insert.
function bodyColumns(entry: NewHistoryEntry): [number, string | null] {
  if (entry.body === null || entry.body === undefined || isDeeperThan(entry.body)) return [BODY_NULL, null];
  const json = JSON.stringify(entry.body);
  return parsesTo(entry.bodyText, json) ? [BODY_FROM_TEXT, null] : [BODY_STORED, json];
}

/** The values of INSERT_COLUMNS for one entry. */
export function entryParams(entry: NewHistoryEntry): SQLInputValue[] {
  const [bodyKind, bodyJson] = bodyColumns(entry);
  return [
    entry.startedAt, Date.parse(entry.startedAt), entry.origin, entry.profileId, entry.profileName, entry.endpoint, entry.chainId,
    entry.sellToken, entry.buyToken, lookupKey(entry.sellToken), lookupKey(entry.buyToken), entry.status, entry.errorName, entry.zid,
    lookupKey(entry.zid), entry.durationMs, entry.replayOf, entry.method, entry.url, JSON.stringify(entry.query),
    JSON.stringify(entry.requestHeaders), entry.statusText, JSON.stringify(entry.responseHeaders), entry.bodyText, bodyKind, bodyJson,
    JSON.stringify(entry.schemaReport), entry.attempts, entry.appError === null ? null : JSON.stringify(entry.appError),
    SCHEMA_REPORT_VERSION, entry.clientError,
  ];
}

/** A summary from a row selected with SUMMARY_COLUMNS (or *). */
export function rowToSummary(row: SummaryRow): HistorySummary {
  return {
    id: row.id as number,
    startedAt: row.started_at as string,
    origin: row.origin as HistorySummary['origin'],
    profileId: row.profile_id as string,
    profileName: row.profile_name as string,
    endpoint: row.endpoint as HistorySummary['endpoint'],
    chainId: row.chain_id as number | null,
    sellToken: row.sell_token as string | null,
    buyToken: row.buy_token as string | null,
    status: row.status as number | null,
    errorName: row.error_name as string | null,
    zid: row.zid as string | null,
    durationMs: row.duration_ms as number,
    replayOf: row.replay_of as number | null,
  };
}

function bodyOf(row: SummaryRow): unknown {
  if (row.body_kind === BODY_FROM_TEXT) {
    const body: unknown = JSON.parse(row.body_text as string);
    // Written before the depth guard existed: too deep to send to the window, so text only.
    return isDeeperThan(body) ? null : body;
  }
  if (row.body_kind === BODY_STORED) return JSON.parse(row.body_json as string);
  return null;
}

/** A whole entry from a `SELECT *` row. */
export function rowToEntry(row: SummaryRow): HistoryEntry {
  return {
    ...rowToSummary(row),
    method: row.method as 'GET',
    url: row.url as string,
    query: JSON.parse(row.query_json as string),
    requestHeaders: JSON.parse(row.request_headers_json as string),
    statusText: row.status_text as string,
    responseHeaders: JSON.parse(row.response_headers_json as string),
    bodyText: row.body_text as string,
    body: bodyOf(row),
    schemaReport: JSON.parse(row.schema_report_json as string),
    attempts: row.attempts as number,
    appError: row.app_error_json === null ? null : JSON.parse(row.app_error_json as string),
    // Undefined in a row read before migration V6 ran on it: never, migrate runs on open.
    clientError: (row.client_error as string | null | undefined) ?? null,
  };
}
