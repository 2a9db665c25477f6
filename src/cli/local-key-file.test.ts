import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, stopServe } from '../service/cluster-test-support.ts';
import { inProcess as cli } from './test-support.ts';

// The key file's one rule (core/local-service/local-key.ts) as each command that reads it meets
// it: price and compare start the local service as the app does, serve is the service itself.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-local-key-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const KEPT = `local_${'cd'.repeat(32)}`;

async function dataDirWithKey(name: string, text: string, mode: number): Promise<{ dataDir: string; keyPath: string }> {
  const dataDir = join(dir, name);
  await mkdir(join(dataDir, 'local-service'), { recursive: true, mode: 0o700 });
  const keyPath = join(dataDir, 'local-service', 'key');
  await writeFile(keyPath, text);
  // chmod, not writeFile's mode: the umask would take the loose bits off.
  await chmod(keyPath, mode);
  return { dataDir, keyPath };
}

const looseNotice = (keyPath: string) =>
  `The API key file ${keyPath} was open to other users of this computer (mode 0644); it is now 0600, this user's only. Anyone who read it can still use the key: delete the file to have a new key made at the next start (clients must then take the new one from it).`;

const COMMANDS = {
  price: ['price', '--chain', '1', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1'],
  compare: ['compare', '--chains', '1', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1'],
};

describe.each([['price'], ['compare']] as const)('%s on the local service', (command) => {
  it('refuses a key file that does not hold a key, naming it and the way out, and leaves it as it is', async () => {
    const { dataDir, keyPath } = await dataDirWithKey(`${command}-damaged`, 'half a ke\n', 0o600);
    const ran = await cli([...COMMANDS[command], '--data-dir', dataDir]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toBe(`swap-explorer ${command}: The local service did not start: the API key file ${keyPath} does not hold a key (local_ and 64 hex digits); delete it to have a new key made there (clients must then take the new one from it)\n`);
    expect(await readFile(keyPath, 'utf8')).toBe('half a ke\n');
  });

  // POSIX modes, as on CI (Linux): Windows keeps none, and local-key.ts leaves the file as it is there.
  it('makes a key file other users can read 0600, says so once on stderr, and prices with the kept key', async () => {
    const { dataDir, keyPath } = await dataDirWithKey(`${command}-loose`, `${KEPT}\n`, 0o644);
    const ran = await cli([...COMMANDS[command], '--data-dir', dataDir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stderr.split('\n').filter((line) => line.includes('API key file'))).toEqual([`swap-explorer ${command}: ${looseNotice(keyPath)}`]);
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    expect((await readFile(keyPath, 'utf8')).trim()).toBe(KEPT);
    const again = await cli([...COMMANDS[command], '--data-dir', dataDir]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('API key file');
  });
});

describe('serve', () => {
  it('makes a key file other users can read 0600, says so once on stderr, and serves the kept key', async () => {
    const { dataDir, keyPath } = await dataDirWithKey('serve-loose', `${KEPT}\n`, 0o644);
    const serviceDir = join(dataDir, 'local-service');
    const running = await startServe(['--workers', '1', '--data-dir', serviceDir]);
    try {
      expect(running.line.apiKeys).toEqual([KEPT]);
      expect(running.stderr()).toContain(`swap-explorer serve: ${looseNotice(keyPath)}\n`);
      expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    } finally {
      expect(await stopServe(running)).toBe(0);
    }
    const next = await startServe(['--workers', '1', '--data-dir', serviceDir]);
    expect(await stopServe(next)).toBe(0);
    expect(next.stderr()).not.toContain('was open to other users');
  });
});
