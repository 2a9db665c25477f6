import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getOnNewConnection, startServe, stopServe, waitForProcesses, type RunningServe } from '../service/cluster-test-support.ts';
import { inProcess as cli } from './test-support.ts';

// `serve` without --api-key, started again in the same data dir, as an integrator restarts it: the
// key their client was configured with must still be let in.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-key-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type Line = RunningServe['line'] & { apiKeyPath: string | null };

async function statusWith(running: RunningServe, key: string): Promise<number> {
  const agent = new Agent({ connect: { ca: await readFile(running.line.caCertPath, 'utf8') } });
  try {
    return (await getOnNewConnection(running, agent, key, '/swap/chains')).status;
  } finally {
    await agent.close();
  }
}

async function listening(running: RunningServe): Promise<string> {
  await vi.waitFor(() => expect(running.stderr()).toContain('listening on'), { timeout: 15_000, interval: 50 });
  return running.stderr().split('\n').find((text) => text.includes('listening on'))!;
}

describe('serve without --api-key', () => {
  it.each([['1'], ['2']])('accepts the key of its last start after a restart in the same data dir, in every process (--workers %s)', async (workers) => {
    const dataDir = join(dir, `restart-${workers}`);
    const accessLog = join(dir, `restart-${workers}.log`);
    const first = await startServe(['--workers', workers, '--data-dir', dataDir]);
    const [key] = first.line.apiKeys;
    expect(await statusWith(first, key!)).toBe(200);
    const firstListening = await listening(first);
    expect(await stopServe(first)).toBe(0);

    const next = await startServe(['--workers', workers, '--data-dir', dataDir, '--access-log', accessLog]);
    try {
      // Every process answers with the kept key, not only the first to listen.
      const agent = new Agent({ connect: { ca: await readFile(next.line.caCertPath, 'utf8') } });
      if (workers !== '1') await waitForProcesses(next, agent, accessLog, Number(workers));
      const statuses = [];
      for (let index = 0; index < 8; index++) statuses.push((await getOnNewConnection(next, agent, key!, '/swap/chains')).status);
      await agent.close();
      expect(statuses).toEqual(Array(8).fill(200));
      expect(next.line.apiKeys).toEqual([key]);
      const keyPath = join(dataDir, 'key');
      expect(key).toMatch(/^local_[0-9a-f]{64}$/);
      expect([(first.line as Line).apiKeyPath, (next.line as Line).apiKeyPath]).toEqual([keyPath, keyPath]);
      expect(firstListening).toContain(`the API key was made now and is kept in ${keyPath} (export SVC_API_KEY="$(cat ${keyPath})")`);
      expect(await listening(next)).toContain(`the API key is kept in ${keyPath}`);
      // stderr is read by others (a shared terminal, a CI log): it names the file, never the key.
      expect(next.stderr()).not.toContain(key);
    } finally {
      expect(await stopServe(next)).toBe(0);
    }
  });

  it('keeps the key in a file only its user can read', async () => {
    const dataDir = join(dir, 'mode');
    const running = await startServe(['--workers', '1', '--data-dir', dataDir]);
    await stopServe(running);
    const keyPath = join(dataDir, 'key');
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    expect(await readFile(keyPath, 'utf8')).toBe(`${running.line.apiKeys[0]}\n`);
  });

  it('serves one key from starts at once in a fresh data dir (parallel test workers)', async () => {
    const dataDir = join(dir, 'together');
    const both = await Promise.all([startServe(['--workers', '1', '--data-dir', dataDir]), startServe(['--workers', '1', '--data-dir', dataDir])]);
    await Promise.all(both.map(stopServe));
    const kept = (await readFile(join(dataDir, 'key'), 'utf8')).trim();
    expect(both.map((running) => running.line.apiKeys)).toEqual([[kept], [kept]]);
  });

  it('takes --api-key over the kept key, and leaves the file as it is', async () => {
    const dataDir = join(dir, 'given');
    const first = await startServe(['--workers', '1', '--data-dir', dataDir]);
    await stopServe(first);
    const running = await startServe(['--workers', '1', '--data-dir', dataDir, '--api-key', 'given-key']);
    try {
      expect(running.line).toMatchObject({ apiKeys: ['given-key'], apiKeyPath: null });
      expect(await statusWith(running, 'given-key')).toBe(200);
      expect(await statusWith(running, first.line.apiKeys[0]!)).toBe(401);
      expect(await listening(running)).not.toContain('API key');
    } finally {
      await stopServe(running);
    }
    expect((await readFile(join(dataDir, 'key'), 'utf8')).trim()).toBe(first.line.apiKeys[0]);
  });
});

describe('a key file that cannot serve', () => {
  it('that does not hold a key: exit 1 before listening, naming the file and the ways out, the file left as it is', async () => {
    const dataDir = join(dir, 'damaged');
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'key'), 'half a ke\n');
    const ran = await cli(['serve', '--workers', '1', '--data-dir', dataDir]);
    expect(ran).toEqual({
      code: 1,
      stdout: '',
      stderr: `swap-explorer serve: the API key file ${join(dataDir, 'key')} does not hold a key (local_ and 64 hex digits); delete it to have a new key made there (clients must then take the new one from it), or give --api-key\n`,
    });
    expect(await readFile(join(dataDir, 'key'), 'utf8')).toBe('half a ke\n');
  });

  it('that cannot be read: exit 1 with the reason', async () => {
    const dataDir = join(dir, 'unreadable');
    // A folder in its place: chmod 000 would not stop a test run as root.
    await mkdir(join(dataDir, 'key'), { recursive: true });
    const ran = await cli(['serve', '--workers', '1', '--data-dir', dataDir]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toBe(`swap-explorer serve: the API key file ${join(dataDir, 'key')} cannot be read (it is a folder); make it readable by this user (chmod 600) or delete it to have a new key made there, or give --api-key\n`);
  });
});
