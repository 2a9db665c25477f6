import type { SQLInputValue } from 'node:sqlite';
import type { HistorySearchFilter } from '../../ipc/channels/history.ts';
import { SUMMARY_COLUMNS } from './row-mapping.ts';

/**
 * Builds history.search's SQL. Every condition is one an index can answer (equality, or a range
 * with both bounds), the order is each entry's own time (then the rowid, for entries of the same
 * millisecond), so an imported entry sits among the others by when it was sent; pages continue
 * from a cursor (the last entry's time and id) instead of OFFSET, so page 500 costs what page 1
 * does. The SQL text depends only on which filters are present, so the store can cache one
 * prepared statement per shape.
 */

// A zid is 0x + 24 lowercase hex (src/spec/constants.ts ZID_PATTERN); support pastes any case.
const ZID_PREFIX = /^0x[0-9a-f]{1,24}$/i;
const BARE_ZID = /^[0-9a-f]{24}$/i;

/** A statement and its parameters. */
export interface Query {
  sql: string;
  params: SQLInputValue[];
}

/**
 * The exclusive upper bound of the strings starting with `prefix` in BINARY order: the prefix
 * with its last character incremented. `key >= prefix AND key < bound` is an index range, where
 * LIKE 'prefix%' would scan (LIKE is case-insensitive and cannot use a BINARY index).
 */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** Whether search text is a zid, whole or a prefix; returns its lookup key, else null. */
export function zidKeyOf(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  if (ZID_PREFIX.test(trimmed)) return trimmed;
  if (BARE_ZID.test(trimmed)) return `0x${trimmed}`;
  return null;
}

function prefixCondition(column: string, prefix: string, params: SQLInputValue[]): string {
  params.push(prefix, prefixUpperBound(prefix));
  return `(${column} >= ? AND ${column} < ?)`;
}

function textCondition(text: string, params: SQLInputValue[]): string {
  const zidKey = zidKeyOf(text);
  // 26 characters is a whole zid: equality lets SQLite read just the matching index entries.
  if (zidKey !== null && zidKey.length === 26) {
    params.push(zidKey);
    return 'zid_key = ?';
  }
  if (zidKey !== null) return prefixCondition('zid_key', zidKey, params);
  // Not a zid: the start of a token address or symbol, on either side (an OR of two index ranges).
  const token = text.trim().toLowerCase();
  return `(${prefixCondition('sell_token_key', token, params)} OR ${prefixCondition('buy_token_key', token, params)})`;
}

function statusCondition(status: NonNullable<HistorySearchFilter['status']>, params: SQLInputValue[]): string {
  if (status === 'ok') return '(status >= 200 AND status < 300)';
  if (status === 'error') return '(status IS NULL OR status < 200 OR status >= 300)';
  params.push(status);
  return 'status = ?';
}

/** The conditions of a filter, without paging. */
export function filterConditions(filter: Omit<HistorySearchFilter, 'limit' | 'before'>, params: SQLInputValue[]): string[] {
  const where: string[] = [];
  if (filter.text) where.push(textCondition(filter.text, params));
  if (filter.from !== undefined) {
    where.push('started_ms >= ?');
    params.push(Date.parse(filter.from));
  }
  if (filter.to !== undefined) {
    where.push('started_ms <= ?');
    params.push(Date.parse(filter.to));
  }
  if (filter.chainId !== undefined) {
    where.push('chain_id = ?');
    params.push(filter.chainId);
  }
  if (filter.endpoint !== undefined) {
    where.push('endpoint = ?');
    params.push(filter.endpoint);
  }
  if (filter.status !== undefined) where.push(statusCondition(filter.status, params));
  if (filter.errorName !== undefined) {
    where.push('error_name = ?');
    params.push(filter.errorName);
  }
  if (filter.token !== undefined) {
    const token = filter.token.trim().toLowerCase();
    where.push('(sell_token_key = ? OR buy_token_key = ?)');
    params.push(token, token);
  }
  if (filter.origin !== undefined) {
    where.push('origin = ?');
    params.push(filter.origin);
  }
  if (filter.replayOf !== undefined) {
    where.push('replay_of = ?');
    params.push(filter.replayOf);
  }
  return where;
}

// After the cursor entry in (started_ms DESC, id DESC) order. The first term is an index range; the
// second breaks ties within the cursor's millisecond. The scalar subqueries run once per statement.
const AFTER_CURSOR =
  '(started_ms <= (SELECT started_ms FROM entries WHERE id = ?) AND (started_ms < (SELECT started_ms FROM entries WHERE id = ?) OR id < ?))';

/** The page query: newest first by the entries' own time, one row more than the page to know whether another follows. */
export function searchQuery(filter: HistorySearchFilter): Query {
  const params: SQLInputValue[] = [];
  const where = filterConditions(filter, params);
  if (filter.before !== undefined) {
    where.push(AFTER_CURSOR);
    params.push(filter.before, filter.before, filter.before);
  }
  params.push(filter.limit + 1);
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  return { sql: `SELECT ${SUMMARY_COLUMNS} FROM entries ${clause} ORDER BY started_ms DESC, id DESC LIMIT ?`, params };
}
