import { createServer } from 'node:net';
import { openAccessLog } from './access-log-file.ts';
import { generateApiKey } from './auth.ts';
import type { WorkerOptions } from './cluster-messages.ts';
import { WorkerPool, type WorkerSetup } from './cluster-pool.ts';
import type { LocalServiceOptions, RunningService } from './index.ts';
import type { SharedRateWindows } from './shared-rate-limit.ts';
import { loadOrCreateCertificate } from './tls.ts';

/**
 * `serve --workers N`: N processes sharing one port, one certificate, one set of keys and one seed
 * (so every process answers a request identically, zid aside), and one set of per-key and
 * per-address rate windows, held in the primary (shared-rate-limit.ts).
 *
 * On Linux the primary serves at once, exactly as `--workers 1` does, and once it has answered its
 * first request forks N−1 workers on node:cluster (for the fork, the IPC channel and replacement).
 * Each worker listens on the primary's port in a socket of its own with SO_REUSEPORT, and the
 * kernel spreads new connections over the N sockets: the first answer waits for one process's
 * start (not the primary's and then a worker's), and nothing passes through the primary but the
 * workers' rate-limit asks; its own requests count in the windows directly. Two costs of the
 * kernel's balancing: connections still queued on a worker that dies are reset, and a second
 * `serve --port N` could join the group, so a plain bind first refuses a taken port.
 *
 * Elsewhere (macOS, Windows: no balancing by SO_REUSEPORT) the primary serves nothing, as before:
 * the workers share the cluster's one listening handle, on which the primary accepts and deals the
 * connections out in turn, and the service is ready once the first worker listens.
 *
 * Either way a worker that dies after it listened is replaced, and close() stops them all.
 */

/** Options of serve with N processes: the service's, the access-log file and the process count. */
export type ClusterOptions = LocalServiceOptions & { accessLogFile?: string; workers: number };

/** Internal, for tests: set to 1, serve takes the path of platforms without SO_REUSEPORT balancing, so Linux CI runs it too. */
export const WITHOUT_REUSEPORT_ENV = 'SWAP_EXPLORER_SERVE_WITHOUT_REUSEPORT';

/** True where processes listening with SO_REUSEPORT share one port and the kernel balances them (and the tests have not ruled it out). */
export function isReusePortBalanced(): boolean {
  return process.platform === 'linux' && process.env[WITHOUT_REUSEPORT_ENV] !== '1';
}

function workerOptions(options: ClusterOptions, windows: SharedRateWindows | undefined): WorkerOptions {
  const { workers, accessLog: _accessLog, now: _now, askRateLimit: _ask, sharedRateWindows: _windows, ...plain } = options;
  const apiKeys = options.apiKeys && options.apiKeys.length > 0 ? options.apiKeys : [{ key: generateApiKey(), team: 'local' }];
  return { ...plain, apiKeys, processes: workers, isRateLimited: windows !== undefined };
}

/** Starts `workers` processes; resolves once the first listens (the others follow, see above). */
export async function startServiceCluster(options: ClusterOptions, log: (line: string) => void): Promise<RunningService> {
  const say = (line: string) => log(`swap-explorer serve: ${line}`);
  // Loaded only when a limit is set: without one, a primary that serves nothing stays small and starts fast.
  const windows = options.rateLimitRps ? new (await import('./shared-rate-limit.ts')).SharedRateWindows(options.rateLimitRps) : undefined;
  const shared = workerOptions(options, windows);
  return isReusePortBalanced() ? startWithServingPrimary(shared, windows, say) : startWorkersOnly(shared, windows, say);
}

async function refuseTakenPort(port: number, host: string): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host }, resolve);
  });
  await new Promise((resolve) => probe.close(resolve));
}

// The workers are forked once the primary has answered its first request, or this long after it
// listens if none comes: a worker's start takes a core for tens of ms, and on two busy cores the
// first answer waited for it (spawn → first 200 about 90 ms forking at once, 83 after the answer).
const FORK_AFTER_MS = 250;

async function startWithServingPrimary(shared: WorkerOptions, windows: SharedRateWindows | undefined, say: (line: string) => void): Promise<RunningService> {
  const { accessLogFile, isRateLimited: _limited, ...options } = shared;
  const accessLog = openAccessLog(accessLogFile);
  let forkWorkers = () => undefined;
  let service: RunningService;
  try {
    if (options.port) await refuseTakenPort(options.port, options.host ?? '127.0.0.1');
    const { startLocalService } = await import('./index.ts');
    const logged = (line: string) => {
      accessLog.write(line);
      forkWorkers();
    };
    service = await startLocalService({ ...options, reusePort: true, accessLog: logged, ...(windows ? { sharedRateWindows: windows } : {}) });
  } catch (error) {
    await accessLog.close();
    throw new Error(`could not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  // Port 0 included: the workers join the port the primary got.
  const port = Number(new URL(service.baseUrl).port);
  const pool = new WorkerPool(Promise.resolve({ options: { ...shared, port, reusePort: true }, windows }), say);
  const timer = setTimeout(() => forkWorkers(), FORK_AFTER_MS);
  forkWorkers = () => {
    forkWorkers = () => undefined;
    clearTimeout(timer);
    for (let index = 1; index < (shared.processes ?? 1); index++) pool.addLogged();
  };
  return {
    ...service,
    async close() {
      clearTimeout(timer);
      await pool.stop();
      await service.close();
      await accessLog.close();
    },
  };
}

async function startWorkersOnly(shared: WorkerOptions, windows: SharedRateWindows | undefined, say: (line: string) => void): Promise<RunningService> {
  // The certificate is made before any worker is told to start, so that they all read the same pair.
  const cert = loadOrCreateCertificate(shared.dataDir);
  const setup: Promise<WorkerSetup> = cert.then(() => ({ options: shared, windows }));
  const pool = new WorkerPool(setup, say);
  // Every worker asks for the same port, 0 included: the cluster hands them all the primary's one
  // listening handle. The first worker starts alone and the service is ready once it listens: on a
  // machine with few cores, N workers starting at once each take N times as long to serve the first
  // request. The others start then and join the round robin as each listens.
  let baseUrl: string;
  try {
    [baseUrl] = await Promise.all([pool.add(), setup]);
  } catch (error) {
    // The first worker could not listen (port taken...): nothing else runs to keep serve alive.
    await pool.stop();
    throw error;
  }
  for (let index = 1; index < (shared.processes ?? 1); index++) pool.addLogged();
  const { certPath, certPem, notice } = await cert;
  return { baseUrl, caCertPath: certPath, caCertPem: certPem, certificateNotice: notice, apiKeys: shared.apiKeys!.map((entry) => entry.key), close: () => pool.stop() };
}
