import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newestRuns } from './newest-runs.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'newest-runs-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const START = Date.parse('2026-11-01T00:00:00.000Z');

/** Writes `count` run files a minute apart, ids made as the runners make them; returns the ids, oldest first. */
async function writeRuns(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const startedMs = START + i * 60_000;
    const runId = `cmp-${startedMs.toString(36)}${i.toString(16).padStart(8, '0')}`;
    ids.push(runId);
    await writeFile(join(dir, `${runId}.json`), JSON.stringify({ runId, startedAt: new Date(startedMs).toISOString() }));
  }
  return ids;
}

/** Reads a run file as the stores do, counting the files read. */
function reader() {
  const read: string[] = [];
  const summaryOf = async (runId: string) => {
    read.push(runId);
    return JSON.parse(await readFile(join(dir, `${runId}.json`), 'utf8')) as { runId: string; startedAt: string };
  };
  return { read, summaryOf };
}

describe('newestRuns', () => {
  it('lists the newest runs newest first, reading only the files it lists', async () => {
    const ids = await writeRuns(250);
    const { read, summaryOf } = reader();
    const runs = await newestRuns(dir, 100, summaryOf, 'comparisons');
    expect(runs.map((run) => run.runId)).toEqual(ids.slice(-100).reverse());
    expect(read).toHaveLength(100);
  });

  it('skips a damaged file without hiding the others, and lists an empty or missing folder as empty', async () => {
    const ids = await writeRuns(5);
    await writeFile(join(dir, `${ids[4]}.json`), '{ not json');
    const { read, summaryOf } = reader();
    expect((await newestRuns(dir, 3, summaryOf, 'comparisons')).map((run) => run.runId)).toEqual([ids[3], ids[2], ids[1]]);
    expect(read).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect(await newestRuns(join(dir, 'missing'), 3, summaryOf, 'comparisons')).toEqual([]);
    await mkdir(join(dir, 'empty'));
    expect(await newestRuns(join(dir, 'empty'), 3, summaryOf, 'comparisons')).toEqual([]);
  });

  it('answers STORAGE, naming what it lists, when the folder cannot be read', async () => {
    const notAFolder = join(dir, 'file');
    await writeFile(notAFolder, '');
    await expect(newestRuns(notAFolder, 3, reader().summaryOf, 'size ladders')).rejects.toMatchObject({ code: 'STORAGE', message: expect.stringContaining('The size ladders could not be listed') });
  });
});
