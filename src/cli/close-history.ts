import type { HistoryStore } from '../core/history/index.ts';

/**
 * Closes a history a command opened, first saying on stderr (through `warn`) what the store did on
 * its own: a corrupt file moved aside for a new, empty one (on open, or when a read met the damage),
 * a retention pass that failed. Unsaid, a support engineer read "No entry with a zid starting …"
 * and asked the customer for a file while the entry sat in the file moved aside; the app says the
 * same in its notice bar.
 */
export function closeHistory(history: HistoryStore, warn: (line: string) => void, options: { isProcessExitNext?: boolean } = {}): void {
  for (const notice of history.notices) warn(notice.message);
  if (options.isProcessExitNext) history.leaveForExit();
  else history.close();
}
