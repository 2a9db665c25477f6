import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './test-support.ts';

// A comparison that fails as a whole before any answer: the local service cannot start, since a
// file sits where its folder goes. Nothing was compared, so nothing is printed as if it had been.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-compare-failed-'));
  await writeFile(join(dir, 'local-service'), 'a file where the folder goes');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const trade = () => ['compare', '--sell', 'USDC', '--buy', 'WETH', '--chains', '1,10', '--data-dir', dir];
const WHY = /^swap-explorer compare: The local service did not start: its folder .*local-service cannot be made or written \(a file is in its place\)\n$/;

describe('compare when the local service cannot start', () => {
  it.each(['table', 'csv', 'json'])('prints no %s of nothing, only why, and exits 1', async (format) => {
    const ran = await inProcess([...trade(), '--amount', '1', '--format', format]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(WHY);
  });

  it('prints no size ladder of sizes said cancelled, only why, and exits 1', async () => {
    const ran = await inProcess([...trade(), '--amounts', '1,2']);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('');
    expect(ran.stdout + ran.stderr).not.toContain('cancelled');
    expect(ran.stderr).toMatch(WHY);
  });
});
