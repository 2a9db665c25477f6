import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './test-support.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// The history held by another writer past the store's busy timeout (an app or a sync tool holding
// the file, the same STORAGE failure as a full disk): the answer is printed, and the command says it
// was not kept, or its zid is looked for later and read as never sent.

let dir: string;
let holder: DatabaseSync;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-history-unwritable-'));
  const first = await inProcess(['price', '--chain', '10', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--data-dir', dir]);
  expect(first.code, first.stderr).toBe(0);
  holder = new DatabaseSync(historyFileIn(dir));
  holder.exec('BEGIN IMMEDIATE');
});
afterAll(async () => {
  holder.exec('ROLLBACK');
  holder.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a history another writer holds', () => {
  it('price prints its answer and says it was not kept in the history', async () => {
    const ran = await inProcess(['price', '--chain', '10', '--sell', 'USDC', '--buy', 'WETH', '--amount', '2', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    const zid = /zid\s+(0x[0-9a-f]{24})/.exec(ran.stdout)?.[1];
    expect(zid).toBeDefined();
    expect(ran.stderr).toMatch(/^swap-explorer price: Requests are not being kept in history \(database is locked\)\. .*History will not find them/m);
    holder.exec('ROLLBACK');
    const found = await inProcess(['history', 'find', zid!, '--data-dir', dir]);
    holder.exec('BEGIN IMMEDIATE');
    expect(found.code).toBe(1);
  }, 30_000);

  it('compare says it once for all its sides', async () => {
    const ran = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '2', '--chains', '10', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/Optimism \(10\)\s+0\.\d+\s+0\.\d+/);
    expect(ran.stderr.match(/Requests are not being kept in history/g)).toHaveLength(1);
  }, 30_000);
});

describe('a history that cannot be opened at all', () => {
  // A folder where history.db goes stands in for a read-only or full data folder (the tests run as
  // root, which writes through permissions).
  it('price answers all the same and says its request is not kept', async () => {
    const own = await mkdtemp(join(tmpdir(), 'cli-history-unopenable-'));
    try {
      await mkdir(historyFileIn(own));
      const ran = await inProcess(['price', '--chain', '10', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--data-dir', own]);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/zid\s+0x[0-9a-f]{24}/);
      expect(ran.stderr).toContain(`swap-explorer price: Could not open ${historyFileIn(own)} in the history: unable to open database file. This command runs all the same; its requests are not kept in the history.\n`);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });
});
