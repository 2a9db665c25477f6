import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { generateApiKey, type ApiKeyConfig } from './auth.ts';
import type { LocalServiceOptions, RunningService } from './index.ts';
import type { RateDecision, RateWindow } from './shared-rate-limit.ts';
import { loadOrCreateCertificate, type ServiceCertificate } from './tls.ts';

/**
 * `serve --workers N`: N worker processes on node:cluster sharing one port, one certificate, one
 * set of keys and one seed (so every worker answers a request identically, zid aside), and one set
 * of per-key rate windows, kept here in the primary and asked for over IPC (shared-rate-limit.ts).
 * The primary itself serves nothing. A worker that dies is replaced; close() stops them all.
 */

/** What a worker is started with: the service options that survive IPC, plus the access-log file. */
export type WorkerOptions = Omit<LocalServiceOptions, 'accessLog' | 'now' | 'askRateLimit'> & { accessLogFile?: string; isRateLimited: boolean };

/** Messages between the primary and a worker. */
export type ClusterMessage =
  | { type: 'start'; options: WorkerOptions }
  | { type: 'ready'; baseUrl: string }
  | { type: 'rate'; id: number; window: RateWindow; key: string; nowMs: number }
  | { type: 'rate-decision'; id: number; decision: RateDecision }
  | { type: 'stop' };

// From source the worker entry is a sibling .ts; in the built CLI it is cluster-worker.js beside the chunk.
const WORKER_ENTRY = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './cluster-worker.ts' : './cluster-worker.js', import.meta.url));
const STOP_GRACE_MS = 5_000;

type Decide = (window: RateWindow, key: string, nowMs: number) => RateDecision;

// The primary's V8 code cache (bin/ enables it), shared with the workers: a worker then skips
// compiling the service bundle, most of its start. Undefined when the primary runs without one.
const compileCacheDir = process.getBuiltinModule('node:module').getCompileCacheDir?.();

/** What every worker is started with, ready once the primary has its certificate, keys and windows. */
interface Setup {
  options: WorkerOptions;
  decide: Decide | undefined;
}

// The worker is forked at once and told its options when `setup` resolves: its start (loading the
// service bundle) overlaps the primary's own preparation.
function forkWorker(setup: Promise<Setup>): { worker: Worker; ready: Promise<string> } {
  const worker = cluster.fork(compileCacheDir ? { NODE_COMPILE_CACHE: compileCacheDir } : {});
  let decide: Decide | undefined;
  worker.on('message', (message: ClusterMessage) => {
    if (message.type === 'rate' && decide) worker.send({ type: 'rate-decision', id: message.id, decision: decide(message.window, message.key, message.nowMs) } satisfies ClusterMessage);
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
      decide = ready.decide;
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

// The windows (per key, and per address for missing or unknown keys), loaded only when a limit is
// set: the primary stays small and starts fast without.
async function rateDecider(rps: number): Promise<Decide> {
  const [{ RateLimiter }, { AuthFailureLimiter }, { decide }] = await Promise.all([import('./knobs.ts'), import('./auth-failures.ts'), import('./shared-rate-limit.ts')]);
  const perKey = new RateLimiter(rps);
  const perAddress = new AuthFailureLimiter(rps);
  return (window, id, nowMs) => decide(window === 'key' ? () => perKey.take(id, nowMs) : () => perAddress.fail(id, nowMs));
}

// Made here, before any worker is told to start, so that they all read the same cached pair and keys.
async function prepare(options: LocalServiceOptions & { accessLogFile?: string; workers: number }): Promise<Setup & { cert: ServiceCertificate; apiKeys: ApiKeyConfig[] }> {
  const cert = await loadOrCreateCertificate(options.dataDir);
  const apiKeys = options.apiKeys && options.apiKeys.length > 0 ? options.apiKeys : [{ key: generateApiKey(), team: 'local' }];
  const decide = options.rateLimitRps ? await rateDecider(options.rateLimitRps) : undefined;
  const { workers: count, accessLog: _accessLog, now: _now, askRateLimit: _ask, ...plain } = options;
  return { cert, apiKeys, decide, options: { ...plain, apiKeys, processes: count, isRateLimited: decide !== undefined } };
}

/** Starts `workers` worker processes and resolves once the first listens (the others follow at once). */
export async function startServiceCluster(options: LocalServiceOptions & { accessLogFile?: string; workers: number }, log: (line: string) => void): Promise<RunningService> {
  cluster.setupPrimary({ exec: WORKER_ENTRY, execArgv: [], args: [] });
  const setup = prepare(options);
  // Every worker asks for the same port, 0 included: the cluster hands them all the primary's one
  // listening handle (asking for the port the first one got would bind it a second time). The
  // first worker starts alone and the service is ready once it listens: on a machine with few
  // cores, N workers starting at once each take N times as long to serve the first request. The
  // others start then and join the round robin as each listens.
  const first = forkWorker(setup);
  let baseUrl: string;
  try {
    [baseUrl] = await Promise.all([first.ready, setup]);
  } catch (error) {
    // The first worker could not listen (port taken...): nothing else runs to keep serve alive.
    first.worker.process.kill('SIGKILL');
    throw error;
  }
  const { cert, apiKeys } = await setup;
  const started = [first, ...Array.from({ length: options.workers - 1 }, () => forkWorker(setup))];
  for (const { ready } of started.slice(1)) ready.catch((error: Error) => log(`swap-explorer serve: ${error.message}`));
  let isClosing = false;
  const workers = new Set<Worker>(started.map((worker) => worker.worker));
  const replace = (worker: Worker, code: number | null, signal: string | null) => {
    workers.delete(worker);
    if (isClosing) return;
    log(`swap-explorer serve: worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    const next = forkWorker(setup);
    workers.add(next.worker);
    next.worker.on('exit', (c, s) => replace(next.worker, c, s));
    next.ready.catch((error: Error) => log(`swap-explorer serve: ${error.message}`));
  };
  for (const worker of workers) worker.on('exit', (code, signal) => replace(worker, code, signal));
  return {
    baseUrl,
    caCertPath: cert.certPath,
    caCertPem: cert.certPem,
    apiKeys: apiKeys.map((entry) => entry.key),
    async close() {
      isClosing = true;
      await Promise.all([...workers].map(stopWorker));
    },
  };
}
