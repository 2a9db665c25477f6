import type { UnreadableRun } from '../../../src/ipc/channels/compare.ts';
import type { Result } from '../../../src/ipc/result.ts';

/**
 * What the past-run list must say besides its runs: that it could not be listed at all, or which
 * files it left out and why (a run file damaged or edited by hand). Null when there is nothing to say.
 * The list would otherwise read as complete, and a run gone from it with no word.
 */
export function pastRunsProblem(result: Result<{ unreadable: readonly UnreadableRun[] }>, noun: string, nouns: string): string | null {
  if (!result.ok) return result.error.message;
  const { unreadable } = result.value;
  if (unreadable.length === 0) return null;
  const count = unreadable.length === 1 ? `1 past ${noun} could not be read and is` : `${unreadable.length} past ${nouns} could not be read and are`;
  return `${count} not listed. ${unreadable.map((run) => run.reason).join(' ')}`;
}
