import type { HistoryEntry, HistorySummary, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import type { HistoryNotice, HistorySearchFilter, HistorySearchPage } from '../../ipc/channels/history.ts';
import type { HistoryHandlers } from '../history/index.ts';
import type { HistoryIoHandlers } from '../history-io/index.ts';
import type { RunStore } from '../compare/run-store.ts';
import type { LadderStore } from '../compare/ladder-store.ts';
import type { HistorySink } from '../ports.ts';
import type { DataClient } from './data-client.ts';
import { AppError, isAppError } from '../../ipc/result.ts';
import { recordRequest } from '../request/record.ts';

/**
 * The engine's side of the data operations: the stores and handlers other services use, each a thin
 * relay of a DataClient call. Contract validation happened once, in dispatch, before these run.
 */

/**
 * Where the request service keeps each sent request. A worker that cannot keep it at all (a history
 * that cannot be opened: a read-only or full data folder, a file in its place; a worker restarted
 * during the call) must not take the answer with it: the entry is built here and returned unstored
 * with the warning, as the worker does for a failed insert. Before, the request's answer became a
 * STORAGE error, and a comparison showed every side that had been answered as failed.
 */
export function dataHistorySink(data: DataClient): HistorySink {
  return {
    async record(sent) {
      try {
        return await data.call('history.record', sent);
      } catch (error) {
        if (!isAppError(error) || (error.code !== 'STORAGE' && error.code !== 'DATA_WORKER_RESTARTED')) throw error;
        const unkept = new AppError('STORAGE', error.message);
        return recordRequest({ insert: () => { throw unkept; } }, sent);
      }
    },
  };
}

/** Comparison runs kept by the data worker. */
export function dataRunStore(data: DataClient): RunStore {
  return {
    save: (run) => data.call('runs.save', run),
    load: (runId) => data.call('runs.load', runId),
    list: (limit) => data.call('runs.list', limit),
  };
}

/** Size ladders kept by the data worker. */
export function dataLadderStore(data: DataClient): LadderStore {
  return {
    save: (run) => data.call('ladders.save', run),
    load: (runId) => data.call('ladders.load', runId),
    list: (limit) => data.call('ladders.list', limit),
  };
}

/**
 * The history and history-io channels, relayed. `history.notices` adds what the host itself must
 * tell (a restarted worker) to what the store reports.
 */
export function dataHistoryHandlers(data: DataClient, hostNotices: () => readonly HistoryNotice[]): HistoryHandlers & HistoryIoHandlers {
  return {
    'history.search': (input) => data.call('history.search', input),
    'history.get': (input) => data.call('history.get', input),
    'history.count': (input) => data.call('history.count', input),
    'history.kept': (input) => data.call('history.kept', input),
    'history.getRetention': (input) => data.call('history.getRetention', input),
    'history.previewRetention': (input) => data.call('history.previewRetention', input),
    'history.setRetention': (input) => data.call('history.setRetention', input),
    'history.notices': async (input) => {
      const { notices } = await data.call('history.notices', input);
      return { notices: [...hostNotices(), ...notices] };
    },
    'history.export': (input) => data.call('history.export', input),
    'history.import': (input) => data.call('history.import', input),
  };
}

/** The history as tests, benches and the CLI read and seed it: every call goes through the worker. */
export interface HistoryAccess {
  insert(entry: NewHistoryEntry): Promise<HistoryEntry>;
  insertMany(entries: NewHistoryEntry[]): Promise<number[]>;
  get(id: number): Promise<HistoryEntry | null>;
  findByZid(zid: string): Promise<HistorySummary[]>;
  search(filter: HistorySearchFilter): Promise<HistorySearchPage>;
}

/** Builds HistoryAccess over a DataClient. */
export function dataHistoryAccess(data: DataClient): HistoryAccess {
  return {
    insert: async (entry) => ({ ...entry, id: (await data.call('history.insertMany', [entry]))[0]! }),
    insertMany: (entries) => data.call('history.insertMany', entries),
    get: (id) => data.call('history.get', { id }).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'NOT_FOUND') return null;
      throw error;
    }),
    findByZid: (zid) => data.call('history.findByZid', zid),
    search: (filter) => data.call('history.search', filter),
  };
}
