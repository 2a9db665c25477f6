import type { DatabaseSync } from 'node:sqlite';
import { AppError } from '../../ipc/result.ts';

/**
 * The history database's tables, versioned with `PRAGMA user_version`: migration i takes the file
 * from version i to i + 1, each in its own transaction, so a crash mid-migration leaves the old
 * version intact. Append migrations; never edit a shipped one.
 */

const V1 = `
CREATE TABLE entries (
  -- AUTOINCREMENT: ids are never reused, even after every entry was removed, so a replayOf or an
  -- id quoted in a ticket never points at a different request.
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  -- Epoch ms of started_at: ISO strings with offsets do not sort as text.
  started_ms INTEGER NOT NULL,
  origin TEXT NOT NULL,
  profile_id TEXT NOT NULL,
  profile_name TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  chain_id INTEGER,
  sell_token TEXT,
  buy_token TEXT,
  -- Lowercased copies for case-insensitive exact and prefix lookups through a BINARY index.
  sell_token_key TEXT COLLATE BINARY,
  buy_token_key TEXT COLLATE BINARY,
  status INTEGER,
  error_name TEXT,
  zid TEXT,
  zid_key TEXT COLLATE BINARY,
  duration_ms REAL NOT NULL,
  replay_of INTEGER,
  method TEXT NOT NULL,
  url TEXT NOT NULL,
  query_json TEXT NOT NULL,
  request_headers_json TEXT NOT NULL,
  status_text TEXT NOT NULL,
  response_headers_json TEXT NOT NULL,
  body_text TEXT NOT NULL,
  -- 0: body is null; 1: body is JSON.parse(body_text), not stored twice; 2: body is body_json.
  body_kind INTEGER NOT NULL,
  body_json TEXT,
  schema_report_json TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  app_error_json TEXT
);
-- Each index holds the rowid, so "WHERE col = ? ORDER BY id DESC" walks one index in order.
CREATE INDEX entries_zid ON entries (zid_key);
CREATE INDEX entries_started ON entries (started_ms);
CREATE INDEX entries_chain ON entries (chain_id);
CREATE INDEX entries_endpoint ON entries (endpoint);
CREATE INDEX entries_status ON entries (status);
CREATE INDEX entries_error ON entries (error_name);
CREATE INDEX entries_sell_token ON entries (sell_token_key);
CREATE INDEX entries_buy_token ON entries (buy_token_key);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

// V2: the detail view asks "which entries replay this one?"; without the index that is a table scan.
const V2 = `CREATE INDEX entries_replay_of ON entries (replay_of);`;

// V3: lists are ordered by each entry's own time (an imported entry sits among the others by when it
// was sent, not when it was imported: issue 17). With the time after each filter column, "WHERE col
// = ? ORDER BY started_ms DESC, id DESC" still walks one index in order.
const V3 = `
DROP INDEX entries_zid; CREATE INDEX entries_zid ON entries (zid_key, started_ms);
DROP INDEX entries_chain; CREATE INDEX entries_chain ON entries (chain_id, started_ms);
DROP INDEX entries_endpoint; CREATE INDEX entries_endpoint ON entries (endpoint, started_ms);
DROP INDEX entries_status; CREATE INDEX entries_status ON entries (status, started_ms);
DROP INDEX entries_error; CREATE INDEX entries_error ON entries (error_name, started_ms);
DROP INDEX entries_sell_token; CREATE INDEX entries_sell_token ON entries (sell_token_key, started_ms);
DROP INDEX entries_buy_token; CREATE INDEX entries_buy_token ON entries (buy_token_key, started_ms);
DROP INDEX entries_replay_of; CREATE INDEX entries_replay_of ON entries (replay_of, started_ms);
CREATE INDEX entries_origin ON entries (origin, started_ms);
`;

// V4: a token symbol is searched as (chain, address) on each side (token-terms.ts); with the time
// last, "WHERE chain_id = ? AND sell_token_key = ? ORDER BY started_ms DESC, id DESC LIMIT n" walks
// n index entries in order instead of sorting every USDC entry of the chain.
const V4 = `
CREATE INDEX entries_chain_sell_token ON entries (chain_id, sell_token_key, started_ms);
CREATE INDEX entries_chain_buy_token ON entries (chain_id, buy_token_key, started_ms);
`;

// V5: which version of the schema report's rules computed the stored report (SCHEMA_REPORT_VERSION
// in src/domain/entry-schema-report.ts). Entries stored before are 0: their report is computed again
// from the kept body when the entry is opened (HistoryStore.get).
const V5 = `ALTER TABLE entries ADD COLUMN schema_report_version INTEGER NOT NULL DEFAULT 0;`;

// V6: the error the customer's browser wrote for an imported request that got no answer (a HAR's
// response._error, net::ERR_…). NULL for every entry before, and for every entry sent by this app.
const V6 = `ALTER TABLE entries ADD COLUMN client_error TEXT;`;

/** The migrations, oldest first; the schema version is their count. */
export const MIGRATIONS: readonly string[] = [V1, V2, V3, V4, V5, V6];

/** Brings a database to the current schema. Throws STORAGE for a file written by a newer app. */
export function migrate(db: DatabaseSync): void {
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (version > MIGRATIONS.length) {
    throw new AppError('STORAGE', `The history database was written by a newer version of the app (schema ${version}; this one knows ${MIGRATIONS.length}).`);
  }
  for (let next = version; next < MIGRATIONS.length; next += 1) {
    // IMMEDIATE: takes the write lock first, so two app instances never both run a migration.
    db.exec('BEGIN IMMEDIATE');
    try {
      const current = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      if (current === next) {
        db.exec(MIGRATIONS[next]!);
        db.exec(`PRAGMA user_version = ${next + 1}`);
      }
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
}
