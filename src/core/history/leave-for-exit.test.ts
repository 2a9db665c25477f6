import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';
import { historyFileIn } from './history-path.ts';

const STORE = new URL('./history-store.ts', import.meta.url).href;
const SAMPLES = new URL('./sample-entries.ts', import.meta.url).href;

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-leave-'));
  path = historyFileIn(dir);
  HistoryStore.open(path).close();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A process that inserts one entry, ends the store with `ending` and exits at once, as a CLI command does. */
function insertThenExit(ending: 'leaveForExit' | 'close', options: { walCheckpointPages?: number } = {}): void {
  const script = `
    import { HistoryStore } from ${JSON.stringify(STORE)};
    import { sampleEntry } from ${JSON.stringify(SAMPLES)};
    const store = HistoryStore.open(${JSON.stringify(path)}, ${JSON.stringify(options)});
    store.insert(sampleEntry({ zid: '0x00000000000000000000beef' }));
    store.${ending}();
    process.exit(0);
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(0);
}

describe('leaveForExit: the history of a process that exits next', () => {
  it('keeps the entry for the next opener in the log, without copying the log into the file on the way out', () => {
    const fileBefore = statSync(path).size;
    insertThenExit('leaveForExit');
    // Left: the log holds the entry and the file is as it was (no checkpoint, no fsync of it).
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    expect(statSync(path).size).toBe(fileBefore);
    const next = HistoryStore.open(path);
    try {
      expect(next.findByZid('0x00000000000000000000beef')).toHaveLength(1);
    } finally {
      next.close();
    }
    const check = new DatabaseSync(path);
    expect(check.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    check.close();
  });

  it('differs from close, which copies the log into the file and removes it', () => {
    insertThenExit('close');
    expect(existsSync(`${path}-wal`)).toBe(false);
    const next = HistoryStore.open(path);
    expect(next.findByZid('0x00000000000000000000beef')).toHaveLength(1);
    next.close();
  });

  it('keeps the log it leaves bounded over many commands, each opening the file alone', () => {
    const pages = 40;
    // The page size from the file's header (bytes 16-17), read without a connection that would change the log.
    const pageSize = readFileSync(path).readUInt16BE(16);
    const logPages = () => (existsSync(`${path}-wal`) ? (statSync(`${path}-wal`).size - 32) / (pageSize + 24) : 0);
    insertThenExit('leaveForExit', { walCheckpointPages: pages });
    const perCommand = logPages();
    expect(perCommand).toBeGreaterThan(1);
    expect(perCommand).toBeLessThan(pages / 2);
    // SQLite's checkpoint on commit copies the log but, each opener having rebuilt the log's index
    // alone, never starts it over: without the truncation the log held 12 commands' pages here.
    for (let command = 2; command <= 12; command++) insertThenExit('leaveForExit', { walCheckpointPages: pages });
    expect(logPages()).toBeLessThanOrEqual(pages + perCommand);
    const next = HistoryStore.open(path);
    try {
      expect(next.findByZid('0x00000000000000000000beef')).toHaveLength(12);
    } finally {
      next.close();
    }
  });

  it('refuses any later use with an error that says the store was left', () => {
    const store = HistoryStore.open(path);
    store.leaveForExit();
    expect(() => store.insert(sampleEntry())).toThrow('the history was left for the process to exit: cannot save this request');
    expect(() => store.count()).toThrow('left for the process to exit');
    // close() after leaving does nothing (the connection is the OS's now).
    expect(() => store.close()).not.toThrow();
  });
});

describe('walCheckpointPages', () => {
  /** The database file's size after `count` inserts with the log capped at `pages`, or SQLite's default. */
  function fileSizeAfterInserts(count: number, pages?: number): number {
    const store = HistoryStore.open(path, pages === undefined ? {} : { walCheckpointPages: pages });
    for (let i = 0; i < count; i++) store.insert(sampleEntry());
    const size = statSync(path).size;
    store.leaveForExit();
    return size;
  }

  it('copies the log into the file once it holds that many pages, where the default 1,000 lets it grow', () => {
    const empty = statSync(path).size;
    expect(fileSizeAfterInserts(6)).toBe(empty);
    expect(fileSizeAfterInserts(6, 16)).toBeGreaterThan(empty);
  });
});
