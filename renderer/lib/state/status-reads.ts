import type { AppErrorData } from '../../../src/ipc/result.ts';
import type { ProgressReads } from './progress-reads.svelte.ts';

/** What the status reads need of a run's status. */
export interface ReadStatus {
  runId: string;
  state: string;
  done: number;
  total: number;
}

/**
 * The status reads of the run on screen, the same for Compare and its Sizes mode: which run is read,
 * the timer of its next read, and what a failed read leads to. Each state says how its run is read
 * (a ladder asks only for the rows after those it has), and `onStopped` what follows once reads of
 * a run stop: the past runs list read again, so that it follows the run's entry.
 */
export class StatusReads<Status extends ReadStatus> {
  /**
   * The run whose status the screen shows and reads (null: none is). Opening a past run while another
   * runs moves it: a read of the other answered after that must not put it back on screen under the
   * past run's form.
   */
  current: string | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #progressReads: ProgressReads;
  readonly #onStopped: () => void;

  constructor(progressReads: ProgressReads, onStopped: () => void) {
    this.#progressReads = progressReads;
    this.#onStopped = onStopped;
  }

  /** The run is still going: `read` it again after `ms`. */
  readAgainIn(ms: number, read: () => void): void {
    this.#timer = setTimeout(read, ms);
  }

  /** The run ended: no read is due. */
  ended(): void {
    this.#timer = null;
  }

  /**
   * A read of `runId` failed: it is read again after a pause, or given up; then it is no longer the
   * run read, so that the past runs list follows its entry and resume (the screen shown again) may
   * try it once more. Returns the status the screen keeps: `shown` when it is this run's, else null
   * (a run just started whose first read failed: the run before's table is not this run's, and
   * stays off the screen while this one is read again).
   */
  failed(runId: string, shown: Status | null, error: AppErrorData, readAgain: () => void): Status | null {
    const lastRead = shown?.runId === runId ? shown : null;
    const { retryInMs } = this.#progressReads.failed(error, lastRead);
    if (retryInMs !== null) this.#timer = setTimeout(readAgain, retryInMs);
    else {
      this.#timer = null;
      this.current = null;
      this.#onStopped();
    }
    return lastRead;
  }

  /** Reads the shown run again when it is going and no longer read (the screen shown again, or an open that failed). */
  resume(shown: Status | null, read: (status: Status) => void): void {
    if (!shown || shown.state !== 'running' || this.current !== null) return;
    this.#progressReads.reset();
    this.current = shown.runId;
    read(shown);
  }

  /** Stops reading the run on screen (another is shown, or none). */
  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.current = null;
    this.#progressReads.reset();
  }
}
