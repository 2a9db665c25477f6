import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryStore } from '../core/history/index.ts';
import { sampleEntry } from '../core/history/sample-entries.ts';
import { historyFileIn } from '../core/history/history-path.ts';
import { inProcess as cli } from './test-support.ts';

// history find / export list "the entries whose zid is, or starts with, the given one": every one,
// past the search's page of 1,000 (one page was read, and the rest left out without a word).
const COUNT = 1_005;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-many-matches-'));
  const store = HistoryStore.open(historyFileIn(dir));
  store.insertMany(Array.from({ length: COUNT }, (_, i) => sampleEntry({ zid: `0xabcdef${i.toString(16).padStart(18, '0')}` })));
  store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a zid prefix that more than a page of entries match', () => {
  it('is found in every entry, each once', async () => {
    const ran = await cli(['history', 'find', '0xabcdef', '--format', 'json', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    const found = JSON.parse(ran.stdout) as { zid: string }[];
    expect(new Set(found.map((entry) => entry.zid)).size).toBe(COUNT);
  });

  it('exports every entry', async () => {
    const ran = await cli(['history', 'export', '--zid', '0xabcdef', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect((JSON.parse(ran.stdout) as { log: { entries: unknown[] } }).log.entries).toHaveLength(COUNT);
  });
});
