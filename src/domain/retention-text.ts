import type { HistoryRetention } from '../ipc/channels/history.ts';
import { countOf, formatInteger } from './number-format.ts';

/**
 * The history's retention setting in words, shared by Settings' History card and
 * `swap-explorer history retention`, so both say the same thing about what is kept and removed.
 */

/** "1 entry", "1,204 entries". */
export function entriesText(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? 'entry' : 'entries'}`;
}

/** "1 day", "30 days", "1.5 days" (the setting takes fractions of a day). */
function daysText(days: number): string {
  return Number.isInteger(days) ? countOf(days, 'day') : `${days} days`;
}

/** The setting as a sentence: "the newest 100,000 entries; sent requests of any age". */
export function retentionText(retention: HistoryRetention): string {
  const entries = retention.maxEntries === null ? 'any number of entries' : `the newest ${entriesText(retention.maxEntries)}`;
  const age = retention.maxAgeDays === null ? 'sent requests of any age' : `sent requests from the last ${daysText(retention.maxAgeDays)}`;
  return `${entries}; ${age}`;
}

/**
 * What a setting removes as soon as it is applied (the store's count, history.previewRetention),
 * in a sentence; null when it removes nothing, so nothing needs confirming.
 */
export function removalText(removes: number, count: number): string | null {
  if (removes === 0) return null;
  const which = removes === count ? `all ${entriesText(count)}` : `${formatInteger(removes)} of the ${entriesText(count)}`;
  return `This removes ${which} now, with the comparison and size-ladder runs made only of them. They cannot be brought back.`;
}

/** What a saved setting removed, in a sentence. */
export function removedText(removed: number): string {
  return removed === 0 ? 'nothing was removed.' : `removed ${entriesText(removed)}, with the comparison and size-ladder runs made only of them.`;
}
