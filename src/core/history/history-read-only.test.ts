import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';
import { historyFileIn, HISTORY_FILE } from './history-path.ts';

// The CLI reads the desktop app's history with openReadOnly: a real file, checked byte for byte.

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-read-only-'));
  path = historyFileIn(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fileState(): { bytes: Buffer; mtimeMs: number; files: string[] } {
  return { bytes: readFileSync(path), mtimeMs: statSync(path).mtimeMs, files: readdirSync(dir).sort() };
}

describe('HistoryStore.openReadOnly', () => {
  it('finds and reads entries without changing the file, making no -wal or -shm, nor applying retention', () => {
    const then = new Date('2026-01-01T00:00:00Z');
    const writer = HistoryStore.open(path, { now: () => then });
    const { id } = writer.insert(sampleEntry({ zid: '0x5ca1ab1e0000000000000a01', startedAt: then.toISOString() }));
    writer.setRetention({ maxEntries: null, maxAgeDays: 1 });
    writer.close();
    const before = fileState();
    expect(before.files).toEqual([HISTORY_FILE]);
    // A month later the retention setting would remove the entry, were it applied.
    const reader = HistoryStore.openReadOnly(path, { now: () => new Date('2026-02-01T00:00:00Z') });
    expect(reader.findByZid('0x5ca1ab1e0000000000000a01').map((row) => row.id)).toEqual([id]);
    expect(reader.get(id)?.zid).toBe('0x5ca1ab1e0000000000000a01');
    reader.close();
    const after = fileState();
    expect(after.files).toEqual(before.files);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  it('says a corrupt file cannot be read, and leaves it where it is', () => {
    writeFileSync(path, 'not a database at all, but long enough to have a header of sorts'.repeat(100));
    const before = fileState();
    expect(() => HistoryStore.openReadOnly(path)).toThrow(expect.objectContaining({ code: 'STORAGE' }));
    const after = fileState();
    expect(after.files).toEqual(before.files);
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  it('refuses a history of an older schema rather than migrating it', () => {
    const db = new DatabaseSync(path);
    db.exec('PRAGMA user_version = 1; CREATE TABLE entries (id INTEGER PRIMARY KEY)');
    db.close();
    const before = fileState();
    expect(() => HistoryStore.openReadOnly(path)).toThrow(/older version of the app/);
    expect(fileState().bytes.equals(before.bytes)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });
});
