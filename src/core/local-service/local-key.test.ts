import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createChildProcessHost } from './child-process-host.ts';
import type { LocalServiceHost } from './host.ts';
import { createLocalServiceHandlers } from './local-service-handlers.ts';
import { chainsStatus } from './test-support.ts';
import { loadOrCreateLocalKey } from './local-key.ts';

// The app's and price/compare's way to the key file (the child-process host main/ wraps in a
// utilityProcess): the one rule of local-key.ts, over real files and the real service.

const dirs: string[] = [];
const hosts: LocalServiceHost[] = [];

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function hostWithKeyFile(text: string | null, mode = 0o600): Promise<{ host: LocalServiceHost; keyPath: string; notices: string[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'local-key-'));
  dirs.push(dataDir);
  const keyPath = join(dataDir, 'local-service', 'key');
  await mkdir(join(dataDir, 'local-service'), { mode: 0o700 });
  if (text !== null) {
    await writeFile(keyPath, text);
    // chmod, not writeFile's mode: the umask would take the loose bits off.
    await chmod(keyPath, mode);
  }
  const notices: string[] = [];
  const host = createChildProcessHost({ dataDir, onNotice: (notice) => notices.push(notice) });
  hosts.push(host);
  return { host, keyPath, notices };
}

const KEPT = `local_${'ab'.repeat(32)}`;

describe("the app's local service and a key file that does not hold a key", () => {
  it('does not start, names the file and the way out in Settings, and leaves the file as it is', async () => {
    const { host, keyPath } = await hostWithKeyFile('half a ke\n');
    const message = `The local service did not start: the API key file ${keyPath} does not hold a key (local_ and 64 hex digits); delete it to have a new key made there (clients must then take the new one from it)`;
    await expect(host.start()).rejects.toMatchObject({ code: 'LOCAL_SERVICE_FAILED', message });
    // What Settings' Start local service answers with: the state and the reason, not an error.
    expect(await createLocalServiceHandlers(host)['localService.start']()).toMatchObject({ state: 'failed', error: message, pid: null });
    expect(await readFile(keyPath, 'utf8')).toBe('half a ke\n');
  });

  it('starts with a new key once the user has deleted the file, as the message says', async () => {
    const { host, keyPath } = await hostWithKeyFile('half a ke\n');
    await expect(host.start()).rejects.toMatchObject({ code: 'LOCAL_SERVICE_FAILED' });
    await rm(keyPath);
    const info = await host.start();
    expect(info.apiKey).toMatch(/^local_[0-9a-f]{64}$/);
    expect((await readFile(keyPath, 'utf8')).trim()).toBe(info.apiKey);
    expect(await chainsStatus(info, info.apiKey)).toBe(200);
  });

  it('does not start on a key file it cannot read, with the reason', async () => {
    const { host, keyPath } = await hostWithKeyFile(null);
    // A folder in its place: chmod 000 would not stop a test run as root.
    await mkdir(keyPath);
    await expect(host.start()).rejects.toMatchObject({
      code: 'LOCAL_SERVICE_FAILED',
      message: `The local service did not start: the API key file ${keyPath} cannot be read (it is a folder); make it readable by this user (chmod 600) or delete it to have a new key made there`,
    });
    expect((await stat(keyPath)).isDirectory()).toBe(true);
  });
});

// POSIX modes, as on CI (Linux): Windows keeps none, and local-key.ts leaves the file as it is there.
describe("the app's local service and a key file other users can read", () => {
  it.each([['0644'], ['0640'], ['0606']])('keeps the key, makes the file 0600 and says so once (mode %s)', async (octal) => {
    const mode = Number.parseInt(octal, 8);
    const { host, keyPath, notices } = await hostWithKeyFile(`${KEPT}\n`, mode);
    const info = await host.start();
    expect(info.apiKey).toBe(KEPT);
    expect(await chainsStatus(info, KEPT)).toBe(200);
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    const notice = `The API key file ${keyPath} was open to other users of this computer (mode ${octal}); it is now 0600, this user's only. Anyone who read it can still use the key: delete the file to have a new key made at the next start (clients must then take the new one from it).`;
    expect(notices).toEqual([notice]);
    expect(host.status().notice).toBe(notice);
    // Once: the next start finds the file private and has nothing to say of it.
    await host.stop();
    await host.start();
    expect(notices).toEqual([notice]);
  });

  it('says nothing of a key file only its user can read', async () => {
    const { host, notices } = await hostWithKeyFile(`${KEPT}\n`, 0o600);
    expect((await host.start()).apiKey).toBe(KEPT);
    expect(notices).toEqual([]);
    expect(host.status().notice).toBeNull();
  });
});

describe('a key made by starts at once in one process', () => {
  it('gives every start the key the file holds', async () => {
    // Each start writes its own draft: named by the process alone, one start could link another's
    // draft while answering with its own key (clients of it then met 401s).
    for (let round = 0; round < 20; round++) {
      const dir = await mkdtemp(join(tmpdir(), 'local-key-race-'));
      dirs.push(dir);
      const answers = await Promise.all([loadOrCreateLocalKey(dir), loadOrCreateLocalKey(dir), loadOrCreateLocalKey(dir)]);
      const inFile = (await readFile(join(dir, 'key'), 'utf8')).trim();
      for (const answer of answers) expect('key' in answer ? answer.key : answer.problem.message).toBe(inFile);
    }
  });
});
