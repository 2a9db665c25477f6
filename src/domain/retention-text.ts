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
 * What a new setting removes as soon as it is applied, in a sentence; null when it removes nothing
 * now (it only keeps as much or more). The count is known; what an age removes is not, so that is
 * said as a rule.
 */
export function removalText(saved: HistoryRetention, next: HistoryRetention, count: number | null): string | null {
  const parts: string[] = [];
  const fewer = next.maxEntries !== null && (saved.maxEntries === null || next.maxEntries < saved.maxEntries);
  if (fewer && (count === null || count > next.maxEntries!)) {
    parts.push(count === null ? `the entries beyond the newest ${formatInteger(next.maxEntries!)}` : `the oldest ${formatInteger(count - next.maxEntries!)} of the ${formatInteger(count)} entries`);
  }
  const younger = next.maxAgeDays !== null && (saved.maxAgeDays === null || next.maxAgeDays < saved.maxAgeDays);
  if (younger) parts.push(`every sent request older than ${daysText(next.maxAgeDays!)}`);
  return parts.length === 0 ? null : `This removes ${parts.join(', and ')} now, with the comparison and size-ladder runs made only of them. They cannot be brought back.`;
}

/** What a saved setting removed, in a sentence. */
export function removedText(removed: number): string {
  return removed === 0 ? 'nothing was removed.' : `removed ${entriesText(removed)}, with the comparison and size-ladder runs made only of them.`;
}
