import type { Result } from '../../../src/ipc/result.ts';
import type { RunState } from '../../../src/ipc/channels/compare.ts';

/**
 * A past-run list's entries for runs still going: the list is read once (when the screen opens, a
 * run ends or one is opened), so a run left going in the background would read "running · 1/4"
 * after it had ended. The screen reads such a run's status every LIST_POLL_MS and puts the entry
 * it makes in place of the old one, without reading the whole list again (which would list a run
 * just started before it has answered).
 */

/** How often the entries of runs going in the background are brought up to date. */
export const LIST_POLL_MS = 1000;

/** What a list entry says of a run's progress. */
export interface ListedRun {
  runId: string;
  state: RunState;
}

/** The entries with `entry` in place of the one of its run (none added when its run is not listed). */
export function withEntry<Entry extends ListedRun>(entries: readonly Entry[], entry: Entry): Entry[] {
  return entries.map((item) => (item.runId === entry.runId ? entry : item));
}

/** The runs the entries show running, but for `polled` (the run on screen, whose own polling updates it). */
export function runningElsewhere(entries: readonly ListedRun[], polled: string | null): string[] {
  return entries.filter((entry) => entry.state === 'running' && entry.runId !== polled).map((entry) => entry.runId);
}

/**
 * The entry each of `runIds` makes from its status now, the runs to read again, and those gone. A
 * run whose status could not be read gives no entry and is read again (dropped, its entry said
 * "running" after it had ended), unless the read said NOT_FOUND: the engine has it neither going
 * nor saved, so no read will find it. The caller puts the entries in the list as it is once they
 * are in (withEntry): it may have been read again meanwhile.
 */
export async function currentEntries<Entry extends ListedRun, Status>(
  runIds: readonly string[],
  status: (runId: string) => Promise<Result<Status>>,
  entryOf: (status: Status) => Entry,
): Promise<{ entries: Entry[]; running: string[]; gone: string[] }> {
  const answers = await Promise.all(runIds.map((runId) => status(runId)));
  const entries: Entry[] = [];
  const unread: string[] = [];
  const gone: string[] = [];
  answers.forEach((answer, index) => {
    if (answer.ok) entries.push(entryOf(answer.value));
    else (answer.error.code === 'NOT_FOUND' ? gone : unread).push(runIds[index]!);
  });
  return { entries, running: [...entries.filter((entry) => entry.state === 'running').map((entry) => entry.runId), ...unread], gone };
}

/**
 * Follows the runs a past-run list shows going in the background: every LIST_POLL_MS it reads
 * their status (currentEntries) and hands the entries to `apply`, until each has ended, leaving
 * out the run on screen (its own polling updates its entry). A run whose read failed is read again
 * the next round; one the engine no longer has goes to `onGone` (the list is read again without it).
 * An answer of an earlier round (the list read again, or the screen left, since) is dropped.
 */
export class BackgroundRunFollower<Entry extends ListedRun, Status> {
  readonly #status: (runId: string) => Promise<Result<Status>>;
  readonly #entryOf: (status: Status) => Entry;
  readonly #apply: (entries: Entry[]) => void;
  readonly #onScreen: () => string | null;
  readonly #onGone: (runIds: string[]) => void;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #round = 0;

  /**
   * @param status reads a run's status
   * @param entryOf the list entry a status makes
   * @param apply puts the entries in the list (withEntry)
   * @param onScreen the run on screen, or null
   * @param onGone told of runs whose read said NOT_FOUND, which are read no more
   */
  constructor(
    status: (runId: string) => Promise<Result<Status>>,
    entryOf: (status: Status) => Entry,
    apply: (entries: Entry[]) => void,
    onScreen: () => string | null,
    onGone: (runIds: string[]) => void = () => {},
  ) {
    this.#status = status;
    this.#entryOf = entryOf;
    this.#apply = apply;
    this.#onScreen = onScreen;
    this.#onGone = onGone;
  }

  /** Follows `runIds` from now on, in place of the runs followed before (none: stops). */
  follow(runIds: readonly string[]): void {
    const round = ++this.#round;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (runIds.length === 0) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void currentEntries(runIds, this.#status, this.#entryOf).then(({ entries, running, gone }) => {
        if (round !== this.#round) return;
        this.#apply(entries);
        this.follow(running.filter((runId) => runId !== this.#onScreen()));
        if (gone.length > 0) this.#onGone(gone);
      });
    }, LIST_POLL_MS);
  }
}
