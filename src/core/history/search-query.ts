import type { SQLInputValue } from 'node:sqlite';
import type { HistorySearchFilter } from '../../ipc/channels/history.ts';
import { labelledZidPrefixesInText, parseZid, zidsInText } from '../../domain/support/zid.ts';
import { SUMMARY_COLUMNS } from './row-mapping.ts';
import { tokenTerms, type TokenTerm } from './token-terms.ts';

/**
 * Builds history.search's SQL. Every condition is one an index can answer (equality, or a range
 * with both bounds), the order is each entry's own time (then the rowid, for entries of the same
 * millisecond), so an imported entry sits among the others by when it was sent; pages continue
 * from a cursor (the last entry's time and id) instead of OFFSET, so page 500 costs what page 1
 * does. The SQL text depends only on which filters are present (and, for a token symbol, on how
 * many chains list it), so the store can cache one prepared statement per shape.
 */

// A zid is 0x + 24 lowercase hex (src/spec/constants.ts ZID_PATTERN); support pastes any case.
const ZID_PREFIX = /^0x[0-9a-f]{1,24}$/i;

/** A statement and its parameters. */
export interface Query {
  sql: string;
  params: SQLInputValue[];
}

/**
 * The page's queries (one, or one per token alternative: see searchQuery), and the words read as
 * token symbols that no chain's token list has.
 */
export interface SearchQuery {
  parts: Query[];
  unknownSymbols: string[];
}

