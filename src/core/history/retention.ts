import type { StatementSync } from 'node:sqlite';
import { HistoryRetentionSchema, type HistoryRetention } from '../../ipc/channels/history.ts';

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

/** The saved setting, or the default when none was saved or it no longer validates. */
export function readRetention(prepare: Prepare): HistoryRetention {
  const row = prepare("SELECT value FROM settings WHERE key = 'retention'").get() as { value: string } | undefined;
  if (!row) return DEFAULT_RETENTION;
  try {
    const parsed = HistoryRetentionSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_RETENTION;
  } catch {
    return DEFAULT_RETENTION;
  }
}

/** Saves the setting. */
export function writeRetention(prepare: Prepare, retention: HistoryRetention): void {
  prepare("INSERT INTO settings (key, value) VALUES ('retention', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
    JSON.stringify(retention),
  );
}

/** Removes what the setting no longer keeps; returns how many entries went. */
export function applyRetention(prepare: Prepare, retention: HistoryRetention, now: Date): number {
  let removed = 0;
  if (retention.maxAgeDays !== null) {
    const cutoff = now.getTime() - retention.maxAgeDays * DAY_MS;
    removed += Number(prepare("DELETE FROM entries WHERE started_ms < ? AND origin = 'sent'").run(cutoff).changes);
  }
  if (retention.maxEntries !== null) {
    // The id of the newest entry past the limit, read from the rowid b-tree: cheaper than COUNT(*).
    const edge = prepare('SELECT id FROM entries ORDER BY id DESC LIMIT 1 OFFSET ?').get(retention.maxEntries) as { id: number } | undefined;
    if (edge) removed += Number(prepare('DELETE FROM entries WHERE id <= ?').run(edge.id).changes);
  }
  return removed;
}
