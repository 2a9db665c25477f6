import { mkdirSync, renameSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from './schema.ts';

/**
 * Opening the history file and setting an unreadable one aside. Kept apart from the store so the
 * open sequence (pragmas, migration) is the same on first open and after a quarantine.
 */

// Long enough for another app instance's write to finish, short enough that the UI never hangs.
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating if need be) the database at `path` in WAL mode with synchronous=NORMAL and
 * migrates it. Throws node:sqlite's error unchanged (the caller maps it): a file that is not a
 * database only shows it here, at the first read of its header.
 */
export function openDatabase(path: string): DatabaseSync {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    // WAL: readers never block the writer, and a commit is one append to the log. With NORMAL the
    // log is synced at checkpoints, not per commit: a committed entry survives the app being
    // killed (the log is in the OS's cache), but may be lost if the machine loses power.
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Where a quarantined file goes: `<name>.corrupt-<ISO time, ':' as '-'>.db` beside it. */
export function quarantinePath(path: string, now: Date): string {
  const name = basename(path, extname(path));
  return join(dirname(path), `${name}.corrupt-${now.toISOString().replace(/:/g, '-')}.db`);
}

/**
 * Moves the database and its -wal and -shm files aside (the log may hold the last commits, so it
 * stays with its file). Returns the new path of the database file.
 */
export function moveAside(path: string, now: Date): string {
  const aside = quarantinePath(path, now);
  renameSync(path, aside);
  for (const suffix of ['-wal', '-shm']) {
    try {
      renameSync(`${path}${suffix}`, `${aside}${suffix}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return aside;
}