/** A filter's conditions: those every row must meet, and token alternatives of which one must hold. */
interface Conditions {
  where: string[];
  params: SQLInputValue[];
  /** Null when no token was asked for; else one TokenTerm per (chain, address, side). */
  alternatives: TokenTerm[] | null;
  unknownSymbols: string[];
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

/**
 * Whether search text is a zid, whole or a prefix; returns its lookup key, else null. A zid as it
 * reaches support (quoted, in brackets, labelled, cut with an ellipsis) is read as the paste box
 * reads it (parseZid: with or without 0x); a prefix shorter than the paste box takes, as typed;
 * and, as the paste box and `history find` take it, the one whole zid in other text (a screenshot's
 * or a chat's "Request ID: 0x…"), which read as token symbols matched nothing; else the one prefix
 * the text labels a zid ("zid 0x3fa2b1…").
 */
export function zidKeyOf(text: string): string | null {
  const pasted = parseZid(text);
  if (pasted) return pasted.zid;
  const trimmed = text.trim().toLowerCase();
  if (ZID_PREFIX.test(trimmed)) return trimmed;
  const inText = zidsInText(text);
  if (inText.length > 0) return inText.length === 1 ? inText[0]! : null;
  const prefixes = labelledZidPrefixesInText(text);
  return prefixes.length === 1 ? prefixes[0]! : null;
}

function prefixCondition(column: string, prefix: string, params: SQLInputValue[]): string {
  params.push(prefix, prefixUpperBound(prefix));
  return `(${column} >= ? AND ${column} < ?)`;
}

// The search box: a zid (whole or prefix), the start of an address, or a token symbol.
function readText(text: string, conditions: Conditions, chainId: number | undefined): void {
  const { where, params } = conditions;
  const zidKey = zidKeyOf(text);
  // 26 characters is a whole zid: equality lets SQLite read just the matching index entries.
  if (zidKey !== null && zidKey.length === 26) {
    params.push(zidKey);
    where.push('zid_key = ?');
  } else if (zidKey !== null) {
    where.push(prefixCondition('zid_key', zidKey, params));
  } else if (/^0x/i.test(text.trim())) {
    // Longer than a zid: the start of a token address, on either side (an OR of two index ranges).
    const token = text.trim().toLowerCase();
    where.push(`(${prefixCondition('sell_token_key', token, params)} OR ${prefixCondition('buy_token_key', token, params)})`);
  } else {
    addTokenTerms(tokenTerms(text, chainId, conditions.unknownSymbols), conditions);
  }
}

// The first token asked for becomes the walked alternatives; a second (search box and Token filter
// both) is an OR every row must also meet.
function addTokenTerms(terms: TokenTerm[], conditions: Conditions): void {
  if (conditions.alternatives === null) {
    conditions.alternatives = terms;
    return;
  }
  conditions.where.push(`(${terms.map((term) => `(${term.sql})`).join(' OR ')})`);
  conditions.params.push(...terms.flatMap((term) => term.params));
}

function statusCondition(status: NonNullable<HistorySearchFilter['status']>, params: SQLInputValue[]): string {
  if (status === 'ok') return '(status >= 200 AND status < 300)';
  if (status === 'error') return '(status IS NULL OR status < 200 OR status >= 300)';
  params.push(status);
  return 'status = ?';
}

/** The conditions of a filter, without paging. */
function filterConditions(filter: Omit<HistorySearchFilter, 'limit' | 'before'>): Conditions {
  const conditions: Conditions = { where: [], params: [], alternatives: null, unknownSymbols: [] };
  const { where, params } = conditions;
  if (filter.text) readText(filter.text, conditions, filter.chainId);
  if (filter.from !== undefined) {
    where.push('started_ms >= ?');
    params.push(Date.parse(filter.from));
  }
  if (filter.to !== undefined) {
    where.push('started_ms <= ?');
    params.push(Date.parse(filter.to));
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
  if (filter.token !== undefined) addTokenTerms(tokenTerms(filter.token, filter.chainId, conditions.unknownSymbols), conditions);
  if (filter.origin !== undefined) {
    where.push('origin = ?');
    params.push(filter.origin);
  }
  if (filter.replayOf !== undefined) {
    where.push('replay_of = ?');
    params.push(filter.replayOf);
  }
  if (filter.chainId !== undefined) {
    // With token alternatives the unary + keeps SQLite from walking entries_chain (every entry of
    // the chain) instead of the alternative's own index; its terms already name the chain.
    where.push(conditions.alternatives === null ? 'chain_id = ?' : '+chain_id = ?');
    params.push(filter.chainId);
  }
  return conditions;
}

// After the cursor entry in (started_ms DESC, id DESC) order. The first term is an index range; the
// second breaks ties within the cursor's millisecond. The scalar subqueries run once per statement.
// The cursor's time is the entry's own, or the one the caller gives when retention removed it.
const CURSOR_MS = 'COALESCE((SELECT started_ms FROM entries WHERE id = ?), ?)';
const AFTER_CURSOR = `(started_ms <= ${CURSOR_MS} AND (started_ms < ${CURSOR_MS} OR id < ?))`;

const ORDER = 'ORDER BY started_ms DESC, id DESC';

function whereClause(where: string[]): string {
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/**
 * The page query: newest first by the entries' own time, one row more than the page to know whether
 * another follows. With token alternatives, each is its own query walking its index in time order
 * and stopping at the page size; mergeParts makes the page of them. (One UNION statement of those
 * queries was tried: SQLite then sorted every match of each alternative, 40x slower on 100,000 entries.)
 */
export function searchQuery(filter: HistorySearchFilter): SearchQuery {
  const { where, params, alternatives, unknownSymbols } = filterConditions(filter);
  const cursorWhere = filter.before === undefined ? [] : [AFTER_CURSOR];
  const givenMs = filter.beforeStartedAt === undefined ? null : Date.parse(filter.beforeStartedAt);
  const cursor = filter.before === undefined ? [] : [filter.before, givenMs, filter.before, givenMs, filter.before];
  const rows = filter.limit + 1;
  if (alternatives === null) {
    return { parts: [{ sql: `SELECT ${SUMMARY_COLUMNS} FROM entries ${whereClause([...where, ...cursorWhere])} ${ORDER} LIMIT ?`, params: [...params, ...cursor, rows] }], unknownSymbols };
  }
  const parts = alternatives.map((term) => ({
    sql: `SELECT ${SUMMARY_COLUMNS}, started_ms FROM entries ${whereClause([...where, term.sql, ...cursorWhere])} ${ORDER} LIMIT ?`,
    params: [...params, ...term.params, ...cursor, rows],
  }));
  return { parts, unknownSymbols };
}

/**
 * The page from each part's rows (each newest first): an entry matching two alternatives (USDC on
 * both sides) once, in (started_ms, id) descending order, at most `rows` of them.
 */
export function mergeParts<Row extends Record<string, unknown>>(parts: Row[][], rows: number): Row[] {
  if (parts.length === 1) return parts[0]!;
  const byId = new Map<unknown, Row>();
  for (const part of parts) for (const row of part) byId.set(row.id, row);
  const merged = [...byId.values()].sort((a, b) => (b.started_ms as number) - (a.started_ms as number) || (b.id as number) - (a.id as number));
  return merged.slice(0, rows);
}
