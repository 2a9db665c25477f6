import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataOps } from '../core/data/index.ts';
import { main } from './main.ts';

// Runs made by the CLI, retention set from the app's data operations (what Settings calls), the
// same data dir: the runs made only of removed requests go with them; the others stay listed.

async function inProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = { stdout: '', stderr: '' };
  const code = await main(args, { stdout: (text) => (io.stdout += text), stderr: (text) => (io.stderr += text) });
  return { code, ...io };
}

const runIdOf = (stdout: string) => /\(run ((?:cmp|lad)-[0-9a-z]+)\)/.exec(stdout)?.[1];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-run-retention-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('comparison and ladder runs follow the history retention', () => {
  it('removes the runs whose requests retention removed, on disk and from the lists, and keeps the newest', async () => {
    const trade = ['--sell', 'USDC', '--buy', 'WETH', '--data-dir', dir];
    const first = await inProcess(['compare', ...trade, '--amount', '5', '--chains', '10']);
    const ladder = await inProcess(['compare', ...trade, '--amounts', '5,10', '--chains', '10']);
    const last = await inProcess(['compare', ...trade, '--amount', '7', '--chains', '8453', '--models', 'permit2']);
    for (const ran of [first, ladder, last]) expect(ran.code, ran.stderr).toBe(0);
    const lastRunId = runIdOf(last.stdout);
    expect([runIdOf(first.stdout), runIdOf(ladder.stdout), lastRunId]).toEqual([expect.stringMatching(/^cmp-/), expect.stringMatching(/^lad-/), expect.stringMatching(/^cmp-/)]);

    const data = openDataOps({ dataDir: dir, creator: { name: 'test', version: '0' } });
    try {
      expect((await data.ops['runs.list'](100)).map((run) => run.runId)).toHaveLength(2);
      expect(await data.ops['ladders.list'](100)).toHaveLength(1);
      // The last run sent one request (Permit2 on Base): keep only it.
      const { removed } = await data.ops['history.setRetention']({ maxEntries: 1, maxAgeDays: null });
      expect(removed).toBeGreaterThanOrEqual(6);
      expect((await data.ops['runs.list'](100)).map((run) => run.runId)).toEqual([lastRunId]);
      expect(await data.ops['ladders.list'](100)).toEqual([]);
      expect(await readdir(join(dir, 'comparisons'))).toEqual([`${lastRunId}.json`]);
      expect(await readdir(join(dir, 'ladders'))).toEqual([]);
      expect(await data.ops['runs.load'](lastRunId!)).not.toBeNull();
    } finally {
      data.close();
    }
  });
});
