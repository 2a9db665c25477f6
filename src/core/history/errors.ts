import { AppError } from '../../ipc/result.ts';

/**
 * SQLite failures translated once, here: node:sqlite throws an Error with `code`
 * 'ERR_SQLITE_ERROR' and the SQLite result code in `errcode` (possibly an extended code, whose low
 * byte is the primary one: SQLITE_CORRUPT_INDEX is 779 = 11 | 3 << 8).
 */

/** SQLite primary result codes the store acts on (https://sqlite.org/rescode.html). */
export const SQLITE = {
  PERM: 3,
  BUSY: 5,
  LOCKED: 6,
  NOMEM: 7,
  READONLY: 8,
  IOERR: 10,
  CORRUPT: 11,
  FULL: 13,
  CANTOPEN: 14,
  NOTADB: 26,
} as const;

// Failures of the disk or the file, not of our SQL: they become STORAGE. Anything else (a syntax
// error, a constraint) is a bug in the store and stays a plain error so it is logged as INTERNAL.
const STORAGE_CODES = new Set<number>([SQLITE.PERM, SQLITE.BUSY, SQLITE.LOCKED, SQLITE.NOMEM, SQLITE.READONLY, SQLITE.IOERR, SQLITE.FULL, SQLITE.CANTOPEN]);

/** The primary SQLite result code of a node:sqlite error, or null for any other error. */
export function sqlitePrimaryCode(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') return null;
  return errcode & 0xff;
}

/** Whether the error says the file is not a usable database (SQLITE_CORRUPT or SQLITE_NOTADB). */
export function isCorruption(error: unknown): boolean {
  const code = sqlitePrimaryCode(error);
  return code === SQLITE.CORRUPT || code === SQLITE.NOTADB;
}

/**
 * The AppError for a storage failure, or the error itself when it is not one (a bug).
 * @param doing what the store was doing, for the message ("save this request").
 */
export function toStorageError(error: unknown, doing: string): unknown {
  const code = sqlitePrimaryCode(error);
  if (code === null || !STORAGE_CODES.has(code)) return error;
  const reason = (error as Error).message;
  if (code === SQLITE.FULL) {
    return new AppError('STORAGE', `The disk is full: could not ${doing} in the history. Free some space to keep new requests.`, { sqliteCode: code, reason });
  }
  return new AppError('STORAGE', `Could not ${doing} in the history: ${reason}`, { sqliteCode: code, reason });
}
