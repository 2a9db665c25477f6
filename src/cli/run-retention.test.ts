import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataOps } from '../core/data/index.ts';
import { inProcess } from './test-support.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// Runs made by the CLI, retention set from the app's data operations (what Settings calls), the
// same data dir: the runs made only of removed requests go with them; the others stay listed.

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
      expect((await data.ops['runs.list'](100)).runs.map((run) => run.runId)).toHaveLength(2);
      expect((await data.ops['ladders.list'](100)).runs).toHaveLength(1);
      // The last run sent one request (Permit2 on Base): keep only it.
      const { removed } = await data.ops['history.setRetention']({ maxEntries: 1, maxAgeDays: null });
      expect(removed).toBeGreaterThanOrEqual(6);
      expect((await data.ops['runs.list'](100)).runs.map((run) => run.runId)).toEqual([lastRunId]);
      expect((await data.ops['ladders.list'](100)).runs).toEqual([]);
      expect(await readdir(join(dir, 'comparisons'))).toEqual([`${lastRunId}.json`]);
      expect(await readdir(join(dir, 'ladders'))).toEqual([]);
      expect(await data.ops['runs.load'](lastRunId!)).not.toBeNull();
    } finally {
      data.close();
    }
  });
});

describe('swap-explorer history retention', () => {
  let own: string;
  beforeAll(async () => {
    own = await mkdtemp(join(tmpdir(), 'cli-history-retention-'));
  });
  afterAll(() => rm(own, { recursive: true, force: true }));

  it('shows the setting, says what a stricter one removes and applies it only with --yes, runs included', async () => {
    const runs: string[] = [];
    for (const amount of ['1', '2', '3']) {
      const ran = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', amount, '--chains', '10', '--models', 'permit2', '--data-dir', own]);
      expect(ran.code, ran.stderr).toBe(0);
      runs.push(runIdOf(ran.stdout)!);
    }
    const shown = await inProcess(['history', 'retention', '--data-dir', own]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(`history  3 entries in ${historyFileIn(own)}\nkeeps    the newest 100,000 entries; sent requests of any age\n`);

    const unconfirmed = await inProcess(['history', 'retention', '--max-entries', '1', '--data-dir', own]);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('This removes 2 of the 3 entries now');
    expect(unconfirmed.stderr).toContain('Nothing was changed: run again with --yes to apply it.');
    expect(await readdir(join(own, 'comparisons'))).toHaveLength(3);

    for (const [flags, reason] of [
      [['--max-entries', '0'], '--max-entries must be at least 1'],
      [['--max-entries', '2.5'], '--max-entries must be a whole number'],
      [['--max-age-days', 'soon'], '--max-age-days must be a number in decimal digits or none, got "soon"'],
      // Number() reads these as 16, 1000 and 5: a setting the user did not write.
      [['--max-entries', '0x10'], '--max-entries must be a number in decimal digits or none, got "0x10"'],
      [['--max-entries', '1e3'], '--max-entries must be a number in decimal digits or none, got "1e3"'],
      [['--max-age-days', ' 5 '], '--max-age-days must be a number in decimal digits or none, got " 5 "'],
      [['--max-age-days', '0x1E'], '--max-age-days must be a number in decimal digits or none, got "0x1E"'],
    ] as const) {
      const refused = await inProcess(['history', 'retention', ...flags, '--yes', '--data-dir', own]);
      expect(refused.code, flags.join(' ')).toBe(2);
      expect(refused.stderr.split('\n')[0]).toBe(`swap-explorer history: ${reason}`);
    }

    const applied = await inProcess(['history', 'retention', '--max-entries', '1', '--yes', '--data-dir', own]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout.split('\n')[0]).toBe('saved: keeps the newest 1 entry; sent requests of any age; removed 2 entries, with the comparison and size-ladder runs made only of them.');
    expect(await readdir(join(own, 'comparisons'))).toEqual([`${runs[2]}.json`]);

    // What removes nothing now (counted first) needs no --yes: widening, or an age every request is under.
    const widened = await inProcess(['history', 'retention', '--max-entries', 'none', '--data-dir', own]);
    expect(widened.code, widened.stderr).toBe(0);
    expect(widened.stdout.split('\n')[0]).toBe('saved: keeps any number of entries; sent requests of any age; nothing was removed.');
    const aged = await inProcess(['history', 'retention', '--max-age-days', '30', '--data-dir', own]);
    expect(aged.code, aged.stderr).toBe(0);
    expect(aged.stdout.split('\n')[0]).toBe('saved: keeps any number of entries; sent requests from the last 30 days; nothing was removed.');
  });
});
