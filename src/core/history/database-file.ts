import { copyFileSync, existsSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { AppError } from '../../ipc/result.ts';
import { makeDirectory } from '../make-directory.ts';
import { migrate, MIGRATIONS } from './schema.ts';

/**
 * Opening the history file and setting an unreadable one aside. Kept apart from the store so the
 * open sequence (pragmas, migration) is the same on first open and after a quarantine.
 */

// Long enough for another app instance's write to finish, short enough that the UI never hangs.
const BUSY_TIMEOUT_MS = 5_000;

/** Opens (creating it and its folder if need be) the file at `path`. Throws node:sqlite's error. */
export function connect(path: string): DatabaseSync {
  makeDirectory(dirname(path));
  return new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS });
}

/**
 * Opens another program's history (the desktop app's, read by the CLI) without changing anything
 * on disk: no folder made, no pragma set, no migration. Even a read-only connection creates the
 * -wal and -shm files of a WAL database when they are missing (the app closed it cleanly), so then
 * the file is opened immutable: with no log, every committed entry is in the file itself. An app
 * that opens it meanwhile writes to a new log this connection does not read, which only hides what
 * it sent after the lookup began. With a log present (the app is open, or was killed) SQLite reads
 * the log and takes its read lock in the -shm, as any reader must. Throws node:sqlite's error, or
 * STORAGE for a schema this version cannot read without migrating (its details: `schemaVersion`,
 * `readsVersion`, so a caller that owns the file may migrate it instead).
 */
export function connectReadOnly(path: string): DatabaseSync {
  const url = pathToFileURL(path);
  if (!existsSync(`${path}-wal`)) url.searchParams.set('immutable', '1');
  const db = new DatabaseSync(url, { readOnly: true, timeout: BUSY_TIMEOUT_MS });
  try {
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (version !== MIGRATIONS.length) {
      const by = version > MIGRATIONS.length ? 'a newer version of the app' : 'an older version of the app (opening the app once updates it)';
      throw new AppError('STORAGE', `It was written by ${by}: schema ${version}, and this version reads ${MIGRATIONS.length}.`, { schemaVersion: version, readsVersion: MIGRATIONS.length });
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Puts a fresh connection in WAL mode with synchronous=NORMAL and migrates the file;
 * `maxPageCount` caps the file (PRAGMA max_page_count, per connection), and `walCheckpointPages`
 * sets how long the log may grow before a commit copies it into the file (PRAGMA
 * wal_autocheckpoint, per connection; SQLite's default is 1,000 pages). Throws node:sqlite's error
 * unchanged (the caller maps it): a file that is not a database only shows it here, at the first
 * read of its header. Leaves the connection open either way (the caller decides when to close:
 * closing can delete the -wal file, which a quarantine keeps).
 */
export function prepareDatabase(db: DatabaseSync, options: { maxPageCount?: number | undefined; walCheckpointPages?: number | undefined } = {}): void {
  const { maxPageCount, walCheckpointPages } = options;
  // WAL: readers never block the writer, and a commit is one append to the log. With NORMAL the
  // log is synced at checkpoints, not per commit: a committed entry survives the app being
  // killed (the log is in the OS's cache), but may be lost if the machine loses power.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  migrate(db);
  // After the migration, so that a cap set below the schema's own size cannot stop the open.
  if (maxPageCount !== undefined) db.exec(`PRAGMA max_page_count = ${Math.floor(maxPageCount)}`);
  if (walCheckpointPages !== undefined) db.exec(`PRAGMA wal_autocheckpoint = ${Math.floor(walCheckpointPages)}`);
}

// SQLite's wal_autocheckpoint when a connection sets none.
const DEFAULT_CHECKPOINT_PAGES = 1_000;
// A log's header, and each frame's header before its page (sqlite.org/fileformat2.html#walformat).
const LOG_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

/**
 * Empties the write-ahead log of `db` (the connection to the file at `path`) once it holds more
 * than `checkpointPages` pages, for a process that exits without closing the connection
 * (HistoryStore.leaveForExit). SQLite's own checkpoint on commit copies the log into the file but
 * never starts the log over in that case: the next process to open the file alone rebuilds the
 * log's index by reading it whole, and that rebuild forgets what was already copied, so each
 * command's pages were appended to the end (a `price` adds about 16): 4 MB of log after 60
 * commands, read at every later start. Truncated here instead, which costs one checkpoint every
 * few commands. It does not wait for another connection's readers (the app's): when one holds the
 * log, SQLite keeps it and a later command tries again. Best effort: the entries are committed
 * either way.
 */
export function truncateLongLog(db: DatabaseSync, path: string, checkpointPages = DEFAULT_CHECKPOINT_PAGES): void {
  try {
    const logBytes = statSync(`${path}-wal`).size;
    const { page_size: pageSize } = db.prepare('PRAGMA page_size').get() as { page_size: number };
    if ((logBytes - LOG_HEADER_BYTES) / (pageSize + FRAME_HEADER_BYTES) <= checkpointPages) return;
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } catch {
    // No log (nothing written), or a checkpoint that failed: the next command's commit tries again.
  }
}

/** Where a quarantined file goes: `<name>.corrupt-<ISO time, ':' as '-'>.db` beside it. */
export function quarantinePath(path: string, now: Date): string {
  const name = basename(path, extname(path));
  return join(dirname(path), `${name}.corrupt-${now.toISOString().replace(/:/g, '-')}.db`);
}

function ignoreMissing(work: () => void): void {
  try {
    work();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Moves the database and its -wal and -shm files aside, closing `db` (its connection) on the way.
 * The log may hold the last commits, so it goes with its file; and it must not stay behind, where
 * SQLite would replay it into the fresh database. Returns the new path of the database file.
 */
export function moveAside(path: string, now: Date, db: DatabaseSync | null): string {
  const aside = quarantinePath(path, now);
  // Copied before closing: closing the last connection checkpoints and deletes the log.
  for (const suffix of ['-wal', '-shm']) ignoreMissing(() => copyFileSync(`${path}${suffix}`, `${aside}${suffix}`));
  if (db?.isOpen) {
    try {
      db.close();
    } catch {
      // A damaged file can fail to close cleanly; it is being set aside either way.
    }
  }
  renameSync(path, aside);
  for (const suffix of ['-wal', '-shm']) ignoreMissing(() => renameSync(`${path}${suffix}`, `${aside}${suffix}`));
  return aside;
}
