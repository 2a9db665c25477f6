import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { request, type Agent } from 'undici';
import { expect, vi } from 'vitest';

/**
 * Test support for `serve --workers N` (cluster*.test.ts): the real CLI in a child process, and
 * which process answered a request, read from the access log (every line carries the pid of the
 * process that wrote it when several share the port).
 */

const MAIN = fileURLToPath(new URL('../cli/run.ts', import.meta.url));

/** A running `serve` and its ready line. */
export interface RunningServe {
  child: ChildProcessWithoutNullStreams;
  line: { baseUrl: string; caCertPath: string; apiKeys: string[] };
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts `serve args` (env added to the test's) and resolves with its ready line; rejects if it exits first. */
export function startServe(args: string[], env: Record<string, string> = {}): Promise<RunningServe> {
  const child = spawn(process.execPath, [MAIN, 'serve', ...args], { env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve({ child, line: JSON.parse(out.slice(0, out.indexOf('\n'))), stderr: () => err, exited });
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

/** Stops a running serve with SIGTERM and resolves with its exit code. */
export async function stopServe(running: RunningServe): Promise<number | null> {
  running.child.kill('SIGTERM');
  return running.exited;
}

/** The pids of the processes forked by `pid`. */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).trim().split('\n').map(Number);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

/** zid -> pid of the process that answered it, from an access log of several processes. */
export async function answeredBy(accessLog: string): Promise<Map<string, number>> {
  const text = await readFile(accessLog, 'utf8').catch(() => '');
  const lines = text.split('\n').filter((line) => line !== '');
  return new Map(lines.map((line) => JSON.parse(line) as { zid: string; pid: number }).map((entry) => [entry.zid, entry.pid]));
}

/** The pids that answered `zids`, once the access log has a line for every one (it is written after the answer). */
export async function pidsOf(accessLog: string, zids: string[]): Promise<Set<number>> {
  let byZid = new Map<string, number>();
  await vi.waitFor(
    async () => {
      byZid = await answeredBy(accessLog);
      expect(zids.filter((zid) => !byZid.has(zid))).toEqual([]);
    },
    { timeout: 15_000, interval: 20 },
  );
  return new Set(zids.map((zid) => byZid.get(zid)!));
}

/** A GET on a new connection (closed after it): status, body and zid. */
export async function getOnNewConnection(running: RunningServe, agent: Agent, key: string, path: string): Promise<{ status: number; body: string; zid: string }> {
  const response = await request(`${running.line.baseUrl}${path}`, { headers: { 'svc-api-key': key, 'svc-version': 'v2', connection: 'close' }, dispatcher: agent });
  return { status: response.statusCode, body: await response.body.text(), zid: String(response.headers['svc-zid']) };
}

/**
 * Resolves once `count` different processes have answered requests on new connections (the kernel
 * spreads new connections over the processes' sockets): the workers are forked after the primary's
 * first answer and listen some time later. Requests stop at the path check, before any rate window.
 */
export async function waitForProcesses(running: RunningServe, agent: Agent, accessLog: string, count: number): Promise<Set<number>> {
  let pids = new Set<number>();
  await vi.waitFor(
    async () => {
      const zids = [];
      for (let index = 0; index < 8; index++) zids.push((await getOnNewConnection(running, agent, 'any', '/not-an-endpoint')).zid);
      pids = new Set([...pids, ...(await pidsOf(accessLog, zids))]);
      expect(pids.size).toBe(count);
    },
    { timeout: 60_000, interval: 50 },
  );
  return pids;
}
