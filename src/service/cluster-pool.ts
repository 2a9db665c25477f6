import type { Cluster, Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { ClusterMessage, WorkerOptions } from './cluster-messages.ts';
import type { SharedRateWindows } from './shared-rate-limit.ts';

/**
 * The forked workers of `serve --workers N`. A worker is forked at once and told its options when
 * the setup resolves, so that its start (loading the service bundle) overlaps whatever the
 * primary still prepares. A worker that dies after it listened is replaced; one that could not
 * start is not (its replacement would fail the same way, forever). stop() stops them all.
 */

/** What every worker is started with, and the windows that answer its rate asks (when limited). */
export interface WorkerSetup {
  options: WorkerOptions;
  windows: SharedRateWindows | undefined;
}

const STOP_GRACE_MS = 5_000;
// From source the worker entry is a sibling .ts; in the built CLI it is cluster-worker.js beside the chunk.
const WORKER_ENTRY = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './cluster-worker.ts' : './cluster-worker.js', import.meta.url));

// The primary's V8 code cache (bin/ enables it), shared with the workers: a worker then skips
// compiling the service bundle, most of its start. Undefined when the primary runs without one.
const compileCacheDir = process.getBuiltinModule('node:module').getCompileCacheDir?.();

function forkWorker(setup: Promise<WorkerSetup>): { worker: Worker; ready: Promise<string> } {
  // Loaded at the first fork rather than with this module: on Linux the primary answers its first
  // request before it forks, and node:cluster costs about 2 ms of that start.
  // (Its exports are the Cluster itself; the types describe the ES module's namespace.)
  const cluster = process.getBuiltinModule('node:cluster') as unknown as Cluster;
  cluster.setupPrimary({ exec: WORKER_ENTRY, execArgv: [], args: [] });
  const worker = cluster.fork(compileCacheDir ? { NODE_COMPILE_CACHE: compileCacheDir } : {});
  let windows: SharedRateWindows | undefined;
  worker.on('message', (message: ClusterMessage) => {
    if (message.type === 'rate' && windows) worker.send({ type: 'rate-decision', id: message.id, decision: windows.decide(message.window, message.key, message.nowMs) } satisfies ClusterMessage);
  });
  const ready = new Promise<string>((resolve, reject) => {
    const onMessage = (message: ClusterMessage) => {
      if (message.type !== 'ready') return;
      worker.off('exit', onExit);
      resolve(message.baseUrl);
    };
    const onExit = (code: number | null) => reject(new Error(`a worker exited before listening (exit code ${code})`));
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
  void setup.then(
    (ready) => {
      windows = ready.windows;
      if (!worker.isDead()) worker.send({ type: 'start', options: ready.options } satisfies ClusterMessage);
    },
    () => worker.process.kill('SIGKILL'),
  );
  return { worker, ready };
}

function stopWorker(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => worker.kill('SIGKILL'), STOP_GRACE_MS);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.send({ type: 'stop' } satisfies ClusterMessage);
  });
}

/** Workers started with one setup, replaced when they die. */
export class WorkerPool {
  readonly #setup: Promise<WorkerSetup>;
  readonly #log: (line: string) => void;
  readonly #workers = new Set<Worker>();
  #isStopping = false;

  constructor(setup: Promise<WorkerSetup>, log: (line: string) => void) {
    this.#setup = setup;
    this.#log = log;
  }

  /** Forks a worker; resolves with its base URL once it listens, rejects if it exits before. */
  add(): Promise<string> {
    if (this.#isStopping) return Promise.reject(new Error('serve is closing: no worker started'));
    const { worker, ready } = forkWorker(this.#setup);
    this.#workers.add(worker);
    worker.once('exit', () => this.#workers.delete(worker));
    void ready.then(
      () => worker.once('exit', (code, signal) => this.#replace(worker, code, signal)),
      () => undefined,
    );
    return ready;
  }

  /** Adds a worker whose failure to start is logged rather than returned. */
  addLogged(): void {
    this.add().catch((error: Error) => this.#log(error.message));
  }

  /** Stops every worker (a worker still starting is stopped too) and replaces none from now on. */
  async stop(): Promise<void> {
    this.#isStopping = true;
    await Promise.all([...this.#workers].map(stopWorker));
  }

  #replace(worker: Worker, code: number | null, signal: string | null): void {
    if (this.#isStopping) return;
    this.#log(`worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    this.addLogged();
  }
}
