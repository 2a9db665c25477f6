import type { EntryInserter } from '../core/request/record.ts';
import type { NewHistoryEntry } from '../ipc/schemas/history-entry.ts';

/**
 * A command's history, opened on the event loop's next free turn instead of before the first
 * request (issue 14: no work at start that a request does not need). By that turn the command has
 * sent its request, so the file opens while the service works out the answer: the TLS handshake
 * and the price itself leave the command idle for several ms, and opening the history (SQLite's
 * WAL, the schema check) takes about as long. An answer that arrives first opens it on its first
 * entry; either way the history is opened once.
 */
export class DeferredHistory<Store extends EntryInserter> implements EntryInserter {
  readonly #open: () => Store;
  #store: Store | undefined;
  #pending: NodeJS.Immediate | undefined;

  constructor(open: () => Store) {
    this.#open = open;
    this.#pending = setImmediate(() => {
      try {
        this.#opened();
      } catch {
        // Not thrown from a bare turn of the loop, where nothing could answer it: the first entry
        // opens it again and meets the same error where the request's own handling reports it.
      }
    });
  }

  insert(entry: NewHistoryEntry): ReturnType<EntryInserter['insert']> {
    return this.#opened().insert(entry);
  }

  /**
   * The store if it was opened, once the command has ended; a command that ended before the loop
   * turned (refused input, an interrupt) never opens a file it had nothing to keep in.
   */
  settle(): Store | undefined {
    clearImmediate(this.#pending);
    this.#pending = undefined;
    return this.#store;
  }

  #opened(): Store {
    this.#pending = undefined;
    this.#store ??= this.#open();
    return this.#store;
  }
}
