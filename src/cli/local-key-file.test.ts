import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess as cli } from './test-support.ts';

// The key file's one rule (core/local-service/local-key.ts) as price and compare meet it: they
// start the local service as the app does (serve-key.test.ts has serve's).

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-local-key-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function dataDirWithKey(name: string, text: string, mode: number): Promise<{ dataDir: string; keyPath: string }> {
  const dataDir = join(dir, name);
  await mkdir(join(dataDir, 'local-service'), { recursive: true, mode: 0o700 });
  const keyPath = join(dataDir, 'local-service', 'key');
  await writeFile(keyPath, text);
  // chmod, not writeFile's mode: the umask would take the loose bits off.
  await chmod(keyPath, mode);
  return { dataDir, keyPath };
}

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
});
