import { isAppError } from '../../ipc/result.ts';
import type { HistoryEntry, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import type { RecordedRequest, SentRequest } from '../ports.ts';
import { buildEntry } from './build-entry.ts';

/** Anything that stores one entry synchronously: the history store, or a test's memory. */
export interface EntryInserter {
  insert(entry: NewHistoryEntry): HistoryEntry;
}

/**
 * Builds a sent request's entry and stores it. A full disk, a broken database or a body the store
 * cannot take must not lose the answer the user is looking at (issue 4, item 5; issue 17): the
 * answer comes back unstored, with a warning.
 */
export function recordRequest(store: EntryInserter, sent: SentRequest): RecordedRequest {
  const entry = buildEntry(sent.context, sent.exchange);
  try {
    return { entry: store.insert(entry), stored: true, warning: null };
  } catch (error) {
    if (isAppError(error) && error.code !== 'STORAGE') throw error;
    if (!isAppError(error)) console.error('history insert failed', error);
    const reason = isAppError(error) ? error.message : 'the entry could not be written';
    return { entry: { ...entry, id: 0 }, stored: false, warning: `The request was not kept in history: ${reason}` };
  }
}

/** A HistorySink over a store in this thread (the CLI, tests): the same work the data worker does. */
export function inThreadSink(store: EntryInserter): { record(sent: SentRequest): Promise<RecordedRequest> } {
  return { record: async (sent) => recordRequest(store, sent) };
}
