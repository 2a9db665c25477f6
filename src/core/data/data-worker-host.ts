import { Worker, type ResourceLimits } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../ipc/result.ts';
import type { HistoryNotice } from '../../ipc/channels/history.ts';
import type { DataClient } from './data-client.ts';
import type { DataOpInput, DataOpName, DataOpOutput, DataOpsOptions } from './data-ops.ts';
import type { DataRequest, DataResponse } from './data-protocol.ts';

/**
 * Runs the data worker (data-worker-entry.ts) in a worker thread and relays calls to it, so the
 * thread that drives the window (Electron's main) never waits on SQLite, file parsing or large
 * bodies. The thread has its own heap with a cap: a runaway file ends the worker, not the app.
 *
 * When the worker dies (a crash, out of memory), every call in flight fails with
 * DATA_WORKER_RESTARTED, a notice says so once, and a new worker is started on the same files.
 * Nothing acknowledged is lost: an entry is acknowledged only after SQLite committed it to the WAL,
 * which survives the thread (and the process) ending at any moment.
 */

/** How to start the worker. */
export interface DataWorkerHostOptions extends DataOpsOptions {
  /** The worker's entry file; by default data-worker-entry.ts beside this file, or data-worker.js in a bundle. */
  entry?: string;
  /** The worker's heap caps (default: DEFAULT_DATA_WORKER_LIMITS). */
  resourceLimits?: ResourceLimits;
  /** Where bugs reported by the worker go, with their stack (main's log in the app). */
  logBug?: (op: string, stack: string) => void;
  now?: () => Date;
}

/** The worker's heap caps: far above any file within the import caps, far below the machine. */
export const DEFAULT_DATA_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 1536, maxYoungGenerationSizeMb: 64 };

// From source this module sits next to data-worker-entry.ts; bundles name the entry data-worker.js
// and pass its path (main/index.ts) unless it lands beside the chunk that holds this module.
const DEFAULT_ENTRY = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './data-worker-entry.ts' : './data-worker.js', import.meta.url));
const CLOSE_WAIT_MS = 10_000;
// A worker that dies again this soon after a restart is started only by the next call: no crash loop.
const EAGER_RESTART_GAP_MS = 5_000;

interface Pending {
  op: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The host: a DataClient whose calls run in the worker thread. */
export class DataWorkerHost implements DataClient {
  /** What the user must be told (a restarted worker), merged into history.notices. */
  readonly notices: HistoryNotice[] = [];
  readonly #options: DataWorkerHostOptions;
  readonly #pending = new Map<number, Pending>();
  #worker: Worker | null = null;
  #nextId = 1;
  #isClosing = false;
  #lastDeathAt = 0;
  #starts = 0;

  constructor(options: DataWorkerHostOptions) {
    this.#options = options;
    this.#start();
  }

  /** How many workers have been started (the first one included). */
  get starts(): number {
    return this.#starts;
  }

  /** The running worker's thread id, or null between a death and the next start. */
  get threadId(): number | null {
    return this.#worker?.threadId ?? null;
  }

  call<K extends DataOpName>(op: K, input: DataOpInput<K>): Promise<DataOpOutput<K>> {
    if (this.#isClosing) return Promise.reject(closingError());
    return this.#post(op, input) as Promise<DataOpOutput<K>>;
  }

  /** Closes the store in the worker, then ends the thread. */
  async close(): Promise<void> {
    if (this.#isClosing) return;
    const closed = this.#worker ? this.#post('$close', null).catch(() => undefined) : Promise.resolve();
    this.#isClosing = true;
    const worker = this.#worker;
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    await worker?.terminate();
  }

  #post(op: DataOpName | '$close', input: unknown): Promise<unknown> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { op, resolve, reject });
      try {
        worker.postMessage({ id, op, input } satisfies DataRequest);
      } catch (error) {
        // Input that cannot be cloned is a bug of the caller: it fails alone, the worker never sees it.
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  #rejectPending(error: AppError): void {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  #start(): Worker {
    const worker = new Worker(this.#options.entry ?? DEFAULT_ENTRY, {
      workerData: { dataDir: this.#options.dataDir, creator: this.#options.creator },
      resourceLimits: this.#options.resourceLimits ?? DEFAULT_DATA_WORKER_LIMITS,
      name: 'swap-explorer data',
    });
    this.#starts += 1;
    let failure: Error | null = null;
    worker.on('message', (response: DataResponse) => this.#settle(response));
    worker.on('error', (error) => (failure = error));
    worker.on('exit', (code) => this.#onExit(worker, code, failure));
    this.#worker = worker;
    return worker;
  }

  #settle(response: DataResponse): void {
    const pending = this.#pending.get(response.id);
    if (!pending) return;
    this.#pending.delete(response.id);
    if (response.ok) pending.resolve(response.value);
    else if ('error' in response) pending.reject(new AppError(response.error.code, response.error.message, response.error.details));
    else {
      (this.#options.logBug ?? defaultLogBug)(pending.op, response.bug);
      pending.reject(new Error(`data worker: ${pending.op} failed (see the log)`));
    }
  }

  #onExit(worker: Worker, code: number, failure: Error | null): void {
    if (this.#worker === worker) this.#worker = null;
    if (this.#isClosing) {
      this.#rejectPending(closingError());
      return;
    }
    const reason = describeDeath(code, failure);
    this.#rejectPending(new AppError('DATA_WORKER_RESTARTED', `The data worker ${reason} during this call and was restarted: try again. Entries kept before are safe.`, { exitCode: code }));
    const now = this.#options.now?.() ?? new Date();
    this.notices.push({ kind: 'data-worker-restarted', at: now.toISOString(), message: `The data worker (history, imports, exports) ${reason} and was restarted. What was in progress failed; nothing saved before was lost.`, path: null });
    const isCrashLoop = now.getTime() - this.#lastDeathAt < EAGER_RESTART_GAP_MS;
    this.#lastDeathAt = now.getTime();
    if (!isCrashLoop) this.#start();
  }
}

function closingError(): AppError {
  return new AppError('INTERNAL', 'The app is closing: the history is no longer open.');
}

function describeDeath(code: number, failure: Error | null): string {
  if ((failure as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'ran out of memory';
  if (failure) return `stopped on an error (${failure.message})`;
  return `stopped unexpectedly (exit code ${code})`;
}

function defaultLogBug(op: string, stack: string): void {
  console.error(`[data worker: ${op}]`, stack);
}
