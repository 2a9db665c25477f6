import type { AppErrorData } from '../../../src/ipc/result.ts';

/**
 * How the run on screen (a comparison or a size ladder) is followed when reading its status fails.
 * A failed read used to end the polling while the screen went on showing the run as running, with
 * its progress bar and Cancel, for good. Now:
 * - a failed read is tried again after FIRST_RETRY_MS, doubling up to MAX_RETRY_MS, while the screen
 *   says "Progress could not be read: <why>. Retrying…" (the run goes on in the main process);
 * - a good read clears that and polling goes on as before;
 * - NOT_FOUND (the engine has no such run, live or saved: no read will find it), or MAX_FAILURES
 *   reads failed in a row, gives up: the state stops saying the run is running (isRunning false),
 *   its last figures stay, said to be as last read and not current, with what the user can do.
 * The state still owns its timer and its `#current` check, so that a read answered after another
 * run was opened is dropped as before; reset() is called whenever another run is followed.
 */

/** The pause before the first read again; each further failure doubles it, up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 4000;
/** Failed reads in a row after which the run is no longer followed (about 11 s of retrying). */
export const MAX_FAILURES = 6;

/** What a failed read leads to: another read after `retryInMs`, or none (given up). */
export type AfterFailure = { retryInMs: number } | { retryInMs: null };

/** The read problems of the run a screen follows. */
export class ProgressReads {
  /** Why the run's progress could not be read: while retrying, and once given up; null after a good read. */
  problem = $state<string | null>(null);
  /** True once reads were given up: the status on screen is the last one read, not current. */
  hasGivenUp = $state(false);
  #failures = 0;
  readonly #noun: string;
  readonly #listName: string;

  /**
   * @param noun the kind of run as a sentence names it: "comparison"
   * @param listName where the user can reopen it: "Past comparisons"
   */
  constructor(noun: string, listName: string) {
    this.#noun = noun;
    this.#listName = listName;
  }

  /** A read answered: the run is followed again from here. */
  succeeded(): void {
    this.reset();
  }

  /**
   * A read failed; says so, and whether to read again.
   * @param lastRead the run's status on screen, whose figures the text names once given up; null
   *   while the run has none there (a run just started whose first read failed)
   */
  failed(error: AppErrorData, lastRead: { done: number; total: number } | null): AfterFailure {
    this.#failures += 1;
    const why = error.message.replace(/\.$/, '');
    const isGone = error.code === 'NOT_FOUND';
    if (!isGone && this.#failures < MAX_FAILURES) {
      this.problem = `Progress could not be read: ${why}. Retrying…`;
      return { retryInMs: Math.min(FIRST_RETRY_MS * 2 ** (this.#failures - 1), MAX_RETRY_MS) };
    }
    this.hasGivenUp = true;
    // "The figures below" only where there are some: a run given up before any answer was read shows none.
    const figures = !lastRead ? '' : lastRead.done > 0 ? ` The figures below are as last read (${lastRead.done}/${lastRead.total} requests), not current.` : ` No answer had been read (0/${lastRead.total} requests).`;
    // A run the engine no longer has cannot be reopened; one whose reads kept failing may still be going.
    const next = isGone ? '' : ` The ${this.#noun} may still be going: reopen it from ${this.#listName} to read it again.`;
    this.problem = `The ${this.#noun}'s progress can no longer be read: ${why}.${figures}${next}`;
    return { retryInMs: null };
  }

  /** Another run (or none) is followed from now on: its predecessor's problems are not its own. */
  reset(): void {
    this.#failures = 0;
    this.problem = null;
    this.hasGivenUp = false;
  }
}
