import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHILD_ENV } from '../../domain/local-service-child.ts';
import { createChildProcessHost, type ChildProcessHostOptions } from './child-process-host.ts';
import type { LocalServiceHost } from './host.ts';
import { createLocalServiceHandlers } from './local-service-handlers.ts';
import { chainsStatus } from './test-support.ts';

const dirs: string[] = [];
const hosts: LocalServiceHost[] = [];

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

// The real entry, started without the data dir it needs: it says so on stderr and exits 2, as a
// service that cannot start does. (A damaged certificate no longer stops it: tls.ts replaces it.)
const ENTRY = fileURLToPath(new URL('../../service/child-entry.ts', import.meta.url));
function entryWithoutDataDir(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [ENTRY], { env: { ...process.env, ...env, [CHILD_ENV.dataDir]: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
}

async function newHost(options: Omit<ChildProcessHostOptions, 'dataDir'> = {}): Promise<{ host: LocalServiceHost; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'local-host-'));
  dirs.push(dataDir);
  const host = createChildProcessHost({ dataDir, ...options });
  hosts.push(host);
  return { host, dataDir };
}

describe('child-process local service host', () => {
  it('starts the service on 127.0.0.1 with its pinned certificate and generated key', async () => {
    const { host, dataDir } = await newHost();
    expect(host.status()).toEqual({ state: 'stopped', baseUrl: null, pid: null, error: null, notice: null, certificate: null, keyPath: null });
    const info = await host.start();
    expect(info.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(info.pid).toBeGreaterThan(0);
    expect(info.pid).not.toBe(process.pid);
    expect(host.status()).toMatchObject({ state: 'running', baseUrl: info.baseUrl, pid: info.pid, error: null, certificate: { pem: info.caPem } });
    expect(await chainsStatus(info, info.apiKey)).toBe(200);
    expect(await chainsStatus(info, 'not-the-key')).toBe(401);
    const keyFile = join(dataDir, 'local-service', 'key');
    // Settings names the file (never the key) for integrators' SVC_API_KEY.
    expect(host.status().keyPath).toBe(keyFile);
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(info.apiKey);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
  });

  it('says, for Settings, that it replaced a damaged certificate, until the end of the run', async () => {
    const { host, dataDir } = await newHost();
    const first = await host.start();
    expect(host.status().notice).toBeNull();
    await host.stop();
    const certPath = join(dataDir, 'local-service', 'cert.pem');
    await writeFile(certPath, 'overwritten by mistake\n');
    const next = await host.start();
    expect(next.caPem).not.toBe(first.caPem);
    const notice = host.status().notice;
    expect(notice).toMatch(/^The local service's certificate in \S+ was replaced with a new one because cert\.pem does not hold a readable certificate\. The old files were kept as cert\.pem\.damaged-\S+ and key\.pem\.damaged-\S+\. /);
    expect(notice).toContain(`must take the new one from ${certPath}.`);
    expect(host.status().certificate).toMatchObject({ path: certPath, pem: next.caPem });
    // A restart with the new files in place does not make the user miss it.
    await host.stop();
    await host.start();
    expect(host.status().notice).toBe(notice);
  });

  it('shares one start between concurrent callers', async () => {
    const { host } = await newHost();
    const [a, b] = await Promise.all([host.start(), host.start()]);
    expect(a.pid).toBe(b.pid);
    expect((await host.start()).pid).toBe(a.pid);
  });

  it('keeps its key and certificate across a stop and a new start', async () => {
    const { host } = await newHost();
    const first = await host.start();
    await host.stop();
    expect(host.status().state).toBe('stopped');
    await expect(chainsStatus(first, first.apiKey)).rejects.toThrow();
    const second = await host.start();
    expect(second.pid).not.toBe(first.pid);
    expect(second.apiKey).toBe(first.apiKey);
    expect(second.caPem).toBe(first.caPem);
    expect(await chainsStatus(second, second.apiKey)).toBe(200);
  });

  it('shows the certificate an earlier run left before this run starts the service, the one its start then pins', async () => {
    const { host, dataDir } = await newHost();
    const earlier = await host.start();
    const shownEarlier = host.status().certificate;
    await host.stop();
    const later = createChildProcessHost({ dataDir });
    hosts.push(later);
    expect(later.status()).toMatchObject({ state: 'stopped', certificate: { path: join(dataDir, 'local-service', 'cert.pem'), pem: earlier.caPem, sha256: shownEarlier?.sha256 } });
    expect(later.status().certificate?.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect((await later.start()).caPem).toBe(earlier.caPem);
  });

  it('reports a crash as failed with its reason, and starts again on demand', async () => {
    const { host } = await newHost();
    const first = await host.start();
    process.kill(first.pid ?? 0, 'SIGKILL');
    await vi.waitFor(() => expect(host.status().state).toBe('failed'));
    expect(host.status()).toMatchObject({ baseUrl: null, pid: null, error: expect.stringMatching(/stopped unexpectedly \(signal SIGKILL\)/) });
    const again = await host.start();
    expect(await chainsStatus(again, again.apiKey)).toBe(200);
  });

  it('fails with the child log line when the service cannot start', async () => {
    const { host } = await newHost({ spawnEntry: entryWithoutDataDir });
    await expect(host.start()).rejects.toMatchObject({ code: 'LOCAL_SERVICE_FAILED', message: expect.stringMatching(/did not start: it exited \(exit code 2\) \(local service: SWAP_EXPLORER_LOCAL_DATA_DIR and SWAP_EXPLORER_LOCAL_KEY must be set\)$/) });
    expect(host.status()).toMatchObject({ state: 'failed', pid: null, error: expect.stringMatching(/did not start/) });
  });

  it('says why the service could not start, not the Node version line its crash output ends with', async () => {
    const { host, dataDir } = await newHost({
      // Its data dir under a file: the certificate cannot be written (as on a full disk), after the
      // checks the entry makes itself.
      spawnEntry: (env) => spawn(process.execPath, [ENTRY], { env: { ...process.env, ...env, [CHILD_ENV.dataDir]: join(dataDir, 'a-file', 'local-service') }, stdio: ['pipe', 'pipe', 'pipe'] }),
    });
    await writeFile(join(dataDir, 'a-file'), '');
    const failure = host.start();
    await expect(failure).rejects.toMatchObject({ code: 'LOCAL_SERVICE_FAILED', message: expect.stringMatching(/did not start: it exited \(exit code 1\) \(local service: could not start: ENOTDIR: not a directory, mkdir '.*a-file[\\/]local-service'\)$/) });
    expect(host.status().error).not.toMatch(/Node\.js v\d/);
  });

  it('names its folder and why when a file is in its place, and starts once the file is gone', async () => {
    const { host, dataDir } = await newHost();
    const folder = join(dataDir, 'local-service');
    await writeFile(folder, 'a file where the folder goes');
    const failure = { code: 'LOCAL_SERVICE_FAILED', message: `The local service did not start: its folder ${folder} cannot be made or written (a file is in its place)` };
    await expect(host.start()).rejects.toMatchObject(failure);
    expect(host.status()).toMatchObject({ state: 'failed', error: failure.message });
    await rm(folder);
    const info = await host.start();
    expect(await chainsStatus(info, info.apiKey)).toBe(200);
  });

  it('gives up on a child that never reports ready', async () => {
    const { host } = await newHost({ readyTimeoutMs: 1 });
    await expect(host.start()).rejects.toMatchObject({ code: 'LOCAL_SERVICE_FAILED', message: expect.stringMatching(/no answer within 1 ms/) });
    expect(host.status().state).toBe('failed');
  });
});

describe('localService handlers', () => {
  it('start, status and stop answer with the state reached', async () => {
    const { host } = await newHost();
    const handlers = createLocalServiceHandlers(host);
    expect((await handlers['localService.status']()).state).toBe('stopped');
    const started = await handlers['localService.start']();
    expect(started).toMatchObject({ state: 'running', baseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:/), error: null });
    expect(JSON.stringify(started)).not.toContain((await host.start()).apiKey);
    expect(await handlers['localService.stop']()).toMatchObject({ state: 'stopped', baseUrl: null, pid: null, error: null, stoppedByUser: true });
  });

  it('answers a failed start as state failed rather than an error', async () => {
    const { host } = await newHost({ spawnEntry: entryWithoutDataDir });
    expect(await createLocalServiceHandlers(host)['localService.start']()).toMatchObject({ state: 'failed', error: expect.any(String) });
  });
});
