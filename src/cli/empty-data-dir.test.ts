import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveOptions } from './serve.ts';
import { spawnCliAsUser } from './test-support.ts';

// An empty folder name is the current folder to Node's path functions: `--data-dir "$DIR"` with DIR
// unset, or `SWAP_EXPLORER_DATA_DIR= swap-explorer price …`, made the history, the runs and a new
// local-service key in whatever folder the command was typed in, and lookups read only that folder.

let root: string;
let user: { home: string; xdg: string };
let cwd: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cli-empty-dir-'));
  user = { home: join(root, 'home'), xdg: join(root, 'xdg') };
  cwd = join(root, 'typed-here');
  await Promise.all([mkdir(user.home), mkdir(user.xdg), mkdir(cwd)]);
});
afterAll(() => rm(root, { recursive: true, force: true }));

const REFUSAL = '--data-dir must not be empty: name the folder (a script\'s --data-dir "$DIR" with DIR unset gives an empty one)';

describe('an empty data folder name', () => {
  it('is refused as --data-dir by each command (exit 2), with nothing made in the current folder', async () => {
    const commands = [
      ['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1'],
      ['compare', '--chains', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1'],
      ['history', 'retention'],
      ['history', 'find', '0x123456'],
      ['explain', '0x123456789012345678901234'],
    ];
    for (const args of commands) {
      const ran = await spawnCliAsUser([...args, '--data-dir', ''], user, {}, cwd);
      expect([ran.code, ran.stderr.split('\n')[0]], args.join(' ')).toEqual([2, `swap-explorer ${args[0]}: ${REFUSAL}`]);
    }
    expect(() => serveOptions(['--data-dir', ''])).toThrow(REFUSAL);
    expect(await readdir(cwd)).toEqual([]);
  });

  it('counts as unset in SWAP_EXPLORER_DATA_DIR and SWAP_EXPLORER_USER_DATA, as the app reads its variable', async () => {
    const priced = await spawnCliAsUser(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--format', 'json'], user, { SWAP_EXPLORER_DATA_DIR: '' }, cwd);
    expect(priced.code, priced.stderr).toBe(0);
    expect(existsSync(join(user.home, '.swap-explorer', 'history.db'))).toBe(true);
    expect(await readdir(cwd)).toEqual([]);
    const { zid } = JSON.parse(priced.stdout) as { zid: string };
    const found = await spawnCliAsUser(['history', 'find', zid], user, { SWAP_EXPLORER_DATA_DIR: '', SWAP_EXPLORER_USER_DATA: '' }, cwd);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain(zid);
    vi.stubEnv('SWAP_EXPLORER_DATA_DIR', '');
    try {
      expect(serveOptions([]).dataDir).toBe(join(homedir(), '.swap-explorer', 'local-service'));
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
