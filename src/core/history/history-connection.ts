import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { HistoryNotice } from '../../ipc/channels/history.ts';
import { AppError, isAppError } from '../../ipc/result.ts';
import { connect, connectReadOnly, moveAside, prepareDatabase, truncateLongLog } from './database-file.ts';
import { isCorruption, sqlitePrimaryCode, toStorageError } from './errors.ts';

/**
 * The history store's one connection and its error mapping, kept apart from HistoryStore because
 * a quarantine replaces the connection under every query: whatever runs through `guard` and
 * `prepare` reaches the fresh file without knowing it changed. The store above it decides what
 * to ask (entries, retention); this module decides how a failure of the file is met (mapped to
 * STORAGE, or the file set aside and the work retried once), as the store's class comment says.
 */

/** How HistoryConnection opens and what it tells the store. */
export interface HistoryConnectionOptions {
  /** The clock, for quarantine names and notice times. */
  now: () => Date;
  /** The store's notices: a quarantined file is said here. */
  notices: HistoryNotice[];
  /** Another program's file, only read: never migrated, set aside or checkpointed. */
  isReadOnly: boolean;
  /** PRAGMA max_page_count for this connection (HistoryStoreOptions.maxPageCount). */
  maxPageCount: number | undefined;
  /** PRAGMA wal_autocheckpoint for this connection (HistoryStoreOptions.walCheckpointPages). */
  walCheckpointPages: number | undefined;
}

/** The open history file: prepared statements, the error mapping and the quarantine. */
export class HistoryConnection {
  /** The database file. */
  readonly path: string;
  #db: DatabaseSync;
  #statements = new Map<string, StatementSync>();
  #isLeftForExit = false;
  readonly #options: HistoryConnectionOptions;

  /** Opens `path` (read-only, or creating and migrating it); throws AppError STORAGE when it cannot. */
  constructor(path: string, options: HistoryConnectionOptions) {
    this.path = path;
    this.#options = options;
    this.#db = options.isReadOnly ? this.#connectWith(connectReadOnly) : this.#open({ mayQuarantine: true });
  }

  /** The connection in use now (a quarantine replaces it): read it inside `guard`'s work, not before. */
  get db(): DatabaseSync {
    return this.#db;
  }

  /** The statement for `sql`, prepared once per connection. */
  prepare = (sql: string): StatementSync => {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  };

  /**
   * Runs one operation with the store's error mapping; on corruption, quarantines and retries once.
   * `doing` completes "Could not …" in the message the user reads.
   */
  guard<T>(doing: string, work: () => T): T {
    if (this.#isLeftForExit) throw new Error(`the history was left for the process to exit: cannot ${doing}`);
    try {
      return work();
    } catch (error) {
      if (!isCorruption(error)) throw toStorageError(error, doing);
      // Another program's file is only read: its damage is said, and the file left as it is.
      if (this.#options.isReadOnly) throw new AppError('STORAGE', `Could not ${doing}: the history database ${sqlitePrimaryCode(error) === 26 ? 'is not a database' : 'is corrupt'}.`);
      this.#quarantine(error);
    }
    try {
      return work();
    } catch (error) {
      throw toStorageError(error, doing);
    }
  }

  /** Closes the file (HistoryStore.close says when). */
  close(): void {
    this.#statements.clear();
    if (!this.#db.isOpen || this.#isLeftForExit) return;
    if (this.#options.isReadOnly) {
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

  /** Leaves the connection to the OS (HistoryStore.leaveForExit says why). */
  leaveForExit(): void {
    this.#statements.clear();
    if (!this.#isLeftForExit && !this.#options.isReadOnly && this.#db.isOpen) truncateLongLog(this.#db, this.path, this.#options.walCheckpointPages);
    this.#isLeftForExit = true;
  }

  // Opens and prepares the file. A corrupt one is set aside, when `mayQuarantine`, and a fresh one
  // opened in its place; the fresh one is not set aside in turn: its failure is the answer.
  #open({ mayQuarantine }: { mayQuarantine: boolean }): DatabaseSync {
    const db = this.#connectWith(connect);
    try {
      prepareDatabase(db, { maxPageCount: this.#options.maxPageCount, walCheckpointPages: this.#options.walCheckpointPages });
      return db;
    } catch (error) {
      if (!mayQuarantine || !isCorruption(error)) {
        db.close();
        throw toOpenError(error, this.path);
      }
      // Not closed first: moveAside copies the log before closing, which would delete it.
      this.#moveAside(error, db);
    }
    return this.#open({ mayQuarantine: false });
  }

  #connectWith(open: (path: string) => DatabaseSync): DatabaseSync {
    try {
      return open(this.path);
    } catch (error) {
      throw toOpenError(error, this.path);
    }
  }

  #quarantine(cause: unknown): void {
    this.#statements.clear();
    this.#moveAside(cause, this.#db);
    this.#db = this.#open({ mayQuarantine: false });
  }

  #moveAside(cause: unknown, db: DatabaseSync): void {
    const now = this.#options.now();
    let aside: string;
    try {
      aside = moveAside(this.path, now, db);
    } catch (error) {
      throw new AppError('STORAGE', `The history database is unreadable and could not be moved aside: ${(error as Error).message}`);
    }
    const what = sqlitePrimaryCode(cause) === 26 ? 'is not a database' : 'is corrupt';
    this.#options.notices.push({
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
