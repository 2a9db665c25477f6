import type { DatabaseSync } from 'node:sqlite';
import type { HistorySearchFilter, HistorySearchPage } from '../../ipc/channels/history.ts';
import type { HistorySummary, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import type { Prepare } from './retention.ts';
import { entryParams, INSERT_COLUMNS, rowToSummary, SUMMARY_COLUMNS, type SummaryRow } from './row-mapping.ts';
import { mergeParts, searchQuery } from './search-query.ts';

/**
 * The SQL the history store runs on its entries, one function per question. Apart from the store
 * so that its class holds only what is stateful (the connection, retention's count of inserts, the
 * notices): these take the connection's `prepare` and leave failures to the caller's guard, which
 * maps them and, after a quarantine, runs them again on the fresh file.
 */

const INSERT_SQL = `INSERT INTO entries (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`;
// A zid is unique in practice; the cap only bounds a pathological file.
const ZID_MATCHES_MAX = 1_000;

/** Stores one entry (its own transaction); returns its id. */
export function insertEntry(prepare: Prepare, entry: NewHistoryEntry): number {
  return Number(prepare(INSERT_SQL).run(...entryParams(entry)).lastInsertRowid);
}

/** Stores many entries in one transaction on `db`, all or none; returns their ids in order. */
export function insertEntries(db: DatabaseSync, prepare: Prepare, entries: Iterable<NewHistoryEntry>): number[] {
  const ids: number[] = [];
  db.exec('BEGIN IMMEDIATE');
  try {
    const statement = prepare(INSERT_SQL);
    for (const entry of entries) ids.push(Number(statement.run(...entryParams(entry)).lastInsertRowid));
    db.exec('COMMIT');
  } catch (error) {
    // A failed COMMIT (full disk) may leave the transaction open; an entry error never commits.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
  return ids;
}

/** The whole row of entry `id`, or undefined when there is none. */
export function entryRow(prepare: Prepare, id: number): SummaryRow | undefined {
  return prepare('SELECT * FROM entries WHERE id = ?').get(id) as SummaryRow | undefined;
}

/** Keeps a schema report computed again (HistoryStore.get says when) in place of the stored one. */
export function saveSchemaReport(prepare: Prepare, id: number, reportJson: string, version: number): void {
  prepare('UPDATE entries SET schema_report_json = ?, schema_report_version = ? WHERE id = ?').run(reportJson, version, id);
}

/**
 * The id of the imported entry that is `entry` as it came from a file (HistoryStore.findImported).
 * The browser's error counts: one request unanswered for a bad certificate and again for an unknown
 * host are two readings of the customer's trouble, not one listed twice.
 */
export function importedEntryId(prepare: Prepare, entry: NewHistoryEntry): number | null {
  const sql =
    "SELECT id FROM entries WHERE started_ms = ? AND origin = 'imported' AND url = ? AND method = ? AND status IS ? AND zid IS ? AND request_headers_json = ? AND body_text = ? AND app_error_json IS ? AND client_error IS ? ORDER BY id LIMIT 1";
  const params = [Date.parse(entry.startedAt), entry.url, entry.method, entry.status, entry.zid, JSON.stringify(entry.requestHeaders), entry.bodyText, entry.appError === null ? null : JSON.stringify(entry.appError), entry.clientError];
  const row = prepare(sql).get(...params) as { id: number } | undefined;
  return row?.id ?? null;
}

/** Summaries of the entries with exactly this zid (any case), newest first. */
export function summariesByZid(prepare: Prepare, zid: string): HistorySummary[] {
  const sql = `SELECT ${SUMMARY_COLUMNS} FROM entries WHERE zid_key = ? ORDER BY id DESC LIMIT ${ZID_MATCHES_MAX}`;
  return (prepare(sql).all(zid.trim().toLowerCase()) as SummaryRow[]).map(rowToSummary);
}

/** A page of summaries matching the filter, newest first, with the cursor of the next page. */
export function searchPage(prepare: Prepare, filter: HistorySearchFilter): HistorySearchPage {
  const query = searchQuery(filter);
  const rows = mergeParts(query.parts.map((part) => prepare(part.sql).all(...part.params) as SummaryRow[]), filter.limit + 1);
  const page = rows.slice(0, filter.limit).map(rowToSummary);
  const nextBefore = rows.length > filter.limit ? page[page.length - 1]!.id : null;
  return { rows: page, nextBefore, unknownSymbols: query.unknownSymbols };
}

/** The ids of `ids` still held, in the order given (one lookup in the rowid b-tree each). */
export function keptIdsOf(prepare: Prepare, ids: readonly number[]): number[] {
  const rows = prepare('SELECT id FROM entries WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { id: number }[];
  const kept = new Set(rows.map((row) => row.id));
  return ids.filter((id) => kept.has(id));
}

/** How many entries are kept. */
export function countEntries(prepare: Prepare): number {
  return (prepare('SELECT count(*) AS n FROM entries').get() as { n: number }).n;
}

/** The start time (ms) of the oldest sent request kept, or null (the entries_origin index answers it). */
export function oldestSentMs(prepare: Prepare): number | null {
  return (prepare("SELECT min(started_ms) AS oldest FROM entries WHERE origin = 'sent'").get() as { oldest: number | null }).oldest;
}
