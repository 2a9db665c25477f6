import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../ipc/result.ts';
import { fileFailureReason } from '../file-failure.ts';
import { certificateOf, readCachedCertificate, type CertificateView } from './certificate.ts';
import type { LocalServiceHost, LocalServiceInfo, LocalServiceStatus } from './host.ts';
import { LOCAL_KEY_FILE, loadOrCreateLocalKey, type LocalKey } from './local-key.ts';
import { makeDirectory } from '../make-directory.ts';
import { CHILD_ENV, ReadyLineSchema } from '../../domain/local-service-child.ts';

/**
 * LocalServiceHost over a Node child process, for the CLI, the e2e harness and tests. The service
 * gets its own data dir (`<dataDir>/local-service`: certificate, key, access log), port 0 on
 * 127.0.0.1, and its certificate is pinned. A crash after start turns the state to failed with the
 * exit and the last log line; the next start() launches it again.
 */

/** Options of the child-process host. */
export interface ChildProcessHostOptions {
  /** The app's data dir; the service keeps its files in `local-service/` under it. */
  dataDir: string;
  /** How long to wait for the ready line (default READY_TIMEOUT_MS, 60 s). */
  readyTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL (default 5 s). */
  stopGraceMs?: number;
  /**
   * Starts the process running src/service/child-entry.ts with `env` added to the environment. Default: a Node
   * child process. main/ passes Electron's utilityProcess, adapted to the same shape.
   */
  spawnEntry?: (env: Record<string, string>) => ChildProcess;
  /** Told each notice a start brings (certificate files replaced), as it comes: a CLI command says it on stderr. */
  onNotice?: (notice: string) => void;
}

// node:child_process is loaded at the first start, not with the engine: a command sent to a saved
// profile never starts the service, and loading it cost `swap-explorer price` about 5 ms (issue 14).
async function spawnNodeChild(env: Record<string, string>): Promise<ChildProcess> {
  const { spawn } = await import('node:child_process');
  return spawn(process.execPath, [ENTRY], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
}

// Started by path only, so the engine never imports the service: from source, src/service/child-entry.ts;
// in a bundle (out/cli/, out/main/), local-service.js beside the chunk that holds this module.
const ENTRY = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../service/child-entry.ts' : './local-service.js', import.meta.url));
const STOPPED: LocalServiceStatus = { state: 'stopped', baseUrl: null, pid: null, error: null };

// Keeps the last lines of the child's stderr for error messages, and drains the pipe so a chatty
// child can never block on a full buffer.
function stderrTail(child: ChildProcess): () => string {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(-4_000)));
  return () => text.trim().split('\n').at(-1) ?? '';
}

function exitText(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
}

