import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { generateApiKey } from './auth.ts';
import type { LocalServiceOptions, RunningService } from './index.ts';
import type { RateDecision, RateWindow } from './shared-rate-limit.ts';
import { loadOrCreateCertificate } from './tls.ts';

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

function forkWorker(options: WorkerOptions, decide: Decide | undefined): { worker: Worker; ready: Promise<string> } {
  const worker = cluster.fork();
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
  worker.send({ type: 'start', options } satisfies ClusterMessage);
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

/** Starts `workers` worker processes and resolves once all of them listen. */
export async function startServiceCluster(options: LocalServiceOptions & { accessLogFile?: string; workers: number }, log: (line: string) => void): Promise<RunningService> {
  // Made here, before any worker starts, so that they all read the same cached pair and keys.
  const cert = await loadOrCreateCertificate(options.dataDir);
  const apiKeys = options.apiKeys && options.apiKeys.length > 0 ? options.apiKeys : [{ key: generateApiKey(), team: 'local' }];
  const decide = options.rateLimitRps ? await rateDecider(options.rateLimitRps) : undefined;
  const { workers: count, accessLog: _accessLog, now: _now, askRateLimit: _ask, ...plain } = options;
  const base: WorkerOptions = { ...plain, apiKeys, processes: count, isRateLimited: decide !== undefined };
  cluster.setupPrimary({ exec: WORKER_ENTRY, execArgv: [], args: [] });
  // Every worker asks for the same port, 0 included: the cluster hands them all the primary's one
  // listening handle (asking for the port the first one got would bind it a second time).
  const started = Array.from({ length: count }, () => forkWorker(base, decide));
  let baseUrl: string | undefined;
  try {
    [baseUrl] = await Promise.all(started.map((worker) => worker.ready));
  } catch (error) {
    // One worker could not listen (port taken...): stop the others, or they would keep serve alive.
    for (const { worker } of started) worker.process.kill('SIGKILL');
    throw error;
  }
  let isClosing = false;
  const workers = new Set<Worker>(started.map((worker) => worker.worker));
  const replace = (worker: Worker, code: number | null, signal: string | null) => {
    workers.delete(worker);
    if (isClosing) return;
    log(`swap-explorer serve: worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    const next = forkWorker(base, decide);
    workers.add(next.worker);
    next.worker.on('exit', (c, s) => replace(next.worker, c, s));
    next.ready.catch((error: Error) => log(`swap-explorer serve: ${error.message}`));
  };
  for (const worker of workers) worker.on('exit', (code, signal) => replace(worker, code, signal));
  return {
    baseUrl: baseUrl!,
    caCertPath: cert.certPath,
    caCertPem: cert.certPem,
    apiKeys: apiKeys.map((entry) => entry.key),
    async close() {
      isClosing = true;
      await Promise.all([...workers].map(stopWorker));
    },
  };
}
