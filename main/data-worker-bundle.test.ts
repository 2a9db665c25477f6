import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataWorkerHost } from '../src/core/data/index.ts';
import { sampleEntry } from '../src/core/history/sample-entries.ts';

// The data worker as the app ships it: out/main/data-worker.js (npm run build runs before the unit
// tests), the file main/index.ts hands the engine, run in a worker thread under plain Node.
const BUNDLE = join(import.meta.dirname, '../out/main/data-worker.js');

describe('the built data worker', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('opens the history and answers calls from out/main/data-worker.js', { timeout: 60_000 }, async () => {
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build before the unit tests`);
    const dataDir = await mkdtemp(join(tmpdir(), 'data-worker-bundle-'));
    dirs.push(dataDir);
    const host = new DataWorkerHost({ dataDir, creator: { name: 'swap-explorer', version: 'test' }, entry: BUNDLE });
    try {
      const [id] = await host.call('history.insertMany', [sampleEntry({ zid: '0x00000000000000000000dddd' })]);
      expect((await host.call('history.get', { id: id! })).zid).toBe('0x00000000000000000000dddd');
      expect(host.starts).toBe(1);
    } finally {
      await host.close();
    }
  });
});
