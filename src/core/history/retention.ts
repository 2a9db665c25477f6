import type { StatementSync } from 'node:sqlite';
import { HistoryRetentionSchema, type HistoryRetention } from '../../ipc/channels/history.ts';
import { toFieldErrors } from '../../spec/index.ts';

/**
 * The retention setting, kept in the database's settings table (so it travels with the file), and
 * the pass that applies it. Age counts from the request's time and applies to sent entries only:
 * an imported customer file is usually older than the limit and must stay viewable.
 */

/** Retention when none was saved: the newest 100,000 entries (about 400 MB with 2 KB bodies), any age. */
export const DEFAULT_RETENTION: HistoryRetention = { maxEntries: 100_000, maxAgeDays: null };

/** The store's prepared statements, by SQL text. */
export type Prepare = (sql: string) => StatementSync;

const DAY_MS = 86_400_000;

/** What removes nothing: in force while a saved setting cannot be read. */
const KEEP_EVERYTHING: HistoryRetention = { maxEntries: null, maxAgeDays: null };

/**
 * The saved setting, or the default when none was saved. One that no longer validates (written by a
 * later version, edited by hand) is not replaced by the default, which may keep less than the user
 * chose (keep everything, then 100,000 entries removed at the next open): nothing is removed, and
 * `problem` says why for the user, until the setting is saved again.
 */
export function readRetention(prepare: Prepare): { retention: HistoryRetention; problem: string | null } {
  const row = prepare("SELECT value FROM settings WHERE key = 'retention'").get() as { value: string } | undefined;
  if (!row) return { retention: DEFAULT_RETENTION, problem: null };
  let data: unknown;
  try {
    data = JSON.parse(row.value);
  } catch {
    return { retention: KEEP_EVERYTHING, problem: unreadable('it is not JSON') };
  }
  const parsed = HistoryRetentionSchema.safeParse(data);
  if (parsed.success) return { retention: parsed.data, problem: null };
  const first = toFieldErrors(parsed.error, data, 'is not a field of the retention setting')[0];
  return { retention: KEEP_EVERYTHING, problem: unreadable(first ? `${first.field} ${first.reason}` : 'it is invalid') };
}

function unreadable(why: string): string {
  return `The history's retention setting could not be read (${why}): nothing is removed until it is set again in Settings.`;
}

/** Saves the setting. */
export function writeRetention(prepare: Prepare, retention: HistoryRetention): void {
  prepare("INSERT INTO settings (key, value) VALUES ('retention', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
    JSON.stringify(retention),
  );
}

// The entries the age rule removes: sent before the cutoff (imported ones keep the customer's time).
const AGED_OUT = "started_ms < ? AND origin = 'sent'";

function ageCutoffMs(maxAgeDays: number, now: Date): number {
  return now.getTime() - maxAgeDays * DAY_MS;
}

/** Removes what the setting no longer keeps; returns how many entries went. */
export function applyRetention(prepare: Prepare, retention: HistoryRetention, now: Date): number {
  let removed = 0;
  if (retention.maxAgeDays !== null) {
    removed += Number(prepare(`DELETE FROM entries WHERE ${AGED_OUT}`).run(ageCutoffMs(retention.maxAgeDays, now)).changes);
  }
  if (retention.maxEntries !== null) {
    const edge = newestPastLimit(prepare, retention.maxEntries);
    if (edge !== null) removed += Number(prepare('DELETE FROM entries WHERE id <= ?').run(edge).changes);
  }
  return removed;
}

/**
 * How many entries `retention` would remove now, and how many there are, without removing any: the
 * count Settings and the CLI show before a stricter setting is applied. The age rule goes first
 * (as in applyRetention), then the count rule keeps the newest `maxEntries` of what is left.
 */
export function countRemovable(prepare: Prepare, retention: HistoryRetention, now: Date): { removes: number; count: number } {
  const { count } = prepare('SELECT count(*) AS count FROM entries').get() as { count: number };
  let removes = 0;
  if (retention.maxAgeDays !== null) {
    removes = (prepare(`SELECT count(*) AS n FROM entries WHERE ${AGED_OUT}`).get(ageCutoffMs(retention.maxAgeDays, now)) as { n: number }).n;
  }
  if (retention.maxEntries !== null) removes += Math.max(0, count - removes - retention.maxEntries);
  return { removes, count };
}

/**
 * The id of the newest entry past the newest `limit`, or null when there are no more than `limit`.
 * This runs on every open (each CLI command) and every 100 inserts, so it must not read the rows:
 * stepping `ORDER BY id DESC LIMIT 1 OFFSET limit` did, one page per entry (the whole table, up to
 * 400 MB at the default limit) before answering that nothing was over it (issue 14).
 * Most calls end at the first test: ids are distinct integers, so there are no more entries than
 * the span from the oldest id to the newest (two lookups in the rowid b-tree). Past that, count(*)
 * reads the smallest index rather than the rows, and the edge is found by stepping through only
 * the entries that are about to be removed, oldest first.
 */
function newestPastLimit(prepare: Prepare, limit: number): number | null {
  const span = prepare('SELECT (SELECT min(id) FROM entries) AS oldest, (SELECT max(id) FROM entries) AS newest').get() as { oldest: number | null; newest: number | null };
  if (span.oldest === null || span.newest === null || span.newest - span.oldest + 1 <= limit) return null;
  const { total } = prepare('SELECT count(*) AS total FROM entries').get() as { total: number };
  if (total <= limit) return null;
  const edge = prepare('SELECT id FROM entries ORDER BY id LIMIT 1 OFFSET ?').get(total - limit - 1) as { id: number };
  return edge.id;
}
