import type { HistoryStore } from '../core/history/index.ts';
import type { HistorySummary } from '../ipc/schemas/history-entry.ts';

/** Entries read a page at a time (history.search's page limit). */
export const MATCHES_PAGE = 1_000;

/**
 * The rows of one history whose zid is, or starts with, `zid`, as History's search box finds them:
 * all of them, page after page (one page of 1,000 was read, and `history find` and `export` said
 * nothing of the matches past it).
 */
export function zidMatches(history: HistoryStore, zid: string): HistorySummary[] {
  const rows: HistorySummary[] = [];
  let cursor: { before: number; beforeStartedAt: string } | undefined;
  for (;;) {
    const page = history.search({ text: zid, limit: MATCHES_PAGE, ...cursor });
    rows.push(...page.rows);
    const last = page.rows.at(-1);
    if (page.nextBefore === null || last === undefined) return rows;
    cursor = { before: page.nextBefore, beforeStartedAt: last.startedAt };
  }
}
