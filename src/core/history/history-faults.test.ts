import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../ipc/result.ts';
import { recordReliability } from '../../test-support/reliability.ts';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';
import { historyFileIn } from './history-path.ts';

let dir: string;
let path: string;
const now = new Date('2026-05-04T03:02:01.000Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-faults-'));
  path = historyFileIn(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a corrupt database file', () => {
  it('that is not a database at all is moved aside with its -wal and -shm, and a fresh history works', ({ task }) => {
    const garbage = Buffer.alloc(64 * 1024, 'not a database, just garbage ');
    writeFileSync(path, garbage);
    writeFileSync(`${path}-wal`, 'stale log');
    const store = HistoryStore.open(path, { now: () => now });
    try {
      const aside = join(dir, 'history.corrupt-2026-05-04T03-02-01.000Z.db');
      const stored = store.insert(sampleEntry());
      recordReliability(task, {
        area: 'history',
        done: 'the history file is 64 KB of garbage with a stale -wal (SQLite errcode 26, SQLITE_NOTADB)',
        must: 'move it aside with its -wal, report it as a notice, start a fresh history that works',
        observed: `${noticesText(store)}; moved aside: ${existsSync(aside)}, its -wal too: ${existsSync(`${aside}-wal`)}; fresh history holds ${store.count()} new entry`,
      });
      expect(store.notices).toEqual([
        { kind: 'quarantined', at: now.toISOString(), path: aside, message: expect.stringContaining('is not a database') },
      ]);
      expect(readFileSync(aside)).toEqual(garbage);
      expect(readFileSync(`${aside}-wal`, 'utf8')).toBe('stale log');
      expect(store.get(stored.id)?.zid).toBe(stored.zid);
      expect(store.count()).toBe(1);
    } finally {
      store.close();
    }
  });

  it('whose pages are damaged under an intact header is quarantined when a read meets the damage', ({ task }) => {
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
      const noticesOnOpen = store.notices.length;
      const read = store.get(ids[ids.length - 1]!);
      const quarantined = readdirSync(dir).filter((name) => name.startsWith('history.corrupt-'));
      const stored = store.insert(sampleEntry());
      recordReliability(task, {
        area: 'history',
        done: 'every b-tree page after the first 16 of a 300-entry history is overwritten (SQLite errcode 11, SQLITE_CORRUPT), then an entry is read',
        must: 'quarantine the file when the read meets the damage, report it as a notice, keep working',
        observed: `${noticesOnOpen} notices on open; the read returned ${read === null ? 'nothing' : 'an entry'}; ${noticesText(store)}; ${quarantined.length} file(s) moved aside; an insert afterwards is ${store.get(stored.id) ? 'readable' : 'lost'}`,
      });
      expect(noticesOnOpen).toBe(0);
      expect(read).toBeNull();
      expect(store.notices).toEqual([expect.objectContaining({ kind: 'quarantined', message: expect.stringContaining('is corrupt') })]);
      expect(quarantined).not.toHaveLength(0);
      expect(store.get(stored.id)).not.toBeNull();
    } finally {
      store.close();
    }
  });
});

describe('a full disk', () => {
  it('fails the insert with STORAGE and leaves the history readable and writable again once space is freed', ({ task }) => {
    const store = HistoryStore.open(path, { maxPageCount: 64 });
    try {
      const kept: number[] = [];
      let error: unknown = null;
      for (let attempt = 0; attempt < 1_000 && error === null; attempt += 1) {
        error = tryInsert(store, kept);
      }
      const readable = store.search({ limit: 1_000 }).rows.length;
      const firstKept = store.get(kept[0]!);
      store.setRetention({ maxEntries: 2, maxAgeDays: null });
      const freed: number[] = [];
      const afterFreeing = tryInsert(store, freed);
      recordReliability(task, {
        area: 'history',
        done: 'entries are inserted until the file reaches its size limit (max_page_count 64, SQLite SQLITE_FULL)',
        must: 'fail that insert with STORAGE; keep the history readable; insert again once space is freed',
        observed: `${isAppError(error) ? `${error.code}: ${error.message}` : String(error)} after ${kept.length} entries; ${readable} readable; insert after retention freed space: ${afterFreeing === null ? `ok (#${freed[0]} readable: ${store.get(freed[0]!) !== null})` : String(afterFreeing)}`,
      });
      expect(isAppError(error) && error.code).toBe('STORAGE');
      expect((error as Error).message).toMatch(/disk is full/);
      expect(kept.length).toBeGreaterThan(5);
      expect(firstKept).not.toBeNull();
      expect(readable).toBe(kept.length);
      expect(afterFreeing).toBeNull();
      expect(store.get(freed[0]!)).not.toBeNull();
    } finally {
      store.close();
    }
    expect(existsSync(path)).toBe(true);
  });

  it('says once that requests are not being kept, until one is kept again', () => {
    const store = HistoryStore.open(path, { maxPageCount: 64, now: () => now });
    try {
      const kept: number[] = [];
      while (tryInsert(store, kept) === null);
      expect(tryInsert(store, kept)).toMatchObject({ code: 'STORAGE' });
      expect(store.notices).toEqual([
        {
          kind: 'not-kept',
          at: now.toISOString(),
          path: null,
          message: 'Requests are not being kept in history (the disk is full). Their answers are shown all the same, but History will not find them; once space is freed or the file is no longer held, new requests are kept again.',
        },
      ]);
      store.setRetention({ maxEntries: 2, maxAgeDays: null });
      expect(tryInsert(store, kept)).toBeNull();
      while (tryInsert(store, kept) === null);
      expect(store.notices.map((notice) => notice.kind)).toEqual(['not-kept', 'not-kept']);
    } finally {
      store.close();
    }
  });
});

function noticesText(store: HistoryStore): string {
  return store.notices.length === 0 ? 'no notice' : store.notices.map((notice) => `notice ${notice.kind}: ${notice.message.replaceAll(dir, '<data dir>')}`).join('; ');
}

function tryInsert(store: HistoryStore, kept: number[]): unknown {
  try {
    kept.push(store.insert(sampleEntry({}, 2_000)).id);
    return null;
  } catch (error) {
    return error;
  }
}
