import type { HistoryNotice, HistoryRetention, HistorySearchFilter, HistorySearchPage } from '../../ipc/channels/history.ts';
import { isAppError } from '../../ipc/result.ts';
import type { HistoryEntry, HistorySummary, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import type { HistoryReader } from '../ports.ts';
import { SQLITE } from './errors.ts';
import { applyRetention, countRemovable, readRetention, writeRetention, type Prepare } from './retention.ts';
import { SCHEMA_REPORT_VERSION, storedEntrySchemaReport } from '../../domain/entry-schema-report.ts';
import { rowToEntry } from './row-mapping.ts';
import { HistoryConnection } from './history-connection.ts';
import { countEntries, entryRow, importedEntryId, insertEntries, insertEntry, keptIdsOf, oldestSentMs, saveSchemaReport, searchPage, summariesByZid } from './entry-queries.ts';

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
 *
 * Where each part lives: this class keeps what has state across calls (retention's count of
 * inserts, the notices, the "not kept" word said once); history-connection.ts owns the connection
 * and the failure handling above, since a quarantine swaps the connection under every query;
 * entry-queries.ts holds the SQL on entries; retention.ts the retention setting and its pass;
 * database-file.ts the file itself (open, migrate, set aside).
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

/** The history store: HistorySink for the client, HistoryReader and search for the views. */
export class HistoryStore implements HistoryReader {
  /** The database file. */
  readonly path: string;
  /** What the store did on its own, or could not do, that the user must be told (a quarantined file, requests not kept). */
  readonly notices: HistoryNotice[] = [];
  readonly #connection: HistoryConnection;
  #retention: HistoryRetention;
  #insertsSinceRetention = 0;
  #isNotKeptSaid = false;
  readonly #now: () => Date;
  readonly #retentionEvery: number;
  readonly #onEntriesRemoved: ((keptSinceMs: number) => void) | undefined;
  readonly #isReadOnly: boolean;

  private constructor(path: string, options: HistoryStoreOptions) {
    this.path = path;
    this.#now = options.now ?? (() => new Date());
    this.#retentionEvery = options.retentionEvery ?? DEFAULT_RETENTION_EVERY;
    this.#onEntriesRemoved = options.onEntriesRemoved;
    this.#isReadOnly = options.isReadOnly === true;
    this.#connection = new HistoryConnection(path, {
      now: this.#now,
      notices: this.notices,
      isReadOnly: this.#isReadOnly,
      maxPageCount: options.maxPageCount,
      walCheckpointPages: options.walCheckpointPages,
    });
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
      id = this.#guard('save this request', () => insertEntry(this.#prepare, entry));
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
    // The connection is read inside the work: after a quarantine the retry runs on the fresh file.
    const ids = this.#guard('save these entries', () => insertEntries(this.#connection.db, this.#prepare, entries));
    this.#afterInserts(ids.length);
    return ids;
  }

  /**
   * One whole entry, or null when there is none with that id. A schema report stored by an older
   * version (SCHEMA_REPORT_VERSION) is computed again from the kept body, so an entry reads as today's
   * rules read it, and kept, so that is done once per entry; lists never read the report.
   */
  get(id: number): HistoryEntry | null {
    const row = this.#guard('read an entry', () => entryRow(this.#prepare, id));
    if (!row) return null;
    const entry = rowToEntry(row);
    return (row.schema_report_version as number) < SCHEMA_REPORT_VERSION ? this.#withCurrentReport(entry) : entry;
  }

  #withCurrentReport(entry: HistoryEntry): HistoryEntry {
    const report = storedEntrySchemaReport(entry);
    if (report === null) return entry;
    if (this.#isReadOnly) return { ...entry, schemaReport: report };
    try {
      saveSchemaReport(this.#prepare, entry.id, JSON.stringify(report), SCHEMA_REPORT_VERSION);
    } catch {
      // Keeping it only saves the work next time (a read-only or full disk): the entry still shows
      // today's report, computed again when it is next opened.
    }
    return { ...entry, schemaReport: report };
  }

  /**
   * The id of an imported entry that is this one as it came from a file: the same request (time,
   * URL, headers as redacted) and the same answer (status, zid, body, or the same failure, the app's or the browser's, when none came). A file imported twice, or a
   * customer's second file repeating the first's requests, is found so and not listed twice.
   * Entries the user sent are not matched: an export of them imported back is a copy marked
   * Imported, replayable on a chosen profile, as before.
   */
  findImported(entry: NewHistoryEntry): number | null {
    return this.#guard('search the history', () => importedEntryId(this.#prepare, entry));
  }

  /** Entries with exactly this zid (any case), newest first. */
  findByZid(zid: string): HistorySummary[] {
    return this.#guard('search the history', () => summariesByZid(this.#prepare, zid));
  }

  /** A page of summaries matching the filter, newest first, with the cursor of the next page. */
  search(filter: HistorySearchFilter): HistorySearchPage {
    return this.#guard('search the history', () => searchPage(this.#prepare, filter));
  }

  /** The ids of `ids` still held, in the order given (one lookup in the rowid b-tree each). */
  keptIds(ids: readonly number[]): number[] {
    return this.#guard('read the history', () => keptIdsOf(this.#prepare, ids));
  }

  /** How many entries are kept (a full index scan: milliseconds on a million entries, for a status line). */
  count(): number {
    return this.#guard('count the history', () => countEntries(this.#prepare));
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
    this.#connection.close();
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
    this.#connection.leaveForExit();
  }

  // Applies the retention setting; returns how many entries went. When some did, tells
  // onEntriesRemoved from when sent requests are still kept.
  #applyRetention(): number {
    const removed = this.#guard('apply the retention setting', () => applyRetention(this.#prepare, this.#retention, this.#now()));
    if (removed > 0 && this.#onEntriesRemoved) {
      const oldest = this.#guard('apply the retention setting', () => oldestSentMs(this.#prepare));
      this.#onEntriesRemoved(oldest ?? this.#now().getTime());
    }
    return removed;
  }

  #prepare: Prepare = (sql) => this.#connection.prepare(sql);

  #guard<T>(doing: string, work: () => T): T {
    return this.#connection.guard(doing, work);
  }

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
}
