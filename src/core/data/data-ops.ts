import type { HistorySummary, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import type { RunSummary, UnreadableRun } from '../../ipc/channels/compare.ts';
import type { LadderSummary } from '../../ipc/channels/ladder.ts';
import { createHistoryHandlers, HistoryStore, type HistoryHandlers } from '../history/index.ts';
import { historyFileIn } from '../history/history-path.ts';
import { createHistoryIoHandlers, type HistoryIoHandlers } from '../history-io/index.ts';
import { createRunStore, type StoredRun } from '../compare/run-store.ts';
import { createLadderStore, type StoredLadder } from '../compare/ladder-store.ts';
import { pruneRuns } from '../compare/prune-runs.ts';
import { recordRequest } from '../request/record.ts';
import { readProfileKeyHeaders, requireProfileKeyHeaders } from '../profiles/profile-key-headers.ts';
import type { RecordedRequest, SentRequest } from '../ports.ts';

/**
 * Everything the data worker does, as one table of named operations: the history channels and
 * history export/import as the renderer calls them, plus what the engine itself asks of the store
 * (keep a sent request, seed entries, find by zid, keep comparison runs and ladders). The worker
 * (data-worker-entry.ts) serves this table; a thread that must not wait on it (Electron's main)
 * reaches it through DataWorkerHost, and the CLI and the in-process bench baseline call it directly.
 */

/** The operations only the engine uses (no IPC channel of their own). */
export interface EngineDataOps {
  /** Builds a sent request's entry (parse, schema report) and stores it; resolves once committed. */
  'history.record': (sent: SentRequest) => Promise<RecordedRequest>;
  /** Stores entries in one transaction (seeding, tests, benches); their ids in order. */
  'history.insertMany': (entries: NewHistoryEntry[]) => Promise<number[]>;
  'history.findByZid': (zid: string) => Promise<HistorySummary[]>;
  'runs.save': (run: StoredRun) => Promise<void>;
  'runs.load': (runId: string) => Promise<StoredRun | null>;
  'runs.list': (limit: number | undefined) => Promise<{ runs: RunSummary[]; unreadable: UnreadableRun[] }>;
  'ladders.save': (run: StoredLadder) => Promise<void>;
  'ladders.load': (runId: string) => Promise<StoredLadder | null>;
  'ladders.list': (limit: number | undefined) => Promise<{ runs: LadderSummary[]; unreadable: UnreadableRun[] }>;
}

/** Every operation of the data worker. */
export type DataOps = HistoryHandlers & HistoryIoHandlers & EngineDataOps;
/** An operation's name. */
export type DataOpName = keyof DataOps;
/** What an operation takes. */
export type DataOpInput<K extends DataOpName> = Parameters<DataOps[K]>[0];
/** What an operation resolves to. */
export type DataOpOutput<K extends DataOpName> = Awaited<ReturnType<DataOps[K]>>;

/** Where the data lives and who writes HAR files. */
export interface DataOpsOptions {
  dataDir: string;
  /** The app's name and version, for the HAR creator. */
  creator: { name: string; version: string };
}

/** The operations over an open store, and how to close it. */
export interface OpenDataOps {
  ops: DataOps;
  close(): void;
}

/** Opens the history under `dataDir` and builds the table. Throws AppError STORAGE when no database can be opened. */
export function openDataOps(options: DataOpsOptions): OpenDataOps {
  // Runs go with the requests they were made of, when retention removes those (prune-runs.ts).
  const store = HistoryStore.open(historyFileIn(options.dataDir), { onEntriesRemoved: (keptSinceMs) => pruneRuns(options.dataDir, keptSinceMs) });
  const runs = createRunStore(options.dataDir);
  const ladders = createLadderStore(options.dataDir);
  // Read at each use: a profile renamed in main applies to the next read, export or import.
  const profileKeyHeaders = () => readProfileKeyHeaders(options.dataDir);
  const ops: DataOps = {
    ...createHistoryHandlers(store, { profileKeyHeaders }),
    ...createHistoryIoHandlers({ history: store, creator: options.creator, profileKeyHeaders: () => requireProfileKeyHeaders(options.dataDir) }),
    'history.record': async (sent) => recordRequest(store, sent),
    'history.insertMany': async (entries) => store.insertMany(entries),
    'history.findByZid': async (zid) => store.findByZid(zid),
    'runs.save': (run) => runs.save(run),
    'runs.load': (runId) => runs.load(runId),
    'runs.list': (limit) => runs.list(limit),
    'ladders.save': (run) => ladders.save(run),
    'ladders.load': (runId) => ladders.load(runId),
    'ladders.list': (limit) => ladders.list(limit),
  };
  return { ops, close: () => store.close() };
}
