import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { HistoryNotice, HistoryRetention, HistorySearchFilter, HistorySearchPage } from '../../ipc/channels/history.ts';
import { AppError, isAppError } from '../../ipc/result.ts';
import type { HistoryEntry, HistorySummary, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import type { HistoryReader } from '../ports.ts';
import { connect, connectReadOnly, moveAside, prepareDatabase, truncateLongLog } from './database-file.ts';
import { isCorruption, SQLITE, sqlitePrimaryCode, toStorageError } from './errors.ts';
import { applyRetention, countRemovable, readRetention, writeRetention } from './retention.ts';
import { SCHEMA_REPORT_VERSION, storedEntrySchemaReport } from '../../domain/entry-schema-report.ts';
import { entryParams, INSERT_COLUMNS, rowToEntry, rowToSummary, SUMMARY_COLUMNS, type SummaryRow } from './row-mapping.ts';
import { mergeParts, searchQuery } from './search-query.ts';

/**
 * The request history: one SQLite file (node:sqlite, synchronous, so the store is a plain object
 * the client calls between awaits).
 *
 * Durability: `insert` returns only after SQLite committed the entry to the write-ahead log. With
 * WAL and synchronous=NORMAL a committed entry survives the process being killed at any moment
 * (tested with SIGKILL), but not a power loss or OS crash before the next checkpoint syncs the log:
 * the price of not fsyncing every request.
 *
 * Failures are mapped here, once: a file SQLite reports as corrupt (errcode 11) or not a database
 * (26), on open or later, is moved aside to `<name>.corrupt-<time>.db` with its -wal/-shm, a fresh
 * database takes its place and `notices` says so; the operation is then retried on the fresh file.
 * Disk and file failures (full disk, read-only, I/O) throw AppError STORAGE; the store stays usable.
 */

/** Options of HistoryStore.open. */
export interface HistoryStoreOptions {
  /** The clock, for retention by age and quarantine names. */
  now?: () => Date;
  /** Retention runs every this many inserts (and on open and on setRetention). */
  retentionEvery?: number;
  /**
   * Caps the file at this many pages (4 KiB each): beyond it inserts fail as on a full disk. Tests
   * use it to reach SQLITE_FULL without filling a disk.
   */
  maxPageCount?: number;
  /**
   * Called after a retention pass removed entries, with the start time (ms) of the oldest sent
   * request still kept (every one sent before it is gone), or the pass's own time when none is
   * kept. The data dir's run files follow it (src/core/compare/prune-runs.ts).
   */
  onEntriesRemoved?: (keptSinceMs: number) => void;
  /**
   * How many pages the write-ahead log may hold before a commit copies it into the file (SQLite's
   * default: 1,000). A process that leaves the store for its exit (leaveForExit) keeps it short:
   * whoever opens the file next, with no other connection open, rebuilds the log's index by
   * reading the whole log; leaveForExit empties a log longer than this.
   */
  walCheckpointPages?: number;
  /**
   * Reads another program's file (the CLI reading the app's): nothing on disk changes, so no
   * migration, retention, quarantine, report refresh or closing checkpoint (database-file.ts's
   * connectReadOnly). Set by HistoryStore.openReadOnly.
   */
  isReadOnly?: boolean;
}

const DEFAULT_RETENTION_EVERY = 100;
const INSERT_SQL = `INSERT INTO entries (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`;
// A zid is unique in practice; the cap only bounds a pathological file.
const ZID_MATCHES_MAX = 1_000;

/** The history store: HistorySink for the client, HistoryReader and search for the views. */
export class HistoryStore implements HistoryReader {
  /** The database file. */
  readonly path: string;
  /** What the store did on its own, or could not do, that the user must be told (a quarantined file, requests not kept). */
  readonly notices: HistoryNotice[] = [];
  #db: DatabaseSync;
  #statements = new Map<string, StatementSync>();
  #retention: HistoryRetention;
  #insertsSinceRetention = 0;
  #isLeftForExit = false;
  #isNotKeptSaid = false;
  readonly #now: () => Date;
  readonly #retentionEvery: number;
  readonly #maxPageCount: number | undefined;
  readonly #walCheckpointPages: number | undefined;
  readonly #onEntriesRemoved: ((keptSinceMs: number) => void) | undefined;
  readonly #isReadOnly: boolean;

  private constructor(path: string, options: HistoryStoreOptions) {
    this.path = path;
    this.#now = options.now ?? (() => new Date());
    this.#retentionEvery = options.retentionEvery ?? DEFAULT_RETENTION_EVERY;
    this.#maxPageCount = options.maxPageCount;
    this.#walCheckpointPages = options.walCheckpointPages;
    this.#onEntriesRemoved = options.onEntriesRemoved;
    this.#isReadOnly = options.isReadOnly === true;
    this.#db = this.#isReadOnly ? this.#connectReadOnly() : this.#openOrQuarantine();
    const saved = this.#guard('read the retention setting', () => readRetention(this.#prepare));
    this.#retention = saved.retention;
    if (saved.problem) this.notices.push({ kind: 'retention-failed', at: this.#now().toISOString(), message: saved.problem, path: null });
    if (!this.#isReadOnly) this.#applyRetention();
  }

  /**
   * Opens the history at `path`, creating it (and its folder) if need be, quarantining an
   * unreadable file. Throws AppError STORAGE when no database can be opened there at all.
   */
  static open(path: string, options: HistoryStoreOptions = {}): HistoryStore {
    return new HistoryStore(path, options);
  }

  /**
   * Opens an existing history to read without changing its files (see HistoryStoreOptions.isReadOnly).
   * Throws AppError STORAGE when it cannot be read, corrupt included: it is never set aside.
   */
  static openReadOnly(path: string, options: Omit<HistoryStoreOptions, 'isReadOnly'> = {}): HistoryStore {
    return new HistoryStore(path, { ...options, isReadOnly: true });
  }

  /**
   * Stores an entry (its own transaction) and returns it with its id, once committed (see the class
   * comment for what survives what). Throws AppError STORAGE when it cannot be kept, e.g. a full
   * disk: the caller still has the request's result and shows it with a warning, unsaved.
   */
  insert(entry: NewHistoryEntry): HistoryEntry {
    let id: number;
    try {
      id = this.#guard('save this request', () => Number(this.#prepare(INSERT_SQL).run(...entryParams(entry)).lastInsertRowid));
    } catch (error) {
      this.#noteNotKept(error);
      throw error;
    }
    this.#isNotKeptSaid = false;
    this.#afterInserts(1);
    return { ...entry, id };
  }

  // A request that could not be kept is told once until one is kept again: its answer is shown
  // where it was asked for (the Explorer says it there), but a comparison or size ladder showed
  // its figures without a word, its "entry" links gone, and History never found those requests.
  #noteNotKept(error: unknown): void {
    if (!isAppError(error) || error.code !== 'STORAGE' || this.#isNotKeptSaid) return;
    this.#isNotKeptSaid = true;
    const { sqliteCode, reason } = (error.details ?? {}) as { sqliteCode?: number; reason?: string };
    const why = sqliteCode === SQLITE.FULL ? 'the disk is full' : (reason ?? error.message);
    const message = `Requests are not being kept in history (${why}). Their answers are shown all the same, but History will not find them; once space is freed or the file is no longer held, new requests are kept again.`;
    this.notices.push({ kind: 'not-kept', at: this.#now().toISOString(), message, path: null });
  }

  /**
   * Stores many entries in one transaction (imports, seeding): all or none. Returns their ids in order.
   * Throws AppError STORAGE as insert does.
   */
  insertMany(entries: Iterable<NewHistoryEntry>): number[] {
    const ids = this.#guard('save these entries', () => {
      const ids: number[] = [];
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        const statement = this.#prepare(INSERT_SQL);
        for (const entry of entries) ids.push(Number(statement.run(...entryParams(entry)).lastInsertRowid));
        this.#db.exec('COMMIT');
      } catch (error) {
        // A failed COMMIT (full disk) may leave the transaction open; an entry error never commits.
        if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
        throw error;
      }
      return ids;
    });
    this.#afterInserts(ids.length);
    return ids;
  }

  /**
   * One whole entry, or null when there is none with that id. A schema report stored by an older
   * version (SCHEMA_REPORT_VERSION) is computed again from the kept body, so an entry reads as today's
   * rules read it, and kept, so that is done once per entry; lists never read the report.
   */
  get(id: number): HistoryEntry | null {
    const row = this.#guard('read an entry', () => this.#prepare('SELECT * FROM entries WHERE id = ?').get(id) as SummaryRow | undefined);
    if (!row) return null;
    const entry = rowToEntry(row);
    return (row.schema_report_version as number) < SCHEMA_REPORT_VERSION ? this.#withCurrentReport(entry) : entry;
  }

  #withCurrentReport(entry: HistoryEntry): HistoryEntry {
    const report = storedEntrySchemaReport(entry);
    if (report === null) return entry;
    if (this.#isReadOnly) return { ...entry, schemaReport: report };
    try {
      this.#prepare('UPDATE entries SET schema_report_json = ?, schema_report_version = ? WHERE id = ?').run(JSON.stringify(report), SCHEMA_REPORT_VERSION, entry.id);
    } catch {
      // Keeping it only saves the work next time (a read-only or full disk): the entry still shows
      // today's report, computed again when it is next opened.
    }
    return { ...entry, schemaReport: report };
  }

  /**
   * The id of an imported entry that is this one as it came from a file: the same request (time,
   * URL, headers as redacted) and the same answer (status, zid, body, or the same failure when none came). A file imported twice, or a
   * customer's second file repeating the first's requests, is found so and not listed twice.
   * Entries the user sent are not matched: an export of them imported back is a copy marked
   * Imported, replayable on a chosen profile, as before.
   */
  findImported(entry: NewHistoryEntry): number | null {
    const sql =
      "SELECT id FROM entries WHERE started_ms = ? AND origin = 'imported' AND url = ? AND method = ? AND status IS ? AND zid IS ? AND request_headers_json = ? AND body_text = ? AND app_error_json IS ? ORDER BY id LIMIT 1";
    const params = [Date.parse(entry.startedAt), entry.url, entry.method, entry.status, entry.zid, JSON.stringify(entry.requestHeaders), entry.bodyText, entry.appError === null ? null : JSON.stringify(entry.appError)];
    const row = this.#guard('search the history', () => this.#prepare(sql).get(...params) as { id: number } | undefined);
    return row?.id ?? null;
  }

  /** Entries with exactly this zid (any case), newest first. */
  findByZid(zid: string): HistorySummary[] {
    const sql = `SELECT ${SUMMARY_COLUMNS} FROM entries WHERE zid_key = ? ORDER BY id DESC LIMIT ${ZID_MATCHES_MAX}`;
    const rows = this.#guard('search the history', () => this.#prepare(sql).all(zid.trim().toLowerCase()) as SummaryRow[]);
    return rows.map(rowToSummary);
  }

  /** A page of summaries matching the filter, newest first, with the cursor of the next page. */
  search(filter: HistorySearchFilter): HistorySearchPage {
    const query = searchQuery(filter);
    const rows = this.#guard('search the history', () => mergeParts(query.parts.map((part) => this.#prepare(part.sql).all(...part.params) as SummaryRow[]), filter.limit + 1));
    const page = rows.slice(0, filter.limit).map(rowToSummary);
    const nextBefore = rows.length > filter.limit ? page[page.length - 1]!.id : null;
    return { rows: page, nextBefore, unknownSymbols: query.unknownSymbols };
  }

  /** The ids of `ids` still held, in the order given (one lookup in the rowid b-tree each). */
  keptIds(ids: readonly number[]): number[] {
    const rows = this.#guard('read the history', () => this.#prepare('SELECT id FROM entries WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { id: number }[]);
    const kept = new Set(rows.map((row) => row.id));
    return ids.filter((id) => kept.has(id));
  }

  /** How many entries are kept (a full index scan: milliseconds on a million entries, for a status line). */
  count(): number {
    return this.#guard('count the history', () => (this.#prepare('SELECT count(*) AS n FROM entries').get() as { n: number }).n);
  }

  /** The retention setting in force. */
  retention(): HistoryRetention {
    return { ...this.#retention };
  }

  /** Saves a retention setting and applies it now; returns how many entries it removed. */
  setRetention(retention: HistoryRetention): number {
    this.#guard('save the retention setting', () => writeRetention(this.#prepare, retention));
    this.#retention = { ...retention };
    this.#insertsSinceRetention = 0;
    return this.#applyRetention();
  }

  /** Applies the retention setting now (an import, which says what it removed); returns how many entries went. */
  applyRetention(): number {
    this.#insertsSinceRetention = 0;
    return this.#applyRetention();
  }

  /** How many entries `retention` would remove if it were applied now, and how many there are. */
  previewRetention(retention: HistoryRetention): { removes: number; count: number } {
    return this.#guard('count what the retention setting removes', () => countRemovable(this.#prepare, retention, this.#now()));
  }

  /** Closes the file. The store must not be used afterwards. */
  close(): void {
    this.#statements.clear();
    if (!this.#db.isOpen || this.#isLeftForExit) return;
    if (this.#isReadOnly) {
      this.#db.close();
      return;
    }
    try {
      // Lets SQLite refresh its planner statistics for the next open (cheap; see sqlite.org/pragma.html#pragma_optimize).
      this.#db.exec('PRAGMA optimize');
    } catch {
      // Closing must not fail over a hint: the data is already committed.
    }
    this.#db.close();
  }

  /**
   * Ends the store's use in a process that exits next (a CLI command), leaving the connection to the
   * OS. Closing it would first copy the write-ahead log into the database file and delete the log
   * (a checkpoint: four fsyncs and two unlinks with the next command's new log, a tenth of a short
   * command's time: issue 14). Left, the log stays as SQLite keeps it after any exit, and the next
   * connection (the app's or the next command's) reads it: committed entries are kept as the class
   * comment says. A log longer than walCheckpointPages is emptied first (truncateLongLog says why
   * SQLite would not). The store must not be used afterwards.
   */
  leaveForExit(): void {
    this.#statements.clear();
    if (!this.#isLeftForExit && !this.#isReadOnly && this.#db.isOpen) truncateLongLog(this.#db, this.path, this.#walCheckpointPages);
    this.#isLeftForExit = true;
  }

  // Applies the retention setting; returns how many entries went. When some did, tells
  // onEntriesRemoved from when sent requests are still kept (the entries_origin index answers it).
  #applyRetention(): number {
    const removed = this.#guard('apply the retention setting', () => applyRetention(this.#prepare, this.#retention, this.#now()));
    if (removed > 0 && this.#onEntriesRemoved) {
      const { oldest } = this.#guard('apply the retention setting', () => this.#prepare("SELECT min(started_ms) AS oldest FROM entries WHERE origin = 'sent'").get() as { oldest: number | null });
      this.#onEntriesRemoved(oldest ?? this.#now().getTime());
    }
    return removed;
  }

  #prepare = (sql: string): StatementSync => {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  };

  #afterInserts(count: number): void {
    this.#insertsSinceRetention += count;
    if (this.#insertsSinceRetention < this.#retentionEvery) return;
    this.#insertsSinceRetention = 0;
    try {
      this.#applyRetention();
    } catch (error) {
      // The entry is committed: a retention pass that fails (full disk) must not report it lost.
      // It is retried after the next batch of inserts; the user is told once.
      if (!isAppError(error)) throw error;
      if (!this.notices.some((notice) => notice.kind === 'retention-failed')) {
        this.notices.push({ kind: 'retention-failed', at: this.#now().toISOString(), message: error.message, path: null });
      }
    }
  }

  // Runs one operation with the store's error mapping; on corruption, quarantines and retries once.
  #guard<T>(doing: string, work: () => T): T {
    if (this.#isLeftForExit) throw new Error(`the history was left for the process to exit: cannot ${doing}`);
    try {
      return work();
    } catch (error) {
      if (!isCorruption(error)) throw toStorageError(error, doing);
      // Another program's file is only read: its damage is said, and the file left as it is.
      if (this.#isReadOnly) throw new AppError('STORAGE', `Could not ${doing}: the history database ${sqlitePrimaryCode(error) === 26 ? 'is not a database' : 'is corrupt'}.`);
      this.#quarantine(error);
    }
    try {
      return work();
    } catch (error) {
      throw toStorageError(error, doing);
    }
  }

  #openOrQuarantine(): DatabaseSync {
    const db = this.#connect();
    try {
      prepareDatabase(db, { maxPageCount: this.#maxPageCount, walCheckpointPages: this.#walCheckpointPages });
      return db;
    } catch (error) {
      if (!isCorruption(error)) {
        db.close();
        throw toOpenError(error, this.path);
      }
      this.#moveAside(error, db);
    }
    return this.#openFresh();
  }

  #connectReadOnly(): DatabaseSync {
    try {
      return connectReadOnly(this.path);
    } catch (error) {
      throw toOpenError(error, this.path);
    }
  }

  #quarantine(cause: unknown): void {
    this.#statements.clear();
    this.#moveAside(cause, this.#db);
    this.#db = this.#openFresh();
  }

  #connect(): DatabaseSync {
    try {
      return connect(this.path);
    } catch (error) {
      throw toOpenError(error, this.path);
    }
  }

  #openFresh(): DatabaseSync {
    const db = this.#connect();
    try {
      prepareDatabase(db, { maxPageCount: this.#maxPageCount, walCheckpointPages: this.#walCheckpointPages });
      return db;
    } catch (error) {
      db.close();
      throw toOpenError(error, this.path);
    }
  }

  #moveAside(cause: unknown, db: DatabaseSync): void {
    const now = this.#now();
    let aside: string;
    try {
      aside = moveAside(this.path, now, db);
    } catch (error) {
      throw new AppError('STORAGE', `The history database is unreadable and could not be moved aside: ${(error as Error).message}`);
    }
    const what = sqlitePrimaryCode(cause) === 26 ? 'is not a database' : 'is corrupt';
    this.notices.push({
      kind: 'quarantined',
      at: now.toISOString(),
      path: aside,
      message: `The history database ${what}. It was moved to ${aside} and a new, empty history was started.`,
    });
  }
}

function toOpenError(error: unknown, path: string): unknown {
  if (isAppError(error)) return error;
  const mapped = toStorageError(error, `open ${path}`);
  if (mapped !== error) return mapped;
  // Opening is all file access: even an unlisted SQLite code (or fs error) here is a storage problem.
  return new AppError('STORAGE', `Could not open the history at ${path}: ${(error as Error).message}`);
}
