import { mkdtemp, readFile, readdir, rm, truncate, stat } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEFT_AS_IT_WAS } from './history-data.ts';
import { inProcess } from './test-support.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// A history file cut short (a disk that filled mid-copy, a sync tool's half-written file): every
// command that writes it moves it aside and starts a new one, and must say so where it prints. A
// real file is written by `price`, then cut to half its size, as a user's copy would be.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-corrupt-history-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const MOVED_ASIDE = /The history database is (corrupt|not a database)\. It was moved to .*history\.corrupt-[^ ]+\.db and a new, empty history was started\./;

/** Prices twice into `dir`, then cuts the history file (its log checkpointed into it first) to half. Returns a zid it held. */
async function historyCutShort(): Promise<string> {
  const trade = ['price', '--chain', '10', '--sell', 'USDC', '--buy', 'WETH', '--format', 'json', '--data-dir', dir];
  const first = await inProcess([...trade, '--amount', '1']);
  const second = await inProcess([...trade, '--amount', '2']);
  expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
  const path = historyFileIn(dir);
  const db = new DatabaseSync(path);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  await truncate(path, Math.floor((await stat(path)).size / 2));
  return (JSON.parse(first.stdout) as { zid: string }).zid;
}

const asideFiles = async () => (await readdir(dir)).filter((name) => name.startsWith('history.corrupt-') && name.endsWith('.db'));

describe('a history file cut short', () => {
  // A lookup only reads (history-data.ts, openHistoryToRead): the folder named may be the app's.
  it('history find and explain <zid> say it cannot be read, and leave it where and as it was', async () => {
    const zid = await historyCutShort();
    const path = historyFileIn(dir);
    const before = await readFile(path);
    const found = await inProcess(['history', 'find', zid, '--data-dir', dir]);
    expect(found.code).toBe(1);
    expect(found.stderr).toContain(`swap-explorer history: Could not open the history at ${path}: `);
    expect(found.stderr).toContain(LEFT_AS_IT_WAS);
    const explained = await inProcess(['explain', zid, '--data-dir', dir]);
    expect(explained.code).toBe(1);
    expect(explained.stderr).toContain(`swap-explorer explain: Could not open the history at ${path}: `);
    expect(explained.stderr).toContain(LEFT_AS_IT_WAS);
    expect(await asideFiles()).toHaveLength(0);
    expect((await readFile(path)).equals(before)).toBe(true);
  });

  it('price keeps its answer in a new history and says where the old one went', async () => {
    await historyCutShort();
    const ran = await inProcess(['price', '--chain', '10', '--sell', 'USDC', '--buy', 'WETH', '--amount', '3', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/zid\s+0x[0-9a-f]{24}/);
    expect(ran.stderr).toMatch(/swap-explorer price: /);
    expect(ran.stderr).toMatch(MOVED_ASIDE);
    expect(await asideFiles()).toHaveLength(1);
  });
});
