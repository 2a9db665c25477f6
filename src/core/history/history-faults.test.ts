import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../ipc/result.ts';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';

let dir: string;
let path: string;
const now = new Date('2026-05-04T03:02:01.000Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-faults-'));
  path = join(dir, 'history.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a corrupt database file', () => {
  it('that is not a database at all is moved aside with its -wal and -shm, and a fresh history works', () => {
    const garbage = Buffer.alloc(64 * 1024, 'not a database, just garbage ');
    writeFileSync(path, garbage);
    writeFileSync(`${path}-wal`, 'stale log');
    const store = HistoryStore.open(path, { now: () => now });
    try {
      const aside = join(dir, 'history.corrupt-2026-05-04T03-02-01.000Z.db');
      expect(store.notices).toEqual([
        { kind: 'quarantined', at: now.toISOString(), path: aside, message: expect.stringContaining('is not a database') },
      ]);
      expect(readFileSync(aside)).toEqual(garbage);
      expect(readFileSync(`${aside}-wal`, 'utf8')).toBe('stale log');
      const stored = store.insert(sampleEntry());
      expect(store.get(stored.id)?.zid).toBe(stored.zid);
      expect(store.count()).toBe(1);
    } finally {
      store.close();
    }
  });

  it('whose pages are damaged under an intact header is quarantined when a read meets the damage', () => {
    const first = HistoryStore.open(path);
    // No retention pass on open: the damage must be met by a read, not by the open.
    first.setRetention({ maxEntries: null, maxAgeDays: null });
    const ids = first.insertMany(Array.from({ length: 300 }, () => sampleEntry({}, 2_000)));
    first.close();
    // Keep the schema and settings pages (the first 16); overwrite the rest of the b-trees.
    const pageSize = 4096;
    const pages = statSync(path).size / pageSize;
    const fd = openSync(path, 'r+');
    for (let page = 16; page < pages; page += 1) writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, page * pageSize);
    closeSync(fd);

    const store = HistoryStore.open(path, { now: () => now });
    try {
      expect(store.notices).toEqual([]);
      expect(store.get(ids[ids.length - 1]!)).toBeNull();
      expect(store.notices).toEqual([expect.objectContaining({ kind: 'quarantined', message: expect.stringContaining('is corrupt') })]);
      expect(readdirSync(dir).filter((name) => name.startsWith('history.corrupt-'))).not.toHaveLength(0);
      const stored = store.insert(sampleEntry());
      expect(store.get(stored.id)).not.toBeNull();
    } finally {
      store.close();
    }
  });
});

describe('a full disk', () => {
  it('fails the insert with STORAGE and leaves the history readable and writable again once space is freed', () => {
    const store = HistoryStore.open(path, { maxPageCount: 64 });
    try {
      const kept: number[] = [];
      let error: unknown = null;
      for (let attempt = 0; attempt < 1_000 && error === null; attempt += 1) {
        error = tryInsert(store, kept);
      }
      expect(isAppError(error) && error.code).toBe('STORAGE');
      expect((error as Error).message).toMatch(/disk is full/);
      expect(kept.length).toBeGreaterThan(5);
      expect(store.get(kept[0]!)).not.toBeNull();
      expect(store.search({ limit: 1_000 }).rows).toHaveLength(kept.length);
      store.setRetention({ maxEntries: 2, maxAgeDays: null });
      expect(store.get(store.insert(sampleEntry({}, 2_000)).id)).not.toBeNull();
    } finally {
      store.close();
    }
    expect(existsSync(path)).toBe(true);
  });
});

function tryInsert(store: HistoryStore, kept: number[]): unknown {
  try {
    kept.push(store.insert(sampleEntry({}, 2_000)).id);
    return null;
  } catch (error) {
    return error;
  }
}
