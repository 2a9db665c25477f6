/**
 * Ctrl-C in `price` and `compare`. A terminal signals the whole foreground process group: the
 * command and the local service it starts. The service then dies or closes, and the run failed
 * with that service's exit ("The local service did not start: it exited (signal SIGINT)", or a
 * NETWORK error for a request in flight), exit 1, blaming the service for what the user did. The
 * command instead notes the first SIGINT for its whole run, service start and close included (a
 * signal whose callback comes after its listener is removed is dropped by Node, and the service's
 * exit often reaches the command first), cancels the run, and says it was interrupted.
 */

/** The exit code of a command Ctrl-C ended (128 + SIGINT), as a shell reports one the signal killed. */
export const INTERRUPTED_EXIT = 130;

/** What a command says when Ctrl-C ended it before an answer came. */
export function interruptedLine(command: 'price' | 'compare'): string {
  return `swap-explorer ${command}: interrupted (Ctrl-C) before an answer came; nothing was ${command === 'price' ? 'priced' : 'compared'}\n`;
}

/** The first SIGINT of a command's run. */
export interface InterruptWatch {
  readonly isInterrupted: boolean;
  /** Runs `cancel` on the first SIGINT, at once if it already came. */
  onInterrupt(cancel: () => void): void;
  /** Stops watching; a later Ctrl-C ends the process as usual. */
  stop(): void;
}

/** Watches for the first SIGINT; a second one ends the process as usual (the listener is a once). */
export function watchInterrupt(): InterruptWatch {
  let isInterrupted = false;
  let cancel = () => {};
  const listener = () => {
    isInterrupted = true;
    cancel();
  };
  process.once('SIGINT', listener);
  return {
    get isInterrupted() {
      return isInterrupted;
    },
    onInterrupt(next) {
      cancel = next;
      if (isInterrupted) next();
    },
    stop: () => process.off('SIGINT', listener),
  };
}

/**
 * Whether SIGINT came, once one already on its way is noted: Ctrl-C reaches the local service too,
 * and its exit may be read in the same turn of the event loop before this process's own SIGINT is,
 * so a failed run waits for that turn to end (setImmediate) before it is called failed rather than
 * interrupted. A run that did not fail does not wait.
 */
export async function wasInterrupted(watch: InterruptWatch, hasFailed: boolean): Promise<boolean> {
  if (!watch.isInterrupted && hasFailed) await new Promise((resolve) => setImmediate(resolve));
  return watch.isInterrupted;
}