function readyLineOf(child: ChildProcess, timeoutMs: number, lastLog: () => string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let out = '';
    const fail = (why: string) => {
      cleanup();
      const log = lastLog();
      reject(new AppError('LOCAL_SERVICE_FAILED', `The local service did not start: ${why}${log ? ` (${log})` : ''}`));
    };
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end < 0) return;
      cleanup();
      try {
        resolve(JSON.parse(out.slice(0, end)));
      } catch {
        reject(new AppError('LOCAL_SERVICE_FAILED', 'The local service did not start: its ready line is not JSON'));
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(`it exited (${exitText(code, signal)})`);
    const onError = (error: Error) => fail(error.message);
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

// The service's folder (its key, certificate and log) that cannot be made or written, said with the
// folder and why: Node's "EEXIST: file already exists, mkdir '…'" named neither what the folder is
// for nor what to do. Any other failure is passed on as it is.
function folderFailure(error: unknown, serviceDir: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === 'EEXIST' ? 'a file is in its place' : code === 'ENOTDIR' ? 'a file is in the way on its path' : code === undefined || !FOLDER_CODES.has(code) ? null : fileFailureReason(error);
  if (why === null) return error;
  return new AppError('LOCAL_SERVICE_FAILED', `The local service did not start: its folder ${serviceDir} cannot be made or written (${why})`);
}

const FOLDER_CODES = new Set(['EACCES', 'EPERM', 'ENOSPC', 'EROFS', 'EISDIR']);

// The key file under local-key.ts's one rule: a file that cannot be used stops the start with the
// file and the way out (Settings shows it, and its Start button tries again once it is dealt with),
// never a new key in its place.
async function keptKey(serviceDir: string): Promise<LocalKey> {
  try {
    makeDirectory(serviceDir, 0o700);
  } catch (error) {
    throw folderFailure(error, serviceDir);
  }
  const kept = await loadOrCreateLocalKey(serviceDir);
  if ('problem' in kept) throw new AppError('LOCAL_SERVICE_FAILED', `The local service did not start: ${kept.problem.message}`);
  return kept;
}

/**
 * How long a started child has to print its ready line. A child that fails exits and is said at
 * once, so the limit only ends a hang: 20 s was met on a busy two-core machine (a Node start and a
 * first certificate behind other work), where the user would rather wait than start again.
 */
const READY_TIMEOUT_MS = 60_000;

/** Creates the host; nothing starts until start(). */
export function createChildProcessHost(options: ChildProcessHostOptions): LocalServiceHost {
  const serviceDir = join(options.dataDir, 'local-service');
  let status: LocalServiceStatus = STOPPED;
  let child: ChildProcess | null = null;
  let info: LocalServiceInfo | null = null;
  let starting: Promise<LocalServiceInfo> | null = null;
  // Kept after a stop: the file stays where it is and integrators still need it. Before the first
  // start of this run, the file an earlier run left is shown (the next start reuses it).
  let certificate: CertificateView | null = null;
  // Kept for the rest of the run, a later start's replacing it: a notice said once, while Settings
  // was closed, would otherwise be lost with the next restart.
  let notice: string | null = null;

  async function launch(): Promise<LocalServiceInfo> {
    status = { ...STOPPED, state: 'starting' };
    let launched: ChildProcess | null = null;
    try {
      const { key: apiKey, notice: keyNotice } = await keptKey(serviceDir);
      // Said at once: the file is private from now on, so a start failing further on could not say it again.
      if (keyNotice !== null) {
        notice = keyNotice;
        options.onNotice?.(keyNotice);
      }
      const env = { [CHILD_ENV.dataDir]: serviceDir, [CHILD_ENV.apiKey]: apiKey };
      launched = options.spawnEntry ? options.spawnEntry(env) : await spawnNodeChild(env);
      child = launched;
      const lastLog = stderrTail(launched);
      const ready = ReadyLineSchema.safeParse(await readyLineOf(launched, options.readyTimeoutMs ?? READY_TIMEOUT_MS, lastLog));
      if (!ready.success) throw new AppError('LOCAL_SERVICE_FAILED', 'The local service did not start: its ready line has an unexpected shape');
      launched.stdout?.resume();
      const started = { baseUrl: ready.data.baseUrl, caPem: await readFile(ready.data.caCertPath, 'utf8'), apiKey, pid: launched.pid ?? null };
      certificate = certificateOf(ready.data.caCertPath, started.caPem);
      if (ready.data.notice) {
        notice = keyNotice === null ? ready.data.notice : `${keyNotice} ${ready.data.notice}`;
        options.onNotice?.(ready.data.notice);
      }
      const current = launched;
      launched.once('exit', (code, signal) => {
        if (child !== current) return;
        child = null;
        info = null;
        const log = lastLog();
        status = { ...STOPPED, state: 'failed', error: `The local service stopped unexpectedly (${exitText(code, signal)})${log ? `: ${log}` : ''}` };
      });
      info = started;
      status = { state: 'running', baseUrl: started.baseUrl, pid: started.pid, error: null };
      return started;
    } catch (error) {
      // A child that never became ready (or whose certificate cannot be read) must not linger.
      launched?.kill('SIGKILL');
      child = null;
      const message = error instanceof Error ? error.message : String(error);
      status = { ...STOPPED, state: 'failed', error: message };
      throw error instanceof AppError ? error : new AppError('LOCAL_SERVICE_FAILED', `The local service did not start: ${message}`);
    }
  }

  return {
    start() {
      if (info) return Promise.resolve(info);
      starting ??= launch().finally(() => (starting = null));
      return starting;
    },
    async stop() {
      if (starting) await starting.catch(() => undefined);
      const running = child;
      child = null;
      info = null;
      // Stays stopped until start(): the resolver refuses requests instead of restarting it.
      status = { ...STOPPED, stoppedByUser: true };
      if (!running) return;
      const gone = exited(running);
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), options.stopGraceMs ?? 5_000);
      await gone;
      clearTimeout(timer);
    },
    status: () => {
      certificate ??= readCachedCertificate(serviceDir);
      // A start writes the key before the certificate, so a known certificate has its key beside it.
      return { ...status, notice, certificate, keyPath: certificate ? join(serviceDir, LOCAL_KEY_FILE) : null };
    },
  };
}
