import type { HistoryStore } from '../core/history/index.ts';
import type { HistorySummary } from '../ipc/schemas/history-entry.ts';

/** Most entries one find or export lists (history.search's page limit). */
export const MATCHES_MAX = 1_000;

/** The rows of one history whose zid is, or starts with, `zid`, as History's search box finds them. */
export function zidMatches(history: HistoryStore, zid: string): HistorySummary[] {
  return history.search({ text: zid, limit: MATCHES_MAX }).rows;
}
